"""A notation's reading as the page says it (tirada.systems.notation.request.Explanation; issue #40):
the record says exactly what :func:`explain`'s dict says, in both languages, for every dialect."""

from __future__ import annotations

import pytest

from tirada.systems.notation.request import explain, explained

TEXTS = ["2d6+3", "4d6kh3", "1d20+(5-2)", "2d6r<3", "3d6!", "1d6; 2d8", "10d10>7", "1d100", "d20", "2d20kl1+5"]


@pytest.mark.parametrize("dialect", ["roll20", "foundry", "dicemaiden", "avrae"])
def test_the_explanation_says_what_explain_says(dialect):
    for text in TEXTS:
        try:
            out = explain(text, dialect)
        except Exception as err:     # a text this dialect refuses: the record refuses it the same way
            with pytest.raises(type(err)):
                explained(text, dialect)
            continue
        one = explained(text, dialect)
        assert one.raw == out and one.dialect == out["dialect"]
        for lang, key in (("es", "es"), ("en", "en"), ("fr", "en")):
            assert one.said(lang) == out["words"][key]
            assert one.dialect_said(lang) == out["dialect_words"][key]
