"""web/shell/store.py's chain book glue (issue #25 item 2): one memory fallback, a full storage read and
never replaced, a number never handed out that cannot be stored.

CPython only (imports web/ from the repository)."""

from __future__ import annotations

import sys

import pytest

from tirada.errors import InvalidRequest
from tirada.links.chain import next_link, verify

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")

from shell import store  # noqa: E402

REQUEST = {"system": "sifrp", "seed": "0" * 32, "test_dice": 2}


class FullStorage(store.MemoryStorage):
    """A localStorage another app of the site filled: reads work, every write throws."""

    full = True

    @property
    def length(self) -> int:
        return len(self._data)

    def key(self, i):
        return list(self._data)[i]

    def setItem(self, key, value):  # noqa: N802
        if self.full:
            raise RuntimeError("QuotaExceededError")
        super().setItem(key, value)


def roll(st) -> dict:
    return verify(st.book.number("Sharla", "Arenas", lambda head: next_link(REQUEST, head, 1)))


def test_a_full_storage_is_read_not_replaced_and_refuses_to_number():
    disk = FullStorage()
    disk.full = False
    first = store.Store(disk)
    links = [roll(first) for _ in range(2)]
    assert [v["seq"] for v in links] == [1, 2]
    book = first.chains()
    disk.full = True

    st = store.Store(disk)                           # the next visit finds it full
    assert st.problems == ["storage.full"] and st.storage is disk
    assert st.chains() == book and st.all_data()["chains"] == book   # kept and exportable
    with pytest.raises(InvalidRequest) as err:
        roll(st)
    assert err.value.code == "chain.storage_full" and st.chains() == book
    assert st.book.number("", "Arenas", lambda head: (head, None)) is None   # unnamed rolls go on, unnumbered
    disk.full = False                                 # space freed: the chain goes on, no restart
    assert roll(st)["seq"] == 3


def test_refused_storage_is_the_one_memory_fallback():
    st = store.Store(None)
    assert st.problems == ["storage.unavailable"] and isinstance(st.storage, store.MemoryStorage)
    assert [roll(st)["seq"] for _ in range(3)] == [1, 2, 3]


def test_hand_over_and_receive_through_the_store():
    phone, desk = store.Store(store.MemoryStorage()), store.Store(store.MemoryStorage())
    roll(phone)
    link, state = phone.book.hand_over("Sharla", "Arenas", 10)
    assert phone.book.retired("Sharla", "Arenas").to_dict() == {"seq": 1, "created": 10}
    with pytest.raises(InvalidRequest) as err:
        roll(phone)
    assert err.value.code == "chain.retired"
    assert desk.book.receive(link)[0] == "adopted" and roll(desk)["seq"] == 2
    assert desk.book.receive(link) == ("used", desk.book.head("Sharla", "Arenas"))
