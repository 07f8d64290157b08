"""axe-core in the page (the copy shipped inside axe-playwright-python: no network), for browser tests."""

from __future__ import annotations

BAD_IMPACTS = ("serious", "critical")


def axe_problems(page) -> list:
    """Serious or critical axe-core violations on the page as it is now, one readable line each."""
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    if not page.evaluate("typeof window.axe !== 'undefined'"):   # once per document (about 1 s each time)
        page.evaluate(axe.axe_script)
    response = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    lines = []
    for v in response["violations"]:
        if v.get("impact") in BAD_IMPACTS:
            targets = [" ".join(map(str, n.get("target", []))) for n in v.get("nodes", [])][:5]
            lines.append(f"{v['id']} ({v['impact']}): {v['help']} → {targets}")
    return lines
