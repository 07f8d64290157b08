// The reading core's Web Worker (issue #41: no input waits more than 100 ms while the page boots).
//
// web/core-first.mjs posts {fragment, lang} here; this worker starts MicroPython (dist/micropython/:
// npm @micropython/micropython-webassembly-pyscript), writes the reading core's modules (dist/core.bin:
// compiled to MicroPython bytecode by the build, buildtools/core.py) into its file system and answers with tirada.links.core_view.view_json's JSON
// text and the bytes it downloaded, {view: text, game, bytes} (``game`` true: ``view`` is a Confrontation's, a bidding's or a
// scene's first view instead, tirada.links.core_game's), or {failed: text} when MicroPython or the core cannot be loaded. Compiling the
// wasm and verifying the link (about 300 ms of CPU on a desktop, more on a phone) happen here, off the
// page's main thread. One link per worker: core-first.mjs ends it after the answer. A thread link's
// first verdict is one message too ({kind: "thread"}: threadMessage, below). The userscript's
// verification frame keeps one worker for all its requests instead (frameMessage, below), and so does
// the roll form while Pyodide starts (formMessage, below).

/** MicroPython's heap: the core's modules compiled and one link verified fit with room to spare. */
const HEAP = 16 * 1024 * 1024;

/**
 * dist/core.bin's bytes as the build made them: the build gzips the bundle (a static host sends a .bin
 * as it is); a host that sent it with Content-Encoding has had the browser inflate it already (the
 * bundle itself never starts with gzip's 1f 8b: its first bytes are a short index's length).
 *
 * @param {ArrayBuffer} buffer  what core.bin's response held
 * @returns {Promise<ArrayBuffer>} the bundle
 */
async function inflated(buffer) {
  const head = new Uint8Array(buffer, 0, Math.min(2, buffer.byteLength));
  if (head[0] !== 0x1f || head[1] !== 0x8b) return buffer;
  return new Response(new Blob([buffer]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

/**
 * The files of dist/core.bin, inflated (buildtools/core.py ``bundle``): a 4-byte little-endian length n, n bytes
 * of JSON {"files": [[path, size], …]}, then each file's bytes in that order.
 *
 * @param {ArrayBuffer} buffer  the bundle
 * @returns {Array<[string, Uint8Array]>} each path (under /lib) and its bytes
 * @throws {Error} the sizes do not add up (a damaged or cut-short download)
 */
function unbundle(buffer) {
  const n = new DataView(buffer).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 4, n)));
  let at = 4 + n;
  const files = index.files.map(([path, size]) => {
    const bytes = new Uint8Array(buffer, at, size);
    at += size;
    return [path, bytes];
  });
  if (at !== buffer.byteLength) throw new Error("core.bin: sizes do not add up");
  return files;
}

/** Write ``files`` ([[path, bytes], …]: "tirada/dice.mpy", …) under /lib of MicroPython's file system. */
function writeFiles(fs, files) {
  const made = new Set();
  for (const [path, bytes] of files) {
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
    fs.writeFile(`/lib/${path}`, bytes);
  }
}

let started = null;
let gamesWritten = null;

/** A bundle of dist/ (``name``: "core.bin", "core-games.bin"), inflated; rejects on an HTTP error. */
function fetchBundle(name) {
  const bundle = fetch(new URL(name, new URL("./", import.meta.url))).then((response) => {
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    return response.arrayBuffer().then(inflated);
  });
  bundle.catch(() => {}); // awaited by the caller
  return bundle;
}

/** MicroPython with the games' modules too (dist/core-games.bin: tirada.reading_core.GAME_MODULES, a
 * Confrontation's, its bidding's and a Tragedia scene's rules), written under /lib once per worker. */
function games() {
  if (gamesWritten) return gamesWritten;
  const bundle = fetchBundle("core-games.bin");
  gamesWritten = core().then(async (mp) => {
    writeFiles(mp.FS, unbundle(await bundle));
    return mp;
  });
  return gamesWritten;
}

/** MicroPython with the reading core's modules under /lib, started once per worker. */
function core() {
  if (started) return started;
  started = (async () => {
    const base = new URL("./", import.meta.url);
    const bundle = fetchBundle("core.bin");
    const { loadMicroPython } = await import("./micropython/micropython.mjs");
    const mp = await loadMicroPython({
      url: new URL("micropython/micropython.wasm", base).href,
      heapsize: HEAP,
      stdout: () => {},
      stderr: (line) => console.warn("Tirada core:", line),
    });
    writeFiles(mp.FS, unbundle(await bundle));
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

/**
 * A game link's first view: a Confrontation, a Spoils bidding or a Tragedia scene replayed
 * (tirada.links.core_game, with the games' bundle, dist/core-games.bin).
 *
 * @param {string} fragment  the link's fragment; @param {string} lang  "es" or "en"
 * @returns {Promise<string>} GameView's JSON text: state, kind, code, params, sides, turn, round,
 *   exchange, moves, ended, status, winner, objective, outcome, refusal, lang
 */
async function gameView(fragment, lang) {
  return (await games()).pyimport("tirada.links.core_game").game_view_json(fragment, lang);
}

/** What this worker downloaded (MicroPython, core.bin): the page's own timeline does not see it. */
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

/**
 * A thread link's first verdict (web/core-first.mjs coreThread; issue #41): ``{kind: "thread", fragment,
 * lang, href}`` answers ``{view: tirada.links.core_thread.thread_view_json's JSON text, bytes}``, or
 * ``{failed}`` when the core cannot start. Each roll link of each post marked as the frame marks it;
 * the work (decoding the thread, verifying its links) runs here, off the page's main thread.
 */
async function threadMessage(data) {
  try {
    const view = (await core()).pyimport("tirada.links.core_thread").thread_view_json(data.fragment, data.lang, data.href);
    self.postMessage({ view, bytes: downloaded() });
  } catch (err) {
    self.postMessage({ failed: String(err?.stack || err).slice(0, 500) });
  }
}

/** The modules a form's roll needs, imported when the form's worker starts so that the first roll
 * does not wait for them. */
const FORM_MODULES = "import tirada.core_roll, tirada.links.roll_link, tirada.chainbook, tirada.links.snippets, "
  + "tirada.systems.form_read, tirada.systems.words, tirada.systems.sifrp, tirada.systems.generic";

/**
 * The roll form's messages (web/core-first.mjs coreForm; issue #41: the form rolls before Pyodide is up):
 * ``{kind: "form-start", id}`` starts the core and imports what a roll needs, answering ``{id, ready:
 * true, bytes}``; ``{kind: "roll", id, ask}`` answers ``{id, answer}``: tirada.core_roll.roll_json of
 * the JSON text ``ask``. ``{id, failed}`` when the core cannot start or answer.
 */
async function formMessage(data) {
  try {
    const mp = await core();
    if (data.kind === "form-start") {
      mp.runPython(FORM_MODULES);
      self.postMessage({ id: data.id, ready: true, bytes: downloaded() });
    } else {
      self.postMessage({ id: data.id, answer: mp.pyimport("tirada.core_roll").roll_json(data.ask) });
    }
  } catch (err) {
    self.postMessage({ id: data.id, failed: String(err?.stack || err).slice(0, 500) });
  }
}

/**
 * ``{kind: "warm", form}`` (web/first.js, which starts this worker while the page is still parsed): start
 * MicroPython with the core's files now, and with ``form`` import what a form's roll needs too. Answers
 * nothing: the page's first real question (a link to verify, "form-start") finds it started, or fails
 * as it would have.
 */
async function warm(data) {
  try {
    const mp = await core();
    if (data.form) mp.runPython(FORM_MODULES);
  } catch {
    // the next question says why (core() keeps the failure)
  }
}

let checkWritten = null;

/** MicroPython with the L5R check's page modules too (dist/core-l5r.bin: web/l5r/core_check.py and the
 * board's renderer with its words, buildtools/core.py), written under /lib and imported once per worker. */
function checkModules() {
  if (checkWritten) return checkWritten;
  const bundle = fetchBundle("core-l5r.bin");
  checkWritten = core().then(async (mp) => {
    writeFiles(mp.FS, unbundle(await bundle));
    mp.runPython("import l5r.core_check");
    return mp;
  });
  checkWritten.catch(() => {
    checkWritten = null; // a failed download may be asked again
  });
  return checkWritten;
}

/**
 * An L5R check played on the core (web/core-check.mjs; issue #41): ``{kind: "check", id, op, arg}``
 * answers ``{id, answer}``: the JSON text of l5r.core_check's ``<op>_json(arg)`` ("begin", "tap", "add",
 * "decide", "undo", "redraw_in"), or ``""`` for "prepare" (the modules fetched and imported) and "reset". ``{id, failed}``
 * when they cannot be loaded.
 */
async function checkMessage(data) {
  try {
    const mp = await checkModules();
    const module = mp.pyimport("l5r.core_check");
    let answer = "";
    if (data.op === "reset") module.reset();
    else if (["begin", "tap", "add", "decide", "undo", "redraw_in"].includes(data.op)) answer = module[`${data.op}_json`](data.arg);
    self.postMessage({ id: data.id, answer });
  } catch (err) {
    self.postMessage({ id: data.id, failed: String(err?.stack || err).slice(0, 500) });
  }
}

self.onmessage = async ({ data }) => {
  if (data.kind === "warm") return warm(data);
  if (data.kind === "thread") return threadMessage(data);
  if (data.kind === "check") return checkMessage(data);
  if (data.kind === "form-start" || data.kind === "roll") return formMessage(data);
  if (data.kind) return frameMessage(data);
  try {
    // a Confrontation, bidding or scene link (web/link-kind.mjs, asked by the page: no module to fetch
    // here before MicroPython starts): the game's first view instead
    const game = Boolean(data.game);
    if (game) games(); // its bundle downloads while MicroPython starts
    const view = game ? await gameView(data.fragment, data.lang) : await coreView(data.fragment, data.lang);
    self.postMessage({ view, game, bytes: downloaded() });
  } catch (err) {
    self.postMessage({ failed: String(err?.stack || err).slice(0, 500) });
  }
};
