// The interpreter module PyScript loads (pyscript.json "interpreter"; issue #16): Pyodide's own
// loadPyodide with Tirada's options.
//
// - A first visit starts plainly: the standard library and the engine ship as compiled bytecode
//   (sourceless .pyc, tools/pyodide_build.mjs), so Python compiles nothing at start-up, and the
//   page downloads about 6 MB instead of 12. The service worker, registered once the page is
//   ready, precaches the memory snapshot with everything else.
// - Every visit the service worker controls starts from that memory snapshot
//   (pyodide/snapshot.bin.gz, made at build time by tools/pyodide_build.mjs: the interpreter booted
//   with the engine already imported), which skips most of Python's start-up. It is read straight
//   from Cache Storage (its Workbox precache key, revision included), not through the worker's
//   fetch handler, and the unpacked bytes are kept in a cache of their own (UNPACKED, the current
//   revision only, without its zero pages: sparse()): later visits read them back instead of
//   gunzipping 30 MB again.
//   Measured (docs/benchmarks.md, "First visit: plain start or snapshot, measured"): starting a first visit
//   from the snapshot too was faster on a desktop (0.46× against 0.62× the bare page) but much
//   slower on the phone profile (1.13× against 0.72×: its 6 MB more cost more at 9 Mbit/s than the
//   work it saves), and nothing the page can read tells a fast link from a slow one reliably.
// - The page's Python ships in two archives, fetched here while Pyodide boots and put on sys.path
//   whole (addArchive: zipimport, nothing unpacked): app.zip (the page modules that need the
//   browser, and PyScript's own package, compiled) and engine.zip.gz (the modules the snapshot holds:
//   the engine and the page modules that need no browser, split out of app.zip at build time),
//   which a snapshot start has imported already and does not fetch. On a visit no service worker
//   answers, they are asked for once Pyodide's WebAssembly has arrived and compiled (afterWasm):
//   sharing a slow link with it, they made the WebAssembly, which Python waits for, arrive last.
// - Falls back to a plain start if the snapshot is missing, damaged or refused: never a blank page
//   (and drops a precached WebAssembly that is not WebAssembly, which the worker would serve again).
// - A start that cannot finish (a runtime file, app.zip or engine.zip.gz unreachable or damaged; the
//   archives are tried twice) tells the page at once (FAILED, web/loader.js words it) and rejects.
// - The lock file (no packages: the page installs none) is inlined, one request fewer.
// - On a visit the service worker controls, Pyodide's WebAssembly is read from Cache Storage too
//   (wasmFromCaches), and PyScript's Python set-up imports its package from app.zip instead of
//   writing it out as source first (importPyscriptFromApp).
// The build writes the six values of START below; the page works with either value.
import { CONTRACT, START } from "./generated.mjs";
import { loadPyodide as boot, version } from "./pyodide/pyodide.mjs";

export { version };

// START (dist/generated.mjs, written by the build: buildtools/generated.py):
// - lock: Pyodide's lock file, trimmed to no packages (JSON text), or "" to fetch pyodide-lock.json;
// - snapshot: file name of the memory snapshot in pyodide/, or "" to always start plainly;
// - snapshot_revision: the snapshot's precache revision (the MD5 hex of its bytes, as Workbox's), or "";
// - snapshot_length: the unpacked snapshot's length in bytes (a number), or "": a kept copy of
//   another length is refused before anything is allocated for it;
// - wasm_revision: Pyodide's WebAssembly's precache revision (the MD5 hex of pyodide.asm.wasm), or "";
// - pyscript_setup: the fingerprint ("LENGTH:HASH", setupFingerprint) of the Python set-up PyScript
//   runs after Pyodide has booted, as this build's PyScript writes it (tools/pyodide_build.mjs), or "".
const {
  lock: LOCK, snapshot: SNAPSHOT, snapshot_revision: SNAPSHOT_REVISION, snapshot_length: SNAPSHOT_LENGTH,
  wasm_revision: WASM_REVISION, pyscript_setup: PYSCRIPT_SETUP,
} = START;

const indexURL = new URL("./pyodide/", import.meta.url).href;
const { engine: ENGINE, events: EVENTS, marks: MARKS, functions: FUNCTIONS } = CONTRACT; // the page's contract (web/shell/contract.json)
const DIAG = Object.fromEntries(Object.entries(CONTRACT.diagnostics.values).map(([key, v]) => [key, v.name]));
/** A performance mark declared in the contract (bench/ reads them: where time goes). */
const mark = (name) => globalThis.performance?.mark?.(MARKS.prefix + name);

/** The Workbox precache key of ``name`` in pyodide/ (its URL with the content-hash ``revision``,
 * workbox-precaching's cache key), so that a page the service worker controls reads it from Cache
 * Storage itself. */
const precacheKeyOf = (name, revision) => `${indexURL}${name}?__WB_REVISION__=${revision}`;
/** The snapshot's precache key; the unpacked copy is kept under the same key in UNPACKED. */
const precacheKey = () => precacheKeyOf(SNAPSHOT, SNAPSHOT_REVISION);
/** Pyodide's WebAssembly's precache key. */
const wasmKey = () => precacheKeyOf("pyodide.asm.wasm", WASM_REVISION);
/** The Cache Storage cache holding the unpacked snapshot of the current revision only. */
const UNPACKED = "tirada-snapshot-unpacked";

/** The name a Web Worker of the page (odds-worker.mjs, audit-worker.mjs) is made with when a service
 * worker controls the page: a dedicated worker has no ``navigator.serviceWorker`` of its own, but its
 * requests go through its page's service worker and Cache Storage holds the same precache. */
export const CONTROLLED_WORKER = "tirada-controlled";

/** Whether a service worker answers this page's requests (its install has precached everything):
 * the page's own controller, or, in a worker of the page, the name the page made it with. */
const controlled = () =>
  Boolean(globalThis.navigator?.serviceWorker?.controller) ||
  (typeof globalThis.WorkerGlobalScope === "function" && globalThis.name === CONTROLLED_WORKER);

/** Whether this page may read the snapshot from Cache Storage: a service worker controls it (its
 * install has precached the snapshot) and the build gave the precache revision. */
const fromCaches = () => Boolean(SNAPSHOT_REVISION && controlled() && globalThis.caches);

/** The snapshot's response: from the precache when a service worker controls the page (no round
 * trip through the worker's fetch handler), else over the network; rejects on an HTTP error. */
async function snapshotResponse() {
  if (fromCaches()) {
    try {
      const cached = await caches.match(precacheKey());
      if (cached) {
        globalThis[DIAG.snapshot_from] = "precache";
        return cached;
      }
    } catch {
      // Cache Storage refused (e.g. a private window): the network below
    }
  }
  const response = await fetch(indexURL + SNAPSHOT);
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  globalThis[DIAG.snapshot_from] = "network";
  return response;
}

/** The kept copy's format: "TSP1", then little-endian uint32s: the snapshot's length in bytes, the
 * page size, the number N of pages not all zero and their N page numbers (ascending); then those
 * pages' bytes (the last page of the snapshot may be short). About half of Pyodide's memory is
 * zero pages (docs/benchmarks.md), so the kept copy is about half as long to read back. */
const SPARSE = [0x54, 0x53, 0x50, 0x31]; // "TSP1"
const PAGE = 4096;

/** ``bytes`` (the unpacked snapshot, any length) in the kept copy's sparse format. */
export function sparse(bytes) {
  // whole pages are checked four bytes at a time (the buffer Pyodide's memory comes in is aligned)
  const words = bytes.byteOffset % 4 === 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2) : null;
  const numbers = [];
  const pages = [];
  for (let start = 0; start < bytes.length; start += PAGE) {
    const page = bytes.subarray(start, start + PAGE);
    const zero = words && page.length === PAGE
      ? words.subarray(start / 4, (start + PAGE) / 4).every((w) => w === 0)
      : page.every((b) => b === 0);
    if (zero) continue;
    numbers.push(start / PAGE);
    pages.push(page);
  }
  const head = 16 + 4 * numbers.length;
  const out = new Uint8Array(head + pages.reduce((sum, page) => sum + page.length, 0));
  const view = new DataView(out.buffer);
  out.set(SPARSE, 0);
  view.setUint32(4, bytes.length, true);
  view.setUint32(8, PAGE, true);
  view.setUint32(12, numbers.length, true);
  let at = head;
  pages.forEach((page, i) => {
    view.setUint32(16 + 4 * i, numbers[i], true);
    out.set(page, at);
    at += page.length;
  });
  return out;
}

/** The snapshot's bytes from ``kept`` (sparse()'s format); throws on a damaged copy, or on one
 * that does not unpack to ``expected`` bytes when that length is given. */
export function unsparse(kept, expected = undefined) {
  if (kept.length < 16 || SPARSE.some((b, i) => kept[i] !== b)) throw new Error("kept snapshot: not TSP1");
  const view = new DataView(kept.buffer, kept.byteOffset, kept.byteLength);
  const length = view.getUint32(4, true);
  if (expected !== undefined && length !== expected) throw new Error("kept snapshot: wrong length");
  const page = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const out = new Uint8Array(length);
  let at = 16 + 4 * count;
  let previous = -1;
  // consecutive pages are copied as one run: one set() per run instead of one per page (~3,800
  // pages, in a few hundred runs)
  let runFrom = -1; // where the current run starts in ``kept`` and in ``out``
  let runTo = -1;
  let runAt = 0;
  for (let i = 0; i < count; i++) {
    const number = view.getUint32(16 + 4 * i, true);
    const start = number * page;
    const size = Math.min(page, length - start);
    // page numbers strictly ascending: a shuffled or repeated list would restore a corrupt memory
    // that may boot and fail later, at every visit
    if (number <= previous || size <= 0 || at + size > kept.length) throw new Error("kept snapshot: damaged");
    if (number !== previous + 1 || runFrom < 0) {
      if (runFrom >= 0) out.set(kept.subarray(runFrom, runTo), runAt);
      runFrom = at;
      runAt = start;
    }
    previous = number;
    at += size;
    runTo = at;
  }
  if (runFrom >= 0) out.set(kept.subarray(runFrom, runTo), runAt);
  if (at !== kept.length) throw new Error("kept snapshot: damaged");
  return out;
}

/** The unpacked snapshot kept by an earlier controlled visit (sparse()'s format), or null. Reading
 * it (~30 ms on the desktop) skips the gunzip (~170 ms); docs/benchmarks.md. */
async function unpackedBytes() {
  // where the bytes came from, for bench/ and the tests: "unpacked" (the kept copy), "precache"
  // (Cache Storage, then unpacked) or "network" (fetch(), through the worker if one controls the page)
  if (!fromCaches()) return null;
  try {
    const cache = await caches.open(UNPACKED);
    const kept = await cache.match(precacheKey());
    if (!kept) return null;
    const bytes = unsparse(new Uint8Array(await kept.arrayBuffer()), SNAPSHOT_LENGTH || undefined);
    globalThis[DIAG.snapshot_from] = "unpacked";
    return bytes;
  } catch {
    return null; // refused or damaged: unpack the precached copy instead
  }
}

/** Keep ``response`` (the unpacked snapshot, sparse()'s format) for the next visits, in place of
 * any older revision's. */
async function keepUnpacked(response) {
  try {
    const cache = await caches.open(UNPACKED);
    for (const old of await cache.keys()) await cache.delete(old);
    await cache.put(precacheKey(), response);
  } catch (err) {
    console.warn("Tirada: could not keep the unpacked snapshot.", err); // the next visit unpacks again
  }
}

/** After a snapshot start: should the page still fail to become ready (a kept copy that unpacked
 * and booted but holds a damaged memory), drop the kept copy, so that the next visit unpacks the
 * precached snapshot again instead of failing the same way at every visit. */
function dropKeptIfFailed() {
  const root = globalThis.document?.documentElement;
  if (!root || typeof MutationObserver !== "function") return;
  const watch = new MutationObserver(() => {
    const engineState = root.getAttribute(ENGINE.attribute);
    if (engineState === "loading") return;
    watch.disconnect();
    if (engineState === "failed") globalThis.caches?.delete(UNPACKED).catch(() => {});
  });
  watch.observe(root, { attributes: true, attributeFilter: [ENGINE.attribute] });
}

/** The snapshot's bytes (gunzipped here unless the host already did) and, on a controlled visit
 * that had to unpack them, a Response to keep once the boot succeeded; or a rejected promise. */
async function snapshotBytes() {
  const kept = await unpackedBytes();
  if (kept) {
    mark("snapshot-unpacked");
    return { bytes: kept, keep: null };
  }
  const response = await snapshotResponse();
  const body = new Uint8Array(await response.arrayBuffer());
  mark("snapshot-fetched");
  if (body[0] !== 0x1f || body[1] !== 0x8b) return { bytes: body, keep: null }; // the host sent it decoded
  const stream = new Blob([body]).stream().pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  mark("snapshot-unpacked");
  // the copy to keep is made now, before Pyodide takes the bytes
  return { bytes, keep: fromCaches() ? new Response(sparse(bytes)) : null };
}

/** The interpreter's working directory, where the page's archives are written. */
const HOME = "/home/pyodide";

/** Whether ``bytes`` end like a whole zip archive (its end-of-central-directory record, written
 * last, without a comment): a truncated or garbled download does not. */
function wholeZip(bytes) {
  const end = bytes.length - 22;
  return end >= 0 && bytes[end] === 0x50 && bytes[end + 1] === 0x4b && bytes[end + 2] === 0x05 && bytes[end + 3] === 0x06;
}

/** ``bytes`` unpacked when they are a gzip stream (engine.zip.gz: buildtools/startup.py split_engine gzips
 * the archive whole), else as they are (app.zip; or a host that sent engine.zip.gz with
 * Content-Encoding: gzip, which the browser has unpacked already). A damaged or cut stream rejects. */
async function gunzipped(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The zip archive ``name``, one of the page's Python archives beside this module: app.zip (the page
 * modules that need the browser and PyScript's own package, compiled) or engine.zip.gz (the modules
 * the snapshot holds, for a plain start; unpacked from its gzip here). A failed, refused or truncated
 * download is tried once more, past the HTTP cache (a flaky phone link, a deploy caught half-way);
 * then it rejects. */
async function archive(name) {
  const url = new URL(`./${name}`, import.meta.url);
  let problem;
  for (const cache of ["default", "reload"]) {
    try {
      const response = await fetch(url, { cache });
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      const bytes = await gunzipped(new Uint8Array(await response.arrayBuffer()));
      if (wholeZip(bytes)) return bytes;
      problem = new Error(`${name}: not a whole zip archive (${bytes.length} bytes)`);
    } catch (err) {
      problem = err;
    }
  }
  throw problem;
}

/** Make the modules of the archive ``bytes`` importable: the archive is written whole into the
 * working directory and put first on ``sys.path``, where Python's own zipimport reads each module
 * from it when it is imported (a .pyc beside its source, checked against the source's hash).
 * Nothing is unpacked: unpacking app.zip file by file took Python ~35 ms of a warm start on the
 * desktop (docs/benchmarks.md, "Archives on sys.path"). */
function addArchive(pyodide, name, bytes) {
  const path = `${HOME}/${name}`;
  pyodide.FS.writeFile(path, bytes);
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(path)})`);
}

/** While Pyodide boots on a visit the service worker controls, answer its request for its
 * WebAssembly (pyodide.asm.wasm, 9 MB) straight from Cache Storage, as the snapshot is, instead of
 * through the worker's fetch handler, which streams it to the page over ~0.2 s on the desktop
 * (docs/benchmarks.md, "Fewer steps on a warm start"). Pyodide fetches it with the global fetch()
 * and has no option to be handed the response, so fetch() is wrapped for that one URL until the
 * returned function is called; any other request, a cache miss or a refused Cache Storage goes to
 * fetch() unchanged. Sets globalThis.tiradaWasmFrom ("precache" or "network") for the tests. */
function wasmFromCaches() {
  const real = globalThis.fetch;
  if (!WASM_REVISION || !fromCaches() || typeof real !== "function") return () => {};
  const url = `${indexURL}pyodide.asm.wasm`;
  const network = (input, init) => {
    globalThis[DIAG.wasm_from] = "network";
    return real.call(globalThis, input, init);
  };
  const wrapped = function (input, init) {
    if (String(input) !== url) return real.apply(this, arguments);
    return caches.match(wasmKey()).then((cached) => {
      if (!cached) return network(input, init);
      globalThis[DIAG.wasm_from] = "precache";
      return cached;
    }, () => network(input, init));
  };
  globalThis.fetch = wrapped;
  return () => {
    if (globalThis.fetch === wrapped) globalThis.fetch = real;
  };
}

/** After a boot whose WebAssembly came from the precache and did not compile: drop that precache
 * entry if its bytes are not valid WebAssembly (a damaged copy, which the worker's precache route
 * would serve to the plain start again, and to every later visit), so that the worker fetches it
 * from the host instead. A valid copy (the failure was something else, e.g. memory) is kept.
 * Resolves to whether an entry was dropped; never rejects. */
async function dropDamagedWasm() {
  const key = wasmKey();
  try {
    const cached = await caches.match(key);
    if (!cached || WebAssembly.validate(new Uint8Array(await cached.arrayBuffer()))) return false;
  } catch {
    // unreadable: as damaged
  }
  let dropped = false;
  try {
    for (const name of await caches.keys()) {
      if (await (await caches.open(name)).delete(key)) dropped = true;
    }
  } catch {
    // Cache Storage refused: the plain start below tries anyway
  }
  return dropped;
}

/** "LENGTH:HASH" of ``text``: its length in UTF-16 code units and their 32-bit FNV-1a hash, in hex
 * (tools/pyodide_build.mjs imports this function to compute PYSCRIPT_SETUP). Not a security check:
 * the text comes from PyScript's core chunk of the same deploy. About 0.1 ms for PyScript's 33 kB. */
export function setupFingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${text.length}:${hash.toString(16).padStart(8, "0")}`;
}

/** What PyScript's Python set-up comes down to when app.zip already holds its package. */
const IMPORT_PYSCRIPT = "import pyscript as _pyscript\ndel _pyscript\n";

/** PyScript's first Python after Pyodide has booted writes its own package into the working
 * directory as source (14 modules, 33 kB of Python for the interpreter to compile at every start)
 * and imports it. app.zip holds exactly that package, compiled, first on sys.path (the build reads
 * it from the same PyScript), so when the text is the one this build expects (PYSCRIPT_SETUP) only
 * its import runs: ~30 ms less on a warm desktop start (docs/benchmarks.md, "Fewer steps on a warm
 * start"). Any other text (another PyScript) runs unchanged. Only PyScript's first runPythonAsync
 * call is looked at; globalThis.tiradaPyscriptFrom says which ("app.zip" or "written"). */
function importPyscriptFromApp(pyodide) {
  if (!PYSCRIPT_SETUP) return;
  const run = pyodide.runPythonAsync;
  pyodide.runPythonAsync = function (code, ...rest) {
    pyodide.runPythonAsync = run;
    const known = typeof code === "string" && setupFingerprint(code) === PYSCRIPT_SETUP;
    globalThis[DIAG.pyscript_from] = known ? "app.zip" : "written";
    return run.call(this, known ? IMPORT_PYSCRIPT : code, ...rest);
  };
}

/** Pyodide's warning, its only sign, when its WebAssembly could not be fetched or instantiated. */
const WASM_FAILED = "wasm instantiation failed!";

/** Pyodide's loadPyodide with ``options``, rejecting when its WebAssembly fails: Pyodide itself
 * then only warns (WASM_FAILED) and never settles (a known Pyodide bug, pyodide/pyodide#6288), so
 * the warning is watched for while it boots. Its WebAssembly comes from Cache Storage when it can
 * (wasmFromCaches). */
function bootOrFail(options) {
  const unwrapFetch = wasmFromCaches();
  const showJspi = hideJspi();
  const warn = console.warn;
  const wasmFailed = new Promise((_, reject) => {
    console.warn = function (...args) {
      if (args[0] === WASM_FAILED) reject(new Error(`pyodide.asm.wasm: ${WASM_FAILED}`));
      return warn.apply(this, args);
    };
  });
  return Promise.race([boot(options), wasmFailed]).finally(() => {
    console.warn = warn;
    unwrapFetch();
    showJspi();
  });
}

/** Pyodide starts without WebAssembly's JS promise integration (JSPI), as the memory snapshot was
 * made (under Node, which has none): Pyodide reads ``"Suspending" in WebAssembly`` once, while its
 * runtime module loads, and then runs every call from JavaScript into Python (each PyScript event
 * handler) on a stack of its own. Chromium 156's renderer crashed there under load: all 263
 * minidumps of the test browsers (stop 48's note, issue #37) are one SIGSEGV while the main thread
 * ran on such a V8-allocated stack. Tirada never suspends Python on a promise (no ``run_sync``),
 * so nothing needs JSPI. Hidden for the boot only; returns the function that shows it again. */
function hideJspi() {
  const wasm = globalThis.WebAssembly;
  const saved = {};
  for (const name of ["Suspending", "Suspender"]) {
    const desc = wasm && Object.getOwnPropertyDescriptor(wasm, name);
    if (desc?.configurable) {
      saved[name] = desc;
      delete wasm[name];
    }
  }
  return () => {
    for (const [name, desc] of Object.entries(saved)) Object.defineProperty(wasm, name, desc);
  };
}

/** How long Pyodide's start waits at most for the reading core's first result (web/loader.js,
 * web/core-first.mjs): a core that takes longer is left to finish while Pyodide starts. */
const CORE_WAIT_MS = 6000;

/** On a page opened on a roll link, the reading core verifies it on MicroPython first (issue #41):
 * wait for that result (shown, refused or failed) before Pyodide's downloads, so they do not compete
 * with it on a slow link; at most CORE_WAIT_MS. Resolves at once on any other page. */
async function coreFirst() {
  const first = globalThis[FUNCTIONS.core_first.name];
  if (typeof first !== "function") return;
  let timer;
  await Promise.race([Promise.resolve(first()).catch(() => {}),
    new Promise((resolve) => { timer = setTimeout(resolve, CORE_WAIT_MS); })]);
  clearTimeout(timer);
}

/** The event web/loader.js listens for: the interpreter could not start, so the page says so at
 * once (in the page's language) instead of waiting for its time-out. */
const FAILED = EVENTS.engine_failed.name;

/** How to start, kept for bench/ and the tests as globalThis.tiradaSnapshotReason: "local" (a
 * service worker controls the page, so its install has precached the snapshot: start from it),
 * "first visit" (not yet: start plainly), "save data" (the browser asks to save data: the worker
 * did not precache the snapshot, so start plainly from the precached files) or "plain" (built
 * without a snapshot, or no DecompressionStream to unpack it). */
function startReason() {
  if (!SNAPSHOT || typeof DecompressionStream !== "function") return "plain";
  // the worker skipped the snapshot's precache to save data (tools/sw-src.js): no 6 MB download now
  if (globalThis.navigator?.connection?.saveData) return "save data";
  return controlled() ? "local" : "first visit";
}

/** PyScript calls this with its stdout/stderr options; answer a ready Pyodide. On a failure (the
 * runtime's files, app.zip or engine.zip.gz unreachable or damaged) the page is told at once (FAILED)
 * and the promise rejects, as PyScript expects. */
export async function loadPyodide(options = {}) {
  try {
    return await start(options);
  } catch (err) {
    globalThis.dispatchEvent?.(new CustomEvent(FAILED, { detail: String(err?.message ?? err) }));
    throw err;
  }
}

/** A promise that resolves once Pyodide's WebAssembly is compiled (its one
 * WebAssembly.instantiateStreaming call, made with the WebAssembly's response, has settled) or ``boot``
 * (the promise of bootOrFail) has settled, whichever comes first; it never rejects. Call it as soon as
 * the boot has started: Pyodide calls instantiateStreaming once its JavaScript module has loaded, and
 * the function is wrapped until that first call. start() waits for it only on a visit no service worker
 * answers (there the files come from Cache Storage: nothing shares a link).
 *
 * Why: the plain start's downloads (the WebAssembly 3.5 MB compressed, the standard library 1.4 MB,
 * engine.zip.gz 1.3 MB, app.zip 0.3 MB) shared the link, so the WebAssembly, which Python waits for,
 * arrived last; the archives are needed only once Python is up, and arrive while it starts. Phone
 * profile, same run (docs/benchmarks.md, "Pyodide's WebAssembly first"): a first visit's full page
 * ~1 s sooner, a roll link's full page ~1 s sooner; a reload from the HTTP cache unchanged. */
function afterWasm(boot) {
  const wasm = globalThis.WebAssembly;
  const real = wasm?.instantiateStreaming;
  const settled = boot.then(() => {}, () => {});
  if (typeof real !== "function") return settled;
  let compiled;
  const done = new Promise((resolve) => { compiled = resolve; });
  wasm.instantiateStreaming = function (...args) {
    wasm.instantiateStreaming = real;
    const result = real.apply(this, args);
    result.then(compiled, compiled);
    return result;
  };
  settled.then(() => {
    if (wasm.instantiateStreaming !== real) wasm.instantiateStreaming = real; // never called: as it was
  });
  return Promise.race([done, settled]);
}

/** Start Pyodide: from the memory snapshot on a visit the service worker controls, else plainly;
 * the archives are fetched meanwhile (on a visit no service worker answers, after Pyodide's WebAssembly:
 * afterWasm) and added once Pyodide is up. */
async function start(options) {
  await coreFirst();
  mark("boot-start");
  // a visit no service worker answers: the archives wait for Pyodide's WebAssembly (afterWasm)
  const later = !controlled();
  let app = later ? null : archive("app.zip");
  app?.catch(() => {}); // a failure surfaces where it is awaited below, not as an unhandled rejection
  const base = { ...options, indexURL };
  if (LOCK) base.lockFileContents = LOCK;
  const why = startReason();
  globalThis[DIAG.snapshot_reason] = why;
  let pyodide = null;
  if (why === "local") {
    try {
      const got = snapshotBytes();
      const bytes = got.then((g) => g.bytes);
      bytes.catch(() => {}); // a failure surfaces through boot() below, not as an unhandled rejection
      pyodide = await bootOrFail({ ...base, _loadSnapshot: bytes });
      mark("booted");
      pyodide.runPython("import tirada");
      const { keep } = await got;
      if (keep) keepUnpacked(keep); // not awaited: the page goes on starting
      dropKeptIfFailed();
      globalThis[DIAG.start] = "snapshot";
    } catch (err) {
      pyodide = null;
      console.warn("Tirada: the memory snapshot did not load; starting without it.", err);
      if (globalThis[DIAG.wasm_from] === "precache" && String(err?.message).includes(WASM_FAILED)) {
        globalThis[DIAG.wasm_dropped] = await dropDamagedWasm();
      }
      globalThis.caches?.delete(UNPACKED).catch(() => {}); // a damaged kept copy is not read again
    }
  }
  if (!pyodide) {
    globalThis[DIAG.start] = "plain";
    // a failed archive rejects at once, without waiting for Pyodide to finish
    const booting = bootOrFail(base);
    const wait = later ? afterWasm(booting) : null;
    const fetched = (name) => (wait ? wait.then(() => archive(name)) : archive(name));
    const engine = fetched("engine.zip.gz");
    app ??= fetched("app.zip");
    app.catch(() => {});
    const [booted, engineBytes] = await Promise.all([booting, engine, app]);
    pyodide = booted;
    addArchive(pyodide, "engine.zip", engineBytes);
  }
  globalThis[DIAG.jspi] = Boolean(pyodide._module?.jspiSupported);
  addArchive(pyodide, "app.zip", await app);
  importPyscriptFromApp(pyodide);
  mark("archives-added");
  return pyodide;
}
