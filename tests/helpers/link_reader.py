"""The page's JavaScript roll-link reader (web/link-reader.mjs) run under Node, and what the Python
decoder says it must answer (tests/test_link_reader.py, tests/test_notation_dialect.py).

``make_reader(folder)`` lays out a copy of the reader beside the generated.mjs it imports and a Node
driver; ``read_with_js(folder, addresses)`` reads addresses with it; ``python_view(address)`` is the
answer expected of it. The ``js_reader`` fixture (tests/conftest.py) makes one folder per module."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from tirada.links.pool import pool_text
from tirada.wire.codec import decode_payload_versioned

ROOT = Path(__file__).resolve().parents[2]

DRIVER = """
import { readLink } from "./link-reader.mjs";
const input = JSON.parse(await new Promise((ok) => {
  let text = ""; process.stdin.on("data", (d) => (text += d)); process.stdin.on("end", () => ok(text));
}));
const out = [];
for (const address of input) out.push(await readLink(address));
process.stdout.write(JSON.stringify(out, (k, v) => (typeof v === "bigint" ? `bigint:${v}` : v)));
"""


def python_view(address: str):
    """What the JavaScript reader must answer for ``address``, from the Python decoder."""
    try:
        version, kind, link = decode_payload_versioned(address)
    except Exception:   # refused (a LinkError; anything else is refused too)
        return None
    if kind == "bid":
        return bid_view(version, link)
    if kind != "roll":
        return None
    return {"version": version, "link": link,
            "pool": {"es": pool_text(link["request"], "es"), "en": pool_text(link["request"], "en")}}


def bid_view(version: int, body) -> dict | None:
    """What the reader says of a bidding link's body the decoder accepted: the set-up's two sides and
    the number of bids, when the body has that shape (tirada.systems.brs.bidlink checks the rest)."""
    if not isinstance(body, dict) or set(body) != {"setup", "bids"} or not isinstance(body["setup"], dict):
        return None
    sides, bids = body["setup"].get("sides"), body["bids"]
    if not isinstance(bids, list) or not isinstance(sides, list) or len(sides) != 2 or \
            not all(isinstance(x, str) and x for x in sides):
        return None
    return {"version": version, "kind": "bid", "sides": sides, "bids": len(bids)}


def _bigints(value):
    """The driver writes integers beyond 2^53 as "bigint:N": back to Python ints."""
    if isinstance(value, dict):
        return {k: _bigints(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_bigints(v) for v in value]
    if isinstance(value, str) and value.startswith("bigint:"):
        return int(value[7:])
    return value


def read_with_js(folder: Path, addresses: list) -> list:
    done = subprocess.run(["node", str(folder / "driver.mjs")], input=json.dumps(addresses), text=True,
                          capture_output=True, timeout=120, check=True)
    return _bigints(json.loads(done.stdout))


def make_reader(folder: Path, driver: str = DRIVER) -> Path:
    """``folder`` with a copy of web/link-reader.mjs beside the generated.mjs it imports (its tables,
    written by the build) and ``driver.mjs`` (:data:`DRIVER`, reading addresses, unless another Node
    script is given); returns ``folder``."""
    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT))
    shutil.copy(ROOT / "web" / "link-reader.mjs", folder / "link-reader.mjs")
    build.write_generated(folder)
    (folder / "driver.mjs").write_text(driver, encoding="utf-8")
    return folder
