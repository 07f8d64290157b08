"""Seats, the story of each move and the end of a Confrontation (issue #29): the pure modules
web/brs/ui_brs_seat.py and web/brs/ui_brs_story.py, the engine's journal and Spoils facts they read, and the
seat kept by web/shell/store.py.

CPython only (imports web/ from the repository). Rules: ../shared/rules/blood-red-sands.md.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from helpers.brs import big_setup, play_out
from tirada.links.snippets_story import titled_story
from tirada.systems.brs import apply, new_confrontation, replay
from tirada.systems.brs.after_view import aftermath_view
from tirada.systems.brs.example import example_setup
from tirada.systems.brs.journal import entries as journal
from tirada.systems.brs.options import cells as board, choices as options, now as step
from tirada.systems.brs.report import confrontation as view
from tirada.systems.brs.story_view import AppliedPain

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")

from shell import store  # noqa: E402
from brs import ui_brs_after as afterview  # noqa: E402
from brs import ui_brs_board as boardview  # noqa: E402
from brs import ui_brs_seat as seats  # noqa: E402
from brs import ui_brs_story as story  # noqa: E402

SEED = "00112233445566778899aabbccddeeff"
EXAMPLE = json.loads((Path(__file__).resolve().parents[1] / "docs" / "examples" / "brs-haster-sharla.json").read_text())


def test_the_seat_comes_from_the_rollers_name_when_it_matches_a_player():
    players = replay(example_setup(SEED), []).setup.players       # Haster (side 0), Sharla (side 1)
    assert seats.seat_for_roller(" sharla ", players) == "1"
    assert seats.seat_for_roller("Haster", players) == "0"
    assert seats.seat_for_roller("Marda", players) is None
    assert seats.seat_for_roller("", players) is None


def test_a_move_is_numbered_in_the_chain_of_the_person_at_its_seat():
    """docs/link-format.md §16.6.1: Bob at Haster's seat numbers Haster's moves in Bob's chain (fresh.by)."""
    assert seats.chain_roller("0", 0, "Haster", " Bob ") == "Bob"
    assert seats.chain_roller("0", 0, "Haster", "Haster") is None        # the player's own name: no by
    assert seats.chain_roller("0", 0, "Haster", "") is None              # no name in «Mis datos»: as before
    assert seats.chain_roller("1", 0, "Haster", "Bob") is None           # not this seat's player
    assert seats.chain_roller("both", 0, "Haster", "Bob") is None        # hot seat: nobody in particular
    assert seats.chain_roller("0", 0, "Haster", "B" * 41) is None        # not a roller name


def test_each_seat_is_offered_only_its_sides_moves_in_every_state():
    setup = big_setup()
    state, dice = new_confrontation(setup)
    seen = {"0": 0, "1": 0}
    for move in play_out(setup) + [None]:
        opts, players = options(state), view(state).players
        for seat in ("0", "1"):
            mine = seats.my_options(opts, seat, players)
            assert all(players[p].side == int(seat) for p in mine)
            assert mine == {p: k for p, k in opts.items() if players[p].side == int(seat)}
            seen[seat] += bool(mine)
        assert seats.my_options(opts, "both", players) == opts
        assert seats.my_options(opts, "watch", players) == {} and seats.my_options(opts, None, players) == {}
        if move is not None:
            state = apply(state, move, dice)
    assert seen["0"] and seen["1"]


def test_the_key_is_the_same_for_a_setup_started_here_and_read_back_from_a_link():
    setup = example_setup(SEED)
    fuller = {**setup, "stipulations": [], "back_down": None}
    assert seats.confrontation_key(setup) == seats.confrontation_key(fuller)
    assert seats.confrontation_key(setup) != seats.confrontation_key(example_setup("ff" * 16))


def test_the_other_sides_board_is_one_line_on_a_phone_and_the_choice_names_every_option():
    setup = example_setup(SEED)
    state = replay(setup, [])
    s, cells = view(state), board(state)
    html = seats.boards_html("1", s, cells, "es", set(), [], boardview.player_board, compact=True)
    assert html.index('data-player="1"') < html.index('data-player="0"')          # my board first
    other = re.search(r'<details class="brs-other" data-player="0">(.*?)</summary>', html)
    assert other and other.group(1).startswith("<summary>Haster: PV 0 · Ventaja 0 · Disponibles: d")
    assert '<details class="brs-other" data-player="0" open>' in seats.boards_html(
        "1", s, cells, "es", set(), [], boardview.player_board, compact=False)
    assert "brs-other" not in seats.boards_html("watch", s, cells, "es", set(), [], boardview.player_board, True)
    choice = seats.choice_html(s, "es")
    assert re.findall(r'data-seat="(\w+)"', choice) == ["0", "1", "both", "watch"]
    assert "Juego con Haster (Cronista) (Haster)" in choice and "Juego con Sharla (Sharla)" in choice


def test_the_turn_line_tells_the_reader_what_to_do():
    setup = example_setup(SEED)
    state = replay(setup, [])
    s, now = view(state), step(state)
    opts = options(state)
    assert seats.turn_line("0", now, s, seats.my_options(opts, "0", s.players), "es") == "Te toca, Haster"
    wait = seats.turn_line("1", now, s, seats.my_options(opts, "1", s.players), "es")
    assert wait == "No te toca: ahora mueve Haster (Haster (Cronista)). Pásale el enlace."
    assert seats.turn_line("watch", now, s, {}, "en") == "Haster (Haster (Cronista)) moves now."
    assert "Elige tu bando" in seats.turn_line(None, now, s, {}, "es")


def test_the_store_remembers_a_seat_per_confrontation():
    st = store.Store(store.MemoryStorage())
    assert st.brs_seat("k1") is None
    st.set_brs_seat("k1", "1")
    st.set_brs_seat("k2", "watch")
    assert st.brs_seat("k1") == "1" and st.brs_seat("k2") == "watch"
    st.storage.setItem(st.BRS_SEATS_KEY, json.dumps({"k1": "sideways"}))   # a value not a seat is not used
    assert st.brs_seat("k1") is None
    for k in range(st.BRS_SEATS_CAP + 5):
        st.set_brs_seat(f"c{k}", "0")
    kept = json.loads(st.storage.getItem(st.BRS_SEATS_KEY))
    assert len(kept) == st.BRS_SEATS_CAP and "c0" not in kept and f"c{st.BRS_SEATS_CAP + 4}" in kept


def test_each_moves_story_says_the_dice_their_faces_and_what_they_did():
    """The seed's worked example: Haster attacks with d8(5) + d6(5); Sharla defends with d4(2),
    d10(6), d6(2): Damage."""
    setup, moves = EXAMPLE["setup"], EXAMPLE["moves"]
    state = replay(setup, moves)
    s, cells, entries = view(state), board(state), journal(setup, moves)
    assert story.move_story(entries[1], s, cells, "es") == "Haster ataca a Sharla con d8 Resistencia (5) + d6 Fortaleza (5) = 10"
    assert story.move_story(entries[2], s, cells, "es") == (
        "Sharla defiende con d4 Fuerza (2) + d10 Resistencia (6) + d6 Sutileza (2) contra 10: Daño")
    assert story.move_story(entries[2], s, cells, "en").endswith("against 10: Damage")
    three = journal(setup, moves[:3])
    state3 = replay(setup, moves[:3])
    said = story.snippet_sentences(three, view(state3), board(state3), "Intercambio 1: Fuerza", "es")
    assert said == ["Sharla defiende con d4 Fuerza (2) + d10 Resistencia (6) + d6 Sutileza (2) contra 10: Daño.",
                    "Ahora: Intercambio 1: Fuerza"]
    post = titled_story("Confrontación: Haster contra Sharla", said, "Abrir", "https://x.test/#t2abc", "bbcode")
    assert post.splitlines() == ["[b]Confrontación: Haster contra Sharla[/b]", said[0], said[1], "[url=https://x.test/#t2abc]Abrir[/url]"]
    assert story.last_move_text([], s, cells, "es") == "Aún no hay movimientos."
    two = journal(setup, moves[:2])             # Haster picks, then attacks: the attack alone tells both
    state2 = replay(setup, moves[:2])
    assert [e.move.kind for e in two] == ["pick", "attack"]
    assert story.last_move_text(two, view(state2), board(state2), "es") == (
        "Último movimiento: Haster ataca a Sharla con d8 Resistencia (5) + d6 Fortaleza (5) = 10")


def test_the_end_says_who_won_which_pain_falls_on_whom_and_what_goes_to_the_sheets():
    setup = example_setup(SEED)      # Spoils: "Haster: Sharla pierde el mapa", "Sharla: Haster queda en deuda con ella"
    log = play_out(setup)
    state = replay(setup, log)
    s = view(state)
    win = s.winner_side
    lines = story.end_lines(s, "es")
    loser_name = s.sides[1 - win]
    assert lines[0] == f"Gana {s.sides[win]}; se rindió el bando {loser_name}."
    pain = "Sharla pierde el mapa" if win == 0 else "Haster queda en deuda con ella"
    other = "Haster queda en deuda con ella" if win == 0 else "Sharla pierde el mapa"
    assert f"que sufre {s.spoils.bearer}: «{pain}»" in lines[1] and other not in " ".join(lines)
    assert lines[-1].startswith("A las fichas:") and "Haster: PV" in lines[-1]
    status = " ".join(story.snippet_sentences(journal(setup, log), s, board(state), "x", "es"))
    assert s.sides[win] in status and pain in status and "A las fichas" not in status
    post = titled_story("t", story.snippet_sentences(journal(setup, log), s, board(state), "x", "es"), "Abrir",
                        "https://x.test/#t2abc", "markdown")
    assert pain in post and "Gana" in post
    info = boardview.info_card(s, "es")
    assert "Renovaciones: quedan" not in info and "puede renovar" not in info
    assert "Lleva el Botín" not in boardview.log_html(s, board(state), "es")


def test_pains_named_by_no_side_are_left_to_the_table_and_ordinary_spoils_give_derrotado_por():
    setup = {**example_setup(SEED), "spoils": ["Una deuda de sangre"]}
    state = replay(setup, play_out(setup))
    s = view(state)
    assert s.spoils.applied == (AppliedPain("Una deuda de sangre", None),)
    assert any("la mesa decide" in line for line in story.end_lines(s, "es"))
    ordinary = {**example_setup(SEED), "spoils": [], "back_down": 1}
    state = replay(ordinary, play_out(ordinary))
    s = view(state)
    assert any(line.startswith("Botín Ordinario:") and "Derrotado por" in line for line in story.end_lines(s, "es"))
    # the Weakness the engine names «Derrotado por X» is "Defeated by X" in the English page (issue #29):
    # the end, the bearer's board and the after-the-fight card; Spanish keeps the seed's term
    bearer = next(p for p, info in enumerate(s.players) if info.weaknesses)
    trait = s.players[bearer].weaknesses[0].trait
    assert trait.startswith("Derrotado por ")
    winner = trait.removeprefix("Derrotado por ")
    english = [" ".join(story.end_lines(s, "en")), boardview.player_board(bearer, s, board(state), "en", set(), []),
               afterview.render(aftermath_view(state), "en")]
    assert all("Derrotado" not in text for text in english), english
    assert all(f"Defeated by {winner}" in text for text in english)
    assert f"«Derrotado por {winner}»" in boardview.player_board(bearer, s, board(state), "es", set(), [])
    assert f"«Derrotado por {winner}»" in afterview.render(aftermath_view(state), "es")
    assert afterview.trait_name("Derrotado por Ana", "Bo", "en") == "Derrotado por Ana"   # a player's own text


def test_nothing_is_said_of_the_end_while_the_confrontation_goes_on():
    state = replay(example_setup(SEED), [])
    assert story.end_lines(view(state), "es") == []
    assert "Renovaciones: quedan" in boardview.info_card(view(state), "es")


def test_a_story_post_keeps_long_sentences_whole_and_escaped():
    long = "Haster queda en deuda con ella " * 10 + "[url=http://evil]x[/url] www.evil.test"
    post = titled_story("T", [long], "Abrir", "https://x.test/#t2abc", "bbcode")
    body = post.splitlines()[1]
    assert "[url=http" not in body and "www.evil" not in body and "Haster queda en deuda con ella " * 2 in body
    assert len(post.splitlines()) == 3
