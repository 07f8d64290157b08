"""The roll form of the generic roll and of the SIFRP test read into a request, once, for the page on
Pyodide and on MicroPython alike (issue #41: the page rolls from its form before Pyodide is up).

:func:`read_form` takes the fieldset's values by input name (web/panels/roll.html: ``"test_dice"``,
``"difficulty_step"``, ``"rivals[0].name"``, ``"notation"``, ``"dialect"``, ``"bands"``,
``"keep_lowest"``…; :func:`form_names` lists every name it may read) and gives the request the engine
rolls (without ``"system"``): values checked only for being whole numbers, the ranges and rules left to
the engine (../shared/rules/sifrp.md, ../shared/rules/generic.md, docs/notation.md). The page collects
the values (web/dice/form_generic.py, web/dice/form_sifrp.py ``read_request``) and words a
:class:`FormFieldError` with the input's label.

A whole number is, once the spaces around it are gone (:func:`strip`, Unicode spaces as ``str.strip``
on CPython), an optional ``+`` or ``-`` and 1 to :data:`tirada.fields.TYPED_DIGITS` ASCII digits:
``"3"``, ``" 3 "``, ``"+3"``, ``"-0"``, ``"007"``. Refused (the same on every interpreter, which
``int()`` is not): ``"1_000"`` and ``"٣"`` (CPython's ``int()`` took them), ``"3.0"``, ``"3e2"``,
``"−3"`` (U+2212), ``""`` in a required field, more than 100 digits (CPython's ``int()`` took up to
4,300; the engine then refused such a number as out of range).

The notation (:func:`tirada.systems.notation.parse`) and typed bands
(:func:`tirada.systems.bands.parse_bands`) are read by the core too; on MicroPython a text it cannot
read as CPython does (a label NFC would change, a roll with characters outside ASCII:
docs/architecture.md §The reading core) raises :class:`tirada.portable.NeedsFullEngine` (not a refusal: the page hands the
roll to the full engine). Written in the reading-core pattern (docs/architecture.md §How the core is
written).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import InvalidRequest, TiradaError
from ..fields import TYPED_DIGITS, typed_int
from ..portable import strip

__all__ = ["FormFieldError", "L5R_BOOL_FIELDS", "L5R_INT_FIELDS", "RIVAL_KEYS", "RIVAL_ROWS", "form_names", "read_form",
           "strip", "whole_number"]

#: rival rows of the SIFRP competition form (web/panels/roll.html)
RIVAL_ROWS = 3
#: a rival row's inputs, ``rivals[i].<key>``: the name first (kept as text), then the numbers
RIVAL_KEYS = ("name", "test_dice", "bonus_dice", "penalty_dice", "modifier")

_SIFRP_NAMES = (("test_dice", "bonus_dice", "penalty_dice", "modifier", "difficulty_step", "difficulty",
                 "destiny_bonus", "helpers", "allow_more_helpers", "extra_time", "passive_rank", "weapon_damage",
                 "name")
                + tuple(f"rivals[{i}].{key}" for i in range(RIVAL_ROWS) for key in RIVAL_KEYS)
                + ("extended_goal", "extended_count", "extended_max", "extended_span"))
#: the L5R check's whole-number inputs (web/panels/roll.html), every one required (l5r5e.md §The check)
L5R_INT_FIELDS = ("ring", "skill", "tn", "assist_skilled", "assist_unskilled")
#: the L5R check's checkboxes: the Void point, advantages and disadvantages, passion and anxiety
L5R_BOOL_FIELDS = ("void", "compromised", "distinction", "adversity", "passion", "anxiety")
_L5R_NAMES = L5R_INT_FIELDS + L5R_BOOL_FIELDS + ("stance",)
_GENERIC_NAMES = ("notation", "dialect", "dice", "sides", "keep", "modifier", "difficulty", "keep_lowest", "bands")


class FormFieldError(TiradaError):
    """A form value that is not a whole number; ``field`` is the input's name (the page words it
    with the input's label, web/roll/forms.py ``FormError``)."""

    default_code = "form.not_number"


def form_names(system: str) -> tuple:
    """Every input name :func:`read_form` may read for ``system`` (``"sifrp"``, ``"generic"``, ``"l5r5e"``), in the
    fieldset's order: what the page collects from the DOM.

    Raises:
        InvalidRequest: ``form.no_reader`` (field ``system``): no form reader for ``system``.
    """
    if system == "sifrp":
        return _SIFRP_NAMES
    if system == "generic":
        return _GENERIC_NAMES
    if system == "l5r5e":
        return _L5R_NAMES
    shown = str(system)[:40]
    raise InvalidRequest(f"no form reader for system '{shown}'", field="system", code="form.no_reader",
                         params={"system": shown})


def read_form(system: str, values: Mapping[str, Any]) -> dict:
    """The request (without ``"system"``) of ``system``'s roll form, from ``values``: input name →
    its value, a ``str`` as typed (untrimmed) for a text, number or select input and a ``bool`` for a
    checkbox; a name left out reads as ``""`` / ``False``. Values are checked only for being whole
    numbers (:func:`whole_number`); empty optional fields are left out (the engine's defaults).

    SIFRP (sifrp.md): ``{"test_dice", "difficulty"`` (the step, or the number field when the step is
    ``"custom"``), ``"bonus_dice"?``, ``"penalty_dice"?``, ``"modifier"?``, ``"destiny_bonus"?``,
    ``"helpers"?`` (``"2, 3;4"`` → ``[2, 3, 4]``), ``"allow_more_helpers"?``, ``"extra_time"?``,
    ``"passive_rank"?`` (a conflict: then no ``difficulty``), ``"weapon_damage"?``, ``"rivals"?`` (each
    row with anything typed: its name trimmed, numbers as :func:`tirada.fields.typed_int` reads them)
    with ``"name"``, ``"extended_goal"?`` with ``"extended_count"``, ``"extended_max"?``,
    ``"extended_span"?}``, in this order. Generic: a typed ``notation`` wins (:func:`tirada.systems.notation.parse`
    in its ``dialect``, named in the request unless Roll20's), the difficulty field added to a single
    roll; else ``{"dice", "sides", "keep"?, "modifier"?, "difficulty"?, "keep_lowest"?}``; either with
    ``"bands"`` when typed (:func:`tirada.systems.bands.parse_bands`). L5R (l5r5e.md §The check): every
    one of :data:`L5R_INT_FIELDS` (required), each ticked one of :data:`L5R_BOOL_FIELDS` as ``True``, and
    ``"stance"`` when one is chosen (false booleans and no stance left out: shorter links).

    Raises:
        FormFieldError: ``form.not_number``, ``field`` the input's name (checked in the old page's
            order: SIFRP's difficulty, test dice, bonus, penalty, modifier, extended goal and maximum;
            the generic roll's difficulty after a notation, else dice, sides, keep, modifier, difficulty).
        InvalidRequest: ``form.no_reader``: no reader for ``system``; the notation's ``notation.*``
            refusals (``notation.two_difficulties``: ``vs 15`` typed and another difficulty field);
            the bands' ``bands.*`` (field ``bands``).
        NeedsFullEngine: on MicroPython, a notation or bands it cannot read as CPython does (see above).
    """
    form_names(system)          # form.no_reader first
    form = _Values(values)
    if system == "l5r5e":
        return _l5r(form)
    return _sifrp(form) if system == "sifrp" else _generic(form)


def _l5r(form: _Values) -> dict:
    req: dict = {}
    for name in L5R_INT_FIELDS:
        req[name] = form.number(name)
    for name in L5R_BOOL_FIELDS:
        if form.checked(name):
            req[name] = True
    stance = form.text("stance")
    if stance:
        req["stance"] = stance
    return req


def whole_number(text: str) -> "int | None":
    """The whole number ``text`` holds (an optional ``+``/``-`` and 1 to :data:`TYPED_DIGITS` ASCII
    digits, once :func:`strip` ped), else ``None``; the same on CPython and MicroPython."""
    s = strip(text)
    digits = s[1:] if s[:1] in ("+", "-") else s
    if not digits or len(digits) > TYPED_DIGITS or any(ch not in "0123456789" for ch in digits):
        return None
    return int(s)


class _Values:
    """The form's values by input name: a missing name as ``""`` (a checkbox: ``False``)."""

    def __init__(self, values: Mapping[str, Any]) -> None:
        self.values = values

    def text(self, name: str) -> str:
        """The input's text as typed (``""`` when missing)."""
        value = self.values.get(name)
        return "" if value is None else str(value)

    def checked(self, name: str) -> bool:
        """Whether the checkbox is ticked."""
        return self.values.get(name) is True

    def number(self, name: str) -> int:
        """The whole number typed in ``name``; raises FormFieldError when it is none (empty too)."""
        got = whole_number(self.text(name))
        if got is None:
            raise FormFieldError(f"{name} is not a whole number", field=name, code="form.not_number")
        return got

    def optional(self, name: str) -> "int | None":
        """:meth:`number`, ``None`` when the input is empty."""
        return None if strip(self.text(name)) == "" else self.number(name)

    def optionals(self, names: tuple, into: dict) -> None:
        """Each of ``names`` typed (not empty) put into ``into`` as its whole number."""
        for name in names:
            got = self.optional(name)
            if got is not None:
                into[name] = got

    def raw(self, name: str) -> Any:
        """For the engine to check: ``None`` when empty, an int when it reads as one
        (:func:`tirada.fields.typed_int`), else the text trimmed (the engine refuses it, coded)."""
        text = strip(self.text(name))
        return typed_int(text) if text else None


# ------------------------------------------------------------------------------------------- SIFRP
def _sifrp(form: _Values) -> dict:
    # the custom number field, else a named step's value (the select; anything else is that field's error)
    difficulty = form.number("difficulty" if form.text("difficulty_step") == "custom" else "difficulty_step")
    req: dict = {"test_dice": form.number("test_dice"), "difficulty": difficulty}
    form.optionals(("bonus_dice", "penalty_dice", "modifier"), req)
    if form.checked("destiny_bonus"):
        req["destiny_bonus"] = True
    _contest(form, req)
    goal = form.optional("extended_goal")
    if goal is not None:    # an extended test (sifrp.md §Other rules): the engine checks the ranges
        req["extended_goal"] = goal
        req["extended_count"] = form.text("extended_count")
        most = form.optional("extended_max")
        if most is not None:
            req["extended_max"] = most
        span = strip(form.text("extended_span"))
        if span:
            req["extended_span"] = span
    return req


def _contest(form: _Values, req: dict) -> None:
    """Teamwork, extra time, conflict and competition fields into ``req`` (seed 004, "Modificadores"
    and "Tipos de tiradas"); empty fields and empty rival rows are left out."""
    helpers = strip(form.text("helpers"))
    if helpers:
        parts = [p for p in helpers.replace(";", ",").replace(" ", ",").split(",") if p]
        req["helpers"] = [typed_int(strip(p)) for p in parts]
    if form.checked("allow_more_helpers"):
        req["allow_more_helpers"] = True
    for name in ("extra_time", "passive_rank", "weapon_damage"):
        value = form.raw(name)
        if value is not None:
            req[name] = value
    if "passive_rank" in req:       # a conflict: the Difficulty is 4 × the opponent's rank
        req.pop("difficulty", None)
    rivals = []
    for i in range(RIVAL_ROWS):
        row = {}
        name = strip(form.text(f"rivals[{i}].name"))       # the name as typed (trimmed), never a number
        if name:
            row["name"] = name
        for key in RIVAL_KEYS[1:]:
            value = form.raw(f"rivals[{i}].{key}")
            if value is not None:
                row[key] = value
        if row:
            rivals.append(row)
    if rivals:
        req["rivals"] = rivals
        req["name"] = strip(form.text("name"))


# ----------------------------------------------------------------------------------------- generic
def _generic(form: _Values) -> dict:
    text = strip(form.text("notation"))
    if text:
        req = _notation(form, text)
    else:
        req = {"dice": form.number("dice"), "sides": form.number("sides")}
        form.optionals(("keep", "modifier", "difficulty"), req)
        if form.checked("keep_lowest"):
            req["keep_lowest"] = True
    bands = form.text("bands")
    if strip(bands):
        from .bands import parse_bands

        req["bands"] = parse_bands(bands).to_value()
    return req


def _notation(form: _Values, text: str) -> dict:
    """A typed notation (docs/notation.md; the engine refuses bad text) in the chosen dialect, with
    the difficulty field for a single roll (several rolls hide it)."""
    from .notation.parser import parse
    from .notation.request import two_difficulties

    dialect = form.text("dialect") or "roll20"
    req = parse(text, dialect)
    if dialect != "roll20":     # whose notation it was: the link names it (never for Roll20)
        req["dialect"] = dialect
    difficulty = None if "rolls" in req else form.optional("difficulty")
    if difficulty is not None:
        typed = req.get("difficulty", difficulty)
        if typed != difficulty:     # "vs 15" and the field
            raise two_difficulties(typed, difficulty)
        req["difficulty"] = difficulty
    return req
