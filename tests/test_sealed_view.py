"""The sealed-roll cards (web/fair/sealed_view.py) and the campaign-secret store (web/shell/store.py), on the
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

from fair import sealed_view  # noqa: E402
from data import ui_data_render  # noqa: E402
from shell import store  # noqa: E402

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
    card = f'<ol class="dice">{opened.result["faces"]}</ol>'     # the system's card (web/roll/result_views.py)
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


# -- secret GM rolls ("tirada oculta", web/fair/ui_sealed_secret.py) and the statement of guarantees ------

SECRET = VECTORS["secret"][0]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_closed_secret_roll_says_who_what_for_and_number_and_that_the_gm_reveals_it(lang):
    view = sealed.read_sealed(SECRET["sealed_link"]["fragment"], ("secret",))[1]
    html = sealed_view.closed_html(view, lang)
    assert view["seq"] == 41 and view["roller"] == "GM"
    assert ("Tirada oculta de GM (máster), nº 41" if lang == "es" else "Secret roll by GM (GM), no. 41") in html
    assert "Sigilo del ninja" in html
    assert ("sellada: la revelará el máster" if lang == "es" else "the GM will reveal it") in html
    assert "Tirada oculta" in html if lang == "es" else "Secret roll" in html
    assert "l5r" not in html.lower() and "anillo" not in html.lower() and "{" not in html   # what was rolled is hidden
    assert SECRET["secret"] not in html and SECRET["rolled"]["seed"] not in html
    made = sealed_view.closed_html(view, "es", made=True)
    assert "Publícalo" in made and "sellada: la revelará el máster" in made


@pytest.mark.parametrize("revealed", [False, True])
def test_an_opened_secret_roll_shows_what_was_rolled_and_its_result(revealed):
    opened = sealed.verify_reveal(SECRET["sealed_link"]["fragment"], SECRET["reveal_link"]["fragment"])
    assert opened.result == SECRET["result"]
    html = sealed_view.opened_html(opened.link, "es", "<ol>card</ol>", "tres éxitos", revealed, opened.request)
    assert "Tirada oculta de GM (máster), nº 41" in html and "<ol>card</ol>" in html and "tres éxitos" in html
    assert ("Tirada oculta, revelada" in html) is revealed
    assert ("Tu tirada oculta: solo tú ves" in html) is not revealed
    assert 'id="sealed-pool"' in html           # what was rolled, once opened


def test_the_secret_rolls_store_keeps_the_hidden_request_and_refuses_on_a_full_storage():
    s = store.Store(store.MemoryStorage())
    s.keep_secret_roll("0123456789abcdef", {"system": "generic", "dice": 2, "sides": 6})
    assert s.secret_rolls() == {"0123456789abcdef": {"system": "generic", "dice": 2, "sides": 6}}
    storage = store.MemoryStorage()
    storage.setItem(store.SECRET_ROLLS_KEY, json.dumps({"short": {"system": "generic"}}))
    assert store.Store(storage).secret_rolls() == {}

    class Full(store.MemoryStorage):
        def setItem(self, key, value):  # noqa: N802
            if key == store.SECRET_ROLLS_KEY:
                raise RuntimeError("QuotaExceededError")
            super().setItem(key, value)

    with pytest.raises(InvalidRequest) as err:
        store.Store(Full()).keep_secret_roll("0123456789abcdef", {"system": "generic"})
    assert err.value.code == "sealed.roll_unsaved"


def test_the_statement_of_guarantees_is_on_the_page_in_both_languages():
    from shell.strings import t

    html = (Path(__file__).resolve().parents[1] / "web" / "panels" / "request-make.html").read_text("utf-8")
    keys = re.findall(r'data-guarantee="(\w+)" data-i18n="(guarantee\.\w+)"', html)
    assert [k for k, _ in keys] == ["player", "gm", "anyone", "lost", "not"]
    es = " ".join(t(key, "es") for _, key in keys)
    en = " ".join(t(key, "en") for _, key in keys)
    assert "no puede ver los dados" in es and "no puede elegir los dados" in es and "no se podrán revelar" in es
    assert "cannot see the dice" in en and "cannot choose the dice" in en and "never be revealed" in en
    assert "se pongan de acuerdo" in es and "acting together" in en
    secret_panel = (Path(__file__).resolve().parents[1] / "web" / "panels" / "secret-roll.html").read_text("utf-8")
    assert 'data-i18n="secret.guarantee"' in secret_panel
    assert "no se podrá revelar" in t("secret.guarantee", "es") and "never be revealed" in t("secret.guarantee", "en")
