"""Sealed rolls: blind player rolls and secret GM rolls, by commit–reveal, with no server
(docs/link-format.md §19; issue #27). Links: :mod:`tirada.wire.sealed_layout`; hashes and dice:
:mod:`tirada.links.sealed_dice`.

**Blind roll** ("tirada a ciegas"):

1. the GM makes a sealed request (:func:`seal_request`): a GM request (docs §17) plus the
   commitment ``c`` to the request secret ``s`` derived from the campaign secret ``K`` the GM keeps;
2. the player rolls (:func:`blind_roll`): the link carries the player's fresh seed, chain position
   and parameters, and no dice — the player cannot compute them (``s`` is unknown), so there is
   nothing to try twice;
3. the GM, holding ``K``, sees the result (:func:`open_blind`) and later publishes ``s``
   (:func:`reveal`); the GM could not choose the dice (``c`` fixed ``s`` before the roll);
4. anyone checks ``c``, the dice and the result from the links alone (:func:`verify_reveal`).

**Secret GM roll** ("tirada oculta"): :func:`seal_gm_roll` makes the sealed link (what it is for, the
chain number, a commitment to ``s`` and to the hidden system and parameters); :func:`reveal` with
the request publishes both; :func:`verify_reveal` checks them against the sealed link.

Results are frozen dataclasses (:class:`SealedRequest`, :class:`BlindRoll`, :class:`SecretRoll`,
:class:`Opened`). CLI: ``python -m tirada sealed-*``.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..dice import new_seed
from ..errors import InvalidRequest, LinkError, TiradaError
from ..fresh import entry_id
from ..portable import Struct, compare_digest, merged, token_hex
from .chain import ChainState, reserve
from ..wire.codec import decode_payload_versioned, encode_payload
from .gm_request import apply_request
from ..wire.request_layout import new_request
from .sealed_dice import commitment, dice_seed, hidden_bytes, parse_key, request_secret, resolve
from ..wire.sealed_layout import ID_BYTES, KIND_CODES, RULE, not_blind

__all__ = ["BlindRoll", "Opened", "SealedRequest", "SecretRoll", "blind_roll", "chain_entry", "key_matches", "open_blind",
           "open_secret", "read_sealed", "reveal", "seal_gm_roll", "seal_request", "verify_reveal"]


class SealedRequest(Struct):
    """A GM's sealed request: ``fragment`` (``"t2…"``, kind ``sealreq``), ``id`` (16 hex),
    ``commitment`` (48 hex) and ``request`` (the JSON view, :mod:`tirada.wire.sealed_layout`)."""

    _fields = ("fragment", "id", "commitment", "request")
    fragment: str
    id: str
    commitment: str
    request: dict

    def __init__(self, fragment: str, id: str, commitment: str, request: dict | None = None) -> None:
        self._init(fragment, id, commitment)
        self._set("request", {} if request is None else request)

    def to_dict(self) -> dict:
        """JSON-ready ``{"fragment", "id", "commitment", "request"}``."""
        return self.as_dict()


class BlindRoll(Struct):
    """A player's blind roll, as made: ``fragment`` (kind ``blind``), ``sealed_request`` (16 hex),
    ``commitment`` (48 hex), ``entry`` (``{"seq", "prev", "id"}`` of its chain entry, or ``None``),
    ``chain`` (the new chain state to store, or ``None``). It holds **no dice and no result**."""

    _fields = ("fragment", "sealed_request", "commitment", "entry", "chain")
    fragment: str
    sealed_request: str
    commitment: str
    entry: dict | None
    chain: ChainState | None

    def __init__(self, fragment: str, sealed_request: str, commitment: str, entry: dict | None = None,
                 chain: ChainState | None = None) -> None:
        self._init(fragment, sealed_request, commitment, entry, chain)

    def to_dict(self) -> dict:
        """JSON-ready; ``chain`` as :meth:`ChainState.to_dict`."""
        return {"fragment": self.fragment, "sealed_request": self.sealed_request, "commitment": self.commitment,
                "entry": self.entry, "chain": self.chain.to_dict() if self.chain else None}


class SecretRoll(Struct):
    """A GM's secret roll, as sealed: ``fragment`` (kind ``secret``), ``id``, ``commitment``, ``entry``
    and ``chain`` (as :class:`BlindRoll`), and ``opened`` (the result, for the GM's eyes only)."""

    _fields = ("fragment", "id", "commitment", "opened", "entry", "chain")
    fragment: str
    id: str
    commitment: str
    opened: "Opened"
    entry: dict | None
    chain: ChainState | None

    def __init__(self, fragment: str, id: str, commitment: str, opened: "Opened", entry: dict | None = None,
                 chain: ChainState | None = None) -> None:
        self._init(fragment, id, commitment, opened, entry, chain)

    def to_dict(self) -> dict:
        """JSON-ready; ``opened`` as :meth:`Opened.to_dict`."""
        return {"fragment": self.fragment, "id": self.id, "commitment": self.commitment,
                "opened": self.opened.to_dict(), "entry": self.entry,
                "chain": self.chain.to_dict() if self.chain else None}


class Opened(Struct):
    """A sealed roll opened (by the GM with the campaign secret, or by anyone with a reveal).

    Fields: ``kind`` (``"blind"`` | ``"secret"``), ``id`` (request / roll id), ``secret`` (32 hex),
    ``commitment`` (48 hex; checked), ``request`` (as rolled: seed = the dice seed, blind decisions
    added), ``result`` (``tirada.systems.roll`` of it), ``link`` (the sealed link's JSON view),
    ``entry`` (its chain entry or ``None``)."""

    _fields = ("kind", "id", "secret", "commitment", "request", "result", "link", "entry")
    kind: str
    id: str
    secret: str
    commitment: str
    request: dict
    result: dict
    link: dict
    entry: dict | None

    def __init__(self, kind: str, id: str, secret: str, commitment: str, request: dict, result: dict, link: dict,
                 entry: dict | None = None) -> None:
        self._init(kind, id, secret, commitment, request, result, link, entry)

    def to_dict(self) -> dict:
        """JSON-ready dict of every field."""
        return self.as_dict()


def read_sealed(fragment: str, kinds: tuple = tuple(KIND_CODES)) -> tuple:
    """``(kind, view)`` of a sealed link of one of ``kinds``.

    Raises:
        LinkError: unreadable, or another kind of link (code ``sealed.link_kind``).
    """
    _version, kind, view = decode_payload_versioned(fragment)
    if kind not in kinds:
        raise LinkError(f"this link holds a {kind!r}, not a sealed {' or '.join(kinds)}", field="link", rule=RULE,
                        code="sealed.link_kind", params={"kind": kind})
    return kind, view


def key_matches(campaign_secret: Any, fragment: str) -> bool:
    """Whether ``campaign_secret`` sealed the sealed request or blind roll ``fragment`` (its derived
    request secret matches the link's commitment; a GM holding several campaigns tries each).

    Raises:
        LinkError: like :func:`read_sealed` (a secret GM roll is checked by :func:`open_secret`).
        InvalidRequest: a malformed campaign secret.
    """
    kind, view = read_sealed(fragment, ("sealreq", "blind"))
    rid = view["id"] if kind == "sealreq" else view["sealed_request"]
    got = commitment(rid, request_secret(campaign_secret, rid))
    return compare_digest(got.hex(), view["commitment"])


def seal_request(spec: Mapping[str, Any], campaign_secret: Any) -> SealedRequest:
    """A sealed GM request from ``spec`` (``{"system", "fields", "label"?, "for"?, "campaign"?,
    "created"?, "id"?}``, as :func:`tirada.wire.request_layout.new_request`; a fresh id when absent).

    Raises:
        InvalidRequest: a bad campaign secret or request (see ``new_request``).
    """
    if not isinstance(spec, Mapping):
        raise InvalidRequest("a request must be a JSON object", field="request", rule=RULE, code="request.not_object")
    key = parse_key(campaign_secret)
    request = new_request(spec.get("system"), spec.get("fields"), spec.get("label"), spec.get("for"),
                          spec.get("campaign"), spec.get("created"), spec.get("id"))
    c = commitment(request["id"], request_secret(key, request["id"])).hex()
    view = merged(request, {"commitment": c})
    return SealedRequest(encode_payload("sealreq", view, version=2), request["id"], c, view)


def _check_rules(request: Mapping[str, Any]) -> None:
    """Refuse a request the rules refuse, before any real dice exist (rolled on a zero seed)."""
    resolve(request, bytes(32))


def blind_roll(sealed_request: str, request: Mapping[str, Any], chain_state: ChainState | None = None,
               created: int | None = None, seed: str | None = None) -> BlindRoll:
    """The player's blind roll answering the sealed request link ``sealed_request``.

    Args:
        request: the player's roll (``{system, label?, …params}``); the request's fixed fields and
            label are applied and its bounds checked (:func:`tirada.links.gm_request.apply_request`).
        chain_state: the player's chain (the seed takes its next number), or ``None`` (unnumbered).
        created: Unix seconds; seed: the player's fresh randomness (32 hex; made here when absent).
    Returns:
        :class:`BlindRoll` (no dice: the player cannot know them).
    Raises:
        LinkError: ``sealed_request`` is not a sealed request link.
        InvalidRequest, IllegalMove: decisions that need dice (:func:`~tirada.wire.sealed_layout.not_blind`), another system, a
        field outside the request's bounds, a request the rules refuse.
    """
    _kind, spec = read_sealed(sealed_request, ("sealreq",))
    if not isinstance(request, Mapping):
        raise InvalidRequest("a request must be a JSON object", field="request", rule=RULE, code="request.not_object")
    decided = sorted(set(not_blind(request)) | ({"seed"} & set(request)))
    if decided:
        raise InvalidRequest(f"a blind roll cannot carry {decided[0]}: the player decides nothing that needs "
                             "the dice", field=decided[0], rule=RULE, code="sealed.blind_decision",
                             params={"name": decided[0]})
    played = apply_request(spec, request)
    _check_rules(played)
    seed = seed or new_seed()
    link: dict[str, Any] = {"sealed_request": spec["id"], "commitment": spec["commitment"],
                            "request": merged(played, {"seed": seed}), "created": created}
    entry, new_chain = None, None
    if chain_state is not None:
        position, new_chain = reserve(chain_state, seed)
        link.update(roller=chain_state.roller, campaign=chain_state.campaign or None, **position)
        entry = merged(position, {"id": new_chain.last})
    link = {k: v for k, v in link.items() if v is not None}
    return BlindRoll(encode_payload("blind", link, version=2), spec["id"], spec["commitment"], entry, new_chain)


def chain_entry(kind: str, view: Mapping[str, Any]) -> dict | None:
    """The chain entry (docs/link-format.md §16.5) a sealed roll took: ``{"seq", "prev", "id"}`` of
    a ``"blind"`` roll (its fresh seed, as a format-2 roll's) or a ``"secret"`` roll (its commitment),
    from the link's JSON view; ``None`` when unnumbered. The thread audit counts these in the
    roller's chain like any other entry (a blind roll is not a gap)."""
    return _blind_entry(view) if kind == "blind" else _secret_entry(view)


def _blind_entry(view: Mapping[str, Any]) -> dict | None:
    if view.get("seq") is None:
        return None
    return {"seq": view["seq"], "prev": view.get("prev"),
            "id": entry_id(view["seq"], view.get("prev"), bytes.fromhex(view["request"]["seed"]))}


def _secret_entry(view: Mapping[str, Any]) -> dict | None:
    if view.get("seq") is None:
        return None
    return {"seq": view["seq"], "prev": view.get("prev"),
            "id": entry_id(view["seq"], view.get("prev"), bytes.fromhex(view["commitment"]))}


def _mismatch(what: str) -> LinkError:
    return LinkError(f"the revealed secret does not match the {what}'s commitment: this reveal is not the one "
                     "sealed", field="secret", rule=RULE, code="sealed.commitment_mismatch")


def _open_blind(view: Mapping[str, Any], secret: bytes) -> Opened:
    rid = view["sealed_request"]
    if not compare_digest(commitment(rid, secret).hex(), view["commitment"]):
        raise _mismatch("request")
    player = dict(view["request"])
    fresh = bytes.fromhex(player.pop("seed"))
    seed = dice_seed(secret, rid, fresh, view.get("seq"), view.get("prev"))
    rolled, result = _rolled(player, seed)
    return Opened("blind", rid, secret.hex(), view["commitment"], rolled, result, dict(view), _blind_entry(view))


def _rolled(request: Mapping[str, Any], seed: bytes) -> tuple:
    try:
        return resolve(request, seed)
    except TiradaError as err:
        raise LinkError(f"the sealed roll is not valid: {err.message}", field=err.field, rule=err.rule,
                        code="link.sealed_invalid", params={"cause": err.cause()}) from None


def open_blind(campaign_secret: Any, fragment: str) -> Opened:
    """The GM's view of a player's blind roll: the dice and result, with the campaign secret.

    Raises:
        LinkError: not a blind roll; ``sealed.not_this_secret`` when the campaign secret is not the
        one the request was sealed with; a roll the rules refuse.
        InvalidRequest: a malformed campaign secret.
    """
    _kind, view = read_sealed(fragment, ("blind",))
    secret = request_secret(campaign_secret, view["sealed_request"])
    if commitment(view["sealed_request"], secret).hex() != view["commitment"]:
        raise LinkError("this campaign secret did not seal this request", field="secret", rule=RULE,
                        code="sealed.not_this_secret")
    return _open_blind(view, secret)


def _open_secret(view: Mapping[str, Any], secret: bytes, request: Mapping[str, Any]) -> Opened:
    if not isinstance(request, Mapping) or set(request) & {"seed", "label"} or not_blind(request):
        raise InvalidRequest("a secret roll's request holds its system and parameters only", field="request",
                             rule=RULE, code="sealed.hidden_request")
    hidden = hidden_bytes(request)
    if not compare_digest(commitment(view["id"], secret, hidden).hex(), view["commitment"]):
        raise _mismatch("secret roll")
    seed = dice_seed(secret, view["id"], b"", view.get("seq"), view.get("prev"))
    label = {"label": view["label"]} if view.get("label") else {}
    rolled, result = _rolled(merged(request, label), seed)
    return Opened("secret", view["id"], secret.hex(), view["commitment"], rolled, result, dict(view),
                  _secret_entry(view))


def seal_gm_roll(campaign_secret: Any, request: Mapping[str, Any], chain_state: ChainState | None = None,
                 created: int | None = None, roll_id: str | None = None) -> SecretRoll:
    """A GM's secret roll: the sealed link shows ``request["label"]`` (what it is for), the chain
    number and a commitment to the hidden system and parameters; the GM sees the result now.

    Args:
        request: ``{system, label?, …params}`` (no seed, faces, fresh or dice-dependent decisions);
        chain_state: the GM's chain (the roll takes its next number) or ``None``; created: Unix s;
        roll_id: 16 hex digits (random when absent).
    Raises:
        InvalidRequest, IllegalMove: a bad secret, request or field; a request the rules refuse.
    """
    if not isinstance(request, Mapping):
        raise InvalidRequest("a request must be a JSON object", field="request", rule=RULE, code="request.not_object")
    hidden_request = {k: v for k, v in request.items() if k != "label"}
    _check_rules(request)
    rid = roll_id or token_hex(ID_BYTES)
    secret = request_secret(campaign_secret, rid)
    c = commitment(rid, secret, hidden_bytes(hidden_request)).hex()
    view: dict[str, Any] = {"id": rid, "commitment": c, "label": request.get("label") or None, "created": created}
    new_chain = None
    if chain_state is not None:
        position, new_chain = reserve(chain_state, c)
        view.update(roller=chain_state.roller, campaign=chain_state.campaign or None, **position)
    view = {k: v for k, v in view.items() if v is not None}
    fragment = encode_payload("secret", view, version=2)
    _kind, view = read_sealed(fragment, ("secret",))
    opened = _open_secret(view, secret, hidden_request)
    return SecretRoll(fragment, rid, c, opened, opened.entry, new_chain)


def open_secret(campaign_secret: Any, fragment: str, request: Mapping[str, Any]) -> Opened:
    """The GM's view of their own secret roll ``fragment`` rolled with ``request`` (system and params).

    Raises:
        LinkError: not a secret roll; ``sealed.commitment_mismatch`` for another request or secret.
        InvalidRequest: a malformed secret or request.
    """
    _kind, view = read_sealed(fragment, ("secret",))
    return _open_secret(view, request_secret(campaign_secret, view["id"]), request)


def reveal(campaign_secret: Any, fragment: str, request: Mapping[str, Any] | None = None,
           created: int | None = None) -> str:
    """The reveal link (kind ``reveal``) publishing the request secret of the sealed request, blind
    roll or secret roll ``fragment`` (a secret roll also needs its ``request``: system and params).

    Raises:
        LinkError: not a sealed link; the campaign secret (or request) does not match the commitment
        (``sealed.not_this_secret`` / ``sealed.commitment_mismatch``).
        InvalidRequest: a malformed secret or request.
    """
    kind, view = read_sealed(fragment, ("sealreq", "blind", "secret"))
    if kind == "secret":
        if not request:
            raise InvalidRequest("revealing a secret roll needs its request (system and parameters)", field="request",
                                 rule=RULE, code="sealed.hidden_request")
        opened = open_secret(campaign_secret, fragment, request)
        out: dict[str, Any] = {"id": opened.id, "secret": opened.secret,
                               "request": {k: v for k, v in (request or {}).items()}}
    else:
        if not key_matches(campaign_secret, fragment):
            raise LinkError("this campaign secret did not seal this request", field="secret", rule=RULE,
                            code="sealed.not_this_secret")
        rid = view["id"] if kind == "sealreq" else view["sealed_request"]
        out = {"id": rid, "secret": request_secret(campaign_secret, rid).hex()}
    if created is not None:
        out["created"] = created
    return encode_payload("reveal", out, version=2)


def verify_reveal(sealed: str, reveal_fragment: str, sealed_request: str | None = None) -> Opened:
    """Anyone's check of a reveal against a blind roll or a secret roll, from the links alone.

    Args:
        sealed: the blind roll or secret roll link; reveal_fragment: the reveal link;
        sealed_request: (blind rolls) the request link, to check that it holds the same commitment.
    Returns:
        :class:`Opened`: the dice and the result, recomputed.
    Raises:
        LinkError: unreadable links; ``sealed.other_request`` (the reveal is for another id, or the
        request link is another request), ``sealed.commitment_mismatch`` (the revealed secret or
        request is not the one sealed), a roll the rules refuse.
    """
    kind, view = read_sealed(sealed, ("blind", "secret"))
    _r, opening = read_sealed(reveal_fragment, ("reveal",))
    rid = view["sealed_request"] if kind == "blind" else view["id"]
    if opening["id"] != rid:
        raise LinkError("this reveal is for another sealed roll", field="link", rule=RULE, code="sealed.other_request")
    secret = bytes.fromhex(opening["secret"])
    if kind == "secret":
        if opening.get("request") is None:
            raise _mismatch("secret roll")
        return _open_secret(view, secret, opening["request"])
    if opening.get("request") is not None:
        raise _mismatch("request")
    if sealed_request is not None:
        _k, spec = read_sealed(sealed_request, ("sealreq",))
        if spec["id"] != rid or spec["commitment"] != view["commitment"]:
            raise LinkError("this roll answers another sealed request", field="link", rule=RULE,
                            code="sealed.other_request")
    return _open_blind(view, secret)
