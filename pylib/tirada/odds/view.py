"""The typed odds the page draws (issue #40: the page reads no result by string key).

:func:`read` reads the dict of :func:`tirada.odds.odds` (every system's exact odds; docs/odds.md
§Output) once into an :class:`OddsView`: the chance of success, the rows the chart draws, the
value it marks, the named outcomes, expected values, an exploding roll's bound and cut-off, an L5R
check's policy, Tragedia's Tragedy step, Blood Red Sands' defences now and after a Renewal, a
generic roll's outcome bands and a roll set's size. web/roll/odds_views.py and web/dice/bands_view.py
draw the card from it; web/roll/ui_odds.py reads the card (:class:`Card`) and the odds worker's
answer (:class:`WorkerAnswer`, web/odds-worker.mjs) through records too.

The odds dict stays what :func:`~tirada.odds.odds` returns and what the CLI's ``odds`` prints, byte
for byte: these records only read it. A missing or malformed part reads as absent (``None``, ``()``,
``{}``, 0), never as an error, as the page read it before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Tuple, Union

__all__ = ["BandOdds", "Card", "OddsView", "Prob", "Renewal", "Step", "WorkerAnswer", "probs", "read"]


@dataclass(frozen=True)
class Prob:
    """One probability of the odds: ``p`` (a float 0..1) and ``exact`` (the exact fraction
    ``"a/b"`` while it is short, else ``None``; docs/odds.md §Output)."""

    p: float
    exact: Optional[str] = None

    @classmethod
    def of(cls, value: Any) -> Optional["Prob"]:
        """The probability ``{"p", "exact"?}`` (or a :class:`Prob`, returned as is); ``None`` when
        ``value`` is not one (a missing ``p`` reads as 0)."""
        if isinstance(value, Prob):
            return value
        if not isinstance(value, Mapping):
            return None
        exact = value.get("exact")
        return cls(value.get("p", 0.0), exact if isinstance(exact, str) else None)


def probs(value: Any) -> dict:
    """Named probabilities ``{name: {"p", "exact"?}}`` (an odds dict's ``outcomes``, or such a map
    already read) as ``{name: Prob}``, in their order; ``{}`` when ``value`` is not a map. An entry
    that is not a probability is left out."""
    if not isinstance(value, Mapping):
        return {}
    out = {}
    for name, item in value.items():
        prob = Prob.of(item)
        if prob is not None:
            out[name] = prob
    return out


def _rows(value: Any) -> tuple:
    """A list of chart rows ``{"value", "p", "exact"?}`` as a tuple (``()`` when not a list); the rows
    stay the dicts :mod:`tirada.odds.chart` draws."""
    return tuple(row for row in value if isinstance(row, Mapping)) if isinstance(value, (list, tuple)) else ()


@dataclass(frozen=True)
class Step:
    """One row of Tragedia's Tragedy step table (../shared/rules/tragedia.md): ``tragedy_dice`` (2..5
    new dice), ``turns`` (P(win after the step | lost); ``None`` when a loss is impossible) and
    ``win_overall`` (P(win at once or after the step))."""

    tragedy_dice: Any
    turns: Optional[Prob]
    win_overall: Prob

    @classmethod
    def of(cls, value: Mapping[str, Any]) -> "Step":
        """A row of the odds' ``tragedy_step`` list (a missing ``win_overall`` reads as 0)."""
        turns = value.get("turns")
        return cls(value.get("tragedy_dice"), Prob.of(turns) if turns else None,
                   Prob.of(value.get("win_overall")) or Prob(0.0))


@dataclass(frozen=True)
class Renewal:
    """Blood Red Sands after a Renewal (../shared/rules/brs.md; :func:`tirada.odds.brs.brs_odds`):
    ``at_least`` (the renewed sum's chart rows), ``reach_score`` (P(renewed sum ≥ Attack Score)),
    ``reachable`` / ``best`` (``{outcome: Prob}``: each defence can be chosen / is the one with the
    fewest dice; outcomes ``reversal``, ``block``, ``damage``, ``overwhelmed``)."""

    at_least: tuple
    reach_score: Prob
    reachable: dict
    best: dict

    @classmethod
    def of(cls, value: Mapping[str, Any]) -> "Renewal":
        """The odds' ``renewal`` part (missing parts read as none / 0)."""
        return cls(_rows(value.get("at_least")), Prob.of(value.get("reach_score")) or Prob(0.0),
                   probs(value.get("reachable")), probs(value.get("best")))


@dataclass(frozen=True)
class BandOdds:
    """One outcome band of a generic roll (docs/notation.md §Bands): its ``label`` (user text),
    the totals ``lo``..``hi`` it covers (``None``: open) and its probability ``p``."""

    label: str
    lo: Optional[int]
    hi: Optional[int]
    p: Prob

    @classmethod
    def of(cls, value: Mapping[str, Any]) -> "BandOdds":
        """A row of the odds' ``bands`` list (a missing probability reads as 0)."""
        return cls(value.get("label", ""), value.get("lo"), value.get("hi"), Prob.of(value.get("p")) or Prob(0.0))


@dataclass(frozen=True)
class OddsView:
    """The odds of one request as the page draws them (read by :func:`read`).

    Fields:
        system: the system id (``"generic"``, ``"sifrp"``, ``"l5r5e"``, ``"tragedia"``, ``"brs"``,
            ``"fate"``…), ``None`` when absent.
        success: the chance of success (``None``: a generic roll without a difficulty, BRS).
        at_least / distribution: the chart rows ``{"value", "p", "exact"?, "or_more"?}`` ("at
            least" / exact totals), ``()`` when absent.
        mark: the value the chart marks: the difficulty, TN or Attack Score when it is an int, else
            the "at least" row whose probability is the chance of success (Tragedia's winning
            margin), else ``None``.
        outcomes: named outcomes ``{name: Prob}`` (SIFRP's grades, Tragedia's winner, Fate's four);
            ``None`` when the odds have none.
        expected_damage: SIFRP's expected damage (``None`` unless a number).
        explosion_bound / reroll_bound: an exploding or rerolling generic roll's bound (an int, or a
            list of one per dice group; ``None`` otherwise); cut_off: P(more than the bound) or ``None``.
        expected_successes (0 when absent) / expected_strife (``None`` under a distinction's or an
            adversity's rerolls), rerolls (``"distinction"``, ``"adversity"``…), not_modelled (the
            request fields the odds leave out): an L5R check (../shared/rules/l5r5e.md).
        tragedy_steps: Tragedia's Tragedy step rows (:class:`Step`).
        best_now: BRS: the best defence with the Available dice now (``"overwhelmed"`` when absent);
            attack_score: its Attack Score as given (any value, ``None`` when absent); renewal:
            after a Renewal (:class:`Renewal`, ``None`` without one).
        bands: a generic roll's outcome bands (:class:`BandOdds`), ``()`` without bands.
        rolls: a roll set's number of rolls (``6 4d6k3``), ``None`` for one roll.
    """

    system: Optional[str] = None
    success: Optional[Prob] = None
    at_least: tuple = ()
    distribution: tuple = ()
    mark: Any = None
    outcomes: Optional[dict] = None
    expected_damage: Optional[float] = None
    explosion_bound: Union[int, list, None] = None
    reroll_bound: Union[int, list, None] = None
    cut_off: Optional[Prob] = None
    expected_successes: float = 0
    expected_strife: Optional[float] = None
    rerolls: Any = None
    not_modelled: tuple = ()
    tragedy_steps: Tuple[Step, ...] = ()
    best_now: str = "overwhelmed"
    attack_score: Any = None
    renewal: Optional[Renewal] = None
    bands: Tuple[BandOdds, ...] = field(default_factory=tuple)
    rolls: Optional[int] = None


def _mark(result: Mapping[str, Any], success: Any, rows: tuple) -> Any:
    """:attr:`OddsView.mark` of ``result`` (the rule there)."""
    for key in ("difficulty", "tn", "attack_score"):
        if isinstance(result.get(key), int):
            return result.get(key)
    if isinstance(success, Mapping):
        for row in rows:
            if row.get("exact") == success.get("exact") and row.get("p") == success.get("p"):
                return row.get("value")
    return None


def _bound(value: Any) -> Union[int, list, None]:
    return value if isinstance(value, (int, list)) else None


def read(result: Union[Mapping[str, Any], OddsView]) -> OddsView:
    """The :class:`OddsView` of an odds dict of :func:`tirada.odds.odds` (or of the worker's JSON of
    it); an :class:`OddsView` is returned as is. Never raises on a partial or older shape: what is
    missing reads as absent."""
    if isinstance(result, OddsView):
        return result
    success = result.get("success")
    at_least = _rows(result.get("at_least"))
    damage = result.get("expected_damage")
    now = result.get("now")
    renewal = result.get("renewal")
    bands = result.get("bands")
    rolls = result.get("rolls")
    outcomes = result.get("outcomes")
    return OddsView(
        system=result.get("system"),
        success=Prob.of(success) if "success" in result else None,
        at_least=at_least,
        distribution=_rows(result.get("distribution")),
        mark=_mark(result, success, at_least),
        outcomes=probs(outcomes) if "outcomes" in result else None,
        expected_damage=damage if isinstance(damage, (int, float)) else None,
        explosion_bound=_bound(result.get("explosion_bound")),
        reroll_bound=_bound(result.get("reroll_bound")),
        cut_off=Prob.of(result.get("cut_off")),
        expected_successes=result.get("expected_successes", 0),
        expected_strife=result.get("expected_strife"),
        rerolls=result.get("rerolls"),
        not_modelled=tuple(result.get("not_modelled") or ()),
        tragedy_steps=tuple(Step.of(s) for s in result.get("tragedy_step", []) if isinstance(s, Mapping)),
        best_now=now.get("best", "overwhelmed") if isinstance(now, Mapping) else "overwhelmed",
        attack_score=result.get("attack_score"),
        renewal=Renewal.of(renewal) if renewal and isinstance(renewal, Mapping) else None,
        bands=tuple(BandOdds.of(b) for b in bands if isinstance(b, Mapping)) if isinstance(bands, list) else (),
        rolls=rolls if isinstance(rolls, int) else None,
    )


@dataclass(frozen=True)
class Card:
    """The odds card a system's Form draws (web/roll/odds_views.py: ``{"headline", "svg", "table",
    "legend", "extra", "note"?}``), read once by the page that puts it on screen: the ``headline``
    (plain text), the chart's ``svg`` and its numbers ``table`` (HTML), the chart's ``legend`` (plain
    text), the ``extra`` tables (HTML) and the ``note`` under the chart (plain text); each ``""``
    when absent."""

    headline: str = ""
    svg: str = ""
    table: str = ""
    legend: str = ""
    extra: str = ""
    note: str = ""

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> "Card":
        """The card of a Form's ``odds_view`` dict (missing parts read as ``""``)."""
        return cls(*(view.get(name) or "" for name in ("headline", "svg", "table", "legend", "extra", "note")))


@dataclass(frozen=True)
class WorkerAnswer:
    """The odds worker's answer to one request (web/odds-worker.mjs, web/roll/ui_odds_worker.py):
    ``kind`` ``"ok"`` (``odds``: the odds dict), ``"error"`` (the engine refused it: its dotted
    ``code`` and ``rule``, ``""`` / ``None`` when not given) or ``"failed"`` (``failed``: what went
    wrong, for the console)."""

    kind: str
    odds: Any = None
    code: str = ""
    rule: Any = None
    failed: Any = None

    @classmethod
    def of(cls, answer: Mapping[str, Any]) -> "WorkerAnswer":
        """The answer ``{"ok": odds}``, ``{"error": {"code", "rule"}}`` or ``{"failed": text}``."""
        if "ok" in answer:
            return cls("ok", odds=answer.get("ok"))
        if "error" in answer:
            error = answer.get("error")
            error = error if isinstance(error, Mapping) else {}
            return cls("error", code=error.get("code", ""), rule=error.get("rule"))
        return cls("failed", failed=answer.get("failed"))
