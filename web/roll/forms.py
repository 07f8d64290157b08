"""One ``Form`` per roll system, in one table derived from the system registry (pure: no pyscript).

Every system of ``tirada.systems.registry.REGISTRY`` has exactly one page module ``form_<id>``, named by
its registry entry's ``form`` (web/dice/form_generic.py, web/dice/form_sifrp.py, web/l5r/form_l5r5e.py,
web/tragedia/form_tragedia.py, web/brs/form_brs.py, web/dice/form_fate.py), that follows :class:`Form`: what the page does differently per system — read a request from the
roll form, write a request back into it (a link's "roll this again", a GM's request, a character
sheet), draw a result and its one-line summary, and build its odds card. The roll view, the
shared-roll view, the GM request, the sheets, the history, the audit and the odds card all reach a
system through :func:`form_for`; none of them branches on a system id.

There is no fallback: a system id that is not registered, or a registered system whose module is
missing, raises :class:`UnknownSystem` (the shared view words it as a link this page cannot show),
and tests/test_forms.py fails the build's test run for a registered system whose ``form_<id>``
lacks anything :func:`requirements` lists (docs/architecture.md §Adding a roll system).
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Dict, Mapping, Protocol, Tuple

from shell.strings import t
from tirada.systems.registry import REGISTRY, SystemSpec, TableView

__all__ = ["FORMS", "Form", "FormError", "UnknownSystem", "form_for", "int_field", "module_name", "read_fieldset",
           "requirements", "rolls_with_sheets", "with_fieldset"]


class FormError(ValueError):
    """A form value that is not even a number; ``field`` is the input's id for focusing it."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


class UnknownSystem(LookupError):
    """A system with no :class:`Form` (a link of a newer Tirada, or a programming error); the shared
    view words it as a link this page cannot show."""


class Form(Protocol):
    """What the page knows of one roll system (a module ``form_<id>`` implements it).

    Attributes:
        SYSTEM: the registry id (``"sifrp"``).
        FIELDSET: True when the roll view has a ``fieldset[data-system=<id>]`` for it (False: the
            system rolls inside its own view: the Tragedia scene, the Confrontation).
        FLOW: the page module running a check in several steps (``"l5r.ui_l5r"``: its ``start_check()``
            replaces the roll button's one-shot roll), or ``None``.
        REQUESTABLE: the fields a GM request may fix or bound, in the form's order (web/fair/request_view.py).
        PLAYER_FIELDS: those of them left to the player by default (an L5R ring and skill).
        REQUEST_NEUTRAL (optional): field → the value a request fixes it at when the form holds
            nothing for it (the generic modifier: 0; web/fair/request_view.py).
        SECTIONS: id of a folded ``<details>`` of the fieldset → the request fields that open it
            when a request written into the form uses them (SIFRP's teamwork, conflict…).
    """

    SYSTEM: str
    FIELDSET: bool
    FLOW: "str | None"
    REQUESTABLE: Tuple[str, ...]
    PLAYER_FIELDS: Tuple[str, ...]
    SECTIONS: Mapping[str, Tuple[str, ...]]

    def read_request(self, fieldset: Any, lang: str) -> Dict[str, Any]:
        """The request of the system's fieldset, without ``system`` (values checked by the engine).

        Raises:
            FormError: a value that is not even a number (its message in ``lang``)."""

    def field_values(self, request: Mapping[str, Any], whole: bool) -> Dict[str, Any]:
        """Input name → value that puts ``request`` in the fieldset (pure). ``whole``: the fields the
        request leaves out get their defaults (a link's request); else only what it names (a GM's
        fixed field, a character sheet's dice)."""

    def render_result(self, result: Mapping[str, Any], lang: str) -> str:
        """The result card's HTML (systems with roll links)."""

    def summary(self, result: Mapping[str, Any], lang: str) -> str:
        """The result's one line: the history, the shared view's headline, the audit."""

    def odds_view(self, result: Mapping[str, Any], lang: str, label: Callable[[str], str]) -> Dict[str, Any]:
        """The odds card of ``tirada.odds.odds`` output: ``{"headline", "svg", "table", "legend",
        "extra", "note"?}`` (web/roll/odds_views.py); ``label(name)`` names a form field."""

    def sheet_fields_html(self, form: Mapping[str, Any], lang: str) -> str:
        """A system with sheets: the "Mis datos" editor's inputs, filled with ``form`` (the engine's
        form texts), each with ``data-cs="<form key>"`` (web/roll/sheet_inputs.py)."""

    def sheet_roll_html(self, character: Mapping[str, Any], lang: str) -> str:
        """The selects of "roll with this sheet" in "Mis datos" (a system with sheets and a fieldset)."""

    def sheet_roll_update(self, character: Mapping[str, Any], changed: str, value: str, lang: str) -> Dict[str, str]:
        """Element id → new inner HTML after the chooser's select ``changed`` took ``value``."""

    def sheet_choice(self, value: Callable[[str], str], lang: str) -> Tuple[dict, str]:
        """``(choice, words)``: the chooser's values (``value(element id)``) as the choice of
        ``tirada.roll_request`` and as words for the roll's label."""


def module_name(system: str) -> str:
    """The page module of ``system``'s :class:`Form` by its package path, as its registry entry names it
    (:attr:`tirada.systems.registry.SystemSpec.form`: ``"dice.form_sifrp"``), so a system in a new folder
    edits nothing here; ``""`` for a system not registered or whose entry names none (:func:`form_for`
    words it)."""
    spec = REGISTRY.get(system) if isinstance(system, str) else None
    return (spec.form or "") if spec is not None else ""


#: system id → its Form's module name, one per registry entry (a view: a system registered later
#: shows up too).
FORMS: Mapping[str, str] = TableView(lambda: {spec.id: module_name(spec.id) for spec in REGISTRY.values()})


def form_for(system: Any) -> Form:
    """The :class:`Form` of ``system``.

    Raises:
        UnknownSystem: ``system`` is not registered, or its module is missing (never a silent
            fallback to another system's form).
    """
    name = FORMS.get(system) if isinstance(system, str) else None
    if not name:
        raise UnknownSystem(f"no form for system {system!r}")
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        raise UnknownSystem(f"system {system!r} has no module {name}") from None


def with_fieldset() -> Tuple[str, ...]:
    """The systems the roll form offers (their Form's ``FIELDSET``), in registry order."""
    return tuple(s for s in FORMS if form_for(s).FIELDSET)


def rolls_with_sheets(system: Any) -> bool:
    """True when a character sheet of ``system`` can fill the roll form: the registry gives it a sheet
    module and its Form a fieldset (then the Form has ``sheet_roll_html``, ``sheet_roll_update`` and
    ``sheet_choice``)."""
    spec = REGISTRY.get(system) if isinstance(system, str) else None
    return bool(spec and spec.sheet) and form_for(system).FIELDSET


#: what every Form defines, whatever its system
_ALWAYS = ("SYSTEM", "FIELDSET", "FLOW")
#: what a Form with a fieldset on the roll view defines
_FIELDSET = ("read_request", "field_values", "REQUESTABLE", "PLAYER_FIELDS", "SECTIONS")
#: what the Form of a system with character sheets defines (the "Mis datos" editor's inputs)
_SHEET_EDITOR = ("sheet_fields_html",)
#: what a Form with a fieldset and character sheets defines too ("roll with this sheet")
_SHEET = ("sheet_roll_html", "sheet_roll_update", "sheet_choice")


def requirements(spec: SystemSpec, fieldset: bool) -> Tuple[str, ...]:
    """The names the Form of ``spec`` must define: always ``SYSTEM``, ``FIELDSET``, ``FLOW``; a system
    with roll links (``spec.roll``) ``render_result`` and ``summary``; with odds ``odds_view``; with
    character sheets (``spec.sheet``) ``sheet_fields_html``; with
    a fieldset on the roll view (``fieldset``) ``read_request``, ``field_values``, ``REQUESTABLE``,
    ``PLAYER_FIELDS`` and ``SECTIONS``, and with character sheets too (``spec.sheet``)
    ``sheet_roll_html``, ``sheet_roll_update`` and ``sheet_choice``. tests/test_forms.py checks each registered system defines exactly these."""
    names = list(_ALWAYS)
    if spec.roll:
        names += ["render_result", "summary"]
    if spec.odds:
        names.append("odds_view")
    if spec.sheet:
        names += _SHEET_EDITOR
    if fieldset:
        names += _FIELDSET
        if spec.sheet:
            names += _SHEET
    return tuple(names)


def problems(system: str) -> Tuple[str, ...]:
    """What the page's Form of the registered ``system`` lacks (empty: none): its module
    (``"web/<folder>/form_<id>.py"``: the entry names none, or one that does not exist), ``SYSTEM`` naming it, or a name of :func:`requirements` (as
    ``"form_<id>.NAME"``). The build stops on any (buildtools/pages.py ``check_forms``); tests/test_forms.py
    adds what the page's HTML, strings and vectors must hold."""
    spec = REGISTRY[system]
    try:
        form = form_for(system)
    except UnknownSystem:
        return (f"web/<folder>/form_{system}.py",)
    if getattr(form, "SYSTEM", None) != system:
        return (f"form_{system}.SYSTEM",)
    defined = {name for name in dir(form) if not name.startswith("_")}
    return tuple(f"form_{system}.{name}"
                 for name in requirements(spec, bool(getattr(form, "FIELDSET", False))) if name not in defined)


# ------------------------------------------------------------------ reading a fieldset's inputs
def int_field(fieldset: Any, name: str, lang: str, optional: bool = False) -> Any:
    """The whole number typed in the input ``name`` of ``fieldset``; ``None`` when empty and
    ``optional``.

    Raises:
        FormError: not a whole number ("<label>: <error.number>" in ``lang``, the input's id).
    """
    node = fieldset.querySelector(f'[name="{name}"]')
    raw = str(node.value).strip()
    if raw == "" and optional:
        return None
    try:
        return int(raw)
    except ValueError:
        label = node.labels[0].textContent if node.labels.length else name
        raise FormError(f"{label}: {t('error.number', lang)}", str(node.id)) from None


def select_field(node_id: str, label: str, options: str, wide: bool = False) -> str:
    """A labelled ``<select>`` of the "roll with this sheet" choosers (``label`` escaped here,
    ``options`` already HTML)."""
    from shell.render import esc

    return (f'<div class="field{" wide" if wide else ""}"><label for="{node_id}">{esc(label)}</label>'
            f'<select id="{node_id}">{options}</select></div>')


def read_fieldset(system: str, fieldset: Any, lang: str) -> Dict[str, Any]:
    """The request of ``system``'s fieldset, read by the engine's one form reader
    (:func:`tirada.systems.form_read.read_form`, the reading core's, so MicroPython reads it too): each
    input of :func:`~tirada.systems.form_read.form_names` as its ``.checked`` (a checkbox) or its
    ``.value`` (any other); an input the fieldset lacks is left out (read as empty).

    Raises:
        FormError: a value that is not a whole number ("<label>: <error.number>" in ``lang``, the
            input's id), as :func:`int_field` words it.
        TiradaError: the reader's other refusals (a notation's ``notation.*``, the bands' ``bands.*``).
    """
    from tirada.systems.form_read import FormFieldError, form_names, read_form

    values: Dict[str, Any] = {}
    for name in form_names(system):
        node = fieldset.querySelector(f'[name="{name}"]')
        if node is None or not hasattr(node, "value"):      # no such input (JS null has no value)
            continue
        values[name] = bool(node.checked) if str(getattr(node, "type", "")) == "checkbox" else str(node.value)
    try:
        return read_form(system, values)
    except FormFieldError as err:
        name = str(err.field)
        node = fieldset.querySelector(f'[name="{name}"]')
        if node is None or not hasattr(node, "value"):
            raise FormError(f"{name}: {t('error.number', lang)}", name) from None
        label = node.labels[0].textContent if node.labels.length else name
        raise FormError(f"{label}: {t('error.number', lang)}", str(node.id)) from None
