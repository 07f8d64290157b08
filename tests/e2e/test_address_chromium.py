"""Issue #38: our Python reader of addresses (tirada.links.address) against the browser's own WHATWG
parser. Every case's expected host is computed by Chromium (``new URL(x, base).host``, or a throw)
and compared with :func:`tirada.links.address.parse`: the table of the tricks that moved a link
elsewhere than the audit read (scheme-relative, backslashes, tab/newline, userinfo ending at a
backslash, percent-encoded and IDNA hosts, default ports, IPv4 forms), then hypothesis-made variants.
"""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api")   # absent inside Pyodide, where e2e never runs
from hypothesis import given, settings, HealthCheck, strategies as st  # noqa: E402

from tirada.links.address import parse  # noqa: E402

BASE = "https://forum.example/t/42?page=2"
TABLE = [
    "//evil.example/tirada/#t2abc", "\\\\evil.example\\", "/\\evil.example/", "\\/evil.example/",
    "http:\\\\evil.example\\", "http:/\\evil.example/", "http:evil.example/", "https:evil.example/",
    "https:\\evil.example", "http://evil.exa\tmple/", "http://evil.\nexample/", "ht\ttp://evil.example/",
    "http://127.0.0.1:8101/\n", "http://evil.example\\@127.0.0.1:8101/", "http://evil.example/@127.0.0.1:8101/",
    "http://user:pw@127.0.0.1:8101/", "http://a@b@127.0.0.1:8101/", "http://127.0.0.1:8101\\@evil.example/",
    "http://127.0.0.1:8101#@evil.example/", "http://127.0.0.1:8101?@evil.example/", "http://%65vil.example/",
    "http://evil%2Eexample/", "http://EVIL.Example/", "http://EXÁMPLE.com/", "http://xn--exmple-qta.com/",
    "https://ｅｖｉｌ．ｅｘａｍｐｌｅ/", "http://evil\u3002example/", "http://ex\u00adample.com/",
    "http://127.0.0.1:80/", "https://127.0.0.1:443/", "http://127.0.0.1:0443/", "http://127.0.0.1:8101/",
    "http://127.0.0.1:99999/", "http://127.0.0.1:81a/", "http://2130706433:8101/", "http://0x7f.1:8101/",
    "http://0177.0.0.1/", "http://127.1/", "http://127.0.0.1./", "http://1.2.3.4.5/", "http://256.0.0.1/",
    "http://09.1/", "http://0x/", "http://[::1]:8101/", "http://[0:0:0:0:0:0:0:1]/", "http://[::ffff:127.0.0.1]/",
    "http://[1:0:0:2::3:0]/", "http://[::1/", "http://a b/", "http://a<b/", "http://a%2Fb/", "http://a%41.com/",
    "http:///evil.example/", "http:", "http://", "http://@evil.example/", "http://:8101/", "  http://evil.example/  ",
    "\x00http://evil.example/", "javascript:alert(1)", "data:text/html,x", "foo://evil.example/", "mailto:a@b",
    "tirada/#t2abc", "#t2abc", "?x#t2", "", "./x", "../../x", "ws://evil.example:80/", "wss://e.example:443/",
    "ftp://e.example:21/", "file:///etc/passwd", "file://evil.example/x", "HTTPS://Evil.Example:443/x",
    "http://evil.example:8101:80/", "http://[::1]:/", "http://a:/", "http://evil.example:/x",
    "https://evil.example%00/", "http://ex%C3%A1mple.com/", "http://%F0%9F%8E%B2.example/",
    # UTS #46 non-transitional deviations (ß, ς, ZWJ, ZWNJ), where IDNA 2003 reads another host
    "http://faß.de/", "http://Faß.DE/", "http://fa%C3%9F.de/", "http://STRAẞE.de/", "http://ẞ.de/", "http://ｆａß.de/",
    "http://ςa.gr/", "http://σας.gr/", "http://ΣΑΣ.gr/", "http://a\u200cb.example/", "http://a\u200db.example/",
    "http://\u200c.example/", "http://ß\u200c.de/", "http://\u0915\u094d\u200d\u0937.example/",
    "http://\u0915\u094d\u200c\u0937.example/", "http://\u0628\u200c\u0628.example/", "http://xn--ß.de/",
    "http://fa\u00df\u0301.de/", "http://\u00df" + "a" * 60 + ".de/",
]


def chromium_hosts(browser, cases: list) -> list:
    """``new URL(x, BASE).host`` for each case in Chromium (None: it throws)."""
    page = browser.new_page()
    try:
        return page.evaluate("""([cases, base]) => cases.map((x) => {
            try { return new URL(x, base).host; } catch (e) { return null; }
        })""", [cases, BASE])
    finally:
        page.close()


def ours(case: str):
    found = parse(case, BASE)
    return None if found is None else found.host_port


def test_the_table_reads_every_host_as_chromium_does(browser):
    expected = chromium_hosts(browser, TABLE)
    wrong = [(case, want, ours(case)) for case, want in zip(TABLE, expected) if ours(case) != want]
    assert wrong == []
    assert expected[TABLE.index("http://evil.example\\@127.0.0.1:8101/")] == "evil.example"   # the table bites
    assert expected[TABLE.index("http://faß.de/")] == "xn--fa-hia.de"       # not IDNA 2003's fass.de


PIECES = ["http:", "https:", "HTTP:", "/", "\\", "//", "\\\\", "@", ":", ":8101", ":80", ".", "%2e", "%41",
          "evil.example", "127.0.0.1", "0x7f", "[::1]", "\t", "\n", " ", "?", "#", "á", "ｅ", "a", "0", "user:pw@",
          "ß", "ẞ", "ς", "Σ", "\u200c", "\u200d"]


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.lists(st.sampled_from(PIECES), min_size=1, max_size=8).map("".join), min_size=150, max_size=150))
def test_hypothesis_variants_read_as_chromium_does(browser, cases):
    expected = chromium_hosts(browser, cases)
    wrong = [(case, want, ours(case)) for case, want in zip(cases, expected) if ours(case) != want]
    assert wrong == []
