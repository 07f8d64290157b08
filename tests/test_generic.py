"""The generic forum roll (sifrp.md §The generic forum roll)."""

import pytest

from tirada import roll
from tirada.errors import InvalidRequest
from tirada.systems.generic import keep_indices


def g(**kw):
    return roll({"system": "generic", **kw})


def test_keep_highest_with_modifier_and_difficulty():
    r = g(dice=4, sides=10, keep=2, modifier=3, difficulty=20, faces=[7, 10, 2, 9])
    assert r["kept"] == [10, 9] and r["kept_indices"] == [1, 3]
    assert r["dropped"] == [7, 2]
    assert r["total"] == 22 and r["success"] is True and r["margin"] == 2


def test_keep_lowest():
    r = g(dice=3, sides=20, keep=1, keep_lowest=True, faces=[15, 4, 9])
    assert r["kept"] == [4] and r["total"] == 4
    assert "success" not in r


def test_keep_defaults_to_all_and_failure_below_difficulty():
    r = g(dice=3, sides=6, modifier=-2, difficulty=12, faces=[3, 4, 5])
    assert r["kept"] == [5, 4, 3] and r["total"] == 10
    assert r["success"] is False and r["margin"] == -2


def test_ties_keep_the_earlier_die():
    assert keep_indices([5, 6, 5, 6], 3) == [1, 3, 0]
    assert keep_indices([2, 1, 1], 2, lowest=True) == [1, 2]


def test_seeded_roll_is_replayable():
    a = g(dice=5, sides=8, keep=3, seed="ab" * 16)
    b = g(dice=5, sides=8, keep=3, seed="ab" * 16)
    assert a == b and a["seed"] == "ab" * 16 and len(a["faces"]) == 5


@pytest.mark.parametrize("req, field", [
    ({"dice": 2, "sides": 1}, "sides"),
    ({"dice": 0, "sides": 6}, "dice"),
    ({"dice": 101, "sides": 6}, "dice"),
    ({"dice": "3", "sides": 6}, "dice"),
    ({"dice": 2, "sides": 6, "keep": 3}, "keep"),
    ({"dice": 2, "sides": 6, "keep": 0}, "keep"),
    ({"dice": 2, "sides": 6, "modifier": 1.5}, "modifier"),
    ({"dice": 2, "sides": 6, "keep_lowest": "yes"}, "keep_lowest"),
    ({"dice": 2, "sides": 6, "bogus": 1}, "bogus"),
    ({"sides": 6}, "dice"),
])
def test_invalid_requests_name_the_field(req, field):
    with pytest.raises(InvalidRequest) as err:
        g(**req)
    assert err.value.field == field
    assert str(err.value).startswith(field)


def test_unknown_system_and_non_object():
    with pytest.raises(InvalidRequest, match="unknown system"):
        roll({"system": "d&d"})
    with pytest.raises(InvalidRequest, match="JSON object"):
        roll([1, 2])


def test_wrong_face_count_refused():
    with pytest.raises(InvalidRequest, match="more dice"):
        g(dice=3, sides=6, faces=[1, 2])
    with pytest.raises(InvalidRequest, match="used only 3"):
        g(dice=3, sides=6, faces=[1, 2, 3, 4])
