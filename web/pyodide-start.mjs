// The interpreter module PyScript loads (pyscript.json "interpreter"; issue #16): Pyodide's own
// loadPyodide with Tirada's options.
//
// - Starts from a memory snapshot (pyodide/snapshot.bin.gz, made at build time by
//   tools/pyodide_build.mjs: the interpreter booted with the engine already imported), which skips
//   most of Python's start-up. The snapshot comes gzip-compressed whatever the host does and is
//   unpacked here (DecompressionStream); its download overlaps the WebAssembly compile.
// - A browser asked to save data (navigator.connection.saveData) starts plainly on a first visit,
//   without the snapshot's 7 MB (5.4 MB instead of 12.6 MB before ready), and from the snapshot
//   once the service worker holds it. Everyone else starts from it on a first visit too: measured,
//   a plain first start is much slower on the desktop profile, and on the phone profile's
//   9 Mbit/s it wins or loses with the CPU left (docs/benchmarks.md, "Snapshot only when local:
//   measured, not kept"); nothing the page can read tells those cases apart reliably.
// - On a visit the service worker controls, the snapshot is read straight from Cache Storage (its
//   Workbox precache key, revision included), not through the worker's fetch handler, and the
//   unpacked bytes are kept in a cache of their own (UNPACKED, the current revision only): later
//   visits read them back instead of gunzipping 30 MB again (docs/benchmarks.md, "Warm start from
//   Cache Storage").
// - Falls back to a plain start if the snapshot is missing, damaged or refused: never a blank page.
// - The lock file (no packages: the page installs none) is inlined, one request fewer.
// build.py fills the three constants below; the page works with either value.
import { loadPyodide as boot, version } from "./pyodide/pyodide.mjs";

export { version };

/** Pyodide's lock file, trimmed to no packages (JSON text), or "" to fetch pyodide-lock.json. */
const LOCK = "";
/** File name of the memory snapshot in pyodide/, or "" to always start plainly. */
const SNAPSHOT = "";
/** The snapshot's precache revision (the MD5 hex of its bytes, as Workbox's), or "". */
const SNAPSHOT_REVISION = "";

const indexURL = new URL("./pyodide/", import.meta.url).href;
const mark = (name) => globalThis.performance?.mark?.(`tirada:${name}`); // read by bench/ (where time goes)

/** The snapshot's Workbox precache key (its URL with the content-hash revision, workbox-precaching's
 * cache key), so that a page the service worker controls reads it from Cache Storage itself; the
 * unpacked copy is kept under the same key in UNPACKED. */
const precacheKey = () => `${indexURL}${SNAPSHOT}?__WB_REVISION__=${SNAPSHOT_REVISION}`;
/** The Cache Storage cache holding the unpacked snapshot of the current revision only. */
const UNPACKED = "tirada-snapshot-unpacked";

/** Whether this page may read the snapshot from Cache Storage: a service worker controls it (its
 * install has precached the snapshot) and the build gave the precache revision. */
const fromCaches = () =>
  Boolean(SNAPSHOT_REVISION && globalThis.navigator?.serviceWorker?.controller && globalThis.caches);

/** The snapshot's response: from the precache when a service worker controls the page (no round
 * trip through the worker's fetch handler), else over the network; rejects on an HTTP error. */
async function snapshotResponse() {
  if (fromCaches()) {
    try {
      const cached = await caches.match(precacheKey());
      if (cached) {
        globalThis.tiradaSnapshotFrom = "precache";
        return cached;
      }
    } catch {
      // Cache Storage refused (e.g. a private window): the network below
    }
  }
  const response = await fetch(indexURL + SNAPSHOT);
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  globalThis.tiradaSnapshotFrom = "network";
  return response;
}

/** The unpacked snapshot kept by an earlier controlled visit, or null. Reading it (~40 ms on the
 * desktop) skips the gunzip (~170 ms); docs/benchmarks.md. */
async function unpackedBytes() {
  // where the bytes came from, for bench/ and the tests: "unpacked" (the kept copy), "precache"
  // (Cache Storage, then unpacked) or "network" (fetch(), through the worker if one controls the page)
  if (!fromCaches()) return null;
  try {
    const cache = await caches.open(UNPACKED);
    const kept = await cache.match(precacheKey());
    if (!kept) return null;
    const bytes = new Uint8Array(await kept.arrayBuffer());
    globalThis.tiradaSnapshotFrom = "unpacked";
    return bytes;
  } catch {
    return null; // refused or damaged: unpack the precached copy instead
  }
}

/** Keep ``response`` (the unpacked snapshot) for the next visits, in place of any older revision's. */
async function keepUnpacked(response) {
  try {
    const cache = await caches.open(UNPACKED);
    for (const old of await cache.keys()) await cache.delete(old);
    await cache.put(precacheKey(), response);
  } catch (err) {
    console.warn("Tirada: could not keep the unpacked snapshot.", err); // the next visit unpacks again
  }
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
  // the Response copies the bytes now, before Pyodide takes them
  return { bytes, keep: fromCaches() ? new Response(bytes) : null };
}

/** Whether to start from the snapshot, and why (kept for bench/ and the tests): "local" (a service
 * worker controls the page, so its install has precached the snapshot), "first visit", or false
 * (no snapshot, or data to save). */
function useSnapshot() {
  if (!SNAPSHOT || typeof DecompressionStream !== "function") return false;
  if (globalThis.navigator?.serviceWorker?.controller) return "local";
  return globalThis.navigator?.connection?.saveData ? false : "first visit";
}

/** PyScript calls this with its stdout/stderr options; answer a ready Pyodide. */
export async function loadPyodide(options = {}) {
  mark("boot-start");
  const base = { ...options, indexURL };
  if (LOCK) base.lockFileContents = LOCK;
  const why = useSnapshot();
  globalThis.tiradaSnapshotReason = why || "plain";
  if (why) {
    try {
      const got = snapshotBytes();
      const bytes = got.then((g) => g.bytes);
      bytes.catch(() => {}); // a failure surfaces through boot() below, not as an unhandled rejection
      const pyodide = await boot({ ...base, _loadSnapshot: bytes });
      mark("booted");
      pyodide.runPython("import tirada");
      const { keep } = await got;
      if (keep) keepUnpacked(keep); // not awaited: the page goes on starting
      globalThis.tiradaStart = "snapshot";
      return pyodide;
    } catch (err) {
      console.warn("Tirada: the memory snapshot did not load; starting without it.", err);
      globalThis.caches?.delete(UNPACKED).catch(() => {}); // a damaged kept copy is not read again
    }
  }
  globalThis.tiradaStart = "plain";
  return boot(base);
}
