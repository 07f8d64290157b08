"""The name asked for before the first roll (issue 38; web/roll/ui_who.py): the store's rule of when the
roll form asks, and the «Tirar sin firmar» choice it remembers, on working, refused, full and damaged
storage. CPython only (imports web/)."""

from __future__ import annotations

import sys

import pytest

from tirada import new_seed
from tirada.links.roll_link import roll_link

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")

from shell import store  # noqa: E402


class FullStorage(store.MemoryStorage):
    """A storage that reads but refuses every write (another app of the site filled it)."""

    length = 0

    def setItem(self, key, value):  # noqa: N802 - Web Storage API names
        raise RuntimeError("QuotaExceededError")


def _named_roll(st: store.Store, roller: str, campaign: str = "") -> None:
    """One signed roll numbered by the chain book, as the page makes it (ui_roll.make_link)."""
    request = {"system": "generic", "dice": 1, "sides": 6, "seed": new_seed()}

    def step(state):
        done = roll_link(request, state, 1_760_000_000)
        return done, done.chain

    st.book.number(roller, campaign, step)


def test_a_first_visit_asks_and_a_typed_name_does_not():
    st = store.Store(store.MemoryStorage())
    assert st.asks_for_name("") is True
    assert st.asks_for_name("   ") is True          # blanks are no name
    assert st.asks_for_name("Sharla") is False


def test_the_unsigned_choice_is_remembered_and_ends_the_ask():
    storage = store.MemoryStorage()
    st = store.Store(storage)
    assert st.unsigned_chosen() is False
    assert st.choose_unsigned() is True
    assert st.unsigned_chosen() is True and st.asks_for_name("") is False
    assert store.Store(storage).asks_for_name("") is False    # the next visit (a new page, same storage)


def test_a_remembered_name_or_a_chain_ends_the_ask():
    storage = store.MemoryStorage()
    st = store.Store(storage)
    st.set_roller("Sharla", "Aguasdulces")
    assert store.Store(storage).asks_for_name("") is False
    other = store.MemoryStorage()
    st = store.Store(other)
    _named_roll(st, "Corvo", "Arenas")
    assert st.chains() != {}
    st.set_roller("", "")                            # the name field emptied since: the chain still counts
    assert store.Store(other).asks_for_name("") is False


def test_an_unsigned_roll_alone_keeps_asking():
    """Rolling without a name (no choice made) stores no chain: the next visit still asks."""
    st = store.Store(store.MemoryStorage())
    st.set_roller("", "")                            # what ui_roll.chain_identity stores for an unnamed roll
    assert st.asks_for_name("") is True


def test_refused_storage_asks_and_takes_the_choice_for_the_session():
    st = store.Store(None)                           # no localStorage at all: the memory fallback
    assert "storage.unavailable" in st.problems
    assert st.asks_for_name("") is True
    assert st.choose_unsigned() is True and st.asks_for_name("") is False


def test_full_storage_refuses_the_choice_without_crashing():
    st = store.Store(FullStorage())
    assert st.asks_for_name("") is True
    assert st.choose_unsigned() is False and "storage.full" in st.problems
    assert st.asks_for_name("") is True              # the page keeps the choice for the session (ui_who.Ask)


@pytest.mark.parametrize("raw", ['"yes"', "{not json", "1", "null", '{"unsigned": true}'])
def test_a_damaged_choice_reads_as_not_chosen(raw):
    storage = store.MemoryStorage()
    storage.setItem(store.UNSIGNED_KEY, raw)
    st = store.Store(storage)
    assert st.unsigned_chosen() is False and st.asks_for_name("") is True


def test_a_damaged_chain_book_held_for_a_decision_does_not_ask():
    """A damaged book may hold chains: the page shows its own decision, not a first-visit ask."""
    storage = store.MemoryStorage()
    storage.setItem(store.CHAIN_KEY, "{not json")
    st = store.Store(storage)
    assert store.CHAIN_KEY in st.held
    assert st.asks_for_name("") is False
