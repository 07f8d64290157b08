"""Thread-audit helpers shared by the engine tests of issue #38 (tests/test_audit_*.py): a thread of
posts, the codes of a report's problems, and ``tirada audit`` run as the CLI runs it."""

from __future__ import annotations

import io
import json

from tirada.cli import main

__all__ = ["BASE", "cli_report", "codes", "thread"]

BASE = "https://usuario.github.io/tirada/"


def thread(*fragments: str) -> str:
    """One post per link fragment, each posted with :data:`BASE`."""
    return "\n\n".join(f"Post {k}: {BASE}#{f}" for k, f in enumerate(fragments, 1))


def codes(report: dict) -> list:
    """The codes of a report's named problems, in text order."""
    return [p["code"] for p in report["problems"]]


def cli_report(text: str) -> dict:
    """``tirada audit`` with ``text`` on stdin: its JSON report (the command must succeed)."""
    out = io.StringIO()
    assert main(["audit"], stdin=io.StringIO(text), stdout=out, stderr=io.StringIO()) == 0
    return json.loads(out.getvalue())
