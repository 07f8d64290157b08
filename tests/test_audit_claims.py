"""Claims checked post by post (issue #38; tirada.links.audit_thread.claim_flag, docs/link-format.md §9.2):
an edited snippet before a second copy of a link, or a fake snippet shown beside the real one hidden,
is flagged; a quote of someone else's snippet followed by the replier's own roll of the same pool is
not a claim about that roll.
"""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tirada.cli import main
from tirada.links.audit import audit
from tirada.links.chain import ChainState
from tirada.links.paste import html_to_text
from tirada.links.roll_link import roll_link
from tirada.links.snippets import snippet_of

BASE = "https://usuario.github.io/tirada/"


def _roll(who: str | None, seed: str, state: ChainState | None = None):
    req = {"system": "generic", "dice": 2, "sides": 6, "seed": seed * 16}
    return roll_link(req, state or (ChainState(who, "Arenas") if who else None), 1796000000)


def _snippet(done, style: str = "bbcode") -> str:
    return snippet_of(done.verified, done.fragment, BASE, style=style)


def _edit(snippet: str, total: int) -> str:
    return snippet.replace(f"[b]{total}[/b]", f"[b]{total + 5}[/b]").replace(f"= {total}", f"= {total + 5}")


def _claims(text: str) -> list:
    return [p for p in audit(text)["problems"] if p["code"] == "audit.claim"]


def _cli_codes(text: str) -> list:
    out = io.StringIO()
    assert main(["audit"], stdin=io.StringIO(text), stdout=out, stderr=io.StringIO()) == 0
    return [p["code"] for p in json.loads(out.getvalue())["problems"]]


def test_an_edited_snippet_before_a_second_copy_of_the_link_is_flagged():
    done = _roll("Aria", "11")
    honest = _snippet(done)
    total = done.verified["result"]["total"]
    again = f"Post 1 (Aria):\n{honest}\n\nPost 2 (GM): ok\n\nPost 3 (Aria, citando su tirada):\n{honest}"
    assert _claims(again) == []
    edited = f"Post 1 (Aria):\n{honest}\n\nPost 2 (GM): ok\n\nPost 3 (Aria):\n{_edit(honest, total)}"
    (claim,) = _claims(edited)
    assert claim["params"] == {"said": str(total + 5), "gives": str(total)} and claim["roller"] == "Aria"
    assert "audit.claim" in _cli_codes(edited)


@pytest.mark.parametrize("hide", ["[size=0]{}[/size]", "[color=transparent]{}[/color]"])
def test_a_fake_snippet_beside_the_real_one_in_hidden_text_is_flagged(hide):
    done = _roll("Aria", "22")
    honest = _snippet(done)
    total = done.verified["result"]["total"]
    real_lines = "\n".join(honest.split("\n")[:-1])
    fake = _edit(honest, total)
    fake_lines, link_line = "\n".join(fake.split("\n")[:-1]), fake.split("\n")[-1]
    for text in (f"{fake_lines}\n{hide.format(real_lines)}\n{link_line}",       # the real text after, hidden
                 f"{hide.format(real_lines)}\n{fake_lines}\n{link_line}"):      # or before
        (claim,) = _claims(text)
        assert claim["params"]["said"] == str(total + 5)
    html = (f"<p>{fake_lines.replace(chr(10), '<br>')}</p><p style='display:none'>{real_lines.replace(chr(10), '<br>')}</p>"
            f"<p><a href='{BASE}#{done.fragment}'>Comprobar la tirada</a></p>")
    assert len(_claims(html_to_text(html))) == 1                    # the rendered page pasted: the same


@pytest.mark.parametrize("quote", ["[quote=Aria]{}[/quote]", "Aria escribió:\n{}", "> {}", "QUOTE"])
def test_a_quote_of_another_snippet_then_the_repliers_own_roll_is_not_a_false_claim(quote):
    aria, bob = _roll("Aria", "11"), _roll("Bob", "22")
    quoted = "\n".join(_snippet(aria, "text").split("\n")[:-1])
    if quote == "QUOTE":        # a Markdown quote: every line marked
        quote, quoted = "{}", "\n".join("> " + line for line in quoted.split("\n"))
    for own in (f"Mi tirada: {BASE}#{bob.fragment}", _snippet(bob, "text")):
        text = f"Post 1 (Aria):\n{_snippet(aria, 'text')}\n\nPost 2 (Bob):\n{quote.format(quoted)}\n{own}"
        report = audit(text)
        assert report["ok"], report["problems"]
    # the same quote with Bob's own snippet edited is still caught
    total = bob.verified["result"]["total"]
    edited = _snippet(bob, "text").replace(f"= {total}", f"= {total + 5}")
    text = f"Post 1 (Aria):\n{_snippet(aria, 'text')}\n\nPost 2 (Bob):\n{quote.format(quoted)}\n{edited}"
    assert [c["roller"] for c in _claims(text)] == ["Bob"]


_MARKUPY = st.lists(st.sampled_from(["[", "/", "]", "b", "S", "\u017f", "\u0130", "\u0131", "i", "U", "url",
                                      "QUOTE", "code", "=", "x", "*", "~", "(", ")", "\\", "\n", "é"]),
                    max_size=14).map("".join)


@given(_MARKUPY)
@settings(max_examples=500, deadline=None)
def test_the_markup_scan_micropython_runs_is_the_pattern(line):
    """tirada.links.claims strips snippet markup with its pattern where ``re`` has flags and with a
    written-out scan on MicroPython: the same text either way."""
    from tirada.links import claims

    want = claims._MARKUP.sub("", line)
    saved = claims._MARKUP
    claims._MARKUP = None
    try:
        assert claims._strip_markup(line) == want
    finally:
        claims._MARKUP = saved


def test_a_snippet_made_before_the_minus_sign_is_not_a_false_claim():
    """Snippets made before issue #40 wrote a negative total with a hyphen («= -4»); now «= −4» (U+2212).
    The old post still agrees with its link; a changed total is still flagged."""
    from tirada.links.chain import encode_link, verify

    for seed in range(40):
        fragment = encode_link({"system": "generic", "dice": 1, "sides": 4, "modifier": -6, "seed": f"{seed:032x}"})
        checked = verify(fragment)
        if checked["result"]["total"] < 0:
            break
    total = checked["result"]["total"]
    now = snippet_of(checked, fragment, BASE)
    assert f"[b]\u2212{-total}[/b]" in now
    old = now.replace(f"[b]\u2212{-total}[/b]", f"[b]{total}[/b]")
    assert _claims(old) == [] and _claims(now) == []
    assert len(_claims(now.replace(f"[b]\u2212{-total}[/b]", f"[b]\u2212{-total + 1}[/b]"))) == 1
