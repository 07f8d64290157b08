#!/usr/bin/env python3
"""Start-up benchmark (issue #16): Tirada beside the bare PyScript page, desktop and phone profiles.

Used by bench/bench.py (``python3 build.py bench``); also runs alone to compare builds side by side,
e.g. the page with and without its memory snapshot in the same run::

    .venv/bin/python bench/startup.py --runs 5 --site snapshot=dist --site plain=/tmp/dist-plain

Each site is served by a static server that gzips what a static host gzips (text, JavaScript, JSON,
WebAssembly; not .zip/.gz/.png) with ``Cache-Control: max-age=600``, so the bytes counted are the
compressed ones a visitor downloads. The bare page is the same PyScript and Pyodide, untrimmed, as
npm ships them, with a one-line script and no packages: the floor a PyScript page starts from.

Profiles: ``desktop`` (1280×900, no throttling) and ``phone`` (360×640, CPU slowed 4× with CDP
``Emulation.setCPUThrottlingRate``, network 9 Mbit/s down and up with 40 ms latency with CDP
``Network.emulateNetworkConditions``). The CPU throttle slows the page's main thread; WebAssembly
compilation on background threads is not slowed, so a real phone is slower still.

Runs alternate between the sites (site A, site B, site A, …) so that the load from other work on the
machine falls on all of them alike; ratios within one run are the figures to compare. Times are
read inside the page (``performance.now()`` from navigation start) at ``data-engine=ready`` and, for
a link, when the verified result is on screen.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import os
import shutil
import socketserver
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        # every host but the local servers is refused by name: no request routes are needed, so the
        # browser's HTTP cache stays on (Playwright turns it off in a context with routes) and a
        # "reload" is a real reload from the HTTP cache
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
def bare_html(script_type: str, interpreter: str) -> str:
    """A bare PyScript page: one ``script_type`` script ("py": Pyodide, "mpy": MicroPython) on the
    ``interpreter`` module, which only says it is ready."""
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="module" src="./pyscript/core.js"></script></head><body><p>bare</p>
<script type="{script_type}" config='{{"interpreter": "{interpreter}"}}'>
from pyscript import document
document.documentElement.dataset.engine = "ready"
</script></body></html>"""


BARE_HTML = bare_html("py", "./pyodide/pyodide.mjs")
#: the bare MicroPython PyScript page (issue #41): the same PyScript, MicroPython as npm ships it, a
#: one-line script: the floor the reading core starts from
BARE_MPY_HTML = bare_html("mpy", "./micropython/micropython.mjs")
PROFILES = {
    "desktop": {"viewport": {"width": 1280, "height": 900}, "cpu": 1, "network": None},
    "phone": {"viewport": {"width": 360, "height": 640}, "cpu": 4,
              "network": {"offline": False, "latency": 40, "downloadThroughput": 9_000_000 / 8,
                          "uploadThroughput": 9_000_000 / 8}},
}
#: in every page before its scripts: the times (ms from navigation start) of ready and of a shared
#: roll's verified result on screen (its total in #shared: the request shown before it has none)
MARKS = """new MutationObserver((_, obs) => {
  const root = document.documentElement;
  if (root && root.dataset.engine === 'ready' && window.__ready === undefined) window.__ready = performance.now();
  const shared = document.getElementById('shared');
  if (shared && !shared.hidden && document.querySelector('#shared .total, #result .total') && window.__shown === undefined) {
    window.__shown = performance.now();
  }
  // the reading core's first result (web/core-first.mjs, issue #41), before the full view replaces it
  if (document.getElementById('core-headline') && window.__core === undefined) window.__core = performance.now();
  // the roll form rolls on the reading core (web/loader.js, issue #41): <html data-core-form="ready">
  if (root && root.dataset.coreForm === 'ready' && window.__form === undefined) window.__form = performance.now();
  if (window.__ready !== undefined && window.__shown !== undefined) obs.disconnect();
}).observe(document, {subtree: true, childList: true, attributes: true});"""
WIRE = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const r = performance.getEntriesByType('resource');
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  // what the reading core's worker downloaded (MicroPython, the core's bundle), which the page's resource
  // timing does not see: the most any of its marks says (one worker answers them all)
  const said = (name) => performance.getEntriesByName('tirada:' + name).map((m) => m.detail?.bytes || 0);
  const core = Math.max(0, ...['core-verified', 'thread-core-read', 'frame-core-ready', 'form-core-ready'].flatMap(said));
  return {bytes: [nav, ...r].reduce((s, e) => s + (e.transferSize || 0), core), requests: r.length + 1,
          start: globalThis.tiradaStart ? `${globalThis.tiradaStart} (${globalThis.tiradaSnapshotReason})` : null,
          fcp: fcp ? fcp.startTime : null};
}"""
SW_READY = """async () => {
  await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, {once: true}));
  }
  return true;
}"""
#: where a start's time goes: the page's own performance marks (web/pyodide-start.mjs, web/shell/page.py) and
#: when app.zip arrived, in ms from navigation start
STEPS = """() => {
  const out = {};
  for (const m of performance.getEntriesByType('mark')) {
    if (m.name.startsWith('tirada:')) out[m.name.slice(7)] = m.startTime;
  }
  const app = performance.getEntriesByType('resource').find((r) => r.name.endsWith('/app.zip'));
  if (app) out['app.zip'] = app.responseEnd;
  return out;
}"""
#: bytes over the wire until the reading core's result was on screen (resources finished by then)
CORE_BYTES = """() => {
  const at = window.__core;
  if (at === undefined) return null;
  const nav = performance.getEntriesByType('navigation')[0];
  const worker = performance.getEntriesByName('tirada:core-verified')[0]?.detail?.bytes || 0;
  return [nav, ...performance.getEntriesByType('resource')].filter((e) => e.responseEnd <= at)
    .reduce((s, e) => s + (e.transferSize || 0), worker);   // + what the core's worker downloaded
}"""
#: the Confrontation link the bench opens (tests/vectors/fairplay-v2.json: Haster against Sharla, two moves in)
GAME_FRAGMENT = next(c["fragment"] for c in json.loads((ROOT / "tests" / "vectors" / "fairplay-v2.json").read_text(
    encoding="utf-8"))["confrontations_v2"] if c["name"] == "Haster vs Sharla, Sharla spends Advantage")
#: links on the userscript's forum page (issue #41: "20 links marked ≤ 3 s after load on a first visit")
FORUM_LINKS = 20
#: in the forum page: when every Tirada link has its mark and none is still waiting (tirada.user.js)
MARKED = """(n) => {
  const marks = document.querySelectorAll('tirada-marca');
  if (marks.length !== n || document.querySelector('tirada-marca[data-tirada=wait]')) return false;
  window.__marked = window.__marked || performance.now();
  return true;
}"""
COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".py", ".svg", ".webmanifest", ".txt")
TIMEOUT = 300_000


class GzipHandler(build.QuietHandler):
    """Static files as a static host serves them: gzip for compressible types, max-age=600."""

    cache: dict = {}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if (not path.is_file() or path.suffix not in COMPRESSED
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().do_GET()
        key = (str(path), path.stat().st_mtime)
        if key not in self.cache:
            self.cache[key] = gzip.compress(path.read_bytes(), compresslevel=6)
        body = self.cache[key]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve(directory: Path):
    handler = functools.partial(GzipHandler, directory=str(directory))
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def bare_site() -> Path:
    """The bare PyScript page on the runtime as npm ships it (full standard library, every chunk)."""
    tmp = Path(tempfile.mkdtemp(prefix="tirada-bare-"))
    (tmp / "pyodide").mkdir()
    for name in (*build.PYODIDE_FILES, "python_stdlib.zip", "pyodide-lock.json"):
        shutil.copy2(build.PYODIDE_DIR / name, tmp / "pyodide" / name)
    shutil.copytree(build.PYSCRIPT_DIR, tmp / "pyscript", ignore=shutil.ignore_patterns("*.map"))
    (tmp / "index.html").write_text(BARE_HTML)
    return tmp


def bare_mpy_site() -> Path:
    """The bare MicroPython PyScript page: PyScript and MicroPython as npm ships them."""
    from buildtools.core import MICROPYTHON_DIR, MICROPYTHON_FILES

    tmp = Path(tempfile.mkdtemp(prefix="tirada-bare-mpy-"))
    (tmp / "micropython").mkdir()
    for name in MICROPYTHON_FILES:
        shutil.copy2(MICROPYTHON_DIR / name, tmp / "micropython" / name)
    shutil.copytree(build.PYSCRIPT_DIR, tmp / "pyscript", ignore=shutil.ignore_patterns("*.map"))
    (tmp / "index.html").write_text(BARE_MPY_HTML)
    return tmp


def throttle(ctx, page, profile: dict) -> None:
    cdp = ctx.new_cdp_session(page)
    if profile["cpu"] != 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})
    if profile["network"]:
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", profile["network"])


def new_context(browser, profile: dict, service_workers: str = "block"):
    ctx = browser.new_context(viewport=profile["viewport"], service_workers=service_workers,
                              locale="es-ES", is_mobile=profile["viewport"]["width"] < 600)
    # no ctx.route: other hosts are refused by ARGS' host resolver rules, and routes would turn the
    # HTTP cache off
    ctx.add_init_script(MARKS)
    return ctx


def visit(ctx, profile: dict, url: str, wait: str = "window.__ready !== undefined") -> dict:
    """Open ``url`` in a new throttled tab of ``ctx``; the in-page marks and what went over the wire."""
    page = ctx.new_page()
    throttle(ctx, page, profile)
    page.goto(url, timeout=TIMEOUT)
    page.wait_for_function(wait, timeout=TIMEOUT, polling=100)
    out = {"ready": page.evaluate("window.__ready"), "shown": page.evaluate("window.__shown || null"),
           # the form ready to roll: on the reading core, or the full engine, whichever came first
           "form": page.evaluate("Math.min(window.__form ?? Infinity, window.__ready ?? Infinity)"),
           "core": page.evaluate("window.__core || null"), "core_bytes": page.evaluate(CORE_BYTES),
           "marks": page.evaluate(STEPS), **page.evaluate(WIRE)}
    return {**out, "page": page}


def cold_and_reload(browser, profile: dict, url: str) -> dict:
    ctx = new_context(browser, profile)
    first = visit(ctx, profile, url)
    page = first.pop("page")
    page.reload(timeout=TIMEOUT)
    page.wait_for_function("window.__ready !== undefined", timeout=TIMEOUT, polling=100)
    first["reload"] = page.evaluate("window.__ready")
    ctx.close()
    return first


def link_open(browser, profile: dict, link: str) -> dict:
    ctx = new_context(browser, profile)
    got = visit(ctx, profile, link, "window.__shown !== undefined")
    got.pop("page")
    ctx.close()
    return got


def game_open(browser, profile: dict, url: str) -> dict:
    """A fresh browser opened on a Confrontation link (tests/vectors' fair-play one, two moves in): the
    reading core's first view of the game (issue #41: web/core-first.mjs showGame)."""
    ctx = new_context(browser, profile)
    # (a site without the game's first view: the full page's ready, and no first view to time)
    got = visit(ctx, profile, f"{url}#{GAME_FRAGMENT}", "window.__core !== undefined || window.__ready !== undefined")
    got.pop("page")
    ctx.close()
    return got


def make_link(browser, url: str) -> str:
    """A SIFRP roll's share link, made on the page (unthrottled)."""
    ctx = new_context(browser, PROFILES["desktop"])
    page = visit(ctx, PROFILES["desktop"], url)["page"]
    page.select_option("#system", "sifrp")
    page.fill("#label", "Atletismo")
    page.click("#roll")
    page.wait_for_selector("#result .total")
    link = page.locator("#share-link").input_value()
    ctx.close()
    return link


def forum_site(url: str) -> Path:
    """A phpBB-like thread on another origin (tests/helpers/forum.py's pages): :data:`FORUM_LINKS`
    roll links made for the Tirada at ``url`` (Corvo's chain and one of Livia's), each posted with its
    BBCode snippet, as the userscript's tests have it."""
    sys.path.insert(0, str(ROOT / "tests"))
    from helpers.forum import NAV, PAGE, links, phpbb
    from tirada.links.snippets import snippet

    found = links(FORUM_LINKS - 1)
    tmp = Path(tempfile.mkdtemp(prefix="tirada-forum-"))
    body = phpbb([snippet(f, url, "bbcode") for f in found], ("Corvo",) * (FORUM_LINKS - 1) + ("Livia",))
    (tmp / "index.html").write_text(PAGE.format(nav=NAV, body=body), encoding="utf-8")
    return tmp


def userscript_marks(browser, profile: dict, tirada: str, forum: str) -> float:
    """A first visit to the ``forum`` thread with the userscript (dist/tirada.user.js, configured with
    ``tirada``): ms from the forum page's navigation start until all its links are marked (the
    hidden frame of Tirada loaded cold, as a reader's first visit)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from helpers.userscript import with_userscript

    ctx = new_context(browser, profile)
    with_userscript(ctx, tirada)
    page = ctx.new_page()
    throttle(ctx, page, profile)
    page.goto(forum, timeout=TIMEOUT)
    page.wait_for_function(MARKED, arg=FORUM_LINKS, timeout=TIMEOUT, polling=50)
    marked = page.evaluate("window.__marked")
    ctx.close()
    return marked


def sw_context(browser, profile: dict, url: str):
    """A context whose service worker has precached everything (first visit unthrottled)."""
    ctx = new_context(browser, profile, service_workers="allow")
    page = ctx.new_page()
    page.goto(url, timeout=TIMEOUT)
    page.wait_for_function("window.__ready !== undefined", timeout=TIMEOUT)
    page.evaluate(SW_READY)
    page.close()
    return ctx


def median(values: list) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def measure(browser, sites: dict, runs: int, profiles: tuple = ("desktop", "phone")) -> dict:
    """``{profile: {site: {metric: median}}}``; the bare page is the site named ``bare``."""
    links = {name: make_link(browser, url) for name, url in sites.items() if not name.startswith("bare")}
    forum_dirs = {name: forum_site(sites[name]) for name in links}
    forums = {name: serve(folder) for name, folder in forum_dirs.items()}
    out = {}
    for pname in profiles:
        profile = PROFILES[pname]
        samples = {name: {"cold": [], "form": [], "reload": [], "link": [], "core": [], "core_bytes": [], "game": [],
                          "marks": [], "warm": [],
                          "warm_reload": [], "bytes": [],
                          "requests": [], "fcp": [],
                          "start": [], "steps": []}
                   for name in sites}
        workers = {name: sw_context(browser, profile, url) for name, url in sites.items() if name in links}
        for _ in range(runs):
            for name, url in sites.items():
                got = cold_and_reload(browser, profile, url)
                s = samples[name]
                s["cold"].append(got["ready"])
                s["form"].append(got["form"])
                s["reload"].append(got["reload"])
                s["bytes"].append(got["bytes"])
                s["requests"].append(got["requests"])
                s["fcp"].append(got["fcp"])
                s["start"].append(got["start"])
                if name in links:
                    opened = link_open(browser, profile, links[name])
                    s["link"].append(opened["shown"])
                    s["core"].append(opened["core"])
                    s["core_bytes"].append(opened["core_bytes"])
                    s["game"].append(game_open(browser, profile, url)["core"])
                    s["marks"].append(userscript_marks(browser, profile, url, forums[name][1]))
                    warm = visit(workers[name], profile, url)
                    page = warm.pop("page")
                    s["warm"].append(warm["ready"])
                    page.reload(timeout=TIMEOUT)  # the same tab again: the bare reload's twin
                    page.wait_for_function("window.__ready !== undefined", timeout=TIMEOUT, polling=100)
                    s["warm_reload"].append(page.evaluate("window.__ready"))
                    page.close()
                    s["steps"].append({**warm["marks"], "ready": warm["ready"]})
                print(f"[startup] {pname} {name}: cold {ms(s['cold'][-1])}, form {ms(s['form'][-1])}, reload {ms(s['reload'][-1])}, "
                      f"link {ms(s['link'][-1] if s['link'] else None)} (core {ms(s['core'][-1] if s['core'] else None)}), "
                      f"userscript {ms(s['marks'][-1] if s['marks'] else None)}, warm {ms(s['warm'][-1] if s['warm'] else None)}, "
                      f"warm reload {ms(s['warm_reload'][-1] if s['warm_reload'] else None)}, "
                      f"{s['bytes'][-1] / 1e6:.2f} MB, {s['requests'][-1]} requests, start {s['start'][-1]} "
                      f"(load {os.getloadavg()[0]:.1f})", flush=True)
        for ctx in workers.values():
            ctx.close()
        out[pname] = {name: {key: (median(vals) if key not in ("start", "steps") else sorted(set(map(str, vals))))
                             for key, vals in s.items() if key != "steps"} for name, s in samples.items()}
        for name, s in samples.items():
            steps = sorted({k for run in s["steps"] for k in run}, key=lambda k: median(
                [run.get(k) for run in s["steps"]]) or 0)
            out[pname][name]["steps"] = {k: median([run.get(k) for run in s["steps"]]) for k in steps}
        print(f"[startup] {pname}: {out[pname]} (load average {os.getloadavg()[0]:.1f})", flush=True)
    for server, _ in forums.values():
        server.shutdown()
    for folder in forum_dirs.values():
        shutil.rmtree(folder, ignore_errors=True)
    out["load"] = os.getloadavg()
    out["runs"] = runs
    return out


def ms(v) -> str:
    return "—" if v is None else f"{v:,.0f} ms".replace(",", " ")


def ratio(a, b) -> str:
    return "—" if a is None or b is None else f"{a / b:.2f}×"


def table(res: dict, app: str = "tirada") -> str:
    """Markdown rows per metric and profile, with ratios to the bare page."""
    lines = [
        "| profile | metric | Tirada | bare PyScript page | ratio | target |",
        "|---|---|---|---|---|---|",
    ]
    targets = {("desktop", "cold"): "≤ 0.9× bare", ("desktop", "warm"): "≤ 1000 ms and ≤ 0.6× bare reload",
               ("phone", "link"): "≤ 0.8× bare cold ready", ("phone", "bytes"): "≤ 5 MB",
               ("phone", "core"): "≤ 0.2× bare cold ready", ("desktop", "core"): "≤ 0.25× bare cold ready",
               ("phone", "marks"): "≤ 3000 ms", ("phone", "form"): "≤ 0.25× bare cold ready"}
    for pname in ("desktop", "phone"):
        if pname not in res:
            continue
        a, b, m = res[pname][app], res[pname]["bare"], res[pname].get("bare-mpy")
        core_mb = "—" if a.get("core_bytes") is None else f"{a['core_bytes'] / 1e6:.2f} MB"
        lines += [
            f"| {pname} | cold ready (first visit) | {ms(a['cold'])} | {ms(b['cold'])} | "
            f"{ratio(a['cold'], b['cold'])} | {targets.get((pname, 'cold'), '—')} |",
            f"| {pname} | form ready to roll (first visit: on the reading core, else the engine) | {ms(a.get('form'))} | "
            f"cold ready {ms(b['cold'])} | {ratio(a.get('form'), b['cold'])} | {targets.get((pname, 'form'), '—')} |",
            f"| {pname} | reload ready (HTTP cache) | {ms(a['reload'])} | {ms(b['reload'])} | "
            f"{ratio(a['reload'], b['reload'])} | — |",
            f"| {pname} | warm ready (second visit, service worker) | {ms(a['warm'])} | reload {ms(b['reload'])} | "
            f"{ratio(a['warm'], b['reload'])} | {targets.get((pname, 'warm'), '—')} |",
            f"| {pname} | warm reload (same tab again, service worker) | {ms(a['warm_reload'])} | "
            f"reload {ms(b['reload'])} | {ratio(a['warm_reload'], b['reload'])} | "
            f"{targets.get((pname, 'warm'), '—')} |",
            f"| {pname} | roll link opened → verified result on screen (fresh browser) | {ms(a['link'])} | "
            f"cold ready {ms(b['cold'])} | {ratio(a['link'], b['cold'])} | {targets.get((pname, 'link'), '—')} |",
            f"| {pname} | roll link opened → the reading core's verified result (MicroPython) | {ms(a['core'])} | "
            f"cold ready {ms(b['cold'])} | {ratio(a['core'], b['cold'])} | {targets.get((pname, 'core'), '—')} |",
            f"| {pname} | the same, against the bare MicroPython page's cold ready | {ms(a['core'])} | "
            f"{ms(m['cold'] if m else None)} | {ratio(a['core'], m['cold'] if m else None)} | ≤ 2× |",
            f"| {pname} | Confrontation link opened → the reading core's first view (whose turn; fresh browser) | "
            f"{ms(a.get('game'))} | cold ready {ms(b['cold'])} | {ratio(a.get('game'), b['cold'])} | — |",
            f"| {pname} | userscript: {FORUM_LINKS} links marked (forum page opened → every mark drawn, first visit) | "
            f"{ms(a.get('marks'))} | cold ready {ms(b['cold'])} | {ratio(a.get('marks'), b['cold'])} | "
            f"{targets.get((pname, 'marks'), '—')} |",
            f"| {pname} | over the wire before the core's result (compressed) | "
            f"{core_mb} | — | — | "
            f"{'≤ 0.8 MB' if pname == 'phone' else '—'} |",
            f"| {pname} | bare MicroPython PyScript page: cold ready | — | {ms(m['cold'] if m else None)} | "
            f"{ratio(m['cold'] if m else None, b['cold'])} of bare Pyodide | — |",
            f"| {pname} | first visit over the wire (compressed) | {a['bytes'] / 1e6:.2f} MB | "
            f"{b['bytes'] / 1e6:.2f} MB | {ratio(a['bytes'], b['bytes'])} | {targets.get((pname, 'bytes'), '—')} |",
            f"| {pname} | first visit requests | {a['requests']:.0f} | {b['requests']:.0f} | — | — |",
            f"| {pname} | first paint of the form (FCP) | {ms(a['fcp'])} | {ms(b['fcp'])} | — | "
            f"{'≤ 300 ms' if pname == 'desktop' else '—'} |",
        ]
    return "\n".join(lines)


#: what each step of a warm start means (the page's marks, in order)
STEP_NAMES = {"boot-start": "PyScript asks for the interpreter", "snapshot-unpacked": "snapshot read and unpacked",
              "booted": "Pyodide booted from the snapshot", "app.zip": "app.zip fetched (while Pyodide boots)",
              "archives-added": "app.zip on sys.path",
              "main-imported": "page modules imported", "ready": "ready (first render done)"}


def warm_marks(res: dict, app: str = "tirada") -> str:
    """One line per profile: where a warm start's time goes (medians of the steps' times)."""
    lines = []
    for pname in ("desktop", "phone"):
        steps = res.get(pname, {}).get(app, {}).get("steps") or {}
        parts = [f"{STEP_NAMES[k]} {ms(v)}" for k, v in steps.items() if k in STEP_NAMES and v is not None]
        if parts:
            lines.append(f"Warm start, {pname}, where the time goes (medians, from navigation start): "
                         + " → ".join(parts) + ".")
    return "\n\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", action="append", default=[], metavar="NAME=DIST",
                        help="a built dist/ to measure (repeatable); default: tirada=<the build's DIST>")
    parser.add_argument("--profile", action="append", choices=sorted(PROFILES), default=[])
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    dirs = dict(s.split("=", 1) for s in args.site) or {"tirada": str(build.DIST)}
    bare, bare_mpy = bare_site(), bare_mpy_site()
    servers, sites = [], {}
    for name, directory in {"bare": bare, "bare-mpy": bare_mpy, **dirs}.items():
        server, url = serve(Path(directory))
        servers.append(server)
        sites[name] = url
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(build.CHROMIUM), args=ARGS)
        res = measure(browser, sites, args.runs, tuple(args.profile) or ("desktop", "phone"))
        browser.close()
    for name in dirs:
        print(f"\n### {name} (load average {' / '.join(f'{x:.1f}' for x in res['load'])}, "
              f"medians of {res['runs']} runs)\n")
        print(table(res, name))
        print(warm_marks(res, name))
        print("start:", {p: res[p][name]["start"] for p in ("desktop", "phone") if p in res})
    for server in servers:
        server.shutdown()
    shutil.rmtree(bare, ignore_errors=True)
    shutil.rmtree(bare_mpy, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
