// Generate dist/sw.js: a Workbox service worker that precaches every file of dist/ (issue #9).
//
//   node tools/sw.mjs [DIST]        (build.py runs it after the pages are rendered)
//
// - The worker's code is tools/sw-src.js (Workbox's precache, plus a plugin that fills it from the
//   browser's HTTP cache: a first visit downloads each file once, issue #16). Workbox's
//   injectManifest writes the precache list into it; Rollup bundles the Workbox modules in (the
//   runtime is inlined: nothing comes from a CDN), as Workbox's own generateSW does.
// - Every file is precached with a content-hash revision (Workbox hashes each file), so a new
//   deploy changes exactly the entries whose bytes changed.
// - Pyodide's files are large (the wasm is ~9 MB): the per-file limit is raised above them.
import { injectManifest } from "workbox-build";
import { rollup } from "rollup";
import { nodeResolve } from "@rollup/plugin-node-resolve";
import replace from "@rollup/plugin-replace";
import terser from "@rollup/plugin-terser";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const dist = path.resolve(process.argv[2] || "dist");
const here = path.dirname(fileURLToPath(import.meta.url));
const work = fs.mkdtempSync(path.join(os.tmpdir(), "tirada-sw-"));

try {
  const listed = path.join(work, "sw.js");
  const { count, size, warnings } = await injectManifest({
    swSrc: path.join(here, "sw-src.js"),
    swDest: listed,
    globDirectory: dist,
    globPatterns: ["**/*"],
    // wheels/ (the engine for scripts and bots), og-image.png (the preview card, fetched by link
    // previewers) and tirada.user.js (the userscript, fetched by a userscript manager, issue #30) are
    // never loaded by the page (issue #16: the precache holds exactly what the page needs offline)
    globIgnores: ["sw.js", "sw.js.map", "**/*.map", "wheels/**", "og-image.png", "tirada.user.js"],
    maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  });
  for (const w of warnings) console.warn(`[sw] warning: ${w}`);
  if (warnings.length) process.exit(1);
  // bundled here, in the work folder, so that Node resolves the Workbox modules from node_modules/
  const entry = path.join(here, ".sw-bundle-entry.mjs");
  fs.copyFileSync(listed, entry);
  try {
    const bundle = await rollup({
      input: entry,
      plugins: [
        nodeResolve(),
        replace({ preventAssignment: true, "process.env.NODE_ENV": JSON.stringify("production") }),
        terser(),
      ],
    });
    await bundle.write({ file: path.join(dist, "sw.js"), format: "iife", sourcemap: false });
    await bundle.close();
  } finally {
    fs.rmSync(entry, { force: true });
  }
  console.log(`[sw] ${path.join(dist, "sw.js")}: ${count} files precached, ${(size / 1048576).toFixed(1)} MiB`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
