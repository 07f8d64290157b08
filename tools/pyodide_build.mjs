// Build-time Pyodide work under Node (issue #16), run by build.py:
//
//   node tools/pyodide_build.mjs trim  APP_ZIP FULL_STDLIB OUT_ZIP [EXTRA_MODULES]
//   node tools/pyodide_build.mjs check APP_ZIP STDLIB_ZIP - [EXTRA_MODULES]
//   node tools/pyodide_build.mjs snapshot APP_ZIP STDLIB_ZIP OUT_SNAPSHOT [EXTRA_MODULES]
//   node tools/pyodide_build.mjs pyc APP_ZIP STDLIB_ZIP OUT_ZIP
//
// trim     boots Pyodide with its full standard library, unpacks the app (engine + page modules),
//          imports every engine module, every page module (against a stand-in for PyScript's
//          `pyscript` module, which only exists in a browser), every module any of them names in an
//          import statement (also inside functions) and EXTRA_MODULES (comma-separated: what
//          PyScript's own Python and Pyodide's start-up import in the browser), then writes a
//          standard library zip holding only the modules that ended up loaded.
// check    boots Pyodide on STDLIB_ZIP and does the same imports; exits 1 naming any module that
//          fails (the test that the trimmed standard library is complete: tests/test_runtime_files.py).
// snapshot boots Pyodide on STDLIB_ZIP with a memory snapshot in mind, imports the engine and the
//          page modules that do not need a browser (no `pyscript`/`js` at import time) and writes
//          the interpreter's memory to OUT_SNAPSHOT (web/pyodide_start.mjs boots from it).
// pyc      adds to APP_ZIP, beside each page module that needs a browser at import (the others and
//          the engine are imported in the snapshot), its bytecode compiled by this Pyodide
//          (checked-hash .pyc, PEP 552), so that the page does not compile them at every start.
import { loadPyodide } from "pyodide";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import process from "node:process";

const [mode, appZip, stdlibZip, out, extra = ""] = process.argv.slice(2); // check: OUT is "-"
if (!["trim", "check", "snapshot", "pyc"].includes(mode) || !appZip || !stdlibZip || (mode !== "check" && !out)) {
  console.error("usage: node tools/pyodide_build.mjs trim|check|snapshot|pyc APP_ZIP STDLIB_ZIP [OUT] [EXTRA]");
  process.exit(2);
}

// The interpreter's working directory in the page (PyScript unpacks app.zip there).
const HOME = "/home/pyodide";

// A stand-in for PyScript's `pyscript` module: every attribute is another stand-in, calls return
// one, iteration is empty; `when` returns the function unchanged. Enough to import page modules.
const STUB = `
class _Any:
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Any()
    def __call__(self, *args, **kwargs):
        return _Any()
    def __iter__(self):
        return iter(())
    def __bool__(self):
        return False
    def __str__(self):
        return ""
    def __len__(self):
        return 0
document = window = _Any()
def when(*args, **kwargs):
    return lambda func: func
`;

// Python run inside Pyodide: the list of modules to import (engine, page, named in imports).
const MODULES = `
import ast, os, sys
HOME = ${JSON.stringify(HOME)}
def page_and_engine():
    """(module names to import, every top-level name seen in an import statement)."""
    mods, named = [], set()
    for folder, _dirs, files in os.walk(HOME):
        for f in sorted(files):
            if not f.endswith(".py"):
                continue
            path = os.path.join(folder, f)
            rel = os.path.relpath(path, HOME)[:-3].replace(os.sep, ".")
            rel = rel[: -len(".__init__")] if rel.endswith(".__init__") else rel
            tree = ast.parse(open(path, encoding="utf-8").read(), path)
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    named.update(a.name for a in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    named.add(node.module)
            # main.py starts the page and __main__ runs the command line: only their imports
            if rel not in ("main", "pyscript") and not rel.endswith("__main__"):
                mods.append(rel)
    return sorted(mods), sorted(named)
`;

async function boot(stdLibURL, options = {}) {
  const py = await loadPyodide({ stdLibURL, stdout: () => {}, stderr: (s) => console.error(s), ...options });
  py.unpackArchive(new Uint8Array(readFileSync(resolve(appZip))), "zip", { extractDir: HOME });
  py.runPython(`import os, sys; os.chdir(${JSON.stringify(HOME)}); sys.path.insert(0, ${JSON.stringify(HOME)})`);
  return py;
}

function importAll(py, withStub, extraModules) {
  // returns the names that failed to import
  py.FS.mkdirTree("/tmp/stub");
  if (withStub) {
    py.FS.writeFile("/tmp/stub/pyscript.py", STUB);
    py.runPython("import sys; sys.path.append('/tmp/stub')");
  }
  py.runPython(MODULES);
  py.globals.set("EXTRA", py.toPy(extraModules));
  return py.runPython(`
import importlib, sys
mods, named = page_and_engine()
failed = []
for name in [*named, *EXTRA, *mods]:
    top = name.split(".")[0]
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as err:
        # a name our code imports that is neither ours nor in the stdlib (an optional import
        # guarded by try/except, e.g. pyscript under CPython) is not a stdlib module to keep
        if err.name in (name, top) and name in named and name not in EXTRA and name not in mods:
            continue
        failed.append(f"{name}: {err}")
    except BaseException as err:
        failed.append(f"{name}: {type(err).__name__}: {err}")
failed
`).toJs();
}

const extraModules = extra ? extra.split(",").filter(Boolean) : [];

if (mode === "pyc") {
  // The page's modules of APP_ZIP that need a browser (not in the snapshot) compiled by this
  // Pyodide's Python, added beside their source as checked-hash .pyc (PEP 552: valid while a hash
  // of the source matches, whatever the file's time, which unpacking does not keep; an edited
  // source is compiled again): the page no longer compiles them at each start (issue #16).
  const py = await loadPyodide({ stdLibURL: resolve(stdlibZip), stdout: () => {}, stderr: (s) => console.error(s) });
  py.FS.writeFile("/tmp/app.zip", new Uint8Array(readFileSync(resolve(appZip))));
  const count = py.runPython(`
import ast, importlib.util, os, py_compile, zipfile

def module_imports(source):
    """Top-level names imported when the module runs (not inside functions or classes)."""
    names, todo = set(), list(ast.parse(source).body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
        elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(node))
    return names

# The page's modules that need the browser at import (they import pyscript/js, or a module that
# does): the snapshot cannot hold them, so they are the ones the page imports at each start.
with zipfile.ZipFile("/tmp/app.zip") as src:
    deps = {n[:-3]: module_imports(src.read(n)) for n in src.namelist() if n.endswith(".py") and "/" not in n}
browser = {m for m, d in deps.items() if d & {"pyscript", "js", "pyodide"}}
while any(d & browser for m, d in deps.items() if m not in browser):
    browser |= {m for m, d in deps.items() if d & browser}
count = 0
with zipfile.ZipFile("/tmp/app.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in src.infolist():
        data = src.read(info.filename)
        dst.writestr(info, data)
        if info.filename[:-3] in browser and info.filename.endswith(".py"):
            path = "/tmp/src/" + info.filename
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
            cfile = py_compile.compile(path, cfile="/tmp/src.pyc", dfile=info.filename, doraise=True,
                                       invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
            with open(cfile, "rb") as f:
                dst.writestr(importlib.util.cache_from_source(info.filename), f.read())
            count += 1
count
`);
  writeFileSync(resolve(out), py.FS.readFile("/tmp/out.zip"));
  console.log(`[pyc] ${resolve(out)}: ${count} modules compiled`);
} else if (mode === "trim") {
  const py = await boot(resolve(stdlibZip));
  const failed = importAll(py, true, extraModules);
  if (failed.length) {
    console.error(`[stdlib] imports failed with the full standard library:\n  ${failed.join("\n  ")}`);
    process.exit(1);
  }
  const kept = py.runPython(`
import os, sys, zipfile
zip_path = next(p for p in sys.path if p.endswith(".zip"))
keep = set()
for mod in list(sys.modules.values()):
    f = getattr(mod, "__file__", None) or ""
    if f.startswith(zip_path + "/"):
        keep.add(f[len(zip_path) + 1:])
with zipfile.ZipFile(zip_path) as src, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in src.infolist():
        if info.filename in keep:
            dst.writestr(info.filename, src.read(info.filename))
sorted(keep)
`).toJs();
  writeFileSync(resolve(out), py.FS.readFile("/tmp/out.zip"));
  console.log(`[stdlib] ${resolve(out)}: ${kept.length} modules kept`);
} else if (mode === "check") {
  const py = await boot(resolve(stdlibZip));
  const failed = importAll(py, true, extraModules);
  if (failed.length) {
    console.error(`[stdlib] missing from ${stdlibZip}:\n  ${failed.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`[stdlib] every engine and page module imports under ${stdlibZip}`);
} else {
  // Emscripten under Node names the running script as the program (sys.executable, $_): use the
  // browser's name instead, so the snapshot holds nothing of the build machine.
  process.argv[1] = "./this.program";
  const py = await boot(resolve(stdlibZip), { _makeSnapshot: true });
  py.globals.set("EXTRA", py.toPy(extraModules));
  // only modules that need no browser at import time: the engine and the pure page modules
  const done = py.runPython(`
import importlib, sys
${MODULES}
mods, _named = page_and_engine()
done = []
for name in [*EXTRA, *mods]:
    before = set(sys.modules)
    try:
        importlib.import_module(name)
    except Exception:
        for extra_mod in set(sys.modules) - before:
            del sys.modules[extra_mod]
        continue
    if "pyscript" in sys.modules or "js" in set(sys.modules) - before:
        raise SystemExit(f"{name} pulled in a browser module")
    done.append(name)
import gc; gc.collect()
done
`).toJs();
  const snapshot = py.makeMemorySnapshot();
  writeFileSync(resolve(out), snapshot);
  console.log(`[snapshot] ${resolve(out)}: ${(snapshot.length / 1048576).toFixed(1)} MiB, ${done.length} modules imported`);
}
