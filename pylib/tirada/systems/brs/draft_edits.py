"""Blood Red Sands: the edits of the set-up draft (:mod:`tirada.systems.brs.draft`), each a function
returning the new draft — a field typed, an add/remove button, a quick character line, a «Mis datos»
character, the side names typed — its setup JSON for the engine, and the pre-fight record (the trigger
check and the Spoils bidding) settled into the shape the form walks, with the same dicts the page
always stored (issue #40).

Rules: ../shared/rules/blood-red-sands.md §Pieces, §Spoils; docs/brs-format.md (the setup),
docs/brs-spoils.md (the pre-fight record).
"""

from __future__ import annotations

import re
from typing import Any

from ...errors import TiradaError
from ...fields import typed_int
from .draft import Component, Draft, Player, Prefight, Trait, Trigger, blank_component, blank_player, blank_trait
from .quick import parse_quick
from .spoils import Bidding, bid

__all__ = ["apply_character", "apply_quick", "bidding_state", "components_of", "edit", "keep_typed", "set_field",
           "set_prefight", "settled", "to_setup", "trigger_request", "typed_side"]


# ---------------------------------------------------------------------------------------- edits
def apply_quick(draft: Draft, i: int, text: str) -> Draft:
    """Participant ``i``'s Components replaced by one made from a quick line
    (:func:`tirada.systems.brs.quick.parse_quick`), named after the participant.

    Raises:
        InvalidRequest: the line's refusal (``brs.quick_*``).
        IndexError: no participant ``i``."""
    traits = parse_quick(text, bool(draft.allow_d12))
    player = draft.player(i)
    comp = Component(str(player.name or ""), True, tuple(Trait.from_dict(x) for x in traits),
                     ("name", "committed", "traits"))
    return draft.with_player(i, player.put(components=(comp,)))


def apply_character(draft: Draft, i: int, character: Any) -> Draft:
    """Participant ``i`` becomes the «Mis datos» character ``character`` (a
    :class:`tirada.sheets.Character` with a Blood Red Sands sheet): its name and its Components with
    Traits (committed). A sheet without Traits changes only the name. IndexError: no participant ``i``."""
    player = draft.player(i).put(name=character.name)
    comps = tuple(Component(c.name, True, tuple(Trait(t, d, a, ("trait", "die", "aspect")) for t, d, a in c.traits),
                            ("name", "committed", "traits"))
                  for c in character.sheet.components if c.traits)
    if comps:
        player = player.put(components=comps)
    return draft.with_player(i, player)


def keep_typed(draft: Draft, typed: Any = None) -> Draft:
    """The side names this player typed put back into ``draft`` (issue #42, "typed names stay
    typed"): ``draft.typed`` (``{"0"|"1": name}``) holds what was typed in a side-name field;
    ``typed`` (another draft's, when a path replaces the whole draft: an example, «Nueva
    Confrontación») is carried over first. ``sides`` becomes two names long."""
    merged = {**(typed if isinstance(typed, dict) else {}), **draft.typed}
    merged = {k: v for k, v in merged.items() if k in ("0", "1") and isinstance(v, str) and v.strip()}
    sides = list(draft.sides or []) + ["", ""]
    for k, v in merged.items():
        sides[int(k)] = v
    draft = draft.put(sides=tuple(sides[:2]))
    if merged:
        return draft.put(typed=merged)
    return draft.drop("typed") if draft.has("typed") else draft


def typed_side(draft: Draft, path: str, value: str) -> Draft:
    """Remember that the player typed ``value`` in the side-name field ``path`` ("sides.0" /
    "sides.1"); an emptied field forgets it."""
    k = path.rsplit(".", 1)[-1]
    if value.strip():
        typed = {**draft.typed, k: value}
    else:
        typed = {x: v for x, v in draft.typed.items() if x != k}
    return draft.put(typed=typed)


#: the record fields each level of a form path names (``players.0.components.1.traits.2.die``)
_LEVELS = {"players": Player, "components": Component, "traits": Trait}


def _set_in(record: Any, parts: list, value: Any) -> Any:
    """``record`` with the path ``parts`` set to ``value`` (KeyError / IndexError / ValueError when
    the path names nothing there)."""
    key = parts[0]
    if key not in record._stored:
        raise KeyError(key)
    if len(parts) == 1:
        return record.put(**{key: value})
    current = getattr(record, key)
    if key == "graveyard":
        return record.put(graveyard=_set_in(current, parts[1:], value))
    if not isinstance(current, tuple):
        raise KeyError(key)
    items = list(current)
    n = int(parts[1])
    if key == "sides":
        if len(parts) != 2:
            raise KeyError(key)
        items[n] = value
    else:
        if key not in _LEVELS or len(parts) < 3:
            raise KeyError(key)
        items[n] = _set_in(items[n], parts[2:], value)
    return record.put(**{key: tuple(items)})


def set_field(draft: Draft, path: str, value: Any) -> Draft:
    """``draft`` with the form field ``path`` (``sides.0``, ``players.0.components.1.traits.2.die``,
    ``graveyard.dice_text``, ``back_down``, …) set to ``value`` (as typed: nothing is checked here);
    unchanged when the path names nothing in the draft."""
    try:
        return _set_in(draft, path.split("."), value)
    except (KeyError, IndexError, ValueError):
        return draft


def edit(draft: Draft, act: str, path: str) -> Draft:
    """``draft`` after an add/remove button: ``add-player``, ``del-player`` (never fewer than two),
    ``add-comp``/``del-comp`` (never fewer than one), ``add-trait``/``del-trait`` (never fewer than
    one); ``path`` names the participant, Component or Trait (``players.0.components.1``).

    Raises:
        IndexError / ValueError: ``path`` names nothing in the draft."""
    parts = path.split(".")
    players = list(draft.players)
    if act == "add-player":
        return draft.put(players=tuple(players) + (blank_player(1),))
    if act == "del-player":
        if len(players) <= 2:
            return draft
        del players[int(parts[1])]
        return draft.put(players=tuple(players))
    if act not in ("add-comp", "del-comp", "add-trait", "del-trait"):
        return draft
    i = int(parts[1])
    player = players[i]
    comps = list(player.components)
    if act == "add-comp":
        comps.append(blank_component())
    elif act == "del-comp":
        if len(comps) <= 1:
            return draft
        del comps[int(parts[3])]
    else:
        j = int(parts[3])
        traits = list(comps[j].traits)
        if act == "add-trait":
            traits.append(blank_trait())
        elif len(traits) <= 1:
            return draft
        else:
            del traits[int(parts[5])]
        comps[j] = comps[j].put(traits=tuple(traits))
    return draft.with_player(i, player.put(components=tuple(comps)))


def to_setup(draft: Draft) -> dict:
    """The setup JSON (docs/brs-format.md) of a draft, for ``Setup.from_dict`` to validate: the
    Graveyard's dice read from the text typed (``d8`` or ``8``; what is not a number stays text, so
    the engine names it)."""
    g = draft.graveyard
    if g.dice_text is None:
        dice = list(g.dice)
    else:
        dice = [typed_int(x) for x in re.split(r"[,;\s]+", str(g.dice_text)) if x.strip()]
        dice = [typed_int(x[1:]) if isinstance(x, str) and x[:1].lower() == "d" and isinstance(typed_int(x[1:]), int)
                else x for x in dice]
    players = [{"name": p.name, "side": p.side, "hero": bool(p.hero), "leader": bool(p.leader),
                "advantage": p.advantage,
                "components": [{"name": c.name, "committed": bool(c.committed), "traits": [x.to_dict() for x in c.traits]}
                               for c in p.components]}
               for p in draft.players]
    setup = {"version": 2, "seed": str(draft.seed).strip(), "sides": list(draft.sides or []), "players": players,
             "graveyard": {"dice": dice, "advantage": g.advantage}, "spoils": list(draft.spoils or []),
             "stipulations": list(draft.stipulations or []), "back_down": draft.back_down}
    if draft.allow_d12:
        setup["allow_d12"] = True
    return setup


# ---------------------------------------------------------------------------------- before the fight
def settled(draft: Draft) -> Draft:
    """``draft`` with its pre-fight record of the shape the form walks: created empty when missing
    or not a dict, ``bids`` a tuple, ``trigger`` a :class:`Trigger` with ``on`` (False) and
    ``limit`` ("2") set, and the stored bids the engine refuses (a value edited by hand) dropped from
    the first refused one on, so the box still opens."""
    pf = draft.prefight if isinstance(draft.prefight, Prefight) else Prefight(layout=())
    if not isinstance(pf.bids, tuple) or not pf.has("bids"):
        pf = pf.put(bids=())
    if not isinstance(pf.trigger, Trigger) or not pf.has("trigger"):
        pf = pf.put(trigger=Trigger(layout=()))
    trig = pf.trigger
    if not trig.has("on"):
        trig = trig.put(on=False)
    if not trig.has("limit"):
        trig = trig.put(limit="2")
    state, kept = Bidding(), pf.bids
    for k, one in enumerate(pf.bids):
        try:
            state = bid(state, one)
        except TiradaError:
            kept = pf.bids[:k]
            break
    pf = pf.put(trigger=trig) if trig is not pf.trigger else pf
    pf = pf.put(bids=kept) if kept is not pf.bids else pf
    return draft if pf is draft.prefight else draft.put(prefight=pf)


def set_prefight(draft: Draft, **changes: Any) -> Draft:
    """``draft`` (:func:`settled`) with its pre-fight record's ``bids`` / ``act`` changed, or with
    its trigger's fields (``on``, ``component``, ``faces``, ``limit``) given as ``trigger_<field>``."""
    draft = settled(draft)
    pf = draft.prefight
    trig = {k[len("trigger_"):]: v for k, v in changes.items() if k.startswith("trigger_")}
    own = {k: tuple(v) if k == "bids" else v for k, v in changes.items() if not k.startswith("trigger_")}
    if trig:
        pf = pf.put(trigger=pf.trigger.put(**trig))
    if own:
        pf = pf.put(**own)
    return draft.put(prefight=pf)


def bidding_state(draft: Draft) -> Bidding:
    """The bidding so far (of the :func:`settled` draft's bids, which the engine all accepts)."""
    state = Bidding()
    for one in settled(draft).prefight.bids:
        state = bid(state, one)
    return state


def components_of(draft: Draft, side: int) -> list:
    """``[(global index, "player — Component"), …]`` of the draft's Components on ``side`` (a
    participant with no stored side is on neither)."""
    out, k = [], 0
    for p in draft.players:
        for c in p.components:
            if p.has("side") and p.side == side:
                out.append((k, f'{p.name or "?"} — {c.name or "?"}'))
            k += 1
    return out


def trigger_request(draft: Draft) -> dict | None:
    """The engine's trigger ``{"component", "faces", "limit"}`` (tirada.systems.brs.trigger) when
    the check is on, else None: the indices as numbers where they read as one (else the text, for
    the engine to name), an empty limit as None."""
    trig = settled(draft).prefight.trigger
    if not trig.on:
        return None
    limit = str(trig.limit if trig.has("limit") else "").strip()
    return {"component": typed_int(trig.component), "faces": typed_int(trig.faces),
            "limit": None if limit == "" else typed_int(limit)}
