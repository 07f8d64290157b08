#!/usr/bin/env python3
"""Build, serve, test and benchmark Tirada — every step installs what it needs.

    python3 build.py serve [--port 8000]   build dist/ and serve it on http://127.0.0.1:PORT/
    python3 build.py test [--fast] [-k E]  set up, build, lint (ruff, mypy) and run every test suite in parallel
                                           (--fast: ruff + the CPython suite only; -k: pytest's name filter)
    python3 build.py build                 only assemble dist/
    python3 build.py deploy DIR [--url U]  build, then a folder ready for any static host (docs/hosting.md)
    python3 build.py bench                 measure load and roll speed (docs/benchmarks.md)

Set-up (idempotent, done by the commands that need it):
  .venv/                  Python dev tools pinned in requirements-dev.txt (pytest, hypothesis, Playwright,
                          ruff, mypy…)
  node_modules/           the runtime, pinned in package-lock.json (npm ci)
  .cache/pyodide-wheels/  pytest + hypothesis wheels to run the engine tests inside Pyodide
  /usr/bin/chromium       Debian's Chromium for the browser tests (apt-get, when run as root)

Uses only the standard library itself, so it runs on a fresh machine's python3 (3.11+).
Each job is a module of buildtools/ (setup, pages, startup, assemble, serve, deploy, testing, bench);
this file is the command line, and re-exports the names tests and scripts use (build.DIST, …).
"""


from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # buildtools/, even when loaded by file path

from buildtools.assemble import build
from buildtools.bench import bench
from buildtools.common import (CHROMIUM, DIST, PYODIDE_DIR, PYODIDE_FILES, PYSCRIPT_DIR, ROOT, SetupError, log,
                               run)
from buildtools.deploy import (USERSCRIPT_DEFAULT, _safe_target, bake_userscript, check_site, deploy, export_site,
                               site_url)
from buildtools.pages import PY_SCRIPT, fixed_zip_entry, include_panels
from buildtools.serve import QuietHandler, make_server, serve
from buildtools.setup import ensure_chromium, ensure_node, ensure_venv
from buildtools.generated import GENERATED, link_reader_data, write_generated
from buildtools.startup import COMPILE_HINT, ENGINE_ZIP, SNAPSHOT, STDLIB_EXTRA, add_compile_hints, engine_zip
from buildtools.testing import junit_totals, test

#: What tests and scripts read from ``build`` (the jobs themselves live in buildtools/).
__all__ = ["CHROMIUM", "COMPILE_HINT", "DIST", "ENGINE_ZIP", "PYODIDE_DIR", "PYODIDE_FILES", "PYSCRIPT_DIR",
           "PY_SCRIPT", "ROOT", "SNAPSHOT", "STDLIB_EXTRA", "USERSCRIPT_DEFAULT", "QuietHandler", "SetupError",
           "_safe_target", "add_compile_hints", "bake_userscript", "bench", "build", "check_site", "deploy",
           "engine_zip", "ensure_chromium", "ensure_node", "ensure_venv", "export_site", "fixed_zip_entry", "GENERATED",
           "include_panels", "junit_totals", "link_reader_data", "log", "main", "make_server", "run", "serve",
           "site_url", "test", "write_generated"]


def main(argv: list | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("build", help="assemble dist/")
    p_serve = sub.add_parser("serve", help="build and serve dist/ locally")
    p_serve.add_argument("--port", type=int, default=8000)
    p_test = sub.add_parser("test", help="set up, build and run every test")
    p_test.add_argument("--fast", action="store_true",
                        help="ruff and the CPython suite (engine, page modules): no build, Pyodide, browser or slow tests")
    p_test.add_argument("-k", dest="keyword", metavar="EXPR",
                        help="only tests whose names match EXPR (pytest -k), in every suite: e.g. -k l5r")
    p_deploy = sub.add_parser("deploy", help="build a folder ready for any static host (docs/hosting.md)")
    p_deploy.add_argument("dir", type=Path, help="the folder to write (replaced if it holds an earlier build)")
    p_deploy.add_argument("--url", help="the address it will be served from, for absolute preview-card URLs")
    p_bench = sub.add_parser("bench", help="measure load and roll speed")
    p_bench.add_argument("--runs", type=int, default=7)
    p_bench.add_argument("--profile", action="append", choices=("desktop", "phone"), default=[],
                         help="measure only this start-up profile (repeatable; default both)")
    args = parser.parse_args(argv)
    try:
        if args.cmd == "build":
            build()
        elif args.cmd == "serve":
            serve(args.port)
        elif args.cmd == "deploy":
            deploy(args.dir, args.url)
        elif args.cmd == "test":
            return test(args.fast, args.keyword)
        elif args.cmd == "bench":
            return bench(args.runs, args.profile)
    except SetupError as err:
        print(f"[build] error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
