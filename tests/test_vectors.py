"""Test vectors (tests/vectors/*.json): exact dice, results and links for other implementations.

Every ``tests/vectors/*.json`` file is loaded (paths relative to this file, so the same test runs in
Pyodide). A file holds ``rolls`` and/or ``streams``:

* ``rolls``: ``{"name", "link": roll-link dict, "fragment": "t1…", "id": 12 hex, "result": dict}``;
  the WHOLE result of ``tirada.systems.roll(link["request"])`` must equal ``result``, encoding
  ``link`` must give ``fragment`` exactly, decoding ``fragment`` must give ``link`` back, and
  ``verify`` must recompute the same result.
* ``streams``: ``{"seed", "first_block", "sides", "faces"}``: the first faces drawn from a fresh
  stream for each die size, checked against both :class:`tirada.dice.DiceStream` and the
  independent reference below (written from docs/link-format.md §Dice, not from dice.py).

Regenerate after a deliberate change (review the diff!): ``python tests/test_vectors.py --write``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from tirada import systems
from tirada.dice import DiceStream
from tirada.links.chain import link_id, verify
from tirada.wire.codec import decode_payload, encode_payload

HERE = Path(__file__).resolve().parent / "vectors"
FILES = sorted(HERE.glob("*.json"))


def reference_faces(seed_hex: str, sides: int, count: int) -> list:
    """sha256-ctr-v1 from the spec: words = SHA-256(seed || u64be(i)) as big-endian u32s; reject
    ``w >= 2**32 - 2**32 % n``; face = w % n + 1."""
    seed, faces, block = bytes.fromhex(seed_hex), [], 0
    limit = 2 ** 32 - 2 ** 32 % sides
    while len(faces) < count:
        digest = hashlib.sha256(seed + block.to_bytes(8, "big")).digest()
        block += 1
        for k in range(8):
            word = int.from_bytes(digest[4 * k:4 * k + 4], "big")
            if word < limit and len(faces) < count:
                faces.append(word % sides + 1)
    return faces


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _cases(key: str) -> list:
    return [pytest.param(case, id=f"{path.stem}:{case['name']}") for path in FILES
            for case in _load(path).get(key, [])]


def test_vector_files_cover_every_system_and_the_stream():
    systems_seen = {case.values[0]["link"]["request"]["system"] for case in _cases("rolls")}
    assert {"generic", "sifrp"} <= systems_seen
    assert len(_cases("streams")) >= 12


@pytest.mark.parametrize("case", _cases("rolls"))
def test_roll_vector(case):
    request = case["link"]["request"]
    assert systems.roll(request) == case["result"]
    assert encode_payload("roll", case["link"]) == case["fragment"]
    assert decode_payload("#" + case["fragment"]) == ("roll", case["link"])
    assert link_id(case["fragment"]) == case["id"]
    assert verify(case["fragment"])["result"] == case["result"]


@pytest.mark.parametrize("case", _cases("streams"))
def test_stream_vector(case):
    assert hashlib.sha256(bytes.fromhex(case["seed"]) + bytes(8)).hexdigest() == case["first_block"]
    stream = DiceStream(case["seed"])
    assert [stream.roll(case["sides"]) for _ in case["faces"]] == case["faces"]
    assert reference_faces(case["seed"], case["sides"], len(case["faces"])) == case["faces"]


# --------------------------------------------------------------------------- generating the files
S1, S2 = "8f14e45fceea167a5a36dedd4bea2543", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
CHAIN = {"roller": "Sharla", "campaign": "Arenas Sangrientas", "seq": 7, "prev": "0123456789ab",
         "created": 1796000000}
ROLLS = {
    "generic": [
        ("1d6", {"dice": 1, "sides": 6}, {}),
        ("3d20 keep 1 +5 vs 15, chain", {"dice": 3, "sides": 20, "keep": 1, "modifier": 5, "difficulty": 15,
                                         "label": "Ataque"}, CHAIN),
        ("4d6 keep 3", {"dice": 4, "sides": 6, "keep": 3}, {"roller": "Bob", "seq": 1, "created": 0}),
        ("2d20 keep lowest", {"dice": 2, "sides": 20, "keep": 1, "keep_lowest": True}, {}),
        ("10d10 -3 vs 40", {"dice": 10, "sides": 10, "modifier": -3, "difficulty": 40}, {}),
        ("5d100 32-byte seed", {"dice": 5, "sides": 100}, {"seed": S2}),
        ("3d1000 unicode label", {"dice": 3, "sides": 1000, "label": "¡Tirada! 🎲 שלום"}, {"roller": "Ñoño"}),
        # dice notation (docs/notation.md): exploding dice and several rolls in one link
        ("notation 3d4!k3+1 exploding", {"dice": 3, "sides": 4, "explode": True, "keep": 3, "modifier": 1}, {}),
        ("notation 1d20+5; 2d6+3", {"rolls": [{"dice": 1, "sides": 20, "modifier": 5},
                                              {"dice": 2, "sides": 6, "modifier": 3}]}, CHAIN),
        # dice groups (issue 28; written before they were listed here: --write keeps their bytes)
        ("notation 1d8+2d6kh1-1d4!+3 vs 7 (dice groups)",
         {"groups": [{"dice": 1, "sides": 8}, {"dice": 2, "sides": 6, "keep": 1},
                     {"dice": 1, "sides": 4, "explode": True, "subtract": True}], "modifier": 3, "difficulty": 7,
          "label": "Golpe"}, {}),
        ("notation 2 1d8+1d6 (a roll set of dice groups), chain",
         {"rolls": [{"groups": [{"dice": 1, "sides": 8}, {"dice": 1, "sides": 6}]}] * 2},
         {"roller": "Sharla", "campaign": "Arenas Sangrientas", "seq": 8, "created": 1796000100, "prev": "7f62a797aaa2"}),
        # issue 28 operators: Fate dice (key 10 "fate")
        ("notation 4dF+1 vs 2 (Fate dice)", {"dice": 4, "fate": True, "modifier": 1, "difficulty": 2}, {}),
        # success counting (keys 11 "successes", 12 "failures"): World of Darkness, 10-again
        ("notation 10d10>8!f1 vs 2 (success counting)", {"dice": 10, "sides": 10, "explode": True,
                                                         "successes": [8, 10], "failures": [1, 1], "difficulty": 2}, {}),
        # rerolls (keys 13 "reroll", 14 "reroll_once")
        ("notation 4d6r<2k3 (reroll while 1 or 2, keep 3)", {"dice": 4, "sides": 6, "reroll": [1, 2], "keep": 3}, {}),
        ("notation 2d20ro1kh1+5 (reroll a 1 once, advantage)", {"dice": 2, "sides": 20, "reroll": [1, 1],
                                                                "reroll_once": True, "keep": 1, "modifier": 5}, CHAIN),
        # explosion variants (keys 15 "explode_at", 16 "compound", 17 "penetrate")
        ("notation 3d6!>3+1 (explodes on 3 to 6)", {"dice": 3, "sides": 6, "explode": True, "explode_at": [3, 6],
                                                    "modifier": 1}, {}),
        ("notation 2d10!! vs 15 (compounding)", {"dice": 2, "sides": 10, "explode": True, "compound": True,
                                                 "difficulty": 15}, {"seed": S2}),
        ("notation 3d6!p>4 (penetrating on 4 to 6)", {"dice": 3, "sides": 6, "explode": True, "penetrate": True,
                                                      "explode_at": [4, 6]}, {}),
        # arithmetic (issue 28, docs/notation.md §Arithmetic): the tree, never the text
        ("notation (2d6+3)*2 vs 15 (multiply)", {"expr": ["*", ["+", {"dice": 2, "sides": 6}, 3], 2],
                                                  "difficulty": 15}, {}),
        ("notation 4d6k3/2 (divide, rounded down)", {"expr": ["/", {"dice": 4, "sides": 6, "keep": 3}, 2]}, {"seed": S2}),
        ("notation 2*(1d8+1d6) (parentheses), chain", {"expr": ["*", 2, ["+", {"dice": 1, "sides": 8},
                                                                          {"dice": 1, "sides": 6}]]}, CHAIN),
        ("notation (1d20-1d4)*2+3; 1d6/(1d4) (two rolls)", {"rolls": [
            {"expr": ["+", ["*", ["-", {"dice": 1, "sides": 20}, {"dice": 1, "sides": 4}], 2], 3]},
            {"expr": ["/", {"dice": 1, "sides": 6}, {"dice": 1, "sides": 4}]}]}, {}),
        # a label per roll (issue 28, docs/notation.md §Labels): "ataque: 1d20+5; daño: (2d6+3)*2"
        ("notation ataque: 1d20+5; daño: (2d6+3)*2 (labelled rolls), chain", {"rolls": [
            {"dice": 1, "sides": 20, "modifier": 5, "label": "ataque"},
            {"expr": ["*", ["+", {"dice": 2, "sides": 6}, 3], 2], "label": "daño"}]}, CHAIN),
        # outcome bands (issue 28 item 4, key 20 "bands": [1, label, cut, label, …]; docs/notation.md §Bands)
        ("bands 2d6+1 PbtA ≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito",
         {"dice": 2, "sides": 6, "modifier": 1, "bands": [1, "Fallo", 7, "Éxito parcial", 10, "Éxito"],
          "label": "Actuar bajo presión"}, {}),
        ("bands 2d20kh1+5 vs 15 (D&D 5e advantage), chain",
         {"dice": 2, "sides": 20, "keep": 1, "modifier": 5, "difficulty": 15, "bands": [1, "Fallo", 15, "Éxito"]}, CHAIN),
        ("bands (2d10kl1-1)*10+1d10 (Call of Cthulhu, skill 45, one bonus die)",
         {"expr": ["+", ["*", ["-", {"dice": 2, "sides": 10, "keep": 1, "keep_lowest": True}, 1], 10],
                   {"dice": 1, "sides": 10}],
          "bands": [1, "Crítico", 2, "Extremo", 10, "Difícil", 23, "Normal", 46, "Fallo", 96, "Pifia"]}, {"seed": S2}),
        ("bands 4dF+2 (Fate ladder, English)", {"dice": 4, "fate": True, "modifier": 2, "bands": [
            1, "Terrible", -1, "Poor", 0, "Mediocre", 1, "Average", 2, "Fair", 3, "Good", 4, "Great", 5, "Superb",
            6, "Fantastic", 7, "Epic", 8, "Legendary"]}, {"roller": "Ana", "seq": 1, "created": 1796000200}),
    ],
    "sifrp": [
        ("4D+2B vs 9", {"test_dice": 4, "bonus_dice": 2}, {}),
        ("4D+2B-1P vs 12, chain", {"test_dice": 4, "bonus_dice": 2, "penalty_dice": 1, "difficulty": 12,
                                   "label": "Atletismo"}, CHAIN),
        ("3D destiny bonus, helpers", {"test_dice": 3, "bonus_dice": 3, "destiny_bonus": True,
                                       "helpers": [2, 5]}, {}),
        ("2D extra time, weapon 3", {"test_dice": 2, "extra_time": 1, "weapon_damage": 3, "modifier": 2}, {}),
        ("1D vs 21", {"test_dice": 1, "difficulty": 21}, {"seed": S2}),
        ("5D+1B-3P vs 6", {"test_dice": 5, "bonus_dice": 1, "penalty_dice": 3, "difficulty": 6}, {}),
        ("extended 3D vs 9 until 4 degrees", {"test_dice": 3, "extended_goal": 4}, {}),
        ("extended 2D+1B vs 12, 3 successes, 1 hora, chain", {"test_dice": 2, "bonus_dice": 1, "difficulty": 12,
         "extended_goal": 3, "extended_count": "successes", "extended_max": 12, "extended_span": "1 hora",
         "label": "Escalar el acantilado"}, CHAIN),
        # issue 40: a failure short by 1–4 («fallo insignificante», sifrp.md §Degrees) in every output
        ("3D vs 12, marginal failure", {"test_dice": 3, "difficulty": 12}, {}),
    ],
    "l5r5e": [
        ("Fire 3 Fitness 1 TN 3, distinction", {"ring": 3, "skill": 1, "tn": 3, "stance": "fire",
                                                "distinction": True, "rerolls": [1, 3]}, CHAIN),
        ("Water 2 Tactics 3 TN 2, helper, Void", {"ring": 2, "skill": 3, "tn": 2, "stance": "water",
                                                 "assist_skilled": 1, "void": True}, {}),
        ("adversity, plain mode", {"ring": 2, "skill": 2, "tn": 2, "adversity": True}, {"seed": S2}),
        ("step mode waits for keep", {"ring": 3, "skill": 2, "tn": 3, "step": True}, {}),
        ("Void stance, compromised", {"ring": 4, "skill": 2, "tn": 2, "stance": "void", "compromised": True}, {}),
        ("added kept dice: an explosive d12 and an opportunity d6 beyond the keep limit (issue 28)",
         {"ring": 2, "skill": 1, "tn": 3, "keep": [0], "added": [["skill", 12], ["ring", 3]]}, CHAIN),
    ],
    "tragedia": [
        ("7 vs 6, auto success, ties", {"protagonist_dice": 7, "adversary_dice": 6, "auto_successes": 1,
                                        "protagonist_wins_ties": True}, {}),
        ("3 vs 5 d8", {"protagonist_dice": 3, "adversary_dice": 5, "sides": 8}, CHAIN),
    ],
}
STREAM_SEEDS = (S1, S2, "ff" * 16)
STREAM_SIDES = (2, 3, 4, 6, 8, 10, 12, 20, 100, 1000)


def write_vectors() -> None:
    """Append the vectors of :data:`ROLLS` not yet in their file (for a reviewed, deliberate change):
    every vector already written keeps its bytes, whether or not it is listed here."""
    for system, cases in ROLLS.items():
        path = HERE / f"{system}.json"
        rolls = _load(path)["rolls"] if path.exists() else []
        known = {one["name"] for one in rolls}
        for name, params, extra in cases:
            if name in known:
                continue
            extra = dict(extra)
            request = {"system": system, "seed": extra.pop("seed", S1), **params}
            link = decode_payload(encode_payload("roll", {"request": request, **extra}))[1]
            fragment = encode_payload("roll", link)
            rolls.append({"name": name, "link": link, "fragment": fragment, "id": link_id(fragment),
                          "result": systems.roll(request)})
        doc = {"format": "tirada-vectors-1", "system": system, "rolls": rolls}
        path.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    streams = []
    for seed in STREAM_SEEDS:
        for sides in STREAM_SIDES:
            stream = DiceStream(seed)
            streams.append({"name": f"{seed[:8]} d{sides}", "seed": seed, "sides": sides,
                            "first_block": hashlib.sha256(bytes.fromhex(seed) + bytes(8)).hexdigest(),
                            "faces": [stream.roll(sides) for _ in range(24)]})
    doc = {"format": "tirada-vectors-1", "algorithm": "sha256-ctr-v1", "streams": streams}
    (HERE / "dice-stream.json").write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__" and "--write" in sys.argv:
    HERE.mkdir(exist_ok=True)
    write_vectors()
