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

#: catalog entries ``"err.<code>"`` → ``{"es", "en"}``: a text, or a pair ``(one, other)`` for a count ``{n}``
WORDS: dict = {
    "err.link.cut": {"es": "el enlace está cortado: vuelve a copiar el enlace completo",
                     "en": "the link was cut short: copy the whole link again"},
    "err.link.cut_or_changed": {"es": "el enlace está cortado o ha sido modificado: vuelve a copiar el enlace "
                                      "completo del mensaje",
                                "en": "the link was cut short or changed: copy the whole link from the post again"},
    "err.link.edited": {"es": "el enlace ha sido modificado o no lo hizo Tirada",
                        "en": "the link was changed or not made by Tirada"},
    "err.link.roll_data_damaged": {"es": "los datos de la tirada del enlace están dañados o modificados",
                                   "en": "the roll data in this link is damaged or changed"},
    "err.link.bad_character": {"es": "el enlace contiene un carácter que no puede estar en un enlace: {char}",
                               "en": "the link contains a character that cannot be in a link: {char}"},
    "err.link.not_tirada": {"es": "no es un enlace de Tirada (debe empezar por #t1 o #t2)",
                            "en": "this is not a Tirada link (it must start with #t1 or #t2)"},
    "err.link.empty": {"es": "no has pegado ningún enlace", "en": "no link given"},
    "err.link.too_long": {"es": ("el enlace es demasiado largo (más de {n} carácter)",
                                 "el enlace es demasiado largo (más de {n} caracteres)"),
                          "en": ("the link is too long (more than {n} character)",
                                 "the link is too long (more than {n} characters)")},
    "err.link.data_too_large": {"es": ("hay demasiados datos para un enlace (más de {n} byte)",
                                       "hay demasiados datos para un enlace (más de {n} bytes)"),
                                "en": ("the data is too large for a link (more than {n} byte)",
                                       "the data is too large for a link (more than {n} bytes)")},
    "err.link.too_deep": {"es": "los datos tienen demasiados niveles para un enlace",
                          "en": "the data is nested too deeply for a link"},
    "err.link.number_too_large": {"es": "un número es demasiado grande para un enlace",
                                  "en": "a number is too large for a link"},
    "err.link.value_unsupported": {"es": "hay un valor que no cabe en un enlace", "en": "a value cannot be put in a link"},
    "err.link.kind_unknown": {"es": "tipo de enlace desconocido", "en": "unknown kind of link"},
    "err.link.kind_newer": {"es": "este enlace contiene datos que esta versión de Tirada no conoce; una versión más "
                                  "nueva podría abrirlo",
                            "en": "this link holds data this version of Tirada does not know; a newer version may "
                                  "open it"},
    "err.link.format_newer": {"es": "este enlace usa el formato {version}, que esta versión de Tirada no sabe leer; "
                                    "ábrelo con una más nueva",
                              "en": "this link uses format {version}, which this version of Tirada cannot read; open "
                                    "it with a newer one"},
    "err.link.format_unknown": {"es": "formato de enlace desconocido ({version})", "en": "unknown link format ({version})"},
    "err.link.two_fragments": {"es": "esta dirección contiene más de un enlace (un segundo «#»): quien la abra solo "
                                     "vería uno",
                               "en": "this address holds more than one link (a second “#”): readers would see only "
                                     "one of them"},
    "err.audit.not_checked": {"es": "sin comprobar: este texto tiene demasiados datos de enlaces para revisarlos de "
                                    "una vez; audita el hilo por partes",
                              "en": "not checked: this text holds too much link data to check at once; audit the "
                                    "thread in parts"},
    "err.audit.claim": {"es": "el texto pone {said}, el enlace da {gives}",
                        "en": "the text says {said}, the link gives {gives}"},
}


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
