"""Hostile tester (h-break): a forum post whose link text shows the official address while its href
(what readers open by clicking) is a look-alike page. Pasted as a rendered page, the audit reads both
addresses, merges them as one link and keeps the official one, so audit.other_address is lost.

Failed on main b2a66de (fixed since; kept as regression tests): ok is True, no problem."""

from __future__ import annotations

from tirada.links.audit_sealed_thread import audit_thread
from tirada.links.chain import encode_link
from tirada.links.paste import html_to_text

HOME = "https://usuario.github.io/tirada/"


def test_a_link_whose_href_is_another_address_is_flagged_even_when_its_text_shows_the_official_one() -> None:
    fragment = encode_link({"system": "generic", "dice": 2, "sides": 6, "seed": "00112233445566778899aabbccddeeff"})
    fragment = fragment.lstrip("#")
    html = f'<p>Tiro: <a href="https://usuario.github.io.evil.example/#{fragment}">{HOME}#{fragment}</a></p>'
    report = audit_thread(html_to_text(html), home=HOME, now=1796000000)
    assert [p["code"] for p in report["problems"]] == ["audit.other_address"]
