"""The page's pure view modules (web/ui_*_render.py, ui_sheets.py, sharing.py, tragedia_sheet_form.py)
render real engine results in both languages: the words, numbers and buttons the rules give, never a
``{placeholder}`` or an English word in Spanish.

CPython only (imports web/ from the repository). Rules: ../shared/rules/l5r5e.md, tragedia.md.
"""

from __future__ import annotations

import re
import sys

import pytest

from tirada import data_view, storage, systems
from tirada.systems.l5r.records import CheckView
from tirada.systems.tragedia import play
from tirada.systems.tragedia.records import AddOption, AdversaryPool, FinalStage, Pools, ProtagonistPool, SceneRoll
from tirada.systems.tragedia.sheet import Sheet
from tirada.errors import TiradaError
from tirada.sheets import new_character

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")

from shell import sharing  # noqa: E402
from shell import store  # noqa: E402
from tragedia import tragedia_sheet_form as sheet_form  # noqa: E402
from data import ui_data_render as data_html  # noqa: E402
from l5r import ui_l5r_render as l5r  # noqa: E402
from tragedia import ui_scene_render as scene  # noqa: E402
from data import ui_sheets  # noqa: E402

SEED = "00112233445566778899aabbccddeeff"
#: ring 3, skill 2 from SEED: ring 2 (opportunity, strife), ring 3 (opportunity), ring 6 (explosive,
#: strife), skill 9 (success), skill 5 (opportunity).
L5R = {"system": "l5r5e", "ring": 3, "skill": 2, "tn": 2, "seed": SEED}


def text_of(html: str) -> str:
    """The visible text of an HTML fragment (tags dropped, spaces collapsed)."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


# ------------------------------------------------------------------------------------- share
def test_parse_faces_reads_commas_semicolons_and_spaces_and_refuses_words():
    assert sharing.parse_faces("6, 5 3;1") == [6, 5, 3, 1]
    assert sharing.parse_faces("  ") is None and sharing.parse_faces("") is None
    with pytest.raises(ValueError):
        sharing.parse_faces("6, seis")


def test_link_url_replaces_any_fragment_of_the_page():
    assert sharing.link_url("https://x.org/tirada/#old", "t1abc") == "https://x.org/tirada/#t1abc"
    assert sharing.link_url("http://localhost:8000/", "t1abc") == "http://localhost:8000/#t1abc"


# ---------------------------------------------------------------------------------------- L5R
def test_l5r_finished_check_shows_every_step_and_the_outcome_in_both_languages():
    result = systems.roll({**L5R, "keep": [0, 1]})       # ring 2 and ring 3: no success
    es, en = l5r.render_result(result, "es"), l5r.render_result(result, "en")
    assert 'data-successes="0" data-tn="2"' in es and 'data-success="false"' in es
    assert 'data-opportunities="2" data-strife="1"' in es
    assert "0 éxitos contra un NO de 2" in text_of(es) and "Fallo (faltan 2)" in text_of(es)
    assert "0 successes vs TN 2" in text_of(en)
    assert es.count('data-state="kept"') == 2 and es.count('data-state="dropped"') == 3
    assert "{" not in text_of(es) + text_of(en)
    assert l5r.summary(result, "es") == "L5R 0 éxitos contra un NO de 2 — Fallo (faltan 2), 2 oportunidades, 1 de conflicto"
    assert l5r.summary(result, "en").startswith("L5R 0 successes vs TN 2 — Failure (2 short)")


def test_l5r_board_offers_the_allowed_dice_and_counts_the_marked_ones():
    result = CheckView.from_result(systems.roll({**L5R, "step": True}))
    assert result.stage == "keep"
    html = l5r.board_html(result, "Atletismo", {3}, "es")
    assert 'data-stage="keep"' in html and "<q>Atletismo</q>" in html  # the label is tagged and quoted (issue #18)
    assert re.findall(r'data-l5r-die="(\d)"', html) == ["0", "1", "2", "3", "4"]
    assert html.count('aria-pressed="true"') == 1 and 'data-l5r-die="3" data-die="skill" data-face="9"' in html
    assert 'id="l5r-confirm" data-l5r-confirm="keep"' in html
    assert l5r.status_text(result, {3}, None, "es").startswith("Marcados: 1. Guardado hasta ahora: 0 éxitos de NO 2")
    preview = CheckView.from_result(systems.roll({**L5R, "step": True, "keep": [3]}))
    assert "1 éxito de NO 2" in l5r.status_text(result, {3}, preview, "es")


def test_l5r_board_at_an_explosion_and_the_refusal_words():
    result = CheckView.from_result(systems.roll({**L5R, "step": True, "keep": [2, 3]}))  # the ring 6 explodes
    assert result.stage == "explosion"
    html = l5r.board_html(result, "", set(), "en")
    assert 'data-l5r-explosion="keep"' in html and 'data-l5r-explosion="drop"' in html
    assert 'data-step="explosions"' in html and "die 3" in l5r.instruction(result, "en")
    with pytest.raises(TiradaError) as refused:
        systems.roll({**L5R, "step": True, "keep": [0, 1, 2, 3]})
    es = l5r.refusal_text(refused.value, "es")
    assert "4" in es and "keep at most" not in es


def test_l5r_faces_form_asks_for_each_die_the_engine_needs():
    result = systems.roll({"system": "l5r5e", "ring": 2, "skill": 1, "tn": 2, "faces": [], "step": True})
    assert result["stage"] == "faces"
    html = l5r.faces_form(CheckView.from_result(result).choice.need, "es")
    assert html.count("data-l5r-face=") == 3 and 'max="6"' in html and 'max="12"' in html


# ------------------------------------------------------------------------------------ Tragedia
def example_scene():
    """The example scene with each participant's first Trait added, then (optionally) rolled."""
    ledger = play.start(dict(play.EXAMPLE))
    for p in play.view(ledger).participants:
        ledger = play.act(ledger, p.adds["trait"].options[0].action("trait", p.name))
    return ledger


def test_scene_sources_are_legal_buttons_and_illegal_ones_carry_the_engine_reason():
    view = play.view(play.start(dict(play.EXAMPLE)))
    corvo = view.participants[0]
    html = scene.sources_html(corvo, True, "es")
    legal = {s for s, e in corvo.adds.items() if e.legal}
    offered = set(re.findall(r'data-source="(\w+)" data-act=', html))
    assert offered == legal and "<details class=\"unavailable\" open>" in html
    assert 'data-source="destiny" disabled aria-describedby="why-destiny"' in html
    assert "tiene 0" in html and "§" not in html   # the engine's reason by code, in Spanish, beside the rule's words
    assert "{" not in text_of(html)


def test_scene_pools_result_and_log_of_a_decided_scene():
    ledger = example_scene()
    view = play.view(ledger)
    assert 'data-pool="protagonist">2<' in scene.pools_html(view, "es")
    assert len(re.findall("<li>", scene.log_html(view, "es"))) == 4
    decided = play.view(play.act(ledger, {"roll": "final", "faces": [2, 4, 1, 3]}))
    html = scene.result_html(decided, "es")
    assert 'data-score="2-0"' in html and 'data-winner="protagonist"' in html
    assert html.count('class="die kept"') == 2 and html.count('class="die dropped"') == 2
    assert "res.given" not in html and "{" not in text_of(html)
    after = scene.sheet_html(decided.sheets[0], False, "en")
    assert 'data-sheet="Corvo"' in after and "data-sheet-edit" not in after


def test_scene_moves_roles_and_actor_options():
    view = play.view(example_scene())
    moves = scene.moves_html(view.participants[1], view, "es")
    assert 'id="claim-from"' in moves and '<option value="Corvo">Corvo</option>' in moves
    assert 'value="Livia"' not in moves                     # one cannot claim from oneself
    roles = scene.roles_html(view.sheets, {"Corvo": "protagonist"}, "es")
    assert roles.count("<select") == 4 and '<option value="protagonist" selected>' in roles
    options = scene.actor_options_html(view, "en")
    assert options.count("<option") == 4 and "Corvo — " in options


def test_scene_after_moves_henchman_ally_targets_and_chapter_status():
    # seed 001: "aparte de jugar como Secuaz" / "se pueden eliminar jugando como Aliado" /
    # "al menos un jugador Protagonista" / "si otros dos jugadores se le adelantan [...] perdedor"
    setup = dict(play.EXAMPLE)
    setup["participants"] = [dict(p) for p in setup["participants"]]
    setup["participants"][1] = {"role": "protagonist", "sheet": dict(setup["participants"][1]["sheet"],
                                                                   consequences=["Deudas"])}
    setup["participants"].append({"role": "ally", "sheet": {"name": "Naevia", "consequences": ["Herida"]}})
    setup["participants"][3] = {"role": "henchman", "sheet": dict(setup["participants"][3]["sheet"], tragedy=5)}
    ledger = play.start({**setup, "table": {"henchman_tragedy_drop": 2}})
    ledger = play.act(ledger, {"add": "trait", "by": "Batiato", "trait": "Voz de mando"})
    ledger = play.act(ledger, {"roll": "final", "faces": [2]})
    ledger = play.act(ledger, {"decline": "post_loss", "by": "Corvo"})
    view = play.view(ledger)
    by = {p.name: p for p in view.participants}
    adv = scene.moves_html(by["Batiato"], view, "es")
    assert 'id="impose-target"' in adv and '<option value="Livia">Livia</option>' in adv
    ashur = scene.moves_html(by["Ashur"], view, "es")
    assert "Bajar la Tragedia por jugar como Secuaz" in ashur and '"lower": "tragedy"' in ashur.replace("&quot;", '"')
    naevia = scene.moves_html(by["Naevia"], view, "en")
    assert "Remove the Consequence for playing as an Ally «Herida»" in text_of(naevia)
    ledger = play.act(ledger, {"lower": "tragedy", "by": "Ashur"})
    assert play.view(ledger).sheet("Ashur").tragedy == 3
    lost = scene.sheet_html(Sheet(name="Crixo", tragedy=5), True, "es", "lost")
    assert 'data-chapter="lost"' in lost and "Perdedor del Capítulo" in lost
    assert "data-chapter" not in scene.sheet_html(Sheet(name="Crixo"), True, "es", "playing")
    label = scene.option_label("destiny", AddOption((("use", "domain"), ("domain", "Tigre"))), "es")
    assert label == "Destino 1: usar un Dominio «Tigre»"


# ------------------------------------------------------------------------------- Tragedia sheets
def test_tragedia_sheet_form_creates_renames_and_refuses_a_taken_name():
    st = store.Store(store.MemoryStorage())
    sheet_form.create(st, "Livia", "Arenas")
    with pytest.raises(sheet_form.NameTaken):
        sheet_form.create(st, "Livia")
    fields = {**sheet_form.to_form(st.sheets()[0]), "name": "Livia Prima", "domains": "Tigre = 1"}
    sheet, ok = sheet_form.save(st, fields, "Livia", campaign="Arenas")
    assert ok and [s["name"] for s in st.sheets()] == ["Livia Prima"]
    assert sheet.to_dict()["domains"] == [{"name": "Tigre", "destiny": 1}] and st.sheets() == [sheet.to_dict()]
    assert st.sheet_campaigns() == {"Livia Prima": "Arenas"}
    sheet_form.create(st, "Corvo")
    with pytest.raises(sheet_form.NameTaken):
        sheet_form.save(st, {**fields, "name": "Corvo"}, "Livia Prima")
    with pytest.raises(TiradaError) as bad:
        sheet_form.save(st, {**fields, "domains": "Tigre"}, "Livia Prima")
    assert bad.value.field == "domains"


def test_sheet_editor_fields_for_every_system_carry_their_form_keys():
    tragedia = ui_sheets.fields_html("tragedia", sheet_form.BLANK, "es")
    assert set(re.findall(r'data-cs="(\w+)"', tragedia)) == set(sheet_form.FIELDS) - {"name"}
    l5r_html = ui_sheets.fields_html("l5r5e", {"ring.fire": "3"}, "es")
    assert 'id="cs-ring-fire" data-cs="ring.fire"' in l5r_html and 'value="3"' in l5r_html
    brs = ui_sheets.fields_html("brs", {"components": [{"name": "Corvo", "traits": []}]}, "en")
    assert 'id="cs-components-0--name"' in brs and 'value="Corvo"' in brs
    sifrp = new_character("c1", "sifrp", "Sharla", "", 0).to_dict()
    chooser = ui_sheets.roll_chooser_html(sifrp, "es")
    assert 'id="roll-ability"' in chooser and 'id="roll-with-sheet"' in chooser


# ------------------------------------------------------------------------------------- my data
def test_data_list_groups_by_campaign_with_no_campaign_last():
    chars = [new_character(f"c{i}", system, name, camp, 0).to_dict()
             for i, (system, name, camp) in enumerate((("l5r5e", "Hida", "Rokugán"), ("sifrp", "Sharla", ""),
                                                        ("sifrp", "Arya", "Arenas")))]
    entries = data_view.entries(chars, [], {})
    assert [e.to_dict() for e in entries] == [{"key": c["id"], "system": c["system"], "name": c["name"],
                                               "campaign": c["campaign"], "item": c} for c in chars]
    html = data_html.list_html(entries, "es")
    assert re.findall(r"<h3>([^<]+)</h3>", html) == ["Arenas", "Rokugán", "Sin campaña"]
    assert html.count('data-open="') == 3 and 'data-export-campaign="Arenas"' in html
    assert data_html.campaign_options(entries) == '<option value="Arenas"><option value="Rokugán">'


def test_import_plan_preview_counts_what_a_backup_adds_and_refuses():
    char = new_character("c1", "sifrp", "Sharla", "Arenas", 0).to_dict()
    doc = storage.backup({"characters": [char]}, "2026-11-30T07:00:00Z")
    doc["data"]["characters"].append({"id": "c2", "system": "sifrp", "name": ""})
    plan = storage.plan_import({}, doc)
    html = data_html.plan_html(plan, "es")
    assert 'data-plan="add"' in html and "Sharla" in html and 'data-plan="errors"' in html
    assert "{" not in text_of(html)


def test_import_errors_name_the_entry_in_words_not_by_its_path():
    bad = {"id": "c2", "system": "l5r5e", "name": "Malo", "campaign": "", "sheet": {"rings": {"fire": 12}},
           "updated": 0}
    doc = {"app": "tirada", "schema": 1, "exported": "x",
           "data": {"characters": [bad, {"id": "c3"}], "history": [{"x": 1}], "otra": 1}}
    plan = storage.plan_import({}, doc)
    shown = {lang: text_of(data_html.plan_html(plan, lang)) for lang in ("es", "en")}
    assert "La ficha «Malo» (Fuego): debe estar entre 1 y 10 (has puesto 12)" in shown["es"]
    assert "The sheet “Malo” (Fire): must be from 1 to 10, got 12" in shown["en"]
    assert "La ficha n.º 2" in shown["es"] and "La tirada n.º 1 del historial" in shown["es"]
    assert "La parte «otra» del archivo" in shown["es"]
    for text in shown.values():
        assert "characters[" not in text and "history[" not in text and "data." not in text


def test_banner_usage_and_slug():
    banner = data_html.banner_html("Hida", "cambio", True, "es")
    assert 'data-banner="stop"' in banner and 'data-banner="undo"' in banner and "Hida" in banner
    assert "," in data_html.usage_text(3500, "es") and "." in data_html.usage_text(3500, "en")
    assert data_html.slug("Las Arenas  Rojas!") == "las-arenas-rojas" and data_html.slug("¡¿?!") == "tirada"


def test_scene_take_a_floating_domain_lists_only_the_others_floating_domains():
    # seed 001: «cualquier otro jugador puede emplear un punto de Destino para arrebatártelo»
    setup = dict(play.EXAMPLE)
    setup["participants"] = [dict(p) for p in setup["participants"]]
    batiato = setup["participants"][2]
    setup["participants"][2] = {**batiato, "sheet": dict(batiato["sheet"], domains=[
        {"name": "La guardia acude", "destiny": 0}, {"name": "Capua", "destiny": 1}])}
    view = play.view(play.start(setup))
    by = {p.name: p for p in view.participants}
    livia = scene.moves_html(by["Livia"], view, "es").replace("&quot;", '"')
    assert 'id="take-domain"' in livia and "«La guardia acude» de Batiato" in livia
    assert '"take": "domain", "by": "Livia", "owner": "Batiato", "domain": "La guardia acude"' in livia
    assert "Capua" not in livia                                  # still has Destiny: not floating
    assert 'id="take-domain"' not in scene.moves_html(by["Batiato"], view, "es")   # not one's own
    assert "Take a floating Domain" in scene.moves_html(by["Corvo"], view, "en")
    assert scene.take_html("Livia", play.view(play.start(play.EXAMPLE)), "es") == ""   # none floating


@pytest.mark.parametrize("lang, none, two", [("es", "Éxito", "Éxito (+2 éxitos adicionales)"),
                                             ("en", "Success", "Success (+2 bonus successes)")])
def test_l5r_success_never_says_plus_zero(lang, none, two):
    """l5r5e.md §The check: a success with no bonus successes is just a success (issue #29: "Éxito
    (+0 éxitos adicionales)"); with some, their count in the right plural."""
    from tirada.systems.l5r.words import outcome_words

    done = {"stage": "done", "success": True, "successes": 3, "tn": 3, "opportunities": 0, "strife": 0, "kept": [],
            "keep_limit": 3, "pool": [], "explosion_dice": []}
    assert outcome_words({**done, "bonus_successes": 0}, lang).headline == none
    assert outcome_words({**done, "bonus_successes": 2}, lang).headline == two
    assert outcome_words({**done, "bonus_successes": 1}, lang).headline.endswith(("éxito adicional)", "bonus success)"))
    assert none in l5r.summary({**done, "bonus_successes": 0}, lang) and "+0" not in l5r.summary({**done, "bonus_successes": 0}, lang)


def test_scene_pools_say_automatic_successes_in_the_right_number():
    """Issue #29: "+1 éxito(s) automático(s)" — the count picks the form."""
    base = play.view(play.start(dict(play.EXAMPLE))).replace(
        pools=Pools(ProtagonistPool(dice=3, auto_successes=1, wins_ties=False), AdversaryPool(dice=2)))
    one = text_of(scene.pools_html(base, "es"))
    assert "+1 éxito automático" in one and "(s)" not in one
    base = base.replace(pools=Pools(ProtagonistPool(dice=3, auto_successes=2, wins_ties=False), AdversaryPool(dice=2)))
    assert "+2 éxitos automáticos" in text_of(scene.pools_html(base, "es"))
    assert "+2 automatic successes" in text_of(scene.pools_html(base, "en"))


def test_a_decided_scene_says_its_winner_in_the_phase_line():
    """Issue #29: a decided scene opened on "La escena está decidida." with the winner below its
    dice; the phase line now names the winner."""
    stage = FinalStage(protagonist_faces=(2, 2, 2, 1), adversary_faces=(2, 2, 2, 2), auto_successes=1,
                       protagonist_wins_ties=True, protagonist_successes=4, adversary_successes=4, tie=True,
                       winner="protagonist")
    roll = SceneRoll(sides=6, faces=(2, 2, 2, 1, 2, 2, 2, 2), stages=(stage,), post_loss=False,
                     protagonist_successes=4, adversary_successes=4, tie=True, winner="protagonist")
    scene_view = play.view(play.start(dict(play.EXAMPLE))).replace(phase="decided", roll=roll)
    assert scene.phase_text(scene_view, "es") == ("La escena está decidida. Gana el Protagonista: 4 éxitos contra 4 "
                                            "(empate: el Defecto le dio los empates).")
    assert scene.phase_text(scene_view.replace(phase="gathering"), "es") == ""
    from shell.strings import t

    assert scene.phase_text(scene_view.replace(phase="post_loss"), "en") == t("play.post_loss", "en")
    # a shared scene's banner line (issue #29, the first screen on a phone): the winner once decided,
    # else what is open and the button that lets this reader play on
    assert scene.next_text(scene_view, "es") == scene.phase_text(scene_view, "es")
    assert scene.next_text(scene_view.replace(phase="gathering"), "es") == (
        "La escena sigue abierta: aún no se ha hecho la tirada final. Para añadir tus dados o tirar, pulsa "
        f"«{t('shared.continue', 'es')}».")
    assert scene.next_text(scene_view.replace(phase="post_loss"), "en").startswith(t("play.post_loss", "en") + " To add")


def test_the_request_editor_fixes_bounds_or_frees_each_field():
    """Issue #26 item 2: the GM fixes, bounds or frees each field of the request."""
    from fair import request_view as rv

    sifrp = {"test_dice": 4, "bonus_dice": 1, "penalty_dice": 0, "modifier": 0, "difficulty": 12}
    html = rv.fields_html("sifrp", sifrp, {"bonus_dice": "range"}, "es")
    assert html.count("<tr>") == 6 and html.count('data-gm-mode="') == 5
    assert html.count('class="gm-bounds" hidden') == 4 and html.count('class="gm-bounds">') == 1
    assert "Fijo" in html and "Entre…" in html and "Libre" in html and "{" not in html
    fields = rv.request_fields("sifrp", sifrp, {"bonus_dice": "range", "modifier": "free"},
                               {"bonus_dice": ("0", " 2 ")})
    assert fields == {"test_dice": 4, "bonus_dice": {"min": 0, "max": 2}, "penalty_dice": 0, "difficulty": 12}
    with pytest.raises(ValueError, match="bonus_dice"):
        rv.request_fields("sifrp", sifrp, {"bonus_dice": "range"}, {"bonus_dice": ("x", "2")})
    # L5R: the ring and skill are the player's unless the GM says otherwise; the TN is fixed
    l5r = {"ring": 3, "skill": 2, "tn": 3}
    assert rv.request_fields("l5r5e", l5r, {}, {}) == {"tn": 3}
    assert rv.request_fields("l5r5e", l5r, {"skill": "fixed"}, {}) == {"skill": 2, "tn": 3}
    # generic: every die kept is left out (a request cannot name keep); a fixed modifier with nothing
    # in the form is fixed at 0 ("2d6" asks for no modifier: a +5 answering it is a mismatch)
    plain = {"dice": 3, "sides": 10, "keep": 3, "modifier": 0}
    assert rv.request_fields("generic", plain, {}, {}) == {"dice": 3, "sides": 10, "modifier": 0}
    assert rv.request_fields("generic", {"dice": 2, "sides": 6}, {}, {}) == {"dice": 2, "sides": 6, "modifier": 0}
    assert rv.request_fields("generic", {"dice": 2, "sides": 6}, {"modifier": "free"}, {}) == {"dice": 2, "sides": 6}
    assert rv.request_fields("generic", {"dice": 4, "sides": 6, "keep": 3}, {}, {})["keep"] == 3   # the engine refuses it
    # a yes/no field is never bounded
    assert 'data-gm-min="keep_lowest"' not in rv.fields_html("generic", {"keep_lowest": True}, {}, "en")
    assert ">yes<" in rv.fields_html("generic", {"keep_lowest": True}, {}, "en")


def test_the_request_editor_keeps_typed_bounds_across_redraws():
    from fair import request_view as rv

    html = rv.fields_html("sifrp", {"test_dice": 4}, {"test_dice": "range"}, "es", {"test_dice": ("2", "5")})
    assert 'data-gm-min="test_dice" value="2"' in html and 'data-gm-max="test_dice" value="5"' in html
    fresh = rv.fields_html("sifrp", {"test_dice": 4}, {"test_dice": "range"}, "es")
    assert 'data-gm-min="test_dice" value="4"' in fresh
