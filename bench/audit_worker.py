"""The thread audit in the audit worker against the page's own thread (issue #41).

A thread of 100,000 characters or more is audited by web/audit-worker.mjs, a second Pyodide
(web/audit/ui_audit_worker.py). This opens the built page (dist/) in Debian's Chromium at 360×640, puts 5 MB
of junk links in the audit's box (the test_long_tasks thread), waits for the worker, presses «Auditar» and
records the time to the whole report and the page's long tasks; then the same with web/audit-worker.mjs
refused (the page's own thread, in 25 ms slices), at CPU 1× and 4× (CDP throttles the page, not a worker:
on the 4× rows the worker side runs at desktop speed, a lower bound). The rows are in docs/benchmarks.md,
"The audit worker".

Usage: ``python3 bench/audit_worker.py [SIZE]`` (SIZE: characters, default 4,990,000; dist/ must be built).
"""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from helpers.junk import junk_links  # noqa: E402  (the 5 MB thread of tests/e2e/test_long_tasks.py)

PORT = 8796
URL = f"http://127.0.0.1:{PORT}/"
#: long tasks from the page (tests/e2e/test_long_tasks.py's probe, trimmed)
PROBE = """window.probeTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries())
  window.probeTasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({type: 'longtask'});"""
DONE = "document.getElementById('audit-verdict') && document.getElementById('audit-cancel').hidden"


def one(browser, text: str, rate: int, mode: str) -> str:
    """One audit of ``text`` at CPU ``rate``× in the worker (``mode`` "worker") or on the page's thread."""
    ctx = browser.new_context(viewport={"width": 360, "height": 640})
    ctx.route("**/*", lambda r, _q=None: r.continue_() if "127.0.0.1" in r.request.url else r.abort())
    if mode == "page":
        ctx.route("**/audit-worker.mjs", lambda r, _q=None: r.abort())
    ctx.add_init_script(PROBE)
    page = ctx.new_page()
    page.goto(URL)
    page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=90_000)
    page.click("#tab-audit")
    page.evaluate("t => { const b = document.getElementById('audit-text'); b.value = t;"
                  " b.dispatchEvent(new Event('input')); }", text)
    if mode == "worker":
        page.wait_for_function("performance.getEntriesByName('tirada:audit-worker-ready').length", timeout=90_000)
    page.wait_for_timeout(1500)
    ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.evaluate("window.probeTasks = []; window.t0 = performance.now()")
    began = time.monotonic()
    page.click("#audit-run")
    page.wait_for_function(DONE, timeout=240_000, polling=250)
    took = time.monotonic() - began
    tasks = page.evaluate("window.probeTasks.filter(x => x[0] >= window.t0).map(x => x[1])")
    ctx.close()
    longest = ", ".join(f"{t} ms" for t in sorted(tasks, reverse=True)[:3]) or "none over 50 ms"
    return f"| CPU {rate}× | {'audit worker' if mode == 'worker' else 'page' + chr(39) + 's thread'} | {took * 1000:,.0f} ms | {longest} |"


def main() -> int:
    from playwright.sync_api import sync_playwright

    if not (ROOT / "dist" / "audit-worker.mjs").exists():
        print("build dist/ first: python3 build.py build", file=sys.stderr)
        return 2
    text = junk_links(URL, int(sys.argv[1]) if len(sys.argv) > 1 else 4_990_000)
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(PORT), "--bind", "127.0.0.1"],
                              cwd=ROOT / "dist", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium",
                                        args=["--headless", "--no-sandbox", "--disable-gpu"])
            print("| profile | where | click → whole report | longest tasks on the page |\n|---|---|---|---|")
            for rate in (1, 4):
                for mode in ("worker", "page"):
                    print(one(browser, text, rate, mode), flush=True)
            browser.close()
    finally:
        server.terminate()
    return 0


if __name__ == "__main__":
    sys.exit(main())
