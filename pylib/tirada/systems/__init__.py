"""The registry of game systems and the one entry point that rolls any request.

A system is a module exposing ``roll(params: dict, dice: Dice) -> dict``, named by its entry in
:mod:`tirada.systems.registry` (the one place that lists systems). Modules are imported lazily by
id, so the page loads only what it uses.

Common request fields, handled here for every system:
``system`` (id), ``seed`` (hex, optional), ``faces`` (ints in draw order, optional; no randomness),
``label`` (free text ≤ 200 chars, optional). Every other field belongs to the system.
"""

from __future__ import annotations

import importlib
from typing import Any, Mapping

from ..dice import FixedFaces, dice_for
from ..errors import InvalidRequest
from ..fields import get_text
from .registry import TableView, roll_table

__all__ = ["COMMON_FIELDS", "SYSTEMS", "get_system", "roll", "split_request"]

#: system id → roll module path: a live view of :data:`tirada.systems.registry.REGISTRY`.
#: Spanish/English display names live in the page's catalogs.
SYSTEMS = TableView(roll_table)
COMMON_FIELDS = ("system", "seed", "faces", "label")


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
        return importlib.import_module(SYSTEMS[system_id])
    except ModuleNotFoundError:
        raise InvalidRequest(f"system {system_id!r} is not available in this version", field="system",
                             code="request.system_unavailable", params={"system": str(system_id)[:40]}) from None


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


def roll(request: Mapping[str, Any]) -> dict:
    """Roll any request and return its JSON-ready result.

    Returns:
        ``{"system": id, "seed": hex | None, "label": str, **system result}``; ``seed`` is ``None``
        when ``faces`` were given, and is a fresh 128-bit seed when neither was.
    Raises:
        InvalidRequest, IllegalMove: from validation or the rules; the message names the field.
    """
    common, params = split_request(request)
    module = get_system(common.get("system"))
    label = get_text(common, "label")
    dice, seed = dice_for(common)
    result = module.roll(params, dice)
    if isinstance(dice, FixedFaces):
        dice.finish()
    return {"system": common["system"], "seed": seed, "label": label, **result}
