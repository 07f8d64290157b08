"""A renderer crash in a browser test leaves a record of the machine's state (issue #37: a CI run
failed on "Target crashed" in 9 tests, with 38 reruns, and said nothing of why)."""

from __future__ import annotations

import json

import conftest


def test_a_crashed_tab_is_recorded_with_the_machine_state(new_context, tmp_path, monkeypatch):
    monkeypatch.setattr(conftest, "CRASHES", tmp_path / "crashes.jsonl")
    ctx, _ = new_context()
    page = ctx.new_page()
    page.goto("data:text/html,<p>antes</p>")
    try:
        page.goto("chrome://crash/", timeout=5_000)
    except Exception:       # noqa: BLE001 (the navigation is aborted by the crash itself)
        pass
    ctx.new_page().wait_for_timeout(300)      # the crash event has been handled
    records = [json.loads(line) for line in (tmp_path / "crashes.jsonl").read_text().splitlines()]
    assert len(records) == 1
    crash = records[0]
    assert crash["test"].endswith("test_a_crashed_tab_is_recorded_with_the_machine_state")
    assert crash["mem_available_mb"] > 0 and crash["tmp_free_mb"] > 0
    assert crash["chromium_processes"] >= 1
    assert any("Intentionally crashing" in line for line in crash["chromium_log"])
