// Run a Python driver on MicroPython (WebAssembly, the PyScript build) under Node, with only the
// reading core's modules on its path (tirada.reading_core.CORE_MODULES; docs/architecture.md).
// Usage: node tests/micropython/run_core.mjs PLAN_JSON
// PLAN_JSON: {"files": {"/lib/tirada/dice.py": "/abs/path/dice.py", ...}, "driver": "/abs/driver.py",
//             "input": "/abs/input.json"}: each file is copied into MicroPython's file system, the
// input to /input.json, then the driver runs; what it prints goes to stdout. Exit 1 on a Python error.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { readFileSync } from "node:fs";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"));
const mp = await loadMicroPython({
  heapsize: 64 * 1024 * 1024,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
const made = new Set(["/"]);
function mkdirs(dir) {
  if (made.has(dir)) return;
  mkdirs(dir.slice(0, dir.lastIndexOf("/")) || "/");
  try { mp.FS.mkdir(dir); } catch { /* exists */ }
  made.add(dir);
}
for (const [target, source] of Object.entries(plan.files)) {
  mkdirs(target.slice(0, target.lastIndexOf("/")));
  mp.FS.writeFile(target, readFileSync(source));
}
mp.FS.writeFile("/input.json", readFileSync(plan.input));
try {
  mp.runPython(readFileSync(plan.driver, "utf8"));
} catch (error) {
  process.stderr.write(`${error.type || error.name}: ${error.message}\n`);
  process.exit(1);
}
