"""Forum snippets (docs/link-format.md §Snippets): content, and hostile text shown literally."""

from __future__ import annotations

import re
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tirada import systems
from tirada.errors import InvalidRequest, LinkError
from tirada.links.chain import ChainState, encode_link, next_link, verify
from tirada.links.snippets import MAX_SHOWN, clean, defang, escape_bbcode, escape_markdown, render, snippet, tokens
from tirada.systems.l5r.words import outcome_words, vs_tn

BASE = "https://usuario.github.io/tir/"
SIFRP = {"system": "sifrp", "seed": "8f14e45fceea167a5a36dedd4bea2543", "test_dice": 4, "bonus_dice": 2,
         "label": "Atletismo"}
HOSTILE = "<img src=x onerror=alert(1)>"
BB_HOSTILE = "[url=javascript:alert(1)]x[/url]"
MD_HOSTILE = "](javascript:alert(1))"


def sifrp_link(**texts) -> str:
    state = ChainState(texts.pop("roller", "Sharla"), texts.pop("campaign", "Arenas Sangrientas"))
    fragment, _ = next_link({**SIFRP, **texts}, state, 1796000000)
    return fragment


def test_bbcode_snippet_shows_who_dice_outcome_and_link():
    fragment = sifrp_link()
    result = systems.roll(SIFRP)
    text = snippet(fragment, BASE, "bbcode", "es")
    head, pool, dice, link = text.split("\n")
    assert head == "[b]Atletismo[/b] — tirada nº 1 de Sharla en «Arenas Sangrientas»"
    assert pool == "SIFRP 4D+2B contra 9"
    faces = " ".join(str(f) if i in result["kept_indices"] else f"[s]{f}[/s]" for i, f in enumerate(result["faces"]))
    added = "+".join(map(str, result["kept"]))
    assert dice == f"{faces} → {added} = [b]{result['total']}[/b] contra 9 (Moderada): [b]Éxito considerable (2 grados)[/b]"
    assert link == f"[url={BASE}#{fragment}]Comprobar la tirada[/url]"


def test_markdown_and_text_snippets_in_english():
    fragment = encode_link({"system": "generic", "seed": "ab" * 16, "dice": 3, "sides": 20, "keep": 1,
                            "difficulty": 30})
    result = systems.roll({"system": "generic", "seed": "ab" * 16, "dice": 3, "sides": 20, "keep": 1,
                           "difficulty": 30})
    md = snippet("#" + fragment, BASE + "#old", "markdown", "en").split("  \n")   # hard line breaks
    assert md[0] == "roll" and md[1] == "3d20, keep 1 vs 30" and md[2].endswith(": **Failure**")
    assert f"= **{result['total']}** vs 30" in md[2]
    assert md[3] == f"[Check the roll]({BASE}#{fragment})"
    plain = snippet(fragment, BASE, "text", "en").split("\n")
    assert plain[3] == f"Check the roll: {BASE}#{fragment}"
    dropped = [f for i, f in enumerate(result["faces"]) if i not in result["kept_indices"]]
    assert all(f"({f})" in plain[2] for f in dropped)


@pytest.mark.parametrize("style", ["bbcode", "markdown"])
@pytest.mark.parametrize("hostile", [HOSTILE, BB_HOSTILE, MD_HOSTILE, "**x** _y_ `z` ~~w~~ # h", "&lt;b&gt;"])
def test_hostile_texts_cannot_become_markup(style, hostile):
    fragment = sifrp_link(label=hostile, roller=hostile[:40], campaign=hostile)
    text = snippet(fragment, BASE, style)
    if style == "bbcode":
        tags = re.findall(r"\[/?([a-z]+)[=\]]", text)
        assert set(tags) <= {"b", "s", "url"} and tags.count("url") == 2   # only our own tags
        assert "javascript" not in "".join(re.findall(r"\[url=([^\]]*)\]", text))
    else:
        body = text.rsplit("\n", 1)[0]
        for ch in "<>[]*_`~&|":    # every character that can open inline markup stays escaped
            assert re.search(r"(?<!\\)" + re.escape(ch), body.replace("**", "").replace("~~", "")) is None, ch
        assert "\\(" not in body and "\\:" not in body and "\\," not in body   # readable raw


def test_bbcode_uses_fullwidth_brackets():
    assert escape_bbcode(BB_HOSTILE) == "\uff3burl=javascript:alert(1)\uff3dx\uff3b/url\uff3d"


def test_markdown_escapes_only_what_can_open_markup():
    assert escape_markdown(string.punctuation) == "".join(
        "\\" + c if c in "\\`*_[]<>~|&" else c for c in string.punctuation)
    assert escape_markdown("Sharla ñ 🎲 (3, 4): ok.") == "Sharla ñ 🎲 (3, 4): ok."


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=100))
def test_markdown_escape_unescapes_to_the_clean_text(text):
    # the escaped text reads back as the cleaned, defanged text ("://" is defanged on purpose)
    escaped = escape_markdown(text)
    assert re.sub(r"\\(.)", r"\1", escaped) == defang(clean(text))


def test_markdown_escape_defangs_links_in_user_text():
    assert "://" not in re.sub(r"\\(.)", r"\1", escape_markdown("ver https://x.example"))


def test_clean_removes_controls_and_invisible_marks_and_cuts_long_text():
    assert clean("a\n\tb\u202e c\u200b\x00d") == "a b cd"
    long = clean("x" * 10_000)
    assert len(long) == MAX_SHOWN and long.endswith("…")
    assert clean("👨‍👩‍👧") == "👨‍👩‍👧"   # the zero-width joiner inside emoji stays


def test_right_to_left_names_are_isolated():
    name = "\u05e9\u05dc\u05d5\u05dd"
    text = snippet(sifrp_link(roller=name), BASE, "text")
    assert f"\u2068{name}\u2069" in text
    assert "\u2068" not in snippet(sifrp_link(), BASE, "text")


def test_l5r_or_unknown_results_fall_back_to_common_keys():
    checked = {"label": "", "seq": None, "roller": None, "campaign": None,
               "result": {"system": "dnd5e", "successes": 3, "tn": 3, "success": True}}
    lines = tokens(checked, "en")
    assert render(lines, BASE, "text").split("\n")[1:3] == ["dnd5e", "3 successes: Success"]
    # an L5R result that is not a finished check says so, in L5R's words (as the screen does)
    checked["result"] = {"system": "l5r5e", "successes": 3, "tn": 3, "success": True}
    lines = render(tokens(checked, "en"), BASE, "text").split("\n")
    assert lines[1] == "L5R" and lines[2].endswith(": Unfinished check: decisions missing.")


@pytest.mark.parametrize("url", ["javascript:alert(1)//", "ftp://x", "", None, "https:// x"])
def test_only_http_urls(url):
    with pytest.raises(InvalidRequest):
        snippet(sifrp_link(), url)


def test_url_is_percent_encoded_for_markup():
    text = snippet(sifrp_link(), "https://x.org/a b(c)[d]<e>", "markdown")
    assert "(https://x.org/a%20b%28c%29%5Bd%5D%3Ce%3E#t2" in text


def test_bad_style_and_bad_link():
    with pytest.raises(InvalidRequest):
        snippet(sifrp_link(), BASE, "rtf")
    with pytest.raises(LinkError):
        snippet("#t1AAAAAAAAAAAAAAAA", BASE)


def test_l5r_snippet_says_the_checks_own_words():
    request = {"system": "l5r5e", "seed": "8f14e45fceea167a5a36dedd4bea2543", "ring": 3, "skill": 1, "tn": 3,
               "stance": "fire", "distinction": True, "rerolls": [1, 3]}
    fragment = encode_link(request, roller="Sakura")
    result = verify(fragment)["result"]   # format 2: the reroll dice come from the link's fresh nonce
    es = snippet(fragment, BASE, "text", "es").split("\n")
    assert es[1] == "L5R Anillo 3 + Habilidad 1 contra NO 3 (actitud de Fuego, ventaja)"
    # the faces after the rerolls come from the link's fresh nonce (random), so the shape is checked
    rolled = ", ".join(p for p in es[2].split(", ") if not p.startswith("explosión"))   # explosions vary
    assert rolled.count("d6") == 3 and rolled.count("d12") == 1 and re.search(r"\(d(6|12) \d", es[2])   # dropped
    assert "\u2192" in es[2]   # the rerolled dice, with an arrow
    for lang, line in (("es", es[3]), ("en", snippet(fragment, BASE, "text", "en").split("\n")[3])):
        said = outcome_words(result, lang)      # the screen's words (web/l5r/ui_l5r_render.py)
        assert line == f"{vs_tn(result, lang)}: {said.headline}, {said.detail}"
    # the rerolled dice are fresh on every run: the count varies, the wording's shape does not
    assert re.match(r"\d+ éxitos? contra un NO de 3: (Éxito|Fallo)", es[3]), es[3]


def test_tragedia_snippet_names_the_winner():
    request = {"system": "tragedia", "seed": "8f14e45fceea167a5a36dedd4bea2543", "protagonist_dice": 7,
               "adversary_dice": 6, "auto_successes": 1, "protagonist_wins_ties": True}
    result = systems.roll(request)
    line = snippet(encode_link(request), BASE, "text", "es").split("\n")[2]
    winner = {"protagonist": "Protagonista", "adversary": "Adversario"}[result["winner"]]
    assert line.endswith(f"→ Gana el {winner}: {result['protagonist_successes']} éxitos contra "
                         f"{result['adversary_successes']}")   # the words of the roll's card


def test_titled_link_is_title_status_and_link_with_names_escaped():
    """A Confrontation snippet (the Blood Red Sands page): names are user text in every markup."""
    from tirada.links.snippets import titled_link
    url = BASE + "#t1brs"
    bb = titled_link("Rojos contra [b]Azules[/b]", "le toca a Corvo", "Abrir la Confrontación", url, "bbcode")
    assert bb == (f"[b]Rojos contra \uff3bb\uff3dAzules\uff3b/b\uff3d[/b] — le toca a Corvo\n"
                  f"[url={url}]Abrir la Confrontación[/url]")
    md = titled_link("Rojos contra Azules", "le toca a *Corvo*", "Open", url, "markdown")
    assert md == f"**Rojos contra Azules** — le toca a \\*Corvo\\*  \n[Open]({url})"
    assert titled_link("A", "b", "Open", url, "text") == f"A — b\nOpen: {url}"
    with pytest.raises(InvalidRequest):
        titled_link("A", "b", "Open", "javascript:alert(1)", "bbcode")
