"""The command line run in-process, as the tests call it: ``run(argv, stdin)`` gives ``(exit code,
stdout text, stderr text)`` of ``tirada.cli.main`` (the same function ``python -m tirada`` runs).

``stdin`` is text, or bytes read as a real stdin reads them (UTF-8 with surrogate escapes, with a
``.buffer``), for the tests that feed the CLI undecodable input."""

from __future__ import annotations

import io

from tirada.cli import main


class BytesStdin(io.TextIOWrapper):
    """A text stdin over raw bytes, like ``sys.stdin`` (has ``.buffer``, is not a terminal)."""

    def __init__(self, data: bytes) -> None:
        super().__init__(io.BytesIO(data), encoding="utf-8", errors="surrogateescape")

    def isatty(self) -> bool:
        return False


def run(argv: list, stdin: str | bytes = "") -> tuple:
    """``(code, out, err)`` of ``tirada.cli.main(argv)`` with ``stdin`` as its standard input."""
    out, err = io.StringIO(), io.StringIO()
    source = BytesStdin(stdin) if isinstance(stdin, bytes) else io.StringIO(stdin)
    code = main(list(argv), stdin=source, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()
