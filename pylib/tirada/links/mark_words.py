"""The words of a ✘ mark the reading core gives: a damaged roll link's refusal and a post's claim
that its link does not give (issue #41; docs/link-format.md §20).

The userscript's frame (:mod:`tirada.links.core_marks`) marks a link ✘ with the reasons
:func:`tirada.links.marks.mark_link` finds, each a problem ``{"code", "params"}`` the page words as
its catalog entry ``"err." + code`` in the request's language (web/audit/frame_answer.py through
web/shell/refusal.py ``message``). The entries those marks need before Pyodide is up live here,
once: the refusals of a link's frame and body (cut short, edited, a format or kind this Tirada does
not know…: :mod:`tirada.wire.frame`, :mod:`tirada.wire.codec`, the roll layouts), a link past the
work budget (``audit.not_checked``) and a snippet claiming another result (``audit.claim``,
:mod:`tirada.links.claims`). The page's catalog takes them from :data:`WORDS`
(web/shell/strings_errors.py), so the words are the same on both engines.

A refusal whose words need more (a roll the rules refuse names its field and nested cause:
``link.roll_invalid``) is not here: the core leaves that link to the full engine.

Plain Python of the reading core (runs unchanged on CPython, Pyodide and MicroPython;
docs/architecture.md §The reading core).
"""

from __future__ import annotations

from ..portable import NeedsFullEngine

__all__ = ["WORDS", "problem_text"]

#: ``(code, Spanish, English)``: each a text, or a pair ``(one, other)`` for a count ``{n}``
_TABLE = (
    ("link.cut",
     "el enlace está cortado: vuelve a copiar el enlace completo",
     "the link was cut short: copy the whole link again"),
    ("link.cut_or_changed",
     "el enlace está cortado o ha sido modificado: vuelve a copiar el enlace completo del mensaje",
     "the link was cut short or changed: copy the whole link from the post again"),
    ("link.edited",
     "el enlace ha sido modificado o no lo hizo Tirada",
     "the link was changed or not made by Tirada"),
    ("link.roll_data_damaged",
     "los datos de la tirada del enlace están dañados o modificados",
     "the roll data in this link is damaged or changed"),
    ("link.bad_character",
     "el enlace contiene un carácter que no puede estar en un enlace: {char}",
     "the link contains a character that cannot be in a link: {char}"),
    ("link.not_tirada",
     "no es un enlace de Tirada (debe empezar por #t1 o #t2)",
     "this is not a Tirada link (it must start with #t1 or #t2)"),
    ("link.empty",
     "no has pegado ningún enlace",
     "no link given"),
    ("link.too_long",
     ("el enlace es demasiado largo (más de {n} carácter)", "el enlace es demasiado largo (más de {n} caracteres)"),
     ("the link is too long (more than {n} character)", "the link is too long (more than {n} characters)")),
    ("link.data_too_large",
     ("hay demasiados datos para un enlace (más de {n} byte)",
      "hay demasiados datos para un enlace (más de {n} bytes)"),
     ("the data is too large for a link (more than {n} byte)",
      "the data is too large for a link (more than {n} bytes)")),
    ("link.too_deep",
     "los datos tienen demasiados niveles para un enlace",
     "the data is nested too deeply for a link"),
    ("link.number_too_large",
     "un número es demasiado grande para un enlace",
     "a number is too large for a link"),
    ("link.value_unsupported",
     "hay un valor que no cabe en un enlace",
     "a value cannot be put in a link"),
    ("link.kind_unknown",
     "tipo de enlace desconocido",
     "unknown kind of link"),
    ("link.kind_newer",
     "este enlace contiene datos que esta versión de Tirada no conoce; una versión más nueva podría abrirlo",
     "this link holds data this version of Tirada does not know; a newer version may open it"),
    ("link.format_newer",
     "este enlace usa el formato {version}, que esta versión de Tirada no sabe leer; ábrelo con una más nueva",
     "this link uses format {version}, which this version of Tirada cannot read; open it with a newer one"),
    ("link.format_unknown",
     "formato de enlace desconocido ({version})",
     "unknown link format ({version})"),
    ("link.two_fragments",
     "esta dirección contiene más de un enlace (un segundo «#»): quien la abra solo vería uno",
     "this address holds more than one link (a second “#”): readers would see only one of them"),
    ("audit.not_checked",
     "sin comprobar: este texto tiene demasiados datos de enlaces para revisarlos de una vez; audita el hilo "
     "por partes",
     "not checked: this text holds too much link data to check at once; audit the thread in parts"),
    ("audit.claim",
     "el texto pone {said}, el enlace da {gives}",
     "the text says {said}, the link gives {gives}"),
)
#: catalog entries ``"err.<code>"`` → ``{"es", "en"}``, the page's catalog shape (web/shell/strings.py)
WORDS: dict = {"err." + code: {"es": es, "en": en} for code, es, en in _TABLE}


def _param(value: object) -> str:
    """A param as the page writes it in a text (web/shell/refusal.py): text as itself, a whole
    number in digits; anything else (a nested refusal, a list, true/false) is the full engine's."""
    if isinstance(value, str):
        return value
    if isinstance(value, int) and value is not True and value is not False:
        return str(value)
    raise NeedsFullEngine("this param is worded by the full engine")


def _template(key: str, lang: str, n: object) -> str:
    """The text of ``key`` in ``lang`` (Spanish when missing); for a pair, the form for the count
    ``n`` by both languages' rule, ``n != 1`` (tirada.plural.PLURAL_FORMS; not a whole number: the
    "other" form), as web/shell/i18n.py ``template`` picks it."""
    entry = WORDS[key]
    text = entry.get(lang) or entry["es"]
    if isinstance(text, tuple):
        whole = isinstance(n, int) and n is not True and n is not False
        return text[0 if whole and n == 1 else 1]
    return text


def problem_text(problem: dict, lang: str) -> str:
    """The words of one reason a link is ✘ (``{"code", "params"}`` of a
    :class:`tirada.links.marks.Problem`) in ``lang`` ("es" | "en"): its :data:`WORDS` entry with
    each ``{name}`` filled from ``params`` (a missing one left empty), byte for byte what the page's
    web/shell/refusal.py ``message`` gives.

    Raises:
        NeedsFullEngine: a code without an entry here, or a param only the page's catalogs word.
    """
    key = "err." + str(problem.get("code"))
    if key not in WORDS:
        raise NeedsFullEngine("this refusal is worded by the full engine")
    params = problem.get("params") or {}
    text = _template(key, lang, params.get("n"))
    out = []
    at = 0
    while True:
        start = text.find("{", at)
        if start < 0:
            out.append(text[at:])
            return "".join(out)
        end = text.find("}", start)
        name = text[start + 1:end]
        out.append(text[at:start])
        if name in params:
            out.append(_param(params[name]))
        at = end + 1
