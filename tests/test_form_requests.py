"""A request as the roll form reads it back (tirada.systems.form_requests; issue #40): each field is the
request's value, or the form's default when the request leaves it out; the request is not changed and
no shape makes it raise."""

from __future__ import annotations

import json

from tirada.systems.form_requests import fate_form_request, generic_form_request, l5r_form_request, sifrp_form_request
from tirada.systems.notation import parse


def test_a_generic_request_reads_its_values_or_the_forms_defaults():
    request = {"dice": 4, "sides": 6, "keep": 3, "modifier": 2, "difficulty": 12, "dialect": "foundry"}
    before = json.dumps(request)
    one = generic_form_request(request)
    assert (one.dice, one.sides, one.keep, one.modifier, one.difficulty, one.dialect) == (4, 6, 3, 2, 12, "foundry")
    assert one.names == frozenset(request) and json.dumps(request) == before
    left = generic_form_request({"dice": 3})
    assert (left.sides, left.modifier, left.keep, left.difficulty, left.bands, left.notation) == (0, 0, 3, None, None, None)
    assert generic_form_request({}).keep is None and generic_form_request({"dice": None}).dice is None
    parsed = generic_form_request(parse("2d20kl1+5 vs 15"))
    assert parsed.difficulty == 15 and parsed.keep_lowest is True and parsed.keep == 1


def test_a_sifrp_request_reads_its_values_or_the_forms_defaults():
    one = sifrp_form_request({"test_dice": 5, "difficulty": 15, "helpers": [2, 3], "extended_count": "successes",
                              "rivals": [{"name": "B"}, "junk"]})
    assert (one.test_dice, one.bonus_dice, one.difficulty, one.helpers, one.extended_count) == (5, 0, 15, [2, 3], "successes")
    assert one.rivals == ({"name": "B"}, {}) and one.extended_max == 10
    left = sifrp_form_request({"helpers": "2,3", "rivals": "no", "extended_count": ""})
    assert (left.test_dice, left.difficulty, left.helpers, left.rivals, left.extended_count) == (3, 9, None, (), None)
    assert sifrp_form_request({}).names == frozenset()


def test_fate_and_l5r_requests_read_what_their_forms_read_by_name():
    assert fate_form_request({"skill": 3}).skill == 3 and fate_form_request({}).skill == 0
    assert fate_form_request({"skill": None}).skill is None
    assert l5r_form_request({"stance": "fire"}).stance == "fire"
    assert l5r_form_request({"stance": None}).stance == "" == l5r_form_request({}).stance
