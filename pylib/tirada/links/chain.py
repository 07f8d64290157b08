"""Share links v1 for rolls, and roller chains (docs/link-format.md; issue #3).

A roll link carries the request (system, parameters, player decisions), the seed, the label, the
roller's name, the campaign/thread label, the roll's sequence number in that roller's chain, the id
of the roller's previous roll and the creation time — never a result: results are recomputed with
:func:`tirada.systems.roll` by whoever opens the link. It lives in the URL fragment (``#t1…``), which
browsers never send to a server.

API used by the page (all pure; fragments are returned without ``#``, and every decoder also
accepts ``#t1…`` or a whole URL):

* :class:`ChainState` — one roller's chain (``to_dict()`` / ``from_dict()`` for localStorage).
* :func:`next_link(request, chain_state, created) <next_link>` → ``(fragment, new_chain_state)``.
* :func:`encode_link` — a link from explicit fields; :func:`decode_link` — its fields back.
* :func:`verify(fragment) <verify>` → metadata + request + recomputed result + description.
* :func:`link_id` — the 12-hex-digit id a later link names as ``prev``.
* :data:`TRUST` — what a link does and does not guarantee (es/en), to show beside a verified roll.
* :func:`link_sizes` — fragment/URL lengths of typical links (for docs/benchmarks.md).
* Generic payloads (Blood Red Sands, Tragedia scenes): :func:`tirada.links.codec.encode_payload` /
  :func:`~tirada.links.codec.decode_payload`.

Layers: :mod:`tirada.links.codec` (fragment, frame, CBOR, generic payloads) and
:mod:`tirada.links.roll_layout` (the CBOR layout of a roll link and its tables).

Errors: :class:`~tirada.errors.LinkError` for a link that cannot be read (cut short, edited, unknown
version) and :class:`~tirada.errors.InvalidRequest` for bad fields given to the encoder.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from typing import Any, Mapping

from ..dice import new_seed
from ..errors import InvalidRequest, LinkError, TiradaError
from .codec import decode_frame, decode_payload, encode_payload, payload_hash
from .roll_layout import (LIMITS, MAX_SEQ, PARAM_KEYS, PARAM_TEXTS, RULE, SYSTEM_CODES, check_int,
                        check_prev, check_text)

__all__ = [
    "ChainState", "LIMITS", "PARAM_KEYS", "PARAM_TEXTS", "SYSTEM_CODES", "TRUST", "TYPICAL",
    "decode_link", "describe", "encode_link", "link_id", "link_sizes", "next_link", "verify",
    "verify_link",
]

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)   # no platform time_t: same result in Pyodide

#: What a verified link guarantees, and what it does not (shown by the page next to a roll).
TRUST = {
    "en": ("What a Tirada link guarantees: the dice come from the seed inside the link, so anyone "
           "can recompute them, and the result cannot be edited without changing the link. Each "
           "roll carries its number in the roller's chain and the id of the previous roll, so rolls "
           "made on the page but never posted show up as gaps, and two rolls for the same step show "
           "up as a fork. What it does not guarantee: anyone can start a new chain, use another "
           "browser, or restore an older copy of their browser data and roll again under the same "
           "name; and someone who runs their own code can try many seeds and post only a good one. "
           "The integrity check stops accidental edits and lazy tampering, not a forger who "
           "recomputes it: it is a checksum, not a signature. Trust comes from the group seeing "
           "every roll posted, in order, in one unbroken chain."),
    "es": ("Qué garantiza un enlace de Tirada: los dados salen de la semilla que va dentro del "
           "enlace, así que cualquiera puede recalcularlos, y el resultado no se puede editar sin "
           "cambiar el enlace. Cada tirada lleva su número en la cadena de quien tira y el "
           "identificador de su tirada anterior: las tiradas hechas en la página y no publicadas "
           "aparecen como huecos, y dos tiradas para el mismo paso aparecen como una bifurcación. "
           "Qué no garantiza: cualquiera puede empezar una cadena nueva, usar otro navegador o "
           "restaurar una copia antigua de sus datos y volver a tirar con el mismo nombre; y quien "
           "use su propio programa puede probar muchas semillas y publicar solo una buena. La "
           "comprobación de integridad detiene cambios accidentales y trampas perezosas, no a un "
           "falsificador que la recalcule: es una suma de control, no una firma. La confianza viene "
           "de que el grupo vea cada tirada publicada, en orden, en una sola cadena sin huecos."),
}


def encode_link(request: Mapping[str, Any], roller: str | None = None, campaign: str | None = None,
                seq: int | None = None, prev: str | None = None, created: int | None = None) -> str:
    """A roll link fragment ``"t1…"`` for ``request`` (checked by rolling it once).

    Args:
        request: a request for :func:`tirada.systems.roll` with a ``seed`` (a fresh one is added when
        missing); ``faces`` are refused. roller ≤ 40 chars, campaign ≤ 80, label ≤ 200; seq 1..10^9;
        prev: the previous roll's :func:`link_id` (exactly when seq > 1); created: Unix seconds.
    Raises:
        InvalidRequest, IllegalMove: the request or a chain field is invalid (the field is named).
    """
    from ..systems import roll

    if not isinstance(request, Mapping):
        raise InvalidRequest("a request must be a JSON object", field="request", code="request.not_object")
    request = dict(request)
    if request.get("faces") is None and request.get("seed") is None:
        request.pop("seed", None)
        request["seed"] = new_seed()
    link = {"request": request, "roller": roller, "campaign": campaign, "seq": seq, "prev": prev,
            "created": created}
    link = {k: v for k, v in link.items() if v is not None}
    try:
        fragment = encode_payload("roll", link)      # validates the link fields first
    except TiradaError:
        roll(request)   # a request the rules refuse (modifier 10**30) says so, not "too large for a link"
        raise
    roll(decode_link(fragment)["request"])           # then the request against its system's rules
    return fragment


def decode_link(fragment: str) -> dict:
    """The roll-link dict inside ``fragment`` (shape: :func:`tirada.links.roll_layout.roll_to_cbor`).

    Raises:
        LinkError: unreadable link, or a link of another kind (Confrontation, scene).
    """
    kind, link = decode_payload(fragment)
    if kind != "roll":
        raise LinkError(f"this link holds a {kind!r}, not a roll", field="link", rule=RULE,
                        code="link.wrong_kind_roll", params={"kind": str(kind)[:20]})
    return link


def link_id(fragment: str) -> str:
    """The id of a link: 12 hex digits, the first 6 bytes of its payload hash (the ``prev`` of the
    roller's next roll). Raises LinkError like :func:`decode_link`."""
    kind_code, body = decode_frame(fragment)
    return payload_hash(kind_code, body)[:6].hex()


@dataclass(frozen=True)
class ChainState:
    """One roller's chain, kept by the page in localStorage (docs/link-format.md §Roller chains).

    Fields: ``roller`` name (1..40 chars, trimmed), ``campaign`` label (0..80 chars; ``""`` none),
    ``seq`` number of the last roll made (0 = none yet), ``last`` that roll's :func:`link_id`.

    Raises:
        InvalidRequest: bad field (on construction).
    """

    roller: str
    campaign: str = ""
    seq: int = 0
    last: str | None = None

    def __post_init__(self) -> None:
        roller = check_text(self.roller.strip() if isinstance(self.roller, str) else self.roller, "roller")
        if roller is None:
            raise InvalidRequest("a chain needs the roller's name", field="roller", rule=RULE, code="chain.roller")
        campaign = self.campaign.strip() if isinstance(self.campaign, str) else self.campaign
        object.__setattr__(self, "roller", roller)
        object.__setattr__(self, "campaign", check_text(campaign, "campaign") or "")
        if check_int(self.seq, "seq", 0, MAX_SEQ) is None:
            raise InvalidRequest("is required", field="seq", rule=RULE, code="field.required")
        if (self.seq == 0) != (self.last is None):
            raise InvalidRequest("last is given exactly when seq is above 0", field="last", rule=RULE,
                                 code="chain.last")
        if self.last is not None:
            last = check_prev(self.last)
            object.__setattr__(self, "last", last.hex() if last else None)

    def to_dict(self) -> dict:
        """``{"v": 1, "roller", "campaign", "seq", "last"}`` (JSON-ready)."""
        return {"v": 1, "roller": self.roller, "campaign": self.campaign, "seq": self.seq, "last": self.last}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "ChainState":
        """Inverse of :meth:`to_dict`. Raises InvalidRequest: not a dict, unknown ``v``, bad field."""
        if not isinstance(data, Mapping) or data.get("v") != 1:
            raise InvalidRequest("not a version 1 chain state", field="chain", rule=RULE, code="chain.invalid")
        return cls(data.get("roller") or "", data.get("campaign") or "", data.get("seq", 0), data.get("last"))


def next_link(request: Mapping[str, Any], chain_state: ChainState, created: int) -> tuple:
    """The next roll of a chain: ``(fragment, new_chain_state)``; the state is unchanged on error.

    The link gets ``seq = chain_state.seq + 1`` and ``prev = chain_state.last``; the new state
    remembers this link's id. ``created``: Unix seconds from the page's clock.

    Raises:
        InvalidRequest, IllegalMove: see :func:`encode_link`.
    """
    if not isinstance(chain_state, ChainState):
        raise InvalidRequest("not a chain state", field="chain", rule=RULE, code="chain.invalid")
    seq = chain_state.seq + 1
    fragment = encode_link(request, chain_state.roller, chain_state.campaign or None, seq,
                           chain_state.last, created)
    return fragment, replace(chain_state, seq=seq, last=link_id(fragment))


def describe(link: Mapping[str, Any], lang: str = "es") -> str:
    """One line naming a roll: ``"tirada nº 7 de Sharla en «Arenas Sangrientas»"`` /
    ``"roll #7 by Sharla in “Arenas Sangrientas”"``; parts absent from the link are left out."""
    es = lang == "es"
    text = "tirada" if es else "roll"
    if link.get("seq") is not None:
        text += f" nº {link['seq']}" if es else f" #{link['seq']}"
    if link.get("roller"):
        text += f" de {link['roller']}" if es else f" by {link['roller']}"
    if link.get("campaign"):
        text += f" en «{link['campaign']}»" if es else f" in “{link['campaign']}”"
    return text


def verify(fragment: str) -> dict:
    """Decode a roll link and recompute its result.

    Returns:
        ``{"id": 12 hex, "roller", "campaign", "seq", "prev", "created" (Unix s or None),
        "created_iso" ("YYYY-MM-DDTHH:MM:SSZ" or None), "label", "request": dict,
        "result": systems.roll(request), "description": {"es", "en"}}``.
    Raises:
        LinkError: unreadable link, or a request that the rules of this version refuse (the reason,
        field and rule of the refusal are kept).
    """
    return verify_link(decode_link(fragment), link_id(fragment))


def verify_link(link: Mapping[str, Any], roll_id: str) -> dict:
    """:func:`verify` for a roll link already decoded (by :func:`decode_link`) with its
    :func:`link_id`, so a caller holding both (the thread audit) does not decode the link twice.

    Returns:
        the dict of :func:`verify`.
    Raises:
        LinkError: a request that the rules of this version refuse (field and rule kept).
    """
    from ..systems import roll

    try:
        result = roll(link["request"])
    except TiradaError as err:
        raise LinkError(f"the roll in this link is not valid: {err.message}", field=err.field,
                        rule=err.rule, code="link.roll_invalid", params={"cause": err.cause()}) from None
    created = link.get("created")
    iso = None if created is None else (_EPOCH + timedelta(seconds=created)).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {
        "id": roll_id, "roller": link.get("roller"), "campaign": link.get("campaign"),
        "seq": link.get("seq"), "prev": link.get("prev"), "created": created, "created_iso": iso,
        "label": link["request"].get("label", ""), "request": link["request"], "result": result,
        "description": {"es": describe(link, "es"), "en": describe(link, "en")},
    }


#: Links measured by :func:`link_sizes`: (case, request, chain fields); the last one is a long
#: L5R check (label, helper, Void, four kept dice, two explosions) that goes over the budget.
_CHAIN = {"roller": "Sharla", "campaign": "Arenas Sangrientas", "seq": 127, "prev": "0123456789ab",
          "created": 1796000000}
_SEED = "8f14e45fceea167a5a36dedd4bea2543"
TYPICAL: tuple = (
    ("sifrp 4D+2B vs 9, no label, no chain", {"system": "sifrp", "seed": _SEED, "test_dice": 4,
                                              "bonus_dice": 2}, {}),
    ("sifrp 4D+2B−1P vs 12 'Atletismo', chain", {"system": "sifrp", "seed": _SEED, "test_dice": 4,
     "bonus_dice": 2, "penalty_dice": 1, "difficulty": 12, "label": "Atletismo"}, _CHAIN),
    ("generic 3d20 keep 1 +5 vs 15 'Ataque', chain", {"system": "generic", "seed": _SEED, "dice": 3,
     "sides": 20, "keep": 1, "modifier": 5, "difficulty": 15, "label": "Ataque"}, _CHAIN),
    ("l5r5e Fire 3 Fitness 1 TN 3 with decisions 'Saltar', chain", {"system": "l5r5e", "seed": _SEED,
     "ring": 3, "skill": 1, "tn": 3, "stance": "fire", "distinction": True, "rerolls": [1, 3],
     "keep": [0, 2, 3], "explosions": [True], "label": "Saltar"}, _CHAIN),
    ("l5r5e Water 2 Tactics 3 TN 2, 1 helper, Void, 'Iniciativa', chain", {"system": "l5r5e",
     "seed": _SEED, "ring": 2, "skill": 3, "tn": 2, "stance": "water", "assist_skilled": 1,
     "void": True, "keep": [0, 1, 2, 3], "explosions": [True, False], "label": "Iniciativa"}, _CHAIN),
)


def link_sizes(base_url: str = "https://usuario.github.io/tir/") -> list:
    """Lengths of typical roll links, for docs/benchmarks.md and the length-budget test.

    Returns:
        ``[{"case": str, "fragment_chars": int (with "#"), "url_chars": int, "within_budget":
        bool}]`` for :data:`TYPICAL` (16-byte seed, roller "Sharla", campaign "Arenas Sangrientas",
        seq 127); the budget is 160 characters with a 30-character base URL.
    """
    rows = []
    for case, request, chain in TYPICAL:
        fragment = "#" + encode_payload("roll", {"request": request, **chain})
        url_chars = len(base_url) + len(fragment)
        rows.append({"case": case, "fragment_chars": len(fragment), "url_chars": url_chars,
                     "within_budget": url_chars <= 160})
    return rows
