"""Browser-test helpers for the userscript "Tirada en el foro" (dist/tirada.user.js), shared by
tests/e2e/test_userscript.py, test_storage_refused.py and test_long_tasks.py."""

from __future__ import annotations

import json

import build

#: all ``n`` marks drawn and none still waiting ("…")
DONE = "n => document.querySelectorAll('tirada-marca').length === n && " \
       "!document.querySelector('tirada-marca[data-tirada=wait]')"
#: every mark: its status, words, title and the link it marks
MARKS = "[...document.querySelectorAll('tirada-marca')].map(h => ({status: h.dataset.tirada, " \
        "label: h.getAttribute('aria-label'), title: h.getAttribute('title'), href: h.previousElementSibling.href}))"


def with_userscript(ctx, tirada: str, seal: str = "") -> None:
    """Inject dist/tirada.user.js into every page of ``ctx``, configured with ``tirada`` (and the
    reader's ``seal``, else the userscript draws one)."""
    shims = (f"window.GM_getValue = (key, fallback) => key === 'tirada' ? {json.dumps(tirada)} : "
             f"key === 'sello' && {json.dumps(seal)} ? {json.dumps(seal)} : fallback;"
             "window.GM_setValue = () => {}; window.GM_registerMenuCommand = () => {};")
    ctx.add_init_script(script=shims + "\n" + (build.DIST / "tirada.user.js").read_text("utf-8"))


def marks(page, n: int, timeout_ms: int = 90_000) -> list:
    """Wait until the ``n`` links of ``page`` are marked (none waiting); their marks (:data:`MARKS`)."""
    page.wait_for_function(DONE, arg=n, timeout=timeout_ms)
    return page.evaluate(MARKS)
