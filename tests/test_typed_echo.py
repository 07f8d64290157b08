"""A refused value is echoed the way the player typed it (issue: "a huge typed number is echoed in
scientific form"): typing 1000000000000000000000 into a numeric field gave "(has puesto 1.0e+21)".
Every error whose params carry a typed value shows its digits, cut with "…" past
:data:`tirada.fields.ECHO_CHARS` characters, in Spanish and English; none of them raises on a number
too long for ``str()``.

CPython only for the page wording (imports web/ from the repository).
"""

from __future__ import annotations

import sys

import pytest

from tirada.dice import DiceStream, FixedFaces
from tirada.errors import InvalidRequest, TiradaError
from tirada.fields import ECHO_CHARS, echo, get_bool, get_choice, get_int, typed_int
from tirada.systems import roll

HUGE = "1000000000000000000000"          # 10**21: what a player types
SHOWN = HUGE[:ECHO_CHARS] + "…"           # "100000000000…"
SEED = "00112233445566778899aabbccddeeff"


def _refusal(call) -> TiradaError:
    with pytest.raises(TiradaError) as info:
        call()
    return info.value


# ------------------------------------------------------------------------------------ echo itself
@pytest.mark.parametrize("value, shown", [
    (25, "25"), (-3, "-3"), (10 ** 21, SHOWN), (-10 ** 21, "-10000000000…"), (123456789012, "123456789012"),
    (1234567890123, "123456789012…"), (1e21, SHOWN), (2.5, "2.5"), (float("inf"), "inf"),
    ("abc", "abc"), ("x" * 30, "x" * ECHO_CHARS + "…"), (True, "True"), ([1, 2], "[1, 2]"),
])
def test_echo_shows_digits_and_cuts_long_values_with_an_ellipsis(value, shown):
    assert echo(value) == shown
    assert "e+" not in echo(value)


def test_echo_never_raises_on_a_number_too_long_for_str():
    """CPython refuses ``str()`` of an int over 4,300 digits; the echo still shows its leading digits."""
    assert echo(7 * 10 ** 5000 + 1) == "700000000000…"
    assert echo(-(10 ** 9000)) == "-10000000000…"
    assert echo([10 ** 5000]) == "list"
    assert echo(10 ** 5000, 40) == "1" + "0" * 39 + "…"


# ------------------------------------------------------------------------ engine: the raise sites
@pytest.mark.parametrize("typed", [HUGE, "-" + HUGE, "9" * 100])
def test_a_huge_typed_number_is_echoed_by_its_digits(typed):
    err = _refusal(lambda: get_int({"n": typed_int(typed)}, "n", lo=1, hi=20))
    assert err.code == "field.range"
    assert err.params["got"] == typed[:ECHO_CHARS] + "…"
    assert "e+" not in str(err) and err.params["got"] in str(err)


def test_a_short_typed_number_is_echoed_whole():
    err = _refusal(lambda: get_int({"n": typed_int("123456789012")}, "n", lo=1, hi=20))
    assert err.params["got"] == "123456789012"


@pytest.mark.parametrize("request_, code", [
    ({"system": "sifrp", "test_dice": 10 ** 21}, "field.range"),
    ({"system": "sifrp", "test_dice": 2, "difficulty": 10 ** 21}, "field.range"),
    ({"system": "generic", "dice": 10 ** 21, "sides": 6}, "field.range"),
    ({"system": "generic", "dice": 1, "sides": 10 ** 21}, "field.range"),
    ({"system": "generic", "dice": 1, "sides": 6, "modifier": -10 ** 21}, "field.range"),
])
def test_roll_requests_echo_huge_numbers_by_their_digits(request_, code):
    err = _refusal(lambda: roll({**request_, "seed": SEED}))
    assert err.code == code and "e+" not in err.params["got"] and "e+" not in str(err)
    assert err.params["got"] in (SHOWN, ("-" + HUGE)[:ECHO_CHARS] + "…")


@pytest.mark.parametrize("call, code", [
    (lambda: DiceStream(SEED).roll(10 ** 21), "dice.sides"),
    (lambda: DiceStream(SEED).roll(10 ** 5000), "dice.sides"),
    (lambda: FixedFaces(["9" * 30]), "faces.not_int"),
    (lambda: get_bool({"x": 10 ** 5000}, "x"), "field.not_bool"),
    (lambda: get_choice({"x": 10 ** 5000}, "x", ("a", "b")), "field.choice"),
    (lambda: get_int({"x": "9" * 5000}, "x"), "field.not_int"),
])
def test_other_sites_echo_without_scientific_form_or_a_traceback(call, code):
    """Before: ``{sides!r}`` / ``repr(value)`` of an int over 4,300 digits raised ValueError (a
    traceback, a blank page), and ``str(x)[:20]`` cut a value without saying so."""
    err = _refusal(call)
    assert err.code == code
    got = err.params["got"]
    assert "e+" not in got and len(got) <= 41 and (got.endswith("…") or len(got) <= ECHO_CHARS)


def test_brs_die_sizes_and_the_roll_link_layout_echo_huge_numbers():
    from tirada.wire.roll_layout import check_int
    from tirada.systems.brs.contest import contest

    err = _refusal(lambda: check_int(10 ** 5000, "modifier", -99, 99))
    assert (err.code, err.params["got"]) == ("field.range", "100000000000…")
    err = _refusal(lambda: contest({"player": "A", "player_dice": [10 ** 21]}))
    assert err.code == "brs.contest_size" and err.params["got"] == SHOWN


def test_brs_setup_die_size_echoes_digits():
    from tirada.systems.brs.config import Setup

    setup = {"seed": SEED, "players": [
        {"name": "A", "side": 0, "leader": True, "components": [{"name": "C", "traits": [
            {"trait": "T", "die": 10 ** 21, "aspect": "cunning"}]}]},
        {"name": "B", "side": 1, "leader": True, "components": [{"name": "D", "traits": [
            {"trait": "U", "die": 6, "aspect": "cunning"}]}]}]}
    err = _refusal(lambda: Setup.from_dict(setup))
    assert err.code in ("brs.die_size", "brs.die_size_no_d12") and err.params["got"] == SHOWN


# ------------------------------------------------------------------------------- page: both words
@pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
def test_the_page_echoes_the_typed_digits_in_spanish_and_english():
    from shell import refusal

    err = _refusal(lambda: roll({"system": "sifrp", "seed": SEED, "test_dice": typed_int(HUGE)}))
    assert isinstance(err, InvalidRequest)
    es, en = refusal.text(err, "es", "Dados de prueba"), refusal.text(err, "en", "Test dice")
    assert es == f"Dados de prueba: debe estar entre 1 y 20 (has puesto {SHOWN})"
    assert en == f"Test dice: must be from 1 to 20, got {SHOWN}"
    assert "e+" not in es + en
