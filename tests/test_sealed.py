"""Sealed rolls (issue #27; docs/link-format.md §19): who can know the dice when, refusals with their
codes, the audit of a thread (mismatched reveal, double answer, unrevealed with its age, lost
secret, selective reveals) and the CLI steps. Vectors: tests/test_vectors_sealed.py."""

from __future__ import annotations

import json

import pytest

from tirada.errors import IllegalMove, InvalidRequest, LinkError
from tirada.links import sealed
from tirada.links.audit_sealed import audit_sealed
from tirada.links.chain import ChainState
from tirada.wire.codec import encode_payload
from tirada.links.sealed_dice import commitment, new_campaign_secret, request_secret
from helpers.cli import run

KEY = "ab" * 32
OTHER = "cd" * 32
SPEC = {"system": "sifrp", "fields": {"difficulty": 12, "test_dice": {"min": 2, "max": 5}}, "label": "Sigilo",
        "for": "Sharla", "campaign": "Arenas", "created": 1796000000}
PLAYER = {"system": "sifrp", "test_dice": 4, "bonus_dice": 1}


def _request(key: str = KEY, **extra) -> sealed.SealedRequest:
    return sealed.seal_request({**SPEC, **extra}, key)


def _blind(req: sealed.SealedRequest, seq: int = 0, created: int = 1796000600, **player) -> sealed.BlindRoll:
    chain = ChainState("Sharla", "Arenas", seq, "0123456789ab" if seq else None)
    return sealed.blind_roll(req.fragment, {**PLAYER, **player}, chain, created)


def test_the_player_gets_no_dice_and_the_gm_and_everyone_later_get_the_same_result():
    req = _request()
    roll = _blind(req)
    made = json.dumps(roll.to_dict())
    assert "faces" not in made and "result" not in made and "total" not in made
    gm = sealed.open_blind(KEY, roll.fragment)
    reveal = sealed.reveal(KEY, req.fragment, created=1796001000)
    anyone = sealed.verify_reveal(roll.fragment, reveal, req.fragment)
    assert anyone.result == gm.result and anyone.result["difficulty"] == 12
    assert anyone.request["test_dice"] == 4 and anyone.request["label"] == "Sigilo"
    assert anyone.entry == roll.entry and roll.chain is not None and roll.chain.seq == 1


def test_the_dice_depend_on_the_secret_the_player_seed_and_the_chain_position():
    req = _request()
    a, b = _blind(req), _blind(req, seq=5)
    same_seed = sealed.blind_roll(req.fragment, PLAYER, None, 1796000600,
                                  json.loads(json.dumps(sealed.read_sealed(a.fragment)[1]))["request"]["seed"])
    seeds = {sealed.open_blind(KEY, f.fragment).request["seed"] for f in (a, b, same_seed)}
    assert len(seeds) == 3
    s = request_secret(KEY, req.id)
    assert commitment(req.id, s).hex() == req.commitment
    assert request_secret(OTHER, req.id) != s


@pytest.mark.parametrize("player, code, cls", [
    ({"test_dice": 6}, "request.out_of_range", IllegalMove),                 # outside the GM's bounds
    ({"system": "generic", "dice": 1, "sides": 6}, "request.system_mismatch", IllegalMove),
    ({"faces": [1, 2, 3, 4, 5]}, "sealed.blind_decision", InvalidRequest),
    ({"seed": "00" * 16}, "sealed.blind_decision", InvalidRequest),
    ({"test_dice": 4, "bonus_dice": "x"}, "field.not_int", InvalidRequest),  # the rules, before any dice
])
def test_blind_roll_refusals(player, code, cls):
    with pytest.raises(cls) as err:
        sealed.blind_roll(_request().fragment, {**PLAYER, **player})
    assert err.value.code == code


def test_l5r_decisions_are_never_blind_but_a_generic_keep_is_a_rule():
    req = sealed.seal_request({"system": "l5r5e", "fields": {"tn": 2}}, KEY)
    with pytest.raises(InvalidRequest) as err:
        sealed.blind_roll(req.fragment, {"system": "l5r5e", "ring": 2, "skill": 1, "stance": "air", "keep": [0]})
    assert err.value.code == "sealed.blind_decision" and err.value.params == {"name": "keep"}
    generic = sealed.seal_request({"system": "generic", "fields": {"sides": 20}}, KEY)
    roll = sealed.blind_roll(generic.fragment, {"system": "generic", "dice": 2, "sides": 20, "keep": 1})
    assert sealed.open_blind(KEY, roll.fragment).result["kept"].__len__() == 1


def test_wrong_secret_forged_reveal_and_other_request_are_refused_with_codes():
    req, other = _request(), _request()
    roll = _blind(req)
    with pytest.raises(LinkError) as err:
        sealed.open_blind(OTHER, roll.fragment)
    assert err.value.code == "sealed.not_this_secret"
    with pytest.raises(LinkError) as err:
        sealed.reveal(OTHER, req.fragment)
    assert err.value.code == "sealed.not_this_secret"
    forged = encode_payload("reveal", {"id": req.id, "secret": "00" * 16}, version=2)
    with pytest.raises(LinkError) as err:
        sealed.verify_reveal(roll.fragment, forged)
    assert err.value.code == "sealed.commitment_mismatch"
    with pytest.raises(LinkError) as err:
        sealed.verify_reveal(roll.fragment, sealed.reveal(KEY, other.fragment))
    assert err.value.code == "sealed.other_request"
    with pytest.raises(LinkError) as err:
        sealed.verify_reveal(roll.fragment, sealed.reveal(KEY, req.fragment), other.fragment)
    assert err.value.code == "sealed.other_request"
    with pytest.raises(LinkError) as err:
        sealed.blind_roll(roll.fragment, PLAYER)           # a roll link is not a sealed request
    assert err.value.code == "sealed.link_kind"


def test_secret_gm_roll_reveals_only_what_was_sealed():
    hidden = {"system": "generic", "dice": 2, "sides": 6, "modifier": 1}
    made = sealed.seal_gm_roll(KEY, {**hidden, "label": "Emboscada"}, ChainState("GM", "Arenas", 3, "0123456789ab"),
                               1796000000)
    shown = sealed.read_sealed(made.fragment)[1]
    assert set(shown) == {"id", "commitment", "label", "roller", "campaign", "seq", "prev", "created"}
    assert shown["seq"] == 4 and shown["label"] == "Emboscada"
    good = sealed.reveal(KEY, made.fragment, hidden)
    assert sealed.verify_reveal(made.fragment, good).result == made.opened.result
    changed = encode_payload("reveal", {**sealed.read_sealed(good)[1], "request": {**hidden, "modifier": 5}},
                             version=2)
    with pytest.raises(LinkError) as err:
        sealed.verify_reveal(made.fragment, changed)
    assert err.value.code == "sealed.commitment_mismatch"
    with pytest.raises(LinkError) as err:
        sealed.reveal(KEY, made.fragment, {**hidden, "dice": 3})
    assert err.value.code == "sealed.commitment_mismatch"


def test_format_1_and_newer_schemes_are_refused():
    with pytest.raises(LinkError) as err:
        encode_payload("reveal", {"id": "00" * 8, "secret": "00" * 16}, version=1)
    assert err.value.code == "link.format2_only"
    from tirada.wire.frame import cbor_encode, encode_frame
    newer = encode_frame(9, cbor_encode([2, bytes(8), bytes(16)]), version=2)
    with pytest.raises(LinkError) as err:
        sealed.read_sealed(newer)
    assert err.value.code == "link.sealed_newer" and err.value.params == {"version": 2}


def _thread(*fragments: str) -> str:
    return "\n\n".join(f"Post {k}: https://foro.example/tirada/#{f}" for k, f in enumerate(fragments))


def test_audit_flags_a_mismatched_reveal_a_double_answer_and_an_unrevealed_roll():
    double, mismatched, waiting = _request(), _request(), _request()
    a1, a2 = _blind(double), _blind(double, seq=1)
    m = _blind(mismatched, seq=2)
    w = _blind(waiting, seq=3, created=1796000000)
    forged = encode_payload("reveal", {"id": mismatched.id, "secret": "11" * 16}, version=2)
    text = _thread(double.fragment, a1.fragment, a2.fragment, mismatched.fragment, m.fragment, forged,
                   waiting.fragment, w.fragment, sealed.reveal(KEY, double.fragment))
    report = audit_sealed(text, now=1796086400)
    rows = {r.fragment: r for r in report.rows}
    assert rows[a1.fragment].problems == ("second_answer",) and rows[a1.fragment].state == "revealed"
    assert "second_answer" in rows[a2.fragment].problems
    assert rows[m.fragment].state == "bad_reveal" and "reveal_mismatch" in rows[m.fragment].problems
    assert rows[w.fragment].state == "sealed" and rows[w.fragment].age == 86400
    assert rows[w.fragment].revealable == "unknown" and not report.ok
    assert (report.revealed, report.sealed) == (2, 2)
    assert [r["answers"] for r in report.requests] == [2, 1, 1]


def test_a_forged_reveal_beside_the_good_one_is_flagged():
    """Hostile tester: a forged reveal (same id, another secret) posted before the GM's good one was
    ignored; the roll is revealed by the good one and still flagged."""
    request = _request()
    roll = _blind(request)
    forged = encode_payload("reveal", {"id": request.id, "secret": "11" * 16}, version=2)
    good = sealed.reveal(KEY, roll.fragment)
    report = audit_sealed(_thread(request.fragment, roll.fragment, forged, good), now=1796086400)
    (row,) = report.rows
    assert row.state == "revealed" and row.result is not None and row.problems == ("reveal_mismatch",)
    clean = audit_sealed(_thread(request.fragment, roll.fragment, good, good), now=1796086400)
    assert clean.ok and clean.rows[0].problems == ()


def test_audit_lost_secret_and_selective_reveals():
    first, second = _request(), _request(OTHER)
    r1, r2 = _blind(first), _blind(second, seq=1)
    late = _request()
    r3 = _blind(late, seq=2)
    text = _thread(first.fragment, r1.fragment, second.fragment, r2.fragment, late.fragment, r3.fragment,
                   sealed.reveal(KEY, late.fragment))
    report = audit_sealed(text, [KEY, "not a key"])
    rows = {r.fragment: r for r in report.rows}
    assert rows[r2.fragment].revealable == "lost" and "no se podrá revelar" in report.summary["es"]
    assert rows[r1.fragment].revealable == "yes"
    assert rows[r1.fragment].problems == ("skipped",) and rows[r2.fragment].problems == ("skipped",)
    assert rows[r3.fragment].problems == () and rows[r3.fragment].state == "revealed"
    clean = audit_sealed(_thread(late.fragment, r3.fragment, sealed.reveal(KEY, late.fragment)))
    assert clean.ok and clean.summary["en"] == "1 sealed roll, 1 revealed"


def test_audit_two_requests_with_one_id_and_a_mismatched_answer():
    a = _request(id="00112233aabbccdd")
    b = sealed.seal_request({**SPEC, "id": "00112233aabbccdd"}, OTHER)
    roll = _blind(a)
    wrong = sealed.blind_roll(a.fragment, PLAYER, ChainState("Ana", "Arenas"), 1796000600)
    report = audit_sealed([a.fragment, b.fragment, roll.fragment, wrong.fragment])
    assert report.requests[0]["problems"] == ["same_id"]
    assert "mismatch" in {r.fragment: r for r in report.rows}[wrong.fragment].problems
    from tirada.wire.frame import cbor_encode, encode_frame
    assert audit_sealed([roll.fragment[:-3] + "AAA"]).invalid == ()      # unreadable: the main audit's row
    damaged = audit_sealed([encode_frame(7, cbor_encode([1, b"x"]), version=2)])
    assert damaged.rows == () and damaged.invalid[0]["reason"]["code"] == "link.sealed_damaged"
    assert not damaged.ok


def test_cli_every_step():
    code, out, _ = run(["sealed", "key"])
    key = json.loads(out)["secret"]
    assert code == 0 and len(key) == 64
    code, out, _ = run(["sealed", "request", json.dumps({**SPEC, "secret": key})])
    req = json.loads(out)
    code, out, _ = run(["sealed", "roll", req["fragment"], json.dumps({**PLAYER, "roller": "Sharla", "seq": 0})])
    roll = json.loads(out)
    assert code == 0 and roll["entry"]["seq"] == 1 and "result" not in roll
    code, out, _ = run(["sealed", "open", key, roll["fragment"]])
    opened = json.loads(out)
    code, out, _ = run(["sealed", "reveal", key, roll["fragment"]])
    reveal = json.loads(out)["fragment"]
    code, out, _ = run(["sealed", "verify", roll["fragment"], reveal, req["fragment"]])
    assert code == 0 and json.loads(out)["result"] == opened["result"]
    code, out, _ = run(["sealed", "secret", json.dumps({"secret": key, "system": "generic", "dice": 1, "sides": 6,
                                                        "label": "Monstruo", "roller": "GM"})])
    secret = json.loads(out)
    code, out, _ = run(["sealed", "reveal", key, secret["fragment"], '{"system": "generic", "dice": 1, "sides": 6}'])
    code, out, _ = run(["sealed", "audit"], _thread(req["fragment"], roll["fragment"], secret["fragment"],
                                                    json.loads(out)["fragment"]))
    assert code == 0 and json.loads(out)["sealed"] == 1 and json.loads(out)["revealed"] == 1
    code, _out, err = run(["sealed", "open", OTHER, roll["fragment"]])
    assert code == 2 and "did not seal" in err
    code, _out, err = run(["sealed", "frobnicate"])
    assert code == 2 and "usage" in err


def test_new_campaign_secrets_differ():
    assert new_campaign_secret() != new_campaign_secret()


def test_bogus_reveals_cost_hashes_not_rolls(monkeypatch):
    """A thread full of reveals that do not match is checked by hashes; only the matching reveal
    has its dice rolled, once per sealed roll."""
    from tirada.links import audit_sealed as module

    req = _request()
    roll = _blind(req)
    bogus = [encode_payload("reveal", {"id": req.id, "secret": f"{k:032x}"}, version=2) for k in range(150)]
    calls = []
    real = module.verify_reveal
    monkeypatch.setattr(module, "verify_reveal", lambda *a: calls.append(a) or real(*a))
    report = audit_sealed([req.fragment, roll.fragment, *bogus, sealed.reveal(KEY, req.fragment)])
    assert report.rows[0].state == "revealed" and len(calls) == 1
    report = audit_sealed([req.fragment, roll.fragment, *bogus])
    assert report.rows[0].state == "bad_reveal" and len(calls) == 1


def test_revealing_a_secret_roll_needs_its_request():
    made = sealed.seal_gm_roll(KEY, {"system": "generic", "dice": 1, "sides": 6})
    with pytest.raises(InvalidRequest) as err:
        sealed.reveal(KEY, made.fragment)
    assert err.value.code == "sealed.hidden_request"


def test_sealed_rolls_take_chain_entries_the_audit_reports():
    """A blind roll's entry is its seed's (as a format-2 roll), a secret roll's its commitment's, so a
    chain audit counting them sees no gap."""
    req = _request()
    roll = _blind(req, seq=6)
    made = sealed.seal_gm_roll(KEY, {"system": "generic", "dice": 1, "sides": 6}, ChainState("GM", "Arenas"))
    rows = {r.kind: r for r in audit_sealed([req.fragment, roll.fragment, made.fragment]).rows}
    assert rows["blind"].entry == roll.entry and roll.chain is not None and roll.entry["id"] == roll.chain.last
    assert rows["blind"].entry["seq"] == 7 and rows["blind"].entry["prev"] == "0123456789ab"
    assert rows["secret"].entry == made.entry and made.chain is not None and made.entry["id"] == made.chain.last


def test_a_blind_roll_counts_in_the_players_chain_in_the_thread_audit():
    """A blind roll takes a number in the player's chain; the thread audit counts it there (it is
    not an unposted gap) and names it as a sealed roll."""
    from tirada.links.audit import audit
    from tirada.links.chain import ChainState
    from tirada.links.gm_request import new_request
    from tirada.links.roll_link import roll_link
    from tirada.links.sealed import blind_roll, seal_request

    base = "https://usuario.github.io/tirada/"
    key = "11" * 32
    spec = new_request("sifrp", {"difficulty": 9}, "Sigilo", "Sharla", campaign="Arenas", request_id="00112233aabbccdd")
    sealed = seal_request(spec, key)
    first = roll_link({"system": "sifrp", "test_dice": 3}, ChainState("Sharla", "Arenas"), 1796000000)
    blind = blind_roll(sealed.fragment, {"system": "sifrp", "test_dice": 3}, first.chain, 1796000100)
    third = roll_link({"system": "sifrp", "test_dice": 3}, blind.chain, 1796000200)
    report = audit("\n".join(f"{base}#{f}" for f in (first.fragment, sealed.fragment, blind.fragment, third.fragment)))
    sharla = next(g for g in report["rollers"] if g["roller"] == "Sharla")
    assert sharla["seqs"] == [1, 2, 3] and not sharla["missing"] and sharla["ok"]
    assert [m["what"] for m in sharla["moves"]] == ["sealed_blind"]
    only = audit("\n".join(f"{base}#{f}" for f in (first.fragment, third.fragment)))
    assert next(g for g in only["rollers"] if g["roller"] == "Sharla")["missing"] == [[2, 2]]
