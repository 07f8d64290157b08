"""Issue #38: the audit reads a link's address as browsers do (tirada.links.address, the WHATWG URL
rules), so a GM cannot post a sealed request that opens on their own copy of Tirada while the thread
audits ``ok``. Each trick the audit used to read as a bare fragment or as the official host has its
own test; the hosts of the parser's table are compared with Chromium's in
tests/e2e/test_address_chromium.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from tirada.links import sealed
from tirada.links.address import parse
from tirada.links.audit_sealed_thread import audit_thread
from tirada.links.audit_thread import base_address, same_address
from tirada.links.chain import ChainState, encode_link
from tirada.links.paste import html_to_text

HOME = "http://127.0.0.1:8101/"
GM_KEY = "ab" * 32
SPEC = {"system": "generic", "fields": {"dice": 3, "sides": 20}, "label": "Percepción", "for": "Sharla",
        "campaign": "Arenas"}
NOW = 1796001000


def roll_fragment() -> str:
    link = encode_link({"system": "generic", "dice": 2, "sides": 6, "seed": "00112233445566778899aabbccddeeff"})
    return "#" + link.lstrip("#")


def codes(text: str, home: str | None = HOME) -> list:
    report = audit_thread(text, home=home, now=NOW)
    assert report["links_found"] >= 1, text
    return [p["code"] for p in report["problems"]]


def test_the_official_address_written_in_every_honest_way_is_not_flagged():
    f = roll_fragment()
    assert codes(f"HTTPS://usuario.github.io:443/tirada/index.html{f}", "https://usuario.github.io/tirada/") == []
    for text in (f"Tirada: {HOME}{f}", f"[url={HOME}{f}]Comprobar[/url]", f"<{HOME}index.html{f}>",
                 f"(HTTP://127.0.0.1:8101/{f})",f"Post 3: {f}", f"{HOME}{f.replace('#', '%23')}"):
        assert codes(text) == [], text


@pytest.mark.parametrize("address", [
    "//evil.example/tirada/",                  # scheme-relative: the forum's scheme, evil's host
    "\\\\evil.example\\",                      # backslashes are slashes in http(s)
    "http:\\\\evil.example\\",
    "http:evil.example/",                      # no slashes at all, still a host
    "http://evil.example\\@127.0.0.1:8101/",   # a backslash ends the authority: the host is evil.example
    "http://127.0.0.1:8101@evil.example/",     # the userinfo is before the last @
    "http://%65vil.example/",                  # percent-encoded host
    "http://127.0.0.1:8102/",                  # another port
])
def test_a_link_at_another_address_is_flagged(address):
    assert parse(address, "https://forum.example/").host_port != "127.0.0.1:8101"
    assert codes(f"Post: {address}{roll_fragment()}") == ["audit.other_address"], address


def test_a_tab_or_newline_inside_a_pasted_href_does_not_hide_its_host():
    f = roll_fragment()
    for href in ("http://evil.exa\tmple/", "http://evil.\nexample/", "\nhttp://evil.example\\@127.0.0.1:8101/"):
        text = html_to_text(f'<p>Tiro: <a href="{href}{f}">Comprobar la tirada</a></p>')
        assert "evil.example" in text
        assert codes(text) == ["audit.other_address"], text


def test_a_scheme_relative_href_pasted_from_the_page_is_read_with_its_host():
    text = html_to_text(f'<p>Tiro: <a href="//evil.example/tirada/{roll_fragment()}">Comprobar</a></p>')
    assert codes(text) == ["audit.other_address"]


def test_a_fragment_at_an_unknown_or_unparsable_address_is_flagged_even_without_a_home():
    f = roll_fragment()
    for address in ("tirada/", "mple/", "http://127.0.0.1:99999/", "http://[::1/", "javascript:x=1;",
                    "http://a%2Fb/", "http://evil.example:8101:80/"):
        assert codes(f"Post: {address}{f}", home=None) == ["audit.other_address"], address
        assert codes(f"Post: {address}{f}") == ["audit.other_address"], address
    assert codes(f"Post: {f}", home=None) == [] and codes(f"Post: {HOME}{f}", home=None) == []


def test_a_sealed_request_opened_on_the_gms_own_copy_is_flagged():
    """The attack of issue #38: the GM's request at ``//evil.example/`` (read as a bare fragment
    before) lets the GM's page pick the player's "fresh" seed while the GM holds the secret."""
    request = sealed.seal_request(SPEC, GM_KEY)
    roll = sealed.blind_roll(request.fragment, {"system": "generic", "dice": 3, "sides": 20},
                             ChainState("Sharla", "Arenas", 0, None), 1796000100)
    reveal = sealed.reveal(GM_KEY, roll.fragment, created=1796000500)
    for evil in ("//evil.example/", "http:\\\\evil.example\\", "http://evil.example\\@127.0.0.1:8101/"):
        text = f"GM: {evil}#{request.fragment.lstrip('#')}\n\nSharla: {HOME}#{roll.fragment.lstrip('#')}\n\n" \
               f"GM: {HOME}#{reveal.lstrip('#')}"
        report = audit_thread(text, home=HOME, now=NOW)
        assert report["ok"] is False and "audit.other_address" in [p["code"] for p in report["problems"]], evil


def test_base_address_takes_the_whole_word_before_the_fragment():
    text = "ver [url=http://evil.example\\@127.0.0.1:8101/#t2abc]"
    assert base_address(text, text.index("#"))[0] == "http://evil.example\\@127.0.0.1:8101/"
    assert base_address("Post: #t2abc", 6) == (None, 6)
    assert same_address("//127.0.0.1:8101/", HOME) and not same_address("//evil.example/", HOME)


@settings(deadline=None)
@given(st.text(alphabet="/\\@:.%\t\n ?#[]aé0x7f1", max_size=40))
def test_any_address_is_read_without_an_exception(address):
    found = parse(address, "https://forum.example/")
    assert found is None or isinstance(found.host_port, str)
    assert isinstance(same_address(address, HOME), bool)


def test_without_a_home_the_address_most_links_use_is_presumed_official():
    """`tirada audit` without --home: a GM's sealed request at their own copy, among a thread whose
    other links go to one address, is flagged; a thread at one address only is not."""
    request = sealed.seal_request(SPEC, GM_KEY)
    roll = sealed.blind_roll(request.fragment, {"system": "generic", "dice": 3, "sides": 20},
                             ChainState("Sharla", "Arenas", 0, None), 1796000100)
    reveal = sealed.reveal(GM_KEY, roll.fragment, created=1796000500)
    posts = [f"{HOME}#{f.lstrip('#')}" for f in (request.fragment, roll.fragment, reveal)]
    assert audit_thread("\n\n".join(posts), now=NOW)["problems"] == []
    posts[0] = "GM: //evil.example/" + posts[0][len(HOME):]
    report = audit_thread("\n\n".join(posts), now=NOW)
    flagged = [p for p in report["problems"] if p["code"] == "audit.other_address"]
    assert report["ok"] is False and flagged and all("evil.example" in p["params"]["address"] for p in flagged)


#: hosts as Chromium reads them (UTS #46 non-transitional; tests/e2e/test_address_chromium.py checks
#: the same cases against the browser); IDNA 2003 read the first five as fass.de, strasse.de, σa.gr, ab…
DEVIATIONS = [("http://faß.de/", "xn--fa-hia.de"), ("http://STRAẞE.de/", "xn--strae-oqa.de"),
              ("http://ςa.gr/", "xn--a-xmb.gr"), ("http://a\u200cb.example/", None), ("http://a\u200db.example/", None),
              ("http://\u0915\u094d\u200d\u0937.example/", "xn--11b2ezcw70k.example"),
              ("http://\u0628\u200c\u0628.example/", "xn--ngba799q.example"), ("http://FASS.de/", "fass.de"),
              ("http://Σa.gr/", "xn--a-zmb.gr"), ("http://\u00df" + "a" * 60 + ".de/",
                                                "xn--aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-uze.de")]


@pytest.mark.parametrize("address, host", DEVIATIONS)
def test_sharp_s_final_sigma_and_joiners_are_read_as_browsers_read_them(address, host):
    found = parse(address)
    assert (None if found is None else found.host_port) == host


def test_a_link_at_the_sharp_s_twin_of_the_official_host_is_flagged():
    """The official page at fass.example: a link at faß.example goes to xn--fa-hia.example in every
    browser (another host, anyone's), so it is flagged; IDNA 2003 read it as the official host."""
    home = "https://fass.example/tirada/"
    assert codes(f"{home}{roll_fragment()}", home) == []
    assert codes(f"https://faß.example/tirada/{roll_fragment()}", home) == ["audit.other_address"]
