"""Hostile and odd input on the parts that landed with issue #15 and the SIFRP/Tragedia pages: typed
numbers that are not plain digits («²», «--5», 5,000 digits), a Confrontation draft or a sheet's
``record`` edited by hand in the browser's storage. Each is refused with a coded reason or repaired,
never a traceback (an uncaught ValueError / AttributeError is a blank or broken page).

The web/ modules are imported from the repository (CPython only). Rules: blood-red-sands.md
§Before the fight: the Spoils, §The fight (docs/brs-spoils.md); sifrp.md §Teamwork.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tirada.errors import InvalidRequest
from tirada.fields import TYPED_DIGITS, get_int, typed_int
from tirada.sheets.brs import BrsSheet, from_form
from tirada.sheets.brs_record import BrsRecord
from tirada.systems.brs import replay
from tirada.systems.brs.aftermath import aftermath

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "brs-haster-sharla.json"
ODD = ["²", "--5", "٣", "-", "1e3", "9" * 5000, "١٢", "۵"]


@pytest.mark.parametrize("text", ODD)
def test_typed_int_keeps_text_that_is_not_plain_digits(text):
    assert typed_int(text) == text.strip()
    with pytest.raises(InvalidRequest) as err:        # the engine then words it
        get_int({"n": typed_int(text)}, "n", lo=1, hi=20)
    assert err.value.code == "field.not_int"


def test_typed_int_reads_plain_whole_numbers():
    assert [typed_int(x) for x in (" 12 ", "-3", "0", "007")] == [12, -3, 0, 7]
    assert typed_int("") == "" and typed_int(None) == ""
    assert typed_int("9" * TYPED_DIGITS) == int("9" * TYPED_DIGITS)


def test_aftermath_kinds_with_an_odd_key_is_refused_with_its_code():
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    state = replay(example["setup"], example["moves"] + [{"move": "yield", "player": 1}])
    for key in ("²", "--5", "9" * 5000):
        with pytest.raises(InvalidRequest) as err:
            aftermath(state, {key: "hero"})
        assert err.value.code == "brs.aftermath_kinds"


def test_sheet_editor_die_with_a_superscript_is_refused_by_its_field():
    fields = {"components": [{"name": "Espada", "traits": [{"trait": "Rápida", "die": "d²", "aspect": "cunning"}]}]}
    with pytest.raises(InvalidRequest) as err:
        from_form(fields)
    assert "components[0].traits[0].die" in (err.value.field or "")


@pytest.mark.parametrize("record", [
    {"crossed": [["Espada", "Rápida", -8]]},
    {"lost": [["Espada", "Rápida", 7]]},
    {"crossed": [["Espada", "Rápida", 0]]},
    {"weaknesses": [["Derrotado por Haster", -99, "Haster"]]},
    {"weaknesses": [["Derrotado por Haster", 100000, "Haster"]]},
])
def test_record_refuses_die_sizes_no_die_has(record):
    """A recorded slot is a real die (d4..d12); a Weakness has a die size or none (0)."""
    with pytest.raises(InvalidRequest) as err:
        BrsRecord.from_dict(record)
    assert err.value.code == "sheet.brs_record"


def test_record_keeps_real_sizes_and_a_sizeless_weakness():
    rec = {"crossed": [["Espada", "Rápida", 12]], "lost": [["Espada", "Lenta", 4]],
           "weaknesses": [["Derrotado por Haster", 0, "Haster"], ["Cojo", 6, "Sharla"]]}
    assert BrsRecord.from_dict(rec).to_dict() == rec
    sheet = {"components": [{"name": "Espada", "traits": [{"trait": "R", "die": 6, "aspect": "cunning"}]}],
             "record": rec}
    assert BrsSheet.from_dict(sheet).to_dict()["record"] == rec


# ---------------------------------------------------------------------------- the page's glue
web = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")


@pytest.fixture
def glue():
    from brs import ui_brs_contest
    from brs import ui_brs_prefight
    from brs import ui_brs_setup

    return ui_brs_setup, ui_brs_prefight, ui_brs_contest


@web
def test_competencia_dice_with_odd_digits_stay_words_for_the_engine(glue):
    _, _, contest = glue
    assert contest.dice_list("d8 d² ٣ 6 d-4") == [8, "d²", "٣", 6, "d-4"]


@web
def test_trigger_limit_typed_oddly_reaches_the_engine_as_text_or_a_number(glue):
    setup, prefight, _ = glue
    draft = setup.blank_draft("ab" * 16, "es")
    draft = prefight.set_prefight(draft, trigger_on=True, trigger_limit="²", trigger_component="--5", trigger_faces="-1")
    assert prefight.trigger_request(draft) == {"component": "--5", "faces": -1, "limit": "²"}


@web
@pytest.mark.parametrize("damaged", [
    {"players": "x", "sides": 7}, {"players": [5]}, {"players": [{"components": "x"}]},
    {"players": [{"components": [{"traits": [5]}]}]}, {"graveyard": 5}, {"sides": "ab"}, {"spoils": "abc"}, [], "x",
])
def test_a_draft_of_the_wrong_shape_is_replaced(glue, damaged):
    setup, _, _ = glue
    assert setup.sane_draft(damaged) is None


@web
@pytest.mark.parametrize("prefight_value, kept", [
    (5, []), ({"bids": "x", "trigger": []}, []), ({"bids": [{"act": "call"}]}, []),
    ({"bids": [{"act": "pain", "text": "a"}, {"act": "zzz"}, {"act": "call"}]}, [{"act": "pain", "text": "a"}]),
    ({"bids": [{"act": "pain", "text": "a"}, {"act": "call"}], "trigger": {"on": True, "limit": "²"}},
     [{"act": "pain", "text": "a"}, {"act": "call"}]),
])
def test_a_damaged_prefight_record_still_draws_keeping_the_accepted_bids(glue, prefight_value, kept):
    """The setup draft is kept in the browser's storage: a hand-edited pre-fight record must not stop
    the Confrontation view from opening (it did: a traceback at start)."""
    setup, prefight, _ = glue
    draft = {**setup.blank_draft("ab" * 16, "es").to_dict(), "prefight": prefight_value}
    draft = setup.sane_draft(json.loads(json.dumps(draft)))
    assert draft is not None
    draft = prefight.settled(draft)         # the page draws (and keeps) the settled draft
    html = prefight.render(draft, "es")
    assert "brs-pf-" in html or "brs-f-prefight-act" in html
    assert draft.to_dict()["prefight"]["bids"] == kept
    setup.to_setup(draft)   # and the form still turns into a setup


def test_the_longest_pain_the_bidding_takes_fits_the_setups_spoils():
    """A Pain the bidding accepted used to make a Spoils line «<side>: <text>» longer than the setup
    takes (499 > 480 characters): the Confrontation could not start with the bidding's own result."""
    from tirada.errors import TiradaError
    from tirada.systems.brs.config import MAX_TEXT, Setup
    from tirada.systems.brs.spoils import MAX_PAIN_TEXT, bidding_from_dict, setup_fields

    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    sides = ("S" * MAX_TEXT, "J" * MAX_TEXT)
    bids = [{"act": "pain", "text": "P" * MAX_PAIN_TEXT}, {"act": "reduce", "pain": 0, "text": "R" * MAX_PAIN_TEXT},
            {"act": "pain", "text": "Q" * MAX_PAIN_TEXT}, {"act": "call"}]
    fields = setup_fields(bidding_from_dict({"bids": bids}), sides)
    Setup.from_dict({**example["setup"], "sides": list(sides), **fields})
    for bad in ([{"act": "pain", "text": "P" * (MAX_PAIN_TEXT + 1)}],
                [{"act": "pain", "text": "a"}, {"act": "reduce", "pain": 0, "text": "R" * (MAX_PAIN_TEXT + 1)}]):
        with pytest.raises(TiradaError) as err:
            bidding_from_dict({"bids": bad})
        assert err.value.field.endswith(".text") and str(MAX_PAIN_TEXT) in str(err.value.params)
