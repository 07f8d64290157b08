"""The link kinds the page makes, one case each, from tests/vectors (issue #29: outcome first on a phone).

``CASES``: case name → (a function making the link's fragment, the selectors of the elements that
must be in the first screen — the outcome or the reader's next action —, the words they show in
Spanish or None). Used by tests/e2e/test_outcome_first.py and tests/e2e/test_states.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from tirada.links.chain import verify
from tirada.links.roll_link import peek_kind
from tirada.links.sealed import read_sealed
from tirada.links.thread_link import encode_thread

VECTORS = Path(__file__).resolve().parents[1] / "vectors"


def vector_fragments() -> list:
    """(file stem, name or None, fragment) of every vector link, first seen first."""
    out, seen = [], set()

    def walk(stem, node, name=None):
        if isinstance(node, dict):
            name = node.get("name", name)
            for key, value in node.items():
                if key == "fragment" and isinstance(value, str):
                    if value not in seen:
                        seen.add(value)
                        out.append((stem, name, value))
                else:
                    walk(stem, value, name)
        elif isinstance(node, list):
            for value in node:
                walk(stem, value, name)

    for path in sorted(VECTORS.glob("*.json")):
        walk(path.stem, json.loads(path.read_text("utf-8")))
    return out


FRAGMENTS = vector_fragments()


def first(kind: str, *, system: str | None = None, name: str = "", stem: str | None = None,
           steps: bool | None = None) -> str:
    for where, label, fragment in FRAGMENTS:
        if peek_kind(fragment) != kind or (stem and where != stem) or name not in (label or ""):
            continue
        if system or steps is not None:
            checked = verify(fragment)
            if system and checked["request"]["system"] != system:
                continue
            if steps is not None and (len(checked.get("entries") or []) > 1) != steps:   # decisions numbered
                continue
        return fragment
    raise LookupError(f"no vector link of kind {kind} {system or ''} {name}")


def sealreq(system: str) -> str:
    """The first sealed request of ``system`` in the vectors."""
    for _, _, fragment in FRAGMENTS:
        if peek_kind(fragment) == "sealreq" and read_sealed(fragment, ("sealreq",))[1]["system"] == system:
            return fragment
    raise LookupError(f"no sealed request of {system}")


def thread() -> str:
    """A whole thread as the bookmarklet sends it: one post with a SIFRP roll link."""
    roll = first("roll", system="sifrp")
    return encode_thread("http://foro.example/t/1", [f"Tiro para trepar: http://127.0.0.1/#{roll}"])


#: case → (fragment maker, the elements that must be in the first screen, the words they show)
CASES = {
    "roll-generic": (lambda: first("roll", system="generic", stem="generic"), ["#shared-headline"], None),
    "roll-sifrp": (lambda: first("roll", system="sifrp", stem="sifrp"), ["#shared-headline"], None),
    "roll-l5r5e": (lambda: first("roll", system="l5r5e", stem="l5r5e"), ["#shared-headline"], "éxito"),
    "roll-l5r5e-decisions": (lambda: first("roll", system="l5r5e", stem="fairplay-v2", steps=True),
                             ["#shared-headline"], "éxito"),
    "roll-tragedia": (lambda: first("roll", system="tragedia", stem="tragedia"), ["#shared-headline"], "Gana"),
    "roll-format2": (lambda: first("roll", system="sifrp", stem="fairplay-v2"), ["#shared-headline"], None),
    "request": (lambda: first("request", name="SIFRP"), ["#gm-request-text", "#gm-request-ask", "#gm-request-roll"],
                "Te pide: SIFRP 4D"),
    "request-l5r5e": (lambda: first("request", name="L5R"), ["#gm-request-ask", "#gm-request-roll"], "Te pide: L5R"),
    "sealreq": (lambda: sealreq("sifrp"), ["#gm-request-ask", "#gm-request-sealed", "#gm-request-roll"],
                "Te pide: SIFRP"),
    "sealreq-tragedia": (lambda: sealreq("tragedia"), ["#gm-request-ask", "#gm-request-roll"], "Te pide: Tragedia"),
    "blind": (lambda: first("blind"), ["#sealed-who", "#sealed-closed"], "La revela el máster"),
    "secret": (lambda: first("secret"), ["#sealed-who", "#sealed-closed"], "la revelará el máster"),
    "reveal": (lambda: first("reveal"), ["#sealed-needs", "#sealed-paste-link"], None),
    "chain": (lambda: first("chain"), ["#chain-status"], re.compile(r"nº \d+")),
    "scene-gathering": (lambda: first("scene", name="gathering"), ["#scene-next", "#scene-continue"],
                        "Seguir jugando esta escena aquí"),
    "scene-decided": (lambda: first("scene", name="decided"), ["#scene-next"], "Gana el Protagonista"),
    "scene-signed": (lambda: first("scene", name="signed"), ["#scene-next"], "Gana"),
    "brs": (lambda: first("brs"), ["#brs-turn", "#brs-seat button"], "Turno de"),
    "bid": (lambda: first("bid"), ["#brs-pf-bids li:last-child", "#brs-pf-turn", '#brs-prefight [data-pf-act="bid"]'],
            "Puja: Haster"),
    "thread": (thread, ["#audit-verdict"], None),
}
