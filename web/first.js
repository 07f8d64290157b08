// Tirada's first script (issue #41): a classic script the build writes inline at the top of <head>
// (buildtools/startup.py inline_first_script: the page's CSP allows it by its hash), so it runs as soon as
// the parser reaches it, before the page's other files have arrived and long before any module runs. It
// starts two things early, on the visits that need them at once; it reads only the address and whether a
// service worker controls the page, and writes nothing but the one global below.
//
// 1. The reading core's Web Worker (web/core-worker.mjs, message {kind: "warm"}: MicroPython and the
//    core's files load and start) on a page opened on a roll link or a thread link, and on a first visit's
//    plain form: the cases web/loader.js starts the core at once, ~1 s later on the phone profile. It is
//    left in the contract's functions.early_core global (tiradaEarlyCore; a classic script cannot import
//    the contract: tests/test_contract.py checks the name); web/core-first.mjs takes it instead of
//    starting its own, and loader.js ends one nobody took.
// 2. Pyodide's big files:
//    - a first visit (no service worker yet) to the plain page, or opened on anything the core does not
//      verify first: its WebAssembly (3.5 MB) and JavaScript module (pyodide.asm.mjs, 0.26 MB) are
//      asked for now (web/loader.js did it ~0.9 s after the page was asked for on the phone profile);
//    - a visit the service worker controls: only the JavaScript module (compiled early from the code
//      cache); the WebAssembly is read from Cache Storage when Pyodide boots (web/pyodide-start.mjs),
//      since reading 9.6 MB that early slowed a phone's warm start ("Shaving a warm start");
//    - a first visit opened on a link: neither. The reading core verifies it before Pyodide downloads
//      anything (web/pyodide-start.mjs waits for its verdict), so that its own files come first.
// 3. A press of «Tirar» before web/loader.js runs is kept (data-early-roll on <html>) and loader.js
//    answers it as a press; before, the form's native submission was refused by the page's CSP and the
//    press was lost.
// A framed page: nothing. Measured: docs/benchmarks.md, "The page's first script" and "Fewer modules at a
// plain start, and the first script inline". Whole-line comments like these are left out of the page.
(() => {
  let framed = true;
  try {
    framed = window.top !== window.self;
  } catch {
    // reading top threw: framed by another origin
  }
  if (framed) return;
  // whether web/loader.js has run: it leaves the global below defined and empty (web/core-first.mjs takes
  // the worker or ends it), while this script leaves a worker in it or nothing at all
  const loaderRan = () => "tiradaEarlyCore" in window && window.tiradaEarlyCore === undefined;
  // «Tirar» pressed before web/loader.js is there (a phone still reading the page): never a native form
  // submission (the page's CSP refuses it: the press was lost), but a mark loader.js answers as a press
  document.addEventListener("submit", (event) => {
    if (loaderRan()) return; // loader.js's own handler answers from now on
    event.preventDefault();
    if (event.target?.id === "roller-form") document.documentElement.dataset.earlyRoll = "";
  }, true);
  const controlled = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  // the same tests as web/loader.js's: a roll link ("t1…" / "t2…") or a thread link, which the core
  // verifies first (loader.js's tiradaCoreFirst), and the plain form
  const fragment = location.hash.replace(/^#/, "");
  const coreLink = /^t[12][A-Za-z0-9_-]{8}/.test(fragment) || fragment.startsWith("hilo1.");
  const ask = (rel, href) => {
    const link = document.createElement("link");
    link.rel = rel;
    link.href = href;
    if (rel === "preload") {
      // Pyodide's own fetch() (credentials "same-origin", which this matches) then uses this download
      link.as = "fetch";
      link.crossOrigin = "anonymous";
    }
    document.head.append(link);
  };
  if (controlled || !coreLink) ask("modulepreload", "./pyodide/pyodide.asm.mjs");
  if (!controlled && !coreLink) ask("preload", "./pyodide/pyodide.asm.wasm");

  if (!(coreLink || (!controlled && !fragment)) || typeof Worker !== "function") return;
  try {
    const worker = new Worker(new URL("./core-worker.mjs", document.baseURI), { type: "module" });
    // a worker that cannot start is not handed over: core-first.mjs starts one of its own, which says why
    worker.addEventListener("error", () => {
      worker.failed = true;
    }, { once: true });
    worker.postMessage({ kind: "warm", form: !coreLink });
    window.tiradaEarlyCore = worker;
  } catch {
    // no worker here: core-first.mjs tries its own
  }
})();
