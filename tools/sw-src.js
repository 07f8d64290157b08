// Source of dist/sw.js, the offline service worker (issue #9), bundled by tools/sw.mjs: Workbox's
// precache plus one plugin. tools/sw.mjs writes the precache list (every file the page needs, each
// with a content-hash revision) in place of the manifest placeholder below, then bundles the Workbox modules in:
// nothing comes from a CDN.
//
// - skipWaiting is off: a new worker waits while an old page is open, and the page offers
//   "Nueva versión disponible — Recargar" (web/loader.js), which posts SKIP_WAITING. Until the user
//   accepts, the old worker keeps answering from the old precache, so old and new files never mix.
//   clientsClaim makes the very first visit controlled too. localStorage is never touched.
// - Filling the precache reuses the browser's HTTP cache (issue #16). Workbox fetches every
//   revisioned entry with cache "reload", which skips the HTTP cache: a first visit downloaded every
//   file twice (once for the page, once for the precache). The plugin below asks with "no-cache"
//   instead: the browser revalidates its cached copy with the host (ETag / Last-Modified) and gets a
//   body only when the file changed ("304 Not Modified" otherwise), so the precache never holds a
//   stale file and a first visit downloads each file once. A host without validators simply sends the
//   file again, as before.
import { clientsClaim, setCacheNameDetails } from "workbox-core";
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

setCacheNameDetails({ prefix: "tirada" });
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});
clientsClaim();

addPlugins([
  {
    // precache requests only (the plugin is the precache strategy's): revalidate, do not re-download
    requestWillFetch: async ({ request }) =>
      request.cache === "reload" ? new Request(request, { cache: "no-cache" }) : request,
  },
]);
// A browser asking to save data (navigator.connection.saveData) gets no memory snapshot precached (the
// largest file, issue #41): web/pyodide-start.mjs then starts plainly from the other precached files,
// which work offline as well.
const SNAPSHOT = /(^|\/)pyodide\/snapshot[^/]*$/;
const saveData = Boolean(self.navigator && self.navigator.connection && self.navigator.connection.saveData);
const manifest = self.__WB_MANIFEST.filter((entry) => !(saveData && SNAPSHOT.test(entry.url)));
// "/" and "/?…" are the page; a share link's fragment never reaches the worker
precacheAndRoute(manifest, { directoryIndex: "index.html", ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL("index.html")));
