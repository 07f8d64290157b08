"""Names and campaigns under one rule (issue #38): blank-looking characters refused in rollers and
campaigns, look-alike (roller, campaign) pairs named by the audit, luck per person across campaigns,
and a GM request naming no campaign answered from another campaign flagged.

Rules: pylib/tirada/names.py (module docstring), docs/link-format.md §11.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tirada import chainbook, names
from tirada.errors import InvalidRequest
from tirada.links.audit import audit
from tirada.links.chain import ChainState, encode_link
from tirada.links.gm_request import encode_request, new_request
from tirada.links.roll_link import roll_link

sys.path.insert(0, str(Path(__file__).resolve().parent))
from helpers.luck import REQUESTS, seed  # noqa: E402

from helpers.audit_cli import BASE, cli_report  # noqa: E402
#: the characters of the issue: each shows as nothing or as a blank in a campaign name
BLANKS = ["\u2800", "\u3164", "\u115f", "\u00ad", "\u034f", "\u180e", "\U000e0020", "\u1160", "\uffa0"]


@pytest.mark.parametrize("char", BLANKS)
def test_blank_looking_characters_are_refused_in_campaigns_and_rollers(char):
    for roller, campaign in (("Aria", f"Aguas{char}dulces"), (f"Ar{char}ia", "Aguasdulces")):
        with pytest.raises(InvalidRequest) as err:
            ChainState(roller, campaign)
        assert err.value.code in ("name.blank_char", "name.hidden_char")
        assert err.value.params["char"] == f"U+{ord(char):04X}"
        with pytest.raises(InvalidRequest):
            encode_link({"system": "generic", "dice": 1, "sides": 6, "seed": "00" * 16}, roller, campaign, 1, None,
                        1796000000)
    if char in "\u2800\u3164\u115f\u034f\u1160\uffa0":   # every other typed name refuses blank letters too
        with pytest.raises(InvalidRequest) as err:
            names.check_name(f"Sharla{char}", "name", 40)
        assert err.value.code == "name.blank_char"


def test_a_name_of_marks_only_is_refused_and_emoji_joiners_stay():
    with pytest.raises(InvalidRequest) as err:
        ChainState("Aria", "\u0301\u0301")
    assert err.value.code == "name.invisible"
    assert ChainState("Aria 👩\u200d👩\u200d👧", "Aguasdulces").roller.endswith("👧")
    assert ChainState("Aria", "Aguas dulces").campaign == "Aguas dulces"       # a plain space is fine
    # an emoji newer than CPython 3.11's Unicode (U+1FACE, Unicode 15) reads alike on the page and the CLI
    assert ChainState("Aria", "Alces \U0001face").campaign == "Alces \U0001face"


def test_a_new_chain_in_a_mixed_script_campaign_is_refused_but_a_stored_one_keeps_working():
    with pytest.raises(InvalidRequest) as err:
        chainbook.head({}, "Aria", "Aguasdulc\u0435s")          # Cyrillic е among Latin letters
    assert err.value.code == "name.mixed_script" and err.value.field == "campaign"
    assert err.value.params["scripts"] == "cyrillic, latin"
    with pytest.raises(InvalidRequest) as err:
        chainbook.head({}, "\u0410ria", "Aguasdulces")            # Cyrillic А in the roller
    assert err.value.field == "roller"
    assert chainbook.head({}, "Арья", "Агуасдульсес").seq == 0    # one script (all Cyrillic) is a name
    stored = {"Aria\nAguasdulc\u0435s": ChainState("Aria", "Aguasdulc\u0435s").to_dict()}
    assert chainbook.head(stored, "Aria", "Aguasdulc\u0435s").seq == 0


def _roll(roller: str, campaign: str, k: int = 0, state: ChainState | None = None):
    state = state or ChainState(roller, campaign)
    return roll_link({**REQUESTS[0], "seed": seed(roller, campaign, k)}, state, 1796000000 + k)


def test_a_link_with_a_blank_campaign_made_by_other_code_is_flagged(monkeypatch):
    monkeypatch.setattr(names, "refuse_blank", lambda *a, **k: None)      # a forger's own code
    forged = _roll("Aria", "Aguasdulces\u2800").fragment
    monkeypatch.undo()
    report = audit(f"Post 1: {BASE}#{forged}")
    assert not report["ok"]
    assert any(p["code"] == "link.roll_invalid" and "U+2800" in p["reason"] for p in report["problems"])


def test_the_same_roller_in_look_alike_campaigns_is_named():
    one = _roll("Aria", "Aguasdulces").fragment
    two = _roll("Aria", "Aguasdulc\u0435s").fragment       # made by other code: the page refuses the mix
    report = audit(f"Post 1: {BASE}#{one}\nPost 2: {BASE}#{two}")
    assert not report["ok"]
    looks = [p for p in report["problems"] if p["code"] == "audit.lookalike"]
    assert sorted(p["params"]["names"] for p in looks) == ["Aria — «Aguasdulces»", "Aria — «Aguasdulc\u0435s»"]
    mixed = [p for p in report["problems"] if p["code"] == "audit.mixed_script"]
    assert [p["campaign"] for p in mixed] == ["Aguasdulc\u0435s"] and mixed[0]["params"]["scripts"] == "cyrillic, latin"
    honest = audit(f"Post 1: {BASE}#{one}\nPost 2: {BASE}#{_roll('Aria', 'Otra campaña').fragment}")
    assert honest["ok"], honest["problems"]


def _spread(roller: str, tries: int, rolls: int = 30) -> str:
    """A player who makes each roll in a new throwaway campaign (each chain a clean nº 1), ``tries``
    times, and posts the luckiest."""
    from tirada.links.luck import Pricer

    pricer, posts = Pricer(), []
    for i in range(rolls):
        best = None
        for k in range(tries):
            request = REQUESTS[i % 4]
            done = roll_link({**request, "seed": seed(roller, tries, i, k)}, ChainState(roller, f"Partida {i}-{k}"),
                             1796000000 + i)
            luck = pricer.rate(done.verified["request"], done.verified["result"])
            if best is None or luck.percentile > best[0]:
                best = (luck.percentile, done)
        posts.append(f"Post {i}: {BASE}#{best[1].fragment}")
    return "\n".join(posts)


def test_luck_is_computed_per_person_across_campaigns():
    report = audit(_spread("Tramposa", 3) + "\n" + _spread("Honesta", 1))
    assert all(not (g.get("luck") or {}).get("flagged") for g in report["rollers"])   # no chain alone shows it
    people = {p["name"]: p for p in report["people"]}
    assert len(people["Tramposa"]["chains"]) == 30 and people["Tramposa"]["luck"]["flagged"]
    assert people["Tramposa"]["luck"]["rolls"] == 30 and not people["Honesta"]["luck"]["flagged"]
    flagged = [p for p in report["problems"] if p["code"] == "audit.luck_person"]
    assert [p["roller"] for p in flagged] == ["Tramposa"] and flagged[0]["params"]["chains"] == 30
    assert not report["ok"]


def test_a_look_alike_roller_name_is_the_same_person_for_luck():
    report = audit(_spread("Tramposa", 1, 2) + "\n" + _spread("Tr\u0430mposa", 1, 2))
    (person,) = report["people"]
    assert len(person["chains"]) == 4


def test_a_request_without_campaign_is_answered_from_the_campaign_of_the_first_roll():
    from tirada.links import fair_roll

    spec = new_request("generic", {"dice": 1, "sides": 20}, "Atletismo", "Sharla")

    def answer(campaign: str, k: int) -> str:
        state = ChainState("Sharla", campaign)
        check = fair_roll.start({"system": "generic", "dice": 1, "sides": 20, "label": "Atletismo"}, state)
        return fair_roll.finish(check, "Sharla", campaign, 1796000000 + k, gm_request=spec["id"])

    first = _roll("Sharla", "Arenas").fragment
    thread = f"GM: {BASE}#{encode_request(spec)}\nSharla: {BASE}#{first}\n"
    bad = audit(thread + f"Sharla: {BASE}#{answer('Partida 4', 1)}")
    hits = [p for p in bad["problems"] if p["code"] == "audit.request_campaign_fixed"]
    assert len(hits) == 1 and hits[0]["params"] == {"got": "Partida 4", "want": "Arenas"}
    assert bad["requests"][0]["problems"] == ["campaign"] and not bad["ok"]
    good_state = _roll("Sharla", "Arenas").chain
    check = fair_roll.start({"system": "generic", "dice": 1, "sides": 20, "label": "Atletismo"}, good_state)
    good = fair_roll.finish(check, "Sharla", "Arenas", 1796000001, gm_request=spec["id"])
    honest = audit(thread + f"Sharla: {BASE}#{good}")
    assert not [p for p in honest["problems"] if p["code"] == "audit.request_campaign_fixed"], honest["problems"]



def test_the_cli_audit_flags_look_alike_campaigns_and_spread_luck():
    one = _roll("Aria", "Aguasdulces").fragment
    two = _roll("Aria", "Aguasdulc\u0435s").fragment
    report = cli_report(f"{BASE}#{one}\n{BASE}#{two}\n")
    assert not report["ok"] and {"audit.lookalike", "audit.mixed_script"} <= {p["code"] for p in report["problems"]}
    report = cli_report(_spread("Tramposa", 3))
    assert not report["ok"] and [p["code"] for p in report["problems"]] == ["audit.luck_person"]
