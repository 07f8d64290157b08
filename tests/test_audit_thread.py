"""Thread audit read as a GM has the thread (issue #26; docs/link-format.md §9.2): a pasted rendered
page, every bad roll named, reused randomness, snippet claims, link addresses, GM requests by campaign."""

from __future__ import annotations

import hashlib

from tirada.links.audit import audit
from tirada.links.audit_thread import mark_reused, same_address
from tirada.links.chain import ChainState, encode_link, link_id, next_link, verify
from tirada.links.gm_request import apply_request, encode_request, mismatches, new_request
from tirada.links.paste import html_to_text
from tirada.links.snippets import snippet

HOME = "https://usuario.github.io/tir/"


def chain(n: int, roller: str = "Sharla", campaign: str = "Arenas", version: int = 2) -> list:
    state, out = ChainState(roller, campaign), []
    for i in range(n):
        seed = hashlib.sha256(f"{roller}/{i}".encode()).hexdigest()[:32]
        request = {"system": "generic", "dice": 3, "sides": 6, "modifier": 3, "seed": seed, "label": f"r{i}"}
        fragment, state = next_link(request, state, 1796000000 + i, version=version)
        out.append(fragment)
    return out


def post(*fragments: str, base: str = HOME) -> str:
    return "\n".join(f"Post {i}: mi tirada {base}#{f}" for i, f in enumerate(fragments))


def codes(row: dict) -> list:
    return [f["code"] for f in row.get("flags", [])]


def forum_page(fragments: list, base: str = HOME) -> str:
    """A rendered forum page as a browser puts it on the clipboard: posts, snippets, links behind words."""
    posts = []
    for i, f in enumerate(fragments):
        text = snippet(f, base, "text", "es").split("\n")[:-1]
        lines = "<br>\n".join(text)
        posts.append(f'<div class="post"><div class="author">Jugador {i}</div><div class="content">{lines}'
                     f'<br><a href="{base}#{f}" class="postlink">Comprobar la tirada</a></div></div>')
    return "<html><body><!--StartFragment-->" + "\n".join(posts) + "<!--EndFragment--></body></html>"


def test_a_rendered_page_pasted_as_html_finds_every_link_in_post_order():
    links = chain(4)
    html = forum_page(links)
    text = html_to_text(html)
    assert "Comprobar la tirada https://" in text and "<" not in text
    report = audit(text, home=HOME)
    assert report["links_found"] == 4 and report["ok"], report["problems"]
    (group,) = report["rollers"]
    assert [r["id"] for r in group["links"]] == [link_id(f) for f in links]
    assert [r["position"] for r in group["links"]] == sorted(r["position"] for r in group["links"])


def test_html_to_text_keeps_lines_drops_scripts_and_writes_no_address_twice():
    html = ('<p>uno<br>dos</p><script>var x = "#t2AAAAAAAAAAAA";</script>'
            '<a href="https://a.example/#t2abcdefghij">https://a.example/#t2abcdefghij</a>'
            '<ul><li>tres &amp; <b>cuatro</b></li></ul><a href="https://b.example/#t2zzzzzzzzzz">cortado')
    text = html_to_text(html)
    assert text.split("\n")[:2] == ["uno", "dos"] and "var x" not in text
    assert text.count("https://a.example/#t2abcdefghij") == 1 and "tres & cuatro" in text
    assert text.endswith("cortado https://b.example/#t2zzzzzzzzzz")


def test_the_two_rolls_of_a_fork_and_a_restart_are_named_on_the_rolls():
    links = chain(2, version=1)
    old = ChainState("Sharla", "Arenas", 2, link_id(links[1]))
    redo, _ = next_link({"system": "generic", "dice": 2, "sides": 6, "seed": "cd" * 16}, old, 5, version=1)
    again, _ = next_link({"system": "generic", "dice": 2, "sides": 6, "seed": "ef" * 16}, old, 6, version=1)
    restart, _ = next_link({"system": "generic", "dice": 2, "sides": 6, "seed": "aa" * 16},
                           ChainState("Sharla", "Arenas"), 7, version=1)
    report = audit(post(*links, redo, again, restart))
    rows = {r["id"]: r for r in report["rollers"][0]["links"]}
    assert codes(rows[link_id(redo)]) == ["audit.fork"] and codes(rows[link_id(again)]) == ["audit.fork"]
    assert codes(rows[link_id(restart)]) == ["audit.restart"] and codes(rows[link_id(links[0])]) == []
    assert not report["ok"]
    named = [(p["code"], p["seq"], p["roller"]) for p in report["problems"]]
    assert named == [("audit.fork", 3, "Sharla"), ("audit.fork", 3, "Sharla"), ("audit.restart", 1, "Sharla")]


def test_a_seed_used_by_two_rollers_is_flagged_on_both():
    seed = "5e" * 16
    mine, _ = next_link({"system": "generic", "dice": 2, "sides": 6, "seed": seed}, ChainState("Sharla"), 1)
    copy, _ = next_link({"system": "generic", "dice": 2, "sides": 6, "seed": seed}, ChainState("Bob"), 2)
    report = audit(post(mine, copy, mine))
    flagged = {g["roller"]: codes(g["links"][0]) for g in report["rollers"]}
    assert flagged == {"Bob": ["audit.reused"], "Sharla": ["audit.reused"]}
    assert {p["params"]["other"] for p in report["problems"]} == {"Sharla nº 1", "Bob nº 1"}
    # unsigned copies too; one link posted twice is not a reuse
    a = encode_link({"system": "generic", "dice": 2, "sides": 6, "seed": seed})
    assert "audit.reused" in codes(audit(post(mine, a))["rollers"][-1]["links"][0])
    assert audit(post(mine, mine))["ok"]


def test_a_nonce_used_twice_is_flagged_and_the_same_entry_posted_again_is_not():
    def row(roller, seed, nonce, entry_ids, rid):
        return {"kind": "roll", "valid": True, "roller": roller, "campaign": None, "seq": 4, "id": rid,
                "request": {"seed": seed, "fresh": [nonce]}, "entries": [{"id": e} for e in entry_ids]}

    nonce = "0123456789abcdef"
    sharla = row("Sharla", "aa" * 16, nonce, ["e1", "e2"], "r1")
    longer = row("Sharla", "aa" * 16, nonce.upper(), ["e1", "e2"], "r2")   # the same entries, posted again
    bob = row("Bob", "bb" * 16, nonce, ["e3", "e4"], "r3")
    assert mark_reused([sharla, longer]) == 0 and "flags" not in sharla
    assert mark_reused([sharla, longer, bob]) == 2 and "flags" not in longer
    assert bob["flags"][0]["code"] == "audit.reused" and bob["flags"][0]["params"] == {"other": "Sharla nº 4"}


def test_a_snippet_whose_number_was_edited_is_flagged_in_every_markup():
    (link,) = chain(1)
    total = verify(link)["result"]["total"]
    for style in ("bbcode", "markdown", "text"):
        honest = snippet(link, HOME, style, "es")
        assert audit(honest, home=HOME)["ok"], style
        lines = honest.split("\n")
        lines[2] = lines[2].replace(f"= {total}", f"= {total + 7}").replace(f"={total}", f"={total + 7}")
        lines[2] = lines[2].replace(f"**{total}**", f"**{total + 7}**").replace(f"[b]{total}[/b]", f"[b]{total + 7}[/b]")
        edited = "\n".join(lines)
        assert edited != honest
        report = audit("Mi tirada:\n" + edited, home=HOME)
        (claim,) = [p for p in report["problems"] if p["code"] == "audit.claim"]
        assert claim["params"] == {"said": str(total + 7), "gives": str(total)}, style
        assert codes(report["rollers"][0]["links"][0]) == ["audit.claim"]
    english = snippet(link, HOME, "text", "en").replace("5 2 4", "6 2 4")   # the dice edited, in English
    assert english != snippet(link, HOME, "text", "en")
    (claim,) = audit(english)["problems"]
    assert claim["code"] == "audit.claim" and claim["params"] == {"said": "6", "gives": "5"}
    assert audit(post(link))["ok"]   # a link without a snippet claims nothing


def test_links_to_another_address_are_flagged_with_it():
    a, b = chain(2)
    other = "http://127.0.0.1:9/tirada/"
    report = audit(f"{HOME}#{a}\n[url={other}#{b}]Comprobar la tirada[/url]", home=HOME + "index.html#t2x")
    rows = report["rollers"][0]["links"]
    assert rows[0]["address"] == HOME and codes(rows[0]) == []
    assert rows[1]["address"] == other and codes(rows[1]) == ["audit.other_address"]
    assert report["problems"][0]["params"] == {"address": other}
    # no home given (issue #38): two addresses in one thread, the one fewer links use is flagged
    assert not audit(f"{HOME}#{a}\n{other}#{b}")["ok"]
    assert audit(f"{HOME}#{a}\n{HOME}index.html#{b}")["ok"]   # one address written two ways: not flagged
    assert same_address("HTTPS://Usuario.github.io:443/tir/index.html", HOME)
    assert not same_address("https://usuario.github.io/otra/", HOME)
    assert same_address(None, HOME)


def test_a_gm_request_answered_in_another_campaign_or_unchained_is_flagged():
    spec = new_request("sifrp", {"difficulty": 12}, "Atletismo", "Sharla", "Arenas")
    request = apply_request(spec, {"system": "sifrp", "test_dice": 3})
    right, _ = next_link(request, ChainState("Sharla", "Arenas"), 1, gm_request=spec["id"])
    other, _ = next_link(request, ChainState("Sharla", "Arenas 2"), 2, gm_request=spec["id"])
    loose = encode_link(request, gm_request=spec["id"])
    assert mismatches(spec, request, "Sharla", "arenas ") == []
    assert mismatches(spec, request, "Sharla", "Arenas 2") == ["campaign Arenas 2 instead of Arenas"]
    report = audit(post(encode_request(spec), right, other, loose))
    flagged = {(g["roller"], g["campaign"]): [c for r in g["links"] for c in codes(r)] for g in report["rollers"]}
    assert flagged[("Sharla", "Arenas")] == []
    assert flagged[("Sharla", "Arenas 2")] == ["audit.request_second", "audit.request_campaign"]
    assert "audit.request_unchained" in flagged[(None, None)]
    assert set(report["requests"][0]["problems"]) == {"mismatch", "second_roll", "unchained"}
    campaign = next(p for p in report["problems"] if p["code"] == "audit.request_campaign")
    assert campaign["params"] == {"got": "Arenas 2", "want": "Arenas"}


def test_cli_audit_takes_the_official_address():
    import io
    import json

    from tirada.cli import main

    (link,) = chain(1)
    out = io.StringIO()
    code = main(["audit", "--home", "https://otra.example/", "-"], stdin=io.StringIO(post(link)), stdout=out,
                stderr=io.StringIO())
    report = json.loads(out.getvalue())
    assert code == 0 and [p["code"] for p in report["problems"]] == ["audit.other_address"]
    out = io.StringIO()
    assert main(["audit", "--home", HOME, post(link)], stdout=out, stderr=io.StringIO()) == 0
    assert json.loads(out.getvalue())["ok"]


def test_every_vector_posted_with_its_own_snippet_claims_nothing_false():
    """The golden vectors (every system, formats 1 and 2) posted with their snippets, in both languages
    and every markup: no claim is flagged; with one die of the dice line edited, it is."""
    import json
    import re
    from pathlib import Path

    from tirada.wire.codec import decode_payload_versioned

    folder = Path(__file__).resolve().parent / "vectors"
    fragments = []
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text("utf-8"))
        for item in data.get("rolls", []) if isinstance(data, dict) else []:
            fragment = item.get("fragment") if isinstance(item, dict) else None
            if isinstance(fragment, str) and decode_payload_versioned(fragment)[1] == "roll":
                fragments.append(fragment)
    assert len(fragments) > 20
    edited_found = 0
    for fragment in fragments:
        for lang in ("es", "en"):
            for style in ("bbcode", "markdown", "text"):
                text = snippet(fragment, HOME, style, lang)
                report = audit("Post:\n" + text, home=HOME)
                assert [p["code"] for p in report["problems"]] == [], (fragment, lang, style, report["problems"])
            lines = snippet(fragment, HOME, "text", lang).split("\n")
            changed = re.sub(r"= (\d+)", lambda m: f"= {int(m.group(1)) + 1}", lines[2], count=1)
            if changed != lines[2]:
                lines[2] = changed
                codes_seen = [p["code"] for p in audit("\n".join(lines), home=HOME)["problems"]]
                assert codes_seen == ["audit.claim"], (fragment, lang, codes_seen)
                edited_found += 1
    assert edited_found > 10


def test_a_confrontation_seed_used_by_another_game_is_flagged_and_its_own_links_are_not():
    from tirada.systems.brs import new_confrontation
    from tirada.systems.brs.example import example_setup
    from tirada.systems.brs.link import encode_link as brs_link
    from tirada.systems.brs.signed import play_fresh
    from tirada.links.chain import reserve

    seed = "0123456789abcdef0123456789abcdef"
    setup = {**example_setup(seed), "version": 2, "campaign": "Arenas"}
    state, _ = new_confrontation(setup)
    chains = {p.name: ChainState(p.name, "Arenas") for p in state.setup.players}

    def commit(player: int, nonce: str) -> dict:
        name = state.setup.players[player].name
        position, chains[name] = reserve(chains[name], nonce)
        return position

    die = next(i for i, d in enumerate(state.dice) if d.owner == 1 and d.row == "available")
    _, move = play_fresh(state, {"move": "advantage", "die": die}, commit)
    opened, later = brs_link(setup, []), brs_link(setup, [move])
    same_game = audit(post(opened, later))
    assert not [p for p in same_game["problems"] if p["code"] == "audit.reused"], same_game["problems"]
    other = {**setup, "campaign": "Otra partida"}            # another game started on the same seed
    report = audit(post(opened, later, brs_link(other, [])))
    reused = [p for p in report["problems"] if p["code"] == "audit.reused"]
    assert len(reused) >= 2 and {p["position"] for p in reused} >= {report["other"][0]["position"],
                                                                      report["other"][-1]["position"]}
