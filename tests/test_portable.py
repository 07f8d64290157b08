"""tirada.portable: what the reading core uses where MicroPython lacks a standard module or method
(issue #41; docs/architecture.md §The reading core). On CPython the standard library answers, so
each fallback is checked here against it, the way MicroPython will take it."""

from __future__ import annotations

import random
import sys
import unicodedata
from collections.abc import Mapping
from datetime import datetime, timedelta, timezone
from urllib.parse import unquote, unquote_to_bytes

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tirada import portable, portable_text, unicode_core_data
from tirada.links.chain import ChainState
from tirada.errors import InvalidRequest
from tirada.systems import SYSTEMS
from tirada.wire.frame import _unquote

CATEGORIES = ("Cc", "Cs", "Cf", "Co", "Zl", "Zp", "Mn", "Me", "Zs", "Nd")
SAME_UNICODE = unicodedata.unidata_version == unicode_core_data.UNIDATA_VERSION


def _fallback_category(ch: str) -> str:
    return portable._lookup("category", ch) or "Lo"


def _fallback_unsafe(ch: str) -> bool:
    return ord(ch) >= 0x300 and portable._lookup("nfc", ch) is not None


@pytest.mark.slow   # every code point: seconds
@pytest.mark.skipif(not SAME_UNICODE, reason="the table is CPython 3.11's Unicode (Pyodide has a newer one)")
def test_category_table_matches_unicodedata_for_every_code_point():
    wrong = [hex(cp) for cp in range(0x110000)
             if _fallback_category(chr(cp)) != (c if (c := unicodedata.category(chr(cp))) in CATEGORIES else "Lo")]
    assert wrong == []


@pytest.mark.slow   # every code point: seconds
@pytest.mark.skipif(not SAME_UNICODE, reason="the table is CPython 3.11's Unicode (Pyodide has a newer one)")
def test_a_text_without_nfc_unsafe_characters_is_its_own_nfc():
    safe = [chr(cp) for cp in range(0x110000) if not _fallback_unsafe(chr(cp)) and not 0xD800 <= cp < 0xE000]
    assert all(unicodedata.normalize("NFC", ch) == ch for ch in safe)
    rng = random.Random(41)
    for _ in range(20000):   # pairs and runs: nothing composes with what comes before
        text = "".join(rng.choice(safe) for _ in range(rng.randint(2, 6)))
        assert unicodedata.is_normalized("NFC", text), [hex(ord(c)) for c in text]


@pytest.mark.slow   # every code point: seconds
@pytest.mark.skipif(not SAME_UNICODE, reason="the table is CPython 3.11's Unicode (Pyodide has a newer one)")
def test_space_fallback_matches_isspace():
    fallback = [cp for cp in range(0x110000) if (chr(cp) in portable._SPACES or
                                                 _fallback_category(chr(cp)) in ("Zs", "Zl", "Zp")) != chr(cp).isspace()]
    assert fallback == []


@pytest.mark.skipif(sys.version_info[:2] != (3, 11), reason="generated with CPython 3.11")
def test_unicode_table_is_up_to_date():
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1] / "tools"))
    try:
        import unicode_core_table
    finally:
        sys.path.pop(0)
    assert unicode_core_table.render() == unicode_core_table.OUT.read_text(encoding="utf-8")


def test_nfc_and_friends_use_unicodedata_here():
    assert portable.nfc("Cafe\u0301") == "Caf\u00e9"
    assert not portable.is_nfc("Cafe\u0301") and portable.is_nfc("Caf\u00e9")
    assert portable.normalize("NFKC", "\uff21") == "A"
    assert portable.casefold("Stra\u00dfe") == "strasse"
    assert portable.category("\u200d") == "Cf" and portable.category("a") == "Ll"


def test_without_unicodedata_nfc_refuses_only_what_could_change(monkeypatch):
    monkeypatch.setattr(portable, "_unicodedata", None)
    assert portable.nfc("Ñandú 🎲 שלום") == "Ñandú 🎲 שלום"
    with pytest.raises(portable.NeedsFullEngine):
        portable.nfc("Cafe\u0301")
    assert portable.normalize("NFKC", "Sharla") == "Sharla"
    with pytest.raises(portable.NeedsFullEngine):
        portable.normalize("NFKC", "\uff21")
    assert portable.category("\u200d") == "Cf" and portable.category("a") == "Lo"


def test_no_secure_source_says_so(monkeypatch):
    assert len(portable.token_hex(16)) == 32
    monkeypatch.setattr(portable, "_secrets", None)
    with pytest.raises(portable.NeedsFullEngine):
        portable.token_hex(16)


def test_casefold_without_str_casefold():
    class Text(str):   # a str whose casefold is missing, as on MicroPython
        casefold = None  # type: ignore[assignment]

    assert portable.casefold(Text("AbC")) == "abc"
    assert portable.casefold(Text("Éxito CRÍTICO · Straße İ ΣΑΣ")) == "Éxito CRÍTICO · Straße İ ΣΑΣ".casefold()


@pytest.mark.skipif(not SAME_UNICODE, reason="the tables are of another Unicode version")
def test_the_casefold_tables_fold_every_character_as_cpython():
    wrong = [hex(cp) for cp in range(0x110000) if portable._fold_char(chr(cp)) != chr(cp).casefold()]
    assert wrong == []


def test_escape_html_and_quote_match_the_standard_library():
    import html
    from urllib.parse import quote

    for text in ("a<b>&\"c'", "plain", "«Arenas» & <i>", "https://x.example/a b?c=ñ#t1AB%20", ""):
        assert portable_text.escape_html(text) == html.escape(text)
        assert portable_text.quote(text, safe="-._~:/?#@!$&'*+,;=%") == quote(text, safe="-._~:/?#@!$&'*+,;=%")
    saved = portable._quote
    portable._quote = None        # as on MicroPython
    try:
        for text in ("https://x.example/a b?c=ñ#t1AB%20", "ü€😀 /[]"):
            assert portable_text.quote(text, safe="/") == quote(text, safe="/")
    finally:
        portable._quote = saved


def test_rtl_and_alnum_without_unicodedata(monkeypatch):
    assert portable_text.is_rtl("\u05d0") and portable_text.is_rtl("\u0627") and not portable_text.is_rtl("a")
    assert portable_text.is_alnum("ñ") and not portable_text.is_alnum("·")
    monkeypatch.setattr(portable, "_unicodedata", None)
    assert not portable_text.is_rtl("é") and not portable_text.is_rtl("\uff3b") and not portable_text.is_rtl("\u2014")
    with pytest.raises(portable.NeedsFullEngine):
        portable_text.is_rtl("\u05d0")
    assert portable_text.is_alnum("a") and not portable_text.is_alnum(".")
    with pytest.raises(portable.NeedsFullEngine):
        portable_text.is_alnum("ñ")


def test_utc_iso_matches_datetime():
    epoch = datetime(1970, 1, 1, tzinfo=timezone.utc)
    rng = random.Random(7)
    for seconds in [0, 951782400, 1796000000, 253402300799] + [rng.randint(0, 253402300799) for _ in range(20000)]:
        assert portable.utc_iso(seconds) == (epoch + timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%SZ")


@settings(deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers()), max_size=30), st.booleans())
def test_stable_sorted_is_sorted(items, reverse):
    def key(pair):
        return pair[0]

    assert portable.stable_sorted(items, key, reverse) == sorted(items, key=key, reverse=reverse)


def test_merged_keeps_order_and_later_wins():
    out = portable.merged({"a": 1, "b": 2}, {"c": 3, "a": 4})
    assert out == {"a": 4, "b": 2, "c": 3} and list(out) == ["a", "b", "c"]


def test_fullmatch_without_pattern_fullmatch():
    import re

    class Pattern:   # a compiled pattern without fullmatch, as on MicroPython
        def __init__(self, text):
            self._p = re.compile(text)

        def match(self, text):
            return self._p.match(text)

    long = "ab-_" * 5000       # read in pieces there (MicroPython's re overflows its stack on 20,000)
    for text in ("", "abc-_", "ab$c", "$", long, long + "$", "$" + long, long[:4096] + "$" + long):
        assert portable.fullmatch(Pattern(r"[A-Za-z0-9_-]*"), text) == bool(re.fullmatch(r"[A-Za-z0-9_-]*", text))
        assert portable.fullmatch(Pattern(r"[a-z_-]+"), text) == bool(re.fullmatch(r"[a-z_-]+", text))


def test_small_helpers():
    assert portable.bisect_right([1, 3, 3, 7], 3) == 3 and portable.bisect_right([], 1) == 0
    assert portable.is_ascii("") and portable.is_ascii("ab~") and not portable.is_ascii("á")
    assert portable.is_whole(3.0) and not portable.is_whole(3.5)
    assert not portable.is_whole(float("inf")) and not portable.is_whole(float("nan"))
    assert portable.is_decimal("7") and portable.is_decimal("\u0663") and not portable.is_decimal("x")
    assert portable.import_module(".dice", "tirada") is sys.modules["tirada.dice"]
    assert portable.import_module("..errors", "tirada.wire") is sys.modules["tirada.errors"]


def test_struct_records_behave_like_frozen_dataclasses():
    state = ChainState("Sharla", "Arenas", 0, None)
    assert state == ChainState("Sharla", "Arenas") and hash(state) == hash(ChainState("Sharla", "Arenas"))
    assert repr(state) == "ChainState(roller='Sharla', campaign='Arenas', seq=0, last=None)"
    with pytest.raises(AttributeError):
        state.seq = 3   # type: ignore[misc]
    with pytest.raises(InvalidRequest):   # replace goes through __init__: the checks run again
        state.replace(seq=2)
    with pytest.raises(TypeError):
        state.replace(colour="red")
    assert ChainState(" Sharla ").roller == "Sharla"   # the checks still normalise


def test_registry_table_view_is_still_a_mapping():
    assert isinstance(SYSTEMS, Mapping)
    assert SYSTEMS.get("sifrp") == "tirada.systems.sifrp" and SYSTEMS.get(["x"]) is None
    assert dict(SYSTEMS) == dict(SYSTEMS.items()) and SYSTEMS == dict(SYSTEMS)
    assert "sifrp" in SYSTEMS.keys() and len(list(SYSTEMS.values())) == len(SYSTEMS)


@settings(max_examples=300, deadline=None)   # Pyodide is slower
@given(st.text(alphabet="%2Ga0fF%\u00e9\u20acxyz3E8", max_size=12))
def test_percent_decoding_matches_urllib(text):
    try:
        unquote_to_bytes(text).decode("utf-8")
        expected = unquote(text, errors="strict")
    except UnicodeDecodeError:
        expected = text
    assert _unquote(text) == expected


_SPACEY = st.text(alphabet=st.sampled_from(list(" a\t\n\u2003\x1c\x85\u200b\u3000é\u00a0\u2028x")), max_size=14)


@given(_SPACEY)
@settings(max_examples=400, deadline=None)
def test_collapse_spaces_is_the_pattern_with_and_without_unicodedata(text):
    import re

    want = re.sub(r"\s+", " ", text).strip()
    assert portable_text.collapse_spaces(text) == want
    saved = portable._unicodedata
    portable._unicodedata = None        # as on MicroPython: the table's categories
    try:
        assert portable_text.collapse_spaces(text) == want
        assert [portable.is_space(ch) for ch in text] == [ch.isspace() for ch in text]
    finally:
        portable._unicodedata = saved


@given(_SPACEY)
@settings(max_examples=300, deadline=None)
def test_strip_is_str_strip_with_and_without_unicodedata(text):
    assert portable.strip(text) == text.strip() and portable.has_unicodedata()
    saved = portable._unicodedata
    portable._unicodedata = None        # as on MicroPython: Unicode spaces from the table
    try:
        assert portable.strip(text) == text.strip() and not portable.has_unicodedata()
    finally:
        portable._unicodedata = saved


def test_the_table_tells_decimal_digits_of_every_script():
    """MicroPython has no ``isdecimal``: :func:`tirada.portable.is_decimal` reads category Nd from the
    table there (what ``\\d`` matches, the notation's digits)."""
    for ch in "0٣۵५๙１𝟘\u00b2½a ":
        assert (portable._lookup("category", ch) == "Nd" if ord(ch) >= 0x80 else ch in "0123456789") == ch.isdecimal(), ch
