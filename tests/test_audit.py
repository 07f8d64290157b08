"""Thread audit (docs/link-format.md §Thread audit): extraction, chain checks, report order, CLI.

These chains are format-1 links (what the page made before fair play v2; they must keep auditing
the same); format-2 chains, steps and Confrontation moves are in tests/test_fairplay.py."""

from __future__ import annotations

import hashlib
import io
import json

import pytest

from tirada.links.audit import audit, extract_links
from tirada.cli import main
from tirada.errors import InvalidRequest
from tirada.links.chain import ChainState, encode_link, link_id, next_link
from tirada.wire.codec import encode_payload

BASE = "https://usuario.github.io/tir/#"


def chain(n: int, roller: str = "Sharla", campaign: str = "Arenas Sangrientas", salt: int = 0) -> list:
    """``n`` consecutive links of one roller, as the page makes them."""
    state, out = ChainState(roller, campaign), []
    for i in range(n):
        seed = hashlib.sha256(f"{roller}/{salt}/{i}".encode()).hexdigest()[:32]   # varied, like real seeds
        request = {"system": "generic", "dice": 2, "sides": 6, "seed": seed, "label": f"r{i}"}
        fragment, state = next_link(request, state, 1796000000 + i, version=1)
        out.append(fragment)
    return out


def post(*fragments: str) -> str:
    return "\n".join(f"Post {i}: mi tirada {BASE}{f} ¡suerte!" for i, f in enumerate(fragments))


def group(report: dict, roller: str) -> dict:
    return next(g for g in report["rollers"] if g["roller"] == roller)


def test_a_complete_chain_is_ok():
    links = chain(4)
    g = group(audit(post(*links)), "Sharla")
    assert g["ok"] and g["seqs"] == [1, 2, 3, 4] and g["missing"] == [] and g["before_first"] == 0
    assert [r["id"] for r in g["links"]] == [link_id(f) for f in links]
    assert g["summary"]["es"] == "Sharla en «Arenas Sangrientas»: 4 tiradas válidas (nº 1–4), cadena completa"
    assert g["summary"]["en"] == "Sharla in “Arenas Sangrientas”: 4 valid rolls (nº 1–4), chain complete"


def test_unposted_rolls_are_gaps():
    links = chain(7)
    g = group(audit(post(links[0], links[1], links[3], links[6])), "Sharla")
    assert g["missing"] == [[3, 3], [5, 6]] and not g["ok"]
    assert "3 sin publicar" in g["summary"]["es"] and "3 not posted" in g["summary"]["en"]


def test_rolls_before_the_first_seen_are_counted_apart():
    links = chain(5)
    g = group(audit(post(*links[2:])), "Sharla")
    assert g["before_first"] == 2 and g["missing"] == [] and g["ok"]


def test_two_rolls_after_the_same_roll_are_a_fork():
    links = chain(2)
    old_state = ChainState("Sharla", "Arenas Sangrientas", 2, link_id(links[1]))
    redo, _ = next_link({"system": "generic", "dice": 2, "sides": 6, "seed": "cd" * 16}, old_state, 5, version=1)
    again, _ = next_link({"system": "generic", "dice": 2, "sides": 6, "seed": "ef" * 16}, old_state, 6, version=1)
    g = group(audit(post(*links, redo, again)), "Sharla")
    assert len(g["forks"]) == 1 and g["forks"][0]["seq"] == 3
    assert g["forks"][0]["ids"] == sorted([link_id(redo), link_id(again)]) and not g["ok"]


def test_a_roll_that_follows_an_unposted_twin_is_a_fork():
    links = chain(3)
    twin, state = next_link({"system": "generic", "dice": 1, "sides": 6, "seed": "ab" * 16},
                            ChainState("Sharla", "Arenas Sangrientas", 1, link_id(links[0])), 9)
    after_twin, _ = next_link({"system": "generic", "dice": 1, "sides": 6, "seed": "ac" * 16}, state, 10, version=1)
    g = group(audit(post(links[0], links[1], after_twin)), "Sharla")   # twin itself not posted
    assert [f["seq"] for f in g["forks"]] == [2] and "unposted" in g["forks"][0]["reason"]


def test_a_second_roll_number_one_is_a_restart():
    first, second = chain(2), chain(2, salt=1)
    g = group(audit(post(*first, *second)), "Sharla")
    assert g["restarts"] == [link_id(second[0])] and not g["ok"]
    assert "1 reinicio de cadena" in g["summary"]["es"]   # singular: gettext plural forms
    assert "conviene preguntar" in g["summary"]["es"]


def test_a_prev_naming_a_roll_with_the_wrong_number_is_broken():
    links = chain(2)
    forged = encode_link({"system": "generic", "dice": 1, "sides": 6, "seed": "aa" * 16},
                         roller="Sharla", campaign="Arenas Sangrientas", seq=5, prev=link_id(links[0]),
                         version=1)
    g = group(audit(post(*links, forged)), "Sharla")
    assert [b["seq"] for b in g["broken"]] == [5] and "not made by the page" in g["broken"][0]["reason"]


def test_bbcode_markdown_and_bare_links_are_all_found_once():
    links = chain(3)
    text = (f"[url={BASE}{links[0]}]Tirada[/url] y [url]{BASE}{links[0]}[/url]\n"
            f"[tirada](https://otra.web/tirada/#{links[1]}) y <https://x.org/p?q=1#{links[2]}>")
    found = extract_links(text)
    assert [f["fragment"] for f in found] == links and found[0]["count"] == 2
    assert group(audit(text), "Sharla")["links"][0]["posted"] == 2


def test_percent_encoded_fragment_is_found():
    link = chain(1)[0]
    assert extract_links(f"https://x.org/%23{link}")[0]["fragment"] == link


def test_edited_and_shortened_links_are_reported_invalid_with_reasons():
    links = chain(3)
    edited = links[1][:40] + ("A" if links[1][40] != "A" else "B") + links[1][41:]
    text = post(links[0], edited) + f"\nhttps://u.io/#{links[2][:30]}…"
    report = audit(text)
    reasons = [item["reason"] for item in report["invalid"]]
    assert len(reasons) == 2 and "cut short or changed" in reasons[0] and "shortened" in reasons[1]
    assert group(report, "Sharla")["seqs"] == [1]


def test_a_shortened_copy_of_a_full_link_is_dropped():
    link = chain(1)[0]
    text = f"[url={BASE}{link}]{BASE}{link[:40]}…[/url]"
    assert [f["fragment"] for f in extract_links(text)] == [link]


def test_a_link_whose_roll_is_refused_stays_with_its_roller():
    bad = encode_payload("roll", {"request": {"system": "generic", "seed": "aa" * 16, "dice": 2, "sides": 6,
                                              "keep": 5}, "roller": "Sharla", "campaign": "Arenas Sangrientas",
                                  "seq": 1})
    g = group(audit(post(bad)), "Sharla")
    assert g["invalid"][0]["seq"] == 1 and "cannot keep 5 of 2" in g["invalid"][0]["reason"] and not g["ok"]


def test_unsigned_rolls_and_other_kinds():
    from tirada.systems.brs.example import example_setup
    from tirada.systems.brs.link import encode_link as brs_link

    report = audit(post(encode_link({"system": "generic", "dice": 1, "sides": 6, "seed": "aa" * 16}),
                        brs_link(example_setup("ab" * 16), []), encode_payload("brs", {"log": [1, 2]})))
    assert report["rollers"][0]["roller"] is None and "missing" not in report["rollers"][0]
    assert report["other"] == [{"kind": "brs", "position": report["other"][0]["position"], "format": 1}]
    assert "Confrontation data is damaged" in report["invalid"][0]["reason"]


def test_named_rolls_without_a_chain_get_no_gaps():
    link = encode_link({"system": "generic", "dice": 1, "sides": 6, "seed": "aa" * 16}, roller="Bob")
    g = group(audit(post(link)), "Bob")
    assert g["seqs"] == [] and g["ok"]


def test_report_order_is_deterministic():
    a, b, c = chain(3, "bea"), chain(2, "Ana", "Hilo 2"), chain(2, "Ana", "Hilo 1")
    one = audit(post(*a, *b, *c))
    two = audit(post(c[1], b[0], a[2], c[0], a[0], b[1], a[1]))
    names = [(g["roller"], g["campaign"]) for g in one["rollers"]]
    assert names == [("Ana", "Hilo 1"), ("Ana", "Hilo 2"), ("bea", "Arenas Sangrientas")]
    strip = lambda rep: [[(r["id"], r["seq"]) for r in g["links"]] for g in rep["rollers"]]   # noqa: E731
    assert strip(one) == strip(two)


def test_hostile_names_come_back_as_plain_text():
    name = "<img src=x onerror=alert(1)>"
    state = ChainState(name[:40], "[url=javascript:alert(1)]x[/url]")
    link, _ = next_link({"system": "generic", "dice": 1, "sides": 6, "seed": "aa" * 16}, state, 1, version=1)
    g = audit(post(link))["rollers"][0]
    assert g["roller"] == name and g["campaign"] == "[url=javascript:alert(1)]x[/url]"


def test_text_without_links_and_bad_input():
    assert audit("nada por aquí #t10 turnos") == {"links_found": 0, "rollers": [], "invalid": [], "other": [],
                                                 "confrontation_forks": [], "requests": [], "game_forks": [],
                                                 "flagged_other": [], "people": [], "problems": [], "ok": True,
                                                 "posts": [], "boundaries": False}
    with pytest.raises(InvalidRequest):
        audit(None)


def test_cli_audit_reads_stdin():
    links = chain(2)
    out, err = io.StringIO(), io.StringIO()
    code = main(["audit"], stdin=io.StringIO(post(*links)), stdout=out, stderr=err)
    assert code == 0 and json.loads(out.getvalue())["rollers"][0]["seqs"] == [1, 2]
    code = main(["audit"], stdin=io.StringIO(""), stdout=out, stderr=err)
    assert code == 2 and err.getvalue().startswith("error: ")


def test_invisible_line_breaks_inserted_by_forums_are_ignored():
    link = chain(1)[0]
    broken = link[:20] + "\u200b" + link[20:40] + "\u00ad" + link[40:]
    assert [f["fragment"] for f in extract_links(f"ver {BASE}{broken} ok")] == [link]
