"""The one reader of the generic and SIFRP roll forms (issue #41; tirada.systems.form_read): the request
each value set gives (tests/helpers/form_cases.py, shared with the MicroPython comparison of
tests/test_reading_core.py), the whole numbers it takes on every interpreter, the names it reads (the
roll view's inputs), and the page's ``read_request`` that collects the values from the fieldset."""

from __future__ import annotations

import re
import sys
import types
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tirada import portable, roll
from tirada.errors import InvalidRequest, TiradaError
from tirada.fields import TYPED_DIGITS
from tirada.portable import NeedsFullEngine
from tirada.systems.form_read import FormFieldError, form_names, read_form, strip, whole_number

from helpers.form_cases import cases

ROOT = Path(__file__).resolve().parents[1]
CPYTHON_ONLY = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")


@pytest.mark.parametrize("name, system, values, expected", cases(), ids=[c[0] for c in cases()])
def test_a_form_reads_as_the_page_read_it(name, system, values, expected):
    if isinstance(expected, tuple):
        _, code, field = expected
        with pytest.raises(TiradaError) as err:
            read_form(system, values)
        assert (err.value.code, err.value.field) == (code, field)
        assert isinstance(err.value, FormFieldError) == (code == "form.not_number")
        if code == "form.no_reader":
            assert isinstance(err.value, InvalidRequest) and err.value.params == {"system": system}
        return
    got = read_form(system, values)
    assert got == expected and list(got) == list(expected)     # the same keys, in the same order


def test_every_valid_case_rolls():
    """What the reader gives is what the engine rolls (but the cases it leaves to the engine to refuse)."""
    refused = {"sifrp: helpers with a word and Unicode spaces", "sifrp: raw fields keep text for the engine",
               "sifrp: a rival row without a name", "generic: 100 digits",
               "l5r5e: a range the engine refuses is read as typed"}
    for name, system, _values, expected in cases():
        if isinstance(expected, dict):
            request = dict({"system": system, "seed": "5eed" * 8}, **expected)
            if name in refused:
                with pytest.raises(TiradaError):
                    roll(request)
            else:
                assert roll(request)["system"] == system, name


@pytest.mark.parametrize("text", ["3", " 3 ", "\u00a03\u3000", "\t\n3\x0b\x0c\r", "\u2028x\u2029", "\u200b3",
                                  "\u00853\u1680", "", "   ", "a b", "\u202f\u205f"])
def test_strip_is_cpythons(text):
    assert strip(text) == text.strip()


@pytest.mark.parametrize("text, number", [
    ("3", 3), (" 3 ", 3), ("+3", 3), ("-3", -3), ("-0", 0), ("007", 7), ("\u00a012\u3000", 12),
    ("9" * TYPED_DIGITS, int("9" * TYPED_DIGITS)),
    ("", None), (" ", None), ("+", None), ("-", None), ("+-3", None), ("--3", None), ("3.0", None), ("3e2", None),
    ("1_000", None), ("\u0663", None), ("\uff13", None), ("\u22123", None), ("0x10", None), ("3 4", None),
    ("9" * (TYPED_DIGITS + 1), None),
])
def test_a_whole_number_is_a_sign_and_ascii_digits(text, number):
    assert whole_number(text) == number


def test_what_cpythons_int_takes_that_the_reader_refuses():
    """The documented change (the same answer on MicroPython): CPython's int() took these."""
    for text in ("1_000", "\u0663", "\uff13", "9" * (TYPED_DIGITS + 1)):
        int(text)
        assert whole_number(text) is None
    for text in ("3.0", "3e2", "\u22123", "+-3"):    # refused before and now
        with pytest.raises(ValueError):
            int(text)
        assert whole_number(text) is None


def test_a_missing_name_reads_as_empty_or_unticked():
    assert read_form("generic", {"dice": "2", "sides": "6"}) == read_form(
        "generic", {"dice": "2", "sides": "6", "keep": "", "modifier": "", "difficulty": "", "keep_lowest": False,
                    "notation": "", "dialect": "", "bands": ""})
    with pytest.raises(FormFieldError) as err:
        read_form("sifrp", {"difficulty_step": "9"})
    assert err.value.field == "test_dice"


class _Inputs(HTMLParser):
    """``{system: [input name, …]}`` of the roll view's fieldsets (as the build assembles them)."""

    def __init__(self) -> None:
        super().__init__()
        self.names: dict = {}
        self._system = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "fieldset" and a.get("data-system"):
            self._system = a["data-system"]
            self.names[self._system] = []
        elif tag in ("input", "select", "textarea") and self._system and a.get("name"):
            self.names[self._system].append(a["name"])


@CPYTHON_ONLY
def test_form_names_are_the_fieldsets_inputs():
    """Every name the reader reads is an input of the fieldset, and every input is read but the bands
    preset's two numbers (web/dice/ui_bands.py writes them into the notation and the bands)."""
    from buildtools.pages import include_panels

    parser = _Inputs()
    parser.feed(include_panels((ROOT / "web" / "panels" / "roll.html").read_text("utf-8")))
    assert list(form_names("sifrp")) == parser.names["sifrp"]
    assert set(form_names("generic")) == set(parser.names["generic"]) - {"value", "versus"}
    assert len(set(form_names("generic"))) == len(form_names("generic"))
    with pytest.raises(InvalidRequest) as err:
        form_names("tragedia")
    assert err.value.code == "form.no_reader"


def test_without_unicodedata_a_notation_reads_the_same_or_needs_the_full_engine(monkeypatch):
    """On MicroPython (no ``unicodedata``: tirada.portable's fallbacks) the notation parser is in the core:
    a notation reads as on CPython, labels with accents too; a roll with a character outside ASCII or a
    label NFC would change goes to the full engine (not a refusal)."""
    forms = [{"notation": "ataque: 1d20+5 vs 15", "difficulty": "15"}, {"notation": "4d6 ! daño de fuego", "dialect": "dicemaiden"},
             {"notation": "2d6+3 [Éxito] (golpe crítico)"}, {"notation": "1d20+5\u00a0vs\u00a012"}, {"notation": "3cod", "dialect": "dicemaiden"}]
    want = [read_form("generic", values) for values in forms]
    with pytest.raises(InvalidRequest) as refused:
        read_form("generic", {"notation": "1d20 + 5 vs 15", "difficulty": "12"})
    monkeypatch.setattr(portable, "_unicodedata", None)
    assert [read_form("generic", values) for values in forms] == want
    with pytest.raises(InvalidRequest) as again:
        read_form("generic", {"notation": "1d20 + 5 vs 15", "difficulty": "12"})
    assert (again.value.code, again.value.params) == (refused.value.code, refused.value.params)
    for text in ("Cafe\u0301: 1d20", "1d20 \u00d7 2", "4d6\u212a3", "1d20+\u0665"):
        with pytest.raises(NeedsFullEngine):
            read_form("generic", {"notation": text})
    assert read_form("generic", {"dice": "1", "sides": "20"}) == {"dice": 1, "sides": 20}


def test_without_unicodedata_typed_bands_read_the_same(monkeypatch):
    """Typed bands are read by a scan on every interpreter (no ``re`` flags needed): the same bands
    without ``unicodedata``; a name NFC would change goes to the full engine there."""
    values = {"dice": "2", "sides": "6", "bands": "≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito"}
    want = read_form("generic", values)
    monkeypatch.setattr(portable, "_unicodedata", None)
    assert read_form("generic", values) == want
    with pytest.raises(NeedsFullEngine):
        read_form("generic", {"dice": "2", "sides": "6", "bands": "≤6 Fallo / ≥7 E\u0301xito"})
    assert read_form("generic", {"dice": "2", "sides": "6", "bands": " "}) == {"dice": 2, "sides": 6}


# ------------------------------------------------------------------- the page collects the values
class _Labels:
    def __init__(self, text: str) -> None:
        self.length = 1 if text else 0
        self._text = text

    def __getitem__(self, i):
        return types.SimpleNamespace(textContent=self._text)


class _Node:
    def __init__(self, name: str, kind: str, label: str) -> None:
        self.id, self.name, self.type, self.labels = f"x-{name}", name, kind, _Labels(label)
        self.value, self.checked = "on" if kind == "checkbox" else "", False


class _Fieldset:
    """A fieldset with the inputs ``values`` names (a bool: a checkbox), each labelled «L name»."""

    def __init__(self, values: dict, labelled: bool = True) -> None:
        self.nodes = {}
        for name, value in values.items():
            node = _Node(name, "checkbox" if isinstance(value, bool) else "text", f"L {name}" if labelled else "")
            if isinstance(value, bool):
                node.checked = value
            else:
                node.value = value
            self.nodes[name] = node

    def querySelector(self, selector: str):
        return self.nodes.get(re.fullmatch(r'\[name="(.+)"\]', selector).group(1))


@CPYTHON_ONLY
@pytest.mark.parametrize("name, system, values, expected", [c for c in cases() if c[1] in ("sifrp", "generic")],
                         ids=[c[0] for c in cases() if c[1] in ("sifrp", "generic")])
def test_the_pages_read_request_is_read_form_of_the_fieldset(name, system, values, expected):
    from roll.forms import FormError, form_for, read_fieldset

    values = {k: v for k, v in values.items() if not (k == "destiny_bonus" and v == "on")}   # a checkbox is a bool
    form = form_for(system)
    if isinstance(expected, tuple):
        error = FormError if expected[1] == "form.not_number" else TiradaError
        with pytest.raises(error) as err:
            form.read_request(_Fieldset(values), "es")
        if error is FormError:    # the input's label and id, as int_field words it
            field = expected[2]
            assert (str(err.value), err.value.field) == (f"L {field}: debe ser un número entero", f"x-{field}") \
                if field in values else (f"{field}: debe ser un número entero", field)
        else:
            assert (err.value.code, err.value.field) == expected[1:]
        return
    assert form.read_request(_Fieldset(values), "es") == read_fieldset(system, _Fieldset(values), "en") == expected


@CPYTHON_ONLY
def test_an_unlabelled_input_is_named_and_a_missing_one_reads_empty():
    from roll.forms import FormError, form_for

    with pytest.raises(FormError) as err:
        form_for("sifrp").read_request(_Fieldset({"test_dice": "x", "difficulty_step": "9"}, labelled=False), "en")
    assert (str(err.value), err.value.field) == ("test_dice: must be a whole number", "x-test_dice")
    # a fieldset without the competition's or the extended test's inputs (JS null for each)
    assert form_for("sifrp").read_request(_Fieldset({"test_dice": "3", "difficulty_step": "9"}), "es") == \
        {"test_dice": 3, "difficulty": 9}
