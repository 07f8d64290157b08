"""Accessibility (issue #9): axe-core on every view, results announced, dice with text, not colour alone.

Every view is found at run time from the ``[data-tab]`` buttons, so views added later are checked
too. axe runs in the page from the copy shipped inside axe-playwright-python (no network).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import open_app

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))      # tests/: tests/helpers
from helpers.axe import axe_problems  # noqa: E402


def tabs(page) -> list:
    """The view names of the tab buttons present in the page."""
    return page.eval_on_selector_all("[data-tab]", "els => els.map(e => e.dataset.tab)")


def open_details(page) -> None:
    """Open every <details> so the contents of collapsed sections are checked too."""
    page.eval_on_selector_all("details", "els => els.forEach(d => { d.open = true; })")


@pytest.fixture
def a11y_page(new_context, base_url):
    ctx, _ = new_context(viewport={"width": 1280, "height": 900})
    return open_app(ctx.new_page(), base_url)


def test_axe_every_view_and_after_a_roll(a11y_page):
    page = a11y_page
    names = tabs(page)
    assert "roll" in names and len(names) >= 2
    problems = {}
    for lang_round in ("es", "en"):
        for name in names:
            page.click(f'[data-tab="{name}"]')
            page.wait_for_selector(f'[data-view="{name}"]:not([hidden])')
            open_details(page)
            found = axe_problems(page)
            if found:
                problems[f"{lang_round}/{name}"] = found
        if lang_round == "es":
            page.click("#lang")
            page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.locator("html").get_attribute("lang") == "en"
    # after a roll of every system in the form: the result, the share card and the history on screen
    page.click('[data-tab="roll"]')
    systems = page.eval_on_selector_all("#system option", "els => els.map(e => e.value)")
    assert "sifrp" in systems
    for system in systems:
        page.select_option("#system", system)
        before = page.inner_html("#result")
        page.click("#roll")
        page.wait_for_function("b => { const r = document.getElementById('result');"
                               " return !r.hidden && r.innerHTML !== b; }", arg=before)
        found = axe_problems(page)
        if found:
            problems[f"after a {system} roll"] = found
    page.select_option("#system", "sifrp")
    # and an error result
    page.fill("#sifrp-test_dice", "")
    page.click("#roll")
    page.wait_for_selector("#result .error")
    found = axe_problems(page)
    if found:
        problems["after error"] = found
    assert problems == {}, "\n".join(f"[{k}] {line}" for k, lines in problems.items() for line in lines)
    # the check itself works: a nameless button is a critical violation axe must report
    page.evaluate("document.querySelector('main').append(document.createElement('button'))")
    assert any(line.startswith("button-name") for line in axe_problems(page))


def test_result_is_announced_and_dice_have_text(a11y_page):
    page = a11y_page
    result = page.locator("#result")
    assert result.get_attribute("aria-live") in ("polite", "assertive")
    page.fill("#sifrp-test_dice", "3")
    page.fill("#sifrp-bonus_dice", "2")
    page.click("#roll")
    page.wait_for_selector("#result .total")
    # every die has a text alternative naming its face and whether it counts
    dice = page.locator("#result .die")
    assert dice.count() == 5
    for i in range(dice.count()):
        die = dice.nth(i)
        label = die.get_attribute("aria-label") or ""
        face = die.locator(".face").inner_text()
        assert face in label and ("guardado" in label or "descartado" in label), label
    # colour is never the only signal: dropped dice carry a visible word, the verdict a symbol
    dropped = page.locator("#result .die.dropped .tag")
    assert dropped.count() == 2
    assert all(t.strip() == "descartado" for t in dropped.all_inner_texts())
    assert page.locator("#result .die.dropped .face").first.evaluate(
        "e => getComputedStyle(e).textDecorationLine") == "line-through"
    verdict = page.locator("#result .verdict")
    if verdict.count():
        mark = verdict.evaluate("e => getComputedStyle(e, '::before').content")
        assert "✔" in mark or "✘" in mark
    # the polite live region now holds the whole result, so a screen reader reads it out
    text = result.inner_text()
    assert "Total" in text and page.locator("#result .total").inner_text() in text


def test_tabs_mark_the_current_view_without_colour_alone(a11y_page):
    page = a11y_page
    for name in tabs(page):
        page.click(f'[data-tab="{name}"]')
        current = page.locator('[data-tab][aria-current="page"]')
        assert current.count() == 1 and current.get_attribute("data-tab") == name
        weight = current.evaluate("e => getComputedStyle(e).fontWeight")
        other = page.locator('[data-tab]:not([aria-current="page"])').first
        assert int(weight) > int(other.evaluate("e => getComputedStyle(e).fontWeight"))
