// The page's tabs before the full engine is up (issue #41: "until it is up, those parts show progress,
// never a dead button; if it fails, they say so and the core keeps working").
//
// The tabs are switched by the full page (web/shell/page.py on_tab → app.show_view, and the view's own
// module loaded then: page.py LAZY), which runs on Pyodide: on a phone's first visit that is ~11 s, and
// never when Pyodide fails. Until then a tab pressed here switches the view as show_view does (the
// sections' hidden, the tabs' aria-current, the row scrolled so the tab shows whole) and puts a progress
// line at the top of a view that needs the engine (every view but «Tirar», whose form the reading core
// rolls: web/loader.js), its controls inert meanwhile (no control that does nothing); when the engine
// fails, the line says so. Once the engine is ready the lines go, the controls come back, and the tab
// last chosen here is pressed again for the full page (which loads that view's module and shows it).
// Nothing is stored; a tab pressed after the engine is up is the full page's alone.

/** The view that needs no engine to be used: the roll form (the reading core rolls it). */
const CORE_VIEW = "roll";

/**
 * Switch the tabs before the engine is up.
 *
 * @param {object} page what the loader knows: ``state()`` the engine's state ("loading" | "ready" |
 *   "failed"), ``watch(observer)`` observes its attribute, ``say(name)`` the loading template's text
 *   in the early language (web/loader.js ``say``).
 * @returns {() => void} says the progress lines again (the language changed before the engine is up:
 *   web/early-lang.mjs; ``say`` answers in the new one)
 */
export function earlyTabs({ state, watch, say }) {
  const tabs = Array.from(document.querySelectorAll("[data-tab]"));
  if (!tabs.length || state() === "ready") return () => {};
  let chosen = null; // the tab pressed here last (null: none, the full page's start decides)
  const waiting = new Map(); // view name → its progress line
  const quieted = new Set(); // the elements made inert here

  const show = (name) => {
    for (const section of document.querySelectorAll("[data-view]")) section.hidden = section.dataset.view !== name;
    for (const tab of tabs) tab.setAttribute("aria-current", tab.dataset.tab === name ? "page" : "false");
    reveal(name);
    if (name !== CORE_VIEW) wait(name);
  };

  const wait = (name) => {
    const section = document.querySelector(`[data-view="${name}"]`);
    if (!section) return;
    for (const child of section.children) {
      // a thread link's verdict the reading core drew stays usable (web/core-first.mjs showThreadCore)
      if (!waiting.has(name) && !child.inert && child.id !== "thread-core") {
        child.inert = true;
        quieted.add(child);
      }
    }
    let line = waiting.get(name);
    if (!line) {
      line = document.createElement("div");
      line.className = "tab-waiting card";
      line.setAttribute("role", "status");
      const bar = document.createElement("progress");
      const words = document.createElement("p");
      words.id = `tab-waiting-${name}`;
      bar.setAttribute("aria-labelledby", words.id);
      line.append(bar, words);
      section.prepend(line);
      waiting.set(name, line);
    }
    said(line);
  };

  const said = (line) => {
    const failed = state() === "failed";
    line.classList.toggle("failed", failed);
    line.querySelector("progress").hidden = failed;
    line.setAttribute("aria-busy", failed ? "false" : "true");
    line.querySelector("p").textContent = say(failed ? "tabfailed" : "tabloading");
  };

  const onTab = (event) => {
    if (state() === "ready") return; // the full page's own handler switches it
    chosen = event.currentTarget.dataset.tab;
    show(chosen);
  };
  for (const tab of tabs) tab.addEventListener("click", onTab);

  watch(new MutationObserver((_, observer) => {
    const now = state();
    if (now === "failed") {
      for (const line of waiting.values()) said(line);
      return; // the tabs keep switching here; the lines say the rest could not load
    }
    if (now !== "ready") return;
    observer.disconnect();
    for (const tab of tabs) tab.removeEventListener("click", onTab);
    for (const line of waiting.values()) line.remove();
    for (const child of quieted) child.inert = false;
    // the full page started on its own view (the roll form, or a link's): the tab chosen meanwhile is
    // pressed again, so that its module loads and shows it (page.py on_tab); focus stays where it is
    // («Tirar» chosen is where the page started: a link opened meanwhile keeps its own view)
    const current = document.querySelector('[data-tab][aria-current="page"]')?.dataset.tab;
    if (chosen && chosen !== CORE_VIEW && chosen !== current) document.getElementById(`tab-${chosen}`)?.click();
  }));
  return () => {
    if (state() !== "ready") for (const line of waiting.values()) said(line);
  };
}

/** Scroll the tab row (only the row, never the page) so that the tab ``name`` shows whole, and hide the
 * «Más →» cue at the row's end, as web/shell/app.py ``reveal_current_tab`` does. */
function reveal(name) {
  const row = document.getElementById("tabs");
  const tab = document.getElementById(`tab-${name}`);
  const wrap = document.getElementById("tabs-wrap");
  if (!row || !tab) return;
  const left = tab.offsetLeft - row.offsetLeft;
  const right = left + tab.offsetWidth;
  if (left < row.scrollLeft) row.scrollLeft = Math.max(0, left - 8);
  else if (right > row.scrollLeft + row.clientWidth) row.scrollLeft = right - row.clientWidth + 12;
  wrap?.classList.toggle("at-end", row.scrollLeft + row.clientWidth >= row.scrollWidth - 4);
}
