"""The L5R 5e check's HTML and words (pure: no pyscript, tested on CPython in tests/test_web_views.py).

Renders what ``tirada.systems.roll`` returns for an ``l5r5e`` request, read through its typed record
(:class:`tirada.systems.l5r.records.CheckView`, by attribute: issue #40): the finished check with every
step visible (:func:`render_result`), the history line (:func:`summary`), the interactive board at
its current stage (:func:`board_html`) and the engine's refusals in the UI language
(:func:`refusal_text`). :func:`render_result` and :func:`summary` take the result dict (the roll
view's Form interface, web/roll/forms.py) and read it as a ``CheckView`` at once; the board's
functions take the ``CheckView`` web/l5r/ui_l5r.py reads. Every text is in the ``lang`` passed in;
web/l5r/ui_l5r.py holds the handlers.
"""

from __future__ import annotations

from typing import Any, Mapping

from shell import i18n
from shell import refusal
from shell.render import esc, label_line
from shell.strings import t
from tirada import TiradaError
from tirada.systems.l5r.dice import SYMBOL_NAMES, SYMBOLS, ExplosionDie, PoolDie, symbols_of
from tirada.systems.l5r.records import CheckView, NeededFace
from tirada.systems.l5r.words import count, strife

#: Inline SVG of each symbol (24×24, currentColor); shape tells them apart, never colour alone.
SYMBOL_SVG = {
    "success": '<path d="M12 1.5 14.6 9.4 22.5 12 14.6 14.6 12 22.5 9.4 14.6 1.5 12 9.4 9.4Z"/>',
    "explosive": ('<circle cx="12" cy="12" r="10.3" fill="none" stroke="currentColor" stroke-width="1.8"/>'
                  '<path d="M12 4 13.9 10.1 20 12 13.9 13.9 12 20 10.1 13.9 4 12 10.1 10.1Z"/>'),
    "opportunity": '<path fill-rule="evenodd" d="M12 2a10 10 0 1 1 0 20a10 10 0 1 1 0-20ZM9 9v6h6V9Z"/>',
    "strife": ('<path d="M12.5 1.8c.6 3.6 5.8 6.4 5.8 12.2a6.3 6.3 0 0 1-12.6 0c0-3 1.6-5 3.1-6.8.1 2.4 1 '
               '3.7 2.5 4.5-.9-3.9-.2-6.9 1.2-9.9Z"/>'),
}


def refusal_text(err: TiradaError | Mapping[str, Any], lang: str) -> str:
    """An engine refusal in ``lang``, by its code (web/shell/refusal.py; dice numbered as on the board);
    ``err``: the error or its ``{"code", "params", "field", "kind"}``."""
    return refusal.text(err, lang)


def lang_fmt(key: str, lang: str, n: int | None = None, **values) -> str:
    """Text of ``key`` in ``lang`` with its ``{name}`` fields filled (a plural pair picks its form
    by ``n`` through gettext, web/shell/i18n.py)."""
    return i18n.template(key, lang, n).format(n=n, **values)




# ---------------------------------------------------------------------------- dice drawing
def symbol_name(symbol: str, lang: str) -> str:
    """The name of a symbol in ``lang`` (tirada.systems.l5r.dice.SYMBOL_NAMES: English, Spanish)."""
    return SYMBOL_NAMES[symbol][1 if lang == "es" else 0]


def die_words(die: str, face: int, symbols: list, lang: str) -> str:
    """Text alternative of a die: "dado de anillo (d6) 5: éxito"."""
    names = " + ".join(symbol_name(s, lang) for s in symbols) or t("l5r.blank", lang)
    sides = 6 if die == "ring" else 12
    return f"{t('l5r.' + die + '_die', lang)} (d{sides}) {face}: {names}"


def symbols_html(symbols: list) -> str:
    """The symbols of a face as inline SVG (hidden from screen readers: the die carries the words)."""
    if not symbols:
        return '<span class="sym blank" aria-hidden="true">·</span>'
    return "".join(f'<svg class="sym sym-{s}" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
                   f'{SYMBOL_SVG[s]}</svg>' for s in symbols)


def die_body(die: str, face: int, symbols: list, tag: str) -> str:
    """Inside of a die: symbols, "d6 · 5", and a state word (never colour alone)."""
    sides = 6 if die == "ring" else 12
    return (f'<span class="syms" aria-hidden="true">{symbols_html(symbols)}</span>'
            f'<span class="face" aria-hidden="true">d{sides} · {face}</span>'
            f'<span class="tag" aria-hidden="true">{esc(tag)}</span>')


def static_die(die: str, face: int, state: str, tag: str, lang: str, extra: str = "", after: str = "") -> str:
    """A die that is not tapped (``die`` ``"ring"`` | ``"skill"``, ``face`` 1..6 | 1..12): ``state`` kept /
    dropped / pending / plain; ``after``: HTML put after it in its list item (e.g. a button)."""
    symbols = _symbols(die, face)
    words = die_words(die, face, symbols, lang)
    label = f"{words}{', ' + tag if tag else ''}{', ' + extra if extra else ''}"
    return (f'<li><span class="l5r-die {die} {state}" data-die="{die}" data-face="{face}" '
            f'data-state="{state}" role="img" aria-label="{esc(label)}">'
            f'{die_body(die, face, symbols, tag)}</span>{after}</li>')


def legend(lang: str) -> str:
    """A visible key of the four symbols."""
    items = "".join(f'<li>{symbols_html([s])} {esc(symbol_name(s, lang))}</li>' for s in SYMBOLS)
    return (f'<div class="l5r-legend"><span>{esc(t("l5r.symbols", lang))}:</span>'
            f'<ul>{items}</ul></div>')


def pool_line(check: CheckView, lang: str) -> str:
    """"3 de anillo (d6) + 2 de habilidad (d12) · NO 2 · guardas hasta 3": the pool, the TN, the keep limit."""
    return lang_fmt("l5r.pool_line", lang, ring=check.count("ring"), skill=check.count("skill"), tn=check.tn,
                    limit=check.keep_limit)


# ------------------------------------------------------------------------ the check's steps
def section_pool(check: CheckView, lang: str) -> str:
    """Step 1: the pool as first rolled."""
    dice = [static_die(d.die, d.first_face, "plain", t("l5r.die_n", lang).format(n=d.index + 1), lang)
            for d in check.pool]
    return (f'<h3>{esc(t("l5r.step_pool", lang))}</h3>'
            f'<ul class="l5r-dice" data-step="pool">{"".join(dice)}</ul>')


def _symbols(die: str, face: int) -> list:
    """The symbols of ``face`` on a ``die`` ("ring" / "skill")."""
    return list(symbols_of(die, face))


def section_rerolls(check: CheckView, lang: str) -> str:
    """Step 2: each rerolled die, its first face → its new face."""
    rows = []
    for d in check.pool:
        if d.rerolled:
            name = t("l5r.die_n", lang).format(n=d.index + 1)
            pair = [static_die(d.die, f, state, tag, lang)
                    for f, state, tag in ((d.first_face, "dropped", t("l5r.tag_rerolled", lang)),
                                          (d.face, "plain", name))]
            rows.append(f'<li data-rerolled="{d.index}"><span class="l5r-name">{esc(name)}</span>'
                        f'<ul class="l5r-dice">{pair[0]}<li class="l5r-arrow" aria-hidden="true">→</li>'
                        f'{pair[1]}</ul></li>')
    body = f'<ul class="l5r-rerolls">{"".join(rows)}</ul>' if rows else f'<p>{esc(t("l5r.no_rerolls", lang))}</p>'
    return f'<h3>{esc(t("l5r.step_rerolls", lang))}</h3>{body}'


def _state(kept: bool | None, undecided: str) -> str:
    """``"kept"`` / ``"dropped"``, or ``undecided`` while a die's keep is not decided."""
    return undecided if kept is None else ("kept" if kept else "dropped")


def section_kept(check: CheckView, lang: str) -> str:
    """Step 3: the pool after rerolls, kept and dropped."""
    dice = []
    for d in check.pool:
        state = _state(d.kept, "plain")
        tag = t(f"l5r.tag_{state}", lang) if state != "plain" else t("l5r.die_n", lang).format(n=d.index + 1)
        extra = t("l5r.tag_rerolled", lang) if d.rerolled else ""
        dice.append(static_die(d.die, d.face, state, tag, lang, extra))
    for k in check.added_dice:   # kept dice added after the keep, outside the limit
        dice.append(static_die(k.die, k.face, "kept", t("l5r.tag_added", lang), lang))
    return (f'<h3>{esc(t("l5r.step_kept", lang))}</h3>'
            f'<ul class="l5r-dice" data-step="kept">{"".join(dice)}</ul>')


#: The results a kept die may be added with (core rules p. 27), one face each: (die, face).
ADD_RESULTS = (("ring", 3), ("ring", 2), ("ring", 5), ("ring", 4), ("ring", 6), ("ring", 1),
               ("skill", 3), ("skill", 8), ("skill", 6), ("skill", 10), ("skill", 12), ("skill", 11), ("skill", 1))


def add_box(added: list | tuple, lang: str) -> str:
    """At the keep: "add a kept die set to a result" (an effect's; outside the keep limit, sent with
    the keep): the dice added so far, each with a button to take it back, and a result to add."""
    items = "".join(static_die(d, f, "kept", t("l5r.tag_added", lang),
                               lang, after=f'<button type="button" class="ghost" data-l5r-unadd="{i}">'
                                           f'{esc(t("l5r.add_remove", lang))}</button>')
                    for i, (d, f) in enumerate(added))
    options = "".join(f'<option value="{d}:{f}">{esc(die_words(d, f, list(symbols_of(d, f)), lang))}</option>'
                      for d, f in ADD_RESULTS)
    listed = f'<ul class="l5r-dice" data-step="added">{items}</ul>' if items else ""
    return (f'<details class="l5r-add"{" open" if added else ""}><summary>{esc(t("l5r.add_heading", lang))}</summary>'
            f'<p class="meta">{esc(t("l5r.add_help", lang))}</p>{listed}'
            f'<label for="l5r-add-result">{esc(t("l5r.add_result", lang))}</label>'
            f'<select id="l5r-add-result">{options}</select>'
            f'<button type="button" class="ghost" data-l5r-add="1">{esc(t("l5r.add_button", lang))}</button></details>')


def explosion_source(x: ExplosionDie, lang: str) -> str:
    """"dado 4" / "explosión 1": the die an explosion die came from."""
    key = {"pool": "l5r.die_n", "added": "l5r.added_die"}.get(x.source, "l5r.explosion_die")
    return t(key, lang).format(n=x.source_index + 1)


def section_explosions(check: CheckView, lang: str) -> str:
    """Step 4: the explosion dice in draw order, kept / dropped / to decide."""
    dice = []
    for x in check.explosion_dice:
        state = _state(x.kept, "pending")
        extra = t(f"l5r.explodes_from_{x.source}", lang).format(n=x.source_index + 1)
        dice.append(static_die(x.die, x.face, state, t(f"l5r.tag_{state}", lang), lang, extra))
    body = (f'<ul class="l5r-dice" data-step="explosions">{"".join(dice)}</ul>' if dice
            else f'<p>{esc(t("l5r.no_explosions", lang))}</p>')
    return f'<h3>{esc(t("l5r.step_explosions", lang))}</h3>{body}'


def outcome(check: CheckView, lang: str) -> str:
    """The totals of a finished check in the system's words (:func:`tirada.systems.l5r.words.outcome_words`,
    as the snippets say them): successes vs TN, verdict, opportunities and strife, extras."""
    words = check.words(lang)
    parts = [f'<p class="total l5r-total" data-successes="{check.successes}" data-tn="{check.tn}">'
             f'{esc(check.vs_tn(lang))}</p>']
    parts.append(f'<p class="verdict {"ok" if words.ok else "bad"}" data-success="{str(check.success).lower()}">'
                 f'{esc(words.headline)}</p>')
    parts.append(f'<p class="l5r-counts" data-opportunities="{check.opportunities}" '
                 f'data-strife="{check.strife}">{esc(words.detail)}</p>')
    extras = []
    if check.fire_bonus:
        extras.append(lang_fmt("l5r.fire_bonus", lang, n=check.fire_bonus))
    if check.strife_cancelled:
        extras.append(lang_fmt("l5r.cancelled", lang, n=check.strife_cancelled))
    if check.strife_change is not None and check.strife_change != check.strife:
        extras.append(lang_fmt("l5r.strife_change", lang, n=check.strife_change))
    if check.void_points_gained:
        extras.append(t("l5r.void_gained", lang))
    extras += list(check.messages)
    parts += [f'<p class="meta">{esc(x)}</p>' for x in extras]
    return "".join(parts)


def render_result(result: Mapping[str, Any], lang: str) -> str:
    """A finished (or shared) check with every step visible: pool → rerolls → kept → explosions,
    then the totals. A link whose check is not finished says so. ``result``: the engine's dict
    (read as a :class:`~tirada.systems.l5r.records.CheckView`)."""
    check = CheckView.from_result(result)
    parts = [f'<h2>{esc(t("result.heading", lang))}</h2>']
    if check.label:
        parts.append(label_line(check.label, lang))
    parts.append(f'<p class="meta">{esc(pool_line(check, lang))}</p>')
    parts += [section_pool(check, lang), section_rerolls(check, lang), section_kept(check, lang),
              section_explosions(check, lang)]
    if check.done:
        parts.append(outcome(check, lang))
    else:
        parts.append(f'<p class="error">{esc(check.words(lang).headline)}</p>')
    parts.append(legend(lang))
    return f'<div class="l5r">{"".join(parts)}</div>'


def summary(result: Mapping[str, Any], lang: str) -> str:
    """The history line: "L5R 3 éxitos contra un NO de 3 — Éxito, 1 oportunidad, 1 de conflicto" (the
    system's words, :func:`tirada.systems.l5r.words.outcome_words`); ``result``: the engine's dict."""
    check = CheckView.from_result(result)
    words = check.words(lang)
    if not check.done:
        return words.headline
    return f"L5R {check.vs_tn(lang)} \u2014 {words.line()}"


# ------------------------------------------------------------------------------ the board
def tap_die(d: PoolDie, stage: str, allowed: tuple | list, marked_set: set, lang: str) -> str:
    """A pool die the player taps at the reroll / keep stage (a toggle button); ``allowed``: the pool
    indices the rules allow now; ``marked_set``: the pool indices tapped so far."""
    marked = d.index in marked_set
    ok = d.index in allowed
    tag = t(f"l5r.tag_{'reroll' if stage == 'reroll' else 'keep'}", lang) if marked else \
        (t("l5r.die_n", lang).format(n=d.index + 1) if ok else t("l5r.tag_not_allowed", lang))
    symbols = list(d.symbols)
    words = die_words(d.die, d.face, symbols, lang)
    extra = f", {t('l5r.tag_rerolled', lang)}" if d.rerolled else ""
    disabled = "" if ok else ' aria-disabled="true"'
    return (f'<li><button type="button" class="l5r-die {d.die}{" marked" if marked else ""}'
            f'{"" if ok else " not-allowed"}" data-l5r-die="{d.index}" data-die="{d.die}" '
            f'data-face="{d.face}" aria-pressed="{str(marked).lower()}"{disabled} '
            f'aria-label="{esc(t("l5r.die_n", lang).format(n=d.index + 1))}: {esc(words)}{esc(extra)}">'
            f'{die_body(d.die, d.face, symbols, tag)}</button></li>')


def board_html(check: CheckView, label: str, marked: set, lang: str, added: list | tuple = ()) -> str:
    """The interactive check at its current stage (``label``: the roll's label or ""; ``marked``:
    the pool indices tapped so far; ``added``: kept dice added at the keep so far, ``[die, face]``)."""
    stage, choice = check.stage, check.choice
    parts = [f'<div class="l5r l5r-board" data-stage="{stage}"><h2>{esc(t("l5r.heading", lang))}</h2>']
    if label:
        parts.append(label_line(label, lang))
    if check.pool:
        parts.append(f'<p class="meta">{esc(pool_line(check, lang))}</p>')
    parts.append(f'<p id="l5r-step" class="l5r-step" tabindex="-1">{esc(instruction(check, lang))}</p>')
    if stage in ("reroll", "keep"):
        dice = "".join(tap_die(d, stage, choice.allowed, marked, lang) for d in check.pool)
        parts.append(f'<ul class="l5r-dice" data-step="{stage}">{dice}</ul>')
        if stage == "keep":
            parts.append(section_rerolls(check, lang) + add_box(added, lang))
        confirm = "l5r.confirm_keep" if stage == "keep" else "l5r.confirm_reroll"
        parts.append(f'<div class="buttons"><button type="button" class="primary" id="l5r-confirm" '
                     f'data-l5r-confirm="{stage}">{esc(t(confirm, lang))}</button></div>')
    else:
        if check.pool:
            if any(d.rerolled for d in check.pool):
                parts.append(section_rerolls(check, lang))
            parts.append(section_kept(check, lang) if check.keep_decided else section_pool(check, lang))
        if check.explosion_dice:
            parts.append(section_explosions(check, lang))
        if stage == "explosion":
            may_keep = '"' if choice.may_keep else ' not-allowed" aria-disabled="true"'
            parts.append(f'<div class="buttons l5r-explode">'
                         f'<button type="button" class="ghost{may_keep} data-l5r-explosion="keep">'
                         f'{esc(t("l5r.explosion_keep", lang))}</button>'
                         f'<button type="button" class="ghost" data-l5r-explosion="drop">'
                         f'{esc(t("l5r.explosion_drop", lang))}</button></div>')
        if stage == "faces":
            parts.append(faces_form(choice.need, lang))
    status = status_text(check, marked, None, lang)
    parts.append(f'<p id="l5r-status" class="l5r-status" role="status">{esc(status)}</p>')
    parts.append('<p id="l5r-error" class="error" role="alert" hidden></p>')
    parts.append(legend(lang) + "</div>")
    return "".join(parts)


def instruction(check: CheckView, lang: str) -> str:
    """What the player does now, in words."""
    stage, choice = check.stage, check.choice
    if stage == "reroll":
        return lang_fmt(f"l5r.do_reroll_{choice.by}", lang, min=choice.min, max=choice.max)
    if stage == "keep":
        return lang_fmt("l5r.do_keep", lang, min=choice.min, max=choice.max)
    if stage == "explosion":
        x = check.explosion_dice[choice.index]
        return lang_fmt(f"l5r.do_explosion_{x.source}", lang, n=x.source_index + 1)
    return t("l5r.do_faces", lang)


def status_text(check: CheckView, marked: set, preview: CheckView | None, lang: str) -> str:
    """Live counters: what is kept so far (or would be, with the ``marked`` dice: the engine's
    ``preview`` check of keeping them), vs the TN."""
    shown = preview or check
    if check.stage == "reroll":
        return lang_fmt("l5r.marked_count", lang, n=len(marked))
    if check.stage == "faces" and not check.keep_decided:
        return ""
    text = lang_fmt("l5r.running", lang, s=count("successes", shown.successes, lang), tn=check.tn,
                    o=count("opportunities", shown.opportunities, lang), c=strife(shown.strife, lang))
    if check.stage == "keep":
        text = lang_fmt("l5r.marked_count", lang, n=len(marked)) + " " + text
    return text


def faces_form(need: tuple[NeededFace, ...], lang: str) -> str:
    """One number input per die the engine still needs (faces mode; ``need``: its
    :class:`~tirada.systems.l5r.records.NeededFace` records, in draw order)."""
    rows = []
    for i, n in enumerate(need):
        key = f"l5r.need_explosion_{n.source}" if n.step == "explosion" else f"l5r.need_{n.step}"
        text = lang_fmt(key, lang, n=n.source_index + 1, die=t(f"l5r.{n.die}_die", lang), sides=n.sides)
        rows.append(f'<div class="field"><label for="l5r-face-{i}">{esc(text)}</label>'
                    f'<input id="l5r-face-{i}" data-l5r-face="{i}" type="number" inputmode="numeric" '
                    f'min="1" max="{n.sides}" required></div>')
    return (f'<form id="l5r-faces" class="l5r-faces" novalidate><div class="grid">{"".join(rows)}</div>'
            f'<button type="submit" class="primary">{esc(t("l5r.faces_go", lang))}</button></form>')


