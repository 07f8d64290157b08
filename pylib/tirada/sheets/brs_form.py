"""A Blood Red Sands sheet's editor texts as records (issue #40: the page reads no form by string key).

The "Mis datos" editor draws a sheet from its form texts (:func:`tirada.sheets.brs.to_form`'s dict, or
what the editor read back from its inputs: texts as typed). :meth:`SheetForm.from_form` reads that dict
once, never raising on a missing or odd part (a missing text reads as ``""``, a missing die or Aspect as
None: nothing selected); the editor's own dict stays what :func:`tirada.sheets.brs.from_form` reads.

Rules: ../shared/rules/blood-red-sands.md §Pieces (Components, Traits, the Horde). Written in the
reading-core pattern (docs/architecture.md §How the core is written).
"""

from __future__ import annotations

from typing import Any, Mapping

from ..portable import Struct

__all__ = ["FormComponent", "FormTrait", "SheetForm"]


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


class FormTrait(Struct):
    """One Trait row as typed: ``trait`` (text), ``die`` (the size as text, ``"6"``; None when
    missing) and ``aspect`` (``"cunning"`` …; None when missing)."""

    _fields = ("trait", "die", "aspect")
    trait: Any
    die: Any
    aspect: Any

    def __init__(self, trait: Any = "", die: Any = None, aspect: Any = None) -> None:
        self._init(trait, die, aspect)

    @classmethod
    def from_form(cls, value: Any) -> "FormTrait":
        """The record of a Trait row's dict; never raises."""
        v = _mapping(value)
        return cls(v.get("trait", ""), v.get("die"), v.get("aspect"))


class FormComponent(Struct):
    """One Component as typed: its ``name`` and ``traits`` (tuple of :class:`FormTrait`)."""

    _fields = ("name", "traits")
    name: Any
    traits: tuple

    def __init__(self, name: Any = "", traits: Any = ()) -> None:
        self._init(name, tuple(traits))

    @classmethod
    def from_form(cls, value: Any) -> "FormComponent":
        """The record of a Component's dict; never raises."""
        v = _mapping(value)
        traits = v.get("traits") or []
        return cls(v.get("name", ""), [FormTrait.from_form(x) for x in traits] if isinstance(traits, list) else [])


class SheetForm(Struct):
    """The editor's texts of a Blood Red Sands sheet: ``components`` (tuple of
    :class:`FormComponent`), ``horde`` (the dice as typed: ``"d4 d6"``), ``notes`` and ``record``
    (the JSON text of past Confrontations' record; ``""`` when none)."""

    _fields = ("components", "horde", "notes", "record")
    components: tuple
    horde: Any
    notes: Any
    record: Any

    def __init__(self, components: Any = (), horde: Any = "", notes: Any = "", record: Any = "") -> None:
        self._init(tuple(components), horde, notes, record)

    @classmethod
    def from_form(cls, form: Any) -> "SheetForm":
        """The record of the editor's form dict; never raises."""
        f = _mapping(form)
        comps = f.get("components") or []
        return cls([FormComponent.from_form(c) for c in comps] if isinstance(comps, list) else [],
                   f.get("horde", ""), f.get("notes", ""), f.get("record", ""))
