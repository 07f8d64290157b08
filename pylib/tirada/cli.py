"""Command line: ``python -m tirada COMMAND …`` for scripts, bots and tests.

Commands (each reads JSON as its argument or from stdin and prints JSON on stdout):

* ``roll [JSON]`` — roll one request (see :func:`tirada.systems.roll`); ``{"notation": "(2d6+3)*2"}``
  stands for the generic fields it reads as (docs/notation.md §The engine and the command line).
* ``odds [JSON]`` — exact odds (:func:`tirada.odds.odds`), ``notation`` as for ``roll``.
* ``explain [--dialect NAME] TEXT`` — how a dice notation was read (in words too), in the dialect
  ``roll20`` (default), ``foundry``, ``dicemaiden`` or ``avrae``.
* ``link encode|verify|decode|sizes`` — share links (:mod:`tirada.links.chain`).
* ``audit`` — a thread's links checked together, sealed rolls too (:mod:`tirada.links.audit_sealed_thread`).
* ``request encode|verify`` — GM roll requests (:mod:`tirada.links.gm_request`).
* ``sealed key|request|roll|open|secret|reveal|verify|audit`` — sealed rolls (:mod:`tirada.links.sealed`).
* ``brs replay|defences|contest`` — Blood Red Sands (:mod:`tirada.systems.brs`; docs/brs-format.md).
* ``scene replay|view`` — Tragedia scene ledgers (:mod:`tirada.systems.tragedia.scene`).
* ``skirmish [JSON]`` — an L5R 5e skirmish character folded through moves (:mod:`tirada.systems.l5r.turn`).

Every command lives here and imports the engine lazily (a command loads only what it uses); no engine
module imports this one. Longer than 400 lines because every command of every system lives in this
one module (docs/architecture.md): each is a short dispatcher, read top to bottom.

Invalid input → exit status 2 and one line on stderr (``error: field: message (rule)``), never a
traceback. An unexpected failure → exit status 1 and one line naming it as a bug.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from typing import Any, Callable, Mapping

from .errors import InvalidRequest, TiradaError

__all__ = [
    "COMMANDS", "cmd_audit", "cmd_brs", "cmd_explain", "cmd_link", "cmd_odds", "cmd_request", "cmd_roll", "cmd_sealed", "cmd_scene", "cmd_skirmish",
    "main",
    "read_json",
]

#: command → "module:function"; each function takes (argv, stdin_text) and returns the JSON-ready
#: output (printed with ``json.dumps``) or raises TiradaError.
COMMANDS = {
    "roll": ("tirada.cli:cmd_roll", "roll one request: JSON argument or stdin → result JSON"),
    "odds": ("tirada.cli:cmd_odds", "exact odds for a request (no faces/seed) → distribution JSON"),
    "explain": ("tirada.cli:cmd_explain", "explain [--dialect roll20|foundry|dicemaiden|avrae] TEXT: how a dice "
                                          "notation was read → fields, text, grouping, words"),
    "link": ("tirada.cli:cmd_link",
             "link encode JSON | link verify FRAGMENT | link decode FRAGMENT | link sizes"),
    "audit": ("tirada.cli:cmd_audit", "thread text on stdin → audit report JSON"),
    "request": ("tirada.cli:cmd_request",
                "GM roll request: request encode JSON | request verify FRAGMENT [ROLL_LINK]"),
    "sealed": ("tirada.cli:cmd_sealed", "sealed rolls: sealed key|request|roll|open|secret|reveal|verify|audit …"),
    "brs": ("tirada.cli:cmd_brs", "Blood Red Sands: brs replay FILE | brs defences JSON | brs contest JSON"
                                  " | brs bidding|trigger|aftermath FILE"),
    "scene": ("tirada.cli:cmd_scene",
              "Tragedia: scene replay FILE → scene result JSON | scene view FILE → legal additions"
              " | scene chapter FILE (a list of sheets) → Chapter standing"),
    "skirmish": ("tirada.cli:cmd_skirmish",
                 "L5R 5e skirmish: {character, moves} JSON (argument or stdin) → final state and each move's effect"),
}
#: commands whose first argument is a sub-command word (``link verify``): with nothing after it,
#: their input comes on stdin (``link verify < link.txt``), like ``roll`` with no argument.
SUBCOMMANDS = {"link": 1, "brs": 1, "scene": 1, "request": 1, "sealed": 1}


def read_json(argv: list, stdin_text: str | None, what: str = "request") -> Any:
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
    """``roll [JSON]``: one request → :func:`tirada.systems.roll` result; a ``notation`` text stands for
    the generic fields it reads as (:func:`tirada.systems.notation.expand`)."""
    from .systems import roll
    from .systems.notation import expand

    return roll(expand(_request(read_json(argv, stdin_text))))


def _request(value: Any) -> Mapping:
    if not isinstance(value, Mapping):
        raise InvalidRequest("the request must be a JSON object", code="cli.not_object")
    return value


def cmd_explain(argv: list, stdin_text: str | None) -> dict:
    """``explain [--dialect NAME] TEXT``: how a notation text was read (:func:`tirada.systems.notation.explain`):
    the fields a link carries, the text written back, the reading in words (es, en) and the dialect, each
    roll with every operation in parentheses."""
    from .systems.notation import explain

    dialect = None
    if argv and (argv[0] == "--dialect" or argv[0].startswith("--dialect=")):
        if "=" in argv[0]:
            dialect, argv = argv[0].split("=", 1)[1], argv[1:]
        elif len(argv) < 2:
            raise InvalidRequest("--dialect needs a name: roll20, foundry, dicemaiden or avrae", field="dialect",
                                 code="notation.dialect", params={"got": "", "known": "roll20, foundry, dicemaiden, avrae"})
        else:
            dialect, argv = argv[1], argv[2:]
    text = " ".join(argv) if argv else stdin_text
    if text is None or not text.strip():
        raise InvalidRequest("no notation given: pass it as an argument or on stdin", code="cli.no_input",
                             params={"what": "notation"})
    return explain(text.strip(), dialect)


def cmd_odds(argv: list, stdin_text: str | None) -> dict:
    """``odds [JSON]``: one request (argument or stdin) → :func:`tirada.odds.odds` result.

    Raises:
        InvalidRequest: no JSON, bad JSON, or anything :func:`tirada.odds.odds` refuses.
    """
    from .odds import odds
    from .systems.notation import expand

    return odds(expand(_request(read_json(argv, stdin_text))))


def cmd_link(argv: list, stdin_text: str | None) -> Any:
    """``link encode JSON`` → ``{"fragment", "id", "chars"}``; ``link verify FRAGMENT`` →
    :func:`tirada.links.chain.verify`; ``link decode FRAGMENT`` → ``{"kind", "payload"}`` (any kind);
    ``link sizes`` → ``{"format 1": link_sizes(), "format 2": fairplay_sizes()}``.

    ``encode`` takes a request with optional top-level ``roller``, ``campaign``, ``seq``, ``prev``,
    ``created``, ``gm_request`` (the id of a GM roll request); it makes a format-2 link (fresh nonces
    for any post-decision draws); a ``notation`` text is expanded to its fields first. FRAGMENT/JSON
    may come on stdin instead.

    Raises:
        InvalidRequest: unknown sub-command or bad JSON; LinkError: an unreadable link.
    """
    from .links.chain import encode_link, link_id, link_sizes, verify
    from .links.fair_roll import fairplay_sizes
    from .wire.codec import decode_payload

    sub, rest = (argv[0], argv[1:]) if argv else ("", [])
    if sub == "encode":
        data = read_json(rest, stdin_text)
        if not isinstance(data, dict):
            raise InvalidRequest("the request must be a JSON object", code="request.not_object")
        chain = {k: data.pop(k) for k in ("roller", "campaign", "seq", "prev", "created", "gm_request") if k in data}
        from .systems.notation import expand

        fragment = encode_link(expand(data), **chain)   # a notation text → its fields: links never carry text
        return {"fragment": "#" + fragment, "id": link_id(fragment), "chars": len(fragment) + 1}
    if sub in ("verify", "decode"):
        text = rest[0] if rest else (stdin_text or "")
        if sub == "verify":
            return verify(text)
        kind, payload = decode_payload(text)
        return {"kind": kind, "payload": payload}
    if sub == "sizes":
        return {"format 1": link_sizes(), "format 2": fairplay_sizes()}
    raise InvalidRequest("usage: link encode JSON | link verify FRAGMENT | link decode FRAGMENT | link sizes",
                         field="link", code="cli.usage")


def cmd_request(argv: list, stdin_text: str | None) -> Any:
    """``request encode JSON`` → ``{"fragment", "id", "request"}`` (JSON: ``{"system", "fields",
    "label"?, "for"?, "campaign"?, "created"?}``; a fresh id unless ``id`` is given);
    ``request verify FRAGMENT [ROLL_LINK]`` → ``{"request"}`` plus, with a roll link,
    ``{"roll": verify(), "names_request": bool, "mismatches": [str], "matches": bool}``.

    Raises:
        InvalidRequest: unknown sub-command or bad JSON; LinkError: an unreadable link.
    """
    from .links.chain import verify
    from .links.gm_request import decode_request, encode_request, mismatches, new_request

    sub, rest = (argv[0], argv[1:]) if argv else ("", [])
    if sub == "encode":
        data = read_json(rest, stdin_text)
        if not isinstance(data, dict):
            raise InvalidRequest("the request must be a JSON object", field="request", code="request.not_object")
        spec = new_request(data.get("system"), data.get("fields"), data.get("label"), data.get("for"),
                           data.get("campaign"), data.get("created"), data.get("id"))
        fragment = encode_request(spec)
        return {"fragment": "#" + fragment, "id": spec["id"], "request": decode_request(fragment)}
    if sub == "verify":
        text = rest[0] if rest else (stdin_text or "").strip()
        out: dict = {"request": decode_request(text)}
        if len(rest) > 1:
            roll = verify(rest[1])
            named = roll.get("gm_request") == out["request"]["id"]
            problems = mismatches(out["request"], roll["request"], roll["roller"], roll["campaign"])
            if not named:
                problems.insert(0, "the roll does not name this request")
            out.update(roll=roll, names_request=named, mismatches=problems, matches=not problems)
        return out
    raise InvalidRequest("usage: request encode JSON | request verify FRAGMENT [ROLL_LINK]", field="request",
                         code="cli.usage")


SEALED_USAGE = ("sealed key | sealed request JSON | sealed roll REQUEST_LINK JSON | sealed open SECRET LINK "
                "[REQUEST_JSON] | sealed secret JSON | sealed reveal SECRET LINK [REQUEST_JSON] | sealed verify "
                "LINK REVEAL [REQUEST_LINK] | sealed audit [SECRETS_JSON] (thread on stdin)")


def cmd_sealed(argv: list, stdin_text: str | None) -> Any:
    """Sealed rolls (:mod:`tirada.links.sealed`), one sub-command per step:

    * ``key`` → ``{"secret"}``: a new campaign secret (keep it: it opens every sealed roll it seals);
    * ``request JSON`` (``{"secret", "system", "fields", "label"?, "for"?, "campaign"?, "created"?,
      "id"?}``) → :class:`SealedRequest` dict;
    * ``roll REQUEST_LINK JSON`` (the player's request plus optional ``roller``, ``campaign``, ``seq``,
      ``last`` (the chain), ``created``, ``seed``) → :class:`BlindRoll` dict (no dice);
    * ``open SECRET LINK [REQUEST_JSON]`` → :class:`Opened` dict (the GM's view; a secret roll needs
      its request);
    * ``secret JSON`` (``{"secret", "system", "label"?, …params, chain fields as ``roll``}``) →
      :class:`SecretRoll` dict;
    * ``reveal SECRET LINK [REQUEST_JSON] `` → ``{"fragment"}``;
    * ``verify LINK REVEAL [REQUEST_LINK]`` → :class:`Opened` dict (anyone);
    * ``audit [SECRETS_JSON]`` (thread text on stdin; optional list of campaign secrets held) →
      :func:`tirada.links.audit_sealed.audit_sealed` report.

    Raises:
        InvalidRequest: unknown sub-command, bad JSON or fields; LinkError: an unreadable link.
    """
    from .links import sealed
    from .links.chain import ChainState
    from .links.sealed_dice import new_campaign_secret

    sub, rest = (argv[0], argv[1:]) if argv else ("", [])

    def obj(items: list) -> dict:
        data = read_json(items, None if items else stdin_text)
        if not isinstance(data, dict):
            raise InvalidRequest("the request must be a JSON object", field="request", code="request.not_object")
        return data

    def chain(data: dict) -> tuple:
        fields = {k: data.pop(k) for k in ("roller", "campaign", "seq", "last", "created", "seed") if k in data}
        state = None
        if fields.get("roller"):
            state = ChainState(fields["roller"], fields.get("campaign") or "", fields.get("seq", 0), fields.get("last"))
        return state, fields.get("created"), fields.get("seed")

    if sub == "key" and not rest:
        return {"secret": new_campaign_secret()}
    if sub == "request" and len(rest) <= 1:
        data = obj(rest)
        return sealed.seal_request({k: v for k, v in data.items() if k != "secret"}, data.get("secret")).to_dict()
    if sub == "roll" and len(rest) in (1, 2):
        data = obj(rest[1:])
        state, created, seed = chain(data)
        return sealed.blind_roll(rest[0], data, state, created, seed).to_dict()
    if sub == "secret" and len(rest) <= 1:
        data = obj(rest)
        key = data.pop("secret", None)
        state, created, _seed = chain(data)
        return sealed.seal_gm_roll(key, data, state, created, data.pop("id", None)).to_dict()
    if sub in ("open", "reveal") and len(rest) in (2, 3):
        request = obj(rest[2:]) if len(rest) == 3 else None
        if sub == "reveal":
            return {"fragment": sealed.reveal(rest[0], rest[1], request)}
        kind, _view = sealed.read_sealed(rest[1], ("blind", "secret"))
        if kind == "secret":
            return sealed.open_secret(rest[0], rest[1], request or {}).to_dict()
        return sealed.open_blind(rest[0], rest[1]).to_dict()
    if sub == "verify" and len(rest) in (2, 3):
        return sealed.verify_reveal(rest[0], rest[1], rest[2] if len(rest) == 3 else None).to_dict()
    if sub == "audit" and len(rest) <= 1:
        from .links.audit_sealed import audit_sealed

        keys = read_json(rest, None, "secrets") if rest else []
        return audit_sealed(stdin_text or "", keys if isinstance(keys, list) else [keys]).to_dict()
    raise InvalidRequest("usage: " + SEALED_USAGE, field="sealed", code="cli.usage")


def cmd_audit(argv: list, stdin_text: str | None) -> dict:
    """``audit [--home URL]`` — the thread text on stdin (``-`` after the URL) or as the last argument →
    :func:`tirada.links.audit_sealed_thread.audit_thread` report (the chains and the sealed rolls, ages
    from now); with ``--home``, links posted with another address than URL (the official page) are flagged.

    Raises:
        InvalidRequest: no text given.
    """
    import time

    from .links.audit_sealed_thread import audit_thread

    home = None
    if len(argv) >= 2 and argv[0] == "--home":
        home, argv = argv[1], argv[2:]
    text = argv[0] if argv else stdin_text
    if not text:
        raise InvalidRequest("no thread text given: paste it on stdin", field="text", code="cli.no_thread_text")
    return audit_thread(text, home=home, now=int(time.time()))


BRS_USAGE = "usage: brs replay FILE | brs defences JSON | brs contest JSON | brs bidding|trigger|aftermath FILE"


def _read_confrontation_file(path: str) -> str:  # CPython CLI only: the page passes text
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError as err:
        raise InvalidRequest(f"cannot read {path[:80]}: {err.strerror}", field="file",
                             code="cli.cannot_read", params={"path": path[:80]}) from None


def cmd_brs(argv: list, stdin_text: str | None) -> dict:
    """``brs replay FILE|-`` (or JSON on stdin): ``{"setup": …, "moves": […]}`` → the final state
    (:func:`tirada.systems.brs.report.load_confrontation`); ``brs defences JSON``: ``{"score": int,
    "dice": [...], "limit": int?}`` → :func:`tirada.systems.brs.defence.smallest_defences`;
    ``brs contest JSON`` → the Competencia when no dice are in play
    (:func:`tirada.systems.brs.contest.contest`);
    ``brs bidding|trigger|aftermath FILE|-``: the Spoils bidding, the trigger check, the aftermath
    on the sheets (:func:`tirada.systems.brs.records.load_record`, docs/brs-spoils.md).

    Rules: ../shared/rules/blood-red-sands.md; formats in docs/brs-format.md.

    Raises:
        InvalidRequest: no or unknown subcommand, unreadable file, invalid JSON or request;
        IllegalMove: a refused move in the replayed log (naming the move index and the rule).
    """
    from .fields import reject_unknown
    from .systems.brs.defence import smallest_defences
    from .systems.brs.report import load_confrontation

    if not argv:
        raise InvalidRequest(BRS_USAGE, field="command", code="cli.usage")
    sub, rest = argv[0], argv[1:]
    if sub == "replay":
        text = _read_confrontation_file(rest[0]) if rest and rest[0] != "-" else stdin_text
        return load_confrontation(read_json([text] if text is not None else [], None, "Confrontation file"))
    if sub in ("bidding", "trigger", "aftermath"):   # pre-/post-fight records (docs/brs-spoils.md)
        from .systems.brs.records import load_record

        text = _read_confrontation_file(rest[0]) if rest and rest[0] != "-" else stdin_text
        return load_record(sub, read_json([text] if text is not None else [], None, f"{sub} file"))
    if sub == "defences":
        req = read_json(rest, stdin_text, "defence request")
        if not isinstance(req, Mapping):
            raise InvalidRequest("the request is a JSON object {score, dice, limit?}", field="request",
                                 code="cli.brs_request")
        reject_unknown(req, {"score", "dice", "limit"}, "defences")
        if "score" not in req:
            raise InvalidRequest("is required", field="score", code="field.required")
        return smallest_defences(req["score"], req.get("dice"), req.get("limit", 10))
    if sub == "contest":
        from .systems.brs.contest import contest

        return contest(read_json(rest, stdin_text, "Competencia"))
    raise InvalidRequest(f"unknown subcommand {sub[:20]!r}; {BRS_USAGE}", field="command",
                         code="cli.unknown_subcommand", params={"sub": sub[:20]})


def _read_ledger_text(argv: list, stdin_text: str | None) -> str:
    path = argv[1] if len(argv) > 1 else "-"
    if path == "-":
        if stdin_text is None:
            raise InvalidRequest("no scene ledger given: pass a FILE or - for stdin", code="cli.no_ledger")
        return stdin_text
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as err:
        raise InvalidRequest(f"cannot read {path[:80]!r}: {err.strerror or err}",
                             code="cli.cannot_read", params={"path": path[:80]}) from None


def cmd_scene(argv: list, stdin_text: str | None) -> Any:
    """``scene replay FILE`` / ``scene view FILE`` / ``scene chapter FILE`` (FILE ``-`` or absent:
    stdin).

    ``chapter`` reads a JSON list of the Chapter's sheets and returns
    :func:`tirada.systems.tragedia.chapter.chapter_standing` (who achieved the Objective, who is
    held at Tragedy 5, who lost the Chapter because two others got there first).

    ``replay`` folds the ledger's actions (docs/tragedia-scene.md) and returns
    :func:`tirada.systems.tragedia.scene.scene_result`; ``view`` returns
    :func:`tirada.systems.tragedia.scene.scene_view`'s JSON (what each participant may add now). A ledger
    with neither ``seed`` nor ``faces`` gets a fresh seed, reported in the output (not one of
    schema 2, whose rolls each carry their own signed seed).

    Raises:
        InvalidRequest: usage, unreadable file, bad JSON or ledger; IllegalMove: an action the rules
        refuse (``field`` is ``actions[i]…``, ``rule`` the rule-file section).
    """
    from .dice import new_seed
    from .systems.tragedia.scene import replay, scene_result, scene_view

    if not argv or argv[0] not in ("replay", "view", "chapter") or len(argv) > 2:
        raise InvalidRequest("usage: scene replay FILE | scene view FILE | scene chapter FILE "
                             "(FILE - = stdin)", code="cli.usage")
    if argv[0] == "chapter":
        from .systems.tragedia.chapter import chapter_standing
        return chapter_standing(read_json([_read_ledger_text(argv, stdin_text)], None, "sheet list"))
    ledger = read_json([_read_ledger_text(argv, stdin_text)], None, "scene ledger")
    if isinstance(ledger, dict) and ledger.get("seed") is None and ledger.get("faces") is None \
            and ledger.get("schema") != 2:   # schema 2: each roll carries its own signed seed
        ledger = {**ledger, "seed": new_seed()}
    state = replay(ledger)
    return scene_result(state) if argv[0] == "replay" else scene_view(state).to_dict()


def cmd_skirmish(argv: list, stdin_text: str | None) -> dict:
    """``skirmish [JSON]``: ``{"character", "moves"}`` → :func:`tirada.systems.l5r.turn.replay`
    (``{"state", "effects"}``; docs/l5r5e.md). Raises InvalidRequest (bad JSON or field) or
    IllegalMove (a move seed 002 forbids; ``field`` ``moves[i]…``)."""
    from .systems.l5r.turn import replay

    return replay(read_json(argv, stdin_text, "skirmish"))


def _resolve(spec: str) -> Callable:
    module, func = spec.split(":")
    try:
        return getattr(importlib.import_module(module), func)
    except (ModuleNotFoundError, AttributeError):
        raise InvalidRequest("this command is not available in this version", code="cli.unavailable") from None


def _usage() -> str:
    lines = ["usage: python -m tirada COMMAND [ARGS]", "", "commands:"]
    lines += [f"  {name:<8} {help_}" for name, (_, help_) in COMMANDS.items()]
    return "\n".join(lines)


def main(argv: list | None = None, stdin=None, stdout=None, stderr=None) -> int:
    """Run one command; return the exit status (0 ok, 1 bug or output closed early, 2 invalid input
    or usage).

    Output closed by the reader (``python -m tirada … | head``) is not an error worth a traceback:
    the rest of the output is discarded quietly, as the Python docs advise for SIGPIPE
    (library/signal.html, "Note on SIGPIPE"), and the status is 1."""
    try:
        return _run(argv, stdin, stdout, stderr)
    except BrokenPipeError:
        _discard_stdout()
        return 1


def _discard_stdout() -> None:
    """Point the process's stdout at the null device so the flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file descriptor (tests, Pyodide)
        pass


def _run(argv: list | None, stdin, stdout, stderr) -> int:
    """:func:`main` without the broken-pipe guard."""
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
