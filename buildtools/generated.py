"""dist/generated.mjs: the data the page's JavaScript imports, written by the build (issue #25), so that
no source file is patched by regular expression:

- ``CONTRACT``: web/shell/contract.json, the page's JS↔Python contract (states, events, diagnostics, marks;
  web/shell/contract.py reads the same file);
- ``LINK_DATA``: the tables web/link-reader.mjs reads roll links with, from the engine's registry,
  and the pool wording (one template per system, tirada/links/pool_wording.py);
- ``START``: what web/pyodide-start.mjs starts with (the lock file, the snapshot's name, revision and
  length, the WebAssembly's revision, the fingerprint of PyScript's Python set-up); empty strings
  until the snapshot is made (the start module then works with either value).

Deterministic: the same sources write the same bytes (tests/e2e/test_runtime_files.py rebuilds)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from .common import ROOT

#: The generated module's file name in dist/ (beside loader.js, link-reader.mjs, pyodide-start.mjs).
GENERATED = "generated.mjs"
#: START before the snapshot exists: each value empty, the start module's "not built" value.
NO_START = {"lock": "", "snapshot": "", "snapshot_revision": "", "snapshot_length": "", "wasm_revision": "",
            "pyscript_setup": ""}


def contract() -> dict:
    """web/shell/contract.json, as the page's Python reads it (web/shell/contract.py)."""
    return json.loads((ROOT / "web" / "shell" / "contract.json").read_text(encoding="utf-8"))


def link_reader_data() -> dict:
    """The tables web/link-reader.mjs reads roll links with, taken from the engine (never copied by
    hand): system codes and the key/text tables of ``tirada.systems.registry``, the short names, and
    the pool wording of ``tirada.links.pool.wording`` (game names, words and one template per system)."""
    sys.path.insert(0, str(ROOT / "pylib"))
    try:
        from tirada.links import pool
        from tirada.systems import registry
    finally:
        sys.path.pop(0)
    return {"codes": registry.codes(), "keys": {k: list(v) for k, v in registry.param_keys().items()},
            "texts": {k: list(v) for k, v in registry.param_texts().items()},
            "short_names": registry.short_names(), **pool.wording()}


def write_generated(folder: Path, start: dict | None = None) -> Path:
    """Write ``folder``/generated.mjs (CONTRACT, LINK_DATA, START: ``start`` or NO_START); return it."""
    out = folder / GENERATED
    parts = [("CONTRACT", contract()), ("LINK_DATA", link_reader_data()), ("START", start or NO_START)]
    text = "// Written by the build (buildtools/generated.py): do not edit.\n" + "".join(
        f"export const {name} = {json.dumps(value, ensure_ascii=False, separators=(',', ':'))};\n"
        for name, value in parts)
    out.write_text(text, encoding="utf-8")
    return out
