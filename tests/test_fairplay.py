"""Fair play v2 (issue #13; docs/link-format.md §16, docs/brs-format.md §Fair play): fresh dice after
every decision, chain entries, the audit of gaps and forks, Confrontation moves signed by the
mover's chain, and the link budgets."""

from __future__ import annotations

import hashlib

import pytest

from helpers.brs import actor as _actor, big_setup, bot_move
from tirada import systems
from tirada.links import fair_roll
from tirada.links.audit import audit
from tirada.systems.brs import legal_moves, new_confrontation, replay, summary
from tirada.systems.brs.example import example_setup
from tirada.systems.brs.signed import play_fresh, signed_entries
from tirada.systems.brs.link import decode_link as brs_decode, encode_link as brs_link, open_link
from tirada.errors import IllegalMove, InvalidRequest, LinkError
from tirada.fresh import SteppedDice, entry_id, step_seed
from tirada.links.chain import ChainState, decode_link, encode_link, next_link, reserve, verify
from tirada.wire.codec import encode_payload

BASE30 = "https://usuario.github.io/tir/"   # 30 characters
BASE = "https://foro.example/#"
L5R = {"system": "l5r5e", "ring": 3, "skill": 2, "tn": 2, "distinction": True, "step": True}


class Browser:
    """One browser's localStorage of chains, shared by its tabs (what web/shell/store.py keeps)."""

    def __init__(self, roller: str = "Sharla", campaign: str = "Arenas") -> None:
        self.roller, self.campaign = roller, campaign
        self.state = ChainState(roller, campaign)


def post(*fragments: str) -> str:
    return "\n".join(f"Post {i}: {BASE}{f}" for i, f in enumerate(fragments))


def group(report: dict, roller: str) -> dict:
    return next(g for g in report["rollers"] if g["roller"] == roller)


def roll_now(browser: Browser, request: dict) -> str:
    """A plain roll (no decisions) at the browser's next chain number."""
    fragment, browser.state = next_link(request, browser.state, 1796000000)
    return fragment


def start_check(browser: Browser) -> dict:
    """Start the L5R check of the page: seed and chain number now, then the pool (stage reroll)."""
    check = fair_roll.start(L5R, browser.state)
    browser.state = check["chain"]
    result, check = fair_roll.advance(check, {}, browser.state)
    assert result["stage"] == "reroll"
    return check


def decide(browser: Browser, check: dict, decision: dict) -> tuple:
    """One tab sends a decision: it reads the chain stored now and stores the one returned."""
    result, check = fair_roll.advance(check, decision, browser.state)
    browser.state = check["chain"]
    return result, check


def finish_check(browser: Browser, check: dict) -> str:
    """Keep every die the engine allows, then keep every explosion die, and encode the link."""
    result, check = decide(browser, check, {})
    while result["stage"] != "done":
        if result["stage"] == "reroll":
            result, check = decide(browser, check, {"rerolls": []})
        elif result["stage"] == "keep":
            result, check = decide(browser, check, {"keep": result["choices"]["allowed"][:result["choices"]["max"]]})
        elif result["stage"] == "explosion":
            explosions = list(check["request"].get("explosions") or []) + [result["choices"]["may_keep"]]
            result, check = decide(browser, check, {"explosions": explosions})
        else:   # pragma: no cover - no other stage without faces
            raise AssertionError(result["stage"])
    return fair_roll.finish(check, browser.roller, browser.campaign, 1796000000)


# --------------------------------------------------------------------------------- the spec
def test_step_seed_and_entry_id_follow_the_spec():
    seed, nonce = bytes(range(16)), bytes.fromhex("0011223344556677")
    assert step_seed(seed, 3, nonce) == hashlib.sha256(b"tirada2 step" + seed + (3).to_bytes(4, "big") + nonce).digest()
    assert entry_id(5, "0123456789ab", nonce) == hashlib.sha256(
        b"tirada2 entry" + (5).to_bytes(8, "big") + bytes.fromhex("0123456789ab") + nonce).hexdigest()[:12]
    assert entry_id(1, None, seed) == hashlib.sha256(b"tirada2 entry" + (1).to_bytes(8, "big") + seed).hexdigest()[:12]


def test_stepped_dice_move_to_the_next_segment_only_when_a_die_follows_a_decision():
    dice = SteppedDice("ab" * 16, ["0011223344556677"])
    first = [dice.roll(6) for _ in range(3)]
    dice.decided()
    dice.decided()                      # two decisions with nothing drawn between: one segment
    after = dice.roll(6)
    assert dice.segments_used == 2 and len(dice.draws) == 4
    plain = SteppedDice("ab" * 16, [])
    assert [plain.roll(6) for _ in range(3)] == first
    from tirada.dice import DiceStream
    assert after == DiceStream(step_seed(bytes.fromhex("ab" * 16), 1, bytes.fromhex("0011223344556677"))).roll(6)
    dice.finish()
    with pytest.raises(InvalidRequest, match="used only 0"):
        SteppedDice("ab" * 16, ["00" * 8]).finish()


# ------------------------------------------------------------------------------------- L5R
def test_l5r_dice_after_a_decision_are_not_a_function_of_the_link_before_it():
    """The same check, the same reroll decision, tried again and again from the same state (what a
    second tab or the command line can do): the reroll dice change, and each try takes a new number."""
    browser = Browser()
    check = start_check(browser)
    before = dict(check["request"])               # everything the player holds before deciding
    faces, seqs = set(), []
    for _ in range(12):
        result, tried = decide(browser, check, {"rerolls": [0, 3]})
        faces.add((result["pool"][0]["faces"][1], result["pool"][3]["faces"][1]))
        seqs.append(tried["positions"][-1]["seq"])
        assert tried["request"]["seed"] == before["seed"] and len(tried["request"]["fresh"]) == 1
    assert before["fresh"] == []
    assert len(faces) > 1                          # 12 equal pairs of d6+d12: probability < 10^-20
    assert seqs == list(range(2, 14))              # every try took its own chain number
    # and without a nonce the decision cannot be rolled at all from the link before it
    with pytest.raises(InvalidRequest, match="no fresh dice"):
        systems.roll({**before, "rerolls": [0, 3]})


def test_l5r_second_try_in_another_tab_leaves_a_numbered_gap_in_the_audit():
    browser = Browser()
    earlier = roll_now(browser, {"system": "sifrp", "test_dice": 2})           # nº 1, posted
    check = start_check(browser)                                                # nº 2: the pool
    _, tab_a = decide(browser, check, {"rerolls": [0]})                         # nº 3: tab A's reroll
    _, tab_b = decide(browser, check, {"rerolls": [1]})                         # nº 4: tab B's reroll
    link_a, link_b = finish_check(browser, tab_a), finish_check(browser, tab_b)
    assert verify(link_b)["entries"][1]["seq"] == 4 and verify(link_a)["entries"][1]["seq"] == 3
    g = group(audit(post(earlier, link_b)), "Sharla")                           # only B is posted
    assert [3, 3] in g["missing"] and not g["ok"] and "nº 3" in g["summary"]["en"]
    later = roll_now(browser, {"system": "sifrp", "test_dice": 2})
    g = group(audit(post(earlier, link_a, later)), "Sharla")                    # only A is posted
    assert any(lo <= 4 <= hi for lo, hi in g["missing"]) and not g["ok"]


def test_l5r_same_decision_from_two_devices_is_a_fork():
    phone, desktop = Browser(), Browser()
    check = start_check(phone)
    desktop.state = phone.state                   # the same chain copied to a second device
    _, one = decide(phone, check, {"rerolls": [0]})
    _, two = decide(desktop, check, {"rerolls": [0]})
    link_one, link_two = finish_check(phone, one), finish_check(desktop, two)
    g = group(audit(post(link_one, link_two)), "Sharla")
    assert g["forks"] and g["forks"][0]["seq"] == 2 and not g["ok"]


def test_a_format_2_link_must_carry_the_nonce_of_every_post_decision_draw():
    request = {"system": "l5r5e", "seed": "ab" * 16, "ring": 3, "skill": 2, "tn": 2, "distinction": True,
               "rerolls": [1], "keep": [0], "fresh": []}
    forged = encode_payload("roll", {"format": 2, "request": request}, version=2)
    with pytest.raises(LinkError, match="fresh dice"):
        verify(forged)
    extra = encode_payload("roll", {"format": 2, "request": {"system": "sifrp", "seed": "ab" * 16, "test_dice": 2,
                                                             "fresh": ["00" * 8]}}, version=2)
    with pytest.raises(LinkError, match="used only 0"):
        verify(extra)


def test_explicit_positions_survive_the_link_and_only_when_needed():
    browser = Browser()
    check = start_check(browser)                               # nº 1: the pool
    browser.state = reserve(browser.state, "11" * 8)[1]      # another tab took nº 2 meanwhile
    _, check = decide(browser, check, {"rerolls": [0]})        # nº 3: the reroll
    link = finish_check(browser, check)
    entries = verify(link)["entries"]
    assert [e["seq"] for e in entries][:2] == [1, 3] and entries[1]["prev"] != entries[0]["id"]
    assert decode_link(link)["positions"][0]["seq"] == 3
    assert browser.state.last == entries[-1]["id"]
    other = Browser()
    plain = finish_check(other, start_check(other))
    assert all(isinstance(step, bytes) for step in _steps(plain))   # consecutive: bare nonces only
    assert isinstance(_steps(link)[0], list)


def _steps(fragment: str) -> list:
    from tirada.wire.codec import cbor_decode, decode_frame

    body = cbor_decode(decode_frame(fragment)[1])
    return body[9] if len(body) > 9 else []


def test_v1_links_still_verify_and_say_what_they_prove():
    old = encode_link({"system": "l5r5e", "seed": "ab" * 16, "ring": 2, "skill": 1, "tn": 2, "distinction": True,
                       "rerolls": [0]}, version=1)
    checked = verify(old)
    assert old.startswith("t1") and checked["format"] == 1 and "computable" in checked["proves"]["en"]
    browser = Browser()
    assert verify(finish_check(browser, start_check(browser)))["proves"]["en"].startswith("format 2")


def test_tragedia_post_loss_dice_are_fresh():
    request = {"system": "tragedia", "seed": "0f" * 16, "protagonist_dice": 1, "adversary_dice": 9,
               "post_loss": {"tragedy_dice": 2, "last_dice": {"protagonist_side": 1, "adversary_side": 0}}}
    link = encode_link(request)
    assert len(decode_link(link)["request"]["fresh"]) == 1
    with pytest.raises(InvalidRequest, match="no fresh dice"):
        systems.roll({**request, "fresh": []})


# ------------------------------------------------------------------------- Blood Red Sands
def fair_setup() -> dict:
    setup = example_setup("0123456789abcdef0123456789abcdef")
    return {**setup, "version": 2, "campaign": "Arenas"}


def commit_for(browsers: dict, state) -> callable:
    def commit(player: int, nonce: str) -> dict:
        browser = browsers[state.setup.players[player].name]
        position, browser.state = reserve(browser.state, nonce)
        return position
    return commit


def test_brs_advantage_peek_two_tries_take_two_numbers_and_differ():
    setup = fair_setup()
    sharla = Browser("Sharla")
    earlier = roll_now(sharla, {"system": "sifrp", "test_dice": 2})       # nº 1 in the thread
    state, _ = new_confrontation(setup)
    opened = brs_link(setup, [])
    die = next(i for i, d in enumerate(state.dice) if d.owner == 1 and d.row == "available")
    faces, links = set(), []
    for _ in range(8):   # the same link re-opened, the same Advantage spent, again and again
        after, move = play_fresh(state, {"move": "advantage", "die": die}, commit_for({"Sharla": sharla}, state))
        faces.add(after.dice[die].face)
        links.append(brs_link(setup, [move]))
    assert len(faces) > 1                                        # 8 equal d4 faces: p = 4^-7
    assert [brs_decode(f)[1][0]["fresh"]["seq"] for f in links] == list(range(2, 10))
    g = group(audit(post(earlier, opened, links[-1])), "Sharla")           # only the last try posted
    assert g["missing"] == [[2, 8]] and g["moves"] and not g["ok"]
    report = audit(post(earlier, opened, links[0], links[1]))            # two tries posted
    assert report["confrontation_forks"][0]["move"] == 0


def test_brs_version_2_moves_need_fresh_dice_exactly_when_they_roll():
    setup = fair_setup()
    state, _ = new_confrontation(setup)
    die = next(i for i, d in enumerate(state.dice) if d.owner == 1 and d.row == "available")
    with pytest.raises(InvalidRequest, match="needs fresh dice"):
        replay(setup, [{"move": "advantage", "die": die}])
    with pytest.raises(InvalidRequest, match="rolls no dice"):
        replay(setup, [{"move": "pick", "attacker": 0, "target": 1,
                        "fresh": {"nonce": "00" * 8, "seq": 1, "prev": None}}])
    with pytest.raises(InvalidRequest, match="version 2"):
        replay(example_setup("ab" * 16), [{"move": "advantage", "die": die,
                                           "fresh": {"nonce": "00" * 8, "seq": 1, "prev": None}}])
    with pytest.raises(InvalidRequest, match="typed faces"):
        new_confrontation({**setup, "seed": None, "faces": [1] * 13})
    with pytest.raises(IllegalMove):   # an illegal move takes no chain number
        play_fresh(state, {"move": "advantage", "die": 0}, lambda p, n: pytest.fail("committed"))


def play_out_v2(setup: dict, exchanges: int) -> tuple:
    """A whole v2 Confrontation played by the bot of test_brs_game, every rolling move signed, plus
    an Advantage spent by each player at the start of every fifth exchange."""
    browsers = {p["name"]: Browser(p["name"], setup.get("campaign", "")) for p in setup["players"]}
    state, _ = new_confrontation(setup)
    log = []
    while (state.phase != "ended" or state.pending) and len(state.exchanges) < exchanges:
        legal = legal_moves(state)
        move = None
        if state.reinforce_open and not state.pending:
            for p, kinds in legal.items():
                if "reinforce" in kinds:
                    comps = sorted({d.component for d in state.dice if d.owner == p and d.row == "sheet"
                                    and d.face is None and d.component >= 0})
                    move = {"move": "reinforce", "player": p, "components": comps}
                    break
        if move is None and state.phase == "attack" and not state.pending and len(state.exchanges) % 5 == 0:
            p = state.attacker
            if "advantage" in legal.get(p, []) and state.players[p].advantage and log[-1]["move"] == "pick":
                move = {"move": "advantage", "die": state.dice_of(p, "available")[0]}
        move = move or bot_move(state)
        assert move["move"] in legal.get(_actor(state, move), []), (move, legal)
        state, logged = play_fresh(state, move, commit_for(browsers, state))
        log.append(logged)
    return log, browsers


def test_twenty_exchange_fair_confrontation_fits_2000_characters_and_replays(monkeypatch):
    import tirada.systems.brs.signed as signed

    made = [0]

    def counted_nonce() -> str:   # reproducible "fresh" nonces, so the measured game is always the same
        made[0] += 1
        return hashlib.sha256(b"nonce %d" % made[0]).hexdigest()[:16]

    monkeypatch.setattr(signed, "new_nonce", counted_nonce)
    for attempt in range(31, 120):   # deterministic games; nº 31 is the first that lasts 20 exchanges
        made[0] = 0
        seed = hashlib.sha256(f"twenty/{attempt}".encode()).hexdigest()[:32]
        setup = {**big_setup(seed=seed, traits=6), "version": 2, "campaign": "Arenas Sangrientas"}
        log, browsers = play_out_v2(setup, exchanges=20)
        state = replay(setup, log)
        if len(state.exchanges) == 20:
            break
    fragment = brs_link(setup, log)
    signed = signed_entries(setup, log)
    assert len(state.exchanges) == 20 and len(signed) >= 6 and fragment.startswith("t2")
    assert len(fragment) <= 2000, len(fragment)
    _, moves, back = open_link(fragment)
    assert summary(back) == summary(state)
    report = audit(post(fragment))
    for name, browser in browsers.items():
        mine = [e for e in signed if e["roller"] == name]
        if mine:
            g = group(report, name)
            assert g["ok"] and g["seqs"] == list(range(1, browser.state.seq + 1)), g


# ------------------------------------------------------------------------------- budgets
def test_chained_l5r_check_with_rerolls_and_explosions_fits_220_characters():
    from tirada.links.fair_roll import fairplay_sizes

    rows = fairplay_sizes(BASE30)
    l5r = next(r for r in rows if r["case"].startswith("l5r5e"))
    assert len(BASE30) == 30 and l5r["steps"] >= 2 and l5r["url_chars"] <= 220, l5r


def test_which_decisions_may_grow_or_come_in_pairs_is_the_systems_own_registry_entry():
    """``fair_roll`` holds no table of systems' decisions (issue #40): a system registered with a
    ``growing`` decision may append to it, and one with a ``paired`` decision needs its partner; the
    same fields of a system that declares neither are refused as rewrites."""
    from tirada.systems.registry import SystemSpec, register, unregister

    register(SystemSpec(id="toy-growing", short_name="Toy", decisions=("picks", "bonus", "base"), growing=("picks",),
                        paired=(("bonus", "base", "toy.bonus_with_base", "bonus is given with base"),)))
    try:
        fair_roll._check_decision({"system": "toy-growing", "picks": [1]}, {"picks": [1, 2]})   # appended: fine
        with pytest.raises(InvalidRequest) as changed:
            fair_roll._check_decision({"system": "toy-growing", "picks": [1]}, {"picks": [2, 1]})
        assert changed.value.code == "fair.decided"
        with pytest.raises(InvalidRequest) as alone:
            fair_roll._check_decision({"system": "toy-growing"}, {"bonus": [1]})
        assert alone.value.code == "toy.bonus_with_base"
        fair_roll._check_decision({"system": "toy-growing"}, {"bonus": [1], "base": [0]})
        with pytest.raises(InvalidRequest) as not_growing:       # the generic roll declares no growing decision
            fair_roll._check_decision({"system": "generic", "picks": [1]}, {"picks": [1, 2]})
        assert not_growing.value.code == "fair.decided"
        fair_roll._check_decision({"system": "generic"}, {"bonus": [1]})    # nor any pair
    finally:
        unregister("toy-growing")
    assert not hasattr(fair_roll, "GROWING") and not hasattr(fair_roll, "WITH")
