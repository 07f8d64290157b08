"""A damaged chain book or campaign-secret map is kept, reported and never replaced (issue #39): it is
copied aside and left where it is, what it still holds is read back (tirada.stored.salvage_*), and
numbering / new secrets are refused until the player keeps what was recovered or imports a copy.

CPython only (imports web/ from the repository)."""

from __future__ import annotations

import json
import sys

import pytest

from tirada.errors import InvalidRequest
from tirada.links.chain import next_link, verify
from tirada.stored import salvage_chains, salvage_sealkeys

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")

from shell import store  # noqa: E402

REQUEST = {"system": "sifrp", "seed": "0" * 32, "test_dice": 2}
A, B = "a" * 64, "b" * 64


def roll(st, who="Sharla") -> dict:
    return verify(st.book.number(who, "Arenas", lambda head: next_link(REQUEST, head, 1)))


def test_salvage_reads_back_the_whole_entries_of_a_cut_value():
    whole = json.dumps({"Arenas": A, "Nor\"te": B})
    assert salvage_sealkeys(whole).intact and salvage_sealkeys(whole).recovered == {"Arenas": A, "Nor\"te": B}
    cut = salvage_sealkeys(whole[:-20])
    assert not cut.intact and cut.recovered == {"Arenas": A} and cut.found == 1
    bad = salvage_sealkeys(json.dumps({"Arenas": A, "Otra": "no hex"}))
    assert not bad.intact and bad.recovered == {"Arenas": A} and bad.found == 2
    assert salvage_sealkeys("garbage").recovered == {} and not salvage_sealkeys("garbage").intact


def test_a_damaged_chain_book_is_kept_held_and_numbering_waits_for_the_decision():
    disk = store.MemoryStorage()
    first = store.Store(disk)
    assert [roll(first)["seq"] for _ in range(3)] == [1, 2, 3]
    roll(first, "Corvo")
    book = disk.getItem(store.CHAIN_KEY)
    damaged = book[:book.index('"Corvo')] + '"Corvo\\nAren'          # the second chain cut in the middle
    disk.setItem(store.CHAIN_KEY, damaged)
    assert salvage_chains(damaged).found == 1

    st = store.Store(disk)
    assert list(st.chains()) == ["Sharla\nArenas"] and st.chains()["Sharla\nArenas"]["seq"] == 3
    assert "storage.held" in st.problems and store.CHAIN_KEY in st.held
    assert disk.getItem(store.CHAIN_KEY) == damaged                         # never replaced…
    assert disk.getItem("tirada.corrupt." + store.CHAIN_KEY) == damaged     # …and kept aside
    for attempt in (lambda: roll(st), lambda: roll(st, "Corvo"), lambda: st.book.hand_over("Sharla", "Arenas", 5)):
        with pytest.raises(InvalidRequest) as err:
            attempt()
        assert err.value.code == "chain.book_held"
    assert disk.getItem(store.CHAIN_KEY) == damaged

    again = store.Store(disk)                              # a reload still holds it (nothing restarts at nº 1)
    with pytest.raises(InvalidRequest):
        roll(again)
    assert again.keep_recovered(store.CHAIN_KEY)           # the player's decision
    assert again.held == {} and "storage.held" not in again.problems
    assert roll(again)["seq"] == 4                          # the recovered chain goes on
    assert roll(again, "Corvo")["seq"] == 1                 # the lost one starts again (the audit shows it)
    assert disk.getItem("tirada.corrupt." + store.CHAIN_KEY) == damaged


def test_a_damaged_secret_map_keeps_its_readable_secret_and_makes_no_new_one():
    disk = store.MemoryStorage()
    damaged = '{"Arenas": "' + A + '", "Norte": "' + B[:30]
    disk.setItem(store.SEAL_KEY, damaged)
    st = store.Store(disk)
    assert st.campaign_secret("Arenas") == A                # a recovered secret still opens its rolls
    with pytest.raises(InvalidRequest) as err:
        st.campaign_secret("Norte")                          # maybe the damaged one: never replaced
    assert err.value.code == "sealed.keys_held"
    assert disk.getItem(store.SEAL_KEY) == damaged and disk.getItem("tirada.corrupt." + store.SEAL_KEY) == damaged
    assert st.all_data()["sealkeys"] == {"Arenas": A}
    assert st.keep_recovered(store.SEAL_KEY)
    assert len(st.campaign_secret("Norte")) == 64 and st.campaign_secrets()["Arenas"] == A
    assert disk.getItem("tirada.corrupt." + store.SEAL_KEY) == damaged
