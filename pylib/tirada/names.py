"""Names people choose: one validator for every system, and look-alike detection (issue #18).

Every name a user types — a roller, a campaign label, a Blood Red Sands player, side or piece, a
Tragedia character, Trait or Domain, a saved character — goes through :func:`check_name`, so a
name that a roll link refuses is refused everywhere: no bidi control (U+202E would reverse the
engine's own sentences on the board), no zero-width character, no control character.

Two names *look alike* when their :func:`skeleton` is the same: the UTS #39 confusables skeleton
(Unicode Technical Standard #39 §4, prototypes from Unicode's ``confusables.txt``) taken after NFKC
(fullwidth and mathematical letters), with marks, invisible format characters and blank-looking
letters dropped and case folded — so a Cyrillic "а", a capital "I" for "l", small capitals, an
all-Cyrillic spelling or a dot below give the same skeleton as the plain name. :func:`mixed_script`
is the UTS #39 §5.1 "highly restrictive" test: one script per name, except Latin with Han and
Japanese kana, Bopomofo or Hangul. The tables are generated from maintained packages by
``tools/lookalike_table.py`` (:mod:`tirada.lookalike_data`, about 60 KB, imported on first use).

Public API: :data:`HIDDEN`, :func:`hidden_char`, :func:`check_name`, :func:`skeleton`,
:func:`scripts`, :func:`mixed_script`, :func:`lookalikes`.
"""

from __future__ import annotations

import bisect
import unicodedata
from typing import Any, Iterable

from .errors import InvalidRequest

__all__ = ["HIDDEN", "check_name", "hidden_char", "lookalikes", "mixed_script", "scripts", "skeleton", "visible"]

#: invisible characters refused in every name and link text: bidi controls (they reorder or
#: disguise text), zero-width space, word joiner and BOM (ZWJ stays: emoji need it).
HIDDEN = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f"
                   "\u061c\u200b\u2060\ufeff")
#: letters that show as blank space (Hangul fillers, braille blank, grapheme joiner)
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f")
#: UTS #39 §5.1 highly restrictive: the script sets a single name may use besides one script
_ALLOWED_MIXES = (frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}), frozenset({"LATIN", "HAN", "BOPOMOFO"}),
                  frozenset({"LATIN", "HAN", "HANGUL"}))
_TABLES: dict = {}


def hidden_char(text: str) -> str | None:
    """The first character of ``text`` that no name may hold (a control character, a surrogate or
    one of :data:`HIDDEN`), or ``None``."""
    for ch in text:
        if ch in HIDDEN or unicodedata.category(ch) in ("Cc", "Cs"):
            return ch
    return None


def check_name(value: Any, field: str, max_len: int, cls: type = InvalidRequest, rule: str | None = None,
               required: bool = True) -> str:
    """A name typed by a user, trimmed: the one validator of every system.

    Args:
        value: the text given; field: the field named in the error; max_len: most characters
        (after trimming); cls: the error class; rule: the rule named in the error; required: when
        False an absent or blank name gives ``""``.
    Returns:
        the trimmed name.
    Raises:
        ``cls``: not text, blank when required, longer than ``max_len``, or holding a control
        character, a bidi control or a zero-width character (the code point is named).
    """
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        raise cls("must be text", field=field, rule=rule, code="field.not_text")
    text = value.strip()
    if not text and required:
        raise cls(f"must be a name of 1 to {max_len} characters", field=field, rule=rule, code="name.length",
                  params={"n": max_len})
    if len(text) > max_len:
        raise cls(f"must be at most {max_len} characters, got {len(text)}", field=field, rule=rule,
                  code="field.too_long", params={"n": max_len, "got": len(text)})
    bad = hidden_char(text)
    if bad is not None:
        raise cls(f"may not contain the invisible or control character U+{ord(bad):04X}", field=field, rule=rule,
                  code="name.hidden_char", params={"char": f"U+{ord(bad):04X}"})
    return text


def _tables() -> tuple:
    """``(prototypes dict, script starts, script names of each start)``, built once."""
    if not _TABLES:
        from . import lookalike_data as data

        pairs = "".join(data.PROTOTYPES).split("\x1e")
        _TABLES["map"] = dict(p.split("\x1f", 1) for p in pairs if p)
        _TABLES["starts"] = data.SCRIPT_STARTS
        _TABLES["names"] = tuple(data.SCRIPT_NAMES[i] for i in data.SCRIPT_INDEXES)
    return _TABLES["map"], _TABLES["starts"], _TABLES["names"]


def visible(text: str) -> bool:
    """True when ``text`` shows at least one character: not only spaces, format or combining
    characters and letters that show as blank (Hangul fillers, braille blank, grapheme joiner)."""
    return any(_visible(ch) for ch in text)


def _visible(ch: str) -> bool:
    return ch not in _BLANKS and not ch.isspace() and unicodedata.category(ch) not in (
        "Cf", "Cc", "Mn", "Me", "Zs", "Zl", "Zp")


def skeleton(text: str) -> str:
    """What ``text`` looks like: equal skeletons ⇒ the two texts can pass for each other.

    NFKC → NFD → drop marks, format/invisible characters, spaces and blank-looking letters → map
    each character to its UTS #39 prototype → case-fold → map again → NFD. Linear in ``len(text)``.
    """
    table = _tables()[0]
    text = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text))
    text = "".join(table.get(ch, ch) for ch in text if _visible(ch))
    text = unicodedata.normalize("NFD", text).casefold()
    text = "".join(table.get(ch, ch) for ch in text if _visible(ch))
    return unicodedata.normalize("NFD", text)


def scripts(text: str) -> frozenset:
    """The Unicode scripts of ``text``'s letters (``{"LATIN", "CYRILLIC"}``), without Common and
    Inherited (digits, punctuation, marks)."""
    _, starts, names = _tables()
    found = {names[bisect.bisect_right(starts, ord(ch)) - 1] for ch in text}
    return frozenset(found - {"COMMON", "INHERITED", "UNKNOWN"})


def mixed_script(text: str) -> bool:
    """True when ``text`` mixes scripts in a way UTS #39 §5.1 "highly restrictive" does not allow
    (a Latin name with one Cyrillic or Greek letter, say)."""
    found = scripts(text)
    return len(found) > 1 and not any(found <= allowed for allowed in _ALLOWED_MIXES)


def lookalikes(names: Iterable[str], most: int = 10) -> dict:
    """``{name: up to ``most`` other names with the same skeleton, sorted}`` for the names that
    have any.

    Grouped by skeleton (one pass, a dict) and each list capped: linear in the total length of the
    names, whatever their number and however many share one skeleton.
    """
    groups: dict = {}
    for name in set(names):
        groups.setdefault(skeleton(name), []).append(name)
    out = {}
    for same in groups.values():
        if len(same) > 1:
            head = sorted(same)[:most + 1]
            for name in same:
                out[name] = [n for n in head if n != name][:most]
    return out
