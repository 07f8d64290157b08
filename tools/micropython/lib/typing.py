"""The names of :mod:`typing` the reading core imports, for MicroPython (docs/architecture.md).

MicroPython has no ``typing`` module and ignores annotations, so the core's ``from typing import …``
only needs the names to exist. Every name here is a do-nothing stand-in that can be subscripted
(``Mapping[str, Any]``) and called (``cast(T, x)`` returns ``x``). ``Mapping`` is ``dict`` so that the
core's ``isinstance(x, Mapping)`` checks of JSON input keep their meaning. ``TYPE_CHECKING`` is
false. Loaded on MicroPython only (copied into its ``/lib``); CPython and Pyodide use the real one.
"""

TYPE_CHECKING = False


class _Any:
    """A stand-in type: subscripting and calling it give back something harmless."""

    def __getitem__(self, item):
        return self

    def __call__(self, *args, **kwargs):
        return self


_ANY = _Any()
Any = Callable = Dict = Iterable = Iterator = List = Optional = Tuple = Union = _ANY
Sequence = Set = FrozenSet = Type = Literal = Final = ClassVar = Generator = _ANY
Mapping = MutableMapping = dict
Protocol = Generic = object


def cast(kind, value):
    """``typing.cast``: ``value`` unchanged."""
    return value


def overload(func):
    """``typing.overload``: the function unchanged."""
    return func


TypedDict = dict
