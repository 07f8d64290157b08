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
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from ...dice import new_seed
from ...errors import IllegalMove, InvalidRequest, LinkError
from ...fields import echo
from ...links.codec import decode_payload, encode_payload
from .roll import RULE_ROLL
from .scene import apply, replay, scene_view
from .sheet import RULE_STATE, Sheet
from .state import LEDGER_FORMAT, LEDGER_SCHEMA, new_scene

__all__ = ["EXAMPLE", "LINK_KIND", "act", "can_undo", "from_fragment", "sheet_from_form", "sheet_to_form",
           "start", "to_fragment", "undo", "view"]

LINK_KIND = "scene"
SETUP_KEYS = ("kind", "objective", "sides", "faces", "themes", "participants", "table")
_DOMAIN_LINE = re.compile(r"^(.*?)\s*=\s*(-?\d+)$")

#: The seed's example scene (docs/tragedia-scene.md §Complete example) without actions: its four
#: sheets with their roles, the Themes and the Objective, for the page's "load the example" button.
EXAMPLE = {
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


def start(setup: Mapping[str, Any]) -> dict:
    """A new ledger from a scene setup (docs/tragedia-scene.md §Setup fields: ``kind``,
    ``objective``, ``sides``, ``faces``?, ``themes``, ``participants``), with no actions and no
    scene seed (each roll gets its own, see :func:`act`).

    Raises:
        InvalidRequest / IllegalMove: from :func:`~tirada.systems.tragedia.state.new_scene` (roles, sheets,
        a Transformation scene below Tragedy 5, …).
    """
    if not isinstance(setup, Mapping):
        raise InvalidRequest("a scene setup must be a JSON object", code="tragedia.setup_object")
    ledger = {"format": LEDGER_FORMAT, "schema": LEDGER_SCHEMA}
    ledger.update({k: setup[k] for k in SETUP_KEYS if setup.get(k) is not None})
    ledger["actions"] = []
    new_scene(ledger)
    return ledger


def act(ledger: Mapping[str, Any], action: Mapping[str, Any], seed: str | None = None) -> dict:
    """The ledger with ``action`` appended, after checking it against the replayed scene.

    A roll action (``{"roll": …}``) without its own ``faces`` (dice rolled elsewhere), in a ledger
    with neither ``faces`` nor a scene ``seed``, gets ``seed`` (default: a fresh
    :func:`~tirada.dice.new_seed`) — picked now, at the moment of rolling. ``ledger`` itself is not
    changed.

    Raises:
        InvalidRequest / IllegalMove: the action is malformed or the rules refuse it now (the same
        errors as :func:`~tirada.systems.tragedia.scene.apply`).
    """
    state = replay(ledger)
    if not isinstance(action, Mapping):
        raise InvalidRequest("an action must be a JSON object", code="tragedia.action_object")
    action = dict(action)
    if ("roll" in action and action.get("seed") is None and action.get("faces") is None
            and ledger.get("faces") is None and ledger.get("seed") is None):
        action["seed"] = seed or new_seed()
    apply(state, action)
    out = {**ledger, "actions": [*(ledger.get("actions") or []), action]}
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
    return {**ledger, "actions": list(ledger["actions"][:-1])}


def view(ledger: Mapping[str, Any]) -> dict:
    """:func:`~tirada.systems.tragedia.scene.scene_view` of the replayed ledger plus ``can_undo`` and
    ``given_faces`` (True when some dice were rolled elsewhere: not a verifiable roll).

    Raises:
        InvalidRequest / IllegalMove: the ledger does not replay.
    """
    out = scene_view(replay(ledger))
    out["can_undo"] = can_undo(ledger)
    out["given_faces"] = ledger.get("faces") is not None or any(
        isinstance(a, dict) and a.get("faces") is not None for a in ledger.get("actions") or [])
    return out


def to_fragment(ledger: Mapping[str, Any]) -> str:
    """The scene as a share-link fragment ``t1…`` (kind ``"scene"``, docs/link-format.md): the setup,
    the actions and their seeds, never a result. The ledger is replayed first.

    Raises:
        InvalidRequest / IllegalMove: the ledger does not replay; LinkError: it is too large.
    """
    replay(ledger)
    return encode_payload(LINK_KIND, dict(ledger))


def from_fragment(fragment: str) -> dict:
    """The ledger in a scene link (full URL, ``#t1…`` or ``t1…``), checked by replaying it.

    Raises:
        LinkError: not a readable link, or a link of another kind.
        InvalidRequest / IllegalMove: the scene in the link does not replay.
    """
    kind, obj = decode_payload(fragment)
    if kind != LINK_KIND or not isinstance(obj, dict):
        raise LinkError(f"this is a {kind} link, not a Tragedia scene", field="link",
                        code="link.wrong_kind_scene", params={"kind": str(kind)[:20]})
    replay(obj)
    return obj


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
