"""A game link's first view from the reading core (:mod:`tirada.links.core_game`, issue #41) says what the
full page says once it has opened the link: for every Confrontation and Tragedia scene link of
tests/vectors/, and for a Confrontation played to its end, the same sides, Round, Exchange, whose turn
(the full page's «Turno de: …», web/brs/ui_brs_seat.py ``turn_line``: :func:`tirada.systems.brs.options.now`)
and winner as the engine's own summary (:func:`tirada.systems.brs.report.summary`), and a scene's outcome in
the words of the full scene card's verdict (:func:`tirada.systems.tragedia.snippet.outcome` of
:func:`tirada.systems.tragedia.play.view`); every refusal carries the code the full page refuses the link
with. (MicroPython gives the same bytes: tests/test_reading_core.py.)
"""

from __future__ import annotations

import json

import pytest

from tirada.errors import TiradaError
from tirada.links.core_game import GameView, game_view, game_view_json
from tirada.systems.brs.bidlink import decode_bid_link, encode_bid_link
from tirada.systems.brs.spoils import bidding_summary
from tirada.systems.brs.link import encode_link, open_link
from tirada.systems.brs.options import now
from tirada.systems.brs.report import summary
from tirada.systems.tragedia import play
from tirada.systems.tragedia.snippet import outcome

from helpers.brs import big_setup, play_out
from helpers.link_cases import vector_fragments

GAMES = [(name, fragment) for _stem, name, fragment in vector_fragments()
         if name and (name.startswith(("confrontation:", "scene:")) or "Haster vs Sharla" in name
                      or "Sharla's move numbered" in name)]


def test_every_game_vector_is_here():
    kinds = [name.split(":")[0] for name, _ in GAMES]
    assert kinds.count("confrontation") == 2 and kinds.count("scene") == 3 and len(GAMES) == 7


def _ended_confrontation() -> str:
    setup = big_setup(traits=2)
    moves = play_out(setup)
    return encode_link(setup, moves)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize(("name", "fragment"), GAMES + [("a Confrontation played to its end", _ended_confrontation())])
def test_a_game_link_is_replayed_as_the_full_page_opens_it(name, fragment, lang):
    view = game_view(fragment, lang)
    assert view.state == "verified" and view.lang == lang and view.code == "", name
    if view.kind == "brs":
        _setup, moves, state = open_link(fragment)
        said = summary(state)
        assert view.sides == tuple(state.setup.sides) and view.moves == len(moves)
        step = now(state)                  # the full page's status line (web/brs/ui_brs_seat.py turn_line)
        assert (view.round, view.exchange) == (step.round, step.number)
        assert view.ended == (step.kind == "ended") and (not view.ended or said["status"] == "ended")
        assert view.winner == ("" if not view.ended else said["winner"])
        assert view.turn == ("" if step.player is None else state.setup.players[step.player].name)
        assert view.objective == view.outcome == ""
        if name == "a Confrontation played to its end":
            assert view.ended and view.winner in view.sides and view.turn == ""
        else:
            assert not view.ended and view.turn == "Haster"
    else:
        assert view.kind == "scene" and view.sides == () and view.turn == ""
        ledger = play.from_fragment(fragment)
        page = play.view(ledger)
        assert view.outcome == outcome(page, lang) and view.objective == page.objective
        assert view.moves == len(ledger["actions"])
        assert view.ended == ("gathering" not in name)
        assert view.winner == ("" if "gathering" in name else "protagonist")
        if view.ended:
            assert view.outcome.startswith("Gana el Protagonista" if lang == "es" else "The Protagonist wins")
        else:
            assert view.outcome == ""


def test_every_position_of_whole_games_is_said_as_the_full_page_says_it():
    """Every position of whole Confrontations the test bot plays (two set-ups, Yields with choices still
    owed after them among them): the turn, the Exchange over the whole fight, the Round and whether it
    has ended are the full page's step (options.now), never the Round's own Exchange count."""
    seen_owed = seen_late = 0
    for traits in (2, 3):
        setup = big_setup(traits=traits)
        moves = play_out(setup)
        for k in range(len(moves) + 1):
            fragment = encode_link(setup, moves[:k])
            view = game_view(fragment, "es")
            _setup, _moves, state = open_link(fragment)
            step = now(state)
            assert (view.exchange, view.round, view.ended) == (step.number, step.round, step.kind == "ended"), k
            assert view.turn == ("" if step.player is None else state.setup.players[step.player].name), k
            seen_owed += state.loser is not None and step.kind != "ended"
            seen_late += view.exchange != state.exchange
    assert seen_owed and seen_late          # the two cases the Round's own fields said wrongly


def _damaged(fragment: str) -> list:
    middle = len(fragment) // 2
    return [fragment[:-6], fragment[:middle] + ("A" if fragment[middle] != "A" else "B") + fragment[middle + 1:],
            "t9" + fragment[2:]]


@pytest.mark.parametrize(("name", "fragment"), GAMES)
def test_a_damaged_game_link_is_refused_with_the_full_pages_code(name, fragment):
    for bad in _damaged(fragment):
        opened = open_link if name.startswith(("confrontation", "Haster", "the same")) else play.from_fragment
        with pytest.raises(TiradaError) as err:
            opened(bad)
        view = game_view(bad, "es")
        assert (view.state, view.code) == ("refused", err.value.code), (name, bad[:20])
        assert view.code and view.sides == () and view.outcome == ""
        assert view.refusal == "el enlace está cortado o ha sido modificado: vuelve a copiar el enlace completo del mensaje" \
            or view.code != "link.cut_or_changed"


def test_a_confrontation_whose_moves_do_not_replay_is_refused_with_the_engines_code():
    fragment = dict(GAMES)["confrontation: Haster against Sharla (docs/examples), seeded, before any move"]
    setup, _moves, _state = open_link(fragment)
    bad = encode_link(setup, [{"move": "pick", "attacker": 1, "target": 1}])    # a player cannot attack their own side
    with pytest.raises(TiradaError) as err:
        open_link(bad)
    view = game_view(bad, "en")
    assert view.state == "refused" and view.code == err.value.code and view.code.startswith(("brs.", "move."))


BID = next(f for _s, n, f in vector_fragments() if n and n.startswith("bid:"))


@pytest.mark.parametrize(("extra", "status"), [([], "open"), ([{"act": "call"}], "called"),
                                               ([{"act": "back_down"}], "backed_down")])
def test_a_bidding_link_is_folded_as_the_full_page_opens_it(extra, status):
    """The vector's bidding (two Pains, Haster to bid), then Called, then Backed Down by Haster's side:
    the side to bid and how it closed are the engine's (spoils.bidding_summary)."""
    link = decode_bid_link(BID)
    fragment = encode_bid_link(link.setup, list(link.bids) + extra) if extra else BID
    opened = decode_bid_link(fragment)
    said = bidding_summary(opened.state, tuple(opened.setup["sides"]))
    view = game_view(fragment, "es")
    assert (view.state, view.kind, view.status) == ("verified", "bid", status) and said["status"] == status
    assert view.sides == ("Haster (Cronista)", "Sharla") and view.moves == 2 + len(extra)
    assert view.turn == (said["turn"] or "") and view.ended == (status != "open")
    assert view.turn == ("Haster (Cronista)" if status == "open" else "")
    assert view.winner == (said["back_down"] or "") == ("Haster (Cronista)" if status == "backed_down" else "")
    with pytest.raises(TiradaError) as err:
        decode_bid_link(BID[:-6])
    assert (game_view(BID[:-6]).state, game_view(BID[:-6]).code) == ("refused", err.value.code)


def test_a_link_of_another_kind_is_no_game():
    roll = next(f for _s, n, f in vector_fragments() if n == "4D+2B vs 9")
    assert game_view(roll, "es") == GameView("refused", code="link.not_a_game", params={"kind": "roll"}, lang="es")
    assert game_view("", "es").state == "refused" and game_view("", "es").code
    assert game_view(None, "fr").lang == "en"          # another language: English, as the page's words


def test_the_json_is_the_views_fields():
    fragment = GAMES[0][1]
    assert json.loads(game_view_json(fragment, "es")) == json.loads(json.dumps(game_view(fragment, "es").as_dict()))
    with pytest.raises(ValueError):
        GameView("rolled")
