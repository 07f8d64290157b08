"""Which Form draws each roll system's result (pure: no pyscript, checked on CPython).

Every system of the engine's registry (``tirada.systems.registry.REGISTRY``) that has roll links
(``roll`` is set) is drawn by its own Form (web/roll/forms.py, module ``form_<id>``): its
``render_result(result, lang) -> html`` draws the result card and ``summary(result, lang) -> str`` is
its one-line headline. The shared-roll view (web/fair/ui_shared.py), the roll history, the audit and the
roll view all look a system up here; there is no fallback, so a system without a Form is refused by
tests/test_forms.py (the build's test run) instead of being drawn by another system's code (a
Tragedia roll drawn as a generic roll used to kill the page: issue #25).
"""

from __future__ import annotations

from typing import Any, Mapping

from roll import forms
from roll.forms import UnknownSystem
from tirada.systems.registry import REGISTRY, TableView

__all__ = ["RESULT_VIEWS", "UnknownSystem", "view_for"]

#: system id → the module of its Form, for the systems with roll links (a view of the registry).
RESULT_VIEWS: Mapping[str, str] = TableView(
    lambda: {spec.id: forms.module_name(spec.id) for spec in REGISTRY.values() if spec.roll})


def view_for(system: Any) -> Any:
    """The Form drawing ``system``'s results (``render_result``, ``summary``).

    Raises:
        UnknownSystem: ``system`` has no roll links or no Form (never a silent fallback).
    """
    if not (isinstance(system, str) and system in RESULT_VIEWS):
        raise UnknownSystem(f"no result view for system {system!r}")
    return forms.form_for(system)
