"""The page's own audit against this pass's hostile threads (issue #38), each named in Spanish with its
stable code's words — look-alike campaigns, luck spread over throwaway campaigns, a campaign-less request
answered from another campaign, a blind roll swapped in after the reveal, an unnumbered secret roll, an
unnumbered Confrontation start, a format-1 L5R link in a format-2 chain, an edited snippet before a
second copy of a link and a fake snippet beside the real one hidden — and the honest reply that used to
be flagged now clean; the campaign field refuses a blank-looking character and a mix of scripts with a
clear message.

The threads are built with the engine (tests/test_audit_*.py make the same ones for ``tirada audit``);
each is pasted into "Auditar hilo" of one phone-sized page (360×640).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest


expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: tests/helpers and the engine tests' builders
from tirada.links import sealed  # noqa: E402
from tirada.links.audit import extract_links  # noqa: E402
from tirada.links.chain import ChainState, encode_link  # noqa: E402
from tirada.links.roll_link import roll_link  # noqa: E402
from tirada.links.snippets import snippet_of  # noqa: E402

PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True}
KEY = "ab" * 32


def _audit(page, thread: str) -> str:
    """Paste ``thread`` into the audit and run it; the report's text once drawn."""
    page.click("#tab-audit")
    page.fill("#audit-text", thread)
    page.evaluate("document.getElementById('audit-report').textContent = ''")
    page.click("#audit-run")
    n = len(extract_links(thread))
    expect(page.locator("#audit-report")).to_contain_text(f"Enlaces encontrados: {n}", timeout=30_000)
    return page.locator("#audit-report").inner_text()


def _roll(base: str, roller: str, campaign: str, seed: str, state: ChainState | None = None):
    return roll_link({"system": "generic", "dice": 2, "sides": 6, "seed": seed * 16},
                     state or ChainState(roller, campaign), 1796000000)


def _threads(base: str) -> dict:
    """Hostile threads by name: ``{name: (thread text, the Spanish words the page must show)}``."""
    home = base.split("#", 1)[0]
    post = lambda *fragments: "\n\n".join(f"Post {k}: {home}#{f}" for k, f in enumerate(fragments, 1))  # noqa: E731
    out = {}
    one, two = _roll(home, "Aria", "Aguasdulces", "11"), _roll(home, "Aria", "Aguasdulc\u0435s", "12")
    out["lookalike"] = (post(one.fragment, two.fragment), "nombres que se parecen a este: Aria — «Aguasdulc")
    # a blind roll made at the same chain number after the reveal, edited into the post
    spec = {"system": "sifrp", "fields": {"difficulty": 12}, "label": "Sigilo", "for": "Sharla",
            "campaign": "Arenas", "created": 1796000000}
    req = sealed.seal_request(spec, KEY)
    swapped = sealed.blind_roll(req.fragment, {"system": "sifrp", "test_dice": 3}, ChainState("Sharla", "Arenas"),
                                1796000600)
    shown = sealed.reveal(KEY, req.fragment, created=1796000500)
    out["swap"] = (post(req.fragment, swapped.fragment, shown), "se hizo después de revelarse el secreto")
    loose = sealed.seal_gm_roll(KEY, {"system": "generic", "dice": 1, "sides": 20, "label": "Emboscada"}, None,
                                1796000000)
    out["unchained_secret"] = (post(loose.fragment), "tirada sellada fuera de toda cadena")
    first = roll_link({"system": "l5r5e", "ring": 2, "skill": 1, "tn": 2, "seed": "11" * 16},
                      ChainState("Sharla", "Arenas"), 1796000000)
    old = encode_link({"system": "l5r5e", "ring": 2, "skill": 1, "tn": 2, "seed": "22" * 16}, "Sharla", "Arenas",
                      first.chain.seq + 1, first.chain.last, 1796000001, version=1)
    out["format1"] = (post(first.fragment, old), "enlace antiguo (formato 1) entre enlaces de juego limpio")
    # an edited snippet before a second copy of a link posted earlier
    done = _roll(home, "Aria", "Arenas", "33")
    honest = snippet_of(done.verified, done.fragment, home)
    total = done.verified["result"]["total"]
    edited = honest.replace(f"[b]{total}[/b]", f"[b]{total + 5}[/b]")
    out["claim_copy"] = (f"Post 1:\n{honest}\n\nPost 2: vale\n\nPost 3:\n{edited}", f"el texto pone {total + 5}")
    real = "\n".join(honest.split("\n")[:-1])
    out["hidden"] = (f"{edited}".replace(honest.split("\n")[-1], f"[size=0]{real}[/size]\n{honest.split(chr(10))[-1]}"),
                     f"el texto pone {total + 5}")
    out["luck"] = (_spread(home), "contando juntas sus 30 cadenas")
    out["request_fixed"] = (_campaign_hop(home), "responde a una petición sin campaña desde la campaña «Partida 4»")
    out["unchained_start"] = (post(_unsigned_start()), "Confrontación cuyo inicio no lleva número de cadena")
    out["by_other_player"] = (post(_move_in_the_other_fighters_chain()),
                              "la jugada 0 de Sharla se numeró en la cadena de Haster")
    return out


def _move_in_the_other_fighters_chain() -> str:
    """A signed Confrontation whose move by Sharla names Haster's chain as its maker's (``fresh.by``,
    docs/link-format.md §16.6.1): a move numbered in the other fighter's chain."""
    import json

    from tirada.links.chain import reserve
    from tirada.systems.brs import new_confrontation
    from tirada.systems.brs.link import encode_link as brs_link
    from tirada.systems.brs.signed import start_fresh

    doc = json.loads((Path(__file__).resolve().parents[2] / "docs" / "examples" / "brs-haster-sharla.json").read_text("utf-8"))
    setup = {k: v for k, v in doc["setup"].items() if k != "faces"} | {"campaign": "Arenas"}
    signed = start_fresh(setup, "Haster", lambda roller, fresh: reserve(ChainState("Haster", "Arenas"), fresh)[0])
    state, _ = new_confrontation(signed)
    die = next(i for i, d in enumerate(state.dice) if d.owner == 1 and d.row == "available")
    move = {"move": "advantage", "die": die, "fresh": {"nonce": "8c7fe62892b30371", "seq": 1, "prev": None, "by": "Haster"}}
    return brs_link(signed, [move])


def _spread(home: str) -> str:
    """A player who makes each of 30 rolls in 3 new throwaway campaigns and posts the best."""
    from helpers.luck import REQUESTS, seed
    from tirada.links.luck import Pricer

    pricer, posts = Pricer(), []
    for i in range(30):
        tries = [roll_link({**REQUESTS[i % 4], "seed": seed("e2e", i, k)}, ChainState("Tramposa", f"Partida {i}-{k}"),
                           1796000000 + i) for k in range(3)]
        best = max(tries, key=lambda d: pricer.rate(d.verified["request"], d.verified["result"]).percentile)
        posts.append(f"Post {i}: {home}#{best.fragment}")
    return "\n".join(posts)


def _campaign_hop(home: str) -> str:
    """A request naming no campaign answered from a throwaway campaign, not the player's own."""
    from tirada.links import fair_roll
    from tirada.links.gm_request import encode_request, new_request

    spec = new_request("generic", {"dice": 1, "sides": 20}, "Atletismo", "Sharla")
    own = _roll(home, "Sharla", "Arenas", "66").fragment
    check = fair_roll.start({"system": "generic", "dice": 1, "sides": 20, "label": "Atletismo"},
                            ChainState("Sharla", "Partida 4"))
    hop = fair_roll.finish(check, "Sharla", "Partida 4", 1796000001, gm_request=spec["id"])
    return f"GM: {home}#{encode_request(spec)}\n\nSharla: {home}#{own}\n\nSharla: {home}#{hop}"


def _unsigned_start() -> str:
    """The example Confrontation of set-up version 2 with its start unnumbered."""
    import json

    from tirada.links.chain import reserve
    from tirada.systems.brs.link import encode_link as brs_link
    from tirada.systems.brs.signed import start_fresh

    doc = json.loads((Path(__file__).resolve().parents[2] / "docs" / "examples" / "brs-haster-sharla.json").read_text("utf-8"))
    setup = {k: v for k, v in doc["setup"].items() if k != "faces"} | {"campaign": "Arenas"}
    signed = start_fresh(setup, "Haster", lambda roller, fresh: reserve(ChainState("Haster", "Arenas"), fresh)[0])
    return brs_link({k: v for k, v in signed.items() if k != "start"}, [])


def test_the_pages_audit_names_each_hostile_thread_and_not_the_honest_quote(warm_page):
    page = warm_page(**PHONE)
    for name, (thread, words) in _threads(page.url).items():
        text = _audit(page, thread)
        assert "Hay problemas en este hilo" in text, (name, text)
        assert words in text, (name, words, text)
        assert "Traceback" not in text
    # the honest reply: a quote of Aria's snippet without its link, then Bob's own roll of the same pool
    home = page.url.split("#", 1)[0]
    aria, bob = _roll(home, "Aria", "Arenas", "44"), _roll(home, "Bob", "Arenas", "55")
    quoted = "\n".join(snippet_of(aria.verified, aria.fragment, home, "text").split("\n")[:-1])
    thread = (f"Post 1:\n{snippet_of(aria.verified, aria.fragment, home, 'text')}\n\n"
              f"Post 2:\n[quote=Aria]{quoted}[/quote]\nMi tirada: {home}#{bob.fragment}")
    text = _audit(page, thread)
    assert "Todo en orden" in text and "el texto pone" not in text, text


@pytest.mark.parametrize("campaign, words", [("Aguas\u2800dulces", "U+2800"), ("Aguas\u00addulces", "U+00AD"),
                                              ("Aguasdulc\u0435s", "mezcla alfabetos (cyrillic, latin)")])
def test_the_campaign_field_refuses_blank_looking_characters_and_mixed_scripts(warm_page, campaign, words):
    page = warm_page(**PHONE)
    page.click("#who summary")
    page.fill("#roller", "Aria")
    page.fill("#campaign", campaign)
    page.click("#roll")
    box = page.locator("#result")
    expect(box).to_contain_text(words)
    expect(box.locator(".total")).to_have_count(0)                      # no roll was made
    assert "tirada.chains" not in page.evaluate("JSON.stringify(Object.keys(localStorage))") or \
        campaign not in page.evaluate("localStorage.getItem('tirada.chains.v1') || ''")
