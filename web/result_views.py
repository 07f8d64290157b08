"""Which page module draws each roll system's result (pure: no pyscript, checked on CPython).

Every system of the engine's registry (``tirada.systems.registry.REGISTRY``) that has roll links
(``roll`` is set) has exactly one entry here: the page module whose ``render_result(result, lang)
-> html`` draws its result card and whose ``summary(result, lang) -> str`` is its one-line
headline. The shared-roll view (web/ui_shared.py), the roll history and the roll view all look a
system up here; there is no fallback, so a system without an entry is refused by
tests/test_result_views.py (the build's test run) instead of being drawn by another system's code
(a Tragedia roll drawn as a generic roll used to kill the page: issue #25).

Module names, not modules: a system's module is imported when its first result is drawn.
"""

from __future__ import annotations

import importlib
from typing import Any, Mapping

__all__ = ["RESULT_VIEWS", "UnknownSystem", "view_for"]

#: system id → page module with ``render_result`` and ``summary``.
RESULT_VIEWS: Mapping[str, str] = {
    "generic": "ui_dice",
    "sifrp": "ui_dice",
    "l5r5e": "ui_l5r",
    "tragedia": "tragedia_result",
}


class UnknownSystem(LookupError):
    """A result of a system with no entry in :data:`RESULT_VIEWS` (a link of a newer Tirada, or a
    programming error); the shared view words it as a link this page cannot show."""


def view_for(system: Any) -> Any:
    """The module drawing ``system``'s results.

    Raises:
        UnknownSystem: ``system`` has no entry (never a silent fallback to another system).
    """
    name = RESULT_VIEWS.get(system) if isinstance(system, str) else None
    if name is None:
        raise UnknownSystem(f"no result view for system {system!r}")
    return importlib.import_module(name)
