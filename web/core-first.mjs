// A roll link verified by the reading core on MicroPython before Pyodide is up (issue #41).
//
// web/loader.js imports this module (small; nothing runs until called) and calls coreView as soon as
// it runs on a roll link. Its Web Worker (web/core-worker.mjs, so that the main thread stays free for
// input) starts MicroPython (dist/micropython/: npm @micropython/micropython-webassembly-pyscript,
// about 190 KB gzip), writes the reading core's modules (dist/core.bin, compiled to MicroPython
// bytecode by buildtools/core.py: tirada.reading_core.CORE_MODULES) into its file system and calls tirada.links.core_view.view_json: the same Python that verifies the
// link on Pyodide (the frame, the request, the roll recomputed; never a result read from the link),
// with the outcome in the system's own words. What it shows goes in #shared-body, outcome first, with
// «Verificada» and «Cargando el resto de Tirada…»; web/fair/ui_shared.py replaces it all with the full
// view once Pyodide is ready (the same verdict: tests/test_core_view.py). Pyodide's start
// (web/pyodide-start.mjs) waits for this first result, so its downloads do not compete with it.
// Any failure here leaves the page exactly as without it: the request preview stays, Pyodide boots.
// Its elements have classes of their own (core-*): the full view's (.total, .shared-ok, .error) mean
// the full engine has drawn it, and the tests wait for those.

import { CONTRACT } from "./generated.mjs";

const { functions: FUNCTIONS } = CONTRACT;
const DIAG = Object.fromEntries(Object.entries(CONTRACT.diagnostics.values).map(([key, v]) => [key, v.name]));
const mark = (name, detail) => globalThis.performance?.mark?.(CONTRACT.marks.prefix + name, detail && { detail });

/**
 * Verify ``fragment`` on MicroPython with the reading core, in a Web Worker (web/core-worker.mjs), so
 * that the page's main thread stays free for input while MicroPython compiles and the link is checked.
 * web/loader.js calls this as soon as it runs on a roll link, before the link's request preview: the
 * worker's downloads and MicroPython's start then overlap everything else the page does first.
 *
 * @param {string} fragment  the roll link's fragment (no "#")
 * @param {string} lang  "es" or "en"
 * @param {string|null} game  web/link-kind.mjs gameKind(fragment): "brs", "scene", "bid", or null for a roll link
 * @returns {{view: Promise<object>, stop: () => void}} ``view``: tirada.links.core_view.CoreView's
 *   fields: state ("verified", "refused", "full"), code, params, system, outcome, total, ok, kept,
 *   label, roller, campaign, seq, id, description, created_iso, lang; for a Confrontation or a scene link
 *   (web/link-kind.mjs gameKind) ``{state: "game", game}`` instead, ``game`` tirada.links.core_game.GameView's
 *   fields (showGame); rejects when the worker,
 *   MicroPython or the core cannot be loaded, or after ``stop()`` (the link turned out to be one the
 *   core does not read: the worker is ended at once, leaving the device to Pyodide).
 */
export function coreView(fragment, lang, game) {
  mark("core-start");
  // the worker's downloads: bench/startup.py counts them
  return askOnce({ fragment, lang, game }, (bytes) => mark("core-verified", { bytes }));
}

/**
 * A thread link's first verdict (``#hilo1.…``, the «Comprobar este hilo» bookmarklet; issue #41): the
 * thread decoded and each roll link of each post marked by the reading core on MicroPython, in a Web
 * Worker, as the userscript's frame marks it (tirada.links.core_thread). web/loader.js calls this as
 * soon as it runs on a thread link.
 *
 * @param {string} fragment  the thread link's fragment (no "#")
 * @param {string} lang  "es" or "en"
 * @param {string} href  the page's location.href (links posted with another address stay pending)
 * @returns {{view: Promise<object>, stop: () => void}} ``view``: tirada.links.core_thread.ThreadView's
 *   JSON: state ("read", "refused"; "failed" when the core broke), code, params, page, links, ok, bad,
 *   pending, posts [{number, author, place, unread, marks: [{state "ok"|"bad"|"pending", text, title,
 *   reasons, codes, roller, seq, fragment, position}]}], lang; rejects as coreView's does.
 */
export function coreThread(fragment, lang, href) {
  mark("thread-core-start");
  return askOnce({ kind: "thread", fragment, lang, href }, (bytes) => mark("thread-core-read", { bytes }));
}

/** The core's worker web/first.js started (``functions.early_core``: MicroPython already loading), taken
 * once; else a new one. */
function coreWorker() {
  const early = takeEarlyCore();
  if (early && !early.failed) return early;
  early?.terminate();
  return new Worker(new URL("./core-worker.mjs", import.meta.url), { type: "module" });
}

/** The worker web/first.js left in ``functions.early_core`` (or undefined), taken: the global is left
 * defined and empty, which first.js reads as "loader.js has run". */
function takeEarlyCore() {
  const early = globalThis[FUNCTIONS.early_core.name];
  globalThis[FUNCTIONS.early_core.name] = undefined;
  return early;
}

/** End the core's worker web/first.js started if nothing took it (web/loader.js, once it has started
 * what it starts at once): a page that turned out to need none does not keep MicroPython loaded. */
export function dropEarlyCore() {
  takeEarlyCore()?.terminate();
}

/** One question to a core worker (web/core-worker.mjs; web/first.js's if it started one), ended after its
 * answer; ``answered(bytes)`` is told the worker's downloaded bytes once the answer is read. */
function askOnce(message, answered) {
  const worker = coreWorker();
  let stop = () => {};
  const answer = new Promise((resolve, reject) => {
    stop = () => reject(new Error("core worker: stopped"));
    worker.onmessage = ({ data }) => resolve(data);
    worker.onerror = (event) => reject(new Error(`core worker: ${event.message || "failed to start"}`));
    worker.onmessageerror = () => reject(new Error("core worker: unreadable answer"));
    worker.postMessage(message);
  });
  const view = answer.then((data) => {
    if (data.failed) throw new Error(data.failed);
    const got = data.game ? { state: "game", game: JSON.parse(data.view) } : JSON.parse(data.view);
    answered(data.bytes);
    return got;
  }).finally(() => worker.terminate());
  view.catch(() => {}); // awaited by the caller, or stopped
  return { view, stop: () => stop() };
}

/** An element ``tag`` with ``id``, ``className`` and ``text`` (textContent: link texts stay text). */
function make(tag, id, className, text) {
  const node = document.createElement(tag);
  if (id) node.id = id;
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Put the core's ``view`` in #shared-body, outcome first: the heading, «Verificada», the outcome and
 * total, the pool (``pool``: the request preview's line), the label, who rolled and where, and
 * «Cargando el resto de Tirada…» (#shared-checking: web/loader.js says «No se pudo cargar el resto»
 * there if Pyodide fails). A refused link says so with its code; a "full" view changes nothing (the
 * request preview stays until Pyodide words it). Keyboard focus goes to the heading, as the full view
 * puts it, unless it is already on something of the page (a field the visitor is typing in).
 *
 * @param {object} view  coreView()'s answer
 * @param {string} pool  the pool line in the page's language, or ""
 * @param {(name: string) => string} say  loader.js's string lookup (<template id="loading-strings">)
 * @param {boolean} failed  Pyodide has failed already: the last line says so at once
 * @returns {boolean} whether the view was shown
 */
export function showCore(view, pool, say, failed) {
  const body = document.getElementById("shared-body");
  const shared = document.getElementById("shared");
  if (!body || !shared || view.state === "full") return false;
  const box = make("div", "shared-core");
  box.dataset.core = view.state;
  box.lang = view.lang; // its words' language (the page's own is Spanish until the engine applies another)
  const heading = make("h2", "shared-heading", "", say(view.state === "verified" ? "heading" : "linkerror"));
  heading.tabIndex = -1;
  box.append(heading);
  if (view.state === "verified") {
    const verdict = view.ok === true ? " ok" : view.ok === false ? " fail" : "";
    box.append(make("p", "core-verified", "core-ok", say("verified")),
      make("p", "core-headline", "headline" + verdict, view.outcome));
    if (view.total && view.total !== view.outcome) box.append(make("p", "core-total", "core-total", `${say("total")}: ${view.total}`));
    if (pool) box.append(make("p", "core-pool", "pool", pool));
    if (view.label) box.append(make("p", "core-label", "core-label", view.label));
    box.append(make("p", "core-meta", "meta", [view.description, view.created_iso.replace("T", " ").replace("Z", " UTC"),
      `id ${view.id}`].filter(Boolean).join(" · ")));
  } else {
    box.append(make("p", "core-refused", "core-error", say("corerefused").replace("{code}", () => view.code)));
  }
  return placeCard(box, heading, say, failed, "coreloading", "corefailed");
}

/**
 * End a first view's ``box`` with the line that says the rest is loading (``loading``, a key of
 * loader.js's strings; ``unloaded``, «No se pudo cargar el resto…», when Pyodide has ``failed``:
 * web/loader.js says it there later too, from the line's data-unchecked), put it in #shared-body and show #shared without the roll's own buttons. Keyboard
 * focus goes to ``heading``, as the full view puts it (ui_shared.open_link), unless the visitor is
 * already somewhere else (typing in the form while the link was checked): never taken from them.
 *
 * @returns {boolean} true
 */
function placeCard(box, heading, say, failed, loading, unloaded) {
  const shared = document.getElementById("shared");
  const rest = make("p", "shared-checking", "shared-checking", say(failed ? unloaded : loading));
  if (!failed) rest.setAttribute("aria-busy", "true");
  rest.setAttribute("role", "status");
  rest.dataset.unchecked = unloaded;
  box.append(rest);
  document.getElementById("shared-body").replaceChildren(box);
  for (const node of shared.querySelectorAll("[data-needs-roll]")) node.hidden = true;
  shared.hidden = false;
  const at = document.activeElement;
  if (!at || at === document.body || at === document.documentElement) heading.focus();
  return true;
}

/**
 * Put a game link's first view (coreView's ``view.game``: a Confrontation, its Spoils bidding or a Tragedia
 * scene replayed by the reading core) in #shared-body, where a roll's card goes, outcome first: where the
 * game stands (a Confrontation: «Turno de: Haster» or who won, its two sides, «Intercambio 1 (Asalto 1)»; a
 * bidding: «Puja: Haster (Cronista)» or how it closed; a scene: its outcome in the Tragedia words, or how
 * many actions it holds so far, and its Objective), that its moves
 * were recomputed here, and «Cargando el tablero…» (#shared-checking; «No se pudo cargar el resto» if
 * Pyodide fails). The full page shows the board or the scene instead once Pyodide is up. A refused link
 * says so with its code; a "full" view changes nothing. Focus as showCore's.
 *
 * @param {object} game  tirada.links.core_game.GameView's fields
 * @param {(name: string) => string} say  loader.js's string lookup (<template id="loading-strings">)
 * @param {boolean} failed  Pyodide has failed already
 * @returns {boolean} whether the view was shown
 */
export function showGame(game, say, failed) {
  const body = document.getElementById("shared-body");
  const shared = document.getElementById("shared");
  if (!body || !shared || game.state === "full") return false;
  const fill = (key, values) => say(key).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  const box = make("div", "shared-core");
  box.dataset.core = game.state;
  box.dataset.game = game.kind;
  box.lang = game.lang;
  const brs = game.kind === "brs";
  const headings = { brs: "gamebrs", scene: "gamescene", bid: "bidheading" };
  const heading = make("h2", "shared-heading", "", say(game.state !== "verified" ? "linkerror" : headings[game.kind]));
  heading.tabIndex = -1;
  box.append(heading);
  if (game.state === "verified" && game.kind === "bid") {
    const said = game.status === "open" ? fill("bidturn", { side: game.turn })
      : game.status === "called" ? say("bidcalled") : fill("bidbacked", { side: game.winner });
    box.append(make("p", "core-headline", "headline", said),
      make("p", "core-game-sides", "", fill("gamesides", { a: game.sides[0], b: game.sides[1] })),
      make("p", "core-verified", "core-ok", fill("bidreplayed", { n: game.moves })));
  } else if (game.state === "verified") {
    if (brs) {
      box.append(make("p", "core-headline", "headline" + (game.ended ? " ok" : ""), game.ended
        ? fill("gameended", { winner: game.winner })
        : fill("gameturn", { player: game.turn || "—" })));
      box.append(make("p", "core-game-sides", "", fill("gamesides", { a: game.sides[0], b: game.sides[1] })));
      if (!game.ended) box.append(make("p", "core-game-exchange", "meta", fill("gameexchange", { n: game.exchange, r: game.round })));
    } else {
      const verdict = game.winner === "protagonist" ? " ok" : game.winner ? " fail" : "";
      box.append(make("p", "core-headline", "headline" + verdict, game.outcome || fill("gameactions", { n: game.moves })));
      if (game.objective) box.append(make("p", "core-game-objective", "", `${say("gameobjective")}: ${game.objective}`));
    }
    box.append(make("p", "core-verified", "core-ok", fill(brs ? "gamereplayed" : "scenereplayed", { n: game.moves })));
  } else {
    box.append(make("p", "core-refused", "core-error", game.refusal
      ? fill("gamerefusedwhy", { reason: game.refusal, code: game.code })
      : fill("gamerefused", { code: game.code })));
  }
  // a game that goes on can be played on once the rest is up; an ended one or a refused link only shown
  const loading = game.state !== "verified" ? "gamerefusedloading" : game.ended ? "gameendedloading" : "gameloading";
  return placeCard(box, heading, say, failed, loading, "gamefailed");
}

/** Most links drawn in the first verdict: past it a line says how many more the full audit shows (a
 * thread of thousands of links would hold the main thread past 100 ms while its list is built). */
const THREAD_LINKS_DRAWN = 200;

/**
 * Put a thread link's first verdict (coreThread's ``view``) in #thread-core, in the audit's tab, where the
 * audit will show: the heading, the outcome first («Enlaces: 12 — 11 ✔, 1 ✘», how many are left to the
 * full audit), what the core checked and what is still loading (each link on its own, not the thread),
 * then each post named as the audit names it with its links' ✔ / ✘ / pending, and «Cargando la
 * auditoría completa del hilo…» (#thread-core-checking: web/loader.js says the audit could not load
 * there if Pyodide fails). A refused thread link says so with its code. The audit tab is shown; focus
 * goes to the heading unless the visitor is already in a field. web/audit/ui_audit.py hides it all once
 * the full audit is drawn.
 *
 * @param {object} view  coreThread()'s answer
 * @param {(name: string) => string} say  loader.js's string lookup (<template id="loading-strings">)
 * @param {(name: string, values: object) => string} sayWith  the same with {fields} filled
 * @param {boolean} failed  Pyodide has failed already: the last line says so at once
 * @returns {boolean} whether the verdict was shown
 */
export function showThreadCore(view, say, sayWith, failed) {
  const box = document.getElementById("thread-core");
  if (!box || (view.state !== "read" && view.state !== "refused")) return false;
  const heading = make("h2", "thread-core-heading", "", say("threadheading"));
  heading.tabIndex = -1;
  const parts = [heading];
  if (view.state === "read") {
    let summary = sayWith("threadsummary", { n: view.links, ok: view.ok, bad: view.bad });
    if (view.pending) summary += " · " + sayWith("threadpendingcount", { n: view.pending });
    parts.push(make("p", "thread-core-summary", "headline" + (view.bad ? " fail" : view.pending ? "" : " ok"), summary),
      make("p", "thread-core-note", "meta", say("threadnote")));
    const list = make("ol", "thread-core-posts", "thread-core-posts");
    let drawn = 0;
    for (const post of view.posts) {
      if (drawn >= THREAD_LINKS_DRAWN) break;
      const item = make("li", "", "thread-core-post");
      item.append(make("p", "", "thread-core-place", post.place));
      const marks = make("ul", "", "thread-core-marks");
      for (const one of post.marks.slice(0, THREAD_LINKS_DRAWN - drawn)) {
        const sign = one.state === "ok" ? "✔" : one.state === "bad" ? "✘" : "…";
        const said = one.state === "pending" ? say("threadpending") : one.text;
        const row = make("li", "", `thread-core-mark ${one.state}`, `${sign} ${said}`);
        row.dataset.state = one.state;
        if (one.title) row.title = one.title;
        marks.append(row);
        drawn += 1;
      }
      if (post.marks.length) item.append(marks);
      if (post.unread) item.append(make("p", "", "meta thread-core-unread", say("threadunread")));
      list.append(item);
    }
    parts.push(list);
    if (view.links > drawn) parts.push(make("p", "thread-core-more", "meta", sayWith("threadmore", { n: view.links - drawn })));
  } else {
    parts.push(make("p", "thread-core-refused", "core-error", sayWith("threadrefused", { code: view.code })));
  }
  const rest = make("p", "thread-core-checking", "shared-checking", say(failed ? "threadfailed" : "threadloading"));
  if (!failed) rest.setAttribute("aria-busy", "true");
  rest.setAttribute("role", "status");
  rest.dataset.unchecked = "threadfailed";
  parts.push(rest);
  box.dataset.core = view.state;
  box.replaceChildren(...parts);
  // the audit's tab, as the full page opens it (web/shell/app.show_view), before Pyodide is up
  for (const section of document.querySelectorAll("[data-view]")) section.hidden = section.dataset.view !== "audit";
  for (const tab of document.querySelectorAll("[data-tab]")) {
    tab.setAttribute("aria-current", tab.dataset.tab === "audit" ? "page" : "false");
  }
  box.hidden = false;
  const at = document.activeElement;
  if (!at || at === document.body || at === document.documentElement) heading.focus();
  return true;
}

/**
 * The userscript's verification frame on the reading core (issue #41): one Web Worker
 * (web/core-worker.mjs) that starts MicroPython once and answers every request it can judge
 * (tirada.links.core_marks: ✔ roll links, the same marks as the full engine's) while Pyodide boots.
 *
 * @returns {{ready: Promise<string>, answer: (text: string, href: string) => Promise<string>}}
 *   ``ready``: the frame's first message (JSON text) once the core is up; rejects when it cannot
 *   start. ``answer``: the JSON text answering the request ``text`` for the frame at ``href``, or
 *   ``""`` when the full engine must answer it (rejects when the core failed).
 */
export function coreFrame() {
  mark("frame-core-start");
  const { ask, worker } = keptWorker();
  const ready = ask({ kind: "frame-start" }).then((data) => {
    mark("frame-core-ready", { bytes: data.bytes });
    return data.ready;
  });
  ready.catch(() => worker.terminate());
  return {
    ready,
    answer: async (text, href) => {
      await ready;
      return (await ask({ kind: "marks", text, href })).answer;
    },
  };
}

/**
 * The roll form on the reading core while Pyodide starts (issue #41): one Web Worker
 * (web/core-worker.mjs) that starts MicroPython, imports what a roll needs and rolls the form's
 * values as a link (tirada.core_roll.roll_json).
 *
 * @returns {{ready: Promise<void>, roll: (ask: string) => Promise<object>, stop: () => void}}
 *   ``ready`` resolves once the core can roll (rejects when it cannot start); ``roll(ask)``:
 *   tirada.core_roll.CoreRoll's fields for the JSON text ``ask`` (state "rolled" or "full");
 *   ``stop()`` ends the worker (Pyodide is up).
 */
export function coreForm() {
  mark("form-core-start");
  const { ask, worker } = keptWorker();
  const ready = ask({ kind: "form-start" }).then((data) => {
    mark("form-core-ready", { bytes: data.bytes });
  });
  ready.catch(() => worker.terminate());
  return {
    ready,
    roll: async (text) => {
      await ready;
      return JSON.parse((await ask({ kind: "roll", ask: text })).answer);
    },
    // an L5R check played on the core (web/core-check.mjs; web/l5r/core_check.py): ``op`` "prepare"
    // (fetch and import its modules), "begin", "tap", "add", "decide", "reset"; ``arg`` its JSON text
    // or value; resolves to the CheckStep's fields
    check: async (op, arg) => {
      await ready;
      const answer = (await ask({ kind: "check", op, arg })).answer;
      return answer ? JSON.parse(answer) : null;
    },
    stop: () => worker.terminate(),
  };
}

/** A core worker kept for many questions: ``ask(message)`` posts it with an id and resolves to the
 * answer with that id (rejects with its ``failed`` text, or when the worker fails). */
function keptWorker() {
  const worker = coreWorker();
  const pending = new Map();
  let next = 0;
  const ask = (message) => new Promise((resolve, reject) => {
    const id = ++next;
    pending.set(id, { resolve, reject });
    worker.postMessage({ ...message, id });
  });
  const failAll = (why) => {
    for (const { reject } of pending.values()) reject(new Error(why));
    pending.clear();
  };
  worker.onmessage = ({ data }) => {
    const waiting = pending.get(data.id);
    if (!waiting) return;
    pending.delete(data.id);
    if (data.failed) waiting.reject(new Error(data.failed));
    else waiting.resolve(data);
  };
  worker.onerror = (event) => failAll(`core worker: ${event.message || "failed to start"}`);
  worker.onmessageerror = () => failAll("core worker: unreadable answer");
  return { ask, worker };
}

/**
 * Put a roll the core made from the form (tirada.core_roll, web/loader.js rollOnCore) in #result,
 * outcome first: «Resultado», the outcome (the system's own words), the total, the pool, the label, who rolled
 * and where, and «Cargando el resto de Tirada…» (#core-roll-checking: web/loader.js says the rest could
 * not load there if Pyodide fails); its link in #share with the copy buttons (web/loader.js answers
 * them until web/roll/ui_roll.py replaces the card with the full one). Focus goes to #result, as the
 * full page puts it after a roll.
 *
 * @param {object} view  tirada.links.core_view.CoreView's fields (state "verified")
 * @param {string} pool  the pool in the game's notation (tirada.core_roll.CoreRoll.pool), or ""
 * @param {string} link  the roll's whole link
 * @param {(name: string) => string} say  loader.js's string lookup (<template id="loading-strings">)
 * @param {boolean} failed  Pyodide has failed already: the last line says so at once
 * @param {string} warning  a line said under the roll (its history entry could not be stored), or ""
 */
export function showCoreRoll(view, pool, link, say, failed, warning = "") {
  const result = document.getElementById("result");
  const share = document.getElementById("share");
  if (!result) return;
  const box = make("div", "core-roll");
  box.dataset.core = view.state;
  box.lang = view.lang; // its words' language (the page's own is Spanish until the engine applies another)
  const verdict = view.ok === true ? " ok" : view.ok === false ? " fail" : "";
  box.append(make("h2", "core-roll-heading", "", say("resultheading")),
    make("p", "core-roll-headline", "headline" + verdict, view.outcome));
  if (view.total && view.total !== view.outcome) box.append(make("p", "core-roll-total", "core-total", `${say("total")}: ${view.total}`));
  if (pool) box.append(make("p", "core-roll-pool", "pool", pool));
  if (view.label) box.append(make("p", "core-roll-label", "core-label", view.label));
  box.append(make("p", "core-roll-meta", "meta", [view.description, view.created_iso.replace("T", " ").replace("Z", " UTC"),
    `id ${view.id}`].filter(Boolean).join(" · ")));
  if (warning) box.append(make("p", "core-roll-warning", "core-error", warning));
  const rest = make("p", "core-roll-checking", "shared-checking", say(failed ? "rollcorefailed" : "rollcoreloading"));
  if (!failed) rest.setAttribute("aria-busy", "true");
  rest.setAttribute("role", "status");
  box.append(rest);
  result.replaceChildren(box);
  result.dataset.coreFragment = link.slice(link.indexOf("#") + 1);
  result.hidden = false;
  if (share) {
    const field = document.getElementById("share-link");
    if (field) field.value = link;
    for (const node of share.querySelectorAll("[data-link-only]")) node.hidden = false;
    const note = document.getElementById("share-note");
    if (note) note.hidden = true;
    const status = document.getElementById("copy-status");
    if (status) status.textContent = "";
    share.hidden = false;
  }
  result.focus();
}

/**
 * A form's roll the rules refuse, said in #result while the full engine (which words refusals) has failed
 * to load (web/loader.js showRefused): ``heading`` and ``message`` (the field's label and the stable
 * code), in a live region; #share is hidden (no link was made).
 *
 * @param {string} heading  «No se pudo tirar»
 * @param {string} message  what to check, with the code
 */
export function showCoreRefusal(heading, message) {
  const result = document.getElementById("result");
  if (!result) return;
  const box = make("div", "core-roll-refused");
  box.append(make("h2", "core-roll-refused-heading", "", heading), make("p", "core-roll-refused-text", "core-error", message));
  box.setAttribute("role", "alert");
  result.replaceChildren(box);
  result.hidden = false;
  const share = document.getElementById("share");
  if (share) share.hidden = true;
}
