// Build-time Pyodide work under Node (issue #16), run by build.py:
//
//   node tools/pyodide_build.mjs trim  APP_ZIP FULL_STDLIB OUT_ZIP [EXTRA_MODULES]
//   node tools/pyodide_build.mjs check APP_ZIP STDLIB_ZIP - [EXTRA_MODULES]
//   node tools/pyodide_build.mjs snapshot APP_ZIP STDLIB_ZIP OUT_SNAPSHOT [EXTRA_MODULES]
//   node tools/pyodide_build.mjs pyc APP_ZIP STDLIB_ZIP OUT_ZIP
//   node tools/pyodide_build.mjs sourceless IN_ZIP STDLIB_ZIP OUT_ZIP [PREFIX]
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
// pyc      adds to APP_ZIP PyScript's own package, source and its bytecode compiled by this Pyodide
//          (checked-hash .pyc, PEP 552), so that the page does not compile it at start-up (the page
//          modules and the engine go through "sourceless"); writes OUT.pyscript-setup, the fingerprint
//          of the Python set-up PyScript runs (pyscriptSetupCode), for web/pyodide-start.mjs
//          (whose own setupFingerprint, from the pyodide-start.mjs beside OUT, computes it).
// sourceless replaces each module of IN_ZIP (whose name starts with one of the comma-separated
//          PREFIXES, if given) by its bytecode
//          compiled by this Pyodide with docstrings and asserts left out (optimize=2, like -OO) as a
//          sourceless .pyc, which zipimport and the path finder load directly: no compiling at start-up
//          and a smaller heap in the snapshot (docs/benchmarks.md, "Compiled standard library").
import { loadPyodide } from "pyodide";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";

const [mode, appZip, stdlibZip, out, extra = ""] = process.argv.slice(2); // check: OUT is "-"
if (!["trim", "check", "snapshot", "pyc", "sourceless"].includes(mode) || !appZip || !stdlibZip || (mode !== "check" && !out)) {
  console.error("usage: node tools/pyodide_build.mjs trim|check|snapshot|pyc|sourceless APP_ZIP STDLIB_ZIP [OUT] [EXTRA]");
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
import os, sys
HOME = ${JSON.stringify(HOME)}

def _code_imports(code):
    """Absolute module names a compiled module imports (IMPORT_NAME with level 0), nested code too."""
    import dis
    names, todo = set(), [code]
    while todo:
        co = todo.pop()
        ins = list(dis.get_instructions(co))
        for i, op in enumerate(ins):
            if op.opname == "IMPORT_NAME" and i >= 2 and ins[i - 2].argval == 0:
                names.add(op.argval)
        todo.extend(c for c in co.co_consts if hasattr(c, "co_code"))
    return names

def page_and_engine(parse=True):
    """(module names to import, every top-level name seen in an import statement), from the
    sources and the sourceless .pyc files (the shipped engine) under HOME; parse=False lists the
    modules only (no ast/dis imported: the snapshot keeps what it imports)."""
    mods, named = [], set()
    for folder, dirs, files in os.walk(HOME):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for f in sorted(files):
            if not f.endswith((".py", ".pyc")):
                continue
            path = os.path.join(folder, f)
            rel = os.path.relpath(path, HOME).rsplit(".", 1)[0].replace(os.sep, ".")
            rel = rel[: -len(".__init__")] if rel.endswith(".__init__") else rel
            if not parse:
                pass
            elif f.endswith(".pyc"):
                import marshal
                with open(path, "rb") as fh:
                    named.update(_code_imports(marshal.loads(fh.read()[16:])))
            else:
                import ast
                tree = ast.parse(open(path, encoding="utf-8").read(), path)
                for node in ast.walk(tree):
                    if isinstance(node, ast.Import):
                        named.update(a.name for a in node.names)
                    elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                        named.add(node.module)
            # shell.page starts the page, __main__ runs the command line: only their imports
            if rel not in ("shell.page", "pyscript") and not rel.endswith("__main__"):
                mods.append(rel)
    return sorted(set(mods)), sorted(named - {"shell.page"})  # the entry module starts the page
`;

async function boot(stdLibURL, options = {}) {
  const py = await loadPyodide({ stdLibURL, stdout: () => {}, stderr: (s) => console.error(s), ...options });
  for (const zip of appZip.split(",")) { // app.zip[,engine.zip]: the page's modules, unpacked into HOME
    py.unpackArchive(new Uint8Array(readFileSync(resolve(zip))), "zip", { extractDir: HOME });
  }
  // PyScript's own package (app.zip holds it compiled) needs a browser: these steps use STUB instead
  py.runPython(`import os, shutil, sys; shutil.rmtree(${JSON.stringify(HOME + "/pyscript")}, ignore_errors=True)
os.chdir(${JSON.stringify(HOME)}); sys.path.insert(0, ${JSON.stringify(HOME)})`);
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


/** PyScript's own Python package as it writes it into the interpreter's working directory at each
 * start ({pyscript: {"__init__.py": text, …}}), read from the object literal in its core chunk. */
function pyscriptTree() {
  const dir = resolve("node_modules/@pyscript/core/dist");
  const marker = 'wo(".",{pyscript:{';
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".js")) continue;
    const js = readFileSync(`${dir}/${name}`, "utf8");
    const at = js.indexOf("{pyscript:{");
    if (at < 0 || !js.includes(marker)) continue;
    let depth = 0, quote = null, end = at;
    for (; end < js.length; end++) {
      const c = js[end];
      if (quote) {
        if (c === "\\") end++;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'" || c === "`") quote = c;
      else if (c === "{") depth++;
      else if (c === "}" && --depth === 0) break;
    }
    return Function(`return ${js.slice(at, end + 1)}`)();
  }
  throw new Error(`PyScript's Python package not found in ${dir}`);
}

/** PyScript's own Python package as {path: source} ("pyscript/__init__.py": …), in its order. */
function pyscriptSources() {
  const files = {};
  const walk = (prefix, node) => {
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === "string") files[`${prefix}${k}`] = v;
      else walk(`${prefix}${k}/`, v);
    }
  };
  walk("", pyscriptTree());
  return files;
}

/** The Python set-up PyScript runs first after Pyodide has booted, rebuilt from its package the
 * way its core chunk writes it (the generator beside the package in the chunk): make ./pyscript,
 * write each module there as source, import it. web/pyodide-start.mjs recognises this text by its
 * setupFingerprint() (the build takes that function from the start module itself) and imports the
 * same package from app.zip instead (tests/e2e check it is recognised in the page, so a PyScript
 * update that writes anything else is caught). */
function pyscriptSetupCode() {
  const lines = ["import os as _os", "from pathlib import Path as _Path", "_path = None"];
  const walk = (prefix, node) => {
    for (const [name, value] of Object.entries(node)) {
      lines.push(`_path = _Path("${prefix}/${name}")`);
      if (typeof value === "string") {
        lines.push(`_path.write_text(${JSON.stringify(value)},encoding="utf-8")`);
      } else {
        lines.push(`if not _os.path.exists("${prefix}/${name}"):`, "    _path.mkdir(parents=True, exist_ok=True)");
        walk(`${prefix}/${name}`, value);
      }
    }
  };
  walk(".", pyscriptTree());
  lines.push("import pyscript as _pyscript", ...["_Path", "_path", "_os", "_pyscript"].map((n) => `del ${n}`), "\n");
  return lines.join("\n");
}

const extraModules = extra ? extra.split(",").filter(Boolean) : [];

/** Make this Node process's randomness and clocks fixed, for the snapshot (issue #16): the same
 * sources then make the same snapshot, so its precache revision changes only when they do and a
 * deploy that changes no Python sends no 6 MB again.
 *
 * - Randomness as Pyodide under Node reads it (node:crypto randomFillSync) becomes a SHA-256
 *   counter stream: Python's hash secret, its allocator's (mimalloc) seed and `random`'s seed.
 *   Nothing secret is lost: whatever the build used is readable in the published snapshot anyway
 *   (every visitor of a build shares it), and the engine's dice never come from `random`
 *   (tests/test_no_global_random.py); at run time the browser's own randomness serves os.urandom.
 * - Date.now (file times, time.time()) starts at 2026-01-01 and performance.now (monotonic
 *   clocks) counts calls: Python keeps file times in its import caches, mimalloc seeds from the clock.
 * Only the snapshot step calls this; it must run before loadPyodide. */
function deterministicBuild() {
  const nodeCrypto = createRequire(import.meta.url)("node:crypto");
  let counter = 0;
  nodeCrypto.randomFillSync = (view) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    for (let at = 0; at < bytes.length; at += 32) {
      const block = nodeCrypto.createHash("sha256").update(`tirada-snapshot-${counter++}`).digest();
      bytes.set(block.subarray(0, Math.min(32, bytes.length - at)), at);
    }
    return view;
  };
  let tick = 0;
  Date.now = () => 1767225600000 + Math.floor(tick++ / 1000);
  performance.now = () => (tick++) / 1000;
}

// Zip entries written here get a fixed time (zipfile's default is the current one), so that the
// same sources make byte-identical archives and their precache revisions (content hashes) change
// only with their contents: a deploy that changes no Python costs a returning visitor no new
// download of them (the snapshot: deterministicBuild below; docs/benchmarks.md).
const FIXED_ZIP_ENTRY = `
import zipfile as _zipfile
def fixed(name):
    """A ZipInfo for name, dated 1980-01-01 (the earliest zip date), deflated, mode 0644."""
    info = _zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = _zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info
`;

if (mode === "pyc") {
  // Every page module of APP_ZIP compiled by this Pyodide's Python, added beside its source as a
  // checked-hash .pyc (PEP 552: valid while a hash of the source matches; an edited source is
  // compiled again), where zipimport looks for it (web/pyodide-start.mjs puts app.zip and
  // engine.zip on sys.path): the page compiles none of them at start-up (issue #16). A snapshot
  // start has the modules that need no browser imported already; a plain start imports them too.
  const py = await loadPyodide({ stdLibURL: resolve(stdlibZip), stdout: () => {}, stderr: (s) => console.error(s) });
  py.FS.writeFile("/tmp/app.zip", new Uint8Array(readFileSync(resolve(appZip))));
  py.globals.set("PYSCRIPT", py.toPy(pyscriptSources()));
  const count = py.runPython(`${FIXED_ZIP_ENTRY}
import os, py_compile, zipfile

count = 0
with zipfile.ZipFile("/tmp/app.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in src.infolist():
        data = src.read(info.filename)
        dst.writestr(info, data)
    # PyScript's own package, which it writes as source at each start (pathlib write_text, UTF-8):
    # exactly those bytes and their checked-hash .pyc, imported from app.zip (first on sys.path)
    # instead of compiling the written copy
    for name, text in sorted(PYSCRIPT.items()):
        if name.endswith(".py"):
            path = "/tmp/src/" + name
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            cfile = py_compile.compile(path, cfile="/tmp/src.pyc", dfile=name, doraise=True,
                                       invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
            dst.writestr(fixed(name), text.encode("utf-8"))
            with open(cfile, "rb") as f:
                dst.writestr(fixed(name + "c"), f.read())
            count += 1
count
`);
  writeFileSync(resolve(out), py.FS.readFile("/tmp/out.zip"));
  // the fingerprint as the page computes it: the function of the start module beside APP_ZIP in dist/
  const { setupFingerprint } = await import(pathToFileURL(resolve(dirname(resolve(out)), "pyodide-start.mjs")).href);
  writeFileSync(`${resolve(out)}.pyscript-setup`, setupFingerprint(pyscriptSetupCode()));
  console.log(`[pyc] ${resolve(out)}: ${count} modules compiled (PyScript's package)`);
} else if (mode === "sourceless") {
  const py = await loadPyodide({ stdLibURL: resolve(stdlibZip), stdout: () => {}, stderr: (s) => console.error(s) });
  py.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(resolve(appZip))));
  py.globals.set("PREFIXES", py.toPy(extra.split(",")));
  const count = py.runPython(`${FIXED_ZIP_ENTRY}
import importlib._bootstrap_external as bootstrap, zipfile
PREFIXES = tuple(PREFIXES)
count = 0
with zipfile.ZipFile("/tmp/in.zip") as src, zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
    for info in src.infolist():
        data = src.read(info.filename)
        if info.filename.endswith(".py") and info.filename.startswith(PREFIXES):
            code = compile(data, info.filename, "exec", dont_inherit=True, optimize=2)
            dst.writestr(fixed(info.filename + "c"), bytes(bootstrap._code_to_timestamp_pyc(code, 0, 0)))
            count += 1
        elif not (info.filename.startswith(PREFIXES) and "__pycache__/" in info.filename):
            dst.writestr(info, data)
count
`);
  writeFileSync(resolve(out), py.FS.readFile("/tmp/out.zip"));
  console.log(`[sourceless] ${resolve(out)}: ${count} modules compiled`);
} else if (mode === "trim") {
  const py = await boot(resolve(stdlibZip));
  const failed = importAll(py, true, extraModules);
  if (failed.length) {
    console.error(`[stdlib] imports failed with the full standard library:\n  ${failed.join("\n  ")}`);
    process.exit(1);
  }
  const kept = py.runPython(`${FIXED_ZIP_ENTRY}
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
            dst.writestr(fixed(info.filename), src.read(info.filename))
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
  // The page imports straight from the archives (web/pyodide-start.mjs puts them on sys.path):
  // every module shipped with bytecode must load that bytecode through zipimport (a checked-hash
  // .pyc whose source hash still matches), not compile its source at each start.
  const archives = appZip.split(",").map((zip, i) => {
    const path = `/tmp/archive${i}.zip`;
    py.FS.writeFile(path, new Uint8Array(readFileSync(resolve(zip))));
    return path;
  });
  py.globals.set("ARCHIVES", py.toPy(archives));
  const [loaded, stale] = py.runPython(`
import zipfile, zipimport
loaded, stale = 0, []
for path in ARCHIVES:
    for name in zipfile.ZipFile(path).namelist():
        if not name.endswith(".pyc"):
            continue
        # a zipimporter serves one folder of the archive, as the import system makes them
        folder, _, module = name[:-4].removesuffix("/__init__").rpartition("/")
        importer = zipimport.zipimporter(f"{path}/{folder}" if folder else path)
        if importer.get_filename(module).endswith(".pyc"):
            loaded += 1
        else:
            stale.append(name)
[loaded, stale]
`).toJs();
  if (stale.length) {
    console.error(`[pyc] compiled again at each start (stale or unreadable bytecode):\n  ${stale.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`[pyc] all ${loaded} compiled modules load their bytecode from the archives`);
} else {
  // Emscripten under Node names the running script as the program (sys.executable, $_): use the
  // browser's name instead, so the snapshot holds nothing of the build machine.
  process.argv[1] = "./this.program";
  deterministicBuild();
  const py = await boot(resolve(stdlibZip), { _makeSnapshot: true });
  py.globals.set("EXTRA", py.toPy(extraModules));
  // only modules that need no browser at import time: the engine and the pure page modules
  const done = py.runPython(`
import importlib, sys
${MODULES}
mods, _named = page_and_engine(parse=False)
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
# the page's start module does not unpack engine.zip on a snapshot start: every engine module must be
# in the snapshot already
missing = [m for m in mods if (m == "tirada" or m.startswith("tirada.")) and m not in done]
if missing:
    raise SystemExit(f"engine modules not importable into the snapshot: {missing}")
import gc; gc.collect()
done
`).toJs();
  const snapshot = py.makeMemorySnapshot();
  writeFileSync(resolve(out), snapshot);
  // the app's modules it holds (build.py moves their files from app.zip to engine.zip)
  writeFileSync(`${resolve(out)}.modules.json`, JSON.stringify(done.filter((m) => !extraModules.includes(m))));
  console.log(`[snapshot] ${resolve(out)}: ${(snapshot.length / 1048576).toFixed(1)} MiB, ${done.length} modules imported`);
}
