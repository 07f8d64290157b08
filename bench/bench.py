#!/usr/bin/env python3
"""Benchmark: load and roll speed of dist/ in headless Chromium, beside a bare PyScript page.

Run through ``python3 build.py bench`` (it builds first). Prints a Markdown table and rewrites the
section between the BENCH markers of docs/benchmarks.md. Not a test: numbers vary by machine.

Measured (median of --runs unless said otherwise):
- cold ready: fresh browser context → ``<html data-engine="ready">`` (ms);
- reload ready: same context, page reloaded (HTTP cache warm);
- first paint of the form: first-contentful-paint (ms);
- first-load bytes (decoded, uncompressed) and request count, from the Resource Timing API;
- roll click → result rendered, p95 over 50 SIFRP rolls, measured inside the page;
- warm ready (issue #9): a second visit served by the service worker (dist/sw.js), in a new tab of a
  context whose worker has precached everything, with where that time goes (Resource Timing);
- link sizes of typical rolls (tirada.links.chain.link_sizes).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "pylib"))
import build  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
READY = "document.documentElement.dataset.engine === 'ready'"
BARE_HTML = """<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module" src="./pyscript/core.js"></script></head><body><p>bare</p>
<script type="py" config='{"interpreter": "./pyodide/pyodide.mjs"}'>
from pyscript import document
document.documentElement.dataset.engine = "ready"
</script></body></html>"""
RESOURCES = """() => {
  const r = performance.getEntriesByType('resource');
  const nav = performance.getEntriesByType('navigation')[0];
  const bytes = r.reduce((s, e) => s + (e.decodedBodySize || 0), 0) + (nav ? nav.decodedBodySize : 0);
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return {bytes, requests: r.length + 1, fcp: fcp ? fcp.startTime : null};
}"""
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


#: set in every page before its scripts: ``window.__tiradaReady`` = ms from navigation start to ready
READY_MARK = """new MutationObserver((_, obs) => {
  if (document.documentElement && document.documentElement.dataset.engine === 'ready') {
    window.__tiradaReady = performance.now();
    obs.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-engine']});"""
SW_READY = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, {once: true}));
  }
  return true;
}"""
WARM_PARTS = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const r = performance.getEntriesByType('resource').filter((e) => e.startTime < window.__tiradaReady);
  const runtime = r.filter((e) => /\\/pyodide\\//.test(e.name));
  const last = r.reduce((a, e) => (e.startTime > a.startTime ? e : a), nav);
  return {ready: window.__tiradaReady, html: nav.responseEnd,
          runtime: Math.max(nav.responseEnd, ...runtime.map((e) => e.responseEnd)),
          last_start: last.startTime, last_end: last.responseEnd, last: last.name.split('/').pop(),
          by_worker: [nav, ...r].filter((e) => e.workerStart > 0).length, requests: r.length + 1};
}"""


def serve(directory: Path):
    server = build.make_server(0, directory)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def measure_load(browser, url: str, runs: int) -> dict:
    cold, warm, fcp, loads = [], [], [], []
    for _ in range(runs):
        ctx = browser.new_context(service_workers="block")  # HTTP cache only; the worker: measure_sw_warm
        ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith(("http://127.0.0.1", "data:"))
                  else r.abort())
        page = ctx.new_page()
        t0 = time.perf_counter()
        page.goto(url)
        page.wait_for_function(READY, timeout=120_000)
        cold.append((time.perf_counter() - t0) * 1000)
        res = page.evaluate(RESOURCES)
        loads.append(res)
        if res["fcp"] is not None:
            fcp.append(res["fcp"])
        t0 = time.perf_counter()
        page.reload()
        page.wait_for_function(READY, timeout=120_000)
        warm.append((time.perf_counter() - t0) * 1000)
        ctx.close()
    return {"cold": statistics.median(cold), "warm": statistics.median(warm),
            "fcp": statistics.median(fcp) if fcp else None,
            "bytes": loads[0]["bytes"], "requests": loads[0]["requests"]}


def measure_sw_warm(browser, url: str, runs: int) -> dict:
    """Second visits answered by the service worker: ready time and its parts, medians in ms.

    One context installs the worker (first visit, then waits until it controls the page); each run
    opens the page in a new tab of that context. Times from navigation start: ``html`` (page served),
    ``runtime`` (Pyodide's files served), ``last_start``/``last_end`` (the last file, the app, asked
    for by the booted interpreter and served), ``ready``; ``wall`` is the same seen from outside.
    """
    ctx = browser.new_context()
    ctx.add_init_script(READY_MARK)
    first = ctx.new_page()
    first.goto(url)
    first.wait_for_function(READY, timeout=120_000)
    first.evaluate(SW_READY)
    first.close()
    parts, wall = [], []
    for _ in range(runs):
        page = ctx.new_page()
        t0 = time.perf_counter()
        page.goto(url)
        page.wait_for_function("window.__tiradaReady !== undefined", timeout=120_000)
        wall.append((time.perf_counter() - t0) * 1000)
        parts.append(page.evaluate(WARM_PARTS))
        page.close()
    ctx.close()
    keys = ("ready", "html", "runtime", "last_start", "last_end")
    out = {key: statistics.median(p[key] for p in parts) for key in keys}
    out.update(wall=statistics.median(wall), by_worker=min(p["by_worker"] for p in parts),
               requests=max(p["requests"] for p in parts), last=parts[0]["last"], load=os.getloadavg()[0])
    return out


def measure_rolls(browser, url: str, n: int = 50) -> dict:
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function(READY, timeout=120_000)
    page.evaluate(ROLL_TIMES, 5)  # warm-up
    times = sorted(page.evaluate(ROLL_TIMES, n))
    ctx.close()
    return {"p50": times[len(times) // 2], "p95": times[int(len(times) * 0.95) - 1], "n": n}


def bare_site() -> Path:
    tmp = Path(tempfile.mkdtemp(prefix="tirada-bare-"))
    shutil.copytree(build.DIST / "pyodide", tmp / "pyodide")
    shutil.copytree(build.DIST / "pyscript", tmp / "pyscript")
    (tmp / "index.html").write_text(BARE_HTML)
    return tmp


def table(app: dict, bare: dict, rolls: dict, sizes: list, sw: dict | None = None) -> str:
    def ms(v):
        return "—" if v is None else f"{v:.0f} ms"

    lines = [
        f"Measured {time.strftime('%Y-%m-%d')} on this machine (2 cores), headless Chromium, "
        f"served from 127.0.0.1; medians of {app['runs']} runs.",
        "",
        "| metric | Tirada | bare PyScript page | ratio | target |",
        "|---|---|---|---|---|",
        f"| cold ready (`data-engine=ready`) | {ms(app['cold'])} | {ms(bare['cold'])} | "
        f"{app['cold'] / bare['cold']:.2f}× | ≤ 1.10× bare |",
        f"| reload ready | {ms(app['warm'])} | {ms(bare['warm'])} | {app['warm'] / bare['warm']:.2f}× | — |",
        f"| first paint of the form (FCP) | {ms(app['fcp'])} | {ms(bare['fcp'])} | — | ≤ 300 ms |",
        f"| first-load bytes (uncompressed) | {app['bytes'] / 1e6:.2f} MB | {bare['bytes'] / 1e6:.2f} MB | "
        f"{app['bytes'] / bare['bytes']:.2f}× | — |",
        f"| first-load requests | {app['requests']} | {bare['requests']} | — | — |",
        f"| roll click → result, p95 of {rolls['n']} (p50) | {rolls['p95']:.1f} ms ({rolls['p50']:.1f} ms) | — | — | ≤ 30 ms |",
    ]
    if sw:
        lines += [
            f"| warm ready, second visit via the service worker | {ms(sw['ready'])} | — | — | ≤ 1000 ms |",
            "",
            f"Where the warm start goes ({sw['by_worker']} of {sw['requests']} requests answered by the "
            f"worker; times from navigation start): page served {ms(sw['html'])}; Pyodide's files served "
            f"{ms(sw['runtime'])}; Pyodide boots and asks for the app ({sw['last']}) at "
            f"{ms(sw['last_start'])} (+{ms(sw['last_start'] - sw['runtime'])}); app served "
            f"{ms(sw['last_end'])}; imports and first render until ready {ms(sw['ready'])} "
            f"(+{ms(sw['ready'] - sw['last_end'])}). Load average after the runs: {sw['load']:.1f}.",
        ]
    lines += [
        "",
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
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-write", action="store_true", help="print only; leave docs/benchmarks.md alone")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from tirada.links.chain import link_sizes

    app_server, app_url = serve(build.DIST)
    bare_dir = bare_site()
    bare_server, bare_url = serve(bare_dir)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(build.CHROMIUM), args=ARGS)
        bare = measure_load(browser, bare_url, args.runs)
        app = measure_load(browser, app_url, args.runs)
        rolls = measure_rolls(browser, app_url)
        sw = measure_sw_warm(browser, app_url, args.runs)
        browser.close()
    app["runs"] = args.runs
    text = table(app, bare, rolls, link_sizes(), sw)
    print(text)
    if not args.no_write:
        write_doc(text)
    app_server.shutdown()
    bare_server.shutdown()
    shutil.rmtree(bare_dir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
