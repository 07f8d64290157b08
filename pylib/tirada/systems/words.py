"""A roll's outcome in words: one typed shape, one function per system, every output fed by it.

Each roll system says its own outcome in its own module (``outcome_words(result, lang) ->
OutcomeWords``, named by the system's registry entry, :attr:`tirada.systems.registry.SystemSpec.words`):
:mod:`tirada.systems.sifrp_words`, :mod:`tirada.systems.generic_words`, :mod:`tirada.systems.l5r.words`,
:mod:`tirada.systems.tragedia.words`. The screen (web/dice/dice_result.py, web/l5r/ui_l5r_render.py,
web/tragedia/tragedia_result.py), the forum snippets in every style (:mod:`tirada.links.snippets`), the
audit row and the userscript mark (both built from those) call it, so a roll is worded once: «Fallo
insignificante» on the screen is «Fallo insignificante» in the copied post (issue #40;
tests/test_one_voice.py renders every vector through every output and compares).

The word modules use plain Python only (no dataclasses, enum, typing at run time, unicodedata): they
are meant to join the MicroPython reading core (the issue "A roll verified in two seconds on a
phone"), so :class:`OutcomeWords` is a plain class with its own ``__eq__``/``__repr__``.
"""

from __future__ import annotations

__all__ = ["OutcomeWords", "kept_sum", "number", "outcome_words", "pick"]


class OutcomeWords:
    """The words of one roll's outcome, in one language.

    Attributes:
        headline: the outcome, capitalised as a sentence starts (``"Éxito considerable (2 grados)"``,
            ``"Fallo insignificante"``, ``"Gana el Protagonista"``, an outcome band's label), or ``""``
            when nothing is judged (a sum with no difficulty and no bands).
        detail: what follows the headline (``"1 oportunidad, 0 de conflicto"``, a tie rule, a band's
            label after a success), or ``""``.
        total: the total as every output writes it (``"16"``, ``"3 éxitos"``, ``"8 éxitos contra 3"``);
            ``""`` before a stepped check is done.
        kept: the kept dice's faces in the order shown, as strings (``("6", "5", "4")``); ``()`` when
            nothing is kept or dropped (Tragedia: every die counts, even = success).
        ok: ``True`` success, ``False`` failure, ``None`` nothing judged (the screen's colour).
        rolls: the words of each roll of several (``1d20+5; 2d6+3``) or of each character of a SIFRP
            competition (roller first), else ``()``.
    """

    def __init__(self, headline: str = "", total: str = "", kept: tuple = (), detail: str = "",
                 ok: object = None, rolls: tuple = ()) -> None:
        self.headline = headline
        self.total = total
        self.kept = tuple(kept)
        self.detail = detail
        self.ok = ok
        self.rolls = tuple(rolls)

    def _key(self) -> tuple:
        return (self.headline, self.total, self.kept, self.detail, self.ok, self.rolls)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OutcomeWords) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return "OutcomeWords(headline=%r, total=%r, kept=%r, detail=%r, ok=%r, rolls=%r)" % self._key()

    def line(self) -> str:
        """``"Éxito considerable (2 grados)"``, with the detail after a comma when there is one."""
        return ", ".join(x for x in (self.headline, self.detail) if x)


def pick(lang: str) -> int:
    """0 for Spanish, 1 for English (any other language reads as English)."""
    return 0 if lang == "es" else 1


def number(value: object) -> str:
    """A number as every output writes it (a total, a group's sum): a negative one with the minus sign
    (U+2212) the dice, the modifiers and the rule files use, ``"−2"``, never the hyphen ``"-2"``; any
    other value as ``str`` writes it."""
    return str(value).replace("-", "\u2212") if isinstance(value, int) and not isinstance(value, bool) else str(value)


def kept_sum(result: dict) -> str:
    """The kept dice added up as the screen and the snippets write them: ``"6+5+4"``, ``"−1+0+1"``
    (a minus sign, U+2212), ``"0"`` when nothing is kept."""
    kept = result.get("kept") or []
    return "".join(("+" if i and f >= 0 else "") + str(f) for i, f in enumerate(kept)).replace("-", "\u2212") or "0"


def outcome_words(result: dict, lang: str = "es", system: str | None = None) -> OutcomeWords:
    """The outcome words of any system's result: the function its registry entry names.

    Args:
        result: a roll result. lang: ``"es"`` or ``"en"``. system: its system id (default
            ``result["system"]``; a roll of several or a competition row carries none of its own).
    Raises:
        LookupError: a system that is not registered or says no words.
    """
    from ..portable import import_module
    from .registry import REGISTRY

    system = system if system is not None else result.get("system")
    spec = REGISTRY.get(str(system))
    if spec is None or not spec.words:
        raise LookupError(f"no outcome words for system {system!r}")
    module, _, name = spec.words.partition(":")
    return getattr(import_module(module), name)(result, lang)
