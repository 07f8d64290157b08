"""Golden vectors of sealed rolls (tests/vectors/sealed.json; docs/link-format.md §19, issue #27).

* ``derivations``: campaign secret + id → request secret, commitment (with and without a hidden
  request), and the dice seed of a chain position;
* ``links``: every sealed kind ``{"name", "kind", "source", "fragment"}``: encoding ``source`` again
  gives ``fragment`` byte for byte, decoding ``fragment`` gives ``source``, ``peek_kind`` reads ``kind``;
* ``blind``: request link → blind roll link → reveal link, with the request as rolled and the whole
  result, recomputed from the links alone (and by the GM from the campaign secret);
* ``secret``: a secret GM roll's sealed link and reveal, the same way.

Regenerate after a deliberate, reviewed change: ``python tests/test_vectors_sealed.py --write``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tirada.links import sealed
from tirada.links.chain import ChainState
from tirada.wire.codec import decode_payload_versioned, encode_payload
from tirada.links.roll_link import peek_kind
from tirada.links.sealed_dice import commitment, dice_seed, hidden_bytes, request_secret

ROOT = Path(__file__).resolve().parents[1]
FILE = ROOT / "tests" / "vectors" / "sealed.json"
KEY = "5eed" * 16                           # the GM's campaign secret (64 hex digits)
BASE = "https://usuario.github.io/tir/"     # 30 characters: the length budget's base URL
BUDGET = 220
CAMPAIGN = "Arenas Sangrientas"

BLIND = [   # (name, sealed request spec, player's request, player's chain seq, player's seed)
    ("sifrp: Sigilo vs 12, 4D+2B, Sharla nº 127",
     {"system": "sifrp", "fields": {"difficulty": 12}, "label": "Sigilo", "for": "Sharla", "id": "2181d653eb0ad97c"},
     {"system": "sifrp", "test_dice": 4, "bonus_dice": 2}, 126, "8f14e45fceea167a5a36dedd4bea2543"),
    ("generic: 3d20 keep 1 +5 vs 15, Ana nº 1",
     {"system": "generic", "fields": {"sides": 20, "difficulty": 15}, "label": "Percepción", "for": "Ana",
      "id": "0f0e0d0c0b0a0908"},
     {"system": "generic", "dice": 3, "sides": 20, "keep": 1, "modifier": 5}, 0, "00112233445566778899aabbccddeeff"),
    ("l5r5e: Fire 3 Fitness 2 TN 3, distinction (blind policy), Kenji nº 9",
     {"system": "l5r5e", "fields": {"tn": 3, "ring": 3}, "label": "Saltar", "for": "Kenji", "id": "a1b2c3d4e5f60718"},
     {"system": "l5r5e", "ring": 3, "skill": 2, "stance": "fire", "distinction": True}, 8,
     "8f14e45fceea167a5a36dedd4bea2543"),
    ("tragedia: final roll 5 vs 6, post-loss declared, Lía nº 3",
     {"system": "tragedia", "fields": {"adversary_dice": 6}, "for": "Lía", "id": "77665544332211aa"},
     {"system": "tragedia", "protagonist_dice": 5, "adversary_dice": 6,
      "post_loss": {"tragedy_dice": 3, "last_dice": {"protagonist_side": 2, "adversary_side": 1}}}, 2,
     "c81e728d9d4c2f636f067f89cc14862c"),
]
SECRET = [  # (name, GM's request with label, GM chain seq, roll id)
    ("secret l5r5e: ninja's stealth, Water 3 Stealth 2 TN 2", {"system": "l5r5e", "ring": 3, "skill": 2, "tn": 2,
     "stance": "water", "label": "Sigilo del ninja"}, 40, "5ec2e7a11d0c0ffe"),
    ("secret generic: wandering monster 1d6", {"system": "generic", "dice": 1, "sides": 6,
     "label": "Monstruo errante"}, 41, "0123456789abcdef"),
]


def _chain(roller: str, seq: int) -> ChainState:
    return ChainState(roller, CAMPAIGN, seq, "0123456789ab" if seq else None)


def _links(fragment: str) -> dict:
    return {"fragment": fragment, "chars": len(BASE) + 1 + len(fragment)}


def build() -> dict:
    """The whole vector file, computed by the engine (deterministic: fixed secrets, ids, seeds, dates)."""
    links, blind, secret_rolls = [], [], []
    for name, spec, player, seq, seed in BLIND:
        made = sealed.seal_request({**spec, "campaign": CAMPAIGN, "created": 1796000000}, KEY)
        roll = sealed.blind_roll(made.fragment, player, _chain(spec["for"], seq), 1796000600, seed)
        reveal = sealed.reveal(KEY, roll.fragment, created=1796003600)
        opened = sealed.verify_reveal(roll.fragment, reveal, made.fragment)
        blind.append({"name": name, "request_link": _links(made.fragment), "roll_link": _links(roll.fragment),
                      "reveal_link": _links(reveal), "entry": roll.entry, "secret": opened.secret,
                      "rolled": opened.request, "result": opened.result})
        for kind, fragment in (("sealreq", made.fragment), ("blind", roll.fragment), ("reveal", reveal)):
            links.append({"name": f"{kind}: {name}", "kind": kind, "source": decode_payload_versioned(fragment)[2],
                          "fragment": fragment})
    for name, request, seq, rid in SECRET:
        made_secret = sealed.seal_gm_roll(KEY, request, _chain("GM", seq), 1796000000, rid)
        hidden = {k: v for k, v in request.items() if k != "label"}
        reveal = sealed.reveal(KEY, made_secret.fragment, hidden, created=1796007200)
        opened = sealed.verify_reveal(made_secret.fragment, reveal)
        secret_rolls.append({"name": name, "request": request, "sealed_link": _links(made_secret.fragment),
                             "reveal_link": _links(reveal), "entry": made_secret.entry, "secret": opened.secret,
                             "rolled": opened.request, "result": opened.result})
        for kind, fragment in (("secret", made_secret.fragment), ("reveal", reveal)):
            links.append({"name": f"{kind}: {name}", "kind": kind, "source": decode_payload_versioned(fragment)[2],
                          "fragment": fragment})
    rid = "2181d653eb0ad97c"
    s = request_secret(KEY, rid)
    hidden = hidden_bytes({"system": "generic", "dice": 1, "sides": 6})
    derivations = [{"campaign_secret": KEY, "id": rid, "secret": s.hex(), "commitment": commitment(rid, s).hex(),
                    "hidden": hidden.hex(), "commitment_hidden": commitment(rid, s, hidden).hex(),
                    "fresh": "8f14e45fceea167a5a36dedd4bea2543", "seq": 127, "prev": "0123456789ab",
                    "dice_seed": dice_seed(s, rid, bytes.fromhex("8f14e45fceea167a5a36dedd4bea2543"), 127,
                                           "0123456789ab").hex(),
                    "dice_seed_unnumbered": dice_seed(s, rid, b"", None, None).hex()}]
    return {"format": "tirada-sealed-vectors-1", "base": BASE, "campaign_secret": KEY, "derivations": derivations,
            "links": links, "blind": blind, "secret": secret_rolls}


VECTORS = json.loads(FILE.read_text("utf-8")) if FILE.exists() else {"links": [], "blind": [], "secret": []}


def test_vectors_are_current():
    """The engine computes exactly the stored file (every fragment, id, secret and result)."""
    assert build() == VECTORS


@pytest.mark.parametrize("case", VECTORS["links"], ids=lambda c: c["name"])
def test_link_reencodes_byte_for_byte(case):
    assert encode_payload(case["kind"], case["source"], version=2) == case["fragment"]
    assert decode_payload_versioned(case["fragment"]) == (2, case["kind"], case["source"])
    assert peek_kind(case["fragment"]) == case["kind"]


@pytest.mark.parametrize("case", VECTORS["blind"], ids=lambda c: c["name"])
def test_blind_roll_verifies_from_the_links_alone(case):
    opened = sealed.verify_reveal(case["roll_link"]["fragment"], case["reveal_link"]["fragment"],
                                  case["request_link"]["fragment"])
    assert (opened.request, opened.result, opened.secret) == (case["rolled"], case["result"], case["secret"])
    assert sealed.open_blind(KEY, case["roll_link"]["fragment"]).result == case["result"]   # the GM, before
    for link in ("request_link", "roll_link", "reveal_link"):
        assert case[link]["chars"] <= BUDGET, (link, case[link]["chars"])


@pytest.mark.parametrize("case", VECTORS["secret"], ids=lambda c: c["name"])
def test_secret_roll_verifies_from_the_links_alone(case):
    opened = sealed.verify_reveal(case["sealed_link"]["fragment"], case["reveal_link"]["fragment"])
    assert (opened.request, opened.result, opened.secret) == (case["rolled"], case["result"], case["secret"])
    for link in ("sealed_link", "reveal_link"):
        assert case[link]["chars"] <= BUDGET


def test_derivations():
    (d,) = VECTORS["derivations"]
    s = request_secret(d["campaign_secret"], d["id"])
    assert s.hex() == d["secret"] and commitment(d["id"], s).hex() == d["commitment"]
    assert commitment(d["id"], s, bytes.fromhex(d["hidden"])).hex() == d["commitment_hidden"]
    assert dice_seed(s, d["id"], bytes.fromhex(d["fresh"]), d["seq"], d["prev"]).hex() == d["dice_seed"]
    assert d["commitment"] != d["commitment_hidden"]


def test_the_l5r_vector_used_the_blind_policy():
    """The L5R case (a distinction) rerolled the first two dice showing no success, explosive success
    or opportunity, in pool order, and no other (docs/link-format.md §19.5)."""
    from tirada.systems.l5r.dice import symbols_of

    (case,) = [c for c in VECTORS["blind"] if c["name"].startswith("l5r5e")]
    good = {"success", "explosive", "opportunity"}
    first = [(d["index"], symbols_of(d["die"], d["faces"][0])) for d in case["result"]["pool"]]
    blanks = [i for i, symbols in first if not good & set(symbols)]
    assert case["rolled"]["rerolls"] == blanks[:2] and len(blanks) >= 2
    assert [d["index"] for d in case["result"]["pool"] if d["rerolled"]] == blanks[:2]


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    FILE.write_text(json.dumps(build(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {FILE}")
