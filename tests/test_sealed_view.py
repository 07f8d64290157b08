"""The sealed-roll cards (web/sealed_view.py) and the campaign-secret store (web/store.py), on the
vectors of tests/vectors/sealed.json (docs/link-format.md §19): a blind roll without its secret shows
who, the chain number and who can open it and never its dice or result; opened or revealed it shows
the system's result. CPython only (imports web/)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from tirada.errors import InvalidRequest
from tirada.links import sealed

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

import sealed_view  # noqa: E402
import ui_data_render  # noqa: E402
import store  # noqa: E402

VECTORS = json.loads((Path(__file__).parent / "vectors" / "sealed.json").read_text("utf-8"))
SIFRP = VECTORS["blind"][0]


def _view(case: dict) -> dict:
    return sealed.read_sealed(case["roll_link"]["fragment"], ("blind",))[1]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_closed_blind_roll_says_who_and_number_and_holds_no_result(lang):
    html = sealed_view.closed_html(_view(SIFRP), lang, made=True)
    assert ("Tirada sellada de Sharla, nº 127" if lang == "es" else "Sealed roll by Sharla, no. 127") in html
    assert "Arenas Sangrientas" in html and "Sigilo" in html
    assert "{" not in html
    result = SIFRP["result"]
    assert "class=\"di" not in html and str(result["total"]) not in re.sub(r"nº 127|no\. 127|12", "", html)
    for secret in (SIFRP["secret"], SIFRP["rolled"]["seed"]):
        assert secret not in html


def test_a_closed_blind_roll_without_chain_or_campaign_says_so():
    view = {k: v for k, v in _view(SIFRP).items() if k not in ("seq", "prev", "roller", "campaign")}
    html = sealed_view.closed_html(view, "es")
    assert "sin número de cadena" in html and "alguien sin nombre" in html
    assert "el máster que hizo la petición" in html and "Publica" not in html


@pytest.mark.parametrize("revealed", [False, True])
def test_an_opened_blind_roll_shows_the_system_result(revealed):
    opened = sealed.verify_reveal(SIFRP["roll_link"]["fragment"], SIFRP["reveal_link"]["fragment"])
    assert opened.result == SIFRP["result"]
    card = f'<ol class="dice">{opened.result["faces"]}</ol>'     # the system's card (web/result_views.py)
    html = sealed_view.opened_html(opened.link, "es", card, f'total {opened.result["total"]}', revealed)
    assert card in html and "total 11" in html and "Tirada sellada de Sharla, nº 127" in html
    assert f'data-sealed="{"revealed" if revealed else "gm"}"' in html
    assert ("Revelada y comprobada" in html) is revealed


def test_a_reveal_alone_asks_for_the_sealed_roll():
    assert "enlace de esa tirada" in sealed_view.needs_roll_html("es")
    assert "that roll&#x27;s link" in sealed_view.needs_roll_html("en")


def test_the_campaign_secret_is_made_once_per_campaign_and_kept():
    s = store.Store(store.MemoryStorage())
    key = s.campaign_secret("Arenas")
    assert re.fullmatch(r"[0-9a-f]{64}", key)
    assert s.campaign_secret("Arenas") == key and s.campaign_secret("Otra") != key
    assert s.campaign_secrets() == {"Arenas": key, "Otra": s.campaign_secret("Otra")}
    made = sealed.seal_request({"system": "generic", "fields": {"dice": 1, "sides": 6}, "campaign": "Arenas"}, key)
    assert sealed.key_matches(s.campaign_secrets()["Arenas"], made.fragment)


def test_a_damaged_secret_map_is_set_aside_and_a_full_storage_refuses_to_make_one():
    storage = store.MemoryStorage()
    storage.setItem(store.SEAL_KEY, json.dumps({"Arenas": "not hex"}))
    s = store.Store(storage)
    assert s.campaign_secrets() == {}
    assert "storage.corrupt" in s.problems

    class Full(store.MemoryStorage):
        def setItem(self, key, value):  # noqa: N802
            if key == store.SEAL_KEY:
                raise RuntimeError("QuotaExceededError")
            super().setItem(key, value)

    with pytest.raises(InvalidRequest) as err:
        store.Store(Full()).campaign_secret("Arenas")
    assert err.value.code == "sealed.key_unsaved"


def test_the_import_preview_names_campaign_secrets_and_a_kept_one():
    from tirada import storage

    doc = storage.backup({"sealkeys": {"Arenas": "ab" * 32, "Otra": "cd" * 32}}, "2026-12-03T09:00:00Z")
    plan = storage.plan_import({"sealkeys": {"Otra": "5eed" * 16}}, doc)
    html = ui_data_render.plan_html(plan, "es")
    assert "Secretos de campaña para tiradas selladas (1): Arenas" in html
    assert "El secreto de la campaña «Otra»" in html and "se conserva" in html
