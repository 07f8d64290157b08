"""GM roll requests (issue #13 part 2; docs/link-format.md §17): the request link, the form it
locks, the roll that names it, and the audit of one roll per request."""

from __future__ import annotations

import json

import pytest

from tirada.links import fair_roll
from tirada.links.audit import audit
from tirada.errors import IllegalMove, InvalidRequest, LinkError
from tirada.links.gm_request import (apply_request, decode_request, encode_request, mismatches, new_request)
from tirada.links.chain import ChainState, decode_link, encode_link, next_link, verify
from tirada.wire.codec import encode_payload
from helpers.cli import run

BASE = "https://foro.example/tirada/#"
SPEC = {"system": "sifrp", "fields": {"difficulty": 12, "test_dice": {"min": 2, "max": 5}},
        "label": "Atletismo", "for": "Sharla"}


def gm(**extra) -> dict:
    return new_request(SPEC["system"], SPEC["fields"], SPEC["label"], SPEC["for"], **extra)


def answer(spec: dict, state: ChainState, test_dice: int = 3, **override) -> tuple:
    """The player's page: the form locked to the request, rolled and linked with its id."""
    request = apply_request(spec, {"system": "sifrp", "test_dice": test_dice, **override})
    check = fair_roll.start(request, state)
    _, check = fair_roll.advance(check, {}, check["chain"])
    return fair_roll.finish(check, state.roller, state.campaign or None, 1796000000, gm_request=spec["id"]), \
        check["chain"]


def post(*fragments: str) -> str:
    return "\n".join(f"Post {i}: {BASE}{f}" for i, f in enumerate(fragments))


def test_request_link_round_trips_with_a_random_id():
    one, two = gm(), gm()
    assert one["id"] != two["id"] and len(one["id"]) == 16
    fragment = encode_request(one)
    assert fragment.startswith("t2") and decode_request("#" + fragment) == one
    with pytest.raises(LinkError, match="not a roll request"):
        decode_request(encode_link({"system": "sifrp", "test_dice": 2}))


@pytest.mark.parametrize("fields, message", [
    ({}, "1 to 20 fields"), ({"seed": "ab"}, "not a field"), ({"rerolls": [1]}, "not a field"),
    ({"test_dice": {"min": 5, "max": 2}}, "min ≤ max"), ({"test_dice": [1, 2]}, "fixed value"),
    ({"tn": 3}, "not a field"),
])
def test_bad_requests_are_refused(fields, message):
    with pytest.raises(InvalidRequest, match=message):
        new_request("sifrp", fields)


def test_the_form_is_locked_to_the_request():
    spec = gm()
    assert apply_request(spec, {"system": "sifrp", "test_dice": 4, "difficulty": 3}) == {
        "system": "sifrp", "test_dice": 4, "difficulty": 12, "label": "Atletismo"}
    with pytest.raises(IllegalMove, match="2 to 5"):
        apply_request(spec, {"system": "sifrp", "test_dice": 6})
    with pytest.raises(IllegalMove, match="sifrp"):
        apply_request(spec, {"system": "generic", "dice": 2, "sides": 6})


def test_the_roll_names_the_request_and_the_audit_matches_it():
    spec = gm()
    state = ChainState("Sharla", "Arenas")
    roll, state = answer(spec, state)
    assert decode_link(roll)["gm_request"] == spec["id"] and verify(roll)["gm_request"] == spec["id"]
    report = audit(post(encode_request(spec), roll))
    (req,) = report["requests"]
    assert req["problems"] == [] and len(req["rolls"]) == 1
    g = report["rollers"][0]
    assert g["ok"] and g["request_problems"] == [] and g["outside_requests"] == []


def test_a_second_roll_for_the_same_request_is_flagged_even_from_another_device():
    spec = gm()
    first, _ = answer(spec, ChainState("Sharla", "Arenas"))
    second, _ = answer(spec, ChainState("Sharla", "Otro móvil"))     # another device, another chain
    report = audit(post(encode_request(spec), first, second))
    # the request names no campaign: the first answer fixes it, so the second is flagged twice (issue #38)
    assert report["requests"][0]["problems"] == ["campaign", "second_roll"]
    flagged = [p for g in report["rollers"] for p in g["request_problems"]]
    assert sorted(p["reason"].split(":")[0] for p in flagged) == [
        "a second roll for the same GM request",
        "answers a request naming no campaign from campaign Otro móvil, while the same person's first roll in this "
        "thread is in Arenas"]
    assert not all(g["ok"] for g in report["rollers"])


def test_a_roll_that_does_not_match_its_request_is_flagged():
    spec = gm()
    state = ChainState("Bob", "Arenas")                 # not the player asked
    request = {"system": "sifrp", "test_dice": 6, "difficulty": 9, "label": "Atletismo"}
    roll, _ = next_link(request, state, 1796000000)
    forged = encode_link(request, "Bob", "Arenas", 1, None, 1796000000, gm_request=spec["id"])
    report = audit(post(encode_request(spec), forged, roll))
    g = report["rollers"][0]
    (problem,) = g["request_problems"]
    assert "does not match" in problem["reason"] and "test_dice 6 outside 2–5" in problem["reason"]
    assert "difficulty 9 instead of 12" in problem["reason"] and "instead of Sharla" in problem["reason"]
    assert g["outside_requests"] and "fuera de las peticiones" in g["summary"]["es"]
    assert report["requests"][0]["problems"] == ["mismatch"]
    assert mismatches(spec, {"system": "sifrp", "test_dice": 3, "difficulty": 12, "label": "Atletismo"},
                      "sharla") == []


def test_two_different_requests_with_one_id_are_flagged():
    spec = gm()
    other = new_request("sifrp", {"difficulty": 6}, "Atletismo", "Sharla", request_id=spec["id"])
    report = audit(post(encode_request(spec), encode_request(other)))
    assert "same_id" in report["requests"][0]["problems"]


def test_requests_are_format_2_only():
    with pytest.raises(LinkError, match="format 2"):
        encode_payload("request", gm())




def test_cli_request_encode_and_verify():
    code, out, _ = run(["request", "encode", json.dumps(SPEC)])
    encoded = json.loads(out)
    assert code == 0 and encoded["fragment"].startswith("#t2") and encoded["request"]["fields"] == SPEC["fields"]
    spec = encoded["request"]
    roll, _ = answer(spec, ChainState("Sharla", "Arenas"))
    code, out, _ = run(["request", "verify", encoded["fragment"], roll])
    checked = json.loads(out)
    assert code == 0 and checked["matches"] and checked["names_request"] and checked["mismatches"] == []
    other = encode_link({"system": "sifrp", "test_dice": 3, "difficulty": 12, "label": "Atletismo"}, "Sharla")
    code, out, _ = run(["request", "verify", encoded["fragment"], other])
    assert json.loads(out)["mismatches"] == ["the roll does not name this request"]
    code, _, err = run(["request", "frobnicate"])
    assert code == 2 and "usage" in err


@pytest.mark.parametrize("style", ["bbcode", "markdown", "text", "html"])
def test_the_snippet_of_an_answer_says_the_gm_asked_for_it(style):
    """Issue #26: the roll card and snippet say the roll answers a GM's request; the audit's claim
    check reads such a snippet as honest."""
    from tirada.links.snippets import snippet

    spec = gm()
    fragment, _ = answer(spec, ChainState("Sharla", "Arenas Sangrientas"))
    base = "https://usuario.github.io/tirada/"
    for lang, words in (("es", "pedida por el máster"), ("en", "requested by the GM")):
        text = snippet(fragment, base, style, lang)
        assert words in text.split("\n")[0]
    plain = snippet(encode_link({"system": "sifrp", "test_dice": 3, "seed": "ab" * 16}, "Sharla", "Arenas"), base, style)
    assert "máster" not in plain
    if style != "html":     # the claim check reads it: honest as posted, flagged once its total is edited
        total = verify(fragment)["result"]["total"]
        posted = snippet(fragment, base, style)
        report = audit(encode_request(spec) + "\n" + posted + "\n", home=base)
        assert not [p for p in report["problems"] if p["code"] == "audit.claim"]
        edited = posted.replace(f"= {total}", f"= {total + 5}").replace(f"= **{total}**", f"= **{total + 5}**") \
            .replace(f"= [b]{total}[/b]", f"= [b]{total + 5}[/b]")
        assert edited != posted
        report = audit(encode_request(spec) + "\n" + edited + "\n", home=base)
        assert [p["code"] for p in report["problems"]].count("audit.claim") == 1


def test_a_request_names_its_official_address_and_the_audit_holds_answers_to_it():
    """Issue #26 item 5: a GM request may name the Tirada address the GM trusts; a roll answering it
    posted from another address (a look-alike copy) is flagged, whatever the auditor's own page."""
    home = "https://usuario.github.io/tirada/"
    spec = gm(home=home)
    assert decode_request(encode_request(spec)) == spec
    old = gm()                                                    # requests without it read as before
    assert "home" not in decode_request(encode_request(old))
    fragment, _ = answer(spec, ChainState("Sharla", "Arenas Sangrientas"))
    honest = audit(f"{home}#{encode_request(spec)}\n{home}#{fragment}")
    assert not [p for p in honest["problems"] if p["code"] == "audit.request_address"]
    copy = "https://usuario-tirada.example.org/"
    report = audit(f"{home}#{encode_request(spec)}\n{copy}#{fragment}")
    flagged = [p for p in report["problems"] if p["code"] == "audit.request_address"]
    assert len(flagged) == 1 and flagged[0]["params"] == {"address": copy, "home": home}
    for bad in ("ftp://x.org/", "https://x.org/#t1", "https://" + "x" * 200, "https://a b/", 3):
        with pytest.raises(InvalidRequest) as err:
            gm(home=bad)
        assert err.value.code == "request.home"


def test_notation_operators_added_to_a_requested_generic_pool_are_mismatches():
    """A GM asks for 2d6+1; a roll of 2d6 with rerolls (or bands, or an extra group) answers something
    else (hostile tester: the audit said «conforme»). Unrequested plain fields stay the player's."""
    spec = new_request("generic", {"dice": 2, "sides": 6, "modifier": 1}, "Trepar", "Sharla")
    base = {"system": "generic", "dice": 2, "sides": 6, "modifier": 1, "label": "Trepar"}
    assert mismatches(spec, base, "Sharla") == []
    assert mismatches(spec, {**base, "difficulty": 9}, "Sharla") == []
    assert mismatches(spec, {**base, "reroll": [1, 3]}, "Sharla") == ["reroll added to the requested dice"]
    assert mismatches(spec, {**base, "bands": [1, "Fallo", 9, "Éxito"]}, "Sharla") == ["bands added to the requested dice"]
    free = new_request("generic", {"difficulty": 9}, "Libre", "Sharla")     # no pool fixed: the player's choice
    assert mismatches(free, {"system": "generic", "dice": 2, "sides": 6, "explode": True, "difficulty": 9,
                             "label": "Libre"}, "Sharla") == []


@pytest.mark.parametrize("keep, flagged", [(None, False), (2, False), (1, True), (3, True)])
def test_a_request_that_fixes_generic_dice_keeps_them_all(keep, flagged):
    """A request cannot name ``keep`` (NOT_REQUESTABLE), so a fixed 2d6 keeps both dice: a player
    who forces the locked field open and keeps 1 is flagged, a keep of every die is not."""
    spec = new_request("generic", {"dice": 2, "sides": 6, "modifier": 1}, "Saltar el foso", "Sharla")
    roll = {"system": "generic", "dice": 2, "sides": 6, "modifier": 1, "label": "Saltar el foso"}
    if keep is not None:
        roll["keep"] = keep
    problems = mismatches(spec, roll, "Sharla")
    assert problems == ([f"keeps {keep} of the 2 requested dice"] if flagged else []), problems


def test_keep_is_free_when_the_request_does_not_fix_the_dice():
    spec = new_request("generic", {"difficulty": 10}, "Saltar el foso", "Sharla")
    assert mismatches(spec, {"system": "generic", "dice": 4, "sides": 6, "keep": 3, "difficulty": 10,
                             "label": "Saltar el foso"}, "Sharla") == []


def test_keep_is_free_when_the_request_fixes_only_the_sides():
    """«d20, vs 15» leaves how many dice (and so how many kept) to the player: 3d20 keep 1 matches."""
    spec = new_request("generic", {"sides": 20, "difficulty": 15}, "Percepción", "Ana")
    assert mismatches(spec, {"system": "generic", "dice": 3, "sides": 20, "keep": 1, "modifier": 5,
                             "difficulty": 15, "label": "Percepción"}, "Ana") == []
