"""Offline and service-worker helpers shared by the browser tests (test_offline, test_csp,
test_mobile, test_runtime_files): wait for the worker, roll a SIFRP test, read the dice shown and
the precache manifest of a built site."""

from __future__ import annotations

import re

#: resolves once the worker is active and controls this page (clientsClaim on first install)
SW_READY = """async () => {
  const reg = await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) {
    await new Promise((ok) => navigator.serviceWorker.addEventListener('controllerchange', ok, {once: true}));
  }
  return reg.active.scriptURL;
}"""


def wait_offline_ready(page) -> str:
    """Wait until the service worker has precached everything and controls the page."""
    return page.evaluate(SW_READY)


def roll_sifrp(page, label: str) -> str:
    """Roll a SIFRP test with ``label``; return its share link."""
    page.click('[data-tab="roll"]')
    page.select_option("#system", "sifrp")
    page.fill("#label", label)
    page.click("#roll")
    page.wait_for_selector("#result .total")
    return page.locator("#share-link").input_value()


def dice(page) -> list:
    """The dice shown (aria labels) in the result or the shared-roll view, whichever is visible."""
    return page.locator(":is(#result, #shared):not([hidden]) .die").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")


#: every URL in every Cache Storage cache of the page's origin
CACHED_URLS = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const req of await cache.keys()) out.push(req.url);
  }
  return out;
}"""


def cached_urls(page) -> list:
    """The URLs held in the origin's caches (the service worker's precache and any runtime cache)."""
    return page.evaluate(CACHED_URLS)


def worker_scope(page) -> str:
    """The scope of the service worker controlling ``page`` (after :func:`wait_offline_ready`)."""
    return page.evaluate("navigator.serviceWorker.ready.then(reg => reg.scope)")


def precached(site) -> dict:
    """``{url: revision}`` of the precache manifest inside ``site/sw.js``."""
    sw = (site / "sw.js").read_text(encoding="utf-8")
    return {**dict(re.findall(r'\{url:"([^"]+)",revision:"([0-9a-f]{32})"\}', sw)),
            **{url: rev for rev, url in re.findall(r'\{revision:"([0-9a-f]{32})",url:"([^"]+)"\}', sw)}}
