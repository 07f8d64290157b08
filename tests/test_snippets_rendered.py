"""Forum snippets put through real renderers (issue #30 item 3): what a reader sees once the forum
has rendered the post, not only the raw text.

* Markdown through markdown-it-py in CommonMark mode (no extensions: as many Markdown forums
  render): each snippet line stays a line (a hard break, not a soft break that joins them), the
  link is one ``<a>`` to the exact URL, no markup character shows literally, and a dropped die
  reads "(2)" (``~~2~~`` showed as tildes without the strikethrough extension).
* BBCode through the ``bbcode`` package (a phpBB-like formatter): lines, bold, struck dropped dice
  and the link.

Every roll vector of every system is rendered in both languages. CPython only (the renderers are
test tools from PyPI, not in Pyodide).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

markdown_it = pytest.importorskip("markdown_it")
bbcode = pytest.importorskip("bbcode")

from tirada.links.chain import verify  # noqa: E402
from tirada.links.snippets import snippet, titled_link  # noqa: E402

VECTORS = Path(__file__).resolve().parent / "vectors"
BASE = "https://usuario.github.io/tirada/"
COMMONMARK = markdown_it.MarkdownIt("commonmark")


def _rolls() -> list:
    out = []
    for name in ("generic", "sifrp", "l5r5e", "tragedia"):
        for case in json.loads((VECTORS / f"{name}.json").read_text("utf-8"))["rolls"]:
            out.append(pytest.param(case["fragment"], id=f"{name}:{case['name']}"))
    return out


def _visible(rendered: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", rendered))


def _dropped(result: dict) -> list:
    if "kept_indices" not in result:
        return []
    return [f for i, f in enumerate(result["faces"]) if i not in result["kept_indices"]]


def _dropped_by_line(result: dict) -> list:
    """The dropped dice of each dice line, in order: one line, or each roll of a SIFRP extended task (its
    snippet lists every roll, as its card does)."""
    ext = result.get("extended")
    if isinstance(ext, dict):
        return [_dropped(a) for a in ext["attempts"]]
    return [_dropped(result)]


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("fragment", _rolls())
def test_markdown_snippets_render_as_lines_under_commonmark(fragment, lang):
    raw = snippet(fragment, BASE, "markdown", lang)
    lines = raw.split("\n")
    out = COMMONMARK.render(raw)
    assert out.count("<p>") == 1 and out.count("<br />") == len(lines) - 1, out
    links = re.findall(r'<a href="([^"]+)">', out)
    assert links == [BASE + "#" + fragment]
    shown = _visible(out)
    assert "~~" not in shown and "**" not in shown and "](" not in shown
    result = verify(fragment)["result"]
    for n, dropped in enumerate(_dropped_by_line(result)):
        dice_line = shown.split("\n")[2 + n] if len(shown.split("\n")) > 2 + n else ""
        for face in dropped:
            assert f"({face})" in dice_line


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("fragment", _rolls())
def test_bbcode_snippets_render_with_a_bbcode_parser(fragment, lang):
    raw = snippet(fragment, BASE, "bbcode", lang)
    out = bbcode.render_html(raw)
    assert out.count("<br />") == len(raw.split("\n")) - 1
    assert re.findall(r'<a [^>]*href="([^"]+)"', out) == [BASE + "#" + fragment]
    assert "[b]" not in out and "[s]" not in out and "[url" not in out
    result = verify(fragment)["result"]
    if "kept_indices" in result:          # kept-dice systems: every dropped die, and only those, struck
        assert out.count("<strike>") == sum(len(d) for d in _dropped_by_line(result))
    if result["system"] != "l5r5e":       # the outcome in bold (L5R's line is the system's own summary)
        assert "<strong>" in out


def test_titled_links_render_as_two_lines():
    url = BASE + "#t1brs"
    md = COMMONMARK.render(titled_link("Rojos contra Azules", "le toca a *Corvo*", "Abrir", url, "markdown"))
    assert md.count("<br />") == 1 and "*Corvo*" in _visible(md) and f'<a href="{url}">Abrir</a>' in md
    bb = bbcode.render_html(titled_link("Rojos contra Azules", "le toca a Corvo", "Abrir", url, "bbcode"))
    assert bb.count("<br />") == 1 and "<strong>Rojos contra Azules</strong>" in bb


class _Tags(__import__("html.parser").parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.hrefs = [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.hrefs += [v for k, v in attrs if k == "href"]


@pytest.mark.parametrize("hostile", ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "&lt;b&gt; [b]x[/b] **y**",
                                     "https://evil.example/#t1AAAA"])
def test_the_rich_text_snippet_has_only_its_own_tags(hostile):
    """The ``html`` style (a visual editor's paste, issue #30): user text is escaped, so the only
    tags are bold, struck dice, line breaks and the one link to the roll."""
    from tirada.links.chain import encode_link

    fragment = encode_link({"system": "sifrp", "test_dice": 4, "bonus_dice": 1, "seed": "ab" * 16, "label": hostile[:200]},
                           hostile[:40].strip() or "x", hostile[:80])
    out = snippet(fragment, BASE, "html", "es")
    parser = _Tags()
    parser.feed(out)
    assert set(parser.tags) <= {"strong", "s", "br", "a"}
    assert parser.hrefs == [BASE + "#" + fragment]
    assert out.count("<br>") == len(out.split("\n")) - 1
