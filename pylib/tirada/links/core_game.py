"""A game link's first view from the reading core: a Blood Red Sands Confrontation, its Spoils bidding or a
Tragedia scene, replayed on MicroPython before Pyodide is up (issue #41).

A Confrontation or a scene link opened on a phone's first visit used to show the roll form for the
seconds Pyodide takes; the page now shows, within about a second, what the link's game is and where it
stands — who fights whom, whose move it is, or the scene's outcome — recomputed here from the link's
moves exactly as the full page replays them (:func:`tirada.systems.brs.link.open_link`,
:func:`tirada.systems.tragedia.play.from_fragment`; never a result read from the link), and says that
the board is still loading. A link the full page refuses is refused here with the same stable error
code; a link this interpreter cannot read alone (:class:`tirada.portable.NeedsFullEngine`) gives
``state == "full"``, and the page waits for the full engine.

The view holds facts, not sentences, but for the scene's outcome, which is the Tragedia words'
(:func:`tirada.systems.tragedia.snippet.outcome`: the full scene card's verdict line); the page words
the rest with its own catalog (web/index.html ``loading-strings``: ``brs.turn``, ``brs.step.ended``…).
web/core-worker.mjs asks for it instead of a roll's view when the link's frame says it holds a game
(web/link-kind.mjs ``gameKind``), with the games' modules (dist/core-games.bin: this module is one of
:data:`tirada.reading_core.GAME_MODULES`).

Plain Python of the reading core (docs/architecture.md §The reading core): a
:class:`~tirada.portable.Struct`, no dataclasses.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import TiradaError
from ..portable import NeedsFullEngine, Struct
from ..wire.codec import decode_payload

__all__ = ["GAME_KINDS", "GameView", "game_view", "game_view_json"]

#: the link kinds this module replays (docs/link-format.md §3): a Confrontation, a Tragedia scene, a
#: Spoils bidding (web/link-kind.mjs has their codes)
GAME_KINDS = ("brs", "scene", "bid")
#: the states of a :class:`GameView`
STATES = ("verified", "refused", "full")


class GameView(Struct):
    """One game link as the reading core replayed it.

    Fields:
        state: ``"verified"`` (every move replayed); ``"refused"`` (the full page refuses it too, with
            ``code``); ``"full"`` (only the full engine can read it).
        kind: ``"brs"``, ``"scene"`` or ``"bid"``; ``""`` when the link is of no game kind (then refused).
        code, params: the refusal's stable dotted error code and JSON parameters (``""`` / ``{}``).
        sides: a Confrontation's (or its bidding's) two side names, in the setup's order
            (``("Haster (Cronista)", "Sharla")``); ``()`` for a scene.
        turn: the player the Confrontation waits on now, by name (``"Haster"``: the full page's «Turno
            de: Haster», from :func:`tirada.systems.brs.options.now`); a bidding's side to bid (the full
            page's «Puja: Haster (Cronista)»); ``""`` once it has ended and for a scene.
        round, exchange: a Confrontation's Round and its Exchange counted over the whole fight (1…; the
            full page's «Intercambio 3 (Asalto 2)»: the step's ``number`` and ``round``,
            :func:`tirada.systems.brs.options.now`; §The fight: Rounds and Exchanges); 0 for the other kinds.
        moves: how many moves (a Confrontation's), bids or actions (a scene's ledger) were replayed, 0….
        ended: the Confrontation is over (a side Yielded and no choice is owed any more: the full page's
            step ``"ended"``), the bidding closed or the scene decided.
        status: a bidding's ``"open"``, ``"called"`` or ``"backed_down"``
            (:func:`tirada.systems.brs.spoils.bidding_summary`), ``""`` for the other kinds.
        winner: the winning side's name (a Confrontation), ``"protagonist"`` / ``"adversary"`` (a
            decided scene), the side that Backed Down (a bidding ``"backed_down"``), ``""`` otherwise.
        objective: the scene's Objective (its ledger's text), ``""`` for a Confrontation.
        outcome: the scene's outcome in the Tragedia words («Gana el Protagonista: 8 éxitos contra 3»),
            ``""`` before its roll and for a Confrontation.
        refusal: a refused link's reason in words (:func:`tirada.links.mark_words.problem_text`, the
            page's catalog entry: «el enlace está cortado o ha sido modificado…») when the core words
            that code, ``""`` otherwise (the page then says the code).
        lang: ``"es"`` or ``"en"``, the language of ``outcome`` and ``refusal``.
    """

    _fields = ("state", "kind", "code", "params", "sides", "turn", "round", "exchange", "moves", "ended",
               "status", "winner", "objective", "outcome", "refusal", "lang")

    state: str
    kind: str
    code: str
    params: dict
    sides: tuple
    turn: str
    round: int
    exchange: int
    moves: int
    ended: bool
    status: str
    winner: str
    objective: str
    outcome: str
    refusal: str
    lang: str

    def __init__(self, state: str, kind: str = "", code: str = "", params: Any = None, sides: Any = (),
                 turn: str = "", round: int = 0, exchange: int = 0, moves: int = 0, ended: bool = False,
                 status: str = "", winner: str = "", objective: str = "", outcome: str = "", refusal: str = "",
                 lang: str = "es") -> None:
        if state not in STATES:
            raise ValueError("state must be one of " + ", ".join(STATES))
        self._init(state, kind, code, dict(params or {}), tuple(sides), turn, round, exchange, moves,
                   bool(ended), status, winner, objective, outcome, refusal, lang)


def _confrontation(fragment: str, lang: str) -> GameView:
    """A Confrontation link replayed as the full page opens it (web/brs/ui_brs.py ``open_brs_link``)."""
    from ..systems.brs.link import open_link
    from ..systems.brs.options import now

    _setup, moves, state = open_link(fragment)
    step = now(state)            # what the full page's status line says (web/brs/ui_brs_seat.py turn_line)
    ended = step.kind == "ended"
    turn = "" if step.player is None else state.setup.players[step.player].name
    return GameView("verified", "brs", sides=tuple(state.setup.sides), turn=turn, round=step.round,
                    exchange=step.number, moves=len(moves), ended=ended,
                    winner=state.setup.sides[1 - state.loser] if ended and state.loser is not None else "",
                    lang=lang)


def _bidding(fragment: str, lang: str) -> GameView:
    """A Spoils bidding link folded as the full page opens it (web/brs/ui_brs_records.py ``open_bid_link``;
    ../shared/rules/blood-red-sands.md §Before the fight: the Spoils)."""
    from ..systems.brs.bidlink import decode_bid_link

    link = decode_bid_link(fragment)
    sides, state = tuple(link.setup["sides"]), link.state
    return GameView("verified", "bid", sides=sides, turn=sides[state.turn] if state.status == "open" else "",
                    moves=len(link.bids), ended=state.status != "open", status=state.status,
                    winner=sides[state.back_down] if state.status == "backed_down" and state.back_down is not None
                    else "", lang=lang)


def _scene(fragment: str, lang: str) -> GameView:
    """A scene link replayed as the full page opens it (web/tragedia/ui_scene.py ``open_scene_link``)."""
    from ..systems.tragedia import play
    from ..systems.tragedia.scene import replay, scene_view
    from ..systems.tragedia.snippet import outcome

    ledger = play.from_fragment(fragment)
    view = scene_view(replay(ledger))
    decided = view.phase == "decided"
    return GameView("verified", "scene", moves=len(ledger.get("actions") or ()), ended=decided,
                    winner=view.roll.winner if decided and view.roll is not None else "",
                    objective=str(view.objective or ""), outcome=outcome(view, lang), lang=lang)


def game_view(fragment: Any, lang: str = "es") -> GameView:
    """Replay the game link ``fragment`` (bare, ``#…`` or a whole address) for the page's first view.

    Args:
        fragment: the link's fragment; lang: ``"es"`` or ``"en"`` (another value: English).
    Returns:
        :class:`GameView`: ``"verified"`` with the facts above; ``"refused"`` with the code the full
        page refuses it with (a damaged link; a link of another kind: ``link.not_a_game`` with
        ``params["kind"]``; moves that do not replay); ``"full"`` for what needs the full engine. Never
        raises for bad input.
    Rule: docs/link-format.md §3 (kinds), §16 (fair play: recomputed, never read);
    ../shared/rules/blood-red-sands.md §The fight; ../shared/rules/tragedia.md §The scene.
    """
    lang = "es" if lang == "es" else "en"
    try:
        kind, _payload = decode_payload(fragment)
        if kind not in GAME_KINDS:
            return GameView("refused", code="link.not_a_game", params={"kind": str(kind)[:20]}, lang=lang)
        return {"brs": _confrontation, "scene": _scene, "bid": _bidding}[kind](fragment, lang)
    except NeedsFullEngine:
        return GameView("full", lang=lang)
    except TiradaError as err:
        params = err.params if isinstance(err.params, dict) else {}
        return GameView("refused", code=err.code, params=params, refusal=_refusal(err.code, params, lang),
                        lang=lang)


def _refusal(code: str, params: dict, lang: str) -> str:
    """The refusal's words as the page's catalog says them, or ``""`` when only the page words it."""
    from .mark_words import problem_text

    try:
        return problem_text({"code": code, "params": params}, lang)
    except NeedsFullEngine:
        return ""


def game_view_json(fragment: Any, lang: str = "es") -> str:
    """:func:`game_view` as JSON text (what web/core-worker.mjs posts to the page): the fields above,
    tuples as lists."""
    return json.dumps(game_view(fragment, lang).as_dict())
