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

Names and campaigns are under one rule (issue #38): besides :data:`HIDDEN`, a roller name, a campaign
label and every typed name refuse characters that show as nothing or as blank space
(:func:`blank_char`: the braille blank U+2800, Hangul fillers U+3164 / U+115F, the soft hyphen U+00AD, the
combining grapheme joiner U+034F, the Mongolian vowel separator U+180E, tag characters U+E0020…, every
format character but the zero-width joiner emoji need), so two chains cannot differ only by what nobody
sees. A new chain whose roller or campaign mixes scripts (a Cyrillic "а" in a Latin name) is refused by the
chain book (:func:`check_chain_names`); links carrying one are flagged by the thread audit.

Public API: :data:`HIDDEN`, :func:`hidden_char`, :func:`blank_char`, :func:`check_name`,
:func:`check_chain_names`, :func:`refuse_blank`, :func:`skeleton`, :func:`scripts`, :func:`mixed_script`, :func:`lookalikes`,
:func:`person`.
"""

from __future__ import annotations

from typing import Any, Iterable

from .errors import InvalidRequest
from .portable import bisect_right, casefold, category, normalize

__all__ = ["HIDDEN", "blank_char", "check_chain_names", "check_name", "hidden_char", "lookalikes", "mixed_script", "refuse_blank",
           "person", "scripts", "skeleton", "visible"]

#: invisible characters refused in every name and link text: bidi controls (they reorder or
#: disguise text), zero-width space, word joiner and BOM (ZWJ stays: emoji need it).
HIDDEN = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f"
                   "\u061c\u200b\u2060\ufeff")
#: letters that show as blank space (Hangul fillers, braille blank, grapheme joiner)
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5")
#: the one format character a name may hold: the zero-width joiner inside emoji sequences
_JOINER = "\u200d"
#: UTS #39 §5.1 highly restrictive: the script sets a single name may use besides one script
_ALLOWED_MIXES = (frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}), frozenset({"LATIN", "HAN", "BOPOMOFO"}),
                  frozenset({"LATIN", "HAN", "HANGUL"}))
_TABLES: dict = {}


def hidden_char(text: str) -> str | None:
    """The first character of ``text`` that no name may hold (a control character, a surrogate or
    one of :data:`HIDDEN`), or ``None``."""
    for ch in text:
        if ch in HIDDEN or category(ch) in ("Cc", "Cs"):
            return ch
    return None


def blank_char(text: str, strict: bool = True) -> str | None:
    """The first character of ``text`` that shows as nothing or as blank space and so could tell two
    names apart unseen: a :data:`HIDDEN` or control character, a letter or symbol that draws blank
    (U+2800, U+3164, U+115F, U+1160, U+FFA0, U+17B4/5), the combining grapheme joiner U+034F, a format
    character (category Cf: U+00AD, U+180E, U+E0020…, but not the zero-width joiner U+200D), a line or
    paragraph separator; else ``None``. Plain spaces are not blank characters (they show as spaces).
    ``strict=False`` (names that never name a chain: a Trait, a sheet) leaves format characters,
    private-use characters and separators to the caller. Unassigned code points are never refused (the
    Unicode versions of CPython 3.11 and of Pyodide differ: a new emoji must read alike on both)."""
    for ch in text:
        if ch in HIDDEN or ch in _BLANKS:
            return ch
        kind = category(ch)
        # not "Cn": a code point unassigned in CPython 3.11's Unicode may be a new emoji in Pyodide's
        if kind in ("Cc", "Cs") or (strict and (kind in ("Co", "Zl", "Zp")
                                                or (kind == "Cf" and ch != _JOINER))):
            return ch
    return None


def refuse_blank(text: str, field: str, cls: type, rule: str | None, strict: bool = True) -> None:
    """Raise ``cls`` (``name.hidden_char`` for a control/bidi/zero-width character, else
    ``name.blank_char``) when ``text`` holds a :func:`blank_char`, or ``name.invisible`` when nothing in
    it shows at all. ``strict``: as :func:`blank_char`."""
    bad = blank_char(text, strict)
    if bad is not None:
        hidden = bad in HIDDEN or category(bad) in ("Cc", "Cs")
        raise cls(f"may not contain the {'invisible or control' if hidden else 'blank-looking'} character "
                  f"U+{ord(bad):04X}", field=field, rule=rule, code="name.hidden_char" if hidden else "name.blank_char",
                  params={"char": f"U+{ord(bad):04X}"})
    if text and not visible(text):
        raise cls("must show at least one visible character", field=field, rule=rule, code="name.invisible")


def check_chain_names(roller: str, campaign: str, cls: type = InvalidRequest, rule: str | None = None) -> None:
    """Refuse a *new* chain whose roller name or campaign label mixes scripts the way UTS #39 "highly
    restrictive" does not allow (:func:`mixed_script`; code ``name.mixed_script``, params ``field``,
    ``scripts``): a Latin campaign with one Cyrillic letter is a look-alike of another campaign, never
    a new one. Chains already stored keep working (the audit flags their links)."""
    for field, text in (("roller", roller), ("campaign", campaign)):
        if text and mixed_script(text):
            found = ", ".join(sorted(scripts(text))).lower()
            raise cls(f"mixes scripts ({found}): it would look like another name", field=field, rule=rule,
                      code="name.mixed_script", params={"scripts": found})


def person(roller: str) -> str:
    """The key of the person behind a roller name: its :func:`skeleton` (rollers whose names look the
    same are one person for the audit's luck report and grouping)."""
    return skeleton(roller)


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
        character, a bidi control, a zero-width character or a blank-looking letter or symbol
        (:func:`blank_char` with ``strict=False``; the code point is named), or showing nothing at
        all (``name.invisible``). A roller name and a campaign (they name chains) also refuse every
        format character (:func:`tirada.wire.roll_layout.check_text`).
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
    refuse_blank(text, field, cls, rule, strict=False)   # chain names (roller, campaign) are stricter
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
    return ch not in _BLANKS and not ch.isspace() and category(ch) not in (
        "Cf", "Cc", "Mn", "Me", "Zs", "Zl", "Zp")


def skeleton(text: str) -> str:
    """What ``text`` looks like: equal skeletons ⇒ the two texts can pass for each other.

    NFKC → NFD → drop marks, format/invisible characters, spaces and blank-looking letters → map
    each character to its UTS #39 prototype → case-fold → map again → NFD. Linear in ``len(text)``.
    """
    table = _tables()[0]
    text = normalize("NFD", normalize("NFKC", text))
    text = "".join(table.get(ch, ch) for ch in text if _visible(ch))
    text = casefold(normalize("NFD", text))
    text = "".join(table.get(ch, ch) for ch in text if _visible(ch))
    return normalize("NFD", text)


def scripts(text: str) -> frozenset:
    """The Unicode scripts of ``text``'s letters (``{"LATIN", "CYRILLIC"}``), without Common and
    Inherited (digits, punctuation, marks)."""
    _, starts, names = _tables()
    found = {names[bisect_right(starts, ord(ch)) - 1] for ch in text}
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


def chain_key(roller: str, campaign: str) -> str:
    """The storage key of a roller chain in the chain book: ``"<roller>\n<campaign>"``
    (docs/link-format.md §6; :mod:`tirada.chainbook`)."""
    return roller + "\n" + campaign
