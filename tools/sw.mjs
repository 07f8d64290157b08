// Generate dist/sw.js: a Workbox service worker that precaches every file of dist/ (issue #9).
//
//   node tools/sw.mjs [DIST]        (build.py runs it after the pages are rendered)
//
// - Every file is precached with a content-hash revision (Workbox hashes each file), so a new
//   deploy changes exactly the entries whose bytes changed.
// - The Workbox runtime is inlined into sw.js (inlineWorkboxRuntime): nothing comes from a CDN.
// - skipWaiting is off: a new worker waits while an old page is open, and the page offers
//   "Nueva versión disponible — Recargar" (web/loader.js). Until the user accepts, the old worker
//   keeps answering from the old precache, so old and new files never mix. clientsClaim makes the
//   very first visit controlled too. localStorage is never touched.
// - Pyodide's files are large (the wasm is ~9 MB): the per-file limit is raised above them.
import { generateSW } from "workbox-build";
import path from "node:path";
import process from "node:process";

const dist = path.resolve(process.argv[2] || "dist");

const { count, size, warnings } = await generateSW({
  globDirectory: dist,
  globPatterns: ["**/*"],
  // wheels/ (the engine for scripts and bots) and og-image.png (the preview card, fetched by link
  // previewers) are never loaded by the page (issue #16: the precache holds exactly what the page
  // needs offline)
  globIgnores: ["sw.js", "sw.js.map", "**/*.map", "wheels/**", "og-image.png"],
  swDest: path.join(dist, "sw.js"),
  inlineWorkboxRuntime: true,
  sourcemap: false,
  mode: "production",
  skipWaiting: false,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  cacheId: "tirada",
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  // "/" and "/?…" are the page; a share link's fragment never reaches the worker
  directoryIndex: "index.html",
  navigateFallback: "index.html",
  ignoreURLParametersMatching: [/.*/],
});
for (const w of warnings) console.warn(`[sw] warning: ${w}`);
if (warnings.length) process.exit(1);
console.log(`[sw] ${path.join(dist, "sw.js")}: ${count} files precached, ${(size / 1048576).toFixed(1)} MiB`);
