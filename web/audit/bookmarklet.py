"""The "Comprobar este hilo" bookmarklet (issue #30): one click on a forum page opens Tirada's audit
with every post that holds a Tirada link (pure: no pyscript; tested on CPython and, run on forum-like
pages, in tests/e2e/test_thread_bookmarklet.py).

What it does, on the forum page (never in Tirada's page: it only collects text):

1. finds every link whose address holds a Tirada fragment (``#t1…``/``#t2…``, any host: the audit
   itself says which address each link points to);
2. takes each link's post (once: a post inside one already taken is skipped, by walking up from
   it, never by comparing every pair) — the nearest ``article``, ``.post``/``.postbody``/``.message``/
   ``.topic-post``/``.cooked``, ``[id^=post]``, ``[data-post-id]``, ``li`` or ``tr`` around it, else
   its parent — once, in page order, as text: blocks and ``<br>`` become new lines and every link
   is written as its words followed by its address, so "Comprobar la tirada" keeps its link and the
   snippet's claimed result sits next to it; with each post its author (the post's ``data-author``,
   else its first ``.username``/``.username-coloured``/``[itemprop=author]``, else ``.poster``/
   ``.postauthor``/``.post-author``/``.message-name``/``.author`` element's first line) and its number
   among the page's posts (``article``, ``[data-post-id]``, ``.post``/``.message``/``.topic-post``/
   ``.post_wrapper``/``.postcontainer``, ids ``p123``/``post_123``, outermost only), the same rule as
   the pasted page's (tirada.links.paste), so the audit names each problem by post and author;
3. opens a new tab at once (so no pop-up blocker stops it), collects the posts in slices of at most
   ~40 ms (no task over 200 ms on the forum page, even with 10,000 posts; issue #39) while the new
   tab says how far it got, packs the posts
   (tirada.links.thread_link: ``#hilo1.`` + base64url of DEFLATE of the JSON) and sends that tab to
   the official Tirada address it was made on — the address of the page whose help offered it.

Beyond :data:`tirada.links.thread_link.MAX_FRAGMENT` characters it leaves out the last posts and
says how many it kept; with no Tirada link on the page it says so and opens nothing.
"""

from __future__ import annotations

import json
from urllib.parse import quote

__all__ = ["SOURCE", "href"]

#: The bookmarklet's JavaScript; ``__TIRADA__`` is the official address (a JSON string) and
#: ``__MAX__`` the longest fragment. Kept readable here; :func:`href` makes the ``javascript:`` URL.
SOURCE = r"""(async () => {
  const TIRADA = __TIRADA__, MAX = __MAX__, MAX_POSTS = __MAX_POSTS__;
  const LINK = /#t[12][A-Za-z0-9_-]{8,}/;
  const POST = "article,.post,.postbody,.message,.topic-post,.cooked,[id^=post],[data-post-id],li,tr";
  const BLOCK = /^(P|DIV|LI|TR|TD|BLOCKQUOTE|PRE|H[1-6]|ARTICLE|SECTION|DD|DT)$/;
  const textOf = (node) => {
    let out = "";
    for (const n of node.childNodes) {
      if (n.nodeType === 3) out += n.data;
      else if (n.nodeType !== 1 || /^(SCRIPT|STYLE|NOSCRIPT)$/.test(n.tagName)) continue;
      else if (n.tagName === "BR") out += "\n";
      else if (n.tagName === "A" && n.href) out += textOf(n) + " " + n.href + " ";
      else out += (BLOCK.test(n.tagName) ? "\n" : "") + textOf(n) + (BLOCK.test(n.tagName) ? "\n" : "");
    }
    return out;
  };
  const MAIN = "article,[data-post-id],[data-author],.post,.message,.topic-post,.post_wrapper,.postcontainer";
  const isMain = (e) => e.matches(MAIN) || /^(p|post)[_-]?\d+$/i.test(e.id);
  const outer = (e) => { let top = null; for (let p = e; p; p = p.parentElement) if (isMain(p)) top = p; return top; };
  const number = new Map();
  let counted = 0, last = null;
  for (const e of document.querySelectorAll(MAIN + ",[id^=p],[id^=P]")) {
    if (isMain(e) && !(last && last.contains(e))) { number.set(e, ++counted); last = e; }
  }
  const NAMES = [".username,.username-coloured,[itemprop=author]", ".poster,.postauthor,.post-author,.message-name,.author"];
  const authorOf = (e) => {
    if (!e) return null;
    if (e.dataset && e.dataset.author) return e.dataset.author.slice(0, 80);
    for (const sel of NAMES) {
      for (const n of e.querySelectorAll(sel)) {
        const line = (n.innerText || n.textContent || "").split("\n").map((s) => s.trim()).find((s) => s);
        if (line) return line.slice(0, 80);
      }
    }
    return null;
  };
  const found = [];
  for (const a of document.querySelectorAll("a[href]")) if (LINK.test(a.href)) found.push(a);
  if (!found.length) { alert("Tirada: no hay enlaces de Tirada en esta página / no Tirada links on this page"); return; }
  if (typeof CompressionStream === "undefined") { alert("Tirada: este navegador no puede comprimir el hilo; cópialo y pégalo en la auditoría de Tirada / this browser cannot compress the thread: copy it and paste it into Tirada's audit"); return; }
  const tab = window.open("about:blank", "_blank");
  const say = (text) => { try { if (tab) { tab.document.title = "Tirada"; tab.document.body.textContent = text; } } catch (e) { /* the tab is not ours to write */ } };
  const seen = new Set(), posts = [], authors = [], numbers = [];
  let since = performance.now();
  for (let i = 0; i < found.length; i++) {
    const post = found[i].closest(POST) || found[i].parentElement;
    let inside = seen.has(post);
    for (let e = post.parentElement; e && !inside; e = e.parentElement) inside = seen.has(e);
    if (!inside) {
      seen.add(post);
      posts.push(textOf(post).replace(/[ \t]+/g, " ").replace(/\n\s*\n+/g, "\n").trim());
      const main = outer(found[i]);
      authors.push(authorOf(main));
      numbers.push(main ? number.get(main) || null : null);
    }
    if (performance.now() - since > 40) {
      say(`Tirada: reuniendo los mensajes… ${i + 1} / ${found.length} — collecting the posts…`);
      await new Promise((go) => setTimeout(go, 0));
      since = performance.now();
    }
  }
  const pack = async (list) => {
    const n = list.length;
    const data = new Blob([JSON.stringify({ page: location.href.slice(0, 2000), posts: list, authors: authors.slice(0, n), numbers: numbers.slice(0, n) })]);
    const bytes = new Uint8Array(await new Response(data.stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer());
    let bin = "";
    for (let i = 0; i < bytes.length; i += 32768) bin += String.fromCharCode(...bytes.subarray(i, i + 32768));
    return "hilo1." + btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  };
  let kept = Math.min(posts.length, MAX_POSTS), fragment = await pack(posts.slice(0, kept));
  while (fragment.length > MAX && kept > 1) { kept = Math.floor(kept * 0.8); fragment = await pack(posts.slice(0, kept)); }
  if (kept < posts.length) alert(`Tirada: el hilo es muy largo; se comprueban los primeros ${kept} mensajes de ${posts.length} / the thread is long: checking the first ${kept} posts of ${posts.length}`);
  const url = TIRADA + "#" + fragment;
  if (tab) tab.location.href = url; else location.href = url;
})();"""


def href(tirada_url: str, max_fragment: int | None = None) -> str:
    """The ``javascript:`` URL of the bookmarklet bound to ``tirada_url`` (the official address:
    the page's own address without its fragment).

    Args:
        tirada_url: an ``http(s)://`` address (any ``#…`` part is dropped).
        max_fragment: the longest fragment to send (default: the engine's
            :data:`tirada.links.thread_link.MAX_FRAGMENT`).
    """
    from tirada.links.thread_link import MAX_FRAGMENT, MAX_POSTS

    code = (SOURCE.replace("__TIRADA__", json.dumps(str(tirada_url).split("#", 1)[0]))
            .replace("__MAX__", str(int(max_fragment or MAX_FRAGMENT))).replace("__MAX_POSTS__", str(MAX_POSTS)))
    code = " ".join(line.strip() for line in code.splitlines())
    return "javascript:" + quote(code, safe="()[]{}=>;:,.!?+-*/'\"&|<>$`^~@_ ")
