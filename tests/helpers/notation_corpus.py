"""Typed texts of the roll form for the reading core's CPython/MicroPython comparison (issue #41):
notations (:func:`notation_texts`) and bands (:func:`band_texts`), read by
``tests/micropython/core_driver.py`` (kinds ``notation`` and ``bands``) on both interpreters.

The notations: every string constant of the notation tests and of tests/helpers/form_cases.py (most
are notations or their pieces; the rest — codes, messages — are refusals, which must match too), every
code span of docs/notation.md, refusals at each limit, labels with accents, and random texts from a
fixed seed (the same every run). :func:`may_need_full_engine` says which MicroPython may hand to the
full engine instead (docs/architecture.md §The reading core).
"""

from __future__ import annotations

import ast
import pathlib
import random
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
SEED = 41
RANDOM_TEXTS = 300

#: labels, comments and targets with accents (every one reads on MicroPython: its roll is ASCII)
ACCENTED = (
    "ataque: 1d20+5", "daño: 2d6+3", "Éxito crítico: 1d20", "ataque con espada: 1d20+5; daño: 1d8+3",
    "1d20+5 [ataque] [daño de fuego]", "2d6 (golpe crítico)", "1d20+5 (daño)", "4d6 ! daño de fuego",
    "4d6 ! éxito", "1d20 vs 15 [Percepción]", "1d20+3 contra 12", "1d20 CD 15", "1d20 DC 15", "1d20 vs. 15",
    "1d20 vſ 15", "  ñandú: 3d6  ", "1d20\u00a0vs\u00a015", "1d20 [Ñu] (acción)", "Çà: 1d6", "1d6 (dF)",
    "4d6 (d%)", "ataque:1d20 [con ventaja]", "1d20 + 5\u2003(ataque)",
)

#: refusals at each limit (docs/notation.md §Limits)
LIMITS = (
    "1d6+" * 100 + "1", "1d6;" * 11, "1d6;" * 10, "11 1d6", "10 1d6", "0 1d6", "(" * 9 + "1d6" + ")" * 9,
    "(" * 8 + "1d6" + ")" * 8, "+".join(["1d6"] * 11), "+".join(["1d6"] * 10), "1d6" + "*2" * 17, "1d6" + "*2" * 16,
    "1d1234567", "1d123456", "1000000*2+1d6", "1d6/0", "1d6/(1d2-1)", "d66+d666+d666+d666", "2d66", "1d(66)",
    "{" * 9 + "1d6" + "}" * 9, "floor(1d6/2/3)", "round(1d6/2)", "ceil(1d6/2)", "4 d6", "4d 6", "4d6 k3", "2(1d6)",
    "(1d4)d6", "(1+1)d6", "", "   ", ";;", "1d20+\u0665", "\u0661d6", "1d6\u00b2", "4d6\u212a3", "1d20 \u00d7 2",
    "Cafe\u0301: 1d20", "1d20 [Cafe\u0301]", "1d20 (éxito 2)",
)

#: what random texts are made of: the notation's signs and letters, spaces, accents, digits of another
#: script, a combining mark, a no-break space
_ALPHABET = ("0123456789" * 3 + "dddkkhlf!!+-*/()[]{}<>=,;:%. " * 2 + "DKHLFxreiotcsvampn" + "     "
             + "áéñÑü\u00a0\u0301\u0663\u2013")
_WORDS = ("vs", "dc", "contra", "cd", "!", "ataque", "[fuego]", "(daño)", "cod", "wod", "sr", "yz", "age", "kh1",
          "dl1", "ro<2", "x", "ie", "mi3", "ma5", "floor(", "{", "}", ";", ":", " ", "d%", "dF")


def _test_strings() -> set:
    """Every string constant (1..420 characters) of tests/test_notation*.py and tests/helpers/form_cases.py."""
    files = sorted((ROOT / "tests").glob("test_notation*.py")) + [ROOT / "tests" / "helpers" / "form_cases.py"]
    out = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and 0 < len(node.value) <= 420:
                out.add(node.value)
    return out


def _doc_spans() -> set:
    """Every code span of docs/notation.md (``4d6k3``, ``1d20+5 vs 15``…)."""
    text = (ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    return set(re.findall(r"``?([^`\n]+)``?", text))


def random_texts(count: int = RANDOM_TEXTS, seed: int = SEED) -> list:
    """``count`` texts of 1..40 pieces (characters of :data:`_ALPHABET` and words of :data:`_WORDS`),
    the same for the same seed."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        pieces = [rng.choice(_WORDS) if rng.random() < 0.3 else rng.choice(_ALPHABET) for _ in range(rng.randint(1, 40))]
        out.append("".join(pieces))
    return out


def notation_texts() -> list:
    """``[(text, dialects)]``: the corpus, sorted; the tests' and the doc's texts in every dialect, the
    others in Roll20's and Dice Maiden's."""
    every = ("roll20", "foundry", "dicemaiden", "avrae")
    out = {text: every for text in _test_strings() | _doc_spans() | set(ACCENTED)}
    for text in LIMITS + tuple(random_texts()):
        out.setdefault(text, ("roll20", "dicemaiden"))
    return sorted(out.items())


def band_texts() -> list:
    """Typed bands: the bands of the tests (tests/test_bands*.py string constants holding ``/`` or a
    line break), edges of every form, refusals, and names with accents."""
    out = set()
    for path in sorted((ROOT / "tests").glob("test_bands*.py")) + [ROOT / "tests" / "helpers" / "form_cases.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and ("/" in node.value or "\n" in node.value) \
                    and len(node.value) <= 700:
                out.add(node.value)
    out |= {"≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito", "<=6 Fallo\n7-9 Éxito parcial\n10+ Éxito", "-3..5 a / 6+ b",
            "−3 − 5 raro / 6 : x / 7+ y", "1-2 a / 3—4 b / 5 .. 6 c / >= 7 d", "≤ 6 / ≥7 b", "1 a / 2", "x / y",
            "≤6 Fallo / ≥7 E\u0301xito", "12345678 a / 9 b", "1234567 a / ≥1234568 b", "≤6 a / ≤7 b", "9–7 a / 8 b",
            "≤6\u00a0Fallo\u00a0/\u00a0≥7\u2003Éxito", "≤6: -3 raro / ≥7 :x", "/".join(f"{i} b{i}" for i in range(14)),
            "≤1 a/" + "x" * 600, "≤6 a / 7–9 b / 8–10 c", "≤6 a / 9+ b", "≤6 Fallo / ≥7 Éx\u200bito"}
    return sorted(out)


def may_need_full_engine(text: str) -> bool:
    """Whether MicroPython may hand ``text`` to the full engine (docs/architecture.md §The reading core): it
    holds a character outside ASCII (a roll outside ASCII, a label NFC would change, words of other
    scripts alone)."""
    return any(ord(ch) > 0x7F for ch in text)
