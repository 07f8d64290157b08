"""Is this text in the page's language? A word-list heuristic for the string tables and the page (issue #29).

English words that are never Spanish (and Spanish words that are never English, plus any word with
"ñ", an accented vowel, "¿" or "¡") are looked for in a text, after taking out what is legitimately in
the other language: ``{placeholders}``, HTML tags, quoted words (the Spanish source quoted in the
English page, «…» “…” "…"), tokens with digits ("Roll20", "d6") and a short allowlist of proper
names. Words both languages share ("no", "a", "dice", "error", "he") are not on the lists, so the
check cannot tell them apart; a plain English word like "Roll" in the Spanish table is found.

Spanish game terms with an English name (``TERMS``) are found in an English text even when quoted,
unless the English name glosses them there: «Competencia» showed as a heading of the English page
and «Derrotado por X» as the name of a Weakness, quoted, so the word lists did not see them (issue #29).
"""

from __future__ import annotations

import re

#: English words that are not Spanish words (lower case)
ENGLISH = frozenset("""
the and or of to for with without from by in on at is are was were be been this that these those it its you
your yours they them their we our not yes roll rolls rolled rolling link links request requested copy copied
share open opened save saved delete page thread audit show hide settings player players side move moves turn
wins won lost win success failure failed result results here there what which who when where why how must may
can cannot could should would will new old all any each every more less than then only also first last next
back keep kept drop dropped choose chosen press add added remove none some other same sheet sheets scene
outcome winner damage start started end ended verified tampered valid invalid please done ready loading
odds chance check checks""".split())

#: Spanish words that are not English words (lower case); any word with ñ/á/é/í/ó/ú/ü/¿/¡ counts too
SPANISH = frozenset("""
el la los las del que y con para por una unos unas es son tu tus su sus tirada tiradas tirar tira dados dado
enlace enlaces hilo partida escena ficha fichas jugador jugadores bando sin este esta estos estas pulsa elige
ahora cada otro otra nuevo nueva ya pero como cuando donde nadie guardar copiar abrir resultado gana pierde
turno mueve tirar antes después hasta""".split())
SPANISH_MARKS = re.compile(r"[ñáéíóúü¿¡]")

#: Spanish game terms → their English names (the rule files: blood-red-sands.md "the contest
#: (*Competencia*)", the Weakness "Derrotado por X" = defeated by X); lower case
TERMS = {"competencia": "contest", "derrotado por": "defeated by"}

#: proper names and symbols written the same in both pages (case-sensitive)
ALLOW = frozenset({
    "Tirada",       # the app's name, in both pages
    "Español",      # the language switch names the other language in that language
    "English",
})

_QUOTED = re.compile(r"«[^»]*»|“[^”]*”|\"[^\"]*\"")
_DROP = re.compile(r"\{[^{}]*\}|<[^>]+>|&[a-z]+;")
_TOKEN = re.compile(r"[^\W_]+")


def words(text: str) -> list:
    """The words of ``text`` that say which language it is in (see the module docstring)."""
    text = _QUOTED.sub(" ", _DROP.sub(" ", text))
    return [w for w in _TOKEN.findall(text) if not any(c.isdigit() for c in w) and w not in ALLOW]


def foreign(text: str, lang: str) -> list:
    """The words of ``text`` from the other language: English ones in a Spanish text, Spanish ones in
    an English text (``lang`` "es" or "en"), in order, repeats kept."""
    if lang == "es":
        return [w for w in words(text) if w.lower() in ENGLISH]
    low = " ".join(_DROP.sub(" ", text).lower().split())
    terms = [term for term, name in TERMS.items() if term in low and name not in low]
    return [w for w in words(text) if w.lower() in SPANISH or SPANISH_MARKS.search(w.lower())] + terms
