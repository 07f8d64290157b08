"""The result card and one-line summary of a generic roll and a SIFRP test (pure: no pyscript,
tested on CPython in tests/test_forms.py; web/dice/form_generic.py and web/dice/form_sifrp.py are their Forms).

The outcome words are the system's own (:func:`tirada.systems.words.outcome_words`: SIFRP's
:mod:`tirada.systems.sifrp_words`, the generic roll's :mod:`tirada.systems.generic_words`), the same the
forum snippets, the audit row and the userscript mark say (tests/test_one_voice.py)."""

from __future__ import annotations

from shell.render import dice_list, esc, label_line
from shell.strings import t
from tirada.systems.dice_card import DiceCard, Extended, card
from tirada.systems.words import OutcomeWords, number, outcome_words

__all__ = ["render_result", "summary", "verdict", "words_of"]


def words_of(result: dict | DiceCard, lang: str) -> OutcomeWords:
    """The roll's outcome words (a result without ``system`` is a generic roll's)."""
    one = result if isinstance(result, DiceCard) else card(result)
    return outcome_words(one.result, lang, system=one.system)


def verdict(words: OutcomeWords) -> tuple | None:
    """``(css_class, text)`` for the outcome line, or ``None`` when nothing is judged (no difficulty)."""
    if words.ok is None:
        return None
    return ("ok" if words.ok else "bad"), words.headline


def extended_html(ext: Extended, difficulty: object, lang: str) -> str:
    """An extended test's rolls, each with its dice, total and outcome, then the tally in words (every
    word SIFRP's own, :mod:`tirada.systems.sifrp_words`, as its snippet says them)."""
    from tirada.systems.sifrp_words import extended_roll_name, roll_words, span_words

    parts = ['<ol class="extended-rolls">']
    for n, a in enumerate(ext.attempts, 1):
        v = verdict(roll_words(a.result, lang)) or ("", "")
        parts.append(f'<li data-roll="{n}"><span class="meta">{esc(extended_roll_name(n, lang))}</span>'
                     + dice_list(a.dice, lang)
                     + f' {number(a.total)} — <span class="{v[0]}">{esc(v[1])}</span></li>')
    parts.append("</ol>")
    text = extended_words(ext, lang)
    if ext.span:
        text += f' ({span_words(ext.span, lang)})'
    parts.append(f'<p class="verdict {"ok" if ext.done else "bad"}" data-extended="{ext.tally}/{ext.goal}">'
                 f'{esc(text)} <span class="meta">{esc(t("result.vs", lang))} {difficulty}</span></p>')
    return "".join(parts)


def extended_words(ext: Extended, lang: str) -> str:
    """The tally of an extended test, in SIFRP's words (extended tests are SIFRP's)."""
    from tirada.systems.sifrp_words import extended_words as said

    return said(ext.result, lang)


def render_result(result: dict, lang: str) -> str:
    """The result card body: dice kept/dropped, total, outcome in words and the difficulty; several
    rolls (dice notation ``1d20+5; 2d6+3``) one after another. ``result``: a generic roll's or a SIFRP
    test's result as rolled or stored, read once into its :class:`tirada.systems.dice_card.DiceCard`."""
    one = card(result)
    parts = [f'<h2>{esc(t("result.heading", lang))}</h2>']
    if one.label:
        parts.append(label_line(one.label, lang))
    if one.extended:  # an extended test: every roll, then the tally (the last roll is one of them)
        if one.bonus_capped:
            parts.append(f'<p class="note bonus-capped">{esc(t("result.bonus_capped", lang).format(**one.bonus_capped))}</p>')
        return "".join(parts) + extended_html(one.extended, one.difficulty, lang)
    words = words_of(one, lang)
    if one.rolls is not None:
        for i, sub in enumerate(one.rolls):
            named = f'<h3 class="roll-label">{esc(sub.label)}</h3>' if sub.label is not None else ""
            parts.append(f'<div class="sub-roll" data-roll="{i}">{named}{_one_result(sub, lang, words.rolls[i])}</div>')
        return "".join(parts)
    if one.competition is not None:
        return "".join(parts) + competition_html(one, lang, words)
    return "".join(parts) + _one_result(one, lang, words)


def competition_html(one: DiceCard, lang: str, words: OutcomeWords) -> str:
    """A SIFRP competition: each character's dice, total and outcome against the same Difficulty
    (the first is the roller's own test), then who wins or the tie (``words``: the competition's)."""
    comp = one.competition
    assert comp is not None
    parts = ['<ol class="competitors">']
    for row, said in zip(comp.rows, words.rolls):
        name = row.name or ""
        won = " winner" if name in comp.winners else ""
        parts.append(f'<li class="competitor{won}" data-competitor="{esc(name)}"><h3>{esc(name)}</h3>'
                     f'{_one_result(row, lang, said)}</li>')
    parts.append("</ol>")
    names = ", ".join(comp.winners)
    parts.append(f'<p class="verdict ok competition-winner" data-winners="{esc(names)}">'
                 f'{esc(words.headline)}</p>')
    return "".join(parts)


def _groups_dice(one: DiceCard, lang: str) -> str:
    """Several dice groups (``1d8+1d6-1d4``): each group's dice on its own line, a subtracted one
    marked "−", with its kept sum."""
    parts = []
    arith = one.worked is not None   # arithmetic: the groups in the order rolled, no signs
    for i, g in enumerate(one.groups or ()):
        sign = "" if arith else "\u2212 " if g.subtract else ("+ " if i else "")
        parts.append(f'<div class="dice-group" data-group="{i}" data-sum="{g.sum}">{esc(sign)}'
                     + dice_list(g.dice, lang)
                     + f' <span class="meta">= {number(g.sum)}</span></div>')
    return "".join(parts)


def _one_result(one: DiceCard, lang: str, words: OutcomeWords) -> str:
    """Dice, total and verdict of one SIFRP / generic roll (the band it fell in first); ``words``: its
    outcome words."""
    from dice.bands_view import outcome_html

    parts = [outcome_html(one.band, lang)] if one.band is not None else []
    parts += [_groups_dice(one, lang) if one.groups is not None else dice_list(one.dice, lang)]
    if one.dice.success_indices is not None:   # success counting: how many of each
        n, m = len(one.dice.success_indices), len(one.dice.failure_indices)
        parts.append(f'<p class="counted" data-successes="{n}" data-failures="{m}">'
                     f'{esc(t("result.counted", lang).format(n=n, m=m))}</p>')
    extras = []
    if one.modifier:
        extras.append(f'{t("result.modifier", lang)} ' + f'{one.modifier:+d}'.replace("-", "\u2212"))
    if one.teamwork:
        extras.append(f'{t("result.teamwork", lang)} ' + f'{one.teamwork:+d}'.replace("-", "\u2212"))
    extra = f' <span class="meta">({esc(", ".join(extras))})</span>' if extras else ""
    worked = f'{esc(one.worked)} = ' if one.worked is not None else ""   # (8+3)×2 = 22
    parts.append(f'<p class="total" data-total="{one.total}">{esc(t("result.total", lang))}: '
                 f'{worked}{number(one.total)}{extra}</p>')
    if one.bonus_capped:  # sifrp.md §The test 1 [decision]: the cap is applied and said
        parts.append(f'<p class="note bonus-capped">{esc(t("result.bonus_capped", lang).format(**one.bonus_capped))}</p>')
    if one.passive:  # a conflict: the Difficulty is the opponent's passive value
        parts.append(f'<p class="note passive">{esc(t("result.passive", lang).format(**one.passive))}</p>')
    v = verdict(words)
    if v:
        name = one.difficulty_name
        tn = f'{name[lang]} ({one.difficulty})' if name else str(one.difficulty)
        parts.append(f'<p class="verdict {v[0]}">{esc(v[1])} <span class="meta">'
                     f'{esc(t("result.vs", lang))} {esc(tn)}</span></p>')
    if one.damage is not None:   # combat (sifrp.md §Other rules): the weapon's base damage × degrees
        parts.append(f'<p class="note damage" data-damage="{one.damage}">'
                     f'{esc(t("result.damage", lang).format(**one.result))}</p>')
    return "".join(parts)


def summary(result: dict | DiceCard, lang: str, words: OutcomeWords | None = None) -> str:
    """One line for the history list and the shared view's headline: "6+5+4 +3 = 18 — Éxito
    considerable (2 grados)"; several rolls joined by " · "; an extended test's tally; ``words``: the
    roll's outcome words (default: the system's, :func:`words_of`)."""
    one = result if isinstance(result, DiceCard) else card(result)
    words = words if words is not None else words_of(one, lang)
    if one.extended:
        return words.headline
    if one.rolls is not None:
        return " · ".join((f'{sub.label}: ' if sub.label is not None else "") + summary(sub, lang, said)
                          for sub, said in zip(one.rolls, words.rolls))
    if one.competition is not None:
        totals = " · ".join(f'{row.name} {number(row.total)}' + (f": {said.headline}" if said.headline else "")
                            for row, said in zip(one.competition.rows, words.rolls))
        return f'{totals} — {words.headline}'
    if one.worked is not None:     # arithmetic: the worked expression, "(8+3)×2"
        kept = one.worked
    elif one.groups is not None:   # several dice groups: their kept sums, signed
        kept = "".join(("\u2212" if g.subtract else "+" if i else "") + number(g.sum)
                       for i, g in enumerate(one.groups))
    elif one.dice.success_indices is not None:   # success counting: successes − failures
        kept = f'{len(one.dice.success_indices)}\u2212{len(one.dice.failure_indices)}'
    else:
        kept = "".join(("+" if i and f >= 0 else "") + str(f) for i, f in enumerate(one.kept)).replace("-", "\u2212") or "0"
    extra = "".join(f" {v:+d}".replace("-", "\u2212") for v in (one.modifier, one.teamwork) if v)
    text = f'{kept}{extra} = {words.total}'
    said = words.line() if words.ok is not None else words.headline   # a band's label alone when nothing is judged
    return f"{text} — {said}" if said else text
