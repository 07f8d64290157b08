// ==UserScript==
// @name         Tirada en el foro
// @namespace    tirada
// @version      1
// @description  Marca cada enlace de Tirada del foro con ✔ y el resultado recalculado por tu Tirada, o ✘ y el motivo / Marks every Tirada link on a forum with ✔ and the result your Tirada recomputes, or ✘ and why
// @match        *://*/*
// @grant        GM_getValue
// @grant        GM_setValue
// @grant        GM_registerMenuCommand
// @run-at       document-idle
// @noframes
// ==/UserScript==
//
// Tirada's userscript (issue #30; docs/forums.md §5, docs/link-format.md §20). It does nothing on a
// page without Tirada links (one cheap scan). On a page with them it loads Tirada from the address
// YOU configured in a hidden frame (<address>?marco=1#origen=<this page's origin>), sends it each
// link with the post's text before it, and marks each link with the frame's answer. Nothing is
// verified in the forum's page. The frame answers this origin only; this script accepts "listo" only
// from the configured Tirada origin and from that frame's window. Each request (protocol 2, issue
// #38) carries a new id of 128 random bits (crypto.getRandomValues) and its own MessageChannel port:
// the frame answers on that port only, and this script takes an answer only from that port with that
// id — the forum's own scripts can ask the frame whatever they like, they never see or feed the
// answers this script draws. A link to any other address is marked "no verificado por tu Tirada" and
// never sent. Addresses are read by the browser's own WHATWG parser (a.href, new URL()), as the
// audit reads them.
//
// Configuration (kept by the userscript manager, GM_getValue/GM_setValue; the frame's storage is
// partitioned per forum and sees nothing of your Tirada's): the Tirada address, set from the
// manager's menu ("Tirada: tu dirección de Tirada"). TIRADA_DEFAULT is filled by
// `build.py deploy --url`. Limit: the forum's own scripts can draw look-alike marks; the marks sit
// in a closed shadow root, so they cannot read or change their insides, and a mark whose attributes
// they rewrite, or that they take out of the page, is drawn again as this script last drew it. Each
// real mark ends with the reader's seal (three symbols drawn once, menu "Tirada: tu sello"), which
// the page cannot read: a look-alike mark drawn by the forum lacks it.
(() => {
  "use strict";
  if (window.top !== window.self) return;
  const TIRADA_DEFAULT = "";
  // the frame's limits (tirada.links.marks: MAX_LINKS, MAX_TEXT, MAX_HREF)
  const VERSION = 2, MAX_LINKS = 50, MAX_TEXT = 4000, MAX_HREF = 10240, READY_MS = 90000;
  const LINK = /#t[12][A-Za-z0-9_-]{8,}/;
  const POST = "article,.post,.postbody,.message,.topic-post,.cooked,[id^=post],[data-post-id],li,tr";
  const BLOCK = /^(P|DIV|LI|TR|TD|BLOCKQUOTE|PRE|H[1-6]|ARTICLE|SECTION|DD|DT)$/;
  const es = !String(navigator.language || "es").toLowerCase().startsWith("en");
  const WORDS = {
    checking: ["comprobando con tu Tirada…", "checking with your Tirada…"],
    other: ["no verificado por tu Tirada", "not verified by your Tirada"],
    unset: ["configura tu dirección de Tirada en el menú del userscript", "set your Tirada address in the userscript's menu"],
    silent: ["tu Tirada no responde", "your Tirada does not answer"],
    long: ["enlace demasiado largo para comprobarlo", "link too long to check"],
    menu: ["Tirada: tu dirección de Tirada", "Tirada: your Tirada address"],
    ask: ["Dirección de tu Tirada (https://…):", "Your Tirada address (https://…):"],
    bad: ["No es una dirección http(s).", "That is not an http(s) address."],
    by: ["Marca de Tirada", "Tirada mark"],
    seal: ["Tirada: tu sello", "Tirada: your seal"],
    sealed: ["Las marcas de tu userscript terminan con tu sello: ", "Your userscript's marks end with your seal: "],
    sealWhy: [". Una marca sin él la ha dibujado la página, no tu Tirada.", ". A mark without it was drawn by the page, not by your Tirada."],
  };
  const say = (key) => WORDS[key][es ? 0 : 1];
  // the protocol's tools, taken once at start
  const Channel = window.MessageChannel, random = crypto.getRandomValues.bind(crypto), parse = JSON.parse;
  const newId = () => Array.from(random(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  const get = (key, fallback) => (typeof GM_getValue === "function" ? GM_getValue(key, fallback) : fallback);
  const set = (key, value) => typeof GM_setValue === "function" && GM_setValue(key, value);

  // an address as the audit compares them: scheme and host case-folded, default port and a final
  // index.html dropped, the path ending in "/", no query or fragment
  const normal = (href) => {
    try {
      const u = new URL(href);
      if (!/^https?:$/.test(u.protocol)) return null;
      let path = u.pathname.replace(/index\.html$/, "");
      if (!path.endsWith("/")) path += "/";
      return u.origin + path;
    } catch (e) {
      return null;
    }
  };
  const tirada = () => normal(get("tirada", TIRADA_DEFAULT) || "");

  // the reader's seal: three symbols drawn once at random and kept by the manager, shown only inside
  // the marks' closed shadow roots (never in an attribute the page can read), so the forum's scripts
  // cannot draw a look-alike mark that carries it
  const SYMBOLS = [..."🦊🐢🦉🐙🦋🐝🐳🦔🌙🌵🍀🍄🌻🔥🌊⭐🍎🍋🍇🥕🎲🎯🔔🔑⚓🎈🧭🪶🛡🏹🗝🕯"];
  const seal = (() => {
    const kept = get("sello", "");
    if (typeof kept === "string" && [...kept].length >= 3) return kept;
    const made = Array.from(random(new Uint8Array(3)), (b) => SYMBOLS[b % SYMBOLS.length]).join("");
    set("sello", made);
    return made;
  })();

  if (typeof GM_registerMenuCommand === "function") {
    GM_registerMenuCommand(say("seal"), () => alert(say("sealed") + seal + say("sealWhy")));
    GM_registerMenuCommand(say("menu"), () => {
      const value = prompt(say("ask"), get("tirada", TIRADA_DEFAULT) || "https://");
      if (value === null) return;
      if (!normal(value.trim())) { alert(say("bad")); return; }
      set("tirada", value.trim());
      location.reload();
    });
  }

  // ---------------------------------------------------------------- the marks (closed shadow root)
  const marks = new Map(), roots = new WeakMap(), drawn = new WeakMap();   // link → mark host → root, last drawing
  let redrawing = false;
  // a mark whose attributes the forum's scripts change is drawn again as this script drew it
  const guard = new MutationObserver((records) => {
    if (redrawing) return;
    for (const r of records) {
      const last = drawn.get(r.target);
      if (last) draw(...last);
    }
  });
  const draw = (a, status, text, title) => {
    let host = marks.get(a);
    if (!host) {
      host = document.createElement("tirada-marca");
      roots.set(host, host.attachShadow({ mode: "closed" }));
      marks.set(a, host);
      guard.observe(host, { attributes: true });
    }
    if (!host.isConnected || host.previousElementSibling !== a) a.after(host);
    const sign = { ok: "✔", bad: "✘", other: "⚠", wait: "…" }[status];
    const colour = { ok: "#186a2e", bad: "#a4161a", other: "#8a5a00", wait: "#555" }[status];
    redrawing = true;
    for (const name of host.getAttributeNames()) host.removeAttribute(name);
    host.dataset.tirada = status;
    host.setAttribute("title", title || text);
    host.setAttribute("role", "note");
    host.setAttribute("aria-label", `${say("by")}: ${sign} ${text}`);
    guard.takeRecords();
    redrawing = false;
    drawn.set(host, [a, status, text, title]);
    const span = document.createElement("span"), mark = document.createElement("span");
    span.style.cssText = `all: initial; font: inherit; font-size: 0.9em; color: ${colour}; margin-left: 0.4em;`;
    span.textContent = `${sign} ${text} `;
    mark.style.cssText = "all: initial; font: inherit; font-size: 0.8em; opacity: 0.8;";
    mark.textContent = seal;
    mark.title = say("sealed") + seal;
    span.append(mark);
    roots.get(host).replaceChildren(span);
  };
  // marks the forum's scripts took out of the page (their link still there) go back
  const restore = () => {
    for (const [a, host] of marks) if (a.isConnected && !host.isConnected) draw(...drawn.get(host));
  };

  // ------------------------------------------------------------ the links and the text before them
  // text of a post as the bookmarklet reads it (lines for blocks and <br>, each link's words then its
  // address), cut at every Tirada link: each link gets the text since the previous one, its words last
  const segments = (post, wanted) => {
    const out = new Map();
    let text = "";
    const walk = (node) => {
      for (const n of node.childNodes) {
        if (n.nodeType === 3) text += n.data;
        else if (n.nodeType !== 1 || /^(SCRIPT|STYLE|NOSCRIPT|TIRADA-MARCA)$/.test(n.tagName)) continue;
        else if (n.tagName === "BR") text += "\n";
        else if (n.tagName === "A" && wanted.has(n)) {
          walk(n);
          out.set(n, text.replace(/[ \t]+/g, " ").replace(/\n\s*\n+/g, "\n").slice(-MAX_TEXT));
          text = " " + n.href + " ";
        } else if (n.tagName === "A" && n.href) { walk(n); text += " " + n.href + " "; }
        else {
          const block = BLOCK.test(n.tagName);
          if (block) text += "\n";
          walk(n);
          if (block) text += "\n";
        }
      }
    };
    walk(post);
    return out;
  };

  const scan = () => [...document.querySelectorAll('a[href*="#t1"], a[href*="#t2"]')]
    .filter((a) => LINK.test(a.href) && !marks.has(a));

  // ------------------------------------------------------------------------ the frame and its answers
  let frame = null, ready = false;
  const queue = [];   // links waiting for the frame
  const home = tirada();
  const origin = home && new URL(home).origin;

  // one request: a new unguessable id and a new channel; the answer is taken from that port only
  const send = () => {
    let sent = 0;
    while (ready && queue.length) {
      if (++sent > 20) { setTimeout(send, 0); return; }   // 20 batches a task: 10,000 links never block the page
      const batch = queue.splice(0, MAX_LINKS), id = newId(), channel = new Channel();
      channel.port1.onmessage = (event) => {
        channel.port1.close();
        answered(id, batch, event.data);
      };
      const links = batch.map(({ a, text }) => ({ href: a.href, text }));
      frame.contentWindow.postMessage(JSON.stringify({ tirada: "verificar", v: VERSION, id, lang: es ? "es" : "en", links }),
        origin, [channel.port2]);
    }
  };

  const answered = (id, batch, raw) => {
    let data;
    try { data = typeof raw === "string" ? parse(raw) : null; } catch (e) { data = null; }
    if (!data || data.v !== VERSION || data.id !== id) { for (const { a } of batch) draw(a, "bad", say("silent")); return; }
    if (data.tirada === "error") { for (const { a } of batch) draw(a, "bad", data.text || data.code); return; }
    if (data.tirada !== "verificado" || !Array.isArray(data.marks)) return;
    batch.forEach(({ a }, i) => {
      const m = data.marks[i];
      if (m && typeof m.text === "string") draw(a, ["ok", "bad", "other"].includes(m.status) ? m.status : "bad", m.text, m.title);
      else draw(a, "bad", say("silent"));
    });
  };

  // only "listo" comes by window message: from the frame's window and the Tirada origin
  const onMessage = (event) => {
    if (!frame || event.source !== frame.contentWindow || event.origin !== origin || typeof event.data !== "string") return;
    let data;
    try { data = parse(event.data); } catch (e) { return; }
    if (data && data.v === VERSION && data.tirada === "listo" && !ready) { ready = true; send(); }
  };

  const start = () => {
    if (frame) return;
    window.addEventListener("message", onMessage);
    const src = new URL(home);
    src.search = "?marco=1";
    src.hash = "origen=" + encodeURIComponent(location.origin);
    frame = document.createElement("iframe");
    frame.src = src.href;
    frame.title = "Tirada";
    frame.setAttribute("aria-hidden", "true");
    frame.setAttribute("tabindex", "-1");
    frame.referrerPolicy = "no-referrer";
    frame.style.cssText = "position:absolute;width:1px;height:1px;left:-9999px;top:0;border:0;opacity:0;pointer-events:none";
    document.body.append(frame);
    setTimeout(() => {
      if (ready) return;
      for (const { a } of queue) draw(a, "bad", say("silent") + ` (${home})`);
      queue.length = 0;
    }, READY_MS);
  };

  // Checking runs in slices of ~40 ms (issue #39): a forum page of 10,000 links never blocks for
  // long; each link shows "…" as it is reached (the progress), and is sent to the frame in batches
  // as soon as a batch is ready. One check at a time; a change during one is checked after it.
  let checking = false, again = false;
  const pause = () => new Promise((go) => setTimeout(go, 0));
  const check = async () => {
    if (checking) { again = true; return; }
    checking = true;
    try {
      restore();
      const found = scan();
      if (!found.length) return;
      const wanted = new Set(found), texts = new Map(), posts = new Set();
      let since = performance.now();
      const slice = async () => {
        if (performance.now() - since < 40) return;
        await pause();
        since = performance.now();
      };
      for (const a of found) {
        const post = a.closest(POST) || a.parentElement;
        if (posts.has(post)) continue;          // each post read once, whatever its number of links
        posts.add(post);
        for (const [k, v] of segments(post, wanted)) texts.set(k, v);
        await slice();
      }
      for (const a of found) {
        if (!a.isConnected || marks.has(a)) continue;
        if (!home) draw(a, "other", say("unset"));
        else if (normal(a.href.split("#")[0]) !== home) draw(a, "other", `${say("other")} (${a.href.split("#")[0]})`);
        else if (a.href.length > MAX_HREF) draw(a, "bad", say("long"));
        else {
          draw(a, "wait", say("checking"));
          queue.push({ a, text: texts.get(a) || "" });
          if (queue.length >= MAX_LINKS) { start(); send(); }
        }
        await slice();
      }
      if (queue.length) { start(); send(); }
    } finally {
      checking = false;
      if (again) { again = false; check(); }
    }
  };

  const run = () => {
    check();
    // posts added later (forums that load them as you scroll): checked again, at most twice a second
    let timer = 0;
    new MutationObserver(() => {
      if (!timer) timer = setTimeout(() => { timer = 0; check(); }, 500);
    }).observe(document.body, { childList: true, subtree: true });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
})();
