"""The Confrontation page's pure glue for before and after the fight (web/brs/ui_brs_prefight.py,
ui_brs_after.py, ui_sheets.brs_record_html): both languages, only the legal bids offered, the seed's
wording beside each table setting, no English in the Spanish view. Issue #15.

CPython only (imports web/ from the repository). Rules: ../shared/rules/blood-red-sands.md.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tirada.systems.brs import replay
from tirada.systems.brs.after_view import aftermath_view
from tirada.systems.brs.aftermath import aftermath

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")

from brs import ui_brs_after as afterview  # noqa: E402
from brs import ui_brs_prefight as prefight  # noqa: E402
from brs import ui_brs_setup as setupform  # noqa: E402
from data import ui_sheets  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "brs-haster-sharla.json"


@pytest.fixture
def example() -> dict:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def draft_of(example: dict, bids: list):
    draft = setupform.sane_draft({"sides": ["Cronista", "Jugadores"], "players": example["setup"]["players"]})
    return prefight.set_prefight(draft, bids=bids)


def test_opening_offers_only_a_pain(example):
    # "El Cronista puja primero": the first turn is the Chronicler's and offers only a Pain
    html = prefight.render(draft_of(example, []), "es")
    assert "Puja: Cronista" in html
    assert 'value="pain"' in html and 'value="call"' not in html and 'value="back_down"' not in html
    # the trigger's selects: the players' Components / the Chronicler's
    assert '<option value="2">Sharla — Sharla</option>' in html
    assert '<option value="0">Haster — Haster Culdrok</option>' in html
    assert "como mucho, este número de Componentes" in html   # the setting said in players' words
    assert "Decisión del proyecto" not in html and "La fuente" not in html   # issue #42: in the rules help only


def test_after_a_back_down_the_challenge(example):
    html = prefight.render(draft_of(example, [{"act": "pain", "text": "x"}, {"act": "back_down"}]), "en")
    assert "Jugadores Backed Down" in html and 'data-pf-act="challenge"' in html
    assert "lanzar un Desafío" in html   # the source's words, in Spanish in both languages
    html = prefight.render(draft_of(example, [{"act": "pain", "text": "x"}, {"act": "back_down"},
                                              {"act": "challenge"}]), "es")
    assert 'value="back_down"' not in html and "Puja: Jugadores" in html


def test_next_bid_and_trigger_request(example):
    assert prefight.next_bid("reduce", text="menos", pain="0") == {"act": "reduce", "text": "menos", "pain": 0}
    draft = draft_of(example, [])
    assert prefight.trigger_request(draft) is None   # opt-in
    draft = prefight.set_prefight(draft, trigger_on=True, trigger_component="2", trigger_faces="0", trigger_limit="")
    assert prefight.trigger_request(draft) == {"component": 2, "faces": 0, "limit": None}


def test_aftermath_card_both_languages(example):
    state = replay(example["setup"], example["moves"] + [{"move": "yield", "player": 1}])
    result = aftermath_view(state)
    es, en = afterview.render(result, "es"), afterview.render(result, "en")
    assert "Perdidos para siempre (Facción): d6 «Corazón de buey»" in es
    assert "Lost for good (Faction): d6 «Corazón de buey»" in en
    assert 'data-after-kind="2"' in es and "Haster (bando ganador)" in es
    for english in ("Faction", "Hero", "sheet", "Record"):
        assert english not in es
    # each player's part goes back to the sheet writer exactly as the engine's aftermath dict has it
    for kinds in (None, {"0": "hero", "1": "faction", "2": "hero"}):
        assert [p.to_dict() for p in aftermath_view(state, kinds).players] == aftermath(state, kinds)["players"]
    words = afterview.applied_words(["Haster"], ["Sharla"], ["Haster"], "es")
    assert words == ("Anotado en: Haster. Sin ficha en «Mis datos» con ese nombre: Sharla. "
                     "Personaje Más Devastado entre tus fichas: Haster.")


def test_sheet_record_block():
    assert ui_sheets.brs_record_html("", "es") == ""
    rec = json.dumps({"devastated": 2, "broken": True, "crossed": [["Sharla", "Puño", 4]]})
    html = ui_sheets.brs_record_html(rec, "es")
    assert "Dados Devastados: 2" in html and "Quebrantado" in html and "data-new-ordeal" in html
    assert json.loads(ui_sheets.new_ordeal_text(rec)) == {"devastated": 2, "broken": True}
