"""Tragedia dice sources: one small rule per source, each returning the new scene state.

Rules: ../shared/rules/tragedia.md §Gathering dice (table and Domains) and §The final roll ("If the
Protagonist loses") (seed ``001_0d4b6b4e1f6e6362.txt``). An action ``{"add": SOURCE, "by": NAME,
…, "note": "…"}`` is applied by ``SOURCES[SOURCE].apply(state, actor, action)``; an add the rules
forbid raises :class:`~tirada.errors.IllegalMove` naming the rule, and the state it was applied to is
unchanged (states are frozen values).

Decisions (tagged [decision] in the rule file or taken here, listed in docs/tragedia-scene.md):
the Flaw, support, "Tragedy 5" and each Consequence are used at most once per scene; Tragedy rises
at most once before the roll and once after a loss; a Trait created with 4 Destiny gives the die
and is exhausted; a Theme created with 4 Destiny is exhausted for this scene; a Trait can be turned
against once per scene; Allies and Henchmen use a Domain at most as many times per scene as it has
Destiny (free), the Protagonist and the Adversary spend 1 of its Destiny per use; a non-Protagonist
may instead pay 1 of their own Destiny to use one of their (non-floating) Domains without spending
its Destiny nor counting a use (Destiny use ``domain``); with several Protagonists each raises their
own Tragedy and brings their own Flaw once, and a Henchman / the Adversary names the Protagonist
(``owner`` / ``target``) whose Trait or Tragedy 5 they use.

Reading core (docs/architecture.md §How the core is written, issue #41): :class:`Source` is a Struct;
refusals list names in tuple order (:data:`SOURCE_NAMES`, :data:`DESTINY_USES`), never a dict's.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ...errors import IllegalMove, InvalidRequest
from ...fields import get_int, get_text, reject_unknown
from ...names import check_name
from ...portable import Struct
from .sheet import MAX_NAME, MAX_TRAGEDY, RULE_STATE, Domain, Trait
from .state import Participant, SceneState

__all__ = ["DESTINY_PRICES", "DESTINY_USES", "SOURCES", "SOURCE_NAMES", "Source", "RULES"]

_R = "tragedia.md §Gathering dice"
RULES = {
    "trait": f"{_R} (Trait)", "theme": f"{_R} (Theme)", "destiny": f"{_R} (Destiny)",
    "tragedy": f"{_R} (Tragedy)", "domain": f"{_R} (Domains)", "flaw": f"{_R} (Flaw)",
    "turned_trait": f"{_R} (exhausted Trait turned against)", "consequence": f"{_R} (Consequence)",
    "tragedy_5": f"{_R} (Tragedy 5)", "support": f"{_R} (support)",
    "last_die": "tragedia.md §The final roll (If the Protagonist loses)",
}
#: Destiny uses, in order, and use → price (tragedia.md §Gathering dice, Destiny 1 / 2 / 4). ``domain``: seed
#: 001, "1 punto de Destino te permite reutilizar un Rasgo agotado O usar un Dominio (si no estás jugando como Protagonista)".
DESTINY_USES = ("exhausted_trait", "improvised", "npc_event", "new_trait", "new_theme", "domain")
DESTINY_PRICES = dict(zip(DESTINY_USES, (1, 2, 2, 4, 4, 1)))
COMMON = {"add", "by", "note"}
MAX_NOTE = 2000


class Source(Struct):
    """A dice source: ``fields`` it reads besides ``add``/``by``/``note``, the ``phases`` it may be
    added in, and ``apply(state, actor, action) -> SceneState``."""

    _fields = ("fields", "phases", "apply")
    fields: frozenset
    phases: tuple
    apply: Callable

    def __init__(self, fields: frozenset, phases: tuple, apply: Callable) -> None:
        self._init(fields, phases, apply)


def _refuse(source: str, message: str, field: str = "add", *, code: str, params: dict | None = None) -> IllegalMove:
    """The IllegalMove for ``source``'s rule; ``field`` names the action field at fault, ``code`` and
    ``params`` are the error's stable code and values (tirada.errors)."""
    return IllegalMove(message, field=field, rule=RULES[source], code=code, params=params)


def _name(action: Mapping[str, Any], key: str) -> str:
    text = check_name(action.get(key), key, required=False, max_len=MAX_NAME).strip()
    if not text:
        raise InvalidRequest("is required", field=key, code="field.required")
    return text


def _note(action: Mapping[str, Any]) -> str:
    return get_text(action, "note", max_len=MAX_NOTE)


def _mark_adversary_in(state: SceneState, actor: Participant) -> SceneState:
    """The Adversary's character is in the scene once it used one of its own Traits."""
    return state.replace(adversary_in_scene=True) if actor.role == "adversary" else state


def _add_trait(state: SceneState, actor: Participant, action: Mapping[str, Any]) -> SceneState:
    """Trait: its owner takes 1 die; the Trait becomes exhausted."""
    name = _name(action, "trait")
    trait = actor.sheet.trait(name)
    if trait is None:
        raise _refuse("trait", f"{actor.name} has no Trait {name!r}", field="trait",
                      code="tragedia.no_trait", params={"name": actor.name, "trait": name})
    if trait.exhausted:
        raise _refuse("trait", f"the Trait {name!r} is exhausted; reuse it with 1 Destiny",
                      field="trait", code="tragedia.trait_exhausted", params={"trait": name})
    state = state.with_sheet(actor.sheet.with_trait(trait.replace(exhausted=True)))
    return _mark_adversary_in(state, actor).contribute("trait", actor, 1, name, _note(action))


def _add_theme(state: SceneState, actor: Participant, action: Mapping[str, Any]) -> SceneState:
    """Theme: anyone takes 1 die; the Theme is exhausted for everyone until the next scene."""
    name = _name(action, "theme")
    if name not in state.themes:
        raise _refuse("theme", f"{name!r} is not one of this game's Themes", field="theme",
                      code="tragedia.not_theme", params={"theme": name})
    if name in state.exhausted_themes:
        raise _refuse("theme", f"the Theme {name!r} was already used in this scene", field="theme",
                      code="tragedia.theme_used", params={"theme": name})
    state = state.replace(exhausted_themes=state.exhausted_themes + (name,))
    return state.contribute("theme", actor, 1, name, _note(action))


def _add_destiny(state: SceneState, actor: Participant, action: Mapping[str, Any]) -> SceneState:
    """Destiny: pay 1 (reuse an exhausted Trait; or, not the Protagonist, use a Domain), 2
    (improvised die; NPC/event, not the Protagonist) or 4 (new Trait within 7 − Tragedy; new Theme if
    every other player pays 1).

    Use ``domain`` (seed 001, "1 punto de Destino te permite [...] usar un Dominio (si no estás
    jugando como Protagonista)") [decision]: own Destiny paid for an own, non-floating Domain, which
    keeps its Destiny; no per-scene use counted. IllegalMove: the Protagonist; unknown/floating."""
    use = action.get("use")
    if not isinstance(use, str) or use not in DESTINY_PRICES:
        raise InvalidRequest("must be one of " + ", ".join(DESTINY_USES), field="use", code="field.choice",
                             params={"choices": ", ".join(DESTINY_USES), "got": repr(use)[:40]})
    price = DESTINY_PRICES[use]
    if action.get("price") is not None and get_int(action, "price") != price:
        raise _refuse("destiny", f"{use} costs {price} Destiny", field="price",
                      code="tragedia.price_wrong", params={"n": price})
    sheet = actor.sheet
    if sheet.destiny < price:
        raise _refuse("destiny", f"{use} costs {price} Destiny and {actor.name} has {sheet.destiny}", field="use",
                      code="tragedia.destiny_cost", params={"name": actor.name, "n": price, "destiny": sheet.destiny})
    detail = use
    if use == "exhausted_trait":
        name = _name(action, "trait")
        trait = sheet.trait(name)
        if trait is None or not trait.exhausted:
            raise _refuse("destiny", f"{actor.name} has no exhausted Trait {name!r}", field="trait",
                          code="tragedia.no_exhausted_trait", params={"name": actor.name, "trait": name})
        detail, state = f"{use}: {name}", _mark_adversary_in(state, actor)
    elif use == "npc_event" and actor.role == "protagonist":
        raise _refuse("destiny", "the Protagonist cannot create an NPC or event", field="use",
                      code="tragedia.npc_protagonist")
    elif use == "domain":
        if actor.role == "protagonist":
            raise _refuse("destiny", "the Protagonist cannot pay Destiny to use a Domain", field="use",
                          code="tragedia.domain_destiny_protagonist")
        name = _name(action, "domain")
        domain = sheet.domain(name)
        if domain is None:
            raise _refuse("destiny", f"{actor.name} has no Domain {name!r}", field="domain",
                          code="tragedia.no_domain", params={"name": actor.name, "domain": name})
        if domain.floating:
            raise _refuse("destiny", f"the Domain {name!r} has no Destiny left: it is floating",
                          field="domain", code="tragedia.domain_floating_use", params={"domain": name})
        detail = f"{use}: {name}"
    elif use == "new_trait":
        name = _name(action, "trait")
        if sheet.trait(name) is not None:
            raise _refuse("destiny", f"{actor.name} already has the Trait {name!r}", field="trait",
                          code="tragedia.has_trait", params={"name": actor.name, "trait": name})
        if len(sheet.traits) >= sheet.trait_limit:
            raise IllegalMove(f"{actor.name} already has {len(sheet.traits)} Traits, the most allowed "
                              f"at Tragedy {sheet.tragedy} (7 − Tragedy)", field="trait",
                              rule="tragedia.md §Character state the tool keeps", code="tragedia.trait_limit",
                              params={"name": actor.name, "got": len(sheet.traits), "tragedy": sheet.tragedy})
        sheet, detail = sheet.with_trait(Trait(name, exhausted=True)), f"{use}: {name}"
        state = _mark_adversary_in(state, actor)
    elif use == "new_theme":
        name = _name(action, "theme")
        if name in state.themes:
            raise _refuse("destiny", f"{name!r} is already a Theme", field="theme",
                          code="tragedia.theme_exists", params={"theme": name})
        broke = [p.name for p in state.participants if p.name != actor.name and p.sheet.destiny < 1]
        if broke:
            raise _refuse("destiny", "a new Theme needs 1 Destiny from every other player; "
                          + ", ".join(broke) + " has none", field="use", code="tragedia.theme_needs_destiny")
        for p in state.participants:
            if p.name != actor.name:
                state = state.with_sheet(p.sheet.add_destiny(-1))
        state = state.replace(themes=state.themes + (name,), exhausted_themes=state.exhausted_themes + (name,))
        detail = f"{use}: {name}"
    state = state.with_sheet(sheet.add_destiny(-price))
    return state.contribute("destiny", actor, 1, detail, _note(action))


def _add_tragedy(state: SceneState, actor: Participant, action: Mapping[str, Any]) -> SceneState:
    """Tragedy: a Protagonist raises their own by 1 (max 5) and takes as many dice as the new
    level; once before the roll and once after a loss (each Protagonist, when there are several)."""
    if actor.role != "protagonist":
        raise _refuse("tragedy", "only the Protagonist raises their Tragedy for dice", field="by",
                      code="tragedia.tragedy_protagonist")
    sheet = actor.sheet
    if sheet.tragedy >= MAX_TRAGEDY:
        raise _refuse("tragedy", f"{actor.name}'s Tragedy is already at its maximum, {MAX_TRAGEDY}",
                      code="tragedia.tragedy_max", params={"name": actor.name, "n": MAX_TRAGEDY})
    stage = state.phase
    if state.used("tragedy", stage, actor.name):
        when = "after the loss" if stage == "post_loss" else "before the roll"
        raise _refuse("tragedy", f"Tragedy can rise only once {when}",
                      code="tragedia.tragedy_once_after" if stage == "post_loss" else "tragedia.tragedy_once_before")
    level = sheet.tragedy + 1
    state = state.with_sheet(sheet.replace(tragedy=level)).mark("tragedy", stage, actor.name)
    return state.contribute("tragedy", actor, level, f"Tragedy {level}", _note(action))


def _add_domain(state: SceneState, actor: Participant, action: Mapping[str, Any]) -> SceneState:
    """Domain: its owner takes 1 die. Ally/Henchman: free, as many uses this scene as its Destiny;
    Protagonist/Adversary: each use spends 1 of its Destiny (0 left = floating)."""
    name = _name(action, "domain")
    domain = actor.sheet.domain(name)
    if domain is None:
        raise _refuse("domain", f"{actor.name} has no Domain {name!r}", field="domain",
                      code="tragedia.no_domain", params={"name": actor.name, "domain": name})
    if domain.floating:
        raise _refuse("domain", f"the Domain {name!r} has no Destiny left: it is floating, "
                      "any other player may take it for Destiny", field="domain",
                      code="tragedia.domain_floating", params={"domain": name})
    sheet = actor.sheet
    if actor.role in ("ally", "henchman"):
        if state.used("domain", actor.name, name) >= domain.destiny:
            raise _refuse("domain", f"the Domain {name!r} has {domain.destiny} Destiny: "
                          f"used {domain.destiny} time(s) in this scene already", field="domain",
                          code="tragedia.domain_used", params={"domain": name, "n": domain.destiny})
    else:
        sheet = sheet.with_domain(Domain(name, domain.destiny - 1))
    state = state.with_sheet(sheet).mark("domain", actor.name, name)
    return state.contribute("domain", actor, 1, name, _note(action))


def _add_flaw(state: SceneState, actor: Participant, action: Mapping[str, Any]) -> SceneState:
    """Flaw: the Protagonist gives 1 or 2 dice to the Adversary for +1 Destiny and the ties
    (2 dice: also +1 automatic success); once per scene."""
    if actor.role != "protagonist":
        raise _refuse("flaw", "only the Protagonist brings their Flaw into play", field="by",
                      code="tragedia.flaw_protagonist")
    dice = get_int(action, "dice", lo=1, hi=2, rule=RULES["flaw"])
    if state.used("flaw", actor.name):
        raise _refuse("flaw", "the Flaw was already brought into play in this scene", code="tragedia.flaw_used")
    state = state.with_sheet(actor.sheet.add_destiny(1)).mark("flaw", actor.name)
    state = state.replace(protagonist_wins_ties=True, auto_successes=state.auto_successes + (1 if dice == 2 else 0))
    return state.contribute("flaw", actor, dice, actor.sheet.flaw, _note(action), side="adversary")


def _add_turned_trait(state: SceneState, actor: Participant, action: Mapping[str, Any]) -> SceneState:
    """Exhausted Trait turned against: a Henchman uses the Protagonist's (``owner`` names which
    Protagonist when there are several), an Ally the Adversary character's (once it is in the
    scene); the Trait renews at the end of the scene."""
    if actor.role == "henchman":
        owner = _named_protagonist(state, action, "owner", "turned_trait")
    elif actor.role == "ally":
        owner = state.adversary
        if action.get("owner") is not None and action.get("owner") != owner.name:
            raise _refuse("turned_trait", "an Ally turns the Adversary character's Traits", field="owner",
                          code="tragedia.turned_owner_ally")
        if not state.adversary_in_scene:
            raise _refuse("turned_trait", "the Adversary's character is not in the scene yet",
                          field="by", code="tragedia.adversary_absent")
    else:
        raise _refuse("turned_trait", "only a Henchman or an Ally turns an exhausted Trait against "
                      "its owner", field="by", code="tragedia.turn_trait_role")
    name = _name(action, "trait")
    trait = owner.sheet.trait(name)
    if trait is None or not trait.exhausted:
        raise _refuse("turned_trait", f"{owner.name} has no exhausted Trait {name!r}", field="trait",
                      code="tragedia.no_exhausted_trait", params={"name": owner.name, "trait": name})
    if state.used("turned", owner.name, name):
        raise _refuse("turned_trait", f"the Trait {name!r} was already turned against {owner.name}",
                      field="trait", code="tragedia.trait_turned", params={"trait": name, "name": owner.name})
    state = state.mark("turned", owner.name, name)
    return state.contribute("turned_trait", actor, 1, f"{owner.name}: {name}", _note(action))


def _add_consequence(state: SceneState, actor: Participant, action: Mapping[str, Any]) -> SceneState:
    """Consequence: an opponent of its character takes 1 die; each once per scene."""
    target = state.participant(action.get("target"), field="target")
    if target.side == actor.side:
        raise _refuse("consequence", f"only {target.name}'s opponents use their Consequences",
                      field="target", code="tragedia.consequence_opponents", params={"name": target.name})
    name = _name(action, "consequence")
    if name not in target.sheet.consequences:
        raise _refuse("consequence", f"{target.name} has no Consequence {name!r}", field="consequence",
                      code="tragedia.no_consequence", params={"name": target.name, "consequence": name})
    if state.used("consequence", target.name, name):
        raise _refuse("consequence", f"the Consequence {name!r} was already used in this scene",
                      field="consequence", code="tragedia.consequence_used", params={"consequence": name})
    state = state.mark("consequence", target.name, name)
    return state.contribute("consequence", actor, 1, f"{target.name}: {name}", _note(action))


def _named_protagonist(state: SceneState, action: Mapping[str, Any], key: str, source: str) -> Participant:
    """The Protagonist named by ``action[key]``, or the only one when ``key`` is absent.

    Raises:
        InvalidRequest: several Protagonists and no ``key``; IllegalMove: ``key`` names someone who
        is not a Protagonist.
    """
    if action.get(key) is None:
        if len(state.protagonists) > 1:
            raise InvalidRequest("name the Protagonist: this scene has several", field=key,
                                 code="tragedia.name_protagonist")
        return state.protagonist
    who = state.participant(action.get(key), field=key)
    if who.role != "protagonist":
        raise _refuse(source, f"{who.name} is not a Protagonist", field=key,
                      code="tragedia.not_protagonist", params={"name": who.name})
    return who


def _add_tragedy_5(state: SceneState, actor: Participant, action: Mapping[str, Any]) -> SceneState:
    """Tragedy 5: the Adversary takes 2 dice by bringing the Protagonist's Tragedy into the story
    while it is at 5; once per scene (per Protagonist at 5, named by ``target`` when there are
    several)."""
    if actor.role != "adversary":
        raise _refuse("tragedy_5", "only the Adversary takes the Tragedy 5 dice", field="by",
                      code="tragedia.tragedy5_adversary")
    hero = _named_protagonist(state, action, "target", "tragedy_5")
    if hero.sheet.tragedy < MAX_TRAGEDY:
        raise _refuse("tragedy_5", f"the Protagonist's Tragedy is {hero.sheet.tragedy}, not 5",
                      code="tragedia.tragedy5_level", params={"tragedy": hero.sheet.tragedy})
    if state.used("tragedy_5", hero.name):
        raise _refuse("tragedy_5", "the Tragedy 5 dice were already taken in this scene", code="tragedia.tragedy5_used")
    detail = "Tragedy 5" if len(state.protagonists) == 1 else f"Tragedy 5: {hero.name}"
    return state.mark("tragedy_5", hero.name).contribute("tragedy_5", actor, 2, detail, _note(action))


def _add_support(state: SceneState, actor: Participant, action: Mapping[str, Any]) -> SceneState:
    """Support: one narrated die per Ally or Henchman per scene [decision]."""
    if actor.role not in ("ally", "henchman"):
        raise _refuse("support", "only an Ally or a Henchman adds a support die", field="by",
                      code="tragedia.support_role")
    if state.used("support", actor.name):
        raise _refuse("support", f"{actor.name} already added a support die in this scene", field="by",
                      code="tragedia.support_used", params={"name": actor.name})
    return state.mark("support", actor.name).contribute("support", actor, 1, "", _note(action))


def _add_last_die(state: SceneState, actor: Participant, action: Mapping[str, Any]) -> SceneState:
    """Last die: after a loss and the Protagonist's new Tragedy dice, each other player may add one
    die to their own side [decision: free]."""
    if actor.role == "protagonist":
        raise _refuse("last_die", "the last dice are for the other players", field="by", code="tragedia.last_dice_role")
    if not state.raised("post_loss"):
        raise _refuse("last_die", "the last dice come only after the Protagonist raises Tragedy again",
                      code="tragedia.last_dice_when")
    if state.used("last_die", actor.name):
        raise _refuse("last_die", f"{actor.name} already added their last die", field="by",
                      code="tragedia.last_die_used", params={"name": actor.name})
    return state.mark("last_die", actor.name).contribute("last_die", actor, 1, "", _note(action))


_G, _P = ("gathering",), ("post_loss",)
#: source id → :class:`Source` (the ``add`` value of an action); :data:`SOURCE_NAMES`: the ids in order
SOURCE_NAMES = ("trait", "theme", "destiny", "tragedy", "domain", "flaw", "turned_trait", "consequence", "tragedy_5",
                "support", "last_die")
SOURCES = {
    "trait": Source(frozenset({"trait"}), _G, _add_trait),
    "theme": Source(frozenset({"theme"}), _G, _add_theme),
    "destiny": Source(frozenset({"use", "price", "trait", "theme", "domain"}), _G, _add_destiny),
    "tragedy": Source(frozenset(), ("gathering", "post_loss"), _add_tragedy),
    "domain": Source(frozenset({"domain"}), _G, _add_domain),
    "flaw": Source(frozenset({"dice"}), _G, _add_flaw),
    "turned_trait": Source(frozenset({"trait", "owner"}), _G, _add_turned_trait),
    "consequence": Source(frozenset({"target", "consequence"}), _G, _add_consequence),
    "tragedy_5": Source(frozenset({"target"}), _G, _add_tragedy_5),
    "support": Source(frozenset(), _G, _add_support),
    "last_die": Source(frozenset(), _P, _add_last_die),
}


def apply_add(state: SceneState, action: Mapping[str, Any]) -> SceneState:
    """Apply ``{"add": SOURCE, "by": NAME, …}``.

    Raises:
        InvalidRequest: unknown source, unknown field, unknown participant, a missing name.
        IllegalMove: the source's rule forbids it now (wrong phase, role, used up, …); the actor is
            over the Trait limit ``7 − Tragedy`` and tries to use a Trait (their own, or one reused
            with Destiny) before choosing which Trait goes (tragedia.md §Character state the tool
            keeps; seed 001: "Rasgos: máximo 7 − Tragedia").
    """
    source = action.get("add")
    if not isinstance(source, str) or source not in SOURCES:
        raise InvalidRequest("must be one of " + ", ".join(SOURCE_NAMES), field="add",
                             code="field.choice", params={"choices": ", ".join(SOURCE_NAMES), "got": repr(source)[:40]})
    spec = SOURCES[source]
    reject_unknown(action, COMMON | spec.fields, f"add {source}")
    actor = state.participant(action.get("by"))
    uses_trait = source == "trait" or (source == "destiny" and action.get("use") == "exhausted_trait")
    if uses_trait and actor.sheet.trait_excess:
        raise IllegalMove(f"{actor.name} is over the Trait limit (7 − Tragedy = {actor.sheet.trait_limit}): "
                          "drop a Trait before using one", field="add", rule=RULE_STATE,
                          code="tragedia.over_trait_limit", params={"name": actor.name, "n": actor.sheet.trait_limit})
    if state.phase not in spec.phases:
        when = "before the final roll" if spec.phases == _G else "after a lost roll"
        raise IllegalMove(f"{source} dice can be added only {when}", field="add", rule=RULES[source],
                          code="tragedia.source_before_roll" if spec.phases == _G else "tragedia.source_after_loss",
                          params={"source": source})
    return spec.apply(state, actor, action)
