"""The audit written for a GM (issue #38; tirada.links.audit_people, web/audit/audit_view.py): one
person one block with their campaigns inside, each link and signed entry counted once, sealed rolls
worded as rolls.

CPython only for the page's view (imports web/ from the repository).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from tirada.links import sealed
from tirada.links.audit import audit
from tirada.links.audit_report import report as read_report
from tirada.links.audit_sealed_thread import audit_thread
from tirada.links.chain import ChainState, reserve
from tirada.links.roll_link import roll_link
from tirada.systems.brs.link import encode_link as brs_link
from tirada.systems.brs.signed import start_fresh

ROOT = Path(__file__).resolve().parents[1]
BASE = "https://usuario.github.io/tirada/"
KEY = "ab" * 32


def _thread(*fragments: str) -> str:
    return "\n\n".join(f"Post {k}: {BASE}#{f}" for k, f in enumerate(fragments, 1))


def _roll(roller: str, campaign: str, seed: str, state: ChainState | None = None):
    return roll_link({"system": "generic", "dice": 2, "sides": 6, "seed": seed * 16},
                     state or ChainState(roller, campaign), 1796000000)


def _signed_start() -> dict:
    brs = json.loads((ROOT / "docs" / "examples" / "brs-haster-sharla.json").read_text("utf-8"))
    setup = {k: v for k, v in brs["setup"].items() if k != "faces"} | {"campaign": "Arenas"}
    chain = {"state": ChainState("Haster", "Arenas")}

    def commit(roller: str, fresh: str) -> dict:
        position, chain["state"] = reserve(chain["state"], fresh)
        return position

    return start_fresh(setup, "Haster", commit)


def test_a_signed_start_carried_by_two_posts_is_counted_once():
    from tirada.systems.brs.compact import to_compact
    from tirada.systems.brs.link import check_opened

    from helpers.brs import bot_move

    setup = _signed_start()
    first = bot_move(check_opened(to_compact(setup, []))[2])        # a move that rolls nothing: no entry
    report = audit(_thread(brs_link(setup, []), brs_link(setup, [first])))   # the start, posted again later
    assert report["links_found"] == 2 and report["ok"], report["problems"]
    (haster,) = [g for g in report["rollers"] if g["roller"] == "Haster"]
    assert [m["what"] for m in haster["moves"]] == ["start"]
    assert "1 inicio de Confrontación" in haster["summary"]["es"] and "movimiento" not in haster["summary"]["es"]
    assert "1 Confrontation start" in haster["summary"]["en"]
    (person,) = report["people"]
    assert person["counts"] == {"rolls": 0, "move": 0, "start": 1, "scene_roll": 0}


def test_a_sealed_roll_is_worded_as_a_roll():
    request = {"system": "generic", "dice": 1, "sides": 20, "label": "Emboscada"}
    secret = sealed.seal_gm_roll(KEY, request, ChainState("Máster", "Arenas"), 1796000000)
    report = audit_thread(_thread(secret.fragment))
    (gm,) = report["rollers"]
    assert gm["summary"]["es"].startswith("Máster en «Arenas»: 1 tirada válida")
    assert "movimiento" not in gm["summary"]["es"] and "move" not in gm["summary"]["en"]
    assert report["people"][0]["counts"]["rolls"] == 1


def test_one_person_across_campaigns_is_one_group():
    a1 = _roll("Aria", "Aguasdulces", "11")
    a2 = _roll("Aria", "Aguasdulces", "12", a1.chain)
    plain = _roll("Aria", "", "13")
    bob = _roll("Bob", "Aguasdulces", "14")
    report = audit(_thread(a1.fragment, a2.fragment, plain.fragment, bob.fragment))
    people = {p["name"]: p for p in report["people"]}
    assert sorted(people) == ["Aria", "Bob"]
    assert sorted(people["Aria"]["chains"], key=lambda c: c[1] or "") == [["Aria", None], ["Aria", "Aguasdulces"]]
    assert people["Aria"]["counts"]["rolls"] == 3 and people["Bob"]["counts"]["rolls"] == 1
    assert people["Aria"]["summary"]["es"] == "Aria: 3 tiradas válidas en 2 cadenas"


@pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
def test_the_page_draws_one_block_per_person_with_the_campaigns_inside():
    from audit import audit_view

    a1 = _roll("Aria", "Aguasdulces", "11")
    plain = _roll("Aria", "", "13")
    bob = _roll("Bob", "Aguasdulces", "14")
    report = audit(_thread(a1.fragment, plain.fragment, bob.fragment))
    html = audit_view.render_report(report, "es", lambda row, lang: f"total {row.result.get('total')}")
    persons = re.findall(r'<section class="audit-person" data-person="([^"]+)" data-chains="(\d+)">', html)
    assert persons == [("Aria", "2"), ("Bob", "1")]
    aria = html[html.index('data-person="Aria"'):html.index('data-person="Bob"')]
    assert aria.count('<article class="audit-roller">') == 2
    assert "<h4>Aria — «Aguasdulces»</h4>" in aria and "<h4>Aria — sin campaña</h4>" in aria
    assert "Aria: 2 tiradas válidas en 2 cadenas" in aria
    english = audit_view.render_report(report, "en", lambda row, lang: "")
    assert "<h4>Aria — no campaign</h4>" in english and "Aria: 2 valid rolls in 2 chains" in english


def _revealed():
    spec = {"system": "sifrp", "fields": {"difficulty": 12, "test_dice": {"min": 2, "max": 5}}, "label": "Sigilo",
            "for": "Sharla", "campaign": "Arenas", "created": 1796000000}
    req = sealed.seal_request(spec, KEY)
    blind = sealed.blind_roll(req.fragment, {"system": "sifrp", "test_dice": 4, "bonus_dice": 1},
                              ChainState("Sharla", "Arenas"), 1796000100)
    reveal = sealed.reveal(KEY, blind.fragment, created=1796000200)
    return req, blind, reveal, sealed.verify_reveal(blind.fragment, reveal)


@pytest.mark.parametrize("style", ["bbcode", "markdown", "text"])
def test_a_reveal_snippet_carries_the_revealed_result_in_words_and_the_audit_checks_it(style):
    from tirada.links.sealed_snippet import reveal_snippet

    req, blind, reveal, opened = _revealed()
    total = opened.result["total"]
    words = reveal_snippet(opened, reveal, BASE, style, "es")
    assert "Revelada" in words and "Sigilo" in words and "Sharla" in words and str(total) in words
    assert "éxito" in words.lower() or "fallo" in words.lower()   # «Éxito considerable (2 grados)» (issue #40)
    assert reveal in words and "Comprobar la revelación" in words
    english = reveal_snippet(opened, reveal, BASE, style, "en")
    assert "Revealed" in english and "Check the reveal" in english
    thread = f"Post 1 (GM): {BASE}#{req.fragment}\n\nPost 2 (Sharla): {BASE}#{blind.fragment}\n\nPost 3 (GM):\n{words}"
    report = audit_thread(thread)
    assert report["ok"], report["problems"]
    lied = words.replace(f"= [b]{total}[/b]", f"= [b]{total + 4}[/b]").replace(f"**{total}**", f"**{total + 4}**")
    lied = lied.replace(f"= {total} ", f"= {total + 4} ")
    assert lied != words
    bad = audit_thread(thread.replace(words, lied))
    codes = [(p["code"], p["roller"], p["seq"]) for p in bad["problems"]]
    assert codes == [("audit.sealed_reveal_claim", "Sharla", 1)] and not bad["ok"]


@pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
def test_a_gm_sees_the_list_of_their_pending_sealed_rolls_with_a_link_to_reveal_each():
    from audit import audit_sealed_view

    req, blind, reveal, _opened = _revealed()
    waiting = sealed.seal_gm_roll(KEY, {"system": "generic", "dice": 1, "sides": 20, "label": "Emboscada"},
                                  ChainState("Máster", "Arenas"), 1796000300)
    text = _thread(req.fragment, blind.fragment, waiting.fragment)
    gm = audit_thread(text, secrets=[KEY], now=1796000400)
    html = audit_sealed_view.pending_line(read_report(gm), "es")
    assert 'id="audit-sealed-yours"' in html and html.count("<li>") == 1      # the blind roll: the secret roll is "unknown"
    assert f'href="#{blind.fragment}"' in html and "Sharla (Arenas) nº 1 «Sigilo»" in html and "tirada a ciegas" in html
    assert "Por revelar desde este navegador" in html
    player = audit_thread(text, now=1796000400)                               # no secret here: no list
    assert "audit-sealed-yours" not in audit_sealed_view.pending_line(read_report(player), "es")
    done = audit_thread(text + f"\n\nPost 4: {BASE}#{reveal}", secrets=[KEY])
    assert "audit-sealed-yours" not in audit_sealed_view.pending_line(read_report(done), "en")


@pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
def test_the_pending_list_holds_every_kind_waiting_for_a_reveal_not_only_blind_rolls():
    """Issue #38: the GM's list held blind rolls only. A secret roll the GM made on this page (its
    hidden request kept, its campaign secret here) waits for a reveal too and is listed beside the
    blind roll; another GM's secret roll, or one whose campaign secret is gone, is not offered."""
    from audit import audit_sealed_view

    req, blind, reveal, _opened = _revealed()
    hidden = {"system": "generic", "dice": 1, "sides": 20}
    mine = sealed.seal_gm_roll(KEY, {**hidden, "label": "Emboscada"}, ChainState("Máster", "Arenas"), 1796000300)
    other = sealed.seal_gm_roll("cd" * 32, {**hidden, "label": "Trampa"}, ChainState("Otro", "Arenas"), 1796000310)
    text = _thread(req.fragment, blind.fragment, mine.fragment, other.fragment)
    kept = {mine.id: hidden, "0" * 16: hidden}
    gm = audit_thread(text, secrets=[KEY], now=1796000400, secret_rolls=kept)
    state = {r["label"]: r["revealable"] for r in gm["sealed"]["rolls"]}
    assert state == {"Sigilo": "yes", "Emboscada": "yes", "Trampa": "unknown"}
    html = audit_sealed_view.pending_line(read_report(gm), "es")
    assert html.count("<li>") == 2 and "3 tiradas selladas sin revelar" in html
    assert f'href="#{blind.fragment}"' in html and f'href="#{mine.fragment}"' in html and other.fragment not in html
    assert "Máster (Arenas) nº 1 «Emboscada»</a> — tirada oculta del máster" in html
    assert "Sharla (Arenas) nº 1 «Sigilo»</a> — tirada a ciegas" in html
    # the campaign secret gone from this browser: the kept secret roll cannot be revealed from here
    lost = audit_thread(text, secrets=["ef" * 32], now=1796000400, secret_rolls=kept)
    assert {r["label"]: r["revealable"] for r in lost["sealed"]["rolls"]}["Emboscada"] == "lost"
    assert "audit-sealed-yours" not in audit_sealed_view.pending_line(read_report(lost), "es")
    # once revealed it leaves the list; the blind roll stays until its own reveal
    done = audit_thread(text + f"\n\nPost 9: {BASE}#{sealed.reveal(KEY, mine.fragment, hidden, created=1796000350)}",
                        secrets=[KEY], secret_rolls=kept)
    listed = audit_sealed_view.pending_line(read_report(done), "en")
    assert listed.count("<li>") == 1 and blind.fragment in listed and mine.fragment not in listed
    assert reveal not in text
