// The reading core's Web Worker (issue #41: no input waits more than 100 ms while the page boots).
//
// web/core-first.mjs posts {fragment, lang} here; this worker starts MicroPython (dist/micropython/:
// npm @micropython/micropython-webassembly-pyscript), writes the reading core's modules (dist/core.json,
// buildtools/core.py) into its file system and answers with tirada.links.core_view.view_json's JSON
// text and the bytes it downloaded, {view: text, bytes}, or {failed: text} when MicroPython or the core cannot be loaded. Compiling the
// wasm and verifying the link (about 300 ms of CPU on a desktop, more on a phone) happen here, off the
// page's main thread. One link per worker: core-first.mjs ends it after the answer. The userscript's
// verification frame keeps one worker for all its requests instead (frameMessage, below).

/** MicroPython's heap: the core's modules compiled and one link verified fit with room to spare. */
const HEAP = 16 * 1024 * 1024;

/** Write ``files`` ({"tirada/dice.py": source, …}) under /lib of MicroPython's file system. */
function writeFiles(fs, files) {
  const made = new Set();
  for (const [path, source] of Object.entries(files)) {
    const parts = path.split("/").slice(0, -1);
    let dir = "/lib";
    for (const part of ["", ...parts]) {
      dir = part ? `${dir}/${part}` : dir;
      if (made.has(dir)) continue;
      try {
        fs.mkdir(dir);
      } catch {
        // exists
      }
      made.add(dir);
    }
    fs.writeFile(`/lib/${path}`, source);
  }
}

let started = null;

/** MicroPython with the reading core's modules under /lib, started once per worker. */
function core() {
  if (started) return started;
  started = (async () => {
    const base = new URL("./", import.meta.url);
    const bundle = fetch(new URL("core.json", base)).then((response) => {
      if (!response.ok) throw new Error(`core.json: HTTP ${response.status}`);
      return response.json();
    });
    bundle.catch(() => {}); // awaited below
    const { loadMicroPython } = await import("./micropython/micropython.mjs");
    const mp = await loadMicroPython({
      url: new URL("micropython/micropython.wasm", base).href,
      heapsize: HEAP,
      stdout: () => {},
      stderr: (line) => console.warn("Tirada core:", line),
    });
    writeFiles(mp.FS, (await bundle).files);
    return mp;
  })();
  return started;
}

/**
 * Verify ``fragment`` on MicroPython with the reading core.
 *
 * @param {string} fragment  the roll link's fragment (no "#")
 * @param {string} lang  "es" or "en"
 * @returns {Promise<string>} JSON of tirada.links.core_view.CoreView's fields: state ("verified", "refused",
 *   "full"), code, params, system, outcome, total, ok, kept, label, roller, campaign, seq, id,
 *   description, created_iso, lang. Rejects when MicroPython or the core cannot be loaded.
 */
async function coreView(fragment, lang) {
  return (await core()).pyimport("tirada.links.core_view").view_json(fragment, lang);
}

/** What this worker downloaded (MicroPython, core.json): the page's own timeline does not see it. */
const downloaded = () => performance.getEntriesByType("resource").reduce((sum, e) => sum + (e.transferSize || 0), 0);

/**
 * The userscript frame's messages (web/core-first.mjs coreFrame; issue #41): ``{kind: "frame-start", id}``
 * starts the core and answers ``{id, ready: the frame's first message (JSON text), bytes}``; ``{kind:
 * "marks", id, text, href}`` answers ``{id, answer}``: tirada.links.core_marks.core_answer_json of the
 * request ``text`` for the frame at ``href`` (``""``: the full engine answers it). ``{id, failed}`` when
 * the core cannot start or answer.
 */
async function frameMessage(data) {
  try {
    const marks = (await core()).pyimport("tirada.links.core_marks");
    if (data.kind === "frame-start") self.postMessage({ id: data.id, ready: marks.ready_json(), bytes: downloaded() });
    else self.postMessage({ id: data.id, answer: marks.core_answer_json(data.text, data.href) });
  } catch (err) {
    self.postMessage({ id: data.id, failed: String(err?.stack || err).slice(0, 500) });
  }
}

self.onmessage = async ({ data }) => {
  if (data.kind) return frameMessage(data);
  try {
    const view = await coreView(data.fragment, data.lang);
    self.postMessage({ view, bytes: downloaded() });
  } catch (err) {
    self.postMessage({ failed: String(err?.stack || err).slice(0, 500) });
  }
};
