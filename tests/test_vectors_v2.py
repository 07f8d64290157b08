"""Format-2 test vectors (tests/vectors/fairplay-v2.json; docs/link-format.md §16.7): step seeds,
chain-entry ids, roll links with fresh nonces and explicit positions, and a fair-play Confrontation.

The file holds (format ``tirada-vectors-2``):

* ``steps``: ``{"seed", "segment", "nonce", "step_seed", "first_faces_d6"}``;
* ``entries``: ``{"seq", "prev", "fresh", "id"}``;
* ``rolls_v2``: ``{"name", "link", "fragment", "id", "entries", "result"}`` — encoding ``link`` gives
  ``fragment``, decoding gives ``link``, ``verify`` gives ``entries`` and ``result``;
* ``confrontations_v2``: ``{"name", "setup", "moves", "fragment", "signed", "faces"}`` — the link, the
  signed chain entries and every die face after the last move.

Format-1 vectors (the other files) are untouched and must keep verifying byte for byte.
Regenerate after a deliberate, reviewed change: ``python tests/test_vectors_v2.py --write``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from tirada import systems
from tirada.systems.brs import replay
from tirada.systems.brs.signed import signed_entries
from tirada.systems.brs.link import decode_link as brs_decode, encode_link as brs_link
from tirada.dice import DiceStream
from tirada.fresh import entry_id, step_seed
from tirada.links.chain import link_id, verify
from tirada.wire.codec import decode_payload, encode_payload

FILE = Path(__file__).resolve().parent / "vectors" / "fairplay-v2.json"


def _doc() -> dict:
    return json.loads(FILE.read_text(encoding="utf-8"))


def _params(key: str) -> list:
    if not FILE.exists():   # only while --write creates it; test_every_kind_of_vector_is_there fails then
        return []
    return [pytest.param(case, id=case.get("name", str(i))) for i, case in enumerate(_doc()[key])]


@pytest.mark.parametrize("case", _params("steps"))
def test_step_seed_vector(case):
    seed, nonce = bytes.fromhex(case["seed"]), bytes.fromhex(case["nonce"])
    assert hashlib.sha256(b"tirada2 step" + seed + case["segment"].to_bytes(4, "big") + nonce).hexdigest() \
        == case["step_seed"] == step_seed(seed, case["segment"], nonce).hex()
    stream = DiceStream(bytes.fromhex(case["step_seed"]))
    assert [stream.roll(6) for _ in case["first_faces_d6"]] == case["first_faces_d6"]


@pytest.mark.parametrize("case", _params("entries"))
def test_entry_id_vector(case):
    assert entry_id(case["seq"], case["prev"], bytes.fromhex(case["fresh"])) == case["id"]


@pytest.mark.parametrize("case", _params("rolls_v2"))
def test_roll_v2_vector(case):
    assert encode_payload("roll", case["link"], version=2) == case["fragment"]
    assert decode_payload("#" + case["fragment"]) == ("roll", case["link"])
    assert link_id(case["fragment"]) == case["id"]
    checked = verify(case["fragment"])
    assert checked["entries"] == case["entries"] and checked["result"] == case["result"]
    assert systems.roll(case["link"]["request"]) == case["result"]


@pytest.mark.parametrize("case", _params("confrontations_v2"))
def test_confrontation_v2_vector(case):
    assert brs_link(case["setup"], case["moves"]) == case["fragment"]
    assert brs_decode(case["fragment"]) == (case["setup"], case["moves"])
    assert signed_entries(case["setup"], case["moves"]) == case["signed"]
    assert [d.face for d in replay(case["setup"], case["moves"]).dice] == case["faces"]


def test_every_kind_of_vector_is_there():
    doc = _doc()
    assert doc["format"] == "tirada-vectors-2"
    assert len(doc["steps"]) >= 3 and len(doc["entries"]) >= 3 and len(doc["confrontations_v2"]) >= 1
    rolls = doc["rolls_v2"]
    assert any(r["link"].get("positions") and any(p["seq"] > e["seq"] + 1 for p, e in
               zip(r["link"]["positions"], r["entries"])) for r in rolls)     # a position that skips
    assert any(len(r["link"]["request"]["fresh"]) >= 3 for r in rolls)          # rerolls + explosions
    by = [c for c in doc["confrontations_v2"] if any("by" in (m.get("fresh") or {}) for m in c["moves"])]
    assert by and by[0]["signed"][0]["roller"] == "Bea" and by[0]["signed"][0]["character"] == "Sharla"


# --------------------------------------------------------------------------- generating the file
S1 = "8f14e45fceea167a5a36dedd4bea2543"
CHAIN = {"roller": "Sharla", "campaign": "Arenas Sangrientas", "seq": 7, "prev": "0123456789ab",
         "created": 1796000000}
N = ["8c7fe62892b30371", "424cb4fd41d209ad", "9e8239d562bd158c", "0011223344556677"]
L5R = {"system": "l5r5e", "seed": S1, "ring": 3, "skill": 1, "tn": 3, "stance": "fire", "distinction": True,
       "rerolls": [1, 3], "keep": [0, 2, 3], "label": "Saltar", "fresh": N[:3]}
ROLLS = [
    ("l5r5e rerolls, keep, 2 explosions, chain", L5R, CHAIN, None),
    ("l5r5e the same, unnumbered", L5R, {}, None),
    ("l5r5e a step whose chain number skips (another tab)", L5R, CHAIN,
     [{"seq": 8, "prev": "ID0"}, {"seq": 10, "prev": "5a5a5a5a5a5a"}, {"seq": 11, "prev": "ID2"}]),
    ("sifrp, no decisions: no steps", {"system": "sifrp", "seed": S1, "test_dice": 4, "bonus_dice": 2,
                                       "fresh": []}, CHAIN, None),
    ("tragedia post-loss", {"system": "tragedia", "seed": "0f" * 16, "protagonist_dice": 1, "adversary_dice": 9,
                            "post_loss": {"tragedy_dice": 2, "last_dice": {"protagonist_side": 1,
                                                                           "adversary_side": 0}},
                            "fresh": [N[3]]}, {"roller": "Ana", "seq": 1}, None),
]


def _positions(request: dict, chain: dict, spec: list | None) -> list | None:
    """Explicit positions: "ID<k>" stands for the id of entry k (computed)."""
    if spec is None:
        return None
    ids = [entry_id(chain["seq"], chain["prev"], bytes.fromhex(request["seed"]))]
    out = []
    for k, pos in enumerate(spec):
        prev = ids[int(pos["prev"][2:])] if pos["prev"].startswith("ID") else pos["prev"]
        out.append({"seq": pos["seq"], "prev": prev})
        ids.append(entry_id(pos["seq"], prev, bytes.fromhex(request["fresh"][k])))
    return out


def write_vectors() -> None:
    """Regenerate tests/vectors/fairplay-v2.json from the current engine (reviewed changes only)."""
    steps = []
    for seed, segment, nonce in ((S1, 1, N[0]), (S1, 2, N[1]), ("ff" * 32, 7, N[3])):
        raw = step_seed(bytes.fromhex(seed), segment, bytes.fromhex(nonce))
        stream = DiceStream(raw)
        steps.append({"name": f"{seed[:8]} segment {segment}", "seed": seed, "segment": segment, "nonce": nonce,
                      "step_seed": raw.hex(), "first_faces_d6": [stream.roll(6) for _ in range(12)]})
    entries = [{"seq": seq, "prev": prev, "fresh": fresh, "id": entry_id(seq, prev, bytes.fromhex(fresh))}
               for seq, prev, fresh in ((1, None, S1), (8, "0123456789ab", N[0]), (1000000000, "ffffffffffff", N[3]))]
    rolls = []
    for name, request, chain, spec in ROLLS:
        link = {"format": 2, "request": request, **chain}
        positions = _positions(request, chain, spec)
        if positions is not None:
            link["positions"] = positions
        link = decode_payload(encode_payload("roll", link, version=2))[1]
        fragment = encode_payload("roll", link, version=2)
        checked = verify(fragment)
        rolls.append({"name": name, "link": link, "fragment": fragment, "id": link_id(fragment),
                      "entries": checked["entries"], "result": checked["result"]})
    from tirada.systems.brs.example import example_setup

    setup = {**example_setup("00112233445566778899aabbccddeeff"), "version": 2, "campaign": "Arenas"}
    setup = brs_decode(brs_link(setup, []))[0]
    moves = [{"move": "advantage", "die": 9, "fresh": {"nonce": N[0], "seq": 3, "prev": "0123456789ab"}},
             {"move": "pick", "attacker": 0, "target": 1}]
    fragment = brs_link(setup, moves)
    confrontations = [{"name": "Haster vs Sharla, Sharla spends Advantage", "setup": setup, "moves": moves,
                       "fragment": fragment, "signed": signed_entries(setup, moves),
                       "faces": [d.face for d in replay(setup, moves).dice]}]
    # link-format.md §16.6.1: the same move numbered in the chain of Bea, who plays Sharla
    moves = [{**moves[0], "fresh": {**moves[0]["fresh"], "by": "Bea"}}, moves[1]]
    confrontations.append({"name": "the same, Sharla's move numbered in Bea's chain (fresh.by)", "setup": setup,
                           "moves": moves, "fragment": brs_link(setup, moves), "signed": signed_entries(setup, moves),
                           "faces": [d.face for d in replay(setup, moves).dice]})
    doc = {"format": "tirada-vectors-2", "steps": steps, "entries": entries, "rolls_v2": rolls,
           "confrontations_v2": confrontations}
    FILE.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__" and "--write" in sys.argv:
    write_vectors()
