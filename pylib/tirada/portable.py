"""What the reading core needs that MicroPython lacks, in one place (docs/architecture.md §The reading core).

Longer than 400 lines because it is that one place: each stand-in is small, and splitting them would
give the core two modules to import for the same reason.

The reading core (:data:`tirada.reading_core.CORE_MODULES`) runs unchanged on CPython 3.11+, Pyodide
and MicroPython 1.27. MicroPython has no ``dataclasses``, ``importlib``, ``secrets``, ``bisect`` or
``unicodedata``; the core takes these from here instead:

* :class:`Struct` — the base of the core's typed records (plain classes with an explicit
  ``__init__``): equality, hash and ``repr`` from :attr:`Struct._fields`, frozen after ``__init__``,
  :meth:`Struct.replace` (``dataclasses.replace``) and :meth:`Struct.as_dict` (``dataclasses.asdict``).
* :func:`import_module` — ``importlib.import_module`` (absolute or relative names);
  :func:`lazy_attribute` — a package's PEP 562 ``__getattr__`` (names loaded on first use).
* :func:`token_hex` — ``secrets.token_hex``, or the secure random bytes the page hands in with
  :func:`supply_random` (MicroPython has no source of its own: the roll form on the core, issue #41);
  with neither it raises :class:`NeedsFullEngine` (reading a link never needs fresh randomness).
* :func:`category`, :func:`nfc`, :func:`is_nfc` — the Unicode facts names and link texts need; from
  ``unicodedata`` where it exists, else from the generated :mod:`tirada.unicode_core_data`.
* :func:`normalize`, :func:`casefold` — the other forms and case folding (look-alike names): an ASCII
  text needs no table; any other raises :class:`NeedsFullEngine` without ``unicodedata`` (MicroPython
  has no ``str.casefold``, and its ``"Á".lower()`` is ``"Á"``).
* :func:`utc_iso` — Unix seconds as ``"YYYY-MM-DDTHH:MM:SSZ"`` (MicroPython's ``datetime`` has no
  ``strftime``; no platform ``time_t`` either, so Pyodide gives the same).
* :func:`bisect_right` — ``bisect.bisect_right``; :func:`compare_digest` — ``hmac.compare_digest``.
* :func:`merged` — ``{**a, **b}`` (MicroPython has no ``**`` or ``*`` inside a dict, list, tuple or set
  display: the core writes ``merged(a, {"k": v})``, ``(x,) + tuple(rest)``).
* :func:`is_whole` — ``float.is_integer``; :func:`is_ascii` — ``str.isascii`` (MicroPython has neither).
* :func:`fullmatch` — ``pattern.fullmatch(text)`` for one greedy character class (MicroPython has none);
  :func:`is_space`, :func:`is_decimal` — ``str.isspace``, ``str.isdecimal`` (MicroPython's know ASCII only);
  :func:`strip` — ``str.strip()`` with Unicode's spaces (MicroPython's strips ASCII ones only);
  :func:`has_unicodedata` — whether the full Unicode data is here (False on MicroPython).
* :func:`stable_sorted` — ``sorted(items, key=key, reverse=reverse)`` with equal keys kept in their
  order, as CPython's sort does (MicroPython's sort is not stable). Text helpers: :mod:`tirada.portable_text`.

CPython and Pyodide take the standard modules (the fallbacks run only where they are missing), so
their results are those of the standard library; ``tests/test_reading_core.py`` checks the fallbacks
against it and runs the core on MicroPython (its other limits: docs/architecture.md §How the core is written).
"""

from __future__ import annotations

from typing import Any

try:
    import unicodedata as _unicodedata
except ImportError:   # MicroPython
    _unicodedata = None   # type: ignore[assignment]
try:
    import secrets as _secrets
except ImportError:   # MicroPython
    _secrets = None   # type: ignore[assignment]
try:
    from urllib.parse import quote as _quote
except ImportError:   # MicroPython
    _quote = None   # type: ignore[assignment]

__all__ = ["NeedsFullEngine", "Struct", "bisect_right", "casefold", "category", "import_module", "is_ascii", "lazy_attribute",
           "compare_digest", "is_nfc", "nfc", "normalize", "token_hex", "utc_iso", "merged", "is_whole", "fullmatch",
           "is_space", "is_decimal", "stable_sorted", "supply_random", "strip", "has_unicodedata"]


class NeedsFullEngine(NotImplementedError):
    """This interpreter cannot do what was asked (MicroPython: a text NFC would change, no secure
    randomness); the full engine (Pyodide, CPython) can. Not a refusal: the page hands the work to
    the full engine and never shows this to a user."""


class Struct:
    """Base of the core's typed records: a plain class whose ``__init__`` sets each field in
    :attr:`_fields` with :meth:`_set` (``object.__setattr__``); afterwards the record is frozen.

    Two records are equal when they are of the same class with equal fields; the hash and the
    ``repr`` (``Name(field=value, …)``) follow the fields too, as a frozen dataclass's do."""

    #: the field names, in ``repr`` and constructor order
    _fields: tuple = ()

    def _set(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)

    def _init(self, *values: Any) -> None:
        """Set the fields of :attr:`_fields` to ``values``, in order (an ``__init__`` in one line)."""
        for name, value in zip(self._fields, values):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r} of a frozen {type(self).__name__}")

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({fields})"

    def as_dict(self) -> dict:
        """``dataclasses.asdict``: ``{field: value}`` in field order, dicts, lists and tuples copied."""
        return {name: _copied(getattr(self, name)) for name in self._fields}

    def replace(self, **changes: Any) -> Any:
        """A copy with ``changes`` (field → value), built through ``__init__`` so its checks run
        (``dataclasses.replace``). Raises TypeError for a name that is not a field."""
        unknown = [name for name in changes if name not in self._fields]
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {unknown[0]!r}")
        values = {name: changes[name] if name in changes else getattr(self, name) for name in self._fields}
        return type(self)(**values)


def _copied(value: Any) -> Any:
    """``value`` with its dicts, lists and tuples copied, records as :meth:`Struct.as_dict`."""
    if isinstance(value, Struct):
        return value.as_dict()
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_copied(item) for item in value)
    return value


def compare_digest(a: Any, b: Any) -> bool:
    """``hmac.compare_digest`` (MicroPython's ``hmac`` has none): equal texts or bytes, in time that
    depends on their length only."""
    try:
        import hmac

        return hmac.compare_digest(a, b)
    except (ImportError, AttributeError):
        pass
    if len(a) != len(b):
        return False
    diff = 0
    for x, y in zip(a, b):
        diff |= (ord(x) ^ ord(y)) if isinstance(x, str) else (x ^ y)
    return diff == 0


def import_module(name: str, package: str | None = None) -> Any:
    """``importlib.import_module``: the module ``name`` (``".dice"`` relative to ``package``)."""
    import sys

    if name.startswith("."):
        if not package:
            raise TypeError(f"a relative import of {name!r} needs a package")
        level = len(name) - len(name.lstrip("."))
        base = package.split(".")
        if level > 1:
            base = base[:len(base) - level + 1]
        name = ".".join(base) + ("." + name[level:] if name[level:] else "")
    module = sys.modules.get(name)
    if module is None:
        __import__(name)
        module = sys.modules[name]
    return module


def lazy_attribute(package: str, homes: dict, namespace: dict, name: str) -> Any:
    """A package's ``__getattr__`` (PEP 562): the public ``name`` from its module ``homes[name]``
    (relative to ``package``), kept in the package's ``namespace`` once loaded; else the submodule
    ``package.name`` (``from tirada import names``: MicroPython asks ``__getattr__`` before importing a
    submodule). Raises AttributeError for anything else."""
    home = homes.get(name)
    if home is None:
        if not name.startswith("__"):
            try:
                return import_module("." + name, package)
            except ImportError:
                pass
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    value = getattr(import_module(home, package), name)
    namespace[name] = value
    return value


#: secure random bytes handed in by the host where the interpreter has no source of its own
#: (:func:`supply_random`): lowercase hex, consumed from the front
_SUPPLIED = [""]


def supply_random(hex_digits: str) -> None:
    """Hand in secure random bytes for :func:`token_hex` on an interpreter without a source of its own
    (MicroPython: the page's core worker passes ``crypto.getRandomValues`` output before a roll; issue #41).
    ``hex_digits``: lowercase hex, an even number of digits; what was left of an earlier supply is
    dropped (never reused across rolls; ``""`` empties it). While it lasts it is used on every
    interpreter, so that the same supply gives the same link on CPython and MicroPython (the core's
    tests compare them); :mod:`secrets` takes over when it runs short.

    Raises:
        ValueError: ``hex_digits`` is not lowercase hex of even length.
    """
    text = str(hex_digits)
    if len(text) % 2 or any(c not in "0123456789abcdef" for c in text):
        raise ValueError("random supply: lowercase hex of even length expected")
    _SUPPLIED[0] = text


def token_hex(nbytes: int) -> str:
    """``secrets.token_hex(nbytes)``: ``2 * nbytes`` lowercase hex digits from a secure source: the bytes
    handed in by :func:`supply_random` while they last (each used once), else the :mod:`secrets` module.

    Raises:
        NeedsFullEngine: too few supplied bytes left where there is no :mod:`secrets` (MicroPython has no
        ``os.urandom``).
    """
    need = 2 * nbytes
    pool = _SUPPLIED[0]
    if len(pool) >= need:
        _SUPPLIED[0] = pool[need:]
        return pool[:need]
    if _secrets is None:
        raise NeedsFullEngine("no secure random source in this interpreter")
    return _secrets.token_hex(nbytes)


def bisect_right(values: Any, x: Any) -> int:
    """``bisect.bisect_right``: the index after the last item of sorted ``values`` that is ``<= x``."""
    lo, hi = 0, len(values)
    while lo < hi:
        mid = (lo + hi) // 2
        if x < values[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


_RUNS: dict = {}


def _runs(kind: str) -> tuple:
    """``(starts, ends, values)`` of a table of :mod:`tirada.unicode_core_data`, parsed once."""
    if kind not in _RUNS:
        from . import unicode_core_data as data

        if kind == "category":
            words = "".join(data.CATEGORY_RUNS).split()
            triples = [(int(words[i], 16), int(words[i + 1], 16), words[i + 2]) for i in range(0, len(words), 3)]
        else:
            words = "".join(data.NFC_UNSAFE_RUNS).split()
            triples = [(int(words[i], 16), int(words[i + 1], 16), "") for i in range(0, len(words), 2)]
        _RUNS[kind] = ([t[0] for t in triples], [t[1] for t in triples], [t[2] for t in triples])
    return _RUNS[kind]


def _lookup(kind: str, ch: str) -> str | None:
    starts, ends, values = _runs(kind)
    cp = ord(ch)
    i = bisect_right(starts, cp) - 1
    return values[i] if i >= 0 and cp <= ends[i] else None


def has_unicodedata() -> bool:
    """Whether this interpreter has ``unicodedata`` (CPython, Pyodide), so that ``str`` methods and
    ``re`` know every Unicode character; False on MicroPython, where a core module that would need them
    raises :class:`NeedsFullEngine` instead."""
    return _unicodedata is not None


def category(ch: str) -> str:
    """The Unicode general category of the character ``ch`` (``unicodedata.category``). Without
    ``unicodedata`` only Cc, Cs, Cf, Co, Zl, Zp, Mn, Me, Zs and Nd are told apart (Unicode 14.0, the
    categories the core tests); every other character gives ``"Lo"``."""
    if _unicodedata is not None:
        return _unicodedata.category(ch)
    return _lookup("category", ch) or "Lo"


def is_nfc(text: str) -> bool:
    """True when ``text`` is in Unicode normalization form C (``unicodedata.is_normalized``).
    Without ``unicodedata``: True for a text with no character NFC may change; else raises
    NeedsFullEngine."""
    if _unicodedata is not None:
        return _unicodedata.is_normalized("NFC", text)
    if any(ord(ch) >= 0x300 and _lookup("nfc", ch) is not None for ch in text):
        raise NeedsFullEngine("this text needs Unicode normalization")
    return True


def nfc(text: str) -> str:
    """``text`` in Unicode normalization form C (``unicodedata.normalize("NFC", text)``). Without
    ``unicodedata``: ``text`` itself when no character of it may change, else raises NeedsFullEngine."""
    if _unicodedata is not None:
        return _unicodedata.normalize("NFC", text)
    is_nfc(text)
    return text


def normalize(form: str, text: str) -> str:
    """``unicodedata.normalize(form, text)``. Without ``unicodedata``: an ASCII text (every form
    leaves it as it is) or, for ``"NFC"``, :func:`nfc`; else raises NeedsFullEngine."""
    if _unicodedata is not None:
        return _unicodedata.normalize(form, text)   # type: ignore[arg-type]
    if form == "NFC":
        return nfc(text)
    if not is_ascii(text):
        raise NeedsFullEngine(f"this text needs Unicode normalization ({form})")
    return text


_FOLDS: list = []


def _fold_tables() -> tuple:
    """``(starts, ends, steps, deltas, long)`` of :data:`tirada.unicode_core_data.CASEFOLD_RUNS` and
    ``CASEFOLD_LONG``, parsed once."""
    if not _FOLDS:
        from . import unicode_core_data as data

        words = "".join(data.CASEFOLD_RUNS).split()
        quads = [[int(w, 16) for w in words[i:i + 4]] for i in range(0, len(words), 4)]
        long = {}
        for group in "".join(data.CASEFOLD_LONG).split(";"):
            codes = [int(w, 16) for w in group.split()]
            long[codes[0]] = "".join(chr(c) for c in codes[1:])
        _FOLDS.append(([q[0] for q in quads], [q[1] for q in quads], [q[2] for q in quads], [q[3] for q in quads],
                       long))
    return _FOLDS[0]


def _fold_char(ch: str) -> str:
    """``ch.casefold()`` from the tables of :mod:`tirada.unicode_core_data`."""
    cp = ord(ch)
    if cp < 0x80:
        return ch.lower()
    starts, ends, steps, deltas, long = _fold_tables()
    if cp in long:
        return long[cp]
    i = bisect_right(starts, cp) - 1
    if i >= 0 and cp <= ends[i] and (cp - starts[i]) % steps[i] == 0:
        return chr(cp + deltas[i])
    return ch


def casefold(text: str) -> str:
    """``text.casefold()``. Without ``str.casefold`` (MicroPython): each character folded from the
    tables of :mod:`tirada.unicode_core_data` (CPython's ``casefold`` of the same Unicode version)."""
    fold = getattr(text, "casefold", None)
    if fold is not None:
        return fold()
    text = text.lower()                 # MicroPython: the ASCII letters
    if is_ascii(text):
        return text
    for ch in set(text):                # each other character once (folding twice changes nothing)
        if ord(ch) >= 0x80:
            folded = _fold_char(ch)
            if folded != ch:
                text = text.replace(ch, folded)
    return text


def is_ascii(text: str) -> bool:
    """``text.isascii()``: True when every character is below U+0080 (True for ``""``)."""
    isascii = getattr(text, "isascii", None)
    if isascii is not None:
        return isascii()
    return len(text.encode("utf-8")) == len(text)   # MicroPython: one byte a character, all ASCII


def utc_iso(seconds: int) -> str:
    """Unix time ``seconds`` (0..253402300799) as ``"YYYY-MM-DDTHH:MM:SSZ"`` in UTC, computed from
    the proleptic Gregorian calendar (H. Hinnant's ``civil_from_days``), the same on every interpreter."""
    days, rest = divmod(int(seconds), 86400)
    hour, rest = divmod(rest, 3600)
    minute, second = divmod(rest, 60)
    days += 719468
    era = days // 146097
    doe = days - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + 3 if mp < 10 else mp - 9
    year = yoe + era * 400 + (1 if month <= 2 else 0)
    return "%04d-%02d-%02dT%02d:%02d:%02dZ" % (year, month, day, hour, minute, second)


def merged(*mappings: Any) -> dict:
    """A new dict with the items of each mapping in turn, later ones winning: ``{**a, **b}``, in the
    same key order on CPython."""
    out: dict = {}
    for mapping in mappings:
        out.update(mapping)
    return out


def is_whole(value: float) -> bool:
    """``value.is_integer()``: a finite float with no fractional part."""
    return value == value and value not in (float("inf"), float("-inf")) and value == int(value)


def fullmatch(pattern: Any, text: str) -> bool:
    """True when the compiled ``pattern`` matches the whole of ``text`` (``pattern.fullmatch``). Where
    ``fullmatch`` is missing (MicroPython) the longest match from the start must be ``text``: exact for
    a pattern whose match at the start is the longest possible (one greedy character class, ``*`` or
    ``+``), read in pieces of 4,096 characters (MicroPython's ``re`` recurses once a character: 20,000
    overflow its stack)."""
    full = getattr(pattern, "fullmatch", None)
    if full is not None:
        return full(text) is not None
    for piece in (text[at:at + 4096] for at in range(0, max(len(text), 1), 4096)):
        found = pattern.match(piece)
        if found is None or found.group(0) != piece:
            return False
    return True


_SPACES = frozenset(" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85")


def is_space(ch: str) -> bool:
    """``ch.isspace()`` for one character: ASCII and Unicode whitespace (category Zs, Zl, Zp and the
    separators U+001C..U+001F, U+0085), the same on MicroPython, whose ``isspace`` knows ASCII only."""
    if _unicodedata is not None:   # CPython, Pyodide: isspace knows them all
        return ch.isspace()
    if ord(ch) < 0x80:
        return ch in _SPACES
    return ch in _SPACES or category(ch) in ("Zs", "Zl", "Zp")


def is_decimal(ch: str) -> bool:
    """``ch.isdecimal()`` for one character (what ``\\d`` matches: Unicode category Nd); MicroPython,
    which has no ``isdecimal``: ASCII digits and the Nd characters of :mod:`tirada.unicode_core_data`."""
    decimal = getattr(ch, "isdecimal", None)
    if decimal is not None:
        return decimal()
    if ord(ch) < 0x80:
        return ch in "0123456789" and ch != ""
    return category(ch) == "Nd"


def strip(text: str) -> str:
    """``text.strip()`` as CPython strips it (Unicode spaces too, :func:`is_space`), on MicroPython too
    (whose ``strip`` knows ASCII spaces only)."""
    if _unicodedata is not None:
        return text.strip()
    start, end = 0, len(text)
    while start < end and is_space(text[start]):
        start += 1
    while end > start and is_space(text[end - 1]):
        end -= 1
    return text[start:end]


def stable_sorted(items: Any, key: Any, reverse: bool = False) -> list:
    """``sorted(items, key=key, reverse=reverse)``, items with equal keys in their given order on
    every interpreter (``key`` gives comparable values)."""
    indexed = list(enumerate(items))
    if reverse:
        indexed.sort(key=lambda pair: (key(pair[1]), -pair[0]), reverse=True)
    else:
        indexed.sort(key=lambda pair: (key(pair[1]), pair[0]))
    return [item for _, item in indexed]
