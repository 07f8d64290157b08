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
// - Falls back to a plain start if the snapshot is missing, damaged or refused: never a blank page.
// - The lock file (no packages: the page installs none) is inlined, one request fewer.
// build.py fills the two constants below; the page works with either value.
import { loadPyodide as boot, version } from "./pyodide/pyodide.mjs";

export { version };

/** Pyodide's lock file, trimmed to no packages (JSON text), or "" to fetch pyodide-lock.json. */
const LOCK = "";
/** File name of the memory snapshot in pyodide/, or "" to always start plainly. */
const SNAPSHOT = "";

const indexURL = new URL("./pyodide/", import.meta.url).href;
const mark = (name) => globalThis.performance?.mark?.(`tirada:${name}`); // read by bench/ (where time goes)

/** The snapshot's bytes (gunzipped here unless the host already did), or a rejected promise. */
async function snapshotBytes() {
  const response = await fetch(indexURL + SNAPSHOT);
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const body = new Uint8Array(await response.arrayBuffer());
  mark("snapshot-fetched");
  if (body[0] !== 0x1f || body[1] !== 0x8b) return body; // the host sent it decoded
  const stream = new Blob([body]).stream().pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  mark("snapshot-unpacked");
  return bytes;
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
      const bytes = snapshotBytes();
      bytes.catch(() => {}); // a failure surfaces through boot() below, not as an unhandled rejection
      const pyodide = await boot({ ...base, _loadSnapshot: bytes });
      mark("booted");
      pyodide.runPython("import tirada");
      globalThis.tiradaStart = "snapshot";
      return pyodide;
    } catch (err) {
      console.warn("Tirada: the memory snapshot did not load; starting without it.", err);
    }
  }
  globalThis.tiradaStart = "plain";
  return boot(base);
}
