"""The audit in slices gives the audit at once (issue #39: the audit tab never runs a task over 200 ms).

The page runs :func:`tirada.links.audit_sealed_thread.audit_thread_steps` a few links at a time,
reads the pasted text in slices (:func:`tirada.links.audit._scan_steps`) and a pasted page's HTML in
pieces (:func:`tirada.links.paste.html_to_text_steps`). Here every thread of the test vectors (every
link kind, sealed rolls and their reveals, games, GM requests), a chained thread, HTML breaks,
junk links and a hostile text are audited cut as finely as possible and all at once (every slice
larger than the text): the reports are equal, and the links found equal those of the regular
expression run over the whole text (the reading before slices, kept here as the oracle)."""

from __future__ import annotations

import random
import string

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers.forum import links as forum_links
from helpers.link_cases import FRAGMENTS
from helpers.luck import chained_thread
from tirada.links import audit as auditing
from tirada.links import paste
from tirada.links.audit_address import base_address
from tirada.links.audit_sealed_thread import audit_thread_steps

BASE = "https://usuario.github.io/tirada/"


def _oracle_scan(text: str) -> tuple:
    """The text read at once, as before issue #39: the breaks removed from the whole text, links by
    ``_FRAGMENT.finditer``."""
    text = auditing._HTML_BREAKS.sub("", text.translate(auditing._BREAKS))
    found: dict = {}
    ends = []
    for match in auditing._FRAGMENT.finditer(text):
        fragment, problem = auditing._canonical(match.group(1)[:auditing.MAX_FRAGMENT + 1])
        shortened = text.startswith(auditing._ELLIPSIS, match.end())
        ends.append(match.end())
        address, start = base_address(text, match.start())
        entry = found.setdefault(fragment, {"fragment": fragment, "position": match.start(1), "count": 0,
                                            "shortened": shortened, "problem": problem, "address": address,
                                            "start": start, "starts": []})
        if len(entry["starts"]) < auditing.MAX_COPIES:
            entry["starts"].append(start)
        entry["count"] += 1
        entry["shortened"] = entry["shortened"] and shortened
    full = sorted(f for f, e in found.items() if not e["shortened"])
    return text, [e for f, e in found.items() if not (e["shortened"] and auditing._extended(full, f))], ends


def _threads() -> dict:
    every = [fragment for _stem, _name, fragment in FRAGMENTS]
    rnd = random.Random(39)
    alphabet = string.ascii_letters + string.digits + "-_"
    junk = " ".join(f"{BASE}#t2{''.join(rnd.choice(alphabet) for _ in range(30))} palabras" for _ in range(300))
    forum = forum_links()
    return {
        "vectors": "".join(f"Mensaje {i}: {BASE}#{f}\n" for i, f in enumerate(every)),
        "vectors, another address": "".join(f"[url=https://otra.example/#{f}]Comprobar[/url]\n" for f in every[::3]),
        "chained": chained_thread("Corvo", 3, rolls=12, base=BASE),
        "breaks": "".join(f"Corvo&shy; tira <wbr> {BASE}#{f[:9]}&#8203;{f[9:]}; y\u200b;> {BASE}%23{f}\n" for f in forum),
        "copies": "".join(f"Corvo tira 3D contra 9 = 1{i % 10}\n{BASE}#{forum[i % 4]}\n\n" for i in range(300)),
        "shortened": f"{BASE}#{forum[0][:20]}… y {BASE}#{forum[0]} y {BASE}#{forum[1][:15]}...",
        "junk": junk,
        "hashes": "#" * 3000 + "%23" * 500 + "#t1" * 200 + "&shy;" * 100,
    }


THREADS = _threads()


def _finest(monkeypatch) -> None:
    monkeypatch.setattr(auditing, "READ_SLICE", 7)
    monkeypatch.setattr(auditing, "MATCH_SLICE", 1)


def _whole(monkeypatch) -> None:
    monkeypatch.setattr(auditing, "READ_SLICE", 10 ** 9)
    monkeypatch.setattr(auditing, "MATCH_SLICE", 10 ** 9)


def _report(text: str, chunk: int) -> tuple:
    steps = list(audit_thread_steps(text, home=BASE, secrets=["ab" * 32], now=1_800_000_000, chunk=chunk))
    assert steps[-1][0] == "report" and all(s[0] in ("read", "progress") for s in steps[:-1])
    assert all(0 <= s[1] <= s[2] for s in steps[:-1]), steps          # progress never past its total
    return steps[-1][1], len(steps)


@pytest.mark.parametrize("name", sorted(THREADS))
def test_the_audit_in_the_finest_slices_is_the_audit_at_once(name, monkeypatch):
    text = THREADS[name]
    _whole(monkeypatch)
    whole, few = _report(text, 10 ** 9)
    _finest(monkeypatch)
    sliced, many = _report(text, 1)
    assert sliced == whole
    assert many > few                 # it did run in more steps
    assert whole["links_found"] == len(_oracle_scan(text)[1])


@pytest.mark.parametrize("name", sorted(THREADS))
def test_the_text_read_in_slices_finds_what_the_regular_expression_finds(name, monkeypatch):
    _finest(monkeypatch)
    assert _plain(auditing._scan(THREADS[name])) == _plain(_oracle_scan(THREADS[name]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pieces=st.lists(st.sampled_from(["#", "%23", "t", "2", "1", "A", "b", "_", "-", "%2F", ";", ">", "<wbr>",
                                         "<wbr />", "&shy;", "&#8203;", "\u200b", " ", "\n", "…", "...", "=",
                                         "http://x.example/", "[url=", "]"]), max_size=120).map("".join))
def test_any_text_read_in_slices_finds_the_same_links(pieces, monkeypatch):
    _finest(monkeypatch)
    assert _plain(auditing._scan(pieces)) == _plain(_oracle_scan(pieces))


def _plain(scanned: tuple) -> tuple:
    """A read text comparable by value (a link's problem is a LinkError: compared by its dict)."""
    text, found, ends = scanned
    return text, [{**f, "problem": f["problem"] and f["problem"].to_dict()} for f in found], ends


def test_the_first_step_refuses_what_the_audit_refuses():
    with pytest.raises(auditing.InvalidRequest) as caught:
        next(audit_thread_steps("x" * (auditing.MAX_TEXT + 1)))
    assert caught.value.code == "audit.text_too_long"


def _page(forum: list) -> str:
    posts = "".join(f'<article><p>Corvo tira 3D contra 9 = <b>1{i}</b> &amp; más&nbsp;  texto</p>'
                    f'<p><a href="{BASE}#{forum[i % 4]}">Comprobar la tirada</a></p><pre> a  b\n c</pre>'
                    f'<script>no <b>se</b> ve</script><a href="{BASE}#{forum[0]}">{BASE}#{forum[0]}</a></article>'
                    for i in range(40))
    return f"<html><head><title>Foro</title></head><body>{posts}<p>Cortado: <a href='{BASE}#{forum[1]}'>ver"


@pytest.mark.parametrize("chunk", [1, 2, 7, 50, 333, 10 ** 9])
def test_a_pasted_page_read_in_pieces_gives_the_text_read_at_once(chunk):
    html = _page(forum_links())
    whole = paste.html_to_text(html)
    steps = paste.html_to_text_steps(html, chunk)
    count = 0
    while True:
        try:
            next(steps)
            count += 1
        except StopIteration as done:
            assert done.value == whole
            break
    assert count >= min(len(html) // max(chunk, 1) // 4, 10) or chunk > len(html)
    assert whole.count("#t") == 81       # 40 posts × 2 links, and the link a cut selection left open


def test_the_paste_keeps_the_plain_text_when_the_html_has_fewer_links():
    forum = forum_links()
    html = _page(forum)
    assert paste.pasted_steps is not None
    kept = paste.drain(paste.pasted_steps(html, "Comprobar la tirada"))
    assert kept == paste.html_to_text(html)
    plain = " ".join(f"{BASE}#{f}" for f in forum) * 30          # more links in the plain text
    assert paste.drain(paste.pasted_steps("<p>Sin enlaces</p>", plain)) is None
    assert paste.drain(paste.pasted_steps("<p></p>", "x")) is None
    assert paste.drain(paste.pasted_steps("<p>" + "x" * (auditing.MAX_TEXT + 1), "")) is None   # too long: plain
