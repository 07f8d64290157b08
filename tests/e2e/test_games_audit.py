"""End to end for issue 26 (items 1–2): a Tragedia post-loss roll tried twice and a Confrontation
started twice are named by the thread audit. Two people in two browser contexts: the GM (or
Chronicler) and a player; the thread they post is pasted into "Auditar hilo".

Rules of the traces: docs/tragedia-scene.md §Signed rolls, docs/brs-format.md §Fair play (the start),
docs/link-format.md §16.10.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import open_app
expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.page import audit_text, roll_named  # noqa: E402
from helpers.tragedia import SEED_ACTIONS  # noqa: E402

from tirada.links.chain import decode_link  # noqa: E402
from tirada.systems.brs.link import decode_link as decode_brs  # noqa: E402
from tirada.systems.tragedia.play import EXAMPLE, act, from_fragment, start, to_fragment  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}}
DESK = {"viewport": {"width": 1280, "height": 900}}


def lost_scene_link() -> str:
    """The rule file's example scene (thread "Arenas"), gathered and rolled by Batiato's player on
    a seed that loses: the post-loss step is open (the GM's post)."""
    from tirada.dice import DiceStream
    from tirada.systems.tragedia.roll import final_stage

    seed = next(s for s in (f"{n:032x}" for n in range(400))
                if final_stage(7, 6, DiceStream(s), 1, True)["winner"] == "adversary")
    ledger = start({**EXAMPLE, "campaign": "Arenas"})
    for action in SEED_ACTIONS:
        ledger = act(ledger, action)
    ledger = act(ledger, {"roll": "final", "by": "Batiato"}, seed=seed,
                 commit=lambda _who, _seed: {"seq": 1, "prev": None})
    return to_fragment(ledger)


def post_loss_try(page, link: str) -> str:
    """As Corvo's player: open the scene link, continue it here, raise Tragedy and roll; the new link."""
    page.evaluate(f"location.hash = {link.split('#', 1)[1]!r}")
    page.wait_for_selector("#scene-shared:not([hidden])")
    assert "cadena de quien tira" in page.inner_text("#scene-proves")     # what the link proves
    page.click("#scene-continue")
    page.wait_for_selector("#play-controls:not([hidden])")
    page.select_option("#play-actor", "Corvo")
    page.wait_for_selector('#play-sources[data-actor="Corvo"]')
    before = page.locator("#play-log li").count()
    page.click('#play-sources button[data-source="tragedy"]:not([disabled])')
    page.wait_for_function(f"document.querySelectorAll('#play-log li').length === {before + 1}")
    old = page.locator("#scene-link").input_value()
    page.click("#play-roll")
    page.wait_for_function("l => document.getElementById('scene-link').value !== l", arg=old)
    assert page.locator("#play-error").is_hidden(), page.inner_text("#play-error")
    return page.locator("#scene-link").input_value()


def test_a_tragedia_post_loss_roll_tried_twice_is_named_in_the_audit(new_context, base_url):
    gm_ctx, _ = new_context(**DESK)
    gm = open_app(gm_ctx.new_page(), base_url + "#" + lost_scene_link())
    gm.wait_for_selector("#scene-shared:not([hidden])")
    expect(gm.locator("#play-phase")).to_contain_text("El Protagonista ha perdido")
    posted = gm.locator("#scene-link").input_value()                       # the GM posts the lost scene

    ctx, _ = new_context(**PHONE)
    player = open_app(ctx.new_page(), base_url)
    player.click("#tab-roll")
    earlier = roll_named(player, "Corvo", "Arenas", "Atletismo")          # Corvo's nº 1, posted
    first = post_loss_try(player, posted)                                  # nº 2: not liked
    second = post_loss_try(player, posted)                                 # nº 3: the same step again
    rolls = [from_fragment(f)["actions"][-1] for f in (first, second)]
    assert [r["by"] for r in rolls] == ["Corvo", "Corvo"] and [r["chain"]["seq"] for r in rolls] == [2, 3]
    assert decode_link(earlier)["seq"] == 1

    # only the better try posted: Corvo's nº 2 is a numbered gap
    text = audit_text(gm, f"GM: {posted}\nCorvo: {earlier}\nCorvo: {second}\n")
    assert "Corvo — «Arenas»" in text and "Sin publicar: nº 2" in text and "Hay problemas" in text
    assert "tirada de una escena de Tragedia (firmada)" in text
    # both tries posted: the fork is named
    text = audit_text(gm, f"GM: {posted}\nCorvo: {earlier}\nCorvo: {first}\nCorvo otra vez: {second}\n")
    assert "Escena de Tragedia con dos continuaciones distintas tras la acción 12" in text
    assert "una tirada probada dos veces" in text


def start_confrontation(page, again: bool = False) -> str:
    """As the Chronicler: start the example Confrontation ("Empezar"); ``again``: "Nueva" first."""
    old = page.locator("#brs-share-link").input_value()
    if again:
        page.click("#brs-new")
    else:
        page.click("#tab-brs")
        page.click("#brs-example")
    page.click("#brs-start")
    page.wait_for_function("l => document.getElementById('brs-share-link').value !== l", arg=old)
    assert page.locator("#brs-setup-error").is_hidden(), page.inner_text("#brs-setup-error")
    return page.locator("#brs-share-link").input_value()


def test_a_confrontation_started_twice_is_named_in_the_audit(new_context, base_url):
    chron_ctx, _ = new_context(**DESK)
    chronicler = open_app(chron_ctx.new_page(), base_url)
    earlier = roll_named(chronicler, "Haster", "Arenas", "Iniciativa")     # Haster's nº 1, posted
    first = start_confrontation(chronicler)                                # the start takes nº 2
    second = start_confrontation(chronicler, again=True)                   # "Empezar" again: nº 3
    starts = [decode_brs(link)[0]["start"] for link in (first, second)]
    assert [(s["roller"], s["seq"]) for s in starts] == [("Haster", 2), ("Haster", 3)]

    ctx, _ = new_context(**PHONE)
    player = open_app(ctx.new_page(), second)                              # Sharla opens the posted start
    player.wait_for_function("l => document.getElementById('brs-share-link').value === l", arg=second)
    assert "numerado en la cadena de quien empezó" in player.inner_text("#brs-proves")

    # only the second start posted: Haster's nº 2 is a numbered gap
    text = audit_text(player, f"Haster: {earlier}\nEmpieza: {second}\n")
    assert "Haster — «Arenas»" in text and "Sin publicar: nº 2" in text and "Hay problemas" in text
    assert "inicio de una Confrontación (dados iniciales firmados)" in text
    # both starts posted: named, with their numbers
    text = audit_text(player, f"Haster: {earlier}\nEmpieza: {first}\nEmpieza otra vez: {second}\n")
    assert "La misma preparación de Confrontación empezada 2 veces (Haster nº 2, Haster nº 3)" in text


def test_a_player_name_too_long_to_sign_is_refused_at_the_start(app):
    """Finding: a player name of 41–120 characters was accepted, then every rolling move of that
    player was refused mid-game. Now "Empezar" refuses it, next to the field, and takes no number."""
    app.click("#tab-brs")
    app.click("#brs-example")
    app.fill("#brs-f-players-1-name", "S" * 41)
    app.click("#brs-start")
    expect(app.locator("#brs-setup-error")).to_contain_text("firma sus tiradas")
    assert app.locator("#brs-game").is_hidden()
    assert app.evaluate("localStorage.getItem('tirada.chains.v1')") in (None, "{}")


def test_older_game_links_say_what_they_prove(app, base_url):
    """Old scene and Confrontation links open as before and are labelled as an older format."""
    import json

    vectors = json.loads((Path(__file__).resolve().parents[1] / "vectors" / "links.json").read_text("utf-8"))
    by_name = {c["name"]: c["fragment"] for c in vectors["links"]}
    app.evaluate(f"location.hash = {by_name['scene: the rule file' + chr(39) + 's example, decided']!r}")
    app.wait_for_selector("#scene-shared:not([hidden])")
    expect(app.locator("#scene-proves")).to_contain_text("Escena de formato anterior")
    old_brs = by_name["confrontation: Haster against Sharla (docs/examples), seeded, before any move"]
    app.evaluate(f"location.hash = {old_brs!r}")
    app.wait_for_selector("#brs-shared:not([hidden])")
    expect(app.locator("#brs-proves")).to_contain_text("formato 1")
    signed = by_name["confrontation: fair play, the start signed by Haster's chain (nº 3), before any move"]
    app.evaluate(f"location.hash = {signed!r}")
    expect(app.locator("#brs-proves")).to_contain_text("numerado en la cadena de quien empezó")
    text = audit_text(app, "\n".join(f"{base_url}#{f}" for f in (old_brs, signed, by_name[
        "scene: the rule file's example, gathering"])))
    assert "Otros enlaces válidos (no son tiradas con cadena): 3" in text and "2 de formato anterior" in text
    assert "Haster — «Arenas Sangrientas»" in text
