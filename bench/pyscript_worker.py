"""The reading core through PyScript's own worker API, measured against the core's own Web Worker (issue #41).

Issue #41 asks the page modules to run on MicroPython "through PyScript's own APIs". The page runs the
reading core in a Web Worker of its own (web/core-worker.mjs: MicroPython's npm module started directly,
the core's bundle written to its file system, answers posted back). This experiment opens one roll link
three ways, in a fresh browser each time, alternating, under the bench's profiles (bench/startup.py):

- ``own``: web/core-worker.mjs as the page starts it (``{fragment, lang}`` posted, the answer read);
- ``pyscript``: PyScript's ``MPWorker`` (the JavaScript export of @pyscript/core; ``pyscript.sync`` exports a
  ``view`` function from a Python worker script, the main thread awaits it: no SharedArrayBuffer on a static
  host, so no ``document`` in the worker), the core's bundle written by a PyScript worker hook
  (``hooks.worker.onReady``), PyScript's plugins off as the page has them;
- ``bare-mpy``: the bench's bare MicroPython PyScript page (``<script type="mpy">``, one line): MicroPython
  started by PyScript on the main thread, the way a page module would run there.

For each: the time from navigation to the verified result on screen (the bare page: to its ready), and the
main thread's long tasks (the brief: no input waits more than 100 ms). Prints a Markdown table; the numbers
and what was decided are in docs/benchmarks.md, "The reading core through PyScript's worker API".

Usage: ``python3 bench/pyscript_worker.py [--runs N] [--profile phone|desktop]`` (builds dist/ first if it is
missing; Debian's Chromium; about 2 minutes for 5 runs of both profiles).
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import startup as S  # noqa: E402  (bench/startup.py: profiles, server, bare MicroPython page)

ROOT = Path(__file__).resolve().parents[1]
#: the roll link opened: the first roll of tests/vectors/fairplay-v2.json (Sharla's, four successes)
FRAGMENT = json.loads((ROOT / "tests" / "vectors" / "fairplay-v2.json").read_text(encoding="utf-8"))["rolls_v2"][0][
    "fragment"]
PLUGINS_OFF = '["!codemirror","!deprecations-manager","!donkey","!py-editor","!py-game","!py-terminal"]'
#: the core's own worker, as web/core-first.mjs asks it
OWN_HTML = """<!doctype html><html lang="es"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><p id="out">…</p>
<script type="module">
const worker = new Worker(new URL("./core-worker.mjs", document.baseURI), { type: "module" });
worker.onmessage = ({ data }) => {
  document.getElementById("out").textContent = JSON.parse(data.view).total;
  window.__done = performance.now();
};
worker.postMessage({ fragment: location.hash.slice(1), lang: "es" });
</script></body></html>"""
#: PyScript's MPWorker; the hook writes dist/core.bin (buildtools/core.py's bundle) into MicroPython's /lib,
#: as web/core-worker.mjs does (a hook's function is sent to the worker as text: nothing from this scope)
PYSCRIPT_HTML = """<!doctype html><html lang="es"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="modulepreload" href="./pyscript/core-CHUNK"><link rel="modulepreload" href="./pyscript/ERROR"></head>
<body><p id="out">…</p>
<py-config hidden>{"plugins": PLUGINS}</py-config>
<mpy-config hidden>{"interpreter": "./micropython/micropython.mjs", "plugins": PLUGINS}</mpy-config>
<script type="module">
import { MPWorker, hooks } from "./pyscript/core.js";
hooks.worker.onReady.add((wrap) => {
  const fs = wrap.interpreter.FS;
  globalThis.writeCoreFiles = async (base) => {
    let buffer = await (await fetch(new URL("./core.bin", base))).arrayBuffer();
    const head = new Uint8Array(buffer, 0, 2);
    if (head[0] === 0x1f && head[1] === 0x8b) {
      buffer = await new Response(new Blob([buffer]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    }
    const n = new DataView(buffer).getUint32(0, true);
    const index = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, n)));
    let at = 4 + n;
    for (const [path, size] of index.files) {
      let dir = "/lib";
      for (const part of ["", ...path.split("/").slice(0, -1)]) {
        dir = part ? `${dir}/${part}` : dir;
        try { fs.mkdir(dir); } catch { /* exists */ }
      }
      fs.writeFile(`/lib/${path}`, new Uint8Array(buffer, at, size));
      at += size;
    }
  };
});
// PyScript 0.7.31's MPWorker awaits its type's plugin loader without calling it, so a worker made before the
// plugins are in has no `pyscript` package ("no module named 'pyscript'"): wait for the error plugin's chunk
// (the one plugin the page keeps) and one task more, after which PyScript has set the worker hooks
await import("./pyscript/ERROR");
await new Promise((resolve) => setTimeout(resolve, 0));
const worker = await MPWorker("./core_main.py", {
  async: true,
  config: { tirada_base: new URL("./", location.href).href },
  version: new URL("./micropython/micropython.mjs", location.href).href,
});
const view = await worker.sync.view(location.hash.slice(1), "es");
document.getElementById("out").textContent = JSON.parse(view).total;
window.__done = performance.now();
</script></body></html>"""
#: the worker's Python script: the core's bundle written, tirada.links.core_view's answer exported
CORE_MAIN = """import js
from pyscript import config, sync

await js.writeCoreFiles(config["tirada_base"])
import tirada.links.core_view as core_view


def view(fragment, lang):
    return core_view.view_json(fragment, lang)


sync.view = view
"""
LONG_TASKS = ("window.__lt = []; new PerformanceObserver((list) => { for (const e of list.getEntries()) "
              "window.__lt.push(e.duration); }).observe({type: 'longtask', buffered: true});")


def site(dist: Path) -> Path:
    """A copy of ``dist`` with the two pages (own.html, pyscript.html) and the worker's script."""
    tmp = Path(tempfile.mkdtemp(prefix="tirada-pyscript-worker-"))
    shutil.copytree(dist, tmp / "site")
    out = tmp / "site"
    chunk = next((out / "pyscript").glob("core-*.js")).name[len("core-"):]
    error = next((out / "pyscript").glob("error-*.js")).name
    (out / "own.html").write_text(OWN_HTML, encoding="utf-8")
    (out / "pyscript.html").write_text(PYSCRIPT_HTML.replace("CHUNK", chunk).replace("ERROR", error)
                                       .replace("PLUGINS", PLUGINS_OFF), encoding="utf-8")
    (out / "core_main.py").write_text(CORE_MAIN, encoding="utf-8")
    return out


def one(browser, profile: dict, url: str) -> tuple[float, float, str]:
    """(ms to the result or ready, the longest main-thread task in ms, the result's text)."""
    ctx = S.new_context(browser, profile)
    ctx.add_init_script(LONG_TASKS)
    page = ctx.new_page()
    S.throttle(ctx, page, profile)
    page.goto(url, timeout=S.TIMEOUT)
    page.wait_for_function("window.__done !== undefined || window.__ready !== undefined", timeout=S.TIMEOUT,
                           polling=50)
    page.wait_for_timeout(200)                       # long tasks are reported after they end
    got = (page.evaluate("window.__done ?? window.__ready"), page.evaluate("Math.max(0, ...window.__lt)"),
           page.evaluate("document.getElementById('out')?.textContent ?? 'ready'"))
    ctx.close()
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--profile", choices=sorted(S.PROFILES), action="append")
    args = parser.parse_args()
    dist = ROOT / "dist"
    if not (dist / "core.bin").is_file():
        import build
        build.build()
    from playwright.sync_api import sync_playwright

    ours = site(dist)
    bare = S.bare_mpy_site()
    (_, url), (_, bare_url) = S.serve(ours), S.serve(bare)
    pages = {"own": f"{url}own.html#{FRAGMENT}", "pyscript": f"{url}pyscript.html#{FRAGMENT}", "bare-mpy": bare_url}
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=S.ARGS)
        for pname in args.profile or ["phone", "desktop"]:
            got: dict[str, list[tuple[float, float, str]]] = {name: [] for name in pages}
            for _ in range(args.runs):
                for name, page_url in pages.items():
                    got[name].append(one(browser, S.PROFILES[pname], page_url))
            for name, runs in got.items():
                texts = {text for _, _, text in runs}
                rows.append(f"| {pname} | {name} | {statistics.median(t for t, _, _ in runs):.0f} ms | "
                            f"{statistics.median(lt for _, lt, _ in runs):.0f} ms "
                            f"(most {max(lt for _, lt, _ in runs):.0f}) | {', '.join(sorted(texts))} |")
        browser.close()
    shutil.rmtree(ours.parent, ignore_errors=True)
    shutil.rmtree(bare, ignore_errors=True)
    print(f"medians of {args.runs} runs, fresh browser each")
    print("| profile | page | link opened → result (bare: ready) | longest main-thread task | shown |")
    print("|---|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
