"""Outcome-band presets for the games Spanish forums play most (issue 28 item 4; docs/notation.md
§Presets): each turns one or two numbers into a roll written as notation plus its
:class:`~tirada.systems.bands.Bands`, in Spanish or English.

============  ==========================================  =====================  ======================
preset id     game                                        ``value``              ``versus``
============  ==========================================  =====================  ======================
``pbta``      Powered by the Apocalypse: 2d6 + stat       stat −3..5             —
``dnd``       D&D 5e: d20 + modifier vs DC                modifier −10..20       DC 1..40
``dnd_adv``   the same with advantage (``2d20kh1``)       modifier               DC
``dnd_dis``   the same with disadvantage (``2d20kl1``)    modifier               DC
``coc``       La llamada de Cthulhu 7e: d100 under skill  skill 1..99            bonus (+) / penalty
                                                                                 (−) dice −2..2
``fate``      Fate: 4dF + skill on the ladder             skill −2..8            —
``wod``       Vampiro / World of Darkness: d10 pool,      pool 1..30             difficulty 2..10
              successes ≥ difficulty, 1s subtract
============  ==========================================  =====================  ======================

Rules encoded (and their limits, stated in docs/notation.md §Presets):

* PbtA: ≤6 miss, 7–9 partial success, ≥10 full success.
* D&D 5e: a check succeeds when the total meets the DC; advantage keeps the higher of 2d20,
  disadvantage the lower. A natural 20/1 is a die, not a total: the card shows the die.
* Call of Cthulhu 7e (Keeper's rulebook, success levels): 01 critical; ≤ skill/5 extreme; ≤ skill/2
  hard; ≤ skill regular; above it failure; 100 fumble, or 96–100 when the skill is under 50 (fifths
  and halves rounded down). Bonus/penalty dice: one tens die more per die, the lowest (bonus) or
  highest (penalty) result kept. Rolled as ``(Nd10kl1−1)×10 + 1d10``: for each tens die t (0..9)
  and the units die u (1..10) the value 10t + u runs over 1..100 once, which is the book's
  percentile read with 00+0 = 100, and keeping the lowest/highest tens keeps the lowest/highest
  result: the same law as the book's dice, drawn in the order tens dice first, then units.
* Fate (Fate Core / Fate Básico ladder): −2 Terrible … +8 Legendary; below −2 still Terrible and
  above +8 still Legendary (the ladder's ends).
* World of Darkness (V20): each die ≥ difficulty a success, each 1 takes one away; 0 or less a
  failure, then 1 marginal, 2 moderate, 3 complete, 4 exceptional, 5+ phenomenal. A botch (no
  success and a 1) depends on the dice, not the total: the card shows the dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import InvalidRequest
from .bands import Bands

__all__ = ["PRESETS", "PresetRoll", "PresetSpec", "preset_roll", "recognize"]

RULE = "notation.md §Presets"


@dataclass(frozen=True)
class PresetSpec:
    """One preset: ``id``; ``value`` and ``versus`` are ``(lo, hi, default)`` of its two numbers
    (``versus`` ``None`` when it has one)."""

    id: str
    value: "tuple[int, int, int]"
    versus: "tuple[int, int, int] | None" = None


@dataclass(frozen=True)
class PresetRoll:
    """What a preset gives: ``notation`` (docs/notation.md) and ``bands``; :meth:`request` joins them."""

    notation: str
    bands: Bands

    def request(self) -> dict:
        """``{"system": "generic", "notation", "bands"}``: expand it with
        :func:`tirada.systems.notation.expand` (the link carries the fields, never the text)."""
        return {"system": "generic", "notation": self.notation, "bands": self.bands.to_value()}


PRESETS = {p.id: p for p in (
    PresetSpec("pbta", (-3, 5, 0)),
    PresetSpec("dnd", (-10, 20, 0), (1, 40, 15)),
    PresetSpec("dnd_adv", (-10, 20, 0), (1, 40, 15)),
    PresetSpec("dnd_dis", (-10, 20, 0), (1, 40, 15)),
    PresetSpec("coc", (1, 99, 50), (-2, 2, 0)),
    PresetSpec("fate", (-2, 8, 0)),
    PresetSpec("wod", (1, 30, 5), (2, 10, 6)),
)}

_WORDS: "dict[str, dict[str, tuple[str, ...]]]" = {
    "pbta": {"es": ("Fallo", "Éxito parcial", "Éxito"), "en": ("Miss", "Partial success", "Full success")},
    "dnd": {"es": ("Fallo", "Éxito"), "en": ("Failure", "Success")},
    "coc": {"es": ("Crítico", "Extremo", "Difícil", "Normal", "Fallo", "Pifia"),
            "en": ("Critical", "Extreme", "Hard", "Regular", "Failure", "Fumble")},
    "fate": {"es": ("Terrible", "Malo", "Mediocre", "Normal", "Bueno", "Grande", "Excelente", "Soberbio",
                    "Fantástico", "Épico", "Legendario"),
             "en": ("Terrible", "Poor", "Mediocre", "Average", "Fair", "Good", "Great", "Superb", "Fantastic",
                    "Epic", "Legendary")},
    "wod": {"es": ("Fracaso", "Éxito marginal", "Éxito moderado", "Éxito completo", "Éxito excepcional",
                   "Éxito fenomenal"),
            "en": ("Failure", "Marginal success", "Moderate success", "Complete success", "Exceptional success",
                   "Phenomenal success")},
}


def _number(value: Any, lo: int, hi: int, field: str) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise InvalidRequest(f"must be a whole number from {lo} to {hi}", field=field, rule=RULE,
                             code="bands.preset_number", params={"lo": lo, "hi": hi})
    return value


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"-{-n}" if n < 0 else ""


def _bands(labels: tuple, starts: list) -> Bands:
    """Bands from the first total of every band; bands that hold no total are left out (a CoC skill
    under 5 has no extreme success)."""
    kept = [(label, start) for i, (label, start) in enumerate(zip(labels, starts))
            if i == len(starts) - 1 or starts[i + 1] > start]
    return Bands(tuple(label for label, _ in kept), tuple(start for _, start in kept[1:]))


def preset_roll(preset: Any, value: Any, versus: Any = None, lang: str = "es") -> PresetRoll:
    """The roll and bands of ``preset`` (an id of :data:`PRESETS`) for ``value`` and ``versus``
    (see the table above; ``versus`` ``None`` takes its default) with labels in ``lang`` (es/en).

    Raises:
        InvalidRequest: ``bands.preset`` (no such preset), ``bands.preset_number`` (a number out of
        its range, ``field`` ``value`` or ``versus``).
    """
    spec = PRESETS.get(preset) if isinstance(preset, str) else None
    if spec is None:
        raise InvalidRequest("no such preset", field="preset", rule=RULE, code="bands.preset",
                             params={"names": ", ".join(PRESETS)})
    n = _number(value, spec.value[0], spec.value[1], "value")
    m = 0
    if spec.versus is not None:
        m = _number(spec.versus[2] if versus is None else versus, spec.versus[0], spec.versus[1], "versus")
    words = _WORDS["dnd" if spec.id.startswith("dnd") else spec.id]["en" if lang == "en" else "es"]
    notation = _notation(spec.id, n, m)
    if spec.id == "pbta":
        return PresetRoll(notation, Bands(words, (7, 10)))
    if spec.id.startswith("dnd"):
        return PresetRoll(notation, Bands(words, (m,)))
    if spec.id == "coc":
        fumble = 96 if n < 50 else 100
        starts = [1] + [min(max(s, 2), fumble) for s in (2, n // 5 + 1, n // 2 + 1, n + 1)] + [fumble]
        return PresetRoll(notation, _bands(words, starts))
    if spec.id == "fate":
        return PresetRoll(notation, Bands(words, tuple(range(-1, 9))))
    return PresetRoll(notation, Bands(words, (1, 2, 3, 4, 5)))


def _notation(preset: str, n: int, m: int) -> str:
    """The roll of ``preset`` for its checked numbers ``n`` and ``m`` (0 when it has one), as notation."""
    if preset == "pbta":
        return f"2d6{_signed(n)}"
    if preset.startswith("dnd"):
        return {"dnd": "1d20", "dnd_adv": "2d20kh1", "dnd_dis": "2d20kl1"}[preset] + _signed(n)
    if preset == "coc":
        return "1d100" if m == 0 else f"({1 + abs(m)}d10k{'l' if m > 0 else 'h'}1-1)*10+1d10"
    if preset == "fate":
        return f"4dF{_signed(n)}"
    return f"{n}d10>{m}f1"


#: request keys that are not the dice (a link's seed and label, the bands themselves…): left out when a
#: request is compared with a preset's roll by :func:`recognize`
_NOT_DICE = ("system", "seed", "label", "bands", "difficulty", "notation", "fresh", "faces", "gm")


def recognize(request: Any) -> "tuple[str, int, int | None] | None":
    """The preset a generic request was made with: ``(preset id, value, versus)`` (``versus`` ``None``
    for a preset with one number) when ``request``'s dice (its ``notation`` text, else its fields) and
    its ``bands`` are exactly what :func:`preset_roll` gives for them in Spanish or English; ``None``
    otherwise (no bands, custom bands, another roll). The page's «Juego» select shows it after «tirar
    esto otra vez» (web/dice/ui_bands.py). Never raises: an unreadable request is ``None``.

    Cost: the bands' labels pick the game and its language first; then each of its notations (at most
    270, World of Darkness) is parsed once, and bands are made only for a notation that matches.
    """
    from ..errors import TiradaError
    from .notation import parse

    if not isinstance(request, dict) or not isinstance(request.get("bands"), list):
        return None
    try:
        labels = set(Bands.from_value(request["bands"]).labels)
        notation = request.get("notation")
        dice = parse(notation) if isinstance(notation, str) and notation.strip() else \
            {k: v for k, v in request.items() if k not in _NOT_DICE}
    except (TiradaError, ValueError, TypeError):
        return None
    parsed: "dict[str, Any]" = {}
    for spec in PRESETS.values():
        words = _WORDS["dnd" if spec.id.startswith("dnd") else spec.id]
        for lang in ("es", "en"):
            if not labels <= set(words[lang]):
                continue
            versus = range(spec.versus[0], spec.versus[1] + 1) if spec.versus else (None,)
            for n in range(spec.value[0], spec.value[1] + 1):
                for m in versus:
                    text = _notation(spec.id, n, 0 if m is None else m)
                    if text not in parsed:
                        parsed[text] = parse(text)
                    if parsed[text] == dice and preset_roll(spec.id, n, m, lang).bands.to_value() == request["bands"]:
                        return spec.id, n, m
    return None
