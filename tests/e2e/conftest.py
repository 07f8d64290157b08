"""Browser tests: dist/ served on 127.0.0.1, Debian's Chromium driven by Playwright.

Every request to a host other than the local server is aborted and recorded, and so is every
console error: the ``app`` fixture fails a test that saw either.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import warnings
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (the project's own build/serve script)

CHROMIUM = os.environ.get("TIRADA_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage"]   # /dev/shm is 64 MB in many CI containers: a renderer crashed once
#: Chromium features off in every test browser: Playwright's own list (1.65's chromiumSwitches: a second
#: ``--disable-features`` replaces the first, so it is repeated here) and the omnibox popups that Chromium
#: preloads for each new window in renderers of their own (about 0.65 s of CPU per browser context, about a
#: sixth of a test's; they are browser chrome, never the page under test: issue #37)
PLAYWRIGHT_DISABLED = ["AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
                       "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
                       "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin",
                       "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch"]
ARGS.append("--disable-features=" + ",".join(PLAYWRIGHT_DISABLED + ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]))
#: every host but this machine's resolves to nothing, browser-wide: the shared contexts of ``app`` and
#: ``warm_page`` do not route-abort (Playwright's request interception turns the HTTP cache off, so a tab
#: of a shared context would download and compile everything again: issue #37); their requests are still
#: recorded (``Watch``) and a test whose page asked anything off this machine fails
ARGS.append("--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1")
#: WebAssembly runs on V8's baseline compiler only (Liftoff), never optimized by TurboFan: a test's page
#: lives seconds, and the optimizing compiles V8 starts in the background while Pyodide boots cost about
#: 0.8 CPU-s per page start, about half of the renderer's work for a boot (measured per thread: 0.85 s
#: of background compiling against 0.09 s with this flag, the page's main thread the same; issue #37).
#: What the page computes is the same; only its speed differs, and slower code makes the long-task bounds
#: of test_long_tasks and test_odds_responsive harder to meet, not easier. Speed itself is measured with
#: the browser's defaults, by ``build.py bench`` (docs/benchmarks.md).
ARGS.append("--js-flags=--liftoff-only")
ARGS += os.environ.get("TIRADA_CHROMIUM_FLAGS", "").split()
READY = "document.documentElement.dataset.engine === 'ready'"
SETTLED = "document.documentElement.dataset.engine !== 'loading'"
READY_TIMEOUT_MS = 90_000


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def base_url():
    if not (build.DIST / "index.html").exists():
        build.build()
    server = build.make_server(0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


#: where Chromium keeps its temporary files, shared memory included (``--disable-dev-shm-usage`` puts
#: it in the temporary folder): the checkout's disk, not a small ``/tmp`` of a CI container
BROWSER_TMP = ROOT / ".cache" / "chromium-tmp"
#: one line (JSON) per renderer crash, written by every worker; ``build.py test`` prints them at the end
CRASHES = ROOT / ".cache" / "e2e-crashes.jsonl"


def _worker() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


def _browser_log() -> Path:
    return BROWSER_TMP / f"chromium-{_worker()}.log"


def record_crash(url: str) -> None:
    """Append what the machine looked like when a renderer crashed (free memory, free space where
    Chromium keeps shared memory, load, Chromium's processes and its last logged errors) to
    ``CRASHES``, so that a CI run that saw "Target crashed" says why. Never raises."""
    try:
        info: dict = {"test": os.environ.get("PYTEST_CURRENT_TEST", "").split(" ")[0], "url": url[:100],
                      "worker": _worker(), "load": os.getloadavg()[0]}
        meminfo = dict(line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines())
        info["mem_available_mb"] = int(meminfo["MemAvailable"].split()[0]) // 1024
        for name, folder in (("tmp_free_mb", BROWSER_TMP), ("dev_shm_free_mb", Path("/dev/shm"))):
            if folder.exists():
                st = os.statvfs(folder)
                info[name] = st.f_bavail * st.f_frsize // 2**20
        status = [_status(pid) for pid in os.listdir("/proc") if pid.isdigit()]
        rss = [int(line.split()[1]) for lines in status for line in lines if line.startswith("VmRSS:")]
        info["chromium_processes"], info["chromium_rss_mb"] = len(rss), sum(rss) // 1024
        info["chromium_threads"] = sum(int(line.split()[1]) for lines in status for line in lines
                                       if line.startswith("Threads:"))
        for name in _CGROUP:                  # a container's limits and use, where it shows them
            limit = Path("/sys/fs/cgroup") / name
            if limit.exists():
                info[name.rpartition("/")[2]] = " ".join(limit.read_text().split())[:120]
        log = _browser_log()
        if log.exists():
            lines = [ln for ln in log.read_text(errors="replace").splitlines()[-400:]
                     if any(word in ln for word in (":ERROR:", ":FATAL:", "signal", "memory", "Killed"))
                     and not any(word in ln for word in _LOG_NOISE)]
            info["chromium_log"] = [ln[-200:] for ln in lines[-3:]]
        with CRASHES.open("a") as out:
            out.write(json.dumps(info) + "\n")
    except Exception as err:  # noqa: BLE001 (a diagnosis must not fail the test run)
        warnings.warn(f"could not record a renderer crash: {err}", stacklevel=1)


#: lines of Chromium's log that every start prints on this machine (no D-Bus, no CPU frequency files)
_LOG_NOISE = ("dbus", "crashpad", "cpufreq", "on_device_model", "bluez", "idle_linux", "UPower")


#: cgroup v2, then v1 files read at a crash
_CGROUP = ("memory.max", "memory.current", "memory.events", "pids.max", "pids.current",
           "memory/memory.limit_in_bytes", "memory/memory.max_usage_in_bytes", "memory/memory.failcnt",
           "pids/pids.max", "pids/pids.current")


def _status(pid: str) -> list:
    try:
        path = Path("/proc") / pid
        if "chromium" not in (path / "comm").read_text():
            return []
        return (path / "status").read_text().splitlines()
    except OSError:
        return []


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    BROWSER_TMP.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "TMPDIR": str(BROWSER_TMP)}
    # Chromium's own messages (a renderer's last words among them) go to a log ``record_crash`` reads
    launcher = BROWSER_TMP / f"chromium-{_worker()}.sh"
    launcher.write_text(f'#!/bin/sh\nexec "{CHROMIUM}" "$@" 2>>"{_browser_log()}"\n')
    launcher.chmod(0o755)
    _browser_log().write_text("")          # this run's messages only
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(launcher), args=ARGS + ["--enable-logging=stderr"],
                               headless=True, env=env)
        yield b
        b.close()


class Watch:
    """Console errors, page errors and blocked external requests seen by one browser context."""

    def __init__(self):
        self.errors: list = []
        self.external: list = []

    def attach(self, context, intercept: bool = True):
        """Watch ``context``; with ``intercept`` (fresh contexts) every request off this machine is
        also route-aborted, which turns Chromium's HTTP cache off for the context (Playwright)."""
        def route(route):
            host = urlparse(route.request.url).hostname
            if host in ("127.0.0.1", "localhost") or route.request.url.startswith(("data:", "blob:")):
                route.continue_()
            else:
                self.external.append(route.request.url)
                route.abort()

        if intercept:
            context.route("**/*", route)
        context.on("request", lambda req: self._check(req.url))
        context.on("page", self.watch_page)
        return context

    def _check(self, url):
        host = urlparse(url).hostname
        if host not in (None, "127.0.0.1", "localhost") and not url.startswith(("data:", "blob:")):
            if url not in self.external:
                self.external.append(url)

    def watch_page(self, page):
        page.on("console", lambda msg: msg.type == "error" and self.errors.append(msg.text))
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on("crash", lambda crashed: record_crash(crashed.url))

    def assert_clean(self):
        assert self.external == [], f"requests left localhost: {self.external}"
        assert self.errors == [], f"console errors: {self.errors}"


@pytest.fixture
def new_context(browser):
    """Factory: ``ctx, watch = new_context(**playwright_context_options)``: a browser of its own (nothing
    stored, nothing cached); all closed and checked at the end.

    Service workers are blocked unless the test passes ``service_workers="allow"``: a test of the
    service worker (install, precache, offline, updates, the snapshot start) and the first visits of
    test_every_link, which opens every kind of link as a real first visitor does, allow it. Anywhere
    else the worker's install, a download of the whole site (about 22 MB) and its caching, is work the
    test never looks at: about 0.6 CPU-s per browser, about 100 s of the browser suite (issue #37)."""
    made = []

    def make(**options):
        watch = Watch()
        options.setdefault("locale", "es-ES")
        options.setdefault("service_workers", "block")
        ctx = watch.attach(browser.new_context(**options))
        made.append((ctx, watch))
        return ctx, watch

    yield make
    for ctx, _ in made:
        ctx.close()
    for _, watch in made:
        watch.assert_clean()


def _load(page, url) -> None:
    page.goto(url)
    page.wait_for_function(SETTLED, timeout=READY_TIMEOUT_MS)
    state = page.evaluate("document.documentElement.dataset.engine")
    assert state == "ready", f"engine {state}: {page.inner_text('#loading')}"


def open_app(page, url):
    """Go to ``url`` and wait until the engine says it is ready; return the page (use the returned one).

    A Chromium renderer crash while the page starts ("Target crashed": seen about once in 300 page
    loads on a loaded 2-core machine, never twice in a row) is retried once in a new tab of the same
    context, with a warning in pytest's summary; a second crash fails the test."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        _load(page, url)
        return page
    except PlaywrightError as err:
        if "crashed" not in str(err):
            raise
        warnings.warn(f"renderer crashed opening {url[:80]}; retried once in a new tab", stacklevel=2)
    page = page.context.new_page()
    _load(page, url)
    return page


#: Told to every page of the shared contexts before it loads: a test drives it, so web/shell/page.py
#: exposes ``window.tiradaReset`` (web/shell/test_reset.py), which needs the listeners and timers
#: the page adds to ``window``, ``document`` or a media query recorded here (only Python's are
#: removed by a reset). A page of any other context (a fresh visitor's) never has either.
TEST_PAGE_SCRIPT = """
window.__tiradaTest = true;
(() => {
  const record = { listeners: [], timers: new Map() };
  Object.defineProperty(window, "__tiradaTestRecord", { value: record });
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (listener && (this === window || this === document || this instanceof MediaQueryList)) {
      record.listeners.push([this, type, listener, options]);
    }
    return add.call(this, type, listener, options);
  };
  const later = (start, once) => function (callback, ...rest) {
    if (typeof callback !== "function") return start.call(window, callback, ...rest);
    let id;
    const run = function (...args) {
      if (once) record.timers.delete(id);
      return callback.apply(this, args);
    };
    id = start.call(window, run, ...rest);
    record.timers.set(id, callback);
    return id;
  };
  const stop = (clear) => function (id) {
    record.timers.delete(id);
    return clear.call(window, id);
  };
  window.setTimeout = later(window.setTimeout, true);
  window.setInterval = later(window.setInterval, false);
  window.clearTimeout = stop(window.clearTimeout);
  window.clearInterval = stop(window.clearInterval);
})();
"""
#: ``TIRADA_TAB_REUSE=0``: every ``app`` and ``warm_page`` test opens a new tab (a boot each) of a
#: context without ``TEST_PAGE_SCRIPT``, as before
TAB_REUSE = os.environ.get("TIRADA_TAB_REUSE", "1") != "0"
#: a reset that takes longer than this (ms) is given up for a new tab
RESET_TIMEOUT_MS = 30_000


@pytest.fixture(scope="session")
def _shared_contexts(browser):
    """The browser contexts this worker's ``app`` and ``warm_page`` tests share, one per set of context
    options (JSON key → [context, Watch, the tab kept for the next test or None]); service workers
    are blocked in them, so no page is ever controlled by one (tests of the worker make their own
    context)."""
    made: dict = {}
    yield made
    for ctx, _, _ in made.values():
        ctx.close()


def _listener_counts(page) -> dict:
    """How many listeners the test's code has on ``page`` per event (Playwright's own emitter)."""
    impl = page._impl_obj
    return {name: len(impl.listeners(name)) for name in impl.event_names()}


def _reusable(page, watched: dict, viewport) -> bool:
    """Whether the test left ``page`` as something a soft reset can make fresh: open, not crashed,
    the engine ready, no listener, route or viewport of the test's own on it."""
    if page.is_closed() or _state(page) != "ready":
        return False
    if _listener_counts(page) != watched or page.viewport_size != viewport:
        return False
    return not getattr(page._impl_obj, "_routes", [])


def _soft_reset(page, url: str, watch) -> bool:
    """Make ``page`` as a fresh visit of ``url`` leaves it (``window.tiradaReset``, web/shell/
    test_reset.py); False when it did not say "ready" in time or logged an error meanwhile."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        state = page.evaluate(
            """([url, ms]) => typeof window.tiradaReset !== 'function' ? 'none' : Promise.race([
                 window.tiradaReset(url), new Promise(done => setTimeout(() => done('timeout'), ms))])""",
            [url, RESET_TIMEOUT_MS])
    except PlaywrightError as err:
        warnings.warn(f"soft reset failed ({err}); a new tab instead", stacklevel=2)
        return False
    if state != "ready" or watch.errors or watch.external:
        step = _state(page, "String(window.__tiradaTestStep)")
        warnings.warn(f"soft reset said {state!r} at {step!r} (errors: {watch.errors[:2]}); a new tab instead",
                      stacklevel=2)
        return False
    page.wait_for_function(SETTLED, timeout=READY_TIMEOUT_MS)
    return True


def _shared_tab(shared: dict, browser, base_url: str, url: str, options: dict, fresh: bool = False):
    """A ready tab of the shared context for ``options`` (made on first use) at ``base_url + url``, as
    a returning visitor with no saved data has it; returns (page, context, watch).

    The tab the previous test of these options left (``_release_tab`` kept it) is soft-reset
    (``window.tiradaReset``: storage emptied, every view started again, no boot: issue #37) unless
    ``fresh``, ``TIRADA_TAB_REUSE=0`` or ``url`` is not the bare page (a link opens in a new tab, as
    the loader's early view and the reading core show it first); otherwise, or when the reset fails, a new tab with this
    site's storage cleared (localStorage, IndexedDB, Cache Storage: only the HTTP cache carries over)."""
    options = {"locale": "es-ES", **options, "service_workers": "block"}
    key = json.dumps(options, sort_keys=True)
    if key not in shared:
        watch = Watch()
        ctx = watch.attach(browser.new_context(**options), intercept=False)
        if TAB_REUSE:
            ctx.add_init_script(TEST_PAGE_SCRIPT)
        shared[key] = [ctx, watch, None]
    ctx, watch, kept = shared[key]
    shared[key][2] = None
    watch.errors.clear()
    watch.external.clear()
    for old in ctx.pages:
        if old is not kept:
            old.close()
    if kept is not None and not fresh and TAB_REUSE and not url:   # a link is opened in a new tab
        if _soft_reset(kept, url, watch):
            return kept, ctx, watch
        watch.errors.clear()
        watch.external.clear()
    if kept is not None and not kept.is_closed():
        kept.close()
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Storage.clearDataForOrigin", {"origin": base_url.rstrip("/"), "storageTypes": "all"})
    cdp.detach()
    return open_app(page, base_url + url), ctx, watch


def _release_tab(shared: dict, ctx, page, watched: dict, viewport) -> None:
    """After a test: keep ``page`` for the next test of its context when :func:`_reusable`, close
    every other tab of ``ctx``."""
    keep = page if TAB_REUSE and _reusable(page, watched, viewport) else None
    for open_page in ctx.pages:
        if open_page is not keep:
            open_page.close()
    for entry in shared.values():
        if entry[0] is ctx:
            entry[2] = keep


def _wants_fresh(request) -> bool:
    """A test marked ``fresh_tab`` always gets a new tab."""
    return request.node.get_closest_marker("fresh_tab") is not None


@pytest.fixture
def app(_shared_contexts, browser, base_url, request):
    """A ready page of the site, as a returning visitor with no saved data sees it (desktop size).

    The page is a tab of a context shared by this worker's ``app`` tests (issue #37): the previous
    test's tab soft-reset (``_shared_tab``) or a new tab with the site's storage cleared, so nothing of
    an earlier test is there but the HTTP cache. What a first visit does (transfer, first paint, the
    service worker, opening a link in a fresh browser) is tested in contexts of their own
    (``new_context``). Console errors and requests leaving localhost fail the test, as there."""
    page, ctx, watch = _shared_tab(_shared_contexts, browser, base_url, "",
                                   {"viewport": {"width": 1280, "height": 900}}, _wants_fresh(request))
    watched, viewport = _listener_counts(page), page.viewport_size
    yield page
    _release_tab(_shared_contexts, ctx, page, watched, viewport)
    watch.assert_clean()


@pytest.fixture
def warm_page(_shared_contexts, browser, base_url, request):
    """Factory: ``page = warm_page(url="", **context_options)``: a ready page for the browser a test works
    in (the roller's, the GM's), as a returning visitor with no saved data: a tab of a context this
    worker's tests share per set of options — the previous test's tab soft-reset, or a new one with
    the site's storage cleared; the HTTP cache kept (issue #37). A second
    call with the same options in one test gets a fresh context of its own (two people are two
    browsers). Not for what a fresh visitor does (first visit, opening a received link, offline, the
    service worker): those take ``new_context``. Console errors and requests leaving localhost fail the
    test."""
    used: list = []
    keys: set = set()
    fresh: list = []

    def make(url: str = "", **options):
        key = json.dumps({"locale": "es-ES", **options}, sort_keys=True)
        if key in keys:
            watch = Watch()
            ctx = watch.attach(browser.new_context(**{"locale": "es-ES", **options}))
            fresh.append((ctx, watch))
            return open_app(ctx.new_page(), base_url + url)
        keys.add(key)
        page, ctx, watch = _shared_tab(_shared_contexts, browser, base_url, url, options, _wants_fresh(request))
        used.append((ctx, watch, page, _listener_counts(page), page.viewport_size))
        return page

    yield make
    for ctx, _ in fresh:
        ctx.close()
    for ctx, _, page, watched, viewport in used:
        _release_tab(_shared_contexts, ctx, page, watched, viewport)
    for _, watch in [(c, w) for c, w, *_ in used] + fresh:
        watch.assert_clean()


#: a link opened in a reader tab: set the ``#`` and resolve once the page's own ``hashchange`` handler
#: (registered at start, so before this one) has run; then the site's localStorage, as JSON
_MOVE = """f => new Promise(done => {
  window.addEventListener('hashchange', () => setTimeout(done, 0), {once: true});
  window.location.hash = f;
})"""
_STORED = "JSON.stringify(Object.entries(localStorage).sort())"


@pytest.fixture(scope="session")
def _reader_tabs(browser, base_url):
    """This worker's reader tabs, one per set of context options (JSON key → (page, context, Watch))."""
    made: dict = {}
    yield made
    for _, ctx, _ in made.values():
        ctx.close()


@pytest.fixture
def reader(_reader_tabs, browser, base_url):
    """Factory: ``page = reader(fragment, **context_options)``: the page showing the link ``#fragment`` as
    someone who never used Tirada reads it — a tab of a context of its own (nothing stored, no service
    worker), shared by this worker's tests per set of options and moved from link to link by its ``#``
    alone, the way ``test_every_link.test_changing_the_hash_replaces_the_view`` checks (issue #37: a
    boot saved per link read). The tab holds nothing when a link is opened in it: after a test that
    left anything in its localStorage (a Confrontation link keeps the game, a roll made from it), the
    tab is closed and the next test gets a new one. A
    first visit itself (transfer, service worker, first paint) is tested in ``new_context`` browsers,
    where every kind of link is also opened once (test_every_link). Console errors and requests leaving
    localhost fail the test."""
    used: list = []

    def make(fragment: str, **options):
        options = {"locale": "es-ES", **options, "service_workers": "block"}
        key = json.dumps(options, sort_keys=True)
        fragment = fragment.lstrip("#")
        if key in _reader_tabs:
            page, ctx, watch = _reader_tabs[key]
            if _state(page) != "ready":      # closed, crashed, or its engine failed: a new tab
                ctx.close()
                del _reader_tabs[key]
        if key not in _reader_tabs:
            watch = Watch()
            ctx = watch.attach(browser.new_context(**options), intercept=False)
            page = open_app(ctx.new_page(), base_url + "#" + fragment)
            _reader_tabs[key] = (page, ctx, watch)
            used.append(key)
            return page
        page, ctx, watch = _reader_tabs[key]
        watch.errors.clear()
        watch.external.clear()
        used.append(key)
        page.evaluate("window.scrollTo(0, 0)")
        if page.evaluate("location.hash.replace(/^#/, '')") == fragment:
            page.evaluate("location.hash = ''")          # the same link again: opened anew
        assert page.evaluate(_STORED) == "[]", "the reader tab holds data of an earlier link"
        page.evaluate(_MOVE, fragment)
        return page

    yield make
    for key in dict.fromkeys(used):
        if key not in _reader_tabs:
            continue
        page, ctx, watch = _reader_tabs[key]
        if _state(page, _STORED) != "[]":      # the test wrote (it rolled again…), or the tab crashed:
            ctx.close()                        # the next reader starts afresh
            del _reader_tabs[key]
        watch.assert_clean()


def _state(page, expression: str = "document.documentElement.dataset.engine"):
    """``expression`` evaluated in ``page``, or None when the tab is closed or its renderer crashed."""
    from playwright.sync_api import Error as PlaywrightError

    if page.is_closed():
        return None
    try:
        return page.evaluate(expression)
    except PlaywrightError:
        return None
