"""Run reading-core cases and print one canonical JSON document (sorted keys, ASCII only), on CPython
and on MicroPython alike (tests/test_reading_core.py compares the two outputs byte for byte).

Input (``/input.json`` on MicroPython, the path in ``sys.argv[1]`` on CPython):
``{"cases": [{"name", "kind": "roll" | "stream", ...}]}``:

* ``roll``: ``fragment`` → :func:`tirada.links.chain.verify`;
* ``request``: ``fragment`` (a GM's roll request) → :func:`tirada.links.gm_request.decode_request`, and
  with ``roll`` (a roll link) the roll verified and :func:`~tirada.links.gm_request.mismatches`;
* ``sealed``: ``fragment`` → :func:`tirada.links.sealed.read_sealed`; ``reveal``: ``sealed``, ``fragment``
  (the reveal), ``request`` (the sealed request, or none) → :func:`~tirada.links.sealed.verify_reveal`;
* ``stream``: ``seed``, ``sides``, ``count`` → that many faces of :class:`tirada.dice.DiceStream`;
* ``frame``: ``fragment`` (any link, compressed or not), ``max_work`` (or none) →
  :func:`tirada.wire.frame.read_frame` and :func:`tirada.wire.codec.decode_body`: the format, kind,
  work and payload;
* ``inflate``: ``data`` (hex), ``limit`` → :func:`tirada.wire.inflate.inflate_raw`: the bytes (hex),
  ``"over"`` (more than ``limit``) or ``"damaged"``;
* ``view``: ``fragment``, ``lang`` → :func:`tirada.links.core_view.view_json` (what the page shows
  before Pyodide is up), read back as JSON;
* ``handover``: ``fragment`` → :func:`tirada.links.handover.decode_handover`: the chain's head
  ``[roller, campaign, seq, last]`` and ``created``;
* ``game``: ``fragment``, ``lang`` → :func:`tirada.links.core_game.game_view_json` (a Confrontation's or
  a Tragedia scene's first view), read back as JSON;
* ``marks``: ``message`` (a userscript's request), ``href`` (the frame's address) →
  :func:`tirada.links.core_marks.core_answer` and :func:`~tirada.links.core_marks.core_answer_json`
  (what the frame answers before Pyodide is up), read back as JSON;
* ``thread``: ``fragment`` (a thread link), ``lang``, ``href`` (the page's address) →
  :func:`tirada.links.core_thread.thread_view_json` (a thread link's first verdict), read back as JSON.
* ``core_roll``: ``ask`` (JSON text) → :func:`tirada.core_roll.roll_json`, parsed (issue #41);
* ``form``: ``system``, ``values`` (a roll form's inputs by name) →
  :func:`tirada.systems.form_read.read_form`; ``{"full": true}`` when it needs the full engine
  (:class:`tirada.portable.NeedsFullEngine`: on MicroPython, a text it cannot read as CPython does);
* ``notation``: ``text``, ``dialect`` → :func:`tirada.systems.notation.parse`, and with ``explain`` true
  :func:`tirada.systems.notation.explain` too; ``bands``: ``text`` →
  :func:`tirada.systems.bands.parse_bands` as its link value; ``{"full": true}`` as for ``form``.
* ``brs``: ``fragment`` (a Blood Red Sands Confrontation link) → :func:`tirada.systems.brs.link.open_link`
  (what the page calls to open one): the setup and moves it carries, the replayed state as
  :func:`tirada.systems.brs.report.summary` (whose move it is: ``to_move``; the board, VP, exchanges),
  every die's face, and for a fair-play (version 2) link its verdict:
  :func:`tirada.systems.brs.signed.signed_entries` (which chain numbered each signed move) and
  :func:`~tirada.systems.brs.signed.start_entry` (the signed start);
* ``bid``: ``fragment`` (a Spoils bidding link) → :func:`tirada.systems.brs.bidlink.decode_bid_link`: the
  set-up and bids it carries and the bidding folded (:func:`tirada.systems.brs.spoils.bidding_summary`).

Integer keys of a dict (the summary's Devastated count per Component) are written as text, as
``json.dumps`` writes them.

* ``scene``: ``fragment`` (a Tragedia scene link) → what the page does on opening it
  (web/tragedia/ui_scene.py ``open_scene_link``): :func:`tirada.systems.tragedia.play.from_fragment` (the
  ledger, checked and replayed), then ``result`` :func:`tirada.systems.tragedia.scene.scene_result` of the
  replayed ledger, ``view`` :func:`tirada.systems.tragedia.play.view` ``.to_dict()`` (what the page draws:
  pools, each participant's legal additions, the roll) and ``rolls``
  :func:`tirada.systems.tragedia.play.roll_entries` (the signed rolls' chain entries, schema 2).

* ``l5r_check``: ``calls`` (``[op, arg]`` of web/l5r/core_check.py: ``begin`` / ``decide`` with an ask
  object, the driver adding the chain book as the page stores it after each answer; ``tap``, ``add``)
  → every answer (an L5R check played on the core, step by step).
* ``l5r_board``: ``call`` (a function of web/l5r/core_board.py: ``board_json``, ``status_json``…),
  ``args`` (its arguments, plain JSON) → the HTML or words it returns (the L5R check's board on the core,
  dist/core-l5r.bin; tests/test_core_l5r_board.py puts web/ on CPython's path).

Each case gives ``{"name", "ok": value}`` or ``{"name", "error": {"type", "code", "field", "params"}}``
for a refusal (a TiradaError), or ``{"name", "crash": "Type: message"}`` for anything else.
"""

import json
import sys


def dump(value):
    """Canonical JSON: keys sorted, no spaces, every non-ASCII character escaped (\\uXXXX, surrogate
    pairs above U+FFFF), floats as ``repr`` — written by hand (MicroPython's json has no sort_keys)."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        out = ['"']
        for ch in value:
            code = ord(ch)
            if ch == '"' or ch == "\\":
                out.append("\\" + ch)
            elif code < 0x20 or code >= 0x7F:
                if code > 0xFFFF:
                    code -= 0x10000
                    out.append("\\u%04x\\u%04x" % (0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF)))
                else:
                    out.append("\\u%04x" % code)
            else:
                out.append(ch)
        out.append('"')
        return "".join(out)
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(dump(v) for v in value) + "]"
    if isinstance(value, dict):
        named = {(str(k) if isinstance(k, int) else k): v for k, v in value.items()}   # as json.dumps does
        keys = sorted(named)
        return "{" + ",".join(dump(k) + ":" + dump(named[k]) for k in keys) + "}"
    raise TypeError("not JSON: " + type(value).__name__)


def where(err):
    """The last lines of ``err``'s traceback (MicroPython: ``sys.print_exception``)."""
    import io

    out = io.StringIO()
    if hasattr(sys, "print_exception"):
        sys.print_exception(err, out)
    else:
        import traceback

        traceback.print_exception(type(err), err, err.__traceback__, file=out)
    return out.getvalue().strip().split("\n")[-6:]


def brs_opened(case):
    """A Confrontation link (``brs``) or a Spoils bidding link (``bid``) opened by the engine call the page
    makes (web/brs/ui_brs.py ``open_brs_link``, web/brs/ui_brs_records.py ``open_bid_link``), as JSON."""
    if case["kind"] == "bid":
        from tirada.systems.brs.bidlink import decode_bid_link
        from tirada.systems.brs.spoils import bidding_summary

        link = decode_bid_link(case["fragment"])
        return {"setup": link.setup, "bids": link.bids,
                "bidding": bidding_summary(link.state, tuple(link.setup["sides"]))}
    from tirada.systems.brs.link import open_link
    from tirada.systems.brs.report import summary
    from tirada.systems.brs.signed import signed_entries, start_entry

    setup, moves, state = open_link(case["fragment"])
    out = {"setup": setup, "moves": moves, "summary": summary(state), "faces": [d.face for d in state.dice],
           "draws": state.draws, "version": state.setup.version}
    if state.setup.version == 2:
        out["signed"] = signed_entries(setup, moves)
        out["start"] = start_entry(setup)
    return out


def run(case):
    from tirada.errors import TiradaError

    try:
        if case["kind"] == "roll":
            from tirada.links.chain import verify

            return {"ok": verify(case["fragment"])}
        if case["kind"] == "request":   # what `tirada request verify FRAGMENT [ROLL_LINK]` says
            from tirada.links.chain import verify
            from tirada.links.gm_request import decode_request, mismatches

            out = {"request": decode_request(case["fragment"])}
            if case.get("roll"):
                roll = verify(case["roll"])
                named = roll.get("gm_request") == out["request"]["id"]
                problems = mismatches(out["request"], roll["request"], roll["roller"], roll["campaign"])
                out.update(roll=roll, names_request=named, mismatches=problems)
            return {"ok": out}
        if case["kind"] == "sealed":   # a sealed link read (no secret needed)
            from tirada.links.sealed import read_sealed

            kind, view = read_sealed(case["fragment"])
            return {"ok": {"kind": kind, "view": view}}
        if case["kind"] == "reveal":   # anyone's check of a reveal against its sealed roll
            from tirada.links.sealed import verify_reveal

            return {"ok": verify_reveal(case["sealed"], case["fragment"], case.get("request")).to_dict()}
        if case["kind"] == "view":     # the page's first result (web/core-first.mjs)
            from tirada.links.core_view import view_json

            return {"ok": json.loads(view_json(case["fragment"], case["lang"]))}
        if case["kind"] == "handover":  # a chain's hand-over link read (tirada.links.handover)
            from tirada.links.handover import decode_handover

            state, created = decode_handover(case["fragment"])
            return {"ok": {"state": [state.roller, state.campaign, state.seq, state.last], "created": created}}
        if case["kind"] == "game":     # a Confrontation's or a scene's first view (web/core-first.mjs showGame)
            from tirada.links.core_game import game_view_json

            return {"ok": json.loads(game_view_json(case["fragment"], case["lang"]))}
        if case["kind"] == "marks":    # the userscript frame's answer before Pyodide (web/core-worker.mjs)
            from tirada.links.core_marks import core_answer, core_answer_json

            worded = core_answer_json(case["message"], case["href"])
            return {"ok": {"answer": core_answer(case["message"], case["href"].split("#")[0]),
                           "worded": json.loads(worded) if worded else None}}
        if case["kind"] == "thread":   # a thread link's first verdict (web/core-worker.mjs)
            from tirada.links.core_thread import thread_view_json

            return {"ok": json.loads(thread_view_json(case["fragment"], case["lang"], case["href"]))}
        if case["kind"] == "form":     # the roll form read before Pyodide is up (issue #41)
            from tirada.portable import NeedsFullEngine
            from tirada.systems.form_read import read_form

            try:
                return {"ok": read_form(case["system"], case["values"])}
            except NeedsFullEngine:
                return {"full": True}
        if case["kind"] in ("notation", "bands"):   # the form's typed texts (issue #41)
            from tirada.portable import NeedsFullEngine

            try:
                if case["kind"] == "bands":
                    from tirada.systems.bands import parse_bands

                    return {"ok": parse_bands(case["text"]).to_value()}
                from tirada.systems.notation import explain, parse

                out = {"request": parse(case["text"], case.get("dialect"))}
                if case.get("explain"):
                    out["explain"] = explain(case["text"], case.get("dialect"))
                return {"ok": out}
            except NeedsFullEngine:
                return {"full": True}
        if case["kind"] == "core_roll":   # the roll form rolled before Pyodide is up (issue #41)
            from tirada.core_roll import roll_json

            return {"ok": json.loads(roll_json(case["ask"]))}
        if case["kind"] == "scene":    # a Tragedia scene link opened as the page opens it (issue #41)
            from tirada.systems.tragedia import play
            from tirada.systems.tragedia.scene import replay, scene_result

            ledger = play.from_fragment(case["fragment"])
            return {"ok": {"ledger": ledger, "result": scene_result(replay(ledger)),
                           "view": play.view(ledger).to_dict(), "rolls": play.roll_entries(ledger)}}
        if case["kind"] == "l5r_check":   # an L5R check played on the core, step by step (issue #41)
            from l5r import core_check

            core_check.reset()
            book, answers = {}, []
            for op, arg in case["calls"]:
                if op in ("begin", "decide"):   # the page's book as stored after the answers so far
                    arg = dict(arg)
                    arg["book"] = book
                    arg = json.dumps(arg)
                answer = json.loads(getattr(core_check, op + "_json")(arg))
                if answer.get("entry"):
                    book = dict(book)
                    book[answer["key"]] = answer["entry"]
                answers.append(answer)
            return {"ok": answers}
        if case["kind"] == "l5r_board":   # the L5R check's board on the core (issue #41)
            from l5r import core_board

            return {"ok": getattr(core_board, case["call"])(*case["args"])}
        if case["kind"] in ("brs", "bid"):   # a Blood Red Sands link opened as the page opens it (issue #41)
            return {"ok": brs_opened(case)}
        if case["kind"] == "frame":    # any link's frame and payload, compressed ones too
            from tirada.wire.codec import decode_body
            from tirada.wire.frame import read_frame

            version, kind_code, body, work = read_frame(case["fragment"], case.get("max_work"))
            kind, payload = decode_body(kind_code, body, version)
            return {"ok": {"version": version, "kind": kind, "work": work, "payload": payload}}
        if case["kind"] == "inflate":  # the bounded raw inflate itself (zlib on CPython, deflate on MicroPython)
            import binascii

            from tirada.wire.inflate import InflateError, inflate_raw

            try:
                out = inflate_raw(binascii.unhexlify(case["data"]), case["limit"])
            except InflateError:
                return {"ok": "damaged"}
            return {"ok": "over" if len(out) > case["limit"] else binascii.hexlify(out).decode()}
        if case["kind"] == "stream":
            from tirada.dice import DiceStream

            stream = DiceStream(case["seed"])
            return {"ok": [stream.roll(case["sides"]) for _ in range(case["count"])]}
        raise ValueError("unknown case kind " + str(case["kind"]))
    except TiradaError as err:
        return {"error": {"type": type(err).__name__, "code": err.code, "field": err.field, "params": err.params}}
    except Exception as err:  # noqa: BLE001 (reported, never hidden: the test fails on a crash)
        return {"crash": type(err).__name__ + ": " + str(err), "where": where(err)}


def main():
    path = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] else "/input.json"
    with open(path) as f:
        plan = json.loads(f.read())
    results = []
    for case in plan["cases"]:
        out = run(case)
        out["name"] = case["name"]
        results.append(out)
    print(dump({"implementation": "", "results": results}))


main()
