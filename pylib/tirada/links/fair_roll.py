"""A roll played decision by decision with fresh dice (fair play, link format 2) — for the page.

The page starts a check with :func:`start` (a fresh seed, at the roller's next chain number), then
sends each decision through :func:`advance`; whenever the engine must draw after a decision, a fresh
nonce is made *then* and takes the next number of the roller's chain (:func:`tirada.links.chain.reserve`),
so the dice after a decision cannot be known before it is committed, and a second try of the same
decision (another tab, another device) shows in the thread audit as a gap or a fork. :func:`finish`
encodes the link. Everything is pure: the page passes the chain state it just read from storage and
stores the one returned (docs/link-format.md §16), so a refused decision stores nothing and takes
no number.

One roll per action (issue #25): :func:`begin` (start and first draw) rolls once, each
:func:`advance` rolls once, and :func:`finish` rolls nothing — the page verifies the finished link
against the result it already has (:func:`tirada.links.roll_link.open_finished`: one decoding, the
requests compared).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..dice import new_seed
from ..errors import InvalidRequest
from ..fresh import new_nonce
from ..portable import merged
from .chain import ChainState, encode_link, reserve

__all__ = ["TYPICAL_V2", "advance", "begin", "fairplay_sizes", "finish", "start"]


def start(request: Mapping[str, Any], chain_state: ChainState | None) -> dict:
    """Begin a check: a fresh seed and (with a chain) its chain number.

    Args:
        request: the form's request (any system; ``step`` may be true), without ``seed``/``fresh``.
        chain_state: the roller's chain as stored now, or ``None`` for an unnumbered roll.
    Returns:
        ``{"request": request with "seed" and "fresh": [], "first": {"seq", "prev"} | None,
        "positions": [], "chain": new ChainState | None}`` — store ``chain`` now.
    Raises:
        InvalidRequest: not a request.
    """
    if not isinstance(request, Mapping):
        raise InvalidRequest("a request must be a JSON object", field="request", code="request.not_object")
    request = {k: v for k, v in request.items() if k not in ("seed", "fresh", "faces")}
    request.update(seed=new_seed(), fresh=[])
    first = None
    if chain_state is not None:
        first, chain_state = reserve(chain_state, request["seed"])
    return {"request": request, "first": first, "positions": [], "chain": chain_state}


def advance(check: Mapping[str, Any], decision: Mapping[str, Any], chain_state: ChainState | None) -> tuple:
    """Apply ``decision`` (fields to add to the request, e.g. ``{"rerolls": [1]}``) and roll.

    Args:
        check: what :func:`start` (or the last :func:`advance`) returned.
        chain_state: the roller's chain as stored now (re-read: another tab may have used it), or
            ``None`` for an unnumbered roll.
    Returns:
        ``(result, check)`` — the engine's result and the new check (``chain``: store it). One roll.
        A refused decision raises (nothing returned, so the caller stores no chain: it takes no
        number, even if a nonce was drawn on the way).
    Raises:
        InvalidRequest, IllegalMove: the decision is refused (the check is unchanged), also when it
            changes a decision already made (``fair.decided``: only the system's ``growing`` ones, L5R's
            ``explosions`` and Fate's ``invokes``, may grow, one decision at a time, keeping what was
            decided) or sends a field without its ``paired`` partner (L5R's kept dice ``added`` after
            the keep, once explosion dice may be known: ``l5r.added_keep_first``).
    """
    from ..systems import roll

    _check_decision(check["request"], decision)
    request = merged(check["request"], decision)
    positions = list(check["positions"])
    state = [chain_state]

    def on_fresh(_segment: int) -> str:
        nonce = new_nonce()
        if state[0] is not None:
            position, state[0] = reserve(state[0], nonce)
            positions.append(position)
        return nonce

    result = roll(request, on_fresh=on_fresh)
    request["fresh"] = result["fresh"]
    return result, merged(check, {"request": request, "positions": positions,
                                  "chain": state[0] if state[0] is not None else check.get("chain")})


def _check_decision(before: Mapping[str, Any], decision: Mapping[str, Any]) -> None:
    """Refuse a decision that rewrites one made earlier in this check (issue #28: through the engine
    API, kept dice could be added after the explosion dice were seen; a changed reroll or keep would
    choose with dice already known). Fair play, docs/link-format.md §16. Which decisions may grow and
    which come in pairs is the system's own (its registry entry's ``growing`` and ``paired``)."""
    from ..systems.registry import REGISTRY

    if not isinstance(decision, Mapping):
        raise InvalidRequest("a decision must be a JSON object", field="decision", code="request.not_object")
    system = before.get("system")
    spec = REGISTRY.get(system) if isinstance(system, str) else None
    growing = spec.growing if spec is not None else ()
    paired = {field: rest for field, *rest in spec.paired} if spec is not None else {}
    for name, value in decision.items():
        old = before.get(name)
        if name in paired and value:
            partner, code, message = paired[name]
            if partner not in decision:
                raise InvalidRequest(message, field=name, code=code)
        if old is None or old == value:
            continue
        if name in growing and isinstance(old, (list, tuple)) and isinstance(value, (list, tuple)) \
                and list(value[:len(old)]) == list(old):
            continue
        raise InvalidRequest(f"{name} was already decided in this check; it cannot change",
                             field=name, code="fair.decided", params={"field": name})


def begin(request: Mapping[str, Any], chain_state: ChainState | None) -> tuple:
    """:func:`start` and the first :func:`advance` in one step (what a roll button does): one roll.

    Returns:
        ``(result, check)``; store ``check["chain"]`` (the seed's number and any nonce drawn).
    Raises:
        InvalidRequest, IllegalMove: the request is refused (nothing to store: no number taken).
    """
    check = start(request, chain_state)
    return advance(check, {}, check["chain"])


def finish(check: Mapping[str, Any], roller: str | None, campaign: str | None, created: int,
           gm_request: str | None = None) -> str:
    """The link (format 2) of a finished check: its seed, nonces and their chain positions (and the
    id of the GM roll request it answers, if any).

    Nothing is rolled: verify the link with :func:`tirada.links.roll_link.open_finished` and the
    result the check already has (the link is not re-rolled at encoding either).

    Raises:
        InvalidRequest: a field cannot be put in a link (too long, out of range).
    """
    request = {k: v for k, v in check["request"].items() if k != "step"}
    first = check.get("first")
    if first is None:
        return encode_link(request, created=created, gm_request=gm_request, check=False)
    return encode_link(request, roller, campaign, first["seq"], first["prev"], created,
                       positions=check["positions"], gm_request=gm_request, check=False)


#: the chain and seed of the measured links (those of :data:`tirada.links.chain.TYPICAL`)
_CHAIN = {"roller": "Sharla", "campaign": "Arenas Sangrientas", "seq": 127, "prev": "0123456789ab",
          "created": 1796000000}
_SEED = "8f14e45fceea167a5a36dedd4bea2543"
#: Format-2 links measured by :func:`fairplay_sizes`: (case, request with its fixed nonces, chain).
TYPICAL_V2: tuple[tuple[str, dict, dict], ...] = (
    ("l5r5e Fire 3 Fitness 1 TN 3, distinction: rerolls 1 and 3, keep 3, 2 explosions, 'Saltar', chain",
     {"system": "l5r5e", "seed": _SEED, "ring": 3, "skill": 1, "tn": 3, "stance": "fire", "distinction": True,
      "rerolls": [1, 3], "keep": [0, 2, 3], "label": "Saltar",
      "fresh": ["8c7fe62892b30371", "424cb4fd41d209ad", "9e8239d562bd158c"]}, _CHAIN),
    ("l5r5e the same, no chain", {"system": "l5r5e", "seed": _SEED, "ring": 3, "skill": 1, "tn": 3,
     "stance": "fire", "distinction": True, "rerolls": [1, 3], "keep": [0, 2, 3], "label": "Saltar",
     "fresh": ["8c7fe62892b30371", "424cb4fd41d209ad", "9e8239d562bd158c"]}, {}),
    ("sifrp 4D+2B-1P vs 12 'Atletismo', chain (no decisions: no steps)", {"system": "sifrp", "seed": _SEED,
     "test_dice": 4, "bonus_dice": 2, "penalty_dice": 1, "difficulty": 12, "label": "Atletismo"}, _CHAIN),
)


def fairplay_sizes(base_url: str = "https://usuario.github.io/tir/") -> list:
    """Lengths of format-2 roll links (docs/benchmarks.md; budget 220 characters with a
    30-character base URL for a chained L5R check with rerolls and explosions).

    Returns:
        ``[{"case", "steps": nonces in the link, "fragment_chars" (with "#"), "url_chars",
        "within_budget": bool}]`` for :data:`TYPICAL_V2`.
    """
    rows = []
    for case, request, chain in TYPICAL_V2:
        fragment = "#" + encode_link(request, **chain, version=2)
        url_chars = len(base_url) + len(fragment)
        rows.append({"case": case, "steps": len(request.get("fresh", [])), "fragment_chars": len(fragment),
                     "url_chars": url_chars, "within_budget": url_chars <= 220})
    return rows

