"""The registry of game systems and the one entry point that rolls any request.

A system is a module exposing ``roll(params: dict, dice: Dice) -> dict``, named by its entry in
:mod:`tirada.systems.registry` (the one place that lists systems). Modules are imported lazily by
id, so the page loads only what it uses.

Common request fields, handled here for every system:
``system`` (id), ``seed`` (hex, optional), ``faces`` (ints in draw order, optional; no randomness),
``label`` (free text ≤ 200 chars, optional), ``fresh`` (format-2 fair play: the nonces of the
segments after the first, see :mod:`tirada.fresh`; its presence, even empty, means every draw after a
decision needs its own nonce). Every other field belongs to the system.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ..dice import FixedFaces, dice_for
from ..errors import InvalidRequest
from ..fields import get_text
from ..fresh import NeedFresh, SteppedDice
from ..portable import import_module, merged
from .registry import TableView, roll_table

__all__ = ["COMMON_FIELDS", "SYSTEMS", "get_system", "hook", "roll", "split_request"]

#: system id → roll module path: a live view of :data:`tirada.systems.registry.REGISTRY`.
#: Spanish/English display names live in the page's catalogs.
SYSTEMS = TableView(roll_table)
COMMON_FIELDS = ("system", "seed", "faces", "label", "fresh")


def get_system(system_id: Any):
    """The module of ``system_id``.

    Raises:
        InvalidRequest: unknown id (the known ones are listed), or a system not built yet.
    """
    if not isinstance(system_id, str) or system_id not in SYSTEMS:   # a list/dict is not hashable
        known = ", ".join(sorted(SYSTEMS))
        raise InvalidRequest(f"unknown system {str(system_id)[:40]!r}; known: {known}", field="system",
                             code="request.system_unknown", params={"system": str(system_id)[:40]})
    try:
        return import_module(SYSTEMS[system_id])
    except ModuleNotFoundError:
        raise InvalidRequest(f"system {system_id!r} is not available in this version", field="system",
                             code="request.system_unavailable", params={"system": str(system_id)[:40]}) from None


def hook(system_id: Any, name: str) -> Callable[..., Any] | None:
    """The function a registry entry names in its ``name`` field (``"blind"``, ``"rated"``:
    ``"module:function"``, imported on first use), or ``None`` for an unknown system or an entry
    that names none. (A registry path that does not import is a programming error and raises.)"""
    from .registry import REGISTRY

    spec = REGISTRY.get(system_id) if isinstance(system_id, str) else None
    path = getattr(spec, name, None) if spec is not None else None
    if not path:
        return None
    module, _, func = path.partition(":")
    return getattr(import_module(module), func)


def split_request(request: Mapping[str, Any]) -> tuple:
    """Split a request into ``(common, params)``: the common fields and the system's own.

    Raises:
        InvalidRequest: the request is not a JSON object.
    """
    if not isinstance(request, Mapping):
        raise InvalidRequest("a request must be a JSON object", code="request.not_object")
    common = {k: request[k] for k in COMMON_FIELDS if k in request}
    params = {k: v for k, v in request.items() if k not in COMMON_FIELDS}
    return common, params


def roll(request: Mapping[str, Any], on_fresh: Callable[[int], str] | None = None) -> dict:
    """Roll any request and return its JSON-ready result.

    Args:
        request: the request (common fields above + the system's own).
        on_fresh: fair play (a request with ``fresh``): called as ``on_fresh(segment)`` when a die
            must be drawn after a decision and no nonce is given for it; it commits fresh randomness
            (the page: a new chain entry) and returns the nonce (16 hex digits); the roll then
            continues with it. Without ``on_fresh`` such a request is refused.
    Returns:
        ``{"system": id, "seed": hex | None, "label": str, **system result}``; ``seed`` is ``None``
        when ``faces`` were given, and is a fresh 128-bit seed when neither was. With ``fresh``,
        also ``"fresh": [nonce hex]`` (every nonce used, including those made by ``on_fresh``).
    Raises:
        InvalidRequest, IllegalMove: from validation or the rules; the message names the field.
    """
    common, params = split_request(request)
    module = get_system(common.get("system"))
    label = get_text(common, "label")
    fresh = common.get("fresh")
    if fresh is not None and common.get("faces") is not None:
        raise InvalidRequest("fresh dice need a seed, not typed faces", field="fresh", code="fresh.needs_seed")
    if fresh is None:
        dice, seed = dice_for(common)
        result = module.roll(params, dice)
        if isinstance(dice, FixedFaces):
            dice.finish()
        return merged({"system": common["system"], "seed": seed, "label": label}, result)
    if not isinstance(fresh, list):
        raise InvalidRequest("fresh must be a list of nonces", field="fresh", code="fresh.not_list")
    nonces = list(fresh)
    seed = common.get("seed")
    if seed is None:
        raise InvalidRequest("fresh dice need the roll's seed", field="seed", code="fresh.needs_seed")
    while True:
        dice = SteppedDice(seed, nonces)
        try:
            result = module.roll(params, dice)
            break
        except NeedFresh as need:
            if on_fresh is None:
                raise InvalidRequest(f"this roll draws dice after a decision (step {need.segment}) but "
                                     "carries no fresh dice for it", field="fresh",
                                     rule="link-format.md §Fresh dice", code="fresh.missing") from None
            nonces.append(on_fresh(need.segment))
    dice.finish()
    return merged({"system": common["system"], "seed": dice.seed_hex, "label": label}, result, {"fresh": nonces})
