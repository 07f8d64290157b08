"""Tragedia scene moves other than adding dice: Domains, the roll, and the outcome.

Rules: ../shared/rules/tragedia.md §Gathering dice (Domains), §The final roll and §Character state
the tool keeps (seed ``001_0d4b6b4e1f6e6362.txt``). Each move is an action dict with one verb key:

* ``{"claim": "domain", "by", "domain", "destiny": n ≥ 1, "from": NAME}`` — "Me lo pido": an element
  from another player's narration becomes a Domain with ``n`` of the claimer's Destiny on it.
* ``{"take": "domain", "by", "owner", "domain", "destiny": bid ≥ 1}`` — take a floating Domain of
  another player; the winning bid is paid and assigned to it [decision].
* ``{"enter": "scene", "by": ADVERSARY}`` — the Adversary's character enters the scene (its Traits
  can then be turned against it; using one of its Traits also brings it in).
* ``{"drop": "trait", "by", "trait"}`` — drop a Trait while over the limit ``7 − Tragedy``.
* ``{"roll": "final"}`` / ``{"roll": "post_loss"}`` (optional ``"seed"`` or ``"faces"``) — roll the
  pools (tragedia.final_stage / post_loss_stage) in the documented order, drawing from the action's
  own ``seed`` when given (the page picks it at the moment of rolling, so the dice cannot be known
  while the pools are gathered or the post-loss decisions made) or its own ``faces`` (dice rolled
  elsewhere for this roll: exactly as many as it uses), else from the scene's seed or faces.
* ``{"decline": "post_loss", "by": PROTAGONIST}`` — accept the loss without raising Tragedy.
* ``{"impose": "consequence", "by": ADVERSARY, "consequence": text}`` and
  ``{"impose": "tragedy", "by": ADVERSARY}`` — after a final loss, the Adversary writes the new
  Consequence(s) and raises Tragedy (at most once [decision], max 5; not in a Transformation scene,
  which resets Tragedy).
* ``{"transform": "protagonist", "by": WINNER, "flaw", "trait", "new_trait", "tragedy_text"?}`` —
  Transformation scene: the winner writes the new Flaw and changes one Trait; Tragedy restarts at 1.
* ``{"lower": "tragedy", "by": HENCHMAN}`` — once the scene is decided, a character played as a
  Henchman at Tragedy 5 lowers it by the table setting ``henchman_tragedy_drop`` (seed 001: "para
  reducir el nivel de Tragedia cuando se ha alcanzado el tope, aparte de jugar como Secuaz, ...").
* ``{"remove": "consequence", "by": ALLY, "consequence": NAME}`` — once the scene is decided, a
  character played as an Ally removes one of their own Consequences, up to the table setting
  ``ally_consequences_removed`` per scene (seed 001: "se pueden eliminar jugando como Aliado").

With several Protagonists (seed 001: "al menos un jugador Protagonista") ``impose`` takes a
``target`` naming the Protagonist (required when there are several); the post-loss step is open
while some Protagonist can still raise Tragedy, and a decline (by any Protagonist, before any of
them raised) ends it for the side [decision].

Every move may carry a ``note``. Refusals raise IllegalMove (rules) or InvalidRequest (shape).

Written in the reading-core pattern (docs/architecture.md §How the core is written; a scene link is
replayed on MicroPython, issue #41): ``.replace(**changes)`` of the Struct states, and the verbs in the
order :data:`MOVE_NAMES` gives (a dict keeps no order on MicroPython).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...dice import DiceStream, FixedFaces
from ...errors import IllegalMove, InvalidRequest
from ...fields import get_int, get_int_list, get_text, reject_unknown
from ...names import check_name
from .roll import RULE_ROLL, final_stage, post_loss_stage
from .signed import check_roll_signature
from .sheet import MAX_NAME, MAX_TEXT, MAX_TRAGEDY, MIN_TRAGEDY, RULE_STATE, Domain, Trait
from .state import RULE_ALLY, RULE_HENCHMAN, RULE_TRANSFORMATION, SceneState

__all__ = ["MOVES", "MOVE_NAMES", "RULE_DOMAINS", "RULE_LOSS", "apply_move", "dice_of"]

RULE_DOMAINS = "tragedia.md §Gathering dice (Domains)"
RULE_LOSS = "tragedia.md §The final roll (If the Protagonist loses)"
MAX_FACES = 1000


def _name(action: Mapping[str, Any], key: str, max_len: int = MAX_NAME) -> str:
    text = check_name(action.get(key), key, required=False, max_len=max_len).strip()
    if not text:
        raise InvalidRequest("is required", field=key, code="field.required")
    return text


def _expect(action: Mapping[str, Any], verb: str, value: str) -> None:
    if action.get(verb) != value:
        raise InvalidRequest(f"must be {value!r}", field=verb,
                             code="tragedia.verb_value", params={"value": str(value)[:20]})


def dice_of(state: SceneState):
    """The scene's dice source, advanced past the ``state.draws`` dice already rolled.

    Returns a :class:`~tirada.dice.FixedFaces` on ``state.faces`` or a
    :class:`~tirada.dice.DiceStream` on ``state.seed``; each die is ``state.sides``-sided.
    """
    if state.faces is None and state.seed is None:
        raise InvalidRequest("a roll needs a seed (in the roll action or the ledger) or the faces rolled",
                             field="seed", code="tragedia.roll_needs_seed")
    dice = FixedFaces(state.faces) if state.faces is not None else DiceStream(state.seed or "")
    for _ in range(state.draws):
        dice.roll(state.sides)
    return dice


def _claim(state: SceneState, action: Mapping[str, Any]) -> SceneState:
    _expect(action, "claim", "domain")
    actor = state.participant(action.get("by"))
    source = state.participant(action.get("from"), field="from")
    name = _name(action, "domain")
    points = get_int(action, "destiny", lo=1, hi=999, rule=RULE_DOMAINS)
    if source.name == actor.name:
        raise IllegalMove("a Domain must come from another player's narration", field="from",
                          rule=RULE_DOMAINS, code="tragedia.domain_from")
    if any(p.sheet.domain(name) for p in state.participants):
        raise IllegalMove(f"{name!r} is already someone's Domain", field="domain", rule=RULE_DOMAINS,
                          code="tragedia.domain_taken", params={"domain": name})
    if actor.sheet.destiny < points:
        raise IllegalMove(f"{actor.name} has only {actor.sheet.destiny} Destiny to assign",
                          field="destiny", rule=RULE_DOMAINS,
                          code="tragedia.destiny_to_assign", params={"name": actor.name, "n": actor.sheet.destiny})
    return state.with_sheet(actor.sheet.add_destiny(-points).with_domain(Domain(name, points)))


def _take(state: SceneState, action: Mapping[str, Any]) -> SceneState:
    _expect(action, "take", "domain")
    actor = state.participant(action.get("by"))
    owner = state.participant(action.get("owner"), field="owner")
    name = _name(action, "domain")
    bid = get_int(action, "destiny", lo=1, hi=999, rule=RULE_DOMAINS)
    domain = owner.sheet.domain(name)
    if domain is None:
        raise IllegalMove(f"{owner.name} has no Domain {name!r}", field="domain", rule=RULE_DOMAINS,
                          code="tragedia.no_domain", params={"name": owner.name, "domain": name})
    if owner.name == actor.name:
        raise IllegalMove("a floating Domain is taken by another player",
                          field="owner", rule=RULE_DOMAINS, code="tragedia.floating_other")
    if not domain.floating:
        raise IllegalMove(f"the Domain {name!r} still has Destiny: it is not floating", field="domain",
                          rule=RULE_DOMAINS, code="tragedia.not_floating", params={"domain": name})
    if actor.sheet.destiny < bid:
        raise IllegalMove(f"{actor.name} has only {actor.sheet.destiny} Destiny", field="destiny",
                          rule=RULE_DOMAINS,
                          code="tragedia.destiny_short", params={"name": actor.name, "n": actor.sheet.destiny})
    state = state.with_sheet(owner.sheet.without_domain(name))
    taker = state.participant(actor.name).sheet
    return state.with_sheet(taker.add_destiny(-bid).with_domain(Domain(name, bid)))


def _enter(state: SceneState, action: Mapping[str, Any]) -> SceneState:
    _expect(action, "enter", "scene")
    actor = state.participant(action.get("by"))
    rule = "tragedia.md §Gathering dice (exhausted Trait turned against)"
    if actor.role != "adversary":
        raise IllegalMove("only the Adversary brings their own character into the scene", field="by",
                          rule=rule, code="tragedia.enter_adversary")
    if state.adversary_in_scene:
        raise IllegalMove("the Adversary's character is already in the scene", field="enter", rule=rule,
                          code="tragedia.enter_twice")
    return state.replace(adversary_in_scene=True)


def _drop(state: SceneState, action: Mapping[str, Any]) -> SceneState:
    _expect(action, "drop", "trait")
    actor = state.participant(action.get("by"))
    name = _name(action, "trait")
    if actor.sheet.trait(name) is None:
        raise IllegalMove(f"{actor.name} has no Trait {name!r}", field="trait", rule=RULE_STATE,
                          code="tragedia.no_trait", params={"name": actor.name, "trait": name})
    if not actor.sheet.trait_excess:
        raise IllegalMove(f"{actor.name} is within the Trait limit (7 − Tragedy = "
                          f"{actor.sheet.trait_limit})", field="trait", rule=RULE_STATE,
                          code="tragedia.within_trait_limit",
                          params={"name": actor.name, "n": actor.sheet.trait_limit})
    return state.with_sheet(actor.sheet.without_trait(name))


def _dice_for_roll(state: SceneState, action: Mapping[str, Any]) -> tuple:
    """``(dice, shared)``: the roll action's own ``faces`` (dice rolled elsewhere for this roll) or
    ``seed`` (a fresh stream, so nobody could know the dice while the pools were gathered), else the
    ledger's seed/faces stream (``shared`` True: its draws are counted in ``state.draws``).

    Raises:
        InvalidRequest: no seed anywhere, a bad seed or faces, or a roll seed/faces in a scene of
        given faces.
    """
    seed, faces = action.get("seed"), action.get("faces")
    if faces is not None:
        if seed is not None or state.faces is not None:
            raise InvalidRequest("a roll takes its own faces only without a seed and in a scene "
                                 "without faces", field="faces", code="tragedia.roll_own_faces")
        return FixedFaces(get_int_list(action, "faces", lo=1, max_len=MAX_FACES)), False
    if seed is None:
        if state.seed is None and state.faces is None:
            raise InvalidRequest("a roll needs a seed (in the roll action or the ledger) or the "
                                 "faces rolled", field="seed", code="tragedia.roll_needs_seed")
        return dice_of(state), True
    if state.faces is not None:
        raise InvalidRequest("a scene of given faces takes no roll seed", field="seed", code="tragedia.faces_no_seed")
    return DiceStream(seed), False


def _roll(state: SceneState, action: Mapping[str, Any]) -> SceneState:
    stage = action.get("roll")
    if stage not in ("final", "post_loss"):
        raise InvalidRequest("must be 'final' or 'post_loss'", field="roll", code="tragedia.roll_stage")
    if stage == "final" and state.phase != "gathering":
        raise IllegalMove("the final roll was already made", field="roll", rule=RULE_ROLL, code="tragedia.final_done")
    if stage == "post_loss":
        if state.phase != "post_loss":
            raise IllegalMove("there is no lost roll to add to", field="roll", rule=RULE_LOSS,
                              code="tragedia.no_lost_roll")
        if not state.raised("post_loss"):
            raise IllegalMove("the Protagonist must raise Tragedy first (or decline)", field="roll",
                              rule=RULE_LOSS, code="tragedia.raise_first")
    check_roll_signature(state.schema, action, state.faces is not None)   # schema 2: who rolls, chain nº
    dice, shared = _dice_for_roll(state, action)
    if stage == "final":
        result = final_stage(state.pool("protagonist"), state.pool("adversary"), dice,
                             state.auto_successes, state.protagonist_wins_ties, state.sides)
        can_retry = result["winner"] == "adversary" and any(
            p.sheet.tragedy < MAX_TRAGEDY for p in state.protagonists)
        phase = "post_loss" if can_retry else "decided"
    else:
        result = post_loss_stage(state.stage_dicts()[0], state.pool("protagonist", "post_loss", "tragedy"),
                                 state.pool("protagonist", "post_loss", "last_die"),
                                 state.pool("adversary", "post_loss", "last_die"), dice, state.sides)
        phase = "decided"
    if action.get("faces") is not None and len(dice.draws) != len(dice.faces):
        raise InvalidRequest(f"this roll uses {len(dice.draws)} dice but {len(dice.faces)} faces "
                             "were given", field="faces",
                             code="tragedia.faces_count", params={"n": len(dice.draws), "got": len(dice.faces)})
    draws = len(dice.draws) if shared else state.draws
    return state.replace(stages=state.stages + (result,), draws=draws, phase=phase)


def _decline(state: SceneState, action: Mapping[str, Any]) -> SceneState:
    _expect(action, "decline", "post_loss")
    actor = state.participant(action.get("by"))
    if actor.role != "protagonist":
        raise IllegalMove("only the Protagonist decides whether to raise Tragedy again", field="by",
                          rule=RULE_LOSS, code="tragedia.decline_protagonist")
    if state.phase != "post_loss" or state.raised("post_loss"):
        raise IllegalMove("there is no pending decision after a loss", field="decline", rule=RULE_LOSS,
                          code="tragedia.no_pending_decision")
    return state.replace(phase="decided")


def _impose(state: SceneState, action: Mapping[str, Any]) -> SceneState:
    what = action.get("impose")
    if what not in ("consequence", "tragedy"):
        raise InvalidRequest("must be 'consequence' or 'tragedy'", field="impose", code="tragedia.impose_value")
    actor = state.participant(action.get("by"))
    if actor.role != "adversary" or state.phase != "decided" or state.winner != "adversary":
        raise IllegalMove("the Adversary writes Consequences and Tragedy after winning the scene",
                          field="impose", rule=RULE_LOSS, code="tragedia.impose_adversary")
    sheet = _target(state, action).sheet
    if what == "consequence":
        name = _name(action, "consequence")
        if name in sheet.consequences:
            raise IllegalMove(f"{sheet.name} already has the Consequence {name!r}", field="consequence",
                              rule=RULE_LOSS,
                              code="tragedia.has_consequence", params={"name": sheet.name, "consequence": name})
        return state.with_sheet(sheet.replace(consequences=sheet.consequences + (name,)))
    if state.kind == "transformation":
        raise IllegalMove("a Transformation scene resets Tragedy instead", field="impose",
                          rule=RULE_TRANSFORMATION, code="tragedia.impose_transformation")
    if state.used("imposed_tragedy", sheet.name) or sheet.tragedy >= MAX_TRAGEDY:
        raise IllegalMove("Tragedy can be raised once after a loss, up to 5", field="impose",
                          rule=RULE_LOSS, code="tragedia.impose_once")
    return state.with_sheet(sheet.replace(tragedy=sheet.tragedy + 1)).mark("imposed_tragedy", sheet.name)


def _target(state: SceneState, action: Mapping[str, Any]):
    """The Protagonist an ``impose`` names in ``target`` (the only one when absent).

    Raises:
        InvalidRequest: several Protagonists and no ``target``. IllegalMove: not a Protagonist.
    """
    if action.get("target") is None:
        if len(state.protagonists) > 1:
            raise InvalidRequest("name the Protagonist: this scene has several", field="target",
                                 code="tragedia.name_protagonist")
        return state.protagonist
    who = state.participant(action.get("target"), field="target")
    if who.role != "protagonist":
        raise IllegalMove(f"{who.name} is not a Protagonist", field="target", rule=RULE_LOSS,
                          code="tragedia.not_protagonist", params={"name": who.name})
    return who


def _lower(state: SceneState, action: Mapping[str, Any]) -> SceneState:
    """Lower Tragedy by playing as a Henchman (seed 001: "para reducir el nivel de Tragedia cuando se
    ha alcanzado el tope, aparte de jugar como Secuaz, se puede jugar una escena de Transformación").

    [decision] The seed gives no amount nor moment: once the scene is decided (whoever won), each
    character played as a Henchman whose Tragedy is at the top (5) lowers it once by the table
    setting ``henchman_tragedy_drop`` (default 1; never below 1). Raises IllegalMove otherwise.
    """
    _expect(action, "lower", "tragedy")
    actor = state.participant(action.get("by"))
    drop = state.setting("henchman_tragedy_drop")
    if actor.role != "henchman":
        raise IllegalMove("only a character played as a Henchman lowers Tragedy this way", field="by",
                          rule=RULE_HENCHMAN, code="tragedia.lower_henchman")
    if state.phase != "decided":
        raise IllegalMove("Tragedy is lowered once the scene is decided", field="lower",
                          rule=RULE_HENCHMAN, code="tragedia.lower_when")
    if not drop:
        raise IllegalMove("this table does not lower Tragedy for playing as a Henchman "
                          "(henchman_tragedy_drop = 0)", field="lower", rule=RULE_HENCHMAN,
                          code="tragedia.lower_off")
    if state.used("lowered", actor.name):
        raise IllegalMove(f"{actor.name} already lowered Tragedy in this scene", field="lower",
                          rule=RULE_HENCHMAN, code="tragedia.lower_used", params={"name": actor.name})
    if actor.sheet.tragedy < MAX_TRAGEDY:
        raise IllegalMove(f"{actor.name}'s Tragedy is {actor.sheet.tragedy}: it is lowered this way "
                          "when it has reached the top, 5", field="lower", rule=RULE_HENCHMAN,
                          code="tragedia.lower_level", params={"name": actor.name, "tragedy": actor.sheet.tragedy})
    sheet = actor.sheet.replace(tragedy=max(MIN_TRAGEDY, actor.sheet.tragedy - drop))
    return state.with_sheet(sheet).mark("lowered", actor.name)


def _remove(state: SceneState, action: Mapping[str, Any]) -> SceneState:
    """Remove a Consequence by playing as an Ally (seed 001: "cada Consecuencia sólo se puede usar
    una vez por escena, y se pueden eliminar jugando como Aliado").

    [decision] The seed gives no count nor moment: once the scene is decided (whoever won), a
    character played as an Ally removes up to the table setting ``ally_consequences_removed``
    (default 1) of their own Consequences. Raises IllegalMove otherwise.
    """
    _expect(action, "remove", "consequence")
    actor = state.participant(action.get("by"))
    name = _name(action, "consequence")
    most = state.setting("ally_consequences_removed")
    if actor.role != "ally":
        raise IllegalMove("only a character played as an Ally removes Consequences this way",
                          field="by", rule=RULE_ALLY, code="tragedia.remove_ally")
    if state.phase != "decided":
        raise IllegalMove("Consequences are removed once the scene is decided", field="remove",
                          rule=RULE_ALLY, code="tragedia.remove_when")
    if name not in actor.sheet.consequences:
        raise IllegalMove(f"{actor.name} has no Consequence {name!r}", field="consequence",
                          rule=RULE_ALLY, code="tragedia.remove_missing", params={"name": actor.name, "consequence": name})
    done = sum(1 for m in state.marks if m[:2] == ("removed", actor.name))
    if done >= most:
        raise IllegalMove(f"{actor.name} may remove {most} Consequence(s) per scene as an Ally "
                          "(ally_consequences_removed)", field="remove", rule=RULE_ALLY,
                          code="tragedia.remove_most", params={"name": actor.name, "n": most})
    sheet = actor.sheet.replace(consequences=tuple(c for c in actor.sheet.consequences if c != name))
    return state.with_sheet(sheet).mark("removed", actor.name, name)


def _transform(state: SceneState, action: Mapping[str, Any]) -> SceneState:
    _expect(action, "transform", "protagonist")
    actor = state.participant(action.get("by"))
    if state.kind != "transformation" or state.phase != "decided":
        raise IllegalMove("a Transformation is written after a Transformation scene's roll",
                          field="transform", rule=RULE_TRANSFORMATION, code="tragedia.transform_when")
    if state.transformed:
        raise IllegalMove("the Transformation was already written", field="transform",
                          rule=RULE_TRANSFORMATION, code="tragedia.transform_done")
    if actor.role != state.winner:
        raise IllegalMove(f"the scene's winner ({state.winner}) writes the Transformation", field="by",
                          rule=RULE_TRANSFORMATION,
                          code="tragedia.transform_by_protagonist" if state.winner == "protagonist"
                          else "tragedia.transform_by_adversary")
    sheet = state.protagonist.sheet
    old, new = _name(action, "trait"), _name(action, "new_trait")
    if sheet.trait(old) is None:
        raise IllegalMove(f"{sheet.name} has no Trait {old!r}", field="trait", rule=RULE_TRANSFORMATION,
                          code="tragedia.no_trait", params={"name": sheet.name, "trait": old})
    if new != old and sheet.trait(new) is not None:
        raise IllegalMove(f"{sheet.name} already has the Trait {new!r}", field="new_trait",
                          rule=RULE_TRANSFORMATION,
                          code="tragedia.has_trait", params={"name": sheet.name, "trait": new})
    traits = tuple(Trait(new) if t.name == old else t for t in sheet.traits)
    sheet = sheet.replace(traits=traits, flaw=_name(action, "flaw", MAX_TEXT), tragedy=MIN_TRAGEDY,
                    tragedy_text=get_text(action, "tragedy_text", max_len=MAX_TEXT))
    return state.with_sheet(sheet).replace(transformed=True)


#: the move verbs, in the order a refusal lists them (the keys of :data:`MOVES`)
MOVE_NAMES = ("claim", "take", "enter", "drop", "roll", "decline", "impose", "transform", "lower", "remove")
#: verb → (fields besides the verb, ``by`` and ``note``, function(state, action) -> state).
MOVES = {
    "claim": ({"domain", "destiny", "from"}, _claim),
    "take": ({"owner", "domain", "destiny"}, _take),
    "enter": (set(), _enter),
    "drop": ({"trait"}, _drop),
    "roll": ({"seed", "faces", "chain"}, _roll),
    "decline": (set(), _decline),
    "impose": ({"consequence", "target"}, _impose),
    "transform": ({"flaw", "trait", "new_trait", "tragedy_text"}, _transform),
    "lower": (set(), _lower),
    "remove": ({"consequence"}, _remove),
}


def apply_move(state: SceneState, verb: str, action: Mapping[str, Any]) -> SceneState:
    """Apply the move ``verb`` (a key of :data:`MOVES`) described by ``action``.

    Raises:
        InvalidRequest: unknown field or bad shape. IllegalMove: the rules forbid it now.
    """
    fields, func = MOVES[verb]
    reject_unknown(action, fields | {verb, "by", "note"}, f"{verb} action")
    get_text(action, "note", max_len=2000)
    if verb == "roll" and action.get("by") is not None:
        state.participant(action["by"])
    return func(state, action)
