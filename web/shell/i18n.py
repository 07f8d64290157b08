"""Plural forms through the stdlib's gettext machinery (glue: no pyscript import, runs on CPython).

A catalog text that depends on a count is a pair ``(one, other)`` in ``strings.STRINGS``. For each
language this module compiles those pairs into an in-memory GNU ``.mo`` catalog (``tirada.plural``) whose
header carries the language's standard ``Plural-Forms`` rule, and asks :class:`gettext.GNUTranslations` for the form:
``ngettext`` evaluates the rule, so "1 dado" / "2 dados" never comes from string concatenation, and a
language with other plural rules only needs its header line and as many forms.

On MicroPython (the reading core's L5R board, issue #41), which has no ``gettext``, :func:`template`
picks the form by the same header rule read from :data:`RULES` (every rule ``tirada.plural`` gives a
language; a language with another rule fails loudly there until it is added), and :func:`fields` reads a
template's placeholders as ``string.Formatter().parse`` does, which MicroPython's ``string`` lacks
(tests/test_core_l5r_board.py checks both against the stdlib on every catalog text).

Why gettext and not Babel: Babel's plural rules come with its CLDR locale data (tens of MB unpacked),
too heavy for the page's Pyodide start-up; the stdlib's ``gettext`` is already in Pyodide and its
Plural-Forms evaluation is the standard one that ``.po`` tooling (and Babel itself) writes.
"""

from __future__ import annotations

try:
    import gettext
except ImportError:   # MicroPython (the reading core): RULES below picks the form
    gettext = None   # type: ignore[assignment]

from shell.strings import DEFAULT_LANG, STRINGS
from tirada.plural import PLURAL_FORMS, mo_catalog

_CATALOGS: dict = {}

#: The form index (0 singular, 1 plural) of each ``Plural-Forms`` header rule of :data:`PLURAL_FORMS`,
#: for MicroPython, which has no ``gettext`` to evaluate it.
RULES = {"nplurals=2; plural=(n != 1);": lambda n: 0 if n == 1 else 1}


def plural_index(lang: str, n: int) -> int:
    """The index of the form ``n`` asks for in ``lang`` by its header rule (:data:`RULES`), as
    ``gettext`` evaluates it.

    Raises:
        KeyError: ``lang``'s rule is not in :data:`RULES`."""
    return RULES[PLURAL_FORMS.get(lang, PLURAL_FORMS[DEFAULT_LANG])](n)


def catalog(lang: str) -> gettext.GNUTranslations:
    """The gettext catalog of ``lang``'s plural texts (built once per language)."""
    if lang not in _CATALOGS:
        forms = {(key, key): entry.get(lang) or entry[DEFAULT_LANG] for key, entry in STRINGS.items()
                 if isinstance(entry.get(lang) or entry[DEFAULT_LANG], tuple)}
        _CATALOGS[lang] = mo_catalog(forms, PLURAL_FORMS.get(lang, PLURAL_FORMS[DEFAULT_LANG]))
    return _CATALOGS[lang]


def template(key: str, lang: str, n: int | None = None) -> str:
    """The text of ``key`` in ``lang``; for a plural pair, the form ``n`` asks for (``n`` None → the
    "other" form). Unknown key → the key itself."""
    entry = STRINGS.get(key)
    if entry is None:
        return key
    text = entry.get(lang) or entry[DEFAULT_LANG]
    if isinstance(text, tuple):
        count = n if isinstance(n, int) and not isinstance(n, bool) else 2
        if gettext is None:
            return text[plural_index(lang, count)]
        return catalog(lang).ngettext(key, key, count)
    return text


def fields(text: str) -> list:
    """``[(literal, name, spec, conversion)]`` of a ``str.format`` template, as
    ``string.Formatter().parse`` gives them (``name`` None after the last field; ``{{`` / ``}}`` are
    literal braces), written out because MicroPython's ``string`` has no ``Formatter``.

    Raises:
        ValueError: an unmatched brace, as ``str.format`` raises."""
    out: list = []
    literal, i, size = "", 0, len(text)
    while i < size:
        ch = text[i]
        if ch in "{}" and text[i + 1:i + 2] == ch:   # a literal brace ends a chunk, as Formatter splits it
            out.append((literal + ch, None, None, None))
            literal, i = "", i + 2
            continue
        if ch == "}":
            raise ValueError("Single '}' encountered in format string")
        if ch != "{":
            literal += ch
            i += 1
            continue
        end, depth = i + 1, 1
        while end < size and depth:
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
        if depth:
            raise ValueError("expected '}' before end of string")
        field = text[i + 1:end - 1]
        conversion: str | None = None
        at = field.find("!")
        colon = field.find(":")
        if at >= 0 and (colon < 0 or at < colon):
            conversion, field = field[at + 1:at + 2], field[:at] + field[at + 2:]
            colon = field.find(":")
        name, spec = (field, "") if colon < 0 else (field[:colon], field[colon + 1:])
        out.append((literal, name, spec, conversion))
        literal, i = "", end
    if literal:
        out.append((literal, None, None, None))
    return out


def fields_of(text: str) -> set:
    """The ``{placeholder}`` names a template uses."""
    return {name for _, name, _, _ in fields(text) if name}


def tn(key: str, lang: str, n: int, **params) -> str:
    """``key`` in ``lang`` in the plural form for ``n``, formatted with ``n`` and ``params``."""
    return template(key, lang, n).format(n=n, **params)
