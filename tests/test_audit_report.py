"""The thread audit's report as the page reads it (tirada.links.audit_report, issue #40): typed records
read once from the audit's dict, which stays what the CLI prints."""

from __future__ import annotations

from tirada.links.audit import audit
from tirada.links.audit_report import AuditReport, AuditRow, Lazy, Luck, report
from tirada.links.chain import ChainState, next_link

HOME = "https://usuario.github.io/tir/"


def _thread() -> tuple:
    state, lines = ChainState("Sharla", "Arenas"), []
    for i in range(3):
        fragment, state = next_link({"system": "generic", "dice": 2, "sides": 6, "seed": f"{i:02x}" * 16,
                                     "label": f"r{i}"}, state, i, version=1)
        lines.append(f"{HOME}#{fragment}")
    lines.append(f"{HOME}#t1-not-a-link-at-all")
    return "\n".join(lines), state


def test_a_report_reads_into_records_that_say_what_its_dict_says():
    text, _ = _thread()
    found = audit(text, home=HOME)
    typed = report(found)
    assert isinstance(typed, AuditReport) and typed.links_found == found["links_found"]
    assert [c.roller for c in typed.chains] == [g["roller"] for g in found["rollers"]]
    chain = next(c for c in typed.chains if c.roller == "Sharla")
    group = next(g for g in found["rollers"] if g["roller"] == "Sharla")
    assert [r.seq for r in chain.rows] == sorted(r["seq"] for r in group["links"])
    assert all(isinstance(r, AuditRow) and r.valid and r.has_result and r.system == "generic" for r in chain.rows)
    assert [r.result for r in chain.rows] == [r["result"] for r in sorted(group["links"], key=lambda r: r["seq"])]
    assert chain.summary == group["summary"] and chain.ok == group["ok"]
    assert typed.people is not None and [p.name for p in typed.people] == [p["name"] for p in found["people"]]
    assert [p.source for p in typed.problems] == found["problems"]
    assert len(typed.unreadable) == len(found["invalid"])


def test_an_older_or_partial_report_reads_as_empty_sections():
    typed = report({"links_found": 0})
    assert typed == AuditReport(0, (), None, (), None, (), (), (), (), (), typed.sealed)
    assert typed.sealed.rolls == () and typed.sealed.summary == {}
    assert Luck.of(None) is None and Luck.of({"rolls": 3}) == Luck(3, 0.0, 0.0, False)
    row = AuditRow.of({"valid": False, "reason": "bad", "error": {"code": "link.cut"}, "luck": True})
    assert row.failed and row.error == {"code": "link.cut"} and row.luck is None and not row.has_result
    fork = report({"game_forks": [{"kind": "brs", "starts": [{"roller": "A", "seq": 2}, None, {}]}]}).game_forks[0]
    assert fork.starts == (("A", 2), None, None)


def test_rows_problems_and_unreadable_links_are_read_only_when_drawn():
    """A thread of thousands of rolls: the report is read at once, each row when its part is drawn
    (issue #39: no task over 200 ms on the page)."""
    made = []

    def row(i: int) -> dict:
        return {"position": i, "valid": True, "seq": i, "request": {"system": "generic"}, "result": {"total": i}}

    found = {"links_found": 5000, "rollers": [{"roller": "A", "campaign": None, "ok": True,
                                               "links": [row(i) for i in reversed(range(5000))]}],
             "problems": [{"code": "x", "roller": "A"}] * 5000, "invalid": [{"fragment": "t1"}] * 5000}
    typed = report(found)
    rows = typed.chains[0].rows
    assert isinstance(rows, Lazy) and len(rows) == 5000 and len(typed.problems) == len(typed.unreadable) == 5000
    first = rows[:40]
    assert isinstance(first, Lazy) and [r.seq for r in first] == list(range(40))   # in chain order
    assert rows[4999].result == {"total": 4999} and bool(rows) and not Lazy([], made.append)
    assert rows[:2] == (AuditRow.of(row(0)), AuditRow.of(row(1))) and made == []
