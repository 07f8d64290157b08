// The page in the visitor's language before Pyodide is up (issue #41).
//
// index.html is built in Spanish (buildtools/pages.py fills each [data-i18n] element and each
// [data-i18n-attr] attribute with the Spanish of web/shell/strings*.py STRINGS). Until Pyodide's
// web/shell/page.py apply_lang runs (seconds on a phone's first visit; never if it fails), this module
// shows the static page in English when the visitor reads English (earlyLang: the stored choice, else
// the browser's language), and makes the language button (#lang) switch it both ways.
// The English texts come from dist/strings-en.json (buildtools/pages.py write_english: the English of
// every key the static page uses, from the same catalog), fetched only when English is wanted: a
// Spanish visit never downloads it. It is applied as apply_lang applies a language (textContent of
// [data-i18n], the attributes of [data-i18n-attr], document.title, <html lang>), but only to what still
// shows the other language's static text: what the reading core or the loader drew meanwhile is left
// alone. Once the engine is ready (apply_lang has run: page.py marks the engine ready in the same
// task), nothing here acts any more. A failed fetch leaves the page Spanish (console.warn); it works.

import { CONTRACT } from "./generated.mjs";

/** web/shell/store.py LANG_KEY: the remembered language, JSON ("es" or "en"). */
const LANG_KEY = "tirada.lang";
const root = document.documentElement;
let chosen = null; // the language the button chose this visit (kept even when storage refuses it)
let english = null; // a promise of {key: English text}, fetched once (again after a failure)
let spanish = null; // the static texts as built, remembered before the first change: [[node, key, text, attr]]
let builtTitle = "";
let settings = { ready: () => false, changed: () => {} };

/** The language the page shows before the engine is up: the button's choice this visit, else the
 * stored one (read as web/shell/store.py reads it: JSON "es" or "en"), else the browser's. */
export function earlyLang() {
  if (chosen) return chosen;
  try {
    const stored = JSON.parse(localStorage.getItem(LANG_KEY) || "null");
    if (stored === "en" || stored === "es") return stored;
  } catch (err) {
    // storage unavailable, or a damaged value (the engine sets it aside): the browser's language decides
  }
  return (navigator.language || "").toLowerCase().startsWith("en") ? "en" : "es";
}

/** Remember every static text and attribute as built (once, before anything of it is changed). */
function remember() {
  if (spanish) return;
  spanish = [];
  for (const node of document.querySelectorAll("[data-i18n]")) {
    spanish.push([node, node.dataset.i18n, node.textContent, null]);
  }
  for (const node of document.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of node.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":");
      if (attr && key) spanish.push([node, key, node.getAttribute(attr), attr]);
    }
  }
  builtTitle = document.title;
}

/** strings-en.json's texts (fetched once; a failure is forgotten, so the button may try again). */
function englishTexts() {
  english ??= fetch(new URL("./strings-en.json", import.meta.url)).then((answer) => {
    if (!answer.ok) throw new Error(`strings-en.json: HTTP ${answer.status}`);
    return answer.json();
  }).catch((err) => {
    english = null;
    throw err;
  });
  return english;
}

/** Show the static page in ``lang`` (``texts``: the English ones): each node, attribute and the title
 * that still shows the other language's static text gets ``lang``'s; <html lang> says ``lang``. */
function apply(lang, texts) {
  const to = (key, built) => (lang === "en" ? texts[key] : built);
  const from = (key, built) => (lang === "en" ? built : texts[key]);
  for (const [node, key, built, attr] of spanish) {
    if (typeof texts[key] !== "string") continue; // not in the file: left as built
    const now = attr === null ? node.textContent : node.getAttribute(attr);
    const want = to(key, built);
    if (now !== from(key, built) || now === want) continue; // drawn meanwhile by another, or already so
    if (attr === null) node.textContent = want;
    else node.setAttribute(attr, want);
  }
  const title = to("app.title", builtTitle);
  if (typeof title === "string" && document.title === from("app.title", builtTitle)) document.title = title;
  root.lang = lang;
}

/** Bring the static page to earlyLang() (fetching the English texts if needed), unless the engine is
 * up; then tell the loader (``changed``), whose own lines follow. */
async function follow() {
  if (settings.ready() || earlyLang() === root.lang) return; // <html lang>: what the static page shows
  let texts;
  try {
    texts = await englishTexts();
  } catch (err) {
    console.warn("Tirada: the English texts could not be loaded; the page stays in Spanish until the engine is up.", err);
    return;
  }
  if (settings.ready()) return; // apply_lang has drawn the page meanwhile
  remember();
  apply(earlyLang(), texts); // the latest choice (the button may have been pressed meanwhile)
  settings.changed(earlyLang());
}

/** The language button before the engine is up: the other language, remembered for this visit, stored
 * where the engine's store reads it (so Pyodide starts in it) and marked on <html> (web/shell/page.py
 * reads that too: a storage that refuses still gets the engine the same page). Focus stays on it. */
function onButton() {
  if (settings.ready()) return; // web/shell/page.py's handler
  remember(); // before the first change: the texts as built
  chosen = earlyLang() === "en" ? "es" : "en";
  root.setAttribute(CONTRACT.lang.attribute, chosen);
  try {
    localStorage.setItem(LANG_KEY, JSON.stringify(chosen));
  } catch (err) {
    // storage refused: the page switches for this visit
  }
  settings.changed(chosen); // the loader's progress line at once (it has its own two languages)
  follow();
}

/**
 * Start: English at once when earlyLang() says so, and the language button switches the static page.
 * @param {{ready: () => boolean, changed: (lang: string) => void}} options  ``ready``: whether the
 *   engine is up (its apply_lang has run); ``changed``: told the language the page now shows, so the
 *   loader redraws its own lines (web/loader.js).
 * @param {Element|null} button  #lang (enabled here: never a dead button)
 */
export function startEarlyLang(options, button) {
  settings = options;
  if (earlyLang() === "en") {
    remember(); // now, as built: nothing has been drawn yet
    follow();
  }
  if (button) {
    button.addEventListener("click", onButton);
    button.disabled = false;
  }
}
