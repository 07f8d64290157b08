"""Hostile tester (h-break): the audit examines at most MAX_LINKS (5,000) distinct links and drops the
rest without a word. A long thread (the bookmarklet reads up to 5,000 posts, often with two links each)
then audits "Todo en orden" though a tampered link sits after the 5,000th.

Failed on main b2a66de (fixed since; kept as regression tests): ok is True, no problem, links_found 5001."""

from __future__ import annotations

from tirada.links.audit import MAX_LINKS
from tirada.links.audit_sealed_thread import audit_thread
from tirada.links.chain import encode_link

BASE = "https://usuario.github.io/tirada/#"


def test_links_beyond_the_limit_are_not_called_checked() -> None:
    links = [encode_link({"system": "generic", "dice": 2, "sides": 6, "seed": f"{k:032x}"}).lstrip("#")
             for k in range(MAX_LINKS)]
    tampered = links[0][:-3] + ("AAA" if not links[0].endswith("AAA") else "BBB")
    text = "\n".join(f"post {BASE}{link}" for link in links) + f"\nlast post {BASE}{tampered}\n"
    report = audit_thread(text, now=1796001000)
    assert report["links_found"] == MAX_LINKS + 1
    assert report["ok"] is False, "a link past the limit was never checked, yet the thread audits as fine"
