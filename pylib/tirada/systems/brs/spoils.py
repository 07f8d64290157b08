"""Blood Red Sands, before the fight: the Spoils bidding (*el Botín de guerra*) and the Challenge.

Rules: ../shared/rules/blood-red-sands.md §Before the fight: the Spoils; seed
``000_95455a330fc0ceb0.txt`` "El Botín de guerra", "Retractarse y el Botín Ordinario", "Ver la puja".

A bidding is its own record, kept apart from the Confrontation (opt-in: a Confrontation link and
its replay never read it). Its result fills the setup's ``spoils``, ``stipulations`` and
``back_down`` (docs/brs-format.md), which is all the fight needs. JSON shape::

    {"bids": [{"act": "pain", "text": "…"}, {"act": "stipulation", "text": "…"},
              {"act": "reduce", "pain": 0, "text": "…"}, {"act": "back_down"},
              {"act": "challenge", "note": "…"}, {"act": "call"}]}

Who bids is implied (like the moves of a Confrontation): side 0 (the Chronicler) first, then the
sides alternate. Acts [seed]: ``pain`` (name a new Pain the opponent suffers on losing),
``stipulation`` (a new Stipulation for the fight), ``reduce`` (a smaller version of a Pain the
opponent named against you), ``back_down`` (all Pain and Stipulations discarded: Ordinary Spoils),
``call`` (accept the Spoils as they stand: the fight starts). ``challenge``: right after a Back Down,
the other players block it (the seed: against a player who Backs Down habitually, when the Spoils
are reasonable); the side that backed down must bid again.

[decision] (docs/brs-spoils.md): the opening bid names a Pain (the seed: the Chronicler "debería
escoger una de ellas como su puja inicial"); whether a Back Down is habitual and the Spoils reasonable
is the table's judgement (the tool allows a Challenge after any Back Down and records the reason);
a side whose Back Down was challenged may not Back Down again in the same bidding.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import IllegalMove, InvalidRequest
from ...fields import reject_unknown
from ...names import check_name
from ...portable import Struct
from .config import MAX_TEXT, RULE_SPOILS

__all__ = ["ACTS", "MAX_BID_TEXT", "MAX_PAIN_TEXT", "Bidding", "bid", "bidding_from_dict", "bidding_summary", "setup_fields"]

#: the acts of a bidding turn, in the seed's order, plus the Challenge.
ACTS = ("pain", "stipulation", "reduce", "back_down", "call", "challenge")
#: the longest text of a bid: a Stipulation or a Challenge's reason goes to the setup as it is (at
#: most ``MAX_TEXT * 4``); a Pain goes as ``"<side>: <text>"``, so it leaves room for a side's name
#: (at most ``MAX_TEXT``) and ``": "`` — a Pain the bidding takes always fits the setup's Spoils.
MAX_BID_TEXT = MAX_TEXT * 4
MAX_PAIN_TEXT = MAX_TEXT * 4 - MAX_TEXT - 2
MAX_BIDS = 40
MAX_ITEMS = 20


class Bidding(Struct):
    """The bidding so far (frozen; :func:`bid` returns a new one).

    ``turn``: the side (0 = Chronicler, 1 = the other side) to bid next; ``pains``: ``({"by": side,
    "text": str, "was": (older texts…)}, …)`` (a Pain by side s is suffered by side 1 − s if it
    loses); ``stipulations``: ``({"by": side, "text": str}, …)``; ``status``: ``"open"`` |
    ``"called"`` | ``"backed_down"``; ``back_down``: the side that Backed Down (while it stands, or
    at the end) or ``None``; ``challenged``: sides whose Back Down was Challenged; ``log``: the bids
    applied, each with its ``side``.
    """

    _fields = ("turn", "pains", "stipulations", "status", "back_down", "challenged", "log")
    turn: int
    pains: tuple
    stipulations: tuple
    status: str
    back_down: int | None
    challenged: tuple
    log: tuple

    def __init__(self, turn: int = 0, pains: tuple = (), stipulations: tuple = (), status: str = "open",
                 back_down: int | None = None, challenged: tuple = (), log: tuple = ()) -> None:
        self._init(turn, pains, stipulations, status, back_down, challenged, log)


def _text(b: Mapping, name: str = "text", required: bool = True, most: int = MAX_BID_TEXT) -> str:
    text = check_name(b.get(name), name, most, required=False) or ""
    if required and not text:
        raise InvalidRequest("is required", field=name, rule=RULE_SPOILS, code="field.required")
    return text


def bid(state: Bidding, b: Any) -> Bidding:
    """Apply one bid ``{"act", "text"?, "pain"?, "note"?}`` for the side whose turn it is.

    Raises:
        InvalidRequest: not an object, unknown act or field, missing text, a text too long (a Pain
        at most :data:`MAX_PAIN_TEXT` characters, other texts :data:`MAX_BID_TEXT`), too many bids.
        IllegalMove: the bidding is over (``brs.bid_closed``); the opening bid is not a Pain
        (``brs.bid_open_pain``); ``reduce`` of no Pain the opponent named against you
        (``brs.bid_reduce_target``) or with the same text (``brs.bid_reduce_same``); a Challenge not
        right after a Back Down (``brs.bid_challenge_when``); a second Back Down after a Challenge
        (``brs.bid_challenged``); too many Pains or Stipulations (``brs.bid_too_many``).
    """
    if not isinstance(b, Mapping) or b.get("act") not in ACTS:
        raise InvalidRequest(f"a bid is an object with an act among {', '.join(ACTS)}", field="act",
                             rule=RULE_SPOILS, code="brs.bid_act", params={"choices": ", ".join(ACTS)})
    act = b["act"]
    reject_unknown(b, {"act", "text", "pain", "note", "side"}, "bid")
    if len(state.log) >= MAX_BIDS:
        raise InvalidRequest(f"a bidding has at most {MAX_BIDS} bids", field="bids", rule=RULE_SPOILS,
                             code="brs.bid_count", params={"n": MAX_BIDS})
    if act == "challenge":
        if state.status != "backed_down" or not state.log or state.log[-1]["act"] != "back_down":
            raise IllegalMove("a Challenge answers a Back Down, right after it", field="act", rule=RULE_SPOILS, code="brs.bid_challenge_when")
        backer = state.back_down if state.back_down is not None else state.turn
        note = {"act": act, "side": 1 - backer, "note": _text(b, "note", required=False)}
        return state.replace(status="open", back_down=None, turn=backer,
                       challenged=state.challenged + (backer,), log=state.log + (note,))
    if state.status != "open":
        raise IllegalMove("the bidding is over: the Spoils were called or a side Backed Down", field="act", rule=RULE_SPOILS, code="brs.bid_closed")
    side = state.turn
    if "side" in b and b["side"] != side:
        raise IllegalMove(f"it is side {side}'s turn to bid", field="act", rule=RULE_SPOILS, code="brs.bid_turn", params={"side": side})
    if not state.log and act != "pain":
        raise IllegalMove("the Chronicler opens the bidding by naming a Pain", field="act", rule=RULE_SPOILS, code="brs.bid_open_pain")
    entry: dict = {"act": act, "side": side}
    nxt = state.replace(turn=1 - side)
    if act in ("pain", "stipulation"):
        items = state.pains if act == "pain" else state.stipulations
        if len(items) >= MAX_ITEMS:
            raise IllegalMove(f"at most {MAX_ITEMS} of them", field="act", rule=RULE_SPOILS, code="brs.bid_too_many", params={"n": MAX_ITEMS})
        entry["text"] = _text(b, most=MAX_PAIN_TEXT if act == "pain" else MAX_BID_TEXT)
        if act == "pain":
            nxt = nxt.replace(pains=state.pains + ({"by": side, "text": entry["text"], "was": ()},))
        else:
            nxt = nxt.replace(stipulations=state.stipulations + ({"by": side, "text": entry["text"]},))
    elif act == "reduce":
        k = b.get("pain")
        if type(k) is not int or not 0 <= k < len(state.pains) or state.pains[k]["by"] == side:
            raise IllegalMove("reduce a Pain your opponent named against you", field="act", rule=RULE_SPOILS, code="brs.bid_reduce_target")
        entry["pain"], entry["text"] = k, _text(b, most=MAX_PAIN_TEXT)
        old = state.pains[k]
        if entry["text"] == old["text"]:
            raise IllegalMove("the reduced Pain must say something different", field="act", rule=RULE_SPOILS, code="brs.bid_reduce_same")
        pains = list(state.pains)
        pains[k] = {"by": old["by"], "text": entry["text"], "was": old["was"] + (old["text"],)}
        nxt = nxt.replace(pains=tuple(pains))
    elif act == "back_down":
        if side in state.challenged:
            raise IllegalMove("this side's Back Down was Challenged: it must raise or call", field="act", rule=RULE_SPOILS, code="brs.bid_challenged")
        nxt = state.replace(status="backed_down", back_down=side)
    else:  # call
        nxt = state.replace(status="called")
    return nxt.replace(log=state.log + (entry,))


def bidding_from_dict(data: Any) -> Bidding:
    """Fold ``{"bids": [...]}`` (module docstring) into a :class:`Bidding`.

    Raises:
        InvalidRequest / IllegalMove: as :func:`bid`, with ``field`` ``bids[k]…``.
    """
    if not isinstance(data, Mapping):
        raise InvalidRequest("a bidding is a JSON object {bids}", field="bidding", code="brs.bidding_object")
    reject_unknown(data, {"bids"}, "bidding")
    bids = data.get("bids") or []
    if not isinstance(bids, list):
        raise InvalidRequest("must be a list of bids", field="bids", code="brs.bidding_object")
    state = Bidding()
    for k, b in enumerate(bids):
        try:
            state = bid(state, b)
        except (InvalidRequest, IllegalMove) as err:
            raise type(err)(f"bid {k}: {err.message}", field=f"bids[{k}].{err.field}", rule=err.rule,
                            code=err.code, params=err.params) from None
    return state


def setup_fields(state: Bidding, sides: tuple = ("Chronicler", "Players")) -> dict:
    """The setup's ``{"spoils", "stipulations", "back_down"}`` from a finished bidding.

    After a Call: every Pain as ``"<side that named it>: <text>"`` and every Stipulation; after a
    Back Down: no Pain, no Stipulation and ``back_down`` = that side (Ordinary Spoils: "Todo el dolor y
    Estipulaciones establecidas como botín se descartan").

    Raises:
        IllegalMove: the bidding is still open (``brs.bid_open``).
    """
    if state.status == "open":
        raise IllegalMove("the bidding is still open: Call or Back Down first", field="bids", rule=RULE_SPOILS,
                          code="brs.bid_open")
    if state.status == "backed_down":
        return {"spoils": [], "stipulations": [], "back_down": state.back_down}
    return {"spoils": [f"{sides[p['by']]}: {p['text']}" for p in state.pains],
            "stipulations": [s["text"] for s in state.stipulations], "back_down": None}


def bidding_summary(state: Bidding, sides: tuple = ("Chronicler", "Players")) -> dict:
    """JSON for the CLI and the page: ``status``, ``turn`` (side to bid, ``None`` when over),
    ``pains`` (``by`` side name, ``suffered_by``, ``text``, ``was``), ``stipulations``, ``back_down``
    (side name or ``None``), ``challenged`` (side names), ``ordinary`` (Ordinary Spoils), ``log``,
    ``legal`` (the acts open now) and ``setup`` (:func:`setup_fields`, once over)."""
    if state.status == "open":
        legal = ["pain"] if not state.log else [
            a for a in ("pain", "stipulation", "reduce", "back_down", "call")
            if (a != "reduce" or any(p["by"] != state.turn for p in state.pains))
            and (a != "back_down" or state.turn not in state.challenged)]
    else:
        legal = ["challenge"] if state.status == "backed_down" and state.log[-1]["act"] == "back_down" else []
    return {
        "status": state.status, "turn": sides[state.turn] if state.status == "open" else None,
        "turn_side": state.turn if state.status == "open" else None,
        "pains": [{"by": sides[p["by"]], "suffered_by": sides[1 - p["by"]], "text": p["text"], "was": list(p["was"])}
                  for p in state.pains],
        "stipulations": [{"by": sides[s["by"]], "text": s["text"]} for s in state.stipulations],
        "back_down": None if state.back_down is None else sides[state.back_down],
        "challenged": [sides[s] for s in state.challenged],
        "ordinary": state.status == "backed_down",
        "log": [dict(e) for e in state.log], "legal": legal,
        "setup": None if state.status == "open" else setup_fields(state, sides),
    }
