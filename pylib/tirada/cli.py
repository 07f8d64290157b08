"""Command line: ``python -m tirada COMMAND …`` for scripts, bots and tests.

Commands (each reads JSON as its argument or from stdin and prints JSON on stdout):

* ``roll [JSON]`` — roll one request (see :func:`tirada.systems.roll`).
* other commands are provided by their modules and listed by ``python -m tirada --help``.

Invalid input → exit status 2 and one line on stderr (``error: field: message (rule)``), never a
traceback. An unexpected failure → exit status 1 and one line naming it as a bug.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Callable

from .errors import InvalidRequest, TiradaError

__all__ = ["COMMANDS", "main", "read_json"]

#: command → "module:function"; each function takes (argv, stdin_text) and returns the JSON-ready
#: output (printed with ``json.dumps``) or raises TiradaError.
COMMANDS = {
    "roll": ("tirada.cli:cmd_roll", "roll one request: JSON argument or stdin → result JSON"),
    "odds": ("tirada.odds:cmd_odds", "exact odds for a request (no faces/seed) → distribution JSON"),
    "link": ("tirada.link:cmd_link",
             "link encode JSON | link verify FRAGMENT | link decode FRAGMENT | link sizes"),
    "audit": ("tirada.audit:cmd_audit", "thread text on stdin → audit report JSON"),
    "brs": ("tirada.brs.cli:cmd_brs", "Blood Red Sands: brs replay FILE | brs defences JSON"),
    "scene": ("tirada.tragedia:cmd_scene",
              "Tragedia: scene replay FILE → scene result JSON | scene view FILE → legal additions"),
}
#: commands whose first argument is a sub-command word (``link verify``): with nothing after it,
#: their input comes on stdin (``link verify < link.txt``), like ``roll`` with no argument.
SUBCOMMANDS = {"link": 1, "brs": 1, "scene": 1}


def read_json(argv: list, stdin_text: str | None, what: str = "request") -> object:
    """Parse the JSON given as the first argument, or else as ``stdin_text``.

    Raises:
        InvalidRequest: nothing given, or not valid JSON (with line and column).
    """
    text = argv[0] if argv else stdin_text
    if text is None or not text.strip():
        raise InvalidRequest(f"no {what} given: pass JSON as an argument or on stdin",
                             code="cli.no_input", params={"what": what})
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise InvalidRequest(f"the {what} is not valid JSON: {err.msg} at line {err.lineno} column {err.colno}",
                             code="cli.bad_json",
                             params={"what": what, "line": err.lineno, "column": err.colno}) from None
    except ValueError:   # an integer of more than 4300 digits (CPython's int/str conversion limit)
        raise InvalidRequest(f"the {what} holds a number too long to read",
                             code="cli.number_too_long", params={"what": what}) from None


def cmd_roll(argv: list, stdin_text: str | None) -> dict:
    """``roll [JSON]``: one request → :func:`tirada.systems.roll` result."""
    from .systems import roll

    return roll(read_json(argv, stdin_text))


def _resolve(spec: str) -> Callable:
    module, func = spec.split(":")
    try:
        return getattr(importlib.import_module(module), func)
    except (ModuleNotFoundError, AttributeError):
        raise InvalidRequest("this command is not available in this version", code="cli.unavailable") from None


def _usage() -> str:
    lines = ["usage: python -m tirada COMMAND [ARGS]", "", "commands:"]
    lines += [f"  {name:<6} {help_}" for name, (_, help_) in COMMANDS.items()]
    return "\n".join(lines)


def main(argv: list | None = None, stdin=None, stdout=None, stderr=None) -> int:
    """Run one command; return the exit status (0 ok, 1 bug, 2 invalid input or usage)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(_usage(), file=stdout if argv else stderr)
        return 0 if argv else 2
    name, rest = argv[0], argv[1:]
    if name in COMMANDS and rest[:1] in (["-h"], ["--help"]):
        print(f"usage: python -m tirada {name} …\n  {COMMANDS[name][1]}\n"
              "JSON may be given as the argument or on stdin; see README.md and docs/.", file=stdout)
        return 0
    if name not in COMMANDS:
        print(f"error: unknown command {name[:40]!r}; commands: {', '.join(COMMANDS)} (see --help)",
              file=stderr)
        return 2
    try:
        func = _resolve(COMMANDS[name][0])
        needs_stdin = len(rest) <= SUBCOMMANDS.get(name, 0) or rest[-1] == "-"
        stdin_text = _read_stdin(stdin) if needs_stdin and not (stdin.isatty() if hasattr(stdin, "isatty") else False) else None
        for text in rest + [stdin_text or ""]:
            _check_utf8(text)
        if rest and rest[-1] == "-":
            rest = rest[:-1]
        out = func(rest, stdin_text)
    except TiradaError as err:
        print(f"error: {err}", file=stderr)
        return 2
    except RecursionError:
        print("error: the input is nested too deeply", file=stderr)
        return 2
    except Exception as err:  # a bug: still one line, never a traceback
        print(f"internal error (please report): {type(err).__name__}: {err}"[:500], file=stderr)
        return 1
    text = out if isinstance(out, str) else json.dumps(out, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:   # a lone surrogate from a JSON escape ("\ud800"): print it escaped
        text = text.encode("utf-8", "backslashreplace").decode("ascii") if isinstance(out, str) \
            else json.dumps(out, ensure_ascii=True, separators=(",", ":"))
    print(text, file=stdout)
    return 0


def _read_stdin(stdin) -> str:
    """All of stdin as text, decoded as strict UTF-8 when the raw bytes are available.

    Raises:
        InvalidRequest: the bytes are not valid UTF-8.
    """
    raw = getattr(stdin, "buffer", None)
    if raw is None:
        return stdin.read()
    try:
        return raw.read().decode("utf-8")
    except UnicodeDecodeError as err:
        raise InvalidRequest(f"the input on stdin is not valid UTF-8 (byte {err.start})",
                             code="cli.bad_utf8") from None


def _check_utf8(text: str) -> None:
    """Refuse text that came from invalid UTF-8 (Python keeps such bytes as lone surrogates).

    Raises:
        InvalidRequest: the text holds a lone surrogate.
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidRequest("the input is not valid UTF-8", code="cli.bad_utf8") from None
