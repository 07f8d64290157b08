"""A Tragedia scene as the page plays it: start, act, undo, view and share one ledger dict.

Rules: ../shared/rules/tragedia.md (seed ``001_0d4b6b4e1f6e6362.txt``); ledger format:
docs/tragedia-scene.md. The page keeps a single JSON-ready **ledger** (setup + actions) and calls
these functions; nothing derived is stored, every view is a replay.

Fairness: a ledger started here has no scene seed. Each roll action gets its own fresh ``seed`` at
the moment it is made (:func:`act`), so nobody can know the dice while the pools are gathered or
while the post-loss decisions are taken; rolls cannot be undone (:func:`undo`), which would be a free
reroll. A scene played with dice rolled elsewhere (``faces``) takes no seeds.

Sheets for the page's forms: :func:`sheet_from_form` / :func:`sheet_to_form` turn the sheet form's
texts (one Trait, Domain or Consequence per line) into a checked sheet dict and back.

Part of the reading core (docs/architecture.md §The reading core, issue #41): a scene link is opened
(:func:`from_fragment`) and viewed (:func:`view`) on MicroPython as on CPython, byte for byte
(tests/test_reading_core.py); written in its pattern (:class:`ExampleSetup` a
:class:`tirada.portable.Struct`, ``portable.merged`` for ``{**a, **b}``).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping, TypedDict

from ...dice import new_seed
from ...errors import IllegalMove, InvalidRequest, LinkError
from ...fields import echo
from ...fresh import entry_id
from ...dice import parse_seed
from ...portable import Struct, merged
from ...wire.codec import decode_payload_versioned, encode_payload
from .roll import RULE_ROLL
from .records import SceneView
from .scene import MAX_ACTIONS, apply, replay, scene_view
from .sheet import RULE_STATE, Sheet
from .state import LEDGER_FORMAT, LEDGER_SCHEMA, new_scene

__all__ = ["EXAMPLE", "ExampleScene", "ExampleSetup", "example_setup", "LINK_KIND", "MAX_LINK_ACTIONS", "act", "can_undo", "check_link", "from_fragment", "ledger_campaign",
           "roll_entries", "sheet_from_form", "sheet_to_form", "start", "to_fragment", "undo", "view"]

LINK_KIND = "scene"
SETUP_KEYS = ("kind", "objective", "sides", "faces", "themes", "participants", "table", "campaign")
MAX_LINK_ACTIONS = MAX_ACTIONS   #: the most actions a scene link may ask to replay (the page's limit)
_DOMAIN_LINE = re.compile(r"^(.*?)\s*=\s*(-?\d+)$")


class ExampleScene(TypedDict):
    """A scene set-up without actions: ``objective``, ``themes`` and ``participants`` (``{"role", "sheet"}``)."""

    objective: str
    themes: list[str]
    participants: list[dict[str, Any]]


#: The seed's example scene (docs/tragedia-scene.md §Complete example) without actions: its four
#: sheets with their roles, the Themes and the Objective, for the page's "load the example" button.
EXAMPLE: ExampleScene = {
    "objective": "Corvo gana su libertad en la arena",
    "themes": ["Sangre y arena", "Libertad", "Traición"],
    "participants": [
        {"role": "protagonist", "sheet": {
            "name": "Corvo", "flaw": "Pasión desesperada", "tragedy": 2,
            "tragedy_text": "Morirá en la arena por amor", "destiny": 0,
            "traits": [{"name": "Si quieres mi sangre..."}, {"name": "Cicatrices de Tracia", "exhausted": True},
                       {"name": "Espada rápida"}]}},
        {"role": "ally", "sheet": {"name": "Livia", "traits": [{"name": "Astuta"}], "flaw": "Celosa",
                                   "destiny": 1, "domains": [{"name": "Tigre", "destiny": 1}]}},
        {"role": "adversary", "sheet": {"name": "Batiato", "flaw": "Avaricia", "destiny": 2,
                                        "traits": [{"name": "Oro de Capua", "exhausted": True},
                                                   {"name": "Voz de mando"}],
                                        "consequences": ["Crueldad"]}},
        {"role": "henchman", "sheet": {"name": "Ashur", "traits": [{"name": "Lengua de serpiente"}],
                                       "flaw": "Cobarde", "destiny": 0}},
    ],
}


class ExampleSetup(Struct):
    """:data:`EXAMPLE` read once, for the page's "load the example" button.

    Attributes:
        objective: the scene's Objective (text).
        themes: the game's Themes, in order.
        sheets: the four participants' sheets, as :class:`~tirada.systems.tragedia.sheet.Sheet` records.
        roles: ``{character name: role}`` (``"protagonist"``, ``"ally"``, ``"adversary"``, ``"henchman"``).
    """

    _fields = ("objective", "themes", "sheets", "roles")
    objective: str
    themes: tuple
    sheets: tuple
    roles: dict

    def __init__(self, objective: str, themes: tuple, sheets: tuple, roles: dict) -> None:
        self._init(objective, themes, sheets, roles)

    @classmethod
    def from_dict(cls, scene: Mapping[str, Any]) -> "ExampleSetup":
        """Read an :class:`ExampleScene` dict.

        Raises:
            InvalidRequest: a participant's sheet that :meth:`Sheet.from_dict` refuses.
        """
        parts = list(scene.get("participants") or [])
        sheets = tuple(Sheet.from_dict(p.get("sheet")) for p in parts)
        return cls(objective=str(scene.get("objective") or ""), themes=tuple(scene.get("themes") or ()),
                   sheets=sheets, roles={s.name: p.get("role") for s, p in zip(sheets, parts)})


def example_setup() -> ExampleSetup:
    """The example scene's set-up (:data:`EXAMPLE`) as an :class:`ExampleSetup`."""
    return ExampleSetup.from_dict(EXAMPLE)


def start(setup: Mapping[str, Any], schema: int = LEDGER_SCHEMA) -> dict:
    """A new ledger from a scene setup (docs/tragedia-scene.md §Setup fields: ``kind``,
    ``objective``, ``sides``, ``faces``?, ``themes``, ``participants``, ``table``?, ``campaign``?),
    with no actions and no scene seed (each roll gets its own, see :func:`act`).

    ``schema`` 2 (the default, what the page makes) signs each roll with the roller's chain
    (:mod:`tirada.systems.tragedia.signed`); 1 makes an older, unsigned ledger (no ``campaign``).

    Raises:
        InvalidRequest / IllegalMove: from :func:`~tirada.systems.tragedia.state.new_scene` (roles, sheets,
        a Transformation scene below Tragedy 5, names too long to sign a roll, …).
    """
    if not isinstance(setup, Mapping):
        raise InvalidRequest("a scene setup must be a JSON object", code="tragedia.setup_object")
    ledger = {"format": LEDGER_FORMAT, "schema": schema}
    ledger.update({k: setup[k] for k in SETUP_KEYS if setup.get(k) is not None})
    ledger["actions"] = []
    new_scene(ledger)
    return ledger


def act(ledger: Mapping[str, Any], action: Mapping[str, Any], seed: str | None = None,
        commit: Callable[[str, str], dict] | None = None) -> dict:
    """The ledger with ``action`` appended, after checking it against the replayed scene.

    A roll action (``{"roll": …}``) without its own ``faces`` (dice rolled elsewhere), in a ledger
    with neither ``faces`` nor a scene ``seed``, gets ``seed`` (default: a fresh
    :func:`~tirada.dice.new_seed`) — picked now, at the moment of rolling. In a schema-2 ledger that
    roll names who rolls (``by``) and, once it is known to be legal, takes that roller's next chain
    number: ``commit(by, seed) -> {"seq", "prev"}`` (the page reserves it in the chain it stores,
    :func:`tirada.links.chain.reserve`; a refused roll takes no number). ``ledger`` itself is not
    changed.

    Raises:
        InvalidRequest / IllegalMove: the action is malformed or the rules refuse it now (the same
        errors as :func:`~tirada.systems.tragedia.scene.apply`); a schema-2 roll without ``commit``
        (``tragedia.roll_unsigned``).
    """
    state = replay(ledger)
    if not isinstance(action, Mapping):
        raise InvalidRequest("an action must be a JSON object", code="tragedia.action_object")
    action = {k: v for k, v in action.items() if k != "chain"}
    signs = False
    if "roll" in action and action.get("faces") is None and ledger.get("faces") is None:
        if action.get("seed") is None and ledger.get("seed") is None:
            action["seed"] = seed or new_seed()
        signs = state.schema == 2
    if signs:   # legal first (on a throwaway position), then the number is taken
        apply(state, merged(action, {"chain": {"seq": 1, "prev": None}}))
        if commit is None:
            raise InvalidRequest("this roll needs its place in the roller's chain", field="chain",
                                 code="tragedia.roll_unsigned")
        position = commit(str(action["by"]), str(action["seed"]))
        action["chain"] = {"seq": position["seq"], "prev": position["prev"]}
    apply(state, action)
    out = merged(ledger, {"actions": list(ledger.get("actions") or []) + [action]})
    replay(out)      # the whole ledger still replays (e.g. no faces left over once decided)
    return out


def can_undo(ledger: Mapping[str, Any]) -> bool:
    """True when the last action exists and is not a roll (rolls cannot be undone)."""
    actions = ledger.get("actions") or []
    return bool(actions) and "roll" not in actions[-1]


def undo(ledger: Mapping[str, Any]) -> dict:
    """The ledger without its last action.

    Raises:
        IllegalMove: no action to undo, or the last one is a roll (undoing it would be a free
        reroll; tragedia.md §The final roll).
    """
    if not (ledger.get("actions") or []):
        raise IllegalMove("there is nothing to undo", field="actions", rule=RULE_ROLL,
                          code="tragedia.nothing_to_undo")
    if not can_undo(ledger):
        raise IllegalMove("a roll cannot be undone (it would be a free reroll)", field="actions",
                          rule=RULE_ROLL, code="tragedia.roll_no_undo")
    return merged(ledger, {"actions": list(ledger["actions"][:-1])})


def view(ledger: Mapping[str, Any]) -> SceneView:
    """:func:`~tirada.systems.tragedia.scene.scene_view` of the replayed ledger with ``can_undo``,
    ``given_faces`` (True when some dice were rolled elsewhere: not a verifiable roll) and ``signed``
    (True for a schema-2 ledger: its rolls take numbers in the rollers' chains) set
    (:class:`~tirada.systems.tragedia.records.SceneView`; ``.to_dict()`` is its JSON).

    Raises:
        InvalidRequest / IllegalMove: the ledger does not replay.
    """
    given = ledger.get("faces") is not None or any(
        isinstance(a, dict) and a.get("faces") is not None for a in ledger.get("actions") or [])
    return scene_view(replay(ledger)).replace(
        can_undo=can_undo(ledger),
        signed=ledger.get("schema") == 2,   # rolls signed by the roller's chain (what the link proves)
        given_faces=given)


def ledger_campaign(ledger: Mapping[str, Any] | None) -> Any:
    """The campaign a scene ledger (:func:`start`) names, as the ledger holds it (a text, or ``None``: no
    ledger, or a scene played with no campaign); the page numbers the scene's rolls in that campaign's chain."""
    return (ledger or {}).get("campaign")


def to_fragment(ledger: Mapping[str, Any]) -> str:
    """The scene as a share-link fragment (kind ``"scene"``, docs/link-format.md): ``t2…`` for a
    schema-2 ledger (signed rolls), ``t1…`` for an older one; the setup, the actions and their
    seeds (and chain positions), never a result. The ledger is replayed first.

    Raises:
        InvalidRequest / IllegalMove: the ledger does not replay; LinkError: it is too large.
    """
    state = replay(ledger)
    return encode_payload(LINK_KIND, dict(ledger), version=2 if state.schema == 2 else 1)


def check_link(version: int, obj: Any) -> dict:
    """The ledger a scene link holds, checked as the page opens it (the thread audit calls this
    too, so both refuse the same links): a JSON object of at most :data:`MAX_LINK_ACTIONS` actions,
    format 2 exactly for a schema-2 ledger, and replayed.

    Raises:
        LinkError: not a ledger, too many actions, or a format that does not match its schema.
        InvalidRequest / IllegalMove: the scene does not replay.
    """
    if not isinstance(obj, dict):
        raise LinkError("this link does not hold a Tragedia scene", field="link", code="link.wrong_kind_scene",
                        params={"kind": type(obj).__name__[:20]})
    actions = obj.get("actions")
    if isinstance(actions, list) and len(actions) > MAX_LINK_ACTIONS:
        raise LinkError(f"this scene link has too many actions to replay ({len(actions)}; at most "
                        f"{MAX_LINK_ACTIONS})", field="actions", code="tragedia.link_too_many_actions",
                        params={"got": len(actions), "n": MAX_LINK_ACTIONS})
    state = replay(obj)
    if (state.schema == 2) != (version == 2):
        raise LinkError("a scene with signed rolls travels in a format 2 link, an older one in format 1",
                        field="link", code="tragedia.link_format_schema")
    return obj


def from_fragment(fragment: str) -> dict:
    """The ledger in a scene link (full URL, ``#t1…``/``#t2…`` or the bare fragment), checked by
    :func:`check_link`.

    Raises:
        LinkError: not a readable link, or a link of another kind.
        InvalidRequest / IllegalMove: the scene in the link does not replay.
    """
    version, kind, obj = decode_payload_versioned(fragment)
    if kind != LINK_KIND:
        raise LinkError(f"this is a {kind} link, not a Tragedia scene", field="link",
                        code="link.wrong_kind_scene", params={"kind": str(kind)[:20]})
    return check_link(version, obj)


def roll_entries(ledger: Mapping[str, Any]) -> list:
    """The chain entries of a ledger's signed rolls (for the thread audit), in action order.

    Returns:
        ``[{"action": index, "stage": "final" | "post_loss", "roller": the ``by`` name, "campaign":
        str | None, "seq", "prev", "id"}]`` (``id`` = :func:`~tirada.fresh.entry_id` of the roll's
        seed at that position); ``[]`` for a schema-1 ledger. The ledger must already replay
        (:func:`check_link`).
    """
    if ledger.get("schema") != 2:
        return []
    out = []
    for i, action in enumerate(ledger.get("actions") or []):
        chain = action.get("chain") if isinstance(action, Mapping) else None
        if chain is None:
            continue
        out.append({"action": i, "stage": action["roll"], "roller": action["by"],
                    "campaign": ledger.get("campaign") or None, "seq": chain["seq"],
                    "prev": chain["prev"].lower() if chain["prev"] else None,
                    "id": entry_id(chain["seq"], chain["prev"], parse_seed(action["seed"]))})
    return out


# ------------------------------------------------------------------------------- sheet forms
def _lines(text: Any) -> list:
    return [line.strip() for line in str(text or "").splitlines() if line.strip()]


def _number(fields: Mapping[str, Any], key: str, default: int) -> int:
    raw = str(fields.get(key) if fields.get(key) is not None else "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise InvalidRequest("must be a whole number", field=key, rule=RULE_STATE,
                             code="field.not_int", params={"got": echo(repr(raw), 40)}) from None


def sheet_from_form(fields: Mapping[str, Any]) -> dict:
    """A checked sheet dict (:meth:`Sheet.to_dict`) from the page's sheet form.

    Args:
        fields: texts ``name``, ``flaw``, ``tragedy``, ``tragedy_text``, ``destiny``, ``victories``
        (empty numbers take the defaults 1 / 0 / 0), and one item per line: ``traits`` (fresh),
        ``exhausted`` (exhausted Traits), ``domains`` (``Name = Destiny``, 0 = floating),
        ``consequences``.
    Raises:
        InvalidRequest: a number that is not one, a Domain line without ``= n``, or anything
        :meth:`Sheet.from_dict` refuses (field names the form field).
    """
    domains = []
    for line in _lines(fields.get("domains")):
        match = _DOMAIN_LINE.match(line)
        if not match or not match.group(1):
            raise InvalidRequest(f"write each Domain as 'Name = Destiny', got {line[:40]!r}",
                                 field="domains", rule=RULE_STATE,
                                 code="tragedia.domain_line", params={"line": line[:40]})
        domains.append({"name": match.group(1), "destiny": int(match.group(2))})
    raw = {
        "name": str(fields.get("name") or ""),
        "flaw": str(fields.get("flaw") or "").strip(),
        "tragedy": _number(fields, "tragedy", 1),
        "tragedy_text": str(fields.get("tragedy_text") or "").strip(),
        "destiny": _number(fields, "destiny", 0),
        "victories": _number(fields, "victories", 0),
        "traits": [{"name": n} for n in _lines(fields.get("traits"))]
        + [{"name": n, "exhausted": True} for n in _lines(fields.get("exhausted"))],
        "domains": domains,
        "consequences": _lines(fields.get("consequences")),
    }
    try:
        return Sheet.from_dict(raw, "").to_dict()
    except InvalidRequest as err:
        field = (err.field or "").lstrip(".").split("[")[0].split(".")[0] or None
        raise InvalidRequest(err.message, field=field, rule=err.rule, code=err.code, params=err.params) from None


def sheet_to_form(sheet: Mapping[str, Any]) -> dict:
    """The form texts of a sheet dict (inverse of :func:`sheet_from_form`).

    Raises:
        InvalidRequest: ``sheet`` is not a valid sheet.
    """
    s = Sheet.from_dict(sheet)
    return {
        "name": s.name, "flaw": s.flaw, "tragedy": str(s.tragedy), "tragedy_text": s.tragedy_text,
        "destiny": str(s.destiny), "victories": str(s.victories),
        "traits": "\n".join(t.name for t in s.traits if not t.exhausted),
        "exhausted": "\n".join(t.name for t in s.traits if t.exhausted),
        "domains": "\n".join(f"{d.name} = {d.destiny}" for d in s.domains),
        "consequences": "\n".join(s.consequences),
    }
