"""End to end: the Blood Red Sands rules of the audit against the seed (issue #15, brs1 part).

Each test opens a fair-play (version 2) Confrontation link at the moment a rule matters — the
starting dice come from a seed found by tests/helpers/brs.py ``seeded_v2`` — and plays or is refused
through the page: the battering bonus declined, a Vow with nothing to renew refused with its reason,
the "an enemy will die" Vow with its conditions, Soul-Fused's manual ruling, and the Competencia card.
Rules: ../shared/rules/blood-red-sands.md §Corrections and additions (seed 000_95455a330fc0ceb0.txt).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers
from helpers.brs import duel, seeded_v2  # noqa: E402
from helpers.page import take_seat  # noqa: E402

from tirada.systems.brs.link import decode_link, encode_link  # noqa: E402

N = "cunning"
PICK_A = {"move": "pick", "attacker": 0, "target": 1}
SIG = {"nonce": "0123456789abcdef", "seq": 1, "prev": None}


def _open(app, setup: dict, moves: list) -> None:
    fragment = encode_link(setup, moves)
    app.evaluate(f"location.hash = {fragment!r}")
    app.wait_for_function("f => document.getElementById('brs-share-link').value.endsWith(f)", arg=fragment)
    take_seat(app)     # hot-seat: this page plays both sides


def _moves(app) -> list:
    return decode_link(app.locator("#brs-share-link").input_value())[1]


def _click(app, selector: str) -> None:
    before = app.locator("#brs-share-link").input_value()
    app.click(selector)
    app.wait_for_function("l => document.getElementById('brs-share-link').value !== l", arg=before)


def test_battering_bonus_can_be_declined(app):
    """«puede sacar el dado de tamaño más pequeño del Cementerio»: the page offers "No tomar nada"."""
    from playwright.sync_api import expect

    moves = [PICK_A, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3, 4]}]
    setup = seeded_v2(duel([(4, N, 1)] * 2, [(4, N, 1)] * 3, graveyard={"dice": [6], "advantage": 0}), moves,
                      lambda s: s.pending == (("bonus", 2, 0), ("bonus", 3, 0), ("bonus", 4, 0)))
    _open(app, setup, moves)
    expect(app.locator("#brs-step")).to_contain_text("puede tomar su premio")
    expect(app.locator('#brs-actions [data-move="bonus"][data-take="die"]')).to_contain_text("d6")
    _click(app, '#brs-actions [data-move="bonus"][data-take="none"]')
    assert _moves(app)[-1] == {"move": "bonus", "take": "none"}
    expect(app.locator('#brs-actions [data-move="bonus"][data-take="none"]')).to_be_visible()   # the next die


def test_vow_with_nothing_to_renew_is_not_offered_and_a_link_with_one_is_refused(app):
    """«Puede renovar todos sus dados Usados … Además puede renovar todos los dados Vapuleados»."""
    from playwright.sync_api import expect

    moves = [PICK_A, {"move": "attack", "dice": [0, 1]}]
    setup = seeded_v2(duel([(4, N, 1)] * 2, [(10, N, 1)] * 4, b_kw={"hero": True}), moves)
    _open(app, setup, moves)
    expect(app.locator('#brs-actions [data-move="defend"][data-player="1"]')).to_be_visible()
    expect(app.locator('#brs-actions [data-move="vow"]')).to_have_count(0)
    app.evaluate(f"location.hash = {encode_link(setup, moves + [{'move': 'vow', 'player': 1, 'vow': 'faction_fails', 'fresh': SIG}])!r}")
    expect(app.locator("#brs-link-error")).to_contain_text("no renovaría nada")


def test_enemy_will_die_vow_checks_the_devastated_traits(app):
    """«no deberá tener más de 3 Rasgos Devastados en el momento de realizarse el Voto»."""
    from playwright.sync_api import expect

    moves = [PICK_A, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3]},
             {"move": "pick", "attacker": 1, "target": 0}]
    setup = seeded_v2(duel([(4, N, 1)] * 2, [(10, N, 1)] * 4, b_kw={"hero": True}), moves)
    _open(app, setup, moves)
    expect(app.locator(".brs-vow-enemy")).to_contain_text("Personaje Principal de una Facción")
    app.select_option("#brs-1-vow-vow", "enemy_dies")
    app.select_option("#brs-1-vow-enemy", "0")
    app.fill("#brs-1-vow-crossed", "4")
    app.click('#brs-actions [data-move="vow"][data-player="1"]')
    expect(app.locator("#brs-error")).to_contain_text("4 Rasgos Devastados")
    app.fill("#brs-1-vow-crossed", "3")
    _click(app, '#brs-actions [data-move="vow"][data-player="1"]')
    last = _moves(app)[-1]
    assert (last["vow"], last["enemy"], last["crossed"]) == ("enemy_dies", 0, 3) and "fresh" in last


def test_soul_fused_gets_a_manual_ruling(app):
    from playwright.sync_api import expect

    moves = [PICK_A, {"move": "attack", "dice": [0, 1]}, {"move": "defend", "dice": [2, 3], "soul_fused": 4}]
    setup = seeded_v2(duel([(4, N, 1)] * 2, [(10, N, 1), (10, N, 1), (4, "soul_fused", 1)]), moves)
    _open(app, setup, moves)
    expect(app.locator("#brs-step")).to_contain_text("Fusión de almas")
    expect(app.locator("#brs-step")).to_contain_text("decisión manual")
    app.select_option("#brs-1-ruling-action", "none")
    _click(app, '#brs-actions [data-move="ruling"][data-player="1"]')
    assert _moves(app)[-1]["move"] == "ruling"


def test_competencia_card_rolls_and_refuses_a_bad_die(app):
    """«si no hay Componentes en escena con dados propios, no habrá lucha, y se debe recurrir a una
    Competencia»: the card shows these words, rolls both pools and names the winner."""
    from playwright.sync_api import expect

    app.click("#tab-brs")
    app.click("#brs-contest-card > summary")
    expect(app.locator("#brs-contest-card blockquote")).to_contain_text("no habrá lucha")
    app.fill("#brs-contest-player", "Ilsa")
    app.fill("#brs-contest-player-dice", "d8 d6 d4")
    app.click("#brs-contest-roll")
    result = app.locator("#brs-contest-result")
    expect(result).to_contain_text("Ilsa: d8 (")
    expect(result).to_contain_text("Fuerzas del mundo: d6 (")
    expect(result).to_contain_text(re.compile("gana", re.IGNORECASE))
    app.fill("#brs-contest-world-dice", "d7")
    app.click("#brs-contest-roll")
    expect(app.locator("#brs-contest-error")).to_contain_text("7")
