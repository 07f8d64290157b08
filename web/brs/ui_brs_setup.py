"""The Confrontation setup form: a draft (the setup JSON of docs/brs-format.md, without checks)
rendered as fields, read back from them, and edited by add/remove buttons (glue only: the engine's
``Setup.from_dict`` validates when the Confrontation starts).

Every field carries ``data-f="path"`` (``players.0.components.1.traits.2.die``) and its id is
``brs-f-`` + the path with dots as dashes, so an engine error naming ``players[0]…`` can be shown
next to the right label. Pure functions (no pyscript import).
"""

from __future__ import annotations

import re

from shell.render import esc
from shell.strings import t
from tirada.systems.brs import ASPECTS
from tirada.systems.brs.quick import parse_quick
from tirada.fields import typed_int

SIZES = (4, 6, 8, 10, 12)


def blank_trait(lang: str) -> dict:
    return {"trait": "", "die": 6, "aspect": "strength"}


def blank_component(lang: str) -> dict:
    return {"name": "", "committed": True, "traits": [blank_trait(lang)]}


def blank_player(side: int, lang: str) -> dict:
    return {"name": "", "side": side, "hero": side == 1, "leader": False, "advantage": 0,
            "components": [blank_component(lang)]}


def blank_draft(seed: str, lang: str) -> dict:
    """A new draft: two participants, one per side, one Component with one Trait each."""
    return {"seed": seed, "sides": [t("brs.setup.side0_default", lang), t("brs.setup.side1_default", lang)],
            "players": [blank_player(0, lang), blank_player(1, lang)], "graveyard": {"dice": [], "advantage": 0},
            "spoils": [], "stipulations": [], "back_down": None, "allow_d12": False}


#: the starting points of the set-up (issue #42): who fights whom on a forum
START_POINTS = ("duel", "chronicler", "leader")


def start_point(kind: str, seed: str, lang: str) -> dict:
    """A draft for a starting point: ``duel`` (two players, one a side, both Heroes and Leaders),
    ``chronicler`` (the Chronicler's side against one player's), ``leader`` (the Chronicler against
    a Leader's side of three players). Names are left to type; the dice come from a quick line."""
    draft = blank_draft(seed, lang)
    if kind == "duel":
        draft["sides"] = [t("brs.start.duel_side0", lang), t("brs.start.duel_side1", lang)]
        for side, p in enumerate(draft["players"]):
            p.update({"hero": True, "leader": True, "side": side})
    elif kind == "leader":
        draft["players"][1]["leader"] = True
        draft["players"] += [blank_player(1, lang), blank_player(1, lang)]
        for p in draft["players"][2:]:
            p["hero"] = False
    return draft


def apply_quick(draft: dict, i: int, text: str) -> dict:
    """Replace participant ``i``'s Components with one made from a quick line (``tirada.systems.brs.
    quick.parse_quick``), named after the participant; ``draft`` changed in place and returned.

    Raises:
        InvalidRequest: the line's refusal (``brs.quick_*``), nothing changed."""
    traits = parse_quick(text, bool(draft.get("allow_d12")))
    player = draft["players"][i]
    player["components"] = [{"name": str(player.get("name") or ""), "committed": True, "traits": traits}]
    return draft


def sane_draft(draft) -> dict | None:
    """``draft`` when it has the shape :func:`render`, :func:`read` and :func:`to_setup` walk (a dict;
    ``players`` a list of dicts whose ``components`` are lists of dicts whose ``traits`` are lists of
    dicts; ``sides``, ``spoils``, ``stipulations`` lists; ``graveyard`` a dict), else ``None`` — a
    draft edited by hand in the browser's storage is replaced by a blank one, never a traceback."""
    if not isinstance(draft, dict):
        return None
    lists = ("players", "sides", "spoils", "stipulations")
    if any(k in draft and not isinstance(draft[k], list) for k in lists) or (
            "graveyard" in draft and not isinstance(draft["graveyard"], dict)):
        return None
    if "typed" in draft and not isinstance(draft["typed"], dict):
        draft.pop("typed")
    for p in draft.get("players", []):
        if not isinstance(p, dict) or not isinstance(p.get("components", []), list):
            return None
        for c in p.get("components", []):
            if not isinstance(c, dict) or not isinstance(c.get("traits", []), list) or not all(
                    isinstance(x, dict) for x in c.get("traits", [])):
                return None
    return draft


def keep_typed(draft: dict, typed: dict | None = None) -> dict:
    """Put the side names this player typed back into ``draft`` (in place; returned): issue #42,
    "typed names stay typed". ``draft["typed"]`` (``{"0"|"1": name}``) holds what was typed in a
    side-name field; ``typed`` (another draft's, when a path replaces the whole draft: an example,
    «Nueva Confrontación») is carried over first. A bidding link's set-up replaces it (the link's
    names are the agreed ones)."""
    old = draft.get("typed")
    mine: dict = old if isinstance(old, dict) else {}
    merged = {**(typed if isinstance(typed, dict) else {}), **mine}
    merged = {k: v for k, v in merged.items() if k in ("0", "1") and isinstance(v, str) and v.strip()}
    sides = list(draft.get("sides") or []) + ["", ""]
    for k, v in merged.items():
        sides[int(k)] = v
    draft["sides"] = sides[:2]
    if merged:
        draft["typed"] = merged
    else:
        draft.pop("typed", None)
    return draft


def typed_side(draft: dict, path: str, value: str) -> None:
    """Remember that the player typed ``value`` in the side-name field ``path`` ("sides.0" / "sides.1");
    an emptied field forgets it."""
    old = draft.get("typed")
    typed: dict = old if isinstance(old, dict) else {}
    k = path.rsplit(".", 1)[-1]
    if value.strip():
        typed = {**typed, k: value}
    else:
        typed = {x: v for x, v in typed.items() if x != k}
    draft["typed"] = typed


def field_id(path: str) -> str:
    """The element id of a draft path."""
    return "brs-f-" + path.replace(".", "-")


def path_of_error(field: str) -> str:
    """An engine error field (``players[0].components[1].traits[2].die``) as a draft path."""
    return re.sub(r"\[(\d+)\]", r".\1", field or "")


def _input(path: str, label: str, value, kind: str = "text", extra: str = "", wide: bool = False) -> str:
    fid = field_id(path)
    v = "" if value is None else value
    cls = "field wide" if wide else "field"
    return (f'<div class="{cls}"><label for="{fid}">{esc(label)}</label>'
            f'<input id="{fid}" data-f="{path}" type="{kind}" value="{esc(v)}"{extra}></div>')


def _check(path: str, label: str, value: bool) -> str:
    fid = field_id(path)
    return (f'<label class="check"><input type="checkbox" id="{fid}" data-f="{path}"'
            f'{" checked" if value else ""}> <span>{esc(label)}</span></label>')


def _select(path: str, label: str, value, options: list) -> str:
    fid = field_id(path)
    opts = "".join(f'<option value="{esc(v)}"{" selected" if str(v) == str(value) else ""}>{esc(text)}</option>'
                   for v, text in options)
    return f'<div class="field"><label for="{fid}">{esc(label)}</label><select id="{fid}" data-f="{path}">{opts}</select></div>'


def _mine(i: int, mine: list, lang: str) -> str:
    """A participant's «Mis datos» pick: one of this browser's Blood Red Sands characters fills their
    name and Components (ui_brs_form: ``data-mine``). Empty when there is none."""
    if not mine:
        return ""
    fid = field_id(f"players.{i}.mine")
    opts = f'<option value="">{esc(t("brs.setup.mine_none", lang))}</option>' + "".join(
        f'<option value="{esc(cid)}">{esc(name)}</option>' for cid, name in mine)
    return (f'<div class="field wide"><label for="{fid}">{esc(t("brs.setup.mine", lang))}</label>'
            f'<select id="{fid}" data-mine="{i}">{opts}</select></div>')


def apply_character(draft: dict, i: int, character) -> dict:
    """Participant ``i`` becomes the «Mis datos» character ``character`` (a ``tirada.sheets.Character``
    with a Blood Red Sands sheet): its name and its Components with Traits (committed); ``draft``
    changed in place and returned. A sheet without Traits changes only the name."""
    player = draft["players"][i]
    player["name"] = character.name
    comps = [{"name": c.name, "committed": True, "traits": [{"trait": tr_, "die": d, "aspect": a} for tr_, d, a in c.traits]}
             for c in character.sheet.components if c.traits]
    if comps:
        player["components"] = comps
    return draft


def _quick(i: int, lang: str) -> str:
    """A participant's quick character: one line of Aspects and dice, and the button that fills the
    Traits from it (ui_brs: ``data-act="quick"``; Enter in the line does the same)."""
    fid = field_id(f"players.{i}.quick")
    return (f'<div class="field wide brs-quick"><label for="{fid}">{esc(t("brs.setup.quick", lang))}</label>'
            f'<input id="{fid}" type="text" data-quick="{i}" maxlength="400" autocomplete="off" '
            f'placeholder="{esc(t("brs.setup.quick_ph", lang))}" aria-describedby="{fid}-help">'
            f'<p class="meta" id="{fid}-help">{esc(t("brs.setup.quick_help", lang))}</p>'
            + _act("quick", t("brs.setup.quick_use", lang), f"players.{i}") + "</div>")


def _act(act: str, text: str, path: str) -> str:
    return f'<button type="button" class="ghost" data-act="{act}" data-path="{path}">{esc(text)}</button>'


def render(draft: dict, lang: str, mine: list | None = None) -> str:
    """The whole setup form body for ``draft``; ``mine``: the Blood Red Sands characters of «Mis
    datos» (``[(id, name)]``), offered to each participant when there are any."""
    sizes = [(s, f"d{s}") for s in SIZES if s != 12 or draft.get("allow_d12")]
    aspects = [(a, t("brs.aspect." + a, lang)) for a in ASPECTS]
    sides = draft.get("sides") or ["", ""]
    out = ['<div class="grid">', _input("sides.0", t("brs.setup.side0", lang), sides[0], extra=' maxlength="120"'),
           _input("sides.1", t("brs.setup.side1", lang), sides[1], extra=' maxlength="120"'), "</div>"]
    for i, p in enumerate(draft.get("players", [])):
        pp = f"players.{i}"
        n = i + 1
        out.append(f'<fieldset class="brs-setup-player"><legend>{esc(t("brs.setup.player", lang).format(n=n))}</legend>'
                   '<div class="grid">'
                   + _input(f"{pp}.name", t("brs.setup.name", lang), p.get("name"), extra=' maxlength="120"')
                   + _select(f"{pp}.side", t("brs.setup.side", lang), p.get("side", 0),
                             [(0, sides[0] or "0"), (1, sides[1] or "1")])
                   + _input(f"{pp}.advantage", t("brs.setup.advantage", lang), p.get("advantage", 0), "number",
                            ' inputmode="numeric" min="0" max="20"')
                   + "</div>" + _check(f"{pp}.leader", t("brs.setup.leader", lang), p.get("leader"))
                   + _check(f"{pp}.hero", t("brs.setup.hero", lang), p.get("hero")) + _mine(i, mine or [], lang)
                   + _quick(i, lang))
        for j, c in enumerate(p.get("components", [])):
            cp = f"{pp}.components.{j}"
            out.append(f'<fieldset class="brs-setup-comp"><legend>{esc(t("brs.setup.component", lang).format(n=j + 1))}</legend>'
                       + _input(f"{cp}.name", t("brs.setup.comp_name", lang), c.get("name"), extra=' maxlength="120"', wide=True)
                       + _check(f"{cp}.committed", t("brs.setup.committed", lang), c.get("committed", True)))
            for k, tr_ in enumerate(c.get("traits", [])):
                tp = f"{cp}.traits.{k}"
                out.append(f'<div class="brs-setup-trait" role="group" aria-label="{esc(t("brs.setup.trait", lang).format(n=k + 1))}">'
                           + _input(f"{tp}.trait", t("brs.setup.trait", lang).format(n=k + 1), tr_.get("trait"),
                                    extra=' maxlength="120"', wide=True)
                           + _select(f"{tp}.die", t("brs.setup.die", lang), tr_.get("die", 6), sizes)
                           + _select(f"{tp}.aspect", t("brs.setup.aspect", lang), tr_.get("aspect", "strength"), aspects)
                           + _act("del-trait", t("brs.setup.del_trait", lang).format(n=k + 1), tp) + "</div>")
            out.append('<div class="buttons">' + _act("add-trait", t("brs.setup.add_trait", lang), cp)
                       + _act("del-comp", t("brs.setup.del_comp", lang).format(n=j + 1), cp) + "</div></fieldset>")
        out.append('<div class="buttons">' + _act("add-comp", t("brs.setup.add_comp", lang), pp)
                   + _act("del-player", t("brs.setup.del_player", lang).format(n=n), pp) + "</div></fieldset>")
    out.append('<div class="buttons">' + _act("add-player", t("brs.setup.add_player", lang), "players") + "</div>")
    g = draft.get("graveyard") or {}
    dice_text = g.get("dice_text")
    if dice_text is None:
        dice_text = ", ".join(str(x) for x in g.get("dice", []))
    back = draft.get("back_down")
    out.append('<div class="grid">'
               + _input("graveyard.dice_text", t("brs.setup.graveyard", lang), dice_text, extra=' inputmode="numeric"')
               + _input("graveyard.advantage", t("brs.setup.graveyard_adv", lang), g.get("advantage", 0), "number",
                        ' inputmode="numeric" min="0" max="100"')
               + _select("back_down", t("brs.setup.back_down", lang), "" if back is None else back,
                         [("", t("brs.setup.back_none", lang)), (0, sides[0] or "0"), (1, sides[1] or "1")])
               + "</div>")
    for name in ("spoils", "stipulations"):
        fid = field_id(name)
        out.append(f'<div class="field wide"><label for="{fid}">{esc(t("brs.setup." + name, lang))}</label>'
                   f'<textarea id="{fid}" data-f="{name}" rows="3">{esc(chr(10).join(draft.get(name) or []))}</textarea></div>')
    out.append(_check("allow_d12", t("brs.setup.allow_d12", lang), bool(draft.get("allow_d12"))))
    # fair play v2: no seed field; the page makes the seed when the Confrontation starts (ui_brs)
    out.append(f'<p class="meta">{esc(t("brs.setup.seed", lang))}</p>')
    return "".join(out)


def _set(draft: dict, path: str, value) -> None:
    parts = path.split(".")
    node = draft
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node.setdefault(part, {})
    last = parts[-1]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value


def _number(text: str):
    return typed_int(text)


def read(draft: dict, nodes) -> dict:
    """Copy every ``[data-f]`` field (``nodes``: elements with ``dataset.f``, ``type``, ``value``,
    ``checked``) into ``draft`` (changed in place and returned). Unparseable numbers stay text, so
    nothing typed is lost and the engine names the field."""
    for node in nodes:
        path = str(node.dataset.f)
        kind = str(node.type or "")
        value: bool | int | str | list[str] | None
        if kind == "checkbox":
            value = bool(node.checked)
        elif path.endswith((".die", ".side")) or path.endswith(".advantage") or path == "graveyard.advantage":
            value = _number(str(node.value))
        elif path == "back_down":
            value = None if str(node.value) == "" else _number(str(node.value))
        elif path in ("spoils", "stipulations"):
            value = [line.strip() for line in str(node.value).splitlines() if line.strip()]
        else:
            value = str(node.value)
        try:
            _set(draft, path, value)
        except (KeyError, IndexError, ValueError):
            continue
    return draft


def edit(draft: dict, act: str, path: str, lang: str) -> dict:
    """Apply an add/remove button to ``draft`` (in place; returned)."""
    parts = path.split(".")
    if act == "add-player":
        draft["players"].append(blank_player(1, lang))
    elif act == "del-player" and len(draft["players"]) > 2:
        del draft["players"][int(parts[1])]
    elif act == "add-comp":
        draft["players"][int(parts[1])]["components"].append(blank_component(lang))
    elif act == "del-comp":
        comps = draft["players"][int(parts[1])]["components"]
        if len(comps) > 1:
            del comps[int(parts[3])]
    elif act == "add-trait":
        draft["players"][int(parts[1])]["components"][int(parts[3])]["traits"].append(blank_trait(lang))
    elif act == "del-trait":
        traits = draft["players"][int(parts[1])]["components"][int(parts[3])]["traits"]
        if len(traits) > 1:
            del traits[int(parts[5])]
    return draft


def to_setup(draft: dict) -> dict:
    """The setup JSON (docs/brs-format.md) of a draft, for ``Setup.from_dict`` to validate."""
    g = draft.get("graveyard") or {}
    text = g.get("dice_text")
    if text is None:
        dice = list(g.get("dice", []))
    else:
        dice = [_number(x) for x in re.split(r"[,;\s]+", str(text)) if x.strip()]
        dice = [typed_int(x[1:]) if isinstance(x, str) and x[:1].lower() == "d" and isinstance(typed_int(x[1:]), int) else x
                for x in dice]
    players = []
    for p in draft.get("players", []):
        players.append({"name": p.get("name", ""), "side": p.get("side", 0), "hero": bool(p.get("hero")),
                        "leader": bool(p.get("leader")), "advantage": p.get("advantage", 0),
                        "components": [{"name": c.get("name", ""), "committed": bool(c.get("committed", True)),
                                        "traits": [dict(x) for x in c.get("traits", [])]}
                                       for c in p.get("components", [])]})
    setup = {"version": 2, "seed": str(draft.get("seed", "")).strip(), "sides": list(draft.get("sides") or []),
             "players": players, "graveyard": {"dice": dice, "advantage": g.get("advantage", 0)},
             "spoils": list(draft.get("spoils") or []), "stipulations": list(draft.get("stipulations") or []),
             "back_down": draft.get("back_down")}
    if draft.get("allow_d12"):
        setup["allow_d12"] = True
    return setup


def from_setup(setup: dict) -> dict:
    """A draft from a setup JSON (to edit an example or the current Confrontation's setup)."""
    draft = {k: v for k, v in setup.items() if k not in ("version", "faces", "campaign")}
    draft.setdefault("seed", "")
    draft["graveyard"] = dict(setup.get("graveyard") or {"dice": [], "advantage": 0})
    draft.setdefault("allow_d12", False)
    return draft
