"""What the system registry requires of a roll system, checked for every registered one (issue #25).

Adding a roll system creates five files and edits none (docs/architecture.md §Adding a roll system;
Fate is the example): its package with its registry entry, pool line and page words
(pylib/tirada/systems/<id>/__init__.py and spec.py), its Form with its fieldset (web/dice/form_<id>.py
``FIELDSET_HTML``, put in the roll form by the build), its vectors and its tests. :func:`problems` lists what a registered system
lacks; every registered system must have none, and a toy system registered with nothing else must
be refused for each missing piece (so the check can fail). The pure parts of the Forms are checked
here too: a vector's request written into a (fake) fieldset and read back rolls the same dice.

CPython only (imports web/ sources).
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tirada.odds import odds
from tirada.links.chain import verify
from tirada.links.pool import GAME_NAMES
from tirada.systems import roll
from tirada.systems.registry import REGISTRY, SystemSpec, register, unregister

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
VECTORS = ROOT / "tests" / "vectors"

from roll import forms  # noqa: E402
from roll import result_views  # noqa: E402
from roll import roll_view  # noqa: E402
from shell.strings import STRINGS  # noqa: E402


class _Inputs(HTMLParser):
    """``{system: {input name: "checkbox" | "select" | "text"…}}`` of panels/roll.html's fieldsets,
    and the systems the form's select offers."""

    def __init__(self) -> None:
        super().__init__()
        self.fieldsets: dict = {}
        self.options: set = set()
        self._system = None
        self._in_select = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "fieldset" and a.get("data-system"):
            self._system = a["data-system"]
            self.fieldsets[self._system] = {}
        elif tag == "select" and a.get("id") == "system":
            self._in_select = True
        elif tag == "option" and self._in_select:
            self.options.add(a.get("value"))
        elif tag in ("input", "select", "textarea") and self._system and a.get("name"):
            self.fieldsets[self._system][a["name"]] = a.get("type", tag) if tag == "input" else tag

    def handle_endtag(self, tag):
        if tag == "select":
            self._in_select = False


def _roll_form() -> _Inputs:
    """The roll form as the build assembles it: panels included, and the fieldset and option each
    system brings in its Form (``FIELDSET_HTML``; buildtools/pages.py ``include_panels``)."""
    from buildtools.pages import include_panels

    parser = _Inputs()
    parser.feed(include_panels((WEB / "panels" / "roll.html").read_text("utf-8")))
    return parser


def _defined(module) -> set:
    return {name for name in dir(module) if not name.startswith("_")}


def problems(spec: SystemSpec) -> list:
    """What the page and the tests lack for ``spec`` (empty: the system is complete): what the build
    checks (:func:`forms.problems`) plus the roll form's HTML, the strings and the vectors."""
    out = []
    if spec.roll:
        try:
            importlib.import_module(spec.roll)
        except ImportError:
            out.append(f"engine package {spec.roll}")
    out += forms.problems(spec.id)
    if out:
        return out
    form = forms.form_for(spec.id)
    if form.FIELDSET:
        page = _roll_form()
        inputs = page.fieldsets.get(spec.id)
        if inputs is None or spec.id not in page.options:
            out.append(f"panels/roll.html fieldset and option for {spec.id}")
        else:
            named = set(form.REQUESTABLE) | set(form.field_values({"system": spec.id}, True))
            out += [f"panels/roll.html input {name}" for name in sorted(named - set(inputs))]
        if set(STRINGS.get(f"system.{spec.id}", {})) < {"es", "en"}:
            out.append(f"strings system.{spec.id} (es, en)")
    if spec.code is not None:
        path = VECTORS / f"{spec.id}.json"
        if not path.exists() or json.loads(path.read_text("utf-8")).get("system") != spec.id:
            out.append(f"tests/vectors/{spec.id}.json")
    return out


def test_the_form_table_is_the_registry():
    assert list(forms.FORMS) == list(REGISTRY)
    on_disk = {p.stem.removeprefix("form_") for p in WEB.rglob("form_*.py")}
    assert on_disk == set(REGISTRY), "a form_<id>.py for a system that is not registered"
    assert set(result_views.RESULT_VIEWS) == {s.id for s in REGISTRY.values() if s.roll}


def test_each_system_names_its_form_in_its_registry_entry_and_forms_lists_no_folders():
    """The Form is the registry entry's ``form`` (issue #40): the module on disk, by its package path;
    web/roll/forms.py keeps no list of folders, so a system in a new folder edits nothing there."""
    on_disk = {p.stem.removeprefix("form_"): ".".join(p.relative_to(WEB).with_suffix("").parts)
               for p in WEB.rglob("form_*.py")}
    assert {spec.id: spec.form for spec in REGISTRY.values()} == on_disk
    assert dict(forms.FORMS) == on_disk
    source = (WEB / "roll" / "forms.py").read_text("utf-8")
    assert "FORM_FOLDERS" not in source and not re.search(r'"(dice|l5r|tragedia|brs)"', source)


def test_a_form_in_a_new_folder_is_found_from_the_registry_alone(monkeypatch):
    import types

    module = types.ModuleType("toyfolder.form_toyform")
    module.SYSTEM, module.FIELDSET, module.FLOW = "toyform", False, None   # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "toyfolder.form_toyform", module)
    register(SystemSpec(id="toyform", short_name="Toy", form="toyfolder.form_toyform"))
    try:
        assert forms.form_for("toyform") is module
        assert forms.problems("toyform") == ()
    finally:
        unregister("toyform")


@pytest.mark.parametrize("system", sorted(REGISTRY))
def test_every_registered_system_provides_what_the_registry_requires(system):
    assert problems(REGISTRY[system]) == []


def test_the_roll_form_offers_exactly_the_systems_whose_form_has_a_fieldset():
    page = _roll_form()
    assert page.options == set(forms.with_fieldset()) == set(page.fieldsets)


def test_a_system_registered_alone_is_refused_for_each_missing_piece():
    spec = register(SystemSpec(id="toyform", short_name="Toy", roll="tirada.systems.toyform", code=97))
    try:
        assert problems(spec) == ["engine package tirada.systems.toyform", "web/<folder>/form_toyform.py"]
        assert GAME_NAMES["toyform"] == "Toy"       # the pool line's game name is the registry's too
        with pytest.raises(forms.UnknownSystem):
            forms.form_for("toyform")
        with pytest.raises(forms.UnknownSystem):
            result_views.view_for("toyform")
    finally:
        unregister("toyform")


def test_a_form_missing_a_required_name_is_named(monkeypatch):
    spec = REGISTRY["sifrp"]
    form = forms.form_for("sifrp")
    monkeypatch.delattr(form, "odds_view")
    assert problems(spec) == ["form_sifrp.odds_view"] == list(forms.problems("sifrp"))


def test_an_unknown_system_has_no_form_and_no_fallback():
    for system in ("dnd5e", None, 3, ["generic"], "form_generic"):
        with pytest.raises(forms.UnknownSystem):
            forms.form_for(system)
    with pytest.raises(forms.UnknownSystem):
        result_views.view_for("brs")          # registered, but no roll links: nothing to draw


def test_a_system_with_sheets_draws_its_editor_through_its_form(monkeypatch):
    """"Mis datos" draws every sheet through its system's Form (no branch per system in ui_sheets):
    each input is keyed by a form text the engine reads back; a Form without the editor is named."""
    from data import ui_sheets
    from tirada.sheets import sheet_to_form

    samples = {"sifrp": ("rank.agility", "spec.agility", "destiny", "notes"),
               "l5r5e": ("ring.fire", "skill.fitness", "strife", "notes"),
               "generic": ("rolls", "notes"), "brs": ("components[0].name", "horde", "notes"),
               "tragedia": ("flaw", "traits", "destiny")}
    with_sheets = {s.id for s in REGISTRY.values() if s.sheet}
    assert with_sheets == set(samples) - {"tragedia"}   # Tragedia's are the scene's sheets, edited here too
    for system, keys in samples.items():
        form = {} if system == "tragedia" else sheet_to_form(system, {})
        html = ui_sheets.fields_html(system, form, "es")
        for key in keys:
            assert f'data-cs="{key}"' in html, (system, key)
    monkeypatch.delattr(forms.form_for("brs"), "sheet_fields_html")
    assert forms.problems("brs") == ("form_brs.sheet_fields_html",)


# ------------------------------------------------------------------------ the forms' pure parts
class _Labels:
    length = 0


class _Node:
    def __init__(self, name: str, kind: str) -> None:
        self.id, self.name, self.type, self.labels = name, name, kind, _Labels()
        self.value, self.checked = "", False


class _Fieldset:
    """A fieldset of panels/roll.html as ui_roll.write_request leaves it (values as text)."""

    def __init__(self, inputs: dict, values: dict) -> None:
        self.nodes = {name: _Node(name, kind) for name, kind in inputs.items()}
        for name, value in values.items():
            node = self.nodes[name]
            if node.type == "checkbox":
                node.checked = bool(value)
            else:
                node.value = "" if value is None else str(value)

    def querySelector(self, selector: str):
        return self.nodes.get(re.fullmatch(r'\[name="(.+)"\]', selector).group(1))


def _vector_requests() -> list:
    out = []
    for system in forms.with_fieldset():
        doc = json.loads((VECTORS / f"{system}.json").read_text("utf-8"))
        out += [(system, case["name"], verify(case["fragment"])["request"]) for case in doc["rolls"]]
    return out


def _not_typed(system: str) -> tuple:
    """A system's decisions (its registry entry: an L5R check's rerolls, keep…, Fate's invocations) and
    L5R's step mode: played after the dice, never typed in the form."""
    return REGISTRY[system].decisions + ("step",)


@pytest.mark.parametrize("system,name,request_", _vector_requests(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_vector_request_written_into_its_form_reads_back_the_same_roll(system, name, request_):
    form = forms.form_for(system)
    asked = {k: v for k, v in request_.items() if k not in _not_typed(system)}
    fieldset = _Fieldset(_roll_form().fieldsets[system], form.field_values(asked, True))
    read = {"system": system, **form.read_request(fieldset, "es")}
    seed = {"seed": "5eed" * 8}      # the same dice for both: the same request rolls the same result
    assert roll({**read, **seed}) == roll({**{k: v for k, v in asked.items() if k not in ("label", "fresh")}, **seed})


def test_a_partial_write_names_only_what_it_is_given():
    assert forms.form_for("sifrp").field_values({"system": "sifrp", "test_dice": 4, "bonus_dice": 1}, False) == \
        {"test_dice": 4, "bonus_dice": 1}
    assert forms.form_for("sifrp").field_values({"difficulty": 12}, False) == {"difficulty_step": "12", "difficulty": 12}
    assert forms.form_for("sifrp").field_values({"difficulty": 13}, False) == {"difficulty_step": "custom", "difficulty": 13}
    assert forms.form_for("l5r5e").field_values({"system": "l5r5e", "ring": 3, "skill": 2, "compromised": False},
                                                False) == {"ring": 3, "skill": 2, "compromised": False}


def test_a_gm_request_fixing_generic_fields_empties_the_notation_with_them():
    """A typed notation wins over the fields, so fields a GM request fixes come with an emptied
    notation (written, hence locked with them); a sheet's saved roll keeps its own notation."""
    generic = forms.form_for("generic")
    assert generic.field_values({"system": "generic", "dice": 3, "sides": 6}, False) == \
        {"dice": 3, "sides": 6, "notation": "", "bands": "", "keep": 3}
    # every die the request asks for is kept (a request cannot name keep; the form's 3 of 2 was refused)
    assert generic.field_values({"system": "generic", "dice": 2, "sides": 6, "modifier": 1}, False) == \
        {"dice": 2, "sides": 6, "modifier": 1, "notation": "", "bands": "", "keep": 2}
    assert generic.field_values({"system": "generic"}, False) == {}
    # a saved roll without bands clears the bands an earlier one left (hostile tester)
    assert generic.field_values({"system": "generic", "notation": "2d6+1"}, False) == {"notation": "2d6+1", "bands": "",
                                                                                       "dialect": "roll20"}


def test_a_request_the_plain_generic_fields_cannot_hold_goes_back_as_notation():
    values = forms.form_for("generic").field_values({"system": "generic", "dice": 4, "sides": 6, "explode": True}, True)
    assert values["notation"] and "dice" not in values
    plain = forms.form_for("generic").field_values({"system": "generic", "dice": 4, "sides": 6, "keep": 3}, True)
    assert plain["notation"] == "" and (plain["dice"], plain["sides"], plain["keep"]) == (4, 6, 3)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("request_", [
    {"system": "generic", "dice": 3, "sides": 6, "difficulty": 12},
    {"system": "generic", "dice": 2, "sides": 6},
    {"system": "sifrp", "test_dice": 3, "bonus_dice": 1, "difficulty": 9},
    {"system": "l5r5e", "ring": 2, "skill": 1, "tn": 2},
    {"system": "tragedia", "protagonist_dice": 3, "adversary_dice": 2},
])
def test_every_odds_card_is_drawn_by_its_form_in_both_languages(request_, lang):
    view = forms.form_for(request_["system"]).odds_view(odds(request_), lang, lambda name: name)
    assert {"headline", "svg", "table"} <= set(view)
    assert view["headline"] and "{" not in view["headline"]
    if request_.get("difficulty") or request_.get("tn"):
        assert "%" in view["headline"] and "<svg" in view["svg"]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_fate_odds_card_marks_the_total_that_beats_the_difficulty(lang):
    """Fate: a success beats the difficulty (equalling it is a tie; docs/fate.md). 4dF + 0 against +2:
    success 5/81 (total 3 or more), so the marked bar is the total 3 with the headline's 6,2 %, not the
    total 2 (tie or better, 15/81), which the card showed beside a 6,2 % headline before."""
    view = forms.form_for("fate").odds_view(odds({"system": "fate", "skill": 0, "difficulty": 2}), lang, str)
    marked = re.findall(r'<tr class="marked"><th scope="row">(.*?)</th><td>(.*?)</td><td>(.*?)</td>', view["table"])
    assert len(marked) == 1
    total, _, exact = marked[0]
    assert total.startswith("3") and exact.replace("<wbr/>", "") == "5/81"
    assert "6,2" in view["headline"] if lang == "es" else "6.2" in view["headline"]
    assert ("supera tu dificultad" if lang == "es" else "beats your difficulty") in total
    against = forms.form_for("fate").odds_view(odds({"system": "fate", "skill": 0, "opposition": 2}), lang, str)
    assert "<svg" in against["svg"] and against["headline"]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_roll_card_and_the_history_are_drawn_from_a_vector(lang):
    doc = json.loads((VECTORS / "sifrp.json").read_text("utf-8"))
    case = doc["rolls"][0]
    verified = {**verify(case["fragment"]), "fragment": case["fragment"]}
    html = roll_view.link_card_html(verified, lang)
    assert 'id="result-pool"' in html and 'id="roll-meta"' in html and "SIFRP" in html
    line = forms.form_for("sifrp").summary(verified["result"], lang)
    items = [{"fragment": case["fragment"], "summary": {lang: line}, "label": "ataque", "at": 0},
             {"fragment": "elsewhere-1", "elsewhere": True, "summary": {lang: "6+5"}, "at": 0}]
    rows = roll_view.history_html(items, lang)
    assert rows.count("<li") == 2 and f'href="#{case["fragment"]}"' in rows and "ataque · " in rows
    assert 'class="elsewhere"' in rows and 'href="#elsewhere-1"' not in rows


@pytest.mark.parametrize("system,ids", [("sifrp", ("roll-ability", "roll-specialty")), ("l5r5e", ("roll-ring", "roll-skill"))])
def test_rolling_with_a_sheet_is_drawn_and_read_by_its_form(system, ids):
    from tirada import roll_request
    from tirada.sheets import Character, new_character
    from data import ui_sheets

    character = new_character("c1", system, "Sharla", "", 0).to_dict()
    html = ui_sheets.roll_chooser_html(character, "es")
    assert all(f'id="{i}"' in html for i in ids) and 'id="roll-with-sheet"' in html
    first = {i: re.search(rf'<select id="{i}"><option value="([^"]*)"', html).group(1) for i in ids}
    choice, words = forms.form_for(system).sheet_choice(first.__getitem__, "es")
    request = roll_request(Character.from_dict(character), choice)
    assert request["system"] == system and words
    written = forms.form_for(system).field_values(request, False)
    assert set(written) <= set(_roll_form().fieldsets[system])      # every value the sheet gives has its input


def test_a_system_whose_sheets_cannot_fill_the_roll_form_says_so():
    from tirada.sheets import new_character
    from data import ui_sheets

    assert not forms.rolls_with_sheets("brs") and not forms.rolls_with_sheets("tragedia")
    html = ui_sheets.roll_chooser_html(new_character("c2", "brs", "Corvo", "", 0).to_dict(), "es")
    assert 'id="roll-with-sheet"' not in html
    assert forms.form_for("sifrp").sheet_roll_update({"sheet": {"specialties": {"athletics": [
        {"name": "Trepar", "rank": 2}]}}}, "roll-ability", "athletics", "es") == {
        "roll-specialty": '<option value="">' + STRINGS["data.specialty_none"]["es"] + '</option>'
                          '<option value="Trepar">Trepar (2B)</option>'}


def test_the_build_stops_on_a_registered_system_without_its_form():
    import buildtools.pages as pages   # tests/conftest.py imported the buildtools package

    pages.check_forms()                 # today's registry: every Form complete
    register(SystemSpec(id="toyform", short_name="Toy", roll="tirada.systems.toyform", code=97))
    try:
        with pytest.raises(pages.SetupError, match=r"toyform: web/<folder>/form_toyform\.py"):
            pages.check_forms()
    finally:
        unregister("toyform")
