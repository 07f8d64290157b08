"""Typed records of the fair-play links the page draws (issue #40: the page reads no result by string key).

Each record is read once, at the boundary, from the dict the engine made (and the page may have kept):

* :class:`Verified`: a roll link verified (:func:`tirada.links.chain.verify`'s dict, with the page's
  ``fragment`` when it added one), read by :func:`verified`;
* :class:`RequestSpec`: a GM's roll request (:func:`tirada.links.gm_request.decode_request`'s JSON
  view, plain or sealed), read by :func:`request_spec`, its bounded fields as :class:`Bound`;
* :class:`SealedCard`: a sealed link's JSON view (:func:`tirada.links.sealed.read_sealed`: a blind
  roll's or a secret GM roll's), read by :func:`sealed_card`;
* :class:`FairCheck`: a roll played decision by decision (:func:`tirada.links.fair_roll.begin` /
  ``advance``'s check), read by :func:`fair_check`.

The dicts stay what is linked, stored and handed to the engine (``raw`` keeps each one, unchanged):
the records only read them. A dict of an older or partial shape never makes a record raise: a missing
key reads as absent (``None``, ``""``, ``{}``), as the page read it before. Rules:
docs/link-format.md §17 (requests), §19 (sealed rolls) and the roll link's chain fields. Written in
the reading-core pattern (docs/architecture.md §How the core is written).
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ..portable import Struct

__all__ = ["Bound", "FairCheck", "RequestSpec", "SealedCard", "Verified", "fair_check", "request_spec", "rolled_system",
           "sealed_card", "verified"]


def _dict(value: Any) -> dict:
    """``value`` when it is a dict, else ``{}``."""
    return value if isinstance(value, dict) else {}


class Verified(Struct):
    """A roll link verified: what :func:`tirada.links.chain.verify` says of it.

    Fields: ``id`` (12 hex; ``""`` unknown), ``roller`` / ``campaign`` (text or ``None``), ``seq``
    (chain number ≥ 1 or ``None``), ``prev`` (12 hex of the entry it follows, or ``None``), ``created``
    (Unix s or ``None``), ``created_iso`` (``"YYYY-MM-DDTHH:MM:SSZ"`` or ``None``), ``label`` (the
    request's label, ``""`` none), ``request`` (the link's request dict, as linked), ``result`` (the
    result recomputed from it, a dict), ``descriptions`` (``{"es", "en"}``: the link in words),
    ``format`` (1 | 2), ``entries`` (``[{"seq", "prev", "id"}]``), ``gm_request`` (the id of the GM
    request it answers, or ``None``), ``last`` (the id the roller's next entry names), ``proves``
    (``{"es", "en"}``: what the link's format proves, ``{}`` unknown), ``fragment`` (the link's
    fragment when the page kept it, else ``None``) and ``raw`` (the dict it was read from)."""

    _fields = ("id", "roller", "campaign", "seq", "prev", "created", "created_iso", "label", "request", "result",
               "descriptions", "format", "entries", "gm_request", "last", "proves", "fragment", "raw")
    id: str
    roller: Optional[str]
    campaign: Optional[str]
    seq: Optional[int]
    prev: Optional[str]
    created: Optional[int]
    created_iso: Optional[str]
    label: str
    request: dict
    result: dict
    descriptions: dict
    format: int
    entries: list
    gm_request: Optional[str]
    last: Optional[str]
    proves: dict
    fragment: Optional[str]
    raw: dict

    def __init__(self, id: str = "", roller: Optional[str] = None, campaign: Optional[str] = None,
                 seq: Optional[int] = None, prev: Optional[str] = None, created: Optional[int] = None,
                 created_iso: Optional[str] = None, label: str = "", request: Optional[dict] = None,
                 result: Optional[dict] = None, descriptions: Optional[dict] = None, format: int = 1,
                 entries: Optional[list] = None, gm_request: Optional[str] = None, last: Optional[str] = None,
                 proves: Optional[dict] = None, fragment: Optional[str] = None, raw: Optional[dict] = None) -> None:
        self._init(id, roller, campaign, seq, prev, created, created_iso, label, _dict(request), _dict(result),
                   _dict(descriptions), format, list(entries or ()), gm_request, last, _dict(proves), fragment,
                   _dict(raw))

    @property
    def system(self) -> Any:
        """The request's system id (``"sifrp"``, ``"generic"``, ``"l5r5e"``…; ``None`` when it names none)."""
        return self.request.get("system")

    def description(self, lang: str) -> str:
        """The link in words in ``lang`` ("tirada nº 7 de Sharla en «…»"; ``""`` unknown)."""
        return self.descriptions.get(lang) or ""

    def proves_in(self, lang: str) -> str:
        """What the link's format proves, in ``lang`` (``""`` unknown)."""
        return self.proves.get(lang) or ""

    def unlabelled_result(self) -> dict:
        """The result without its label (the shared view shows the label itself)."""
        return {key: value for key, value in self.result.items() if key != "label"}


def verified(link: Mapping[str, Any]) -> Verified:
    """The :class:`Verified` record of :func:`tirada.links.chain.verify`'s dict ``link`` (plus the
    page's ``fragment`` when it added one). Never raises: missing keys read as absent."""
    get = link.get
    label = get("label")
    return Verified(id=get("id") or "", roller=get("roller"), campaign=get("campaign"), seq=get("seq"),
                    prev=get("prev"), created=get("created"), created_iso=get("created_iso"),
                    label=label if isinstance(label, str) else "", request=get("request"), result=get("result"),
                    descriptions=get("description"), format=get("format") or 1, entries=get("entries"),
                    gm_request=get("gm_request"), last=get("last"), proves=get("proves"), fragment=get("fragment"),
                    raw=dict(link))


class Bound(Struct):
    """A request's bounded field: the player chooses a whole number from ``lo`` to ``hi`` (inclusive;
    ints in every request the engine decodes, ``None`` when a partial dict lacks one)."""

    _fields = ("lo", "hi")
    lo: Any
    hi: Any

    def __init__(self, lo: Any, hi: Any) -> None:
        self._init(lo, hi)


class RequestSpec(Struct):
    """A GM's roll request (docs/link-format.md §17), plain or sealed (§19).

    Fields: ``system`` (system id), ``fixed`` (``{field: value}`` the request sets, in link order),
    ``bounds`` (``{field: Bound}`` the player chooses inside, in link order), ``label`` (what the roll
    is for, ``""`` none), ``player`` (who is asked, the link's ``for``; ``""`` anyone), ``campaign``
    (``""`` none), ``id`` (16 hex; ``""`` unknown) and ``raw`` (the decoded dict, as the engine takes
    it: :func:`tirada.links.gm_request.apply_request`)."""

    _fields = ("system", "fixed", "bounds", "label", "player", "campaign", "id", "raw")
    system: Any
    fixed: dict
    bounds: dict
    label: str
    player: str
    campaign: str
    id: str
    raw: dict

    def __init__(self, system: Any, fixed: Optional[dict] = None, bounds: Optional[dict] = None, label: str = "",
                 player: str = "", campaign: str = "", id: str = "", raw: Optional[dict] = None) -> None:
        self._init(system, _dict(fixed), _dict(bounds), label, player, campaign, id, _dict(raw))


def request_spec(spec: Mapping[str, Any]) -> RequestSpec:
    """The :class:`RequestSpec` of a decoded request ``spec`` (``{"system", "fields": {name: value or
    {"min", "max"}}, "label"?, "for"?, "campaign"?, "id"}``). Never raises: missing keys read as absent."""
    get = spec.get
    fields = _dict(get("fields"))
    fixed = {name: value for name, value in fields.items() if not isinstance(value, dict)}
    bounds = {name: Bound(value.get("min"), value.get("max")) for name, value in fields.items() if isinstance(value, dict)}
    return RequestSpec(get("system"), fixed, bounds, get("label") or "", get("for") or "", get("campaign") or "",
                       get("id") or "", dict(spec))


class SealedCard(Struct):
    """A sealed link as its card shows it (:func:`tirada.links.sealed.read_sealed`'s view).

    Fields: ``secret`` (True: a secret GM roll, kind ``secret``, which holds no request; False: a blind
    roll), ``id`` (a secret roll's id, else ``None``), ``sealed_request`` (a blind roll's request id, else
    ``None``), ``request`` (a blind roll's request as chosen before the roll, ``{}`` none), ``label`` (what
    the roll is for: a blind roll's request label, a secret roll's own; ``None`` none), ``roller``,
    ``campaign`` (text or ``None``), ``seq`` (chain number or ``None``) and ``raw`` (the view)."""

    _fields = ("secret", "id", "sealed_request", "request", "label", "roller", "campaign", "seq", "raw")
    secret: bool
    id: Optional[str]
    sealed_request: Optional[str]
    request: dict
    label: Any
    roller: Any
    campaign: Any
    seq: Optional[int]
    raw: dict

    def __init__(self, secret: bool, id: Optional[str] = None, sealed_request: Optional[str] = None,
                 request: Optional[dict] = None, label: Any = None, roller: Any = None, campaign: Any = None,
                 seq: Optional[int] = None, raw: Optional[dict] = None) -> None:
        self._init(secret, id, sealed_request, _dict(request), label, roller, campaign, seq, _dict(raw))

    @property
    def key(self) -> Optional[str]:
        """The id the page files the roll under: a blind roll's sealed request, else its own id."""
        return self.sealed_request or self.id


def sealed_card(view: Mapping[str, Any]) -> SealedCard:
    """The :class:`SealedCard` of a sealed link's JSON ``view`` (a blind roll's ``{"sealed_request",
    "commitment", "request", "roller"?, "campaign"?, "seq"?, "prev"?}`` or a secret roll's ``{"id",
    "commitment", "label"?, …}``). A view with neither ``request`` nor ``sealed_request`` is a secret
    roll's. Never raises: missing keys read as absent."""
    get = view.get
    secret = "request" not in view and "sealed_request" not in view
    request = _dict(get("request"))
    return SealedCard(secret, get("id"), get("sealed_request"), request,
                      get("label") if secret else request.get("label"), get("roller"), get("campaign"),
                      get("seq"), dict(view))


def rolled_system(opened: Any) -> Any:
    """The system id (``"sifrp"``, ``"generic"``, ``"l5r5e"``…; ``None`` when it names none) of a sealed roll
    opened (:class:`tirada.links.sealed.Opened`: its ``request`` as rolled)."""
    return _dict(opened.request).get("system")


class FairCheck(Struct):
    """A roll played decision by decision (docs/link-format.md, fair play v2): ``request`` (as played so far:
    its seed, ``fresh`` nonces and every decision made), ``chain`` (the roller's chain state to store,
    :class:`tirada.links.chain.ChainState`, or ``None``) and ``raw`` (the check's dict, as
    :func:`tirada.links.fair_roll.advance` and ``finish`` take it)."""

    _fields = ("request", "chain", "raw")
    request: dict
    chain: Any
    raw: dict

    def __init__(self, request: Optional[dict] = None, chain: Any = None, raw: Optional[dict] = None) -> None:
        self._init(_dict(request), chain, _dict(raw))

    def decided(self, name: str) -> list:
        """The decisions of kind ``name`` made so far (``"invokes"``, ``"explosions"``, ``"rerolls"``…), in
        order: a new list (``[]`` none)."""
        return list(self.request.get(name) or [])

    def unstepped(self) -> dict:
        """The request without its ``step`` (the stage the page was at): what the finished link holds."""
        return {key: value for key, value in self.request.items() if key != "step"}


def fair_check(check: Mapping[str, Any]) -> FairCheck:
    """The :class:`FairCheck` of a check dict (``{"request", "first", "positions", "chain"}``). Never raises:
    missing keys read as absent."""
    return FairCheck(check.get("request"), check.get("chain"), dict(check))
