"""Link vectors of every kind that is not a plain roll (tests/vectors/links.json): GM requests,
chain hand-overs, Tragedia scenes, Confrontations and Spoils biddings, next to the roll vectors of
the other files.

Each case is ``{"name", "kind", "source": what was encoded, "fragment": "t1…"/"t2…"}``. Encoding
``source`` again must give ``fragment`` byte for byte (a change of any layout shows here), the
router must read ``kind`` from its head (``peek_kind``), and decoding it must give ``source`` back.
tests/e2e/test_every_link.py opens every fragment of every vector file in a fresh phone-sized
browser.

Regenerate after a deliberate change (review the diff!): ``python tests/test_vectors_links.py --write``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tirada.links.chain import ChainState
from tirada.links.gm_request import decode_request, encode_request
from tirada.links.handover import decode_handover, encode_handover
from tirada.wire.request_layout import new_request
from tirada.links.roll_link import peek_kind
from tirada.systems.brs.bidlink import decode_bid_link, encode_bid_link
from tirada.systems.brs.link import decode_link, encode_link
from tirada.systems.tragedia.play import EXAMPLE, act, from_fragment, start, to_fragment

ROOT = Path(__file__).resolve().parents[1]
FILE = ROOT / "tests" / "vectors" / "links.json"
SEED = "8f14e45fceea167a5a36dedd4bea2543"


def _scene(actions: list, schema: int = 1) -> dict:
    """The rule file's example scene after ``actions``; schema 2 signs its rolls at fixed chain
    positions (Corvo's nº 5 after entry 0123456789ab, then nº 6 after that roll's entry)."""
    ledger = start({**EXAMPLE, **({"campaign": "Arenas Sangrientas"} if schema == 2 else {})}, schema=schema)
    positions = iter([{"seq": 5, "prev": "0123456789ab"}, {"seq": 6, "prev": "c0ffee123456"}])
    for action in actions:
        ledger = act(ledger, action, seed=SEED, commit=lambda _who, _seed: next(positions))
    return ledger


def _sources() -> list:
    """Every case's ``(name, kind, source)``: what the engine encodes (deterministic: fixed ids,
    seeds and dates)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from helpers.tragedia import SEED_ACTIONS

    brs = json.loads((ROOT / "docs" / "examples" / "brs-haster-sharla.json").read_text("utf-8"))
    setup = {k: v for k, v in brs["setup"].items() if k != "faces"}
    setup["seed"] = SEED       # a shared Confrontation rolls from a seed (typed faces stay local)
    return [
        ("request: SIFRP, fixed dice, for Sharla", "request",
         new_request("sifrp", {"test_dice": 4, "bonus_dice": {"min": 0, "max": 2}, "difficulty": 9},
                     "Trepar la muralla", "Sharla", campaign="Arenas Sangrientas", created=1796000000,
                     request_id="00112233445566778899aabb"[:16])),
        ("request: L5R, bounded skill", "request",
         new_request("l5r5e", {"ring": 3, "skill": {"min": 0, "max": 3}, "tn": 2}, "Atletismo",
                     request_id="a1b2c3d4e5f60718")),
        ("request: generic roll", "request",
         new_request("generic", {"dice": 2, "sides": 20}, request_id="0f0e0d0c0b0a0908")),
        ("hand-over: Sharla at nº 7", "chain",
         {"state": ["Sharla", "Arenas Sangrientas", 7, "0123456789ab"], "created": 1796000000}),
        ("scene: the rule file's example, gathering", "scene", _scene(SEED_ACTIONS[:2])),
        ("scene: the rule file's example, decided", "scene", _scene(SEED_ACTIONS + [{"roll": "final"}])),
        ("scene: signed rolls (schema 2), the final roll by Corvo", "scene",
         _scene(SEED_ACTIONS + [{"roll": "final", "by": "Corvo"}], schema=2)),
        ("confrontation: Haster against Sharla (docs/examples), seeded, before any move", "brs",
         {"setup": setup, "moves": []}),
        ("confrontation: fair play, the start signed by Haster's chain (nº 3), before any move", "brs",
         {"setup": {**setup, "version": 2, "campaign": "Arenas Sangrientas",
                    "start": {"roller": "Haster", "seq": 3, "prev": "0123456789ab"}}, "moves": []}),
        ("bid: the Spoils of Haster against Sharla after two Pains, Haster to bid", "bid",     # as the page
         {"setup": decode_bid_link(encode_bid_link({**setup, "version": 2}, [])).setup,   # makes it: no seed
          "bids": [{"act": "pain", "text": "Sharla pierde el mapa"},
                   {"act": "pain", "text": "Haster queda en deuda con ella"}]}),
    ]


def encode(kind: str, source: dict) -> str:
    """The fragment of one case's ``source``."""
    if kind == "request":
        return encode_request(source)
    if kind == "chain":
        return encode_handover(ChainState(*source["state"]), created=source["created"])
    if kind == "scene":
        return to_fragment(source)
    if kind == "bid":
        return encode_bid_link(source["setup"], source["bids"])
    return encode_link(source["setup"], source["moves"])


def decode(kind: str, fragment: str):
    """What decoding a case's fragment gives, in the shape of its ``source``."""
    if kind == "request":
        return decode_request(fragment)
    if kind == "chain":
        state, created = decode_handover(fragment)
        return {"state": [state.roller, state.campaign, state.seq, state.last], "created": created}
    if kind == "scene":
        return from_fragment(fragment)
    if kind == "bid":
        link = decode_bid_link(fragment)
        return {"setup": link.setup, "bids": link.bids}
    return decode_link(fragment)


def _cases() -> list:
    doc = json.loads(FILE.read_text("utf-8"))
    return [pytest.param(case, id=case["name"]) for case in doc["links"]]


@pytest.mark.parametrize("case", _cases())
def test_link_vector(case):
    assert encode(case["kind"], case["source"]) == case["fragment"]
    assert peek_kind(case["fragment"]) == case["kind"]
    decoded = decode(case["kind"], case["fragment"])
    if case["kind"] == "brs":
        setup, moves = decoded
        assert len(moves) == len(case["source"]["moves"])
        assert encode_link(setup, moves) == case["fragment"]
    else:
        assert json.loads(json.dumps(decoded)) == case["source"]


def test_every_link_kind_has_a_vector():
    kinds = {case.values[0]["kind"] for case in _cases()}
    assert kinds == {"request", "chain", "scene", "brs", "bid"}


@pytest.mark.skipif(sys.platform == "emscripten", reason="regeneration is a CPython chore")
def test_the_file_is_what_the_engine_makes():
    """The sources give these fragments now (the file was not edited by hand)."""
    made = [{"name": n, "kind": k, "fragment": encode(k, s)} for n, k, s in _sources()]
    stored = [{k: c[k] for k in ("name", "kind", "fragment")} for c in json.loads(FILE.read_text("utf-8"))["links"]]
    assert made == stored


def write_vectors() -> None:
    """Regenerate tests/vectors/links.json from the current engine (reviewed changes only)."""
    links = [{"name": n, "kind": k, "source": json.loads(json.dumps(s)), "fragment": encode(k, s)}
             for n, k, s in _sources()]
    doc = {"format": "tirada-vectors-1", "links": links}
    FILE.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if "--write" in sys.argv:
        write_vectors()
