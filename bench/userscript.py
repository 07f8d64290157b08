#!/usr/bin/env python3
"""Benchmark (issue #30): a forum page with 20 Tirada links, served from a second origin, with the
userscript (dist/tirada.user.js) injected as a manager would: how long after the page load all 20
links are marked, on a warm visit (the frame's Tirada already in this forum's service worker and
caches: a first visit is made and discarded). Not a test: numbers vary by machine.

Run by ``python3 build.py bench`` (bench/bench.py), or alone on a built dist/:
``.venv/bin/python bench/userscript.py [--runs N]``. Desktop profile, no throttling.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "pylib"))
import build  # noqa: E402

import startup  # noqa: E402  (bench/startup.py)

LINKS = 20
TIMEOUT = 300_000
#: every link marked (none still "…"): the time since the navigation started, and since the page's load
DONE = """(n) => document.querySelectorAll('tirada-marca').length === n
  && !document.querySelector('tirada-marca[data-tirada=wait]')"""
TIMES = """() => ({done: performance.now(),
  load: performance.getEntriesByType('navigation')[0].loadEventEnd,
  ok: document.querySelectorAll('tirada-marca[data-tirada=ok]').length})"""


def forum_page(tirada_url: str, n: int = LINKS) -> str:
    """A thread of ``n`` posts, each a rich-text snippet of one of Sharla's chained rolls."""
    from tirada.links.chain import ChainState
    from tirada.links.roll_link import roll_link
    from tirada.links.snippets import snippet

    posts, chain = [], ChainState("Sharla", "Arenas")
    for i in range(n):
        done = roll_link({"system": "sifrp", "test_dice": 4, "bonus_dice": 1, "difficulty": 9, "seed": f"{i + 1:032x}"},
                         chain, 1796000000)
        chain = done.chain
        posts.append(f'<div class="post"><div class="content">{snippet(done.fragment, tirada_url, "html")}</div></div>')
    return "<!doctype html><meta charset=utf-8><title>Foro</title><body><main>" + "".join(posts) + "</main></body>"


def measure(browser, tirada_url: str, runs: int = 3) -> dict:
    """``{"runs", "links", "after_load_ms": [..], "median_after_load_ms", "ok"}`` over ``runs`` warm visits."""
    folder = Path(tempfile.mkdtemp(prefix="tirada-forum-"))
    (folder / "index.html").write_text(forum_page(tirada_url), "utf-8")
    server, forum_url = startup.serve(folder)
    shims = (f"window.GM_getValue = (key, fallback) => key === 'tirada' ? {json.dumps(tirada_url)} : fallback;"
             "window.GM_setValue = () => {}; window.GM_registerMenuCommand = () => {};")
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="es-ES")
    ctx.add_init_script(script=shims + "\n" + (build.DIST / "tirada.user.js").read_text("utf-8"))
    after, ok = [], []
    try:
        for visit in range(runs + 1):           # visit 0 is the cold one: it fills this forum's partition
            page = ctx.new_page()
            page.goto(forum_url, timeout=TIMEOUT)
            page.wait_for_function(DONE, arg=LINKS, timeout=TIMEOUT, polling=20)
            got = page.evaluate(TIMES)
            page.close()
            if visit:
                after.append(round(got["done"] - got["load"]))
                ok.append(got["ok"])
    finally:
        ctx.close()
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
    return {"runs": runs, "links": LINKS, "after_load_ms": after,
            "median_after_load_ms": sorted(after)[len(after) // 2], "ok": min(ok)}


def line(res: dict) -> str:
    return (f"Userscript: {res['links']} links on a forum page marked {res['median_after_load_ms']} ms after the "
            f"page's load on a warm visit (median of {res['runs']}: {', '.join(map(str, res['after_load_ms']))} ms; "
            f"{res['ok']} of {res['links']} ✔); target ≤ 3,000 ms.")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    app_server, app_url = startup.serve(build.DIST)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(build.CHROMIUM), args=startup.ARGS)
        print(line(measure(browser, app_url, args.runs)))
        browser.close()
    app_server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
