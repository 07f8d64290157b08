"""Tragedia scene ledger: apply one action, replay a ledger, end the scene, and what the page shows.

Rules: ../shared/rules/tragedia.md (all sections; seed ``001_0d4b6b4e1f6e6362.txt``); ledger format:
docs/tragedia-scene.md. A scene is ``(setup with sheets, list of actions)``; its state is the pure
fold :func:`replay` of :func:`apply` over :func:`~tirada.systems.tragedia.state.new_scene`. Nothing derived
is stored in the ledger: pools, rolls and updated sheets are recomputed on every replay.

Entry points for the page: :func:`apply` (one action → new state, or IllegalMove with the state
unchanged), :func:`scene_view` (legal sources per participant, running pools, roll result: the typed
:class:`~tirada.systems.tragedia.records.SceneView`) and
:func:`end_scene` (the sheets to store once the scene is decided).

Part of the reading core (docs/architecture.md §The reading core, issue #41): a scene link is replayed,
and its :func:`scene_result` and :func:`scene_view` made, byte for byte the same on MicroPython
(tests/test_reading_core.py); written in its pattern (``.replace(**changes)``, ``portable.merged``, the
verbs and sources in tuples, never a dict's order).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import IllegalMove, InvalidRequest, TiradaError
from ...portable import merged
from .roll import RULE_ROLL, roll_result
from .moves import MOVE_NAMES, RULE_LOSS, apply_move
from .sheet import RULE_STATE, Trait
from .sources import DESTINY_PRICES, RULES, apply_add
from .state import RULE_TRANSFORMATION, TABLE_SETTINGS, SceneState, new_scene
from .records import (AdversaryPool, Participant, Pools, PostLossPool, ProtagonistPool, SceneRoll, SceneView,
                      SourceAdds)

__all__ = ["VERBS", "apply", "end_scene", "legal_adds", "pending", "replay", "scene_result",
           "scene_view"]

#: every action verb: ``add`` (a dice source, :mod:`.sources`) and the moves of :mod:`.moves`.
VERBS = ("add",) + MOVE_NAMES
MAX_ACTIONS = 500


def apply(state: SceneState, action: Any) -> SceneState:
    """Apply one action (a dict with exactly one verb of :data:`VERBS`) and return the new state.

    Raises:
        InvalidRequest: not a dict, no verb or several, unknown field or participant.
        IllegalMove: the rules forbid it now; ``rule`` names the rule-file section. ``state`` itself
        is never changed (frozen values).
    """
    if not isinstance(action, Mapping):
        raise InvalidRequest("an action must be a JSON object", code="tragedia.action_object")
    verbs = [v for v in VERBS if v in action]
    if len(verbs) != 1:
        raise InvalidRequest("an action needs exactly one of: " + ", ".join(VERBS),
                             code="tragedia.action_verb", params={"choices": ", ".join(VERBS)})
    if verbs[0] == "add":
        return apply_add(state, action)
    return apply_move(state, verbs[0], action)


def replay(ledger: Mapping[str, Any]) -> SceneState:
    """Fold a ledger's ``actions`` over its setup (docs/tragedia-scene.md).

    Raises:
        InvalidRequest / IllegalMove: from the setup, or from action ``i`` with ``field``
        ``actions[i]`` (``actions[i].FIELD`` when the error names one) and the same ``rule``; with
        ``faces``, faces left over once the scene is decided.
    """
    state = new_scene(ledger)
    actions = ledger.get("actions")
    actions = [] if actions is None else actions
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise InvalidRequest(f"must be a list of at most {MAX_ACTIONS} actions", field="actions",
                             code="tragedia.actions_count", params={"n": MAX_ACTIONS})
    for i, action in enumerate(actions):
        try:
            state = apply(state, action)
        except TiradaError as err:
            field = f"actions[{i}]" + (f".{err.field}" if err.field else "")
            raise type(err)(err.message, field=field, rule=err.rule, code=err.code, params=err.params) from None
    if state.phase == "decided" and state.faces is not None and state.draws < len(state.faces):
        raise InvalidRequest(f"{len(state.faces)} faces given but the scene used only {state.draws}",
                             field="faces",
                             code="faces.too_many", params={"n": len(state.faces), "used": state.draws})
    return state


def pending(state: SceneState) -> list:
    """What the scene still waits for: ``"roll"``, ``"post_loss"`` (raise Tragedy, last dice, roll
    or decline), ``"transform"``, and ``"drop_trait:NAME"`` per character over the Trait limit."""
    out = []
    if state.phase == "gathering":
        out.append("roll")
    elif state.phase == "post_loss":
        out.append("post_loss")
    elif state.kind == "transformation" and not state.transformed:
        out.append("transform")
    out += [f"drop_trait:{p.name}" for p in state.participants if p.sheet.trait_excess]
    return out


def end_scene(state: SceneState) -> tuple:
    """The scene's end (tragedia.md §The final roll, §Gathering dice): Traits turned against renew,
    the Protagonist (each Protagonist, when there are several [decision]) scores 1 Victory on a win;
    Themes and Consequences renew by starting a new scene.

    Returns:
        ``(sheets, themes)``: a tuple of :class:`~tirada.systems.tragedia.sheet.Sheet` in participant order,
        and the game's Themes (a Theme created with Destiny stays).
    Raises:
        IllegalMove: the scene is not decided yet, a Transformation is still to be written, or a
        character is still over the Trait limit ``7 − Tragedy`` (no sheet leaves a scene over it:
        its player first chooses which Trait goes, tragedia.md §Character state the tool keeps).
    """
    if state.phase != "decided":
        raise IllegalMove("the scene ends after the final roll is decided", rule=RULE_ROLL,
                          code="tragedia.scene_over")
    over = [p.name for p in state.participants if p.sheet.trait_excess]
    if over:
        raise IllegalMove(f"{', '.join(over)} must first drop a Trait (over the limit 7 − Tragedy)",
                          field="drop", rule=RULE_STATE, code="tragedia.drop_trait_first",
                          params={"names": ", ".join(over)})
    if state.kind == "transformation" and not state.transformed:
        raise IllegalMove("the winner must first write the new Flaw and Trait", rule=RULE_TRANSFORMATION,
                          code="tragedia.transform_first")
    for _, owner, name in (m for m in state.marks if m[0] == "turned"):
        sheet = state.participant(owner).sheet
        if sheet.trait(name) is not None:  # not dropped or changed by a Transformation meanwhile
            state = state.with_sheet(sheet.with_trait(Trait(name, exhausted=False)))
    if state.winner == "protagonist":  # every Protagonist of the scene scores it [decision]
        for hero in state.protagonists:
            sheet = state.participant(hero.name).sheet
            state = state.with_sheet(sheet.replace(victories=sheet.victories + 1))
    return tuple(p.sheet for p in state.participants), state.themes


def _pools(state: SceneState) -> dict:
    pools = {
        "protagonist": {"dice": state.pool("protagonist"), "auto_successes": state.auto_successes,
                        "wins_ties": state.protagonist_wins_ties},
        "adversary": {"dice": state.pool("adversary")},
    }
    if state.phase == "post_loss" or len(state.stages) > 1:
        pools["post_loss"] = {
            "tragedy_dice": state.pool("protagonist", "post_loss", "tragedy"),
            "protagonist_last_dice": state.pool("protagonist", "post_loss", "last_die"),
            "adversary_last_dice": state.pool("adversary", "post_loss", "last_die"),
        }
    return pools


def scene_result(state: SceneState) -> dict:
    """JSON-ready summary (the CLI's ``scene replay`` output).

    Returns ``{"system": "tragedia", "kind", "objective", "seed", "phase", "pending": [str],
    "pools", "contributions": [Contribution dict], "roll": tragedia.roll_result | None,
    "winner": str | None, "ended": bool, "sheets": [sheet dict], "themes": [str]}``; ``sheets`` are
    those after :func:`end_scene` when the scene can end, else the current ones.
    """
    try:
        sheets, themes = end_scene(state)
        ended = True
    except IllegalMove:
        sheets, themes, ended = tuple(p.sheet for p in state.participants), state.themes, False
    return {
        "system": "tragedia",
        "kind": state.kind,
        "objective": state.objective,
        "seed": state.seed,
        "phase": state.phase,
        "pending": pending(state),
        "pools": _pools(state),
        "contributions": [c.to_dict() for c in state.contributions],
        "roll": roll_result(state.stage_dicts(), state.sides) if state.stages else None,
        "winner": state.winner if state.phase == "decided" else None,
        "ended": ended,
        "sheets": [dict(s.to_dict(), objective_achieved=s.objective_achieved) for s in sheets],
        "themes": list(themes),
    }


_PROBE_SEED = "0" * 32  # tries a roll for legality only; never used for real dice
_NEW = "\u2063new"  # a placeholder name for Traits/Themes the player will type (never a real name)


def _candidates(state: SceneState, name: str) -> dict:
    """Every option worth trying per source for participant ``name``."""
    me = state.participant(name).sheet
    traits = [{"trait": t.name} for t in me.traits]
    others = [p for p in state.participants if p.name != name]
    several = len(state.protagonists) > 1
    turned = [merged({"trait": t.name}, {"owner": p.name} if several and p.role == "protagonist" else {})
              for p in state.protagonists + (state.adversary,) for t in p.sheet.traits]
    destiny = [{"use": "exhausted_trait", "trait": t.name} for t in me.traits if t.exhausted]
    destiny += [{"use": "domain", "domain": d.name} for d in me.domains]
    destiny += [{"use": "improvised"}, {"use": "npc_event"}, {"use": "new_trait", "trait": _NEW},
                {"use": "new_theme", "theme": _NEW}]
    return {
        "trait": traits,
        "theme": [{"theme": t} for t in state.themes],
        "destiny": destiny,
        "tragedy": [{}],
        "domain": [{"domain": d.name} for d in me.domains],
        "flaw": [{"dice": 1}, {"dice": 2}],
        "turned_trait": turned,
        "consequence": [{"target": p.name, "consequence": c} for p in others for c in p.sheet.consequences],
        "tragedy_5": [{"target": p.name} for p in state.protagonists] if several else [{}],
        "support": [{}],
        "last_die": [{}],
    }


def legal_adds(state: SceneState, name: str) -> dict:
    """For participant ``name``: ``{source: {"legal": bool, "options": [dict], "reason": str|None,
    "why": {"code", "params", "field"}|None}}`` for every source of ``sources.SOURCES``.

    ``options`` are the extra fields of each legal ``add`` action (``{"trait": "…"}``); a Trait or
    Theme still to be named shows as ``None``. ``reason`` is the refusal (message and rule) of the
    first option tried when none is legal (without the field name: the page shows it next to the
    source), in English with its rule for the CLI; ``why`` is the same refusal by code for the page. Legality is decided by trying :func:`apply`, so buttons follow exactly the rules that
    replay enforces.
    """
    out = {}
    for source, options in _candidates(state, name).items():
        legal, reason, why = [], None, None
        for option in options:
            try:
                apply(state, merged({"add": source, "by": name}, option))
            except TiradaError as err:
                reason = reason or err.message + (f" ({err.rule})" if err.rule else "")
                why = why or err.cause()
                continue
            legal.append({k: (None if v == _NEW else v) for k, v in option.items()})
        if not options:
            reason = f"{name} has nothing to use for this source ({RULES[source]})"
            why = IllegalMove(reason, code="tragedia.nothing_to_use", params={"name": name}).cause()
        out[source] = {"legal": bool(legal), "options": legal, "reason": None if legal else reason,
                       "why": None if legal else why}
    return out


def _can(state: SceneState, action: dict) -> bool:
    try:
        apply(state, action)
    except TiradaError:
        return False
    return True


def _pools_record(state: SceneState) -> Pools:
    pools = _pools(state)
    post = pools.get("post_loss")
    return Pools(ProtagonistPool(**pools["protagonist"]), AdversaryPool(**pools["adversary"]),
                 None if post is None else PostLossPool(**post))


def scene_view(state: SceneState) -> SceneView:
    """What the page needs now (:class:`~tirada.systems.tragedia.records.SceneView`): the fields of
    :func:`scene_result` as records (pools, contributions, the roll, the sheets), plus, per
    participant, :func:`legal_adds`, the Trait limit and excess, and which moves are open.

    ``scene_view(state).to_dict()`` is the JSON of ``tirada scene view``: ``{..scene_result..,
    "can_roll": bool, "themes_exhausted": [str], "destiny_prices": {use: price}, "table": {setting:
    value}, "participants": [{"name", "role", "side", "destiny", "trait_limit", "trait_excess",
    "adds": legal_adds, "can_decline", "can_enter", "can_impose", "can_transform", "can_lower": bool,
    "removable": [Consequence names the Ally may remove now], "impose_targets": [Protagonist names]}]}``.
    """
    try:
        sheets, themes = end_scene(state)
        ended = True
    except IllegalMove:
        sheets, themes, ended = tuple(p.sheet for p in state.participants), state.themes, False
    final: dict = {"roll": "final"} if state.phase == "gathering" else {"roll": "post_loss"}
    if state.seed is None and state.faces is None:
        final["seed"] = _PROBE_SEED  # the real seed is picked when the roll is made
        if state.schema == 2:         # and signed then by who rolls (tirada.systems.tragedia.signed)
            final.update(by=state.participants[0].name, chain={"seq": 1, "prev": None})
    participants = tuple(Participant(
        name=p.name, role=p.role, side=p.side, destiny=p.sheet.destiny,
        trait_limit=p.sheet.trait_limit, trait_excess=p.sheet.trait_excess,
        adds={source: SourceAdds.from_dict(entry) for source, entry in legal_adds(state, p.name).items()},
        can_decline=_can(state, {"decline": "post_loss", "by": p.name}),
        can_enter=_can(state, {"enter": "scene", "by": p.name}),
        can_impose=any(_can(state, {"impose": "consequence", "by": p.name, "consequence": _NEW,
                                    "target": h.name}) for h in state.protagonists),
        impose_targets=tuple(h.name for h in state.protagonists),
        can_lower=_can(state, {"lower": "tragedy", "by": p.name}),
        removable=tuple(c for c in p.sheet.consequences
                        if _can(state, {"remove": "consequence", "by": p.name, "consequence": c})),
        can_transform=(state.kind == "transformation" and state.phase == "decided"
                       and not state.transformed and p.role == state.winner),
    ) for p in state.participants)
    return SceneView(
        kind=state.kind, objective=state.objective, seed=state.seed, phase=state.phase,
        pending=tuple(pending(state)), pools=_pools_record(state), contributions=state.contributions,
        roll=SceneRoll.from_dict(roll_result(state.stage_dicts(), state.sides)) if state.stages else None,
        winner=state.winner if state.phase == "decided" else None, ended=ended, sheets=sheets, themes=themes,
        can_roll=state.phase != "decided" and _can(state, final),
        themes_exhausted=tuple(state.exhausted_themes),
        destiny_prices=dict(DESTINY_PRICES),
        rules={"roll": RULE_ROLL, "post_loss": RULE_LOSS, "trait_limit": RULE_STATE},
        table={name: state.setting(name) for name in TABLE_SETTINGS},
        participants=participants,
    )
