"""Read-only records for game states: :class:`Record`, :func:`freeze` and :func:`plain`.

A game state is a frozen dataclass (issue #25: ``(state, move, dice) -> new state``); the JSON-like
records it keeps (the Confrontation's exchange records, Yields, standing orders, Weaknesses) are
:class:`Record` values, so nothing can change a state in place: item assignment raises
``TypeError``. A move that changes a record builds a new one (``{**old, key: value}``) and the
state freezes it when it is made (``State.__post_init__``).

A :class:`Record` is a read-only, hashable mapping equal to the dict with the same items (``Record(d)
== d``), so readers that index, ``.get``, iterate or copy (``dict(r)``, ``{**r}``) it see what they saw
with a dict. It is not a dict: JSON output goes through :func:`plain`. (A :class:`tirada.systems.moves.Move`
keeps its JSON object as a ``MappingProxyType``, which is neither hashable nor equal-by-type; a
Record is both, so a state made only of frozen values and Records hashes.)

On MicroPython (the reading core, issue #41), which has no ``collections.abc``, :func:`freeze` makes
plain dicts instead of Records: the same values, not read-only there (the core only replays links;
CPython's tests check that no move writes into a record, so both interpreters compute the same).
"""

from __future__ import annotations

from typing import Any

try:
    from collections.abc import ItemsView, Iterator, KeysView, Mapping, ValuesView
    _RecordBase = Mapping[str, Any]
    _READ_ONLY = True
except ImportError:   # MicroPython (the reading core) has no collections.abc: a record is a plain dict there
    from typing import Mapping   # (its stand-in: dict)

    _RecordBase = object   # type: ignore[assignment,misc]
    _READ_ONLY = False

__all__ = ["Record", "freeze", "plain"]


class Record(_RecordBase):
    """A read-only JSON object: the items of ``data`` (a mapping or ``(key, value)`` pairs) and
    ``kw``, each value frozen by :func:`freeze` (objects → Records, lists and tuples → tuples).

    Equal to any mapping with the same items (a dict included); hashable when its values are;
    ``r[k] = v``, ``del r[k]`` and attribute assignment raise (``TypeError`` / ``AttributeError``).
    """

    __slots__ = ("_items", "_hash")
    _items: dict
    _hash: int | None

    def __init__(self, data: Any = (), **kw: Any) -> None:
        object.__setattr__(self, "_items", {k: freeze(v) for k, v in dict(data, **kw).items()})
        object.__setattr__(self, "_hash", None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Record is read-only (cannot set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Record is read-only (cannot delete {name!r})")

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def get(self, key: str, default: Any = None) -> Any:
        """The value of ``key``, else ``default`` (as ``dict.get``)."""
        return self._items.get(key, default)

    def keys(self) -> KeysView[str]:
        """The keys, in the order given (a read-only view)."""
        return self._items.keys()

    def values(self) -> ValuesView[Any]:
        """The values, in key order (a read-only view)."""
        return self._items.values()

    def items(self) -> ItemsView[str, Any]:
        """The ``(key, value)`` pairs, in key order (a read-only view)."""
        return self._items.items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Record):
            return self._items == other._items
        if isinstance(other, dict):
            return self._items == other
        if isinstance(other, Mapping):
            return self._items == dict(other.items())
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(frozenset(self._items.items())))
        return hash(self._hash)

    def __repr__(self) -> str:
        return f"Record({self._items!r})"

    def __reduce__(self) -> tuple:
        return (Record, (self._items,))


#: types whose values are frozen as they are (a Record is frozen when it is made)
_FLAT = frozenset({Record, str, int, bool, float, type(None)})


def freeze(value: Any) -> Any:
    """``value`` deeply read-only: a mapping → :class:`Record`, a list or tuple → a tuple of frozen
    values; a Record, and a tuple whose items are already frozen, come back as they are (the same
    object, so freezing a state twice costs one pass and copies nothing). Other values (numbers,
    text, None, frozen dataclasses) are returned unchanged."""
    if type(value) in _FLAT:
        return value
    if isinstance(value, tuple):
        if all(type(v) in _FLAT for v in value):   # the common case, checked without copying
            return value
        out = tuple(freeze(v) for v in value)
        return value if all(a is b for a, b in zip(out, value)) else out
    if isinstance(value, Mapping):
        return Record(value) if _READ_ONLY else {k: freeze(v) for k, v in value.items()}
    if isinstance(value, list):
        return tuple(freeze(v) for v in value)
    return value


def plain(value: Any) -> Any:
    """The inverse of :func:`freeze` for output: every Record (at any depth) as a fresh dict; tuples
    stay tuples (with plain items), as the records held them before they were frozen. For JSON."""
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(plain(v) for v in value)
    return value
