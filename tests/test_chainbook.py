"""The chain book (issue #25 item 2): one place that numbers, hands over, receives and restores
roller chains; a hand-over is single-use and never moves a chain back; a retired chain is never
numbered; an import restores by the higher number."""

import pytest

from tirada import chainbook, storage
from tirada.errors import InvalidRequest
from tirada.links.chain import ChainState, describe, next_link, verify
from tirada.links.handover import decode_handover, encode_handover
from tirada.stored import chain_entry

SIFRP = {"system": "sifrp", "seed": "0" * 32, "test_dice": 3, "bonus_dice": 0, "penalty_dice": 0,
         "modifier": 0, "difficulty": 9}
KEY = "Sharla\nArenas"


def roll(book: dict, n: int = 1) -> tuple:
    """``n`` rolls of Sharla through the book: ``(book, [fragments])``."""
    links = []
    for _ in range(n):
        before = chainbook.head(book, "Sharla", "Arenas")
        fragment, after = next_link(SIFRP, before, 1_700_000_000)
        book = chainbook.record(book, before, after)
        links.append(fragment)
    return book, links


def test_head_of_a_new_named_or_unnamed_roller():
    assert chainbook.head({}, "  ", "x") is None
    assert chainbook.head({}, " Sharla ", " Arenas ") == ChainState("Sharla", "Arenas")
    with pytest.raises(InvalidRequest):
        chainbook.head({}, "x" * 41, "")


def test_record_numbers_and_never_lowers_or_forks():
    book, links = roll({}, 3)
    assert book[KEY]["seq"] == 3 and [verify(f)["seq"] for f in links] == [1, 2, 3]
    head = chainbook.head(book, "Sharla", "Arenas")
    stale = ChainState("Sharla", "Arenas", 2, verify(links[1])["id"])
    _, after = next_link(SIFRP, stale, 1)
    with pytest.raises(InvalidRequest) as err:        # another tab numbered meanwhile: refused
        chainbook.record(book, stale, after)
    assert err.value.code == "chain.moved" and err.value.params["seq"] == 3
    with pytest.raises(InvalidRequest) as err:        # a head that does not go past the stored one
        chainbook.record(book, head, head)
    assert err.value.code == "chain.moved"


def test_hand_over_retires_the_chain_here_and_gives_the_same_link_again():
    book, _ = roll({}, 2)
    fragment, state, given = chainbook.hand_over(book, "Sharla", "Arenas", 1_700_000_100)
    assert state.seq == 2 and decode_handover(fragment)[0] == state
    assert given[KEY]["retired"] == 1_700_000_100 and KEY in given   # kept, not deleted
    assert chainbook.retired(given, "Sharla", "Arenas") == chainbook.Retired(seq=2, created=1_700_000_100)
    with pytest.raises(InvalidRequest) as err:         # no roll restarts it at nº 1
        chainbook.head(given, "Sharla", "Arenas")
    assert err.value.code == "chain.retired" and err.value.params == {"who": "Sharla", "seq": 2}
    again, _, same = chainbook.hand_over(given, "Sharla", "Arenas", 1_700_009_999)
    assert again == fragment and same == given
    with pytest.raises(InvalidRequest):
        chainbook.hand_over({}, " ", "", 1)
    assert chain_entry(KEY, given[KEY]) == given[KEY]   # the stored shape is accepted when read back


def test_a_hand_over_is_single_use_and_never_moves_a_chain_back():
    phone, links = roll({}, 2)
    h1, _, phone = chainbook.hand_over(phone, "Sharla", "Arenas", 100)
    outcome, now, desk = chainbook.receive({}, h1)
    assert outcome == "adopted" and now.seq == 2
    desk, more = roll(desk, 1)                                   # the desktop rolls nº 3
    assert verify(more[0])["seq"] == 3 and verify(more[0])["prev"] == verify(links[1])["last"]
    outcome, now, same = chainbook.receive(desk, h1)             # replay on the desktop
    assert (outcome, now.seq, same) == ("used", 3, desk)
    h2, _, desk = chainbook.hand_over(desk, "Sharla", "Arenas", 200)
    outcome, now, same = chainbook.receive(phone, h2)            # the chain comes back further along …
    assert (outcome, now.seq, same) == ("ask", 2, phone)         # … a head the phone never gave: asked first
    asked = chainbook.plan(phone, h2)
    assert (asked.consent, asked.here_retired, asked.jump) == ("unknown", 2, 1)
    outcome, now, phone = chainbook.receive(phone, h2, asked.key)
    assert outcome == "adopted" and now.seq == 3 and chainbook.head(phone, "Sharla", "Arenas").seq == 3
    outcome, now, same = chainbook.receive(phone, h1)            # the old link: refused, nothing changes
    assert (outcome, now.seq, same) == ("older", 3, phone)
    outcome, _, _ = chainbook.receive({KEY: {**desk[KEY], "used": []}}, h1)
    assert outcome == "older"                                    # even without its id: never back
    outcome, _, _ = chainbook.receive(phone, h2)
    assert outcome == "used"


def test_taking_back_a_link_given_here_works_once():
    book, _ = roll({}, 1)
    link, _, book = chainbook.hand_over(book, "Sharla", "Arenas", 5)
    asked = chainbook.plan(book, link)
    assert (asked.outcome, asked.consent) == ("ask", "back")   # its own head: a plain confirmation
    assert chainbook.receive(book, link)[0] == "ask"
    outcome, now, book = chainbook.receive(book, link, asked.key)
    assert outcome == "adopted" and "retired" not in book[KEY] and now.seq == 1
    assert chainbook.receive(book, link)[0] == "used"
    state = chainbook.head(book, "Sharla", "Arenas")
    same = encode_handover(state, 6)                             # another link of the same head
    assert chainbook.receive(book, same)[0] == "same"


def test_used_ids_are_capped():
    book = {}
    for seq in range(1, 30):
        link = encode_handover(ChainState("Sharla", "Arenas", seq, f"{seq:012x}"), seq)
        outcome, _, book = chainbook.receive(book, link, chainbook.plan(book, link).key)
        assert outcome == "adopted"
    assert len(book[KEY]["used"]) == chainbook.USED_CAP
    assert chain_entry(KEY, book[KEY]) == book[KEY]


def test_restore_merges_by_the_higher_number_and_keeps_retired_chains():
    old = {KEY: ChainState("Sharla", "Arenas", 5, "ab" * 6).to_dict(),
           "Kael\n": {**ChainState("Kael", "", 2, "cd" * 6).to_dict(), "retired": 9, "used": ["0" * 12]}}
    incoming = {KEY: ChainState("Sharla", "Arenas", 3, "ef" * 6).to_dict(),
                "Kael\n": {**ChainState("Kael", "", 2, "cd" * 6).to_dict(), "used": ["1" * 12]},
                "Nuevo\n": ChainState("Nuevo", "", 7, "12" * 6).to_dict()}
    book, counts = chainbook.restore(old, incoming)
    assert counts == {"restored": 1, "kept": 2}
    assert book[KEY]["seq"] == 5                                 # never lowered
    assert book["Kael\n"]["retired"] == 9 and book["Kael\n"]["used"] == ["0" * 12, "1" * 12]
    assert book["Nuevo\n"]["seq"] == 7
    higher = {KEY: ChainState("Sharla", "Arenas", 8, "ef" * 6).to_dict()}
    assert chainbook.restore(old, higher)[0][KEY]["seq"] == 8


def test_import_with_defaults_restores_chains():
    book, _ = roll({}, 2)
    doc = storage.backup({"chains": book}, "2026-12-03T00:00:00Z")
    merged = storage.merge({}, doc)
    assert merged["chains"] == book
    after, links = roll(merged["chains"], 1)
    assert verify(links[0])["seq"] == 3                          # no restart after an import


@pytest.mark.parametrize("bad", [{"retired": -1}, {"retired": True}, {"used": ["xyz"]}, {"used": ["0" * 12] * 21}])
def test_stored_extras_are_checked(bad):
    entry = {**ChainState("Sharla", "Arenas", 1, "ab" * 6).to_dict(), **bad}
    with pytest.raises(InvalidRequest):
        chain_entry(KEY, entry)


def test_a_roll_that_took_several_numbers_says_why():
    link = {"seq": 8, "roller": "Sharla"}
    two = [{"seq": 8}, {"seq": 9}]
    assert describe(link, "es", two) == "tirada nº 8–9 (tirada y decisión) de Sharla"
    assert describe(link, "en", two) == "roll #8–9 (roll and decision) by Sharla"
    three = [{"seq": 8}, {"seq": 10}, {"seq": 11}]
    assert describe(link, "es", three) == "tirada nº 8, 10, 11 (tirada y 2 decisiones) de Sharla"
    assert describe(link, "es", [{"seq": 8}]) == "tirada nº 8 de Sharla"


def test_a_forged_hand_over_never_changes_an_active_chain_without_consent():
    """Issue #38: anyone can build a hand-over link for any name and head. Opened in the victim's
    browser, whose chain is active (never handed away), it changes nothing unless the consent names
    exactly this plan; cancelling keeps the chain and the next honest roll keeps its numbering."""
    book, _ = roll({}, 3)
    forged = encode_handover(ChainState("Sharla", "Arenas", 4, "0123456789ab"), 1_700_000_000)
    asked = chainbook.plan(book, forged)
    assert (asked.outcome, asked.consent, asked.here_retired, asked.here.seq) == ("ask", "unknown", None, 3)
    for consent in ("", "yes", "back" + asked.key[len("unknown"):], chainbook.plan({}, forged).key):
        outcome, now, same = chainbook.receive(book, forged, consent)
        assert (outcome, now.seq, same) == ("ask", 3, book)
    book, more = roll(book, 1)                                   # the honest next roll: nº 4, after nº 3
    assert verify(more[0])["seq"] == 4
    assert chainbook.receive(book, forged, asked.key)[0] == "older"   # the old consent names another book


def test_an_absurd_hand_over_head_is_refused_everywhere():
    book, _ = roll({}, 1)
    for seq in (chainbook.MAX_HANDOVER_SEQ + 1, 1_000_000_000):
        link = encode_handover(ChainState("Sharla", "Arenas", seq, "0123456789ab"), 1)
        for where in ({}, book):
            with pytest.raises(InvalidRequest) as err:
                chainbook.receive(where, link, "anything")
            assert err.value.code == "handover.absurd"
    link = encode_handover(ChainState("Sharla", "Arenas", chainbook.MAX_HANDOVER_SEQ, "0123456789ab"), 1)
    assert chainbook.receive({}, link)[0] == "adopted"


def test_only_an_empty_chain_adopts_silently():
    link = encode_handover(ChainState("Sharla", "Arenas", 4, "0123456789ab"), 1)
    outcome, now, book = chainbook.receive({}, link)
    assert outcome == "adopted" and now.seq == 4 and book[KEY]["seq"] == 4
    other, _ = roll({}, 1)
    assert chainbook.receive(other, link)[0] == "ask"


def test_the_heads_another_tab_adopts_are_the_changed_ones_not_retired():
    one, two = ChainState("Ana", "", 1, "ab" * 6).to_dict(), ChainState("Kael", "", 2, "cd" * 6).to_dict()
    before = {"Ana\n": one, "Kael\n": two}
    after = {"Ana\n": {**one, "seq": 2}, "Kael\n": {**two, "retired": 9}, "Sharla\n": one, "Ilse\n": two}
    assert chainbook.changed_keys(before, after) == ["Ana\n", "Sharla\n", "Ilse\n"]
    assert chainbook.changed_keys(after, after) == []
