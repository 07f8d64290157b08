// Run the engine's pytest suite inside Pyodide (CPython 3.14 on WebAssembly) under Node.
// Usage: node tests/pyodide/run_pytest.mjs PROJECT_DIR WHEEL_DIR [pytest args...]
// WHEEL_DIR holds py3-none-any wheels of pytest (and its deps) and hypothesis, fetched by build.py.
import { loadPyodide } from "pyodide";
import { readdirSync } from "node:fs";
import { resolve } from "node:path";

const [projectDir, wheelDir, ...pytestArgs] = process.argv.slice(2);
if (!projectDir || !wheelDir) {
  console.error("usage: node run_pytest.mjs PROJECT_DIR WHEEL_DIR [pytest args...]");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
pyodide.mountNodeFS("/project", resolve(projectDir));
pyodide.mountNodeFS("/wheels", resolve(wheelDir));
const wheels = readdirSync(resolve(wheelDir)).filter((f) => f.endsWith(".whl"));
await pyodide.loadPackage(wheels.map((f) => resolve(wheelDir, f)), { messageCallback: () => {} });
pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(pytestArgs));
const code = await pyodide.runPythonAsync(`
import os, sys
sys.path.insert(0, "/project/pylib")
os.chdir("/project")
import pytest
int(pytest.main(["-p", "no:cacheprovider", *PYTEST_ARGS]))
`);
process.exit(code);
