"""Plural forms through the stdlib's gettext machinery, for the engine's few bilingual texts.

The engine writes forum-facing summaries in English and Spanish (the thread audit, the L5R
snippet line). Their counted words go through :func:`ngettext`: English is the gettext source
language (``msgid`` / ``msgid_plural``) and Spanish comes from an in-memory GNU ``.mo`` catalog whose
header carries Spanish's ``Plural-Forms`` rule, so :class:`gettext.GNUTranslations` picks the form.
:func:`mo_catalog` also serves the page's catalog (web/shell/i18n.py).
"""

from __future__ import annotations

import io
import struct

try:
    import gettext
except ImportError:   # MicroPython (the reading core): the same table, the same rule, read directly
    gettext = None   # type: ignore[assignment]

__all__ = ["PLURAL_FORMS", "mo_catalog", "ngettext"]

#: The gettext Plural-Forms header of each language Tirada speaks.
PLURAL_FORMS = {"es": "nplurals=2; plural=(n != 1);", "en": "nplurals=2; plural=(n != 1);"}

#: English (singular, plural) → Spanish (singular, plural) of the engine's counted words.
SPANISH = {
    ("valid roll", "valid rolls"): ("tirada válida", "tiradas válidas"),
    ("not posted", "not posted"): ("sin publicar", "sin publicar"),
    ("fork", "forks"): ("bifurcación", "bifurcaciones"),
    ("chain restart", "chain restarts"): ("reinicio de cadena", "reinicios de cadena"),
    ("broken link", "broken links"): ("enlace roto", "enlaces rotos"),
    ("invalid", "invalid"): ("no válida", "no válidas"),
    ("name that looks like this one", "names that look like this one"):
        ("nombre casi igual a este", "nombres casi iguales a este"),
    ("signed move", "signed moves"): ("movimiento firmado", "movimientos firmados"),
    ("Confrontation move", "Confrontation moves"): ("jugada de Confrontación", "jugadas de Confrontación"),
    ("Confrontation start", "Confrontation starts"): ("inicio de Confrontación", "inicios de Confrontación"),
    ("scene roll", "scene rolls"): ("tirada de escena", "tiradas de escena"),
    ("problem with GM requests", "problems with GM requests"):
        ("problema con peticiones del máster", "problemas con peticiones del máster"),
    ("roll outside the requests", "rolls outside the requests"):
        ("tirada fuera de las peticiones", "tiradas fuera de las peticiones"),
    ("success", "successes"): ("éxito", "éxitos"),
    ("opportunity", "opportunities"): ("oportunidad", "oportunidades"),
    ("bonus", "bonus"): ("adicional", "adicionales"),
    ("sealed roll", "sealed rolls"): ("tirada sellada", "tiradas selladas"),
    ("revealed", "revealed"): ("revelada", "reveladas"),
    ("cannot be revealed from here", "cannot be revealed from here"):
        ("no se podrá revelar desde aquí", "no se podrán revelar desde aquí"),
}

_CATALOGS: dict = {}


def mo_catalog(messages: dict, plural_forms: str) -> gettext.GNUTranslations:
    """A gettext catalog of ``{(msgid, msgid_plural): (form0, form1, …)}`` under the header rule
    ``plural_forms`` (e.g. ``"nplurals=2; plural=(n != 1);"``), compiled in memory as a GNU .mo."""
    header = f"Content-Type: text/plain; charset=UTF-8\nPlural-Forms: {plural_forms}\n"
    pairs = [(b"", header.encode())]
    pairs += sorted((one.encode() + b"\0" + other.encode(), b"\0".join(f.encode() for f in forms))
                    for (one, other), forms in messages.items())
    count = len(pairs)
    orig_at, trans_at = 28, 28 + 8 * count
    data_at, blob, tables = trans_at + 8 * count, b"", []
    for index in (0, 1):
        for pair in pairs:
            tables.append(struct.pack("<2I", len(pair[index]), data_at + len(blob)))
            blob += pair[index] + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, count, orig_at, trans_at, 0, 0)
    return gettext.GNUTranslations(io.BytesIO(head + b"".join(tables) + blob))


def ngettext(singular: str, plural: str, n: int, lang: str = "en") -> str:
    """The form of an English word pair for the count ``n`` in ``lang`` ("es" | "en"). Without
    ``gettext`` (MicroPython) the form comes from :data:`SPANISH` by the same rule, ``n != 1`` (both
    languages' :data:`PLURAL_FORMS`); a pair missing there stays English, as gettext leaves it."""
    if gettext is None:
        forms = SPANISH.get((singular, plural), (singular, plural)) if lang == "es" else (singular, plural)
        return forms[1 if n != 1 else 0]
    if lang != "es":
        return gettext.NullTranslations().ngettext(singular, plural, n)
    if "es" not in _CATALOGS:
        _CATALOGS["es"] = mo_catalog(SPANISH, PLURAL_FORMS["es"])
    return _CATALOGS["es"].ngettext(singular, plural, n)
