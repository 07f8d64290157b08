"""The odds charts (tirada.odds.chart): bars picked from odds rows, accessible SVG, text table."""

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tirada.odds import odds
from tirada.odds.chart import MAX_BARS, TAIL, Bar, chart, percent, pick_bars, svg_chart, table_html

SVG = "{http://www.w3.org/2000/svg}"


def test_percent_formats_per_language_and_never_rounds_to_impossible():
    assert percent(1 / 6, "es") == "16,7\u00a0%"
    assert percent(1 / 6, "en") == "16.7%"
    assert percent(0, "es") == "0\u00a0%" and percent(1, "en") == "100%"
    assert percent(0.00001, "en") == "<0.1%"
    assert percent(0.99999, "es") == ">99,9\u00a0%"
    assert percent(0.5, "en") == "50.0%"


def test_sifrp_one_die_against_6_marks_the_threshold_bar():
    result = odds({"system": "sifrp", "test_dice": 1, "difficulty": 6})
    bars = pick_bars(result["at_least"], cumulative=True, mark_from=6)
    assert [b.label for b in bars] == ["1", "2", "3", "4", "5", "6"]
    marked = [b for b in bars if b.marked]
    assert len(marked) == 1 and marked[0].label == "6" and marked[0].exact == "1/6"
    assert marked[0].p == pytest.approx(1 / 6)


def test_distribution_view_marks_the_success_region():
    result = odds({"system": "generic", "dice": 2, "sides": 6, "keep": 2, "difficulty": 7})
    bars = pick_bars(result["distribution"], cumulative=False, mark_from=7)
    assert [b.label for b in bars if b.marked] == ["7", "8", "9", "10", "11", "12"]
    assert sum(b.p for b in bars if b.marked) == pytest.approx(7 / 12)


def test_or_more_rows_are_labelled_with_a_plus():
    result = odds({"system": "l5r5e", "ring": 1, "tn": 1})
    bars = pick_bars(result["at_least"], cumulative=True, mark_from=1)
    dist = pick_bars(result["distribution"], cumulative=False)
    assert any(b.label.endswith("+") for b in dist)
    assert [b.label for b in bars if b.marked] == ["1"]
    assert bars[[b.label for b in bars].index("1")].exact == "1/2"


def test_long_ranges_are_thinned_or_binned_and_keep_the_threshold():
    result = odds({"system": "generic", "dice": 10, "sides": 100, "keep": 10, "difficulty": 600})
    cum = pick_bars(result["at_least"], cumulative=True, mark_from=600)
    assert len(cum) <= MAX_BARS and [b.label for b in cum if b.marked] == ["600"]
    assert cum[[b.marked for b in cum].index(True)].p == pytest.approx(result["success"]["p"])
    dist = pick_bars(result["distribution"], cumulative=False, mark_from=600)
    assert len(dist) <= MAX_BARS
    # bins start at the threshold, so the marked bins add up to P(success)
    assert sum(b.p for b in dist if b.marked) == pytest.approx(result["success"]["p"], abs=TAIL)
    assert all(b.exact is None for b in dist if "–" in b.label)
    # the trimmed tails hold less than TAIL on each side
    assert sum(b.p for b in dist) == pytest.approx(1.0, abs=2 * TAIL)


def test_near_certain_leading_rows_collapse_to_one():
    result = odds({"system": "sifrp", "test_dice": 8, "bonus_dice": 8, "difficulty": 30})
    bars = pick_bars(result["at_least"], cumulative=True, mark_from=30)
    assert sum(1 for b in bars if b.p >= 1 - TAIL) <= 2
    assert [b.label for b in bars if b.marked] == ["30"]


def test_threshold_outside_the_range_marks_nothing():
    result = odds({"system": "generic", "dice": 1, "sides": 6, "keep": 1, "difficulty": 40})
    bars = pick_bars(result["at_least"], cumulative=True, mark_from=40)
    assert len(bars) == 6 and not any(b.marked for b in bars)
    assert pick_bars([], cumulative=True) == []


@settings(max_examples=60, deadline=None)
@given(dice=st.integers(1, 8), sides=st.sampled_from([4, 6, 10, 20, 100]), data=st.data())
def test_bars_are_bounded_ordered_and_cover_the_mass(dice, sides, data):
    keep = data.draw(st.integers(1, dice))
    result = odds({"system": "generic", "dice": dice, "sides": sides, "keep": keep})
    lo, hi = result["distribution"][0]["value"], result["distribution"][-1]["value"]
    mark = data.draw(st.integers(lo - 2, hi + 2))
    dist = pick_bars(result["distribution"], cumulative=False, mark_from=mark)
    cum = pick_bars(result["at_least"], cumulative=True, mark_from=mark)
    assert 1 <= len(dist) <= MAX_BARS and 1 <= len(cum) <= MAX_BARS
    assert sum(b.p for b in dist) == pytest.approx(1.0, abs=2 * TAIL + 1e-9)
    heights = [b.p for b in cum]
    assert heights == sorted(heights, reverse=True)
    assert sum(b.marked for b in cum) == (1 if lo <= mark <= hi else 0)


def test_svg_is_well_formed_with_title_desc_and_marked_text():
    bars = [Bar("5", 1 / 3, "1/3"), Bar("6", 1 / 6, "1/6", marked=True)]
    svg = svg_chart(bars, "Al menos <x>", "P(≥ 6) = 16,7 %", "es", id_prefix="t1")
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and root.get("role") == "img"
    assert root.get("aria-labelledby") == "t1-title t1-desc"
    assert root.find(SVG + "title").text == "Al menos <x>"
    assert root.find(SVG + "desc").get("id") == "t1-desc"
    rects = root.findall(SVG + "rect")
    assert [r.get("class") for r in rects] == ["bar", "bar marked"]
    # the cumulative axis is 0..100 %: a 1/3 bar is twice as tall as a 1/6 bar
    assert float(rects[0].get("height")) == pytest.approx(2 * float(rects[1].get("height")), rel=0.01)
    texts = ["".join(t.itertext()) for t in root.iter(SVG + "text")]
    assert "16,7\u00a0%" in texts and "100\u00a0%" in texts


def test_table_has_every_bar_as_text_and_escapes():
    bars = [Bar("<1>", 0.5, "1/2"), Bar("2", 0.25, None, marked=True)]
    table = table_html(bars, "Tabla & datos", ["Total", "Prob.", "Exacta"], "en", mark_text="← TN")
    root = ET.fromstring(table)
    assert root.find("caption").text == "Tabla & datos"
    rows = root.findall("tbody/tr")
    assert len(rows) == 2 and rows[1].get("class") == "marked"
    assert "".join(rows[0].itertext()) == "<1>50.0%1/2"
    assert "← TN" in "".join(rows[1].itertext())


def test_chart_bundles_bars_svg_and_table():
    result = odds({"system": "sifrp", "test_dice": 1, "difficulty": 6})
    out = chart(result["at_least"], True, "t", "d", "c", ["a", "b", "c"], "en", mark_from=6, id_prefix="x")
    assert len(out["bars"]) == 6
    assert re.search(r"<desc id=\"x-desc\">d</desc>", out["svg"])
    table_text = "".join(ET.fromstring(out["table"]).itertext())
    assert "16.7%" in table_text and "1/6" in table_text
    assert "1/<wbr/>6" in out["table"]  # a long fraction may break after its slash
    assert chart([], True, "t", "d", "c", ["a", "b", "c"]) == {"bars": [], "svg": "", "table": ""}


def test_axis_ticks_drop_needless_decimals():
    from tirada.odds.chart import axis_percent

    assert axis_percent(0.2, "es") == "20\u00a0%" and axis_percent(0.125, "en") == "12.5%"
    assert axis_percent(0.0, "en") == "0%"


def test_table_leaves_out_the_exact_column_when_no_bar_has_one():
    bars = [Bar("40", 0.5, None), Bar("41", 0.25, None, marked=True)]
    root = ET.fromstring(table_html(bars, "c", ["Total", "Prob.", "Exacta"], "en"))
    assert [th.text for th in root.findall("thead/tr/th")] == ["Total", "Prob."]
    assert all(len(tr.findall("td")) == 1 for tr in root.findall("tbody/tr"))


def test_negative_totals_are_labelled_with_a_minus_sign_as_on_the_card():
    """4dF + 0 (Fate): totals −4…+4. A bar's label writes a negative total as the result card and the
    snippets do, with U+2212 (issue #40, one voice); a binned range too."""
    from tirada.systems.notation import parse

    rows = odds({"system": "generic", **parse("4dF")})["distribution"]
    labels = [bar.label for bar in pick_bars(rows, False)]
    assert labels == ["\u22124", "\u22123", "\u22122", "\u22121", "0", "1", "2", "3", "4"]
    binned = [bar.label for bar in pick_bars(rows, False, max_bars=4)]
    assert binned[0].startswith("\u22124\u2013") and not any("-" in label for label in binned)
