"""Browser-test helpers shared by several tests/e2e modules (Playwright pages of the app)."""

from __future__ import annotations


def roll_named(page, roller: str, campaign: str, label: str) -> str:
    """Roll the form's current dice as ``roller`` in ``campaign`` with ``label``; return the share link."""
    if not page.locator("#roller").is_visible():
        page.click("#who summary")
    page.fill("#roller", roller)
    page.fill("#campaign", campaign)
    page.fill("#label", label)
    page.click("#roll")
    page.wait_for_selector("#result .total")
    return page.locator("#share-link").input_value()
