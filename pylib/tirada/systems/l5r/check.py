"""La Leyenda de los Cinco Anillos 5e (L5R 5e): the check, as steps over one dice stream.

Rules: ../shared/rules/l5r5e.md §The check (seed ``002_ffc4b51df0ee9169.txt``). Symbols come from
:mod:`tirada.systems.l5r.dice`; the skirmish helpers live in :mod:`tirada.systems.l5r.skirmish`.

Steps (each function below names its step):

1. **pool** — ring dice (ring + unskilled helpers + 1 with a Void point), then skill dice (skill +
   skilled helpers). Pool indices follow this order.
2. **reroll** — a distinction rerolls up to 2 dice of the player's choice; an adversity rerolls 2
   dice showing success or explosive success; both together cancel (no rerolls).
3. **keep** — 1..keep limit dice (ring + helpers + Void); compromised: 0..limit, no strife dice.
3b. **added kept dice** (``added``, given with the keep) — dice set to a result, kept outside the
   limit (core rules p. 27, "add a kept die"); they resolve as kept dice.
4. **explosions** — each kept explosive die, in pool order then the added dice, rolls one die of its type; the player
   keeps or drops it; a kept explosive explosion die explodes again, and its chain is finished
   before the next pool die. Explosion dice sit outside the keep limit. At most
   :data:`MAX_EXPLOSIONS` explosion dice are rolled; past that a message says so.
5. **totals** — see :func:`totals`.

Draw order, the replay contract (and the order of ``faces`` in faces mode): the pool's ring dice,
its skill dice, the reroll dice in ascending pool index, then the explosion dice in step-4 order
(added dice are decisions: nothing is drawn for them, only for their explosions).

The request and its checks are :class:`tirada.systems.l5r.request.CheckRequest`.

Decisions are ``rerolls`` (pool indices), ``keep`` (pool indices) and ``explosions`` (keep/drop
booleans, one per explosion die in draw order). In the plain mode a missing decision takes its
default; with ``step: true`` it means "not decided yet": the check stops there and reports the
stage, the dice so far and the legal choices (docs/l5r5e.md).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...dice import Dice
from ...errors import IllegalMove, InvalidRequest
from ...portable import merged
from .dice import EXPLOSION_VALUE, ExplosionDie, PoolDie, die_text, draw, missing_faces, summary, symbols_of
from .request import MAX_EXPLOSIONS, RULE_KEEP, RULE_RESOLVE, RULE_REROLL, STANCES, CheckRequest

__all__ = [
    "MAX_EXPLOSIONS", "STANCES", "CheckRequest", "build_pool",
    "check_keep", "check_rerolls", "default_keep", "default_rerolls", "keep_choices",
    "reroll_choices", "roll", "totals",
]


class _Pause(Exception):
    """Internal: the step-mode check stops at ``stage`` and offers ``choices``."""

    def __init__(self, stage: str, choices: dict) -> None:
        super().__init__(stage)
        self.stage, self.choices = stage, choices


def _where(step: str, source: str, source_index: int) -> dict:
    """Where a needed face goes, for the ``"faces"`` stage: ``step`` ``"pool"`` | ``"reroll"`` |
    ``"explosion"``; ``source`` ``"pool"`` | ``"explosion"`` and ``source_index``: the pool die
    rolled or rerolled, or the die that exploded."""
    return {"step": step, "source": source, "source_index": source_index}


def _need(wanted: list, drawn: int) -> None:
    """Step mode: pause at stage ``"faces"`` for the faces of ``wanted[drawn:]`` not given yet."""
    need = missing_faces(wanted, drawn)
    if need:
        raise _Pause("faces", {"need": need})


def build_pool(req: CheckRequest) -> list:
    """Step 1 plan: ``[(die, source)]`` in pool order — ring, assist (unskilled), void, then skill,
    assist (skilled) (l5r5e.md §The check 3)."""
    return ([("ring", "ring")] * req.ring + [("ring", "assist")] * req.assist_unskilled
            + [("ring", "void")] * int(req.void) + [("skill", "skill")] * req.skill
            + [("skill", "assist")] * req.assist_skilled)


def reroll_choices(req: CheckRequest, pool: list) -> dict | None:
    """Legal rerolls (l5r5e.md §The check 4), or ``None`` when no distinction/adversity applies.

    Returns:
        ``{"by": "distinction"|"adversity", "min": int, "max": int, "allowed": [pool index]}``:
        distinction 0..2 of any dice; adversity exactly min(2, n) of the n dice showing success or
        explosive success.
    """
    if req.reroll_by == "distinction":
        return {"by": "distinction", "min": 0, "max": min(2, len(pool)), "allowed": [d.index for d in pool]}
    if req.reroll_by == "adversity":
        allowed = [d.index for d in pool if {"success", "explosive"} & set(d.symbols)]
        n = min(2, len(allowed))
        return {"by": "adversity", "min": n, "max": n, "allowed": allowed}
    return None


def default_rerolls(choices: dict) -> tuple:
    """Plain-mode rerolls: none for a distinction; the first eligible dice for an adversity."""
    return tuple(choices["allowed"][: choices["min"]])


def check_rerolls(req: CheckRequest, choices: dict | None, pool: list, rerolls: tuple) -> None:
    """Refuse rerolls the rules forbid (l5r5e.md §The check 4).

    Raises:
        IllegalMove: rerolls with no distinction/adversity (or both: they cancel); more than 2 with
        a distinction; with an adversity, a die without success or the wrong count.
    """
    if choices is None:
        if rerolls:
            why = ("a distinction and an adversity cancel each other" if req.distinction
                   else "only a distinction or an adversity rerolls dice")
            raise IllegalMove(f"{why}: no rerolls", field="rerolls", rule=RULE_REROLL,
                              code="l5r.reroll_cancel" if req.distinction else "l5r.reroll_none")
        return
    if choices["by"] == "adversity":
        for i in rerolls:
            if i not in choices["allowed"]:
                raise IllegalMove(f"an adversity rerolls only dice showing success or explosive success, "
                                  f"not {pool[i].text()}", field="rerolls", rule=RULE_REROLL,
                                  code="l5r.adversity_die", params={"n": i + 1})
        if len(rerolls) != choices["min"]:
            raise IllegalMove(f"an adversity rerolls exactly {choices['min']} dice showing success here, "
                              f"got {len(rerolls)}", field="rerolls", rule=RULE_REROLL,
                              code="l5r.adversity_count", params={"n": choices['min'], "got": len(rerolls)})
    elif len(rerolls) > choices["max"]:
        raise IllegalMove(f"a distinction rerolls at most 2 dice, got {len(rerolls)}", field="rerolls",
                          rule=RULE_REROLL, code="l5r.distinction_count", params={"got": len(rerolls)})


def keep_choices(req: CheckRequest, pool: list) -> dict:
    """Legal keeps (l5r5e.md §The check 5): ``{"min": 1 (0 compromised), "max": keep limit,
    "allowed": [pool index]}``; compromised leaves out dice showing strife."""
    allowed = [d.index for d in pool if not (req.compromised and "strife" in d.symbols)]
    return {"min": 0 if req.compromised else 1, "max": min(req.keep_limit, len(pool)), "allowed": allowed}


def default_keep(choices: dict, pool: list) -> tuple:
    """Plain-mode keep: the best allowed dice up to the limit — most successes, then explosive,
    opportunities, least strife, then (between explosive faces) the die whose explosion is worth more
    (:data:`EXPLOSION_VALUE`: a d12 over a d6), lower index — leaving out blanks unless one die must
    be kept (l5r5e.md §The check 5–6)."""
    def score(d: PoolDie) -> tuple:
        s = d.symbols
        worth = EXPLOSION_VALUE[d.die] if "explosive" in s else (0, 0)
        return (-s.count("success") - s.count("explosive"), -s.count("explosive"),
                -s.count("opportunity"), s.count("strife"), -worth[0], worth[1], d.index)
    ranked = sorted((pool[i] for i in choices["allowed"]), key=score)
    best = [d.index for d in ranked if d.symbols][: choices["max"]]
    if len(best) < choices["min"]:
        best = [d.index for d in ranked][: choices["min"]]
    return tuple(sorted(best))


def check_keep(req: CheckRequest, choices: dict, pool: list, keep: tuple) -> None:
    """Refuse keeps the rules forbid (l5r5e.md §The check 5).

    Raises:
        IllegalMove: fewer than 1 die (0 allowed when compromised); more than the keep limit; a
        die showing strife while compromised.
    """
    if len(keep) < choices["min"]:
        raise IllegalMove("keep at least 1 die (only a compromised character may keep none)", field="keep",
                          rule=RULE_KEEP, code="l5r.keep_min")
    if len(keep) > choices["max"]:
        raise IllegalMove(f"keep at most {choices['max']} dice (ring {req.ring} + {req.helpers} helpers"
                          f"{' + Void point' if req.void else ''}), got {len(keep)}", field="keep", rule=RULE_KEEP,
                          code="l5r.keep_max_void" if req.void else "l5r.keep_max",
                          params={"n": choices['max'], "ring": req.ring, "helpers": req.helpers, "got": len(keep)})
    for i in keep:
        if i not in choices["allowed"]:
            raise IllegalMove(f"a compromised character cannot keep {pool[i].text()}: it shows strife",
                              field="keep", rule="l5r5e.md §Composure, strife, unmasking, Void",
                              code="l5r.compromised_die", params={"n": i + 1})


def totals(req: CheckRequest, kept_symbols: list) -> dict:
    """Step 5: the outcome of the kept dice (l5r5e.md §The check 6).

    Args:
        kept_symbols: one symbol tuple per kept die, pool and explosion dice alike.
    Returns:
        ``{"successes", "opportunities", "strife_symbols", "strife_cancelled", "strife",
        "fire_bonus", "bonus_successes", "success", "margin", "strife_change", "void_points_gained"}``:
        successes count explosive ones; strife = symbols − cancelled by helpers (0 in Void
        stance); success when successes ≥ TN; bonus = successes − TN, plus in Fire stance one per
        (uncancelled) strife symbol; ``strife_change`` adds anxiety (+3) and passion (−3) unless
        they cancel; an adversity on a failed check gives 1 Void point.
    Raises:
        IllegalMove: helpers cancel more strife symbols than were kept, or any in Void stance.
    """
    flat = [s for symbols in kept_symbols for s in symbols]
    successes = flat.count("success") + flat.count("explosive")
    symbols = flat.count("strife")
    cancel = req.helpers_cancel_strife
    if cancel and (req.stance == "void" or cancel > symbols):
        why = "in Void stance strife symbols give no strife" if req.stance == "void" else \
            f"only {symbols} strife symbols were kept"
        raise IllegalMove(f"helpers cannot cancel {cancel} strife: {why}", field="helpers_cancel_strife",
                          rule=RULE_RESOLVE,
                          code="l5r.cancel_void_stance" if req.stance == "void" else "l5r.cancel_too_many",
                          params={"cancel": cancel, "n": symbols})
    strife = 0 if req.stance == "void" else symbols - cancel
    success = successes >= req.tn
    fire = symbols - cancel if success and req.stance == "fire" else 0
    feelings = 0 if req.passion == req.anxiety else (3 if req.anxiety else -3)
    return {
        "successes": successes, "opportunities": flat.count("opportunity"), "strife_symbols": symbols,
        "strife_cancelled": cancel, "strife": strife, "fire_bonus": fire,
        "bonus_successes": successes - req.tn + fire if success else 0, "success": success,
        "margin": successes - req.tn, "strife_change": strife + feelings,
        "void_points_gained": int(req.reroll_by == "adversity" and not success),
    }


class _Check:
    """Internal working record of one check as it advances (the result is built from it)."""

    def __init__(self, req: CheckRequest) -> None:
        self.req = req
        self.pool: list = []
        self.rerolls: tuple | None = None
        self.keep: tuple | None = None
        self.xs: list = []
        self.messages: list = []

    def run(self, dice: Dice) -> None:
        """Steps 1–4; raises :class:`_Pause` where step mode waits for a decision or faces."""
        req = self.req
        plan = build_pool(req)
        wanted = [(die, f"pool die {i}", _where("pool", "pool", i)) for i, (die, _) in enumerate(plan)]
        faces = draw(dice, wanted, req.step)
        self.pool = [PoolDie(i, die, src, (f,)) for i, ((die, src), f) in enumerate(zip(plan, faces))]
        _need(wanted, len(faces))
        choices = reroll_choices(req, self.pool)
        rerolls = req.rerolls
        if rerolls is None:
            if choices is not None and choices["max"] and req.step:
                raise _Pause("reroll", choices)
            rerolls = default_rerolls(choices) if choices else ()
        check_rerolls(req, choices, self.pool, rerolls)
        self.rerolls = rerolls
        _decided(dice)   # fair play: the reroll dice come from fresh dice committed after the choice
        wanted = [(self.pool[i].die, f"reroll of pool die {i}", _where("reroll", "pool", i)) for i in rerolls]
        for i, face in zip(rerolls, draw(dice, wanted, req.step)):
            self.pool[i] = self.pool[i].replace(faces=self.pool[i].faces + (face,))
        _need(wanted, len([i for i in rerolls if len(self.pool[i].faces) == 2]))
        choices = keep_choices(req, self.pool)
        keep = req.keep
        if keep is None:
            if req.step:
                raise _Pause("keep", choices)
            keep = default_keep(choices, self.pool)
        check_keep(req, choices, self.pool, keep)
        self.keep = keep   # kept dice added after the keep (``added``) are part of this decision
        _decided(dice)   # and the explosion dice from fresh dice committed after the keep
        self.explode(dice)

    def explode(self, dice: Dice) -> None:
        """Step 4: roll, decide and chain the explosion dice (l5r5e.md §The check 6)."""
        req, decided = self.req, list(self.req.explosions or ())
        exploders = [(self.pool[i].die, "pool", i, "explosive" in self.pool[i].symbols) for i in self.keep or ()]
        exploders += [(die, "added", j, "explosive" in symbols_of(die, face)) for j, (die, face) in enumerate(req.added or ())]
        for die, source, source_index, explosive in exploders:
            while explosive:
                if len(self.xs) >= MAX_EXPLOSIONS:
                    self.messages.append(f"explosion cap reached: {MAX_EXPLOSIONS} explosion dice rolled; "
                                         "further explosions are not rolled")
                    return self.check_decided(decided)
                wanted = [(die, f"explosion of {source} die {source_index}",
                           _where("explosion", source, source_index))]
                face = draw(dice, wanted, req.step)
                _need(wanted, len(face))
                x = ExplosionDie(len(self.xs), die, face[0], source, source_index)
                may_keep = not (req.compromised and "strife" in x.symbols)
                if x.index < len(decided):
                    kept = decided[x.index]
                    if kept and not may_keep:
                        raise IllegalMove(f"a compromised character cannot keep explosion die {x.index} "
                                          f"({die_text(die, x.face)}): it shows strife",
                                          field=f"explosions[{x.index}]",
                                          rule="l5r5e.md §Composure, strife, unmasking, Void",
                                          code="l5r.compromised_explosion", params={"n": x.index + 1})
                elif req.step:
                    self.xs.append(x)
                    raise _Pause("explosion", {"index": x.index, "may_keep": may_keep, "may_drop": True})
                else:
                    kept = may_keep
                self.xs.append(x.replace(kept=kept))
                _decided(dice)   # each keep/drop decision: what is drawn next comes after it
                explosive = kept and "explosive" in x.symbols
                source, source_index = "explosion", x.index
        self.check_decided(decided)

    def check_decided(self, decided: list) -> None:
        """Refuse explosion decisions beyond the explosion dice rolled (a likely mistake)."""
        if len(decided) > len(self.xs):
            raise InvalidRequest(f"{len(decided)} explosion decisions given but only {len(self.xs)} "
                                 "explosion dice were rolled", field="explosions", rule=RULE_RESOLVE,
                                 code="l5r.explosions_too_many", params={"got": len(decided), "n": len(self.xs)})

    def kept(self) -> list:
        """Kept dice as result dicts: pool dice in index order, added dice (``"added": true``), then
        kept explosion dice."""
        dice = [(self.pool[i].die, self.pool[i].face, False) for i in (self.keep or ())]
        added = [(d, f, False) for d, f in (self.req.added or ())] if self.keep is not None else []
        dice += added + [(x.die, x.face, True) for x in self.xs if x.kept]
        out = [{"die": d, "face": f, "symbols": list(symbols_of(d, f)), "explosion": e} for d, f, e in dice]
        for item in out[len(self.keep or ()):len(self.keep or ()) + len(added)]:
            item["added"] = True
        return out

    def result(self, stage: str, choices: dict | None) -> dict:
        """The JSON-ready result at ``stage`` (shape in :func:`roll`)."""
        req, kept = self.req, self.kept()
        done = stage == "done"
        t = totals(req if done else req.replace(helpers_cancel_strife=0), [tuple(k["symbols"]) for k in kept])
        if not done:
            t.update(strife_cancelled=req.helpers_cancel_strife, fire_bonus=0, bonus_successes=None,
                     success=None, margin=None, strife_change=None, void_points_gained=None)
        keep = set(self.keep or ())
        out = merged({
            "stage": stage, "step": req.step, "tn": req.tn, "keep_limit": req.keep_limit, "stance": req.stance,
            "pool": [d.replace(kept=(d.index in keep) if self.keep is not None else None).to_dict() for d in self.pool],
            "explosion_dice": [x.to_dict() for x in self.xs],
            "choices": choices,
            "decisions": {"rerolls": _listed(self.rerolls), "keep": _listed(self.keep),
                          "explosions": [x.kept for x in self.xs if x.kept is not None]},
        }, t, {
            "kept": kept, "explosions": len(self.xs),
            "explosion_cap_reached": bool(self.messages), "messages": list(self.messages),
        })
        if req.added is not None:   # only then: older results (and links) keep their exact shape
            out["decisions"]["added"] = [list(a) for a in req.added]
        out["summary"] = {lang: summary(kept, merged(t, {"tn": req.tn}), lang) for lang in ("en", "es")} if done else None
        return out


def _decided(dice: Dice) -> None:
    """Tell a fair-play dice source (:class:`tirada.fresh.SteppedDice`) that a decision was applied."""
    mark = getattr(dice, "decided", None)
    if mark is not None:
        mark()


def _listed(value: tuple | None) -> list | None:
    return None if value is None else list(value)


def roll(params: Mapping[str, Any], dice: Dice) -> dict:
    """Run an L5R 5e check on ``dice`` (l5r5e.md §The check; shapes in docs/l5r5e.md).

    Returns:
        ``{"stage": "faces"|"reroll"|"keep"|"explosion"|"done", "step": bool, "tn", "keep_limit",
        "stance", "pool": [{"index", "die", "source", "face", "symbols", "faces", "rerolled", "kept"}],
        "explosion_dice": [{"index", "die", "face", "symbols", "source", "source_index", "kept"}],
        "choices": dict | None, "decisions": {"rerolls", "keep", "explosions"}, **totals(),
        "kept": [{"die", "face", "symbols", "explosion"}], "explosions": int,
        "explosion_cap_reached": bool, "messages": [str], "summary": {"en", "es"} | None}``.
        Before ``"done"`` the counters are running ones and the outcome fields are ``None``.
    Raises:
        InvalidRequest: see :meth:`CheckRequest.from_dict`; faces running out (plain mode).
        IllegalMove: a reroll, keep or explosion decision the rules forbid (the message says which
        rule), or helpers cancelling strife that is not there.
    """
    check = _Check(CheckRequest.from_dict(params))
    try:
        check.run(dice)
    except _Pause as pause:
        _typed_ahead(dice)
        return check.result(pause.stage, pause.choices)
    return check.result("done", None)


def _typed_ahead(dice: Dice) -> None:
    """Step mode in faces mode: faces typed ahead (for rerolls or explosions not decided yet) are
    not an error while the check waits, so they are set aside for this call; the page sends them
    again with the next decision. Once the check is done, faces left over are refused as usual."""
    faces = getattr(dice, "faces", None)
    if isinstance(faces, list):
        del faces[len(dice.draws):]
