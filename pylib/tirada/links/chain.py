"""Share links (formats 1 and 2) for rolls, and roller chains (docs/link-format.md; issues #3, #13).

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
* Generic payloads (Blood Red Sands, Tragedia scenes): :func:`tirada.wire.codec.encode_payload` /
  :func:`~tirada.wire.codec.decode_payload`.

Layers: :mod:`tirada.wire.codec` (fragment, frame, CBOR, generic payloads) and
:mod:`tirada.wire.roll_layout` (the CBOR layout of a roll link and its tables).

Errors: :class:`~tirada.errors.LinkError` for a link that cannot be read (cut short, edited, unknown
version) and :class:`~tirada.errors.InvalidRequest` for bad fields given to the encoder.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..dice import new_seed
from ..errors import InvalidRequest, LinkError, TiradaError
from ..portable import Struct, merged, utc_iso
from ..fresh import entry_id, new_nonce, parse_nonce
from ..wire.codec import decode_frame_versioned, decode_payload, encode_payload, payload_hash
from ..wire.roll_layout2 import chain_entries
from ..wire.roll_layout import (LIMITS, MAX_SEQ, PARAM_KEYS, PARAM_TEXTS, RULE, SYSTEM_CODES, check_int,
                        check_prev, check_text)

__all__ = [
    "ChainState", "LIMITS", "PARAM_KEYS", "PARAM_TEXTS", "PROVES", "SYSTEM_CODES", "TRUST", "TYPICAL",
    "decode_link", "describe", "encode_link", "link_entries", "link_id",
    "link_sizes", "next_link", "reserve", "verify", "verify_link",
]


#: What a verified link guarantees, and what it does not (shown by the page next to a roll).
TRUST = {
    "en": ("What a Tirada link proves: the dice come from randomness inside the link, so anyone can "
           "recompute them, and the result cannot be edited without changing the link. In a format 2 "
           "link (the page makes them since fair play v2) every die drawn after a decision (an L5R "
           "reroll or explosion, a Blood Red Sands move that rolls, a Tragedia post-loss roll) comes "
           "from fresh randomness made when that decision was committed, and each of those takes a "
           "number in the roller's chain, as do a Tragedia scene's rolls and a Confrontation's start: "
           "a roll or decision tried privately and not posted shows up as a gap or a fork, with its "
           "numbers. A link made for a GM's request names it, so a "
           "second roll for the same request shows up. What it does not prove: who typed the name; "
           "anyone can start a new chain, use another browser without carrying their chain over, "
           "restore an older copy of their browser data, or run their own code and post only the "
           "rolls they like. The integrity check stops accidental edits and lazy tampering, not a "
           "forger who recomputes it: it is a checksum, not a signature. Trust comes from the group "
           "seeing every roll posted, in order, in one unbroken chain."),
    "es": ("Qué prueba un enlace de Tirada: los dados salen del azar que va dentro del enlace, así "
           "que cualquiera puede recalcularlos, y el resultado no se puede editar sin cambiar el "
           "enlace. En un enlace de formato 2 (los que hace la página desde el juego limpio v2) "
           "cada dado tirado después de una decisión (una repetición o explosión de L5R, un "
           "movimiento de Arenas Sangrientas que tira, una tirada tras perder en Tragedia) sale de "
           "azar nuevo creado al confirmar esa decisión, y cada uno ocupa un número en la cadena de "
           "quien tira, igual que las tiradas de una escena de Tragedia y el inicio de una "
           "Confrontación: una tirada o decisión probada en privado y no publicada aparece como un "
           "hueco o una bifurcación, con sus números. Un enlace hecho para una petición del máster "
           "la nombra, así que una segunda tirada para la misma petición se ve. Qué no prueba: quién "
           "escribió el nombre; cualquiera puede empezar una cadena nueva, usar otro navegador sin "
           "llevarse su cadena, restaurar una copia antigua de sus datos o usar su propio programa y "
           "publicar solo las tiradas que le gusten. La comprobación de integridad detiene cambios "
           "accidentales y trampas perezosas, no a un falsificador que la recalcule: es una suma de "
           "control, no una firma. La confianza viene de que el grupo vea cada tirada publicada, en "
           "orden, en una sola cadena sin huecos."),
}

#: What a link of each format proves, in one line (shown with every verified link and in the audit).
PROVES = {
    1: {"en": "format 1 (before fair play v2): the dice are recomputable, but every die after a "
              "decision was computable from the link's seed before that decision",
        "es": "formato 1 (anterior al juego limpio v2): los dados se pueden recalcular, pero cada "
              "dado posterior a una decisión se podía calcular con la semilla antes de decidir"},
    2: {"en": "format 2: the dice are recomputable, and every die after a decision comes from fresh "
              "randomness made when it was committed, numbered in the roller's chain",
        "es": "formato 2: los dados se pueden recalcular, y cada dado posterior a una decisión sale "
              "de azar nuevo creado al confirmarla, numerado en la cadena de quien tira"},
}


def encode_link(request: Mapping[str, Any], roller: str | None = None, campaign: str | None = None,
                seq: int | None = None, prev: str | None = None, created: int | None = None,
                positions: list | None = None, version: int = 2, gm_request: str | None = None,
                check: bool = True, nonces_made: bool = False) -> str:
    """A roll link fragment ``"t2…"`` (``"t1…"`` with ``version`` 1) for ``request``, checked by
    rolling it once.

    Args:
        request: a request for :func:`tirada.systems.roll` with a ``seed`` (a fresh one is added when
        missing); ``faces`` are refused. Format 2: ``fresh`` lists the nonces of the segments after
        the first (:mod:`tirada.fresh`); nonces still missing are created here (fresh, so nobody knew
        those dice before), at the chain numbers that follow. roller ≤ 40 chars, campaign ≤ 80,
        label ≤ 200; seq 1..10^9 (format 2: the seed's chain number); prev: the id the chain's
        previous entry (:attr:`ChainState.last`; exactly when seq > 1); created: Unix seconds;
        positions (format 2): ``[{"seq", "prev"}]`` per nonce when they are not consecutive;
        gm_request (format 2): the id (16 hex digits) of the GM roll request this roll answers.
        check (format 2): False skips rolling the decoded link again (a caller that verifies it).
        nonces_made (format 2): True when ``fresh`` already holds every nonce (the caller rolled
        the request once and made them then: :func:`tirada.links.roll_link.roll_link`).
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
    if version == 2:
        return _encode2(request, roller, campaign, seq, prev, created, positions, gm_request, check, nonces_made)
    if version != 1 or positions is not None or gm_request is not None:
        raise InvalidRequest("version must be 1 or 2 (positions only in format 2)", field="version", code="chain.version")
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


def _encode2(request: dict, roller, campaign, seq, prev, created, positions, gm_request=None, check=True,
             nonces_made=False) -> str:
    """:func:`encode_link` for format 2 (missing nonces made with :func:`~tirada.fresh.new_nonce`)."""
    from ..systems import roll

    if request.get("faces") is not None:
        raise InvalidRequest("a share link needs a seed: faces rolled elsewhere cannot be shared as "
                             "a link", field="faces", rule=RULE, code="link.needs_seed")
    request.setdefault("fresh", [])
    if not isinstance(request["fresh"], list):
        raise InvalidRequest("fresh must be a list of nonces", field="fresh", rule=RULE, code="fresh.not_list")
    if request.get("step"):
        raise InvalidRequest("a link holds a finished roll: leave step out", field="step", rule=RULE, code="link.step_given")
    if positions is None and not nonces_made:   # nonces made now take the chain numbers that follow
        request["fresh"] = roll(request, on_fresh=lambda _segment: new_nonce()).get("fresh", request["fresh"])
    link = {"format": 2, "request": request, "roller": roller, "campaign": campaign, "seq": seq,
            "prev": prev, "created": created, "positions": positions, "gm_request": gm_request}
    link = {k: v for k, v in link.items() if v is not None}
    try:
        fragment = encode_payload("roll", link, version=2)
    except TiradaError:
        roll(request)
        raise
    if check:   # the decoded request against its system's rules (roll_link verifies it itself)
        roll(decode_link(fragment)["request"])
    return fragment


def reserve(chain_state: "ChainState", fresh: str) -> tuple:
    """Take the chain's next number for fresh randomness made now (format 2, a step of a roll).

    Args:
        chain_state: the roller's chain as stored now (re-read it: another tab may have moved it);
        fresh: the seed (32..64 hex digits) or nonce (16 hex digits) just created.
    Returns:
        ``({"seq", "prev"}, new_chain_state)``: the position to record for that randomness, and the
        state to store (its ``last`` is the new entry's :func:`~tirada.fresh.entry_id`).
    Raises:
        InvalidRequest: not a chain state, or bad hex.
    """
    if not isinstance(chain_state, ChainState):
        raise InvalidRequest("not a chain state", field="chain", rule=RULE, code="chain.invalid")
    if not isinstance(fresh, str) or (len(fresh) != 16 and len(fresh) not in range(32, 65, 2)):
        raise InvalidRequest("fresh randomness is 16 or 32..64 hex digits", field="fresh", rule=RULE, code="fresh.randomness")
    raw = parse_nonce(fresh) if len(fresh) == 16 else bytes.fromhex(fresh)
    seq = chain_state.seq + 1
    position = {"seq": seq, "prev": chain_state.last}
    return position, chain_state.replace(seq=seq, last=entry_id(seq, chain_state.last, raw))


def decode_link(fragment: str) -> dict:
    """The roll-link dict inside ``fragment`` (shape: :func:`tirada.wire.roll_layout.roll_to_cbor`).

    Raises:
        LinkError: unreadable link, or a link of another kind (Confrontation, scene).
    """
    kind, link = decode_payload(fragment)
    if kind != "roll":
        raise LinkError(f"this link holds a {kind!r}, not a roll", field="link", rule=RULE,
                        code="link.wrong_kind_roll", params={"kind": str(kind)[:20]})
    return link


def link_id(fragment: str) -> str:
    """The id of a link: 12 hex digits, the first 6 bytes of its payload hash (format 1: the
    ``prev`` of the roller's next roll; format 2 names chain entries instead, see
    :func:`tirada.wire.roll_layout2.chain_entries`). Raises LinkError like :func:`decode_link`."""
    version, kind_code, body = decode_frame_versioned(fragment)
    return payload_hash(kind_code, body, version)[:6].hex()


class ChainState(Struct):
    """One roller's chain, kept by the page in localStorage (docs/link-format.md §Roller chains).

    Fields: ``roller`` name (1..40 chars, trimmed), ``campaign`` label (0..80 chars; ``""`` none),
    ``seq`` number of the last roll made (0 = none yet), ``last`` that roll's :func:`link_id`.

    Raises:
        InvalidRequest: bad field (on construction).
    """

    _fields = ("roller", "campaign", "seq", "last")
    roller: str
    campaign: str
    seq: int
    last: str | None

    def __init__(self, roller: str, campaign: str = "", seq: int = 0, last: str | None = None) -> None:
        self._init(roller, campaign, seq, last)
        self._check()

    def _check(self) -> None:
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


def next_link(request: Mapping[str, Any], chain_state: ChainState, created: int, version: int = 2,
              gm_request: str | None = None) -> tuple:
    """The next roll of a chain: ``(fragment, new_chain_state)``; the state is unchanged on error.

    The link gets ``seq = chain_state.seq + 1`` and ``prev = chain_state.last``; the new state
    remembers the id of the link's last chain entry (format 1: the link's id; format 2: its last
    entry, after any fresh nonces made here at the following numbers). ``created``: Unix seconds;
    ``gm_request``: the id of the GM roll request this roll answers (format 2).

    Raises:
        InvalidRequest, IllegalMove: see :func:`encode_link`.
    """
    if not isinstance(chain_state, ChainState):
        raise InvalidRequest("not a chain state", field="chain", rule=RULE, code="chain.invalid")
    seq = chain_state.seq + 1
    fragment = encode_link(request, chain_state.roller, chain_state.campaign or None, seq,
                           chain_state.last, created, version=version, gm_request=gm_request)
    if version == 1:
        return fragment, chain_state.replace(seq=seq, last=link_id(fragment))
    last = chain_entries(decode_link(fragment))[-1]
    return fragment, chain_state.replace(seq=last["seq"], last=last["id"])


def describe(link: Mapping[str, Any], lang: str = "es", entries: Any = ()) -> str:
    """One line naming a roll: ``"tirada nº 7 de Sharla en «Arenas Sangrientas»"`` /
    ``"roll #7 by Sharla in “Arenas Sangrientas”"``; parts absent from the link are left out. A roll
    that took several chain numbers (``entries``: a seed and the fresh nonces of its decisions) says
    why its numbers jump: ``"tirada nº 8–9 (tirada y decisión) de …"`` (issue #25 item 5)."""
    es = lang == "es"
    text = "tirada" if es else "roll"
    seqs = [e["seq"] for e in entries or ()]
    if len(seqs) > 1:
        k = len(seqs) - 1
        span = f"{seqs[0]}–{seqs[-1]}" if seqs == list(range(seqs[0], seqs[0] + len(seqs))) else ", ".join(map(str, seqs))
        why = ("tirada y decisión" if k == 1 else f"tirada y {k} decisiones") if es else \
            ("roll and decision" if k == 1 else f"roll and {k} decisions")
        text += f" nº {span} ({why})" if es else f" #{span} ({why})"
    elif link.get("seq") is not None:
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
        "result": systems.roll(request), "description": {"es", "en"}, "format": 1 | 2,
        "entries": [{"seq", "prev", "id"}] (chain entries, see :func:`link_entries`), "last": id the
        roller's next entry names as prev (or None), "proves": {"es", "en"} (:data:`PROVES`)}``.
    Raises:
        LinkError: unreadable link, or a request that the rules of this version refuse (the reason,
        field and rule of the refusal are kept).
    """
    return verify_link(decode_link(fragment), link_id(fragment))


def link_entries(link: Mapping[str, Any], roll_id: str) -> list:
    """The chain entries of a decoded roll link: ``[{"seq", "prev", "id"}]`` (format 1: the link
    itself, id = ``roll_id``; format 2: :func:`~tirada.wire.roll_layout2.chain_entries`; ``[]`` unnumbered)."""
    if link.get("format") == 2:
        return chain_entries(link)
    if link.get("seq") is None:
        return []
    return [{"seq": link["seq"], "prev": link.get("prev"), "id": roll_id}]


def verify_link(link: Mapping[str, Any], roll_id: str, result: dict | None = None) -> dict:
    """:func:`verify` for a roll link already decoded (by :func:`decode_link`) with its
    :func:`link_id`, so a caller holding both (the thread audit) does not decode the link twice.
    ``result``: the engine's result of exactly ``link["request"]``, when the caller has just rolled
    it (a finished L5R check: :func:`tirada.links.roll_link.open_finished`); otherwise it is rolled.

    Returns:
        the dict of :func:`verify`.
    Raises:
        LinkError: a request that the rules of this version refuse (field and rule kept).
    """
    from ..systems import roll

    try:
        result = roll(link["request"]) if result is None else result
    except TiradaError as err:
        raise LinkError(f"the roll in this link is not valid: {err.message}", field=err.field,
                        rule=err.rule, code="link.roll_invalid", params={"cause": err.cause()}) from None
    entries = link_entries(link, roll_id)
    created = link.get("created")
    iso = None if created is None else utc_iso(created)
    return {
        "id": roll_id, "roller": link.get("roller"), "campaign": link.get("campaign"),
        "seq": link.get("seq"), "prev": link.get("prev"), "created": created, "created_iso": iso,
        "label": link["request"].get("label", ""), "request": link["request"], "result": result,
        "description": {"es": describe(link, "es", entries), "en": describe(link, "en", entries)},
        "format": link.get("format", 1), "entries": entries, "gm_request": link.get("gm_request"),
        "last": entries[-1]["id"] if entries else None,
        "proves": PROVES[link.get("format", 1)],
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
        fragment = "#" + encode_payload("roll", merged({"request": request}, chain))
        url_chars = len(base_url) + len(fragment)
        rows.append({"case": case, "fragment_chars": len(fragment), "url_chars": url_chars,
                     "within_budget": url_chars <= 160})
    return rows
