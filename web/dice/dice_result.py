"""The result card and one-line summary of a generic roll and a SIFRP test (pure: no pyscript,
tested on CPython in tests/test_forms.py; web/dice/form_generic.py and web/dice/form_sifrp.py are their Forms).

The outcome words are the system's own (:func:`tirada.systems.words.outcome_words`: SIFRP's
:mod:`tirada.systems.sifrp_words`, the generic roll's :mod:`tirada.systems.generic_words`), the same the
forum snippets, the audit row and the userscript mark say (tests/test_one_voice.py)."""

from __future__ import annotations

from shell.render import dice_list, esc, label_line
from shell.strings import t
from tirada.systems.words import OutcomeWords, number, outcome_words

__all__ = ["render_result", "summary", "verdict", "words_of"]


def words_of(result: dict, lang: str) -> OutcomeWords:
    """The roll's outcome words (a result without ``system`` is a generic roll's)."""
    return outcome_words(result, lang, system=result.get("system") or "generic")


def verdict(words: OutcomeWords) -> tuple | None:
    """``(css_class, text)`` for the outcome line, or ``None`` when nothing is judged (no difficulty)."""
    if words.ok is None:
        return None
    return ("ok" if words.ok else "bad"), words.headline


def extended_html(ext: dict, difficulty: int, lang: str) -> str:
    """An extended test's rolls, each with its dice, total and outcome, then the tally in words (every
    word SIFRP's own, :mod:`tirada.systems.sifrp_words`, as its snippet says them)."""
    from tirada.systems.sifrp_words import extended_roll_name, roll_words, span_words

    parts = ['<ol class="extended-rolls">']
    for n, a in enumerate(ext["attempts"], 1):
        v = verdict(roll_words(a, lang)) or ("", "")
        parts.append(f'<li data-roll="{n}"><span class="meta">{esc(extended_roll_name(n, lang))}</span>'
                     + dice_list(a["faces"], a["kept_indices"], lang, 6)
                     + f' {number(a["total"])} — <span class="{v[0]}">{esc(v[1])}</span></li>')
    parts.append("</ol>")
    text = extended_words(ext, lang)
    if ext.get("span"):
        text += f' ({span_words(ext["span"], lang)})'
    parts.append(f'<p class="verdict {"ok" if ext["done"] else "bad"}" data-extended="{ext["tally"]}/{ext["goal"]}">'
                 f'{esc(text)} <span class="meta">{esc(t("result.vs", lang))} {difficulty}</span></p>')
    return "".join(parts)


def extended_words(ext: dict, lang: str) -> str:
    """The tally of an extended test, in SIFRP's words (extended tests are SIFRP's)."""
    from tirada.systems.sifrp_words import extended_words as said

    return said(ext, lang)


def render_result(result: dict, lang: str) -> str:
    """The result card body: dice kept/dropped, total, outcome in words and the difficulty; several
    rolls (dice notation ``1d20+5; 2d6+3``) one after another."""
    parts = [f'<h2>{esc(t("result.heading", lang))}</h2>']
    if result.get("label"):
        parts.append(label_line(result["label"], lang))
    if result.get("extended"):  # an extended test: every roll, then the tally (the last roll is one of them)
        if result.get("bonus_capped"):
            parts.append(f'<p class="note bonus-capped">{esc(t("result.bonus_capped", lang).format(**result["bonus_capped"]))}</p>')
        return "".join(parts) + extended_html(result["extended"], result["difficulty"], lang)
    words = words_of(result, lang)
    if isinstance(result.get("rolls"), list):
        for i, one in enumerate(result["rolls"]):
            named = f'<h3 class="roll-label">{esc(one["label"])}</h3>' if isinstance(one.get("label"), str) else ""
            parts.append(f'<div class="sub-roll" data-roll="{i}">{named}{_one_result(one, lang, words.rolls[i])}</div>')
        return "".join(parts)
    if isinstance(result.get("competition"), dict):
        return "".join(parts) + competition_html(result, lang, words)
    return "".join(parts) + _one_result(result, lang, words)


def competition_html(result: dict, lang: str, words: OutcomeWords) -> str:
    """A SIFRP competition: each character's dice, total and outcome against the same Difficulty
    (the first is the roller's own test), then who wins or the tie (``words``: the competition's)."""
    comp = result["competition"]
    same = {k: result[k] for k in ("difficulty", "difficulty_name")}
    rows = [{**result, "name": comp["name"]}] + [{**r, **same} for r in comp["rivals"]]
    parts = ['<ol class="competitors">']
    for row, said in zip(rows, words.rolls):
        won = " winner" if row["name"] in comp["winners"] else ""
        parts.append(f'<li class="competitor{won}" data-competitor="{esc(row["name"])}"><h3>{esc(row["name"])}</h3>'
                     f'{_one_result(row, lang, said)}</li>')
    parts.append("</ol>")
    names = ", ".join(comp["winners"])
    parts.append(f'<p class="verdict ok competition-winner" data-winners="{esc(names)}">'
                 f'{esc(words.headline)}</p>')
    return "".join(parts)


def _groups_dice(result: dict, lang: str) -> str:
    """Several dice groups (``1d8+1d6-1d4``): each group's dice on its own line, a subtracted one
    marked "−", with its kept sum."""
    parts = []
    arith = isinstance(result.get("worked"), str)   # arithmetic: the groups in the order rolled, no signs
    for i, g in enumerate(result["groups"]):
        sign = "" if arith else "\u2212 " if g.get("subtract") else ("+ " if i else "")
        parts.append(f'<div class="dice-group" data-group="{i}" data-sum="{g["sum"]}">{esc(sign)}'
                     + dice_list(g["faces"], g["kept_indices"], lang, g.get("sides"), g.get("exploded_indices"), g)
                     + f' <span class="meta">= {number(g["sum"])}</span></div>')
    return "".join(parts)


def _one_result(result: dict, lang: str, words: OutcomeWords) -> str:
    """Dice, total and verdict of one SIFRP / generic roll (the band it fell in first); ``words``: its
    outcome words."""
    from dice.bands_view import outcome_html

    parts = [outcome_html(result, lang)] if "band" in result else []
    parts += [_groups_dice(result, lang) if isinstance(result.get("groups"), list) else
             dice_list(result["faces"], result["kept_indices"], lang, result.get("sides"), result.get("exploded_indices"),
                       result)]
    if isinstance(result.get("success_indices"), list):   # success counting: how many of each
        n, m = len(result["success_indices"]), len(result.get("failure_indices") or ())
        parts.append(f'<p class="counted" data-successes="{n}" data-failures="{m}">'
                     f'{esc(t("result.counted", lang).format(n=n, m=m))}</p>')
    extras = []
    if result.get("modifier"):
        extras.append(f'{t("result.modifier", lang)} ' + f'{result["modifier"]:+d}'.replace("-", "\u2212"))
    if result.get("teamwork"):
        extras.append(f'{t("result.teamwork", lang)} ' + f'{result["teamwork"]:+d}'.replace("-", "\u2212"))
    extra = f' <span class="meta">({esc(", ".join(extras))})</span>' if extras else ""
    worked = f'{esc(result["worked"])} = ' if isinstance(result.get("worked"), str) else ""   # (8+3)×2 = 22
    parts.append(f'<p class="total" data-total="{result["total"]}">{esc(t("result.total", lang))}: '
                 f'{worked}{number(result["total"])}{extra}</p>')
    if result.get("bonus_capped"):  # sifrp.md §The test 1 [decision]: the cap is applied and said
        parts.append(f'<p class="note bonus-capped">{esc(t("result.bonus_capped", lang).format(**result["bonus_capped"]))}</p>')
    if result.get("passive"):  # a conflict: the Difficulty is the opponent's passive value
        parts.append(f'<p class="note passive">{esc(t("result.passive", lang).format(**result["passive"]))}</p>')
    v = verdict(words)
    if v:
        name = result.get("difficulty_name")
        tn = f'{name[lang]} ({result["difficulty"]})' if name else str(result["difficulty"])
        parts.append(f'<p class="verdict {v[0]}">{esc(v[1])} <span class="meta">'
                     f'{esc(t("result.vs", lang))} {esc(tn)}</span></p>')
    if result.get("damage") is not None:   # combat (sifrp.md §Other rules): the weapon's base damage × degrees
        parts.append(f'<p class="note damage" data-damage="{result["damage"]}">'
                     f'{esc(t("result.damage", lang).format(**result))}</p>')
    return "".join(parts)


def summary(result: dict, lang: str, words: OutcomeWords | None = None) -> str:
    """One line for the history list and the shared view's headline: "6+5+4 +3 = 18 — Éxito
    considerable (2 grados)"; several rolls joined by " · "; an extended test's tally; ``words``: the
    roll's outcome words (default: the system's, :func:`words_of`)."""
    words = words if words is not None else words_of(result, lang)
    if result.get("extended"):
        return words.headline
    if isinstance(result.get("rolls"), list):
        return " · ".join((f'{one["label"]}: ' if isinstance(one.get("label"), str) else "") + summary(one, lang, said)
                          for one, said in zip(result["rolls"], words.rolls))
    if isinstance(result.get("competition"), dict):
        comp = result["competition"]
        rows = [{"name": comp["name"], **result}] + comp["rivals"]
        totals = " · ".join(f'{row["name"]} {number(row["total"])}' + (f": {said.headline}" if said.headline else "")
                            for row, said in zip(rows, words.rolls))
        return f'{totals} — {words.headline}'
    if isinstance(result.get("worked"), str):     # arithmetic: the worked expression, "(8+3)×2"
        kept = result["worked"]
    elif isinstance(result.get("groups"), list):   # several dice groups: their kept sums, signed
        kept = "".join(("\u2212" if g.get("subtract") else "+" if i else "") + number(g["sum"])
                       for i, g in enumerate(result["groups"]))
    elif isinstance(result.get("success_indices"), list):   # success counting: successes − failures
        kept = f'{len(result["success_indices"])}\u2212{len(result.get("failure_indices") or ())}'
    else:
        kept = "".join(("+" if i and f >= 0 else "") + str(f) for i, f in enumerate(result["kept"])).replace("-", "\u2212") or "0"
    extra = "".join(f" {v:+d}".replace("-", "\u2212") for v in (result.get("modifier"), result.get("teamwork"))
                    if isinstance(v, int) and v)
    text = f'{kept}{extra} = {words.total}'
    said = words.line() if words.ok is not None else words.headline   # a band's label alone when nothing is judged
    return f"{text} — {said}" if said else text
