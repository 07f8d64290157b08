#!/usr/bin/env python3
"""Benchmark: start-up on desktop and phone profiles beside the bare PyScript page, roll speed and
share-link sizes of dist/ in headless Chromium.

Run through ``python3 build.py bench`` (it builds first). Prints a Markdown table and rewrites the
section between the BENCH markers of docs/benchmarks.md. Not a test: numbers vary by machine.

Start-up (bench/startup.py, issue #16), medians of --runs, desktop and phone (4× CPU throttling,
9 Mbit/s, 40 ms, 360×640) profiles, Tirada and the bare page alternating in the same run: cold ready,
reload ready, warm ready through the service worker, a roll link opened in a fresh browser until the
reading core's verified result (MicroPython, issue #41) and until the full page's verified result is
on screen, the bare MicroPython PyScript page's cold ready (the core's floor), compressed bytes and
requests of the first visit, first paint.
Also: roll click → result rendered, p95 over 50 SIFRP rolls, measured inside the page; 20 links of a
forum page marked by the userscript after the page's load, warm (bench/userscript.py); link sizes
of typical rolls (tirada.links.chain.link_sizes).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "pylib"))
import build  # noqa: E402

import startup  # noqa: E402  (bench/startup.py)
import userscript  # noqa: E402  (bench/userscript.py: 20 links marked by the userscript, issue #30)

READY = "document.documentElement.dataset.engine === 'ready'"
ROLL_TIMES = """(n) => {
  const out = [];
  const form = document.getElementById('roller-form');
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    form.requestSubmit();
    out.push(performance.now() - t0);
  }
  return out;
}"""


def measure_rolls(browser, url: str, n: int = 50) -> dict:
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    page.evaluate(ROLL_TIMES, 5)  # warm-up
    times = sorted(page.evaluate(ROLL_TIMES, n))
    ctx.close()
    return {"p50": times[len(times) // 2], "p95": times[int(len(times) * 0.95) - 1], "n": n}


def table(res: dict, rolls: dict, sizes: list, marks: dict | None = None) -> str:
    load = " / ".join(f"{x:.1f}" for x in res["load"])
    lines = [
        f"Measured {time.strftime('%Y-%m-%d %H:%M')} UTC on this machine (2 cores shared with other work; load "
        f"average {load} over 1 / 5 / 15 min at the end), headless Chromium, served from 127.0.0.1 by a "
        f"server that gzips like a static host; medians of {res['runs']} runs, Tirada and the bare page "
        "alternating. Ratios within the run are the figures to compare.",
        "",
        startup.table(res),
        "",
        startup.warm_marks(res),
        "",
        f"Roll click → result, p95 of {rolls['n']} (p50), desktop: {rolls['p95']:.1f} ms ({rolls['p50']:.1f} ms); "
        "target ≤ 30 ms.",
        "",
        *([userscript.line(marks), ""] if marks else []),
        "Share-link sizes (tirada.links.chain.link_sizes; budget ≤ 160 characters with a 30-character base URL):",
        "",
        "| case | fragment chars | URL chars |",
        "|---|---|---|",
    ]
    lines += [f"| {r['case']} | {r['fragment_chars']} | {r['url_chars']} |" for r in sizes]
    return "\n".join(lines)


def write_doc(text: str) -> None:
    doc = ROOT / "docs" / "benchmarks.md"
    start, end = "<!-- BENCH:START -->", "<!-- BENCH:END -->"
    body = doc.read_text(encoding="utf-8") if doc.exists() else f"# Benchmarks\n\n{start}\n{end}\n"
    head, _, rest = body.partition(start)
    _, _, tail = rest.partition(end)
    doc.write_text(f"{head}{start}\n{text}\n{end}{tail}", encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/benchmarks.md alone")
    parser.add_argument("--profile", action="append", choices=sorted(startup.PROFILES), default=[],
                        help="measure only this start-up profile (repeatable; default both)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from tirada.links.chain import link_sizes

    bare_dir, bare_mpy_dir = startup.bare_site(), startup.bare_mpy_site()
    app_server, app_url = startup.serve(build.DIST)
    bare_server, bare_url = startup.serve(bare_dir)
    bare_mpy_server, bare_mpy_url = startup.serve(bare_mpy_dir)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(build.CHROMIUM), args=startup.ARGS)
        res = startup.measure(browser, {"bare": bare_url, "bare-mpy": bare_mpy_url, "tirada": app_url}, args.runs,
                              tuple(args.profile) or ("desktop", "phone"))
        rolls = measure_rolls(browser, app_url)
        marks = userscript.measure(browser, app_url)
        browser.close()
    text = table(res, rolls, link_sizes(), marks)
    print(text)
    if not args.no_write:
        write_doc(text)
    app_server.shutdown()
    bare_server.shutdown()
    bare_mpy_server.shutdown()
    shutil.rmtree(bare_dir, ignore_errors=True)
    shutil.rmtree(bare_mpy_dir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
