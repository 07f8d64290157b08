"""Plural forms through the stdlib's gettext machinery (glue: no pyscript import, runs on CPython).

A catalog text that depends on a count is a pair ``(one, other)`` in ``strings.STRINGS``. For each
language this module compiles those pairs into an in-memory GNU ``.mo`` catalog (``tirada.plural``) whose
header carries the language's standard ``Plural-Forms`` rule, and asks :class:`gettext.GNUTranslations` for the form:
``ngettext`` evaluates the rule, so "1 dado" / "2 dados" never comes from string concatenation, and a
language with other plural rules only needs its header line and as many forms.

Why gettext and not Babel: Babel's plural rules come with its CLDR locale data (tens of MB unpacked),
too heavy for the page's Pyodide start-up; the stdlib's ``gettext`` is already in Pyodide and its
Plural-Forms evaluation is the standard one that ``.po`` tooling (and Babel itself) writes.
"""

from __future__ import annotations

import gettext
import string

from shell.strings import DEFAULT_LANG, STRINGS
from tirada.plural import PLURAL_FORMS, mo_catalog

_CATALOGS: dict = {}


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
        return catalog(lang).ngettext(key, key, count)
    return text


def fields_of(text: str) -> set:
    """The ``{placeholder}`` names a template uses."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def tn(key: str, lang: str, n: int, **params) -> str:
    """``key`` in ``lang`` in the plural form for ``n``, formatted with ``n`` and ``params``."""
    return template(key, lang, n).format(n=n, **params)
