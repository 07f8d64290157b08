"""The page's JS↔Python contract, as Python reads it (issue #25): web/shell/contract.json is the one
declarative source of the engine's states (``<html data-engine=…>``), the events, the
``globalThis`` values and the performance marks that the page's JavaScript (web/loader.js,
web/pyodide-start.mjs, web/odds-worker.mjs) and its Python glue share. The JavaScript reads the same
file as dist/generated.mjs (buildtools/generated.py); tests/test_contract.py checks that every name
the sources use is declared there, and every declared name is used.

Pure (no pyscript): the memory snapshot may hold it. The JSON is read through this module's own
loader, so it works from a folder (CPython tests) and from a zip archive (the page's app.zip)."""

from __future__ import annotations

import json
import os
from typing import Any, NamedTuple

_SOURCE = "contract.json"


def _read() -> dict[str, Any]:
    """web/shell/contract.json, read beside this module (a folder or a zip archive: zipimport's get_data)."""
    path = os.path.join(os.path.dirname(__file__), _SOURCE)
    loader = globals().get("__loader__")
    raw = loader.get_data(path) if loader is not None and hasattr(loader, "get_data") else open(path, "rb").read()
    return json.loads(raw.decode("utf-8"))


CONTRACT: dict[str, Any] = _read()
#: the attribute of <html> that holds the engine's state
ENGINE_ATTRIBUTE: str = CONTRACT["engine"]["attribute"]
#: the engine's states, by name ("loading", "ready", "failed")
ENGINE_STATES: tuple[str, ...] = tuple(CONTRACT["engine"]["states"])
READY, FAILED = "ready", "failed"
#: the attribute of <html> that holds the language the visitor chose before the engine was up (web/early-lang.mjs)
LANG_CHOSEN_ATTRIBUTE: str = CONTRACT["lang"]["attribute"]


class Diagnostics(NamedTuple):
    """The ``globalThis`` values the page's JavaScript and Python glue write for tests and the bench, by
    their key in the contract: each field is the value's name on ``window`` (``odds_from`` →
    ``"tiradaOddsFrom"``). Built from every entry of the contract's ``diagnostics``: one declared there
    and not here (or the other way round) fails at import, in the tests."""

    frame_answered: str
    frame_core: str
    start: str
    snapshot_reason: str
    core: str
    thread_core: str
    snapshot_from: str
    wasm_from: str
    jspi: str
    wasm_dropped: str
    pyscript_from: str
    indexeddb: str
    odds_from: str


#: globalThis names the Python glue writes or reads, by their key in the contract
DIAGNOSTICS: Diagnostics = Diagnostics(**{k: v["name"] for k, v in CONTRACT["diagnostics"]["values"].items()})


class Functions(NamedTuple):
    """The ``globalThis`` functions the Python glue calls, by their key in the contract: each field is
    the function's name on ``window`` (``chain_number`` → ``"tiradaChainNumber"``). Built from every
    entry of the contract's ``functions``: a function declared there and not here (or the other way
    round) fails at import, in the tests."""

    chain_number: str
    chain_hold: str
    text_pieces: str
    text_message: str
    core_first: str
    early_core: str
    test_reset: str
    frame: str


FUNCTIONS: Functions = Functions(**{k: v["name"] for k, v in CONTRACT["functions"].items()})


class Events(NamedTuple):
    """The DOM events the page's JavaScript and its Python glue share, by their key in the contract: each
    field is the event's name (``core_roll`` → ``"tirada:core-roll"``). Built from every entry of the
    contract's ``events`` (a mismatch fails at import, in the tests)."""

    core_roll: str
    engine_failed: str


EVENTS: Events = Events(**{k: v["name"] for k, v in CONTRACT["events"].items()})
_MARKS = CONTRACT["marks"]
assert READY in ENGINE_STATES and FAILED in ENGINE_STATES, "web/shell/contract.json: engine states"


def set_engine(document: Any, state: str) -> None:
    """Set ``<html data-engine=state>`` (web/loader.js and web/pyodide-start.mjs watch it).

    Raises:
        ValueError: ``state`` is not one of the contract's engine states."""
    if state not in ENGINE_STATES:
        raise ValueError(f"not an engine state of web/shell/contract.json: {state!r}")
    document.documentElement.setAttribute(ENGINE_ATTRIBUTE, state)


def mark_name(name: str) -> str:
    """The performance mark or measure called ``name`` in the contract, with its prefix
    (``"odds-main"`` → ``"tirada:odds-main"``; bench/ reads them).

    Raises:
        KeyError: ``name`` is not declared in web/shell/contract.json."""
    if name not in _MARKS["names"]:
        raise KeyError(f"not a performance mark of web/shell/contract.json: {name!r}")
    return _MARKS["prefix"] + name
