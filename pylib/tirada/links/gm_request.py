"""GM roll requests: a link asking one player for one roll (docs/link-format.md §17; issue #13).

A GM makes a **request link** (kind ``request``, format 2 only; layout in
:mod:`tirada.wire.request_layout`): the system, the fields the GM fixes (a TN, a pool) or bounds, a
label, who it is for and a random request id. The player's page fills the form and locks it to the
request (:func:`apply_request`); the roll link names the request (``gm_request``). The thread audit
matches rolls to the requests in the thread (:func:`mismatches`; :mod:`tirada.links.audit_fair`).

Public API: :func:`new_request`, :func:`encode_request`, :func:`decode_request`,
:func:`apply_request`, :func:`mismatches`. CLI: ``python -m tirada request encode|verify``.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import IllegalMove, LinkError
from ..portable import casefold
from ..wire.codec import decode_payload_versioned, encode_payload
from ..wire.request_layout import RULE, new_request

__all__ = ["apply_request", "decode_request", "encode_request", "mismatches", "new_request"]


def encode_request(spec: Mapping[str, Any]) -> str:
    """The request link fragment ``"t2…"`` (kind ``request``). Raises InvalidRequest / LinkError."""
    return encode_payload("request", spec, version=2)


def decode_request(fragment: str) -> dict:
    """The request (JSON view) of a request link. Raises LinkError: unreadable, or another kind."""
    version, kind, spec = decode_payload_versioned(fragment)
    if kind != "request":
        raise LinkError(f"this link holds a {kind!r}, not a roll request", field="link", rule=RULE, code="request.link_kind")
    return spec


def apply_request(spec: Mapping[str, Any], request: Mapping[str, Any]) -> dict:
    """The player's ``request`` made to answer ``spec``: fixed fields set, bounded ones checked,
    the label set (for the page, before rolling).

    Raises:
        IllegalMove: another system, or a bounded field outside its bounds (or missing).
    """
    if request.get("system") != spec["system"]:
        raise IllegalMove(f"this request asks for a {spec['system']} roll", field="system", rule=RULE, code="request.system_mismatch")
    out = dict(request)
    for name, value in spec["fields"].items():
        if isinstance(value, dict):
            got = out.get(name)
            if isinstance(got, bool) or not isinstance(got, int) or not value["min"] <= got <= value["max"]:
                raise IllegalMove(f"the request asks for {value['min']} to {value['max']}", field=name, rule=RULE, code="request.out_of_range", params={"lo": value["min"], "hi": value["max"]})
        else:
            out[name] = value
    if spec.get("label"):
        out["label"] = spec["label"]
    return out


#: systems whose dice pool a request can fix (by any of these fields), and the fields a roll may not
#: add then: notation operators change the pool the GM asked for (a typed ``2d6r<3`` answering
#: "2d6+1"), and outcome bands rename its outcome (hostile tester, issue #26 follow-up)
POOL_FIXED = {"generic": (frozenset({"dice", "sides"}),
                          frozenset({"explode", "rolls", "groups", "subtract", "fate", "successes", "failures",
                                     "reroll", "reroll_once", "explode_at", "compound", "penetrate", "expr",
                                     "bands", "explode_once", "min_face", "max_face"}))}


def mismatches(spec: Mapping[str, Any], roll_request: Mapping[str, Any], roller: str | None,
               campaign: str | None = None) -> list:
    """How a roll (its request, roller and campaign) fails to match ``spec``: ``[str]`` in English,
    ``[]`` when it matches. A field the request does not name is the player's choice and never a
    mismatch, except the operators that change a pool the request fixes (:data:`POOL_FIXED`) and a
    keep of fewer dice than a fixed number of dice (a request cannot name ``keep``, so it keeps all); a
    request naming a campaign wants the roll in that campaign (case-folded), so a
    player cannot try the request in other chains (another campaign) and post the best try."""
    out = []
    if roll_request.get("system") != spec["system"]:
        out.append(f"system {roll_request.get('system')!r} instead of {spec['system']!r}")
    for name, value in spec["fields"].items():
        got = roll_request.get(name)
        if isinstance(value, dict):
            if isinstance(got, bool) or not isinstance(got, int) or not value["min"] <= got <= value["max"]:
                out.append(f"{name} {got!r} outside {value['min']}–{value['max']}")
        elif got != value:
            out.append(f"{name} {got!r} instead of {value!r}")
    fixing, operators = POOL_FIXED.get(spec["system"], (frozenset(), frozenset()))
    if fixing & set(spec["fields"]):
        for name in sorted(operators & set(roll_request) - set(spec["fields"])):
            out.append(f"{name} added to the requested dice")
        keep, dice = roll_request.get("keep"), spec["fields"].get("dice")
        if isinstance(dice, int) and keep is not None and keep != dice:
            out.append(f"keeps {keep!r} of the {dice!r} requested dice")
    if spec.get("label") and roll_request.get("label") != spec["label"]:
        out.append("another label")
    if spec.get("for") and casefold(roller or "") != casefold(spec["for"]):
        out.append(f"rolled by {roller or 'nobody named'} instead of {spec['for']}")
    if spec.get("campaign") and casefold((campaign or "").strip()) != casefold(spec["campaign"]):
        out.append(f"campaign {campaign or 'none'} instead of {spec['campaign']}")
    return out


