"""Outcome bands on the page (issue 28 item 4; docs/notation.md §Bands): the card's outcome line, the
odds per band and what a preset writes in the generic form. Pure (no pyscript): tested on CPython in
tests/test_bands_view.py; web/dice/ui_bands.py wires it to the form.
"""

from __future__ import annotations

from typing import Any, Mapping

from shell.render import esc
from shell.strings import t
from tirada.systems.band_presets import PRESETS, preset_roll
from tirada.systems.bands import Bands
from tirada.odds.view import Card, OddsView, Prob, read
from tirada.systems.dice_card import Band

#: the preset select's options, in order ("" no bands, "custom" the typed text alone)
CHOICES = ("", *PRESETS, "custom")


def outcome_html(band: Band | None, lang: str) -> str:
    """The band a roll fell in (:attr:`tirada.systems.dice_card.DiceCard.band`), as the card's first line:
    "Resultado: Éxito parcial" (``""`` without bands). The label is user text: escaped."""
    if band is None:
        return ""
    return (f'<p class="verdict band-outcome" data-band="{band.index}">'
            f'{esc(t("bands.outcome", lang))}: <strong>{esc(band.label)}</strong></p>')


def _p(prob: Prob, lang: str) -> str:
    """``"16,7 % (1/6)"`` (as the odds card writes a probability)."""
    from tirada.odds.chart import EXACT_CHARS, percent

    exact = prob.exact
    text = percent(prob.p, lang)
    return f"{text} ({exact})" if isinstance(exact, str) and len(exact) <= EXACT_CHARS and exact not in ("0/1", "1/1") \
        else text


def odds_view(result: "Mapping[str, Any] | OddsView", view: dict, lang: str) -> dict:
    """The odds card's ``view`` with the odds of each band first: the headline lists every band that
    can happen ("Fallo 27,8 % (5/18) · Éxito parcial 44,4 % (4/9) · …") and a table (outcome, totals,
    probability) comes before the other numbers. ``view`` is returned unchanged without bands.
    ``result`` (the odds dict) is read as a :class:`tirada.odds.view.OddsView`; ``view`` (a Form's
    card dict) as a :class:`tirada.odds.view.Card`."""
    bands = read(result).bands
    if not bands:
        return view
    from tirada.systems.bands import Band

    shown = [b for b in bands if b.p.p > 0]
    headline = " \u00b7 ".join(f"{b.label} {_p(b.p, lang)}" for b in shown)
    rows = "".join(f'<tr data-band="{i}"><th scope="row">{esc(b.label)}</th>'
                   f'<td>{esc(Band(b.label, b.lo, b.hi).edges())}</td><td>{esc(_p(b.p, lang))}</td></tr>'
                   for i, b in enumerate(bands))
    table = (f'<table class="odds-table odds-bands"><caption>{esc(t("bands.odds_title", lang))}</caption><thead><tr>'
             f'<th scope="col">{esc(t("bands.odds_band", lang))}</th><th scope="col">{esc(t("bands.odds_totals", lang))}'
             f'</th><th scope="col">{esc(t("odds.col.p", lang))}</th></tr></thead><tbody>{rows}</tbody></table>')
    card = Card.of(view)
    old = card.headline
    return {**view, "headline": f"{headline}. {old}" if old else headline, "extra": table + card.extra,
            "bands_table": table}


def preset_labels(preset: str, lang: str) -> tuple:
    """``(value label or None, versus label or None)`` of a preset's two numbers in ``lang``."""
    spec = PRESETS.get(preset)
    if spec is None:
        return None, None
    base = "dnd" if preset.startswith("dnd") else preset
    return t(f"bands.value.{base}", lang), (t(f"bands.versus.{base}", lang) if spec.versus else None)


def preset_defaults(preset: str) -> tuple:
    """``(value, versus)`` a preset starts with (``versus`` ``None`` when it has one number)."""
    spec = PRESETS[preset]
    return spec.value[2], spec.versus[2] if spec.versus else None


def preset_texts(preset: str, value: int, versus: "int | None", lang: str) -> tuple:
    """``(notation, bands text)`` a preset writes in the form, bands named in ``lang``.

    Raises:
        TiradaError: :func:`tirada.systems.band_presets.preset_roll` refuses the numbers.
    """
    got = preset_roll(preset, value, versus, lang)
    return got.notation, got.bands.text()


def bands_text(value: object) -> str:
    """The form's text of a stored ``bands`` value (``""`` when absent or unreadable)."""
    try:
        return Bands.from_value(value).text() if value is not None else ""
    except ValueError:
        return ""
