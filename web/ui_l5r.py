"""The L5R 5e check on the roll view (glue only: every rule is in tirada.systems.l5r.check).

The check runs in the engine's step mode (docs/l5r5e.md): the form's submit starts it (a fresh seed,
or faces typed elsewhere), then each tap on the board sends the same request plus one decision —
rerolls, keep, one explosion keep/drop, or the next faces — to ``tirada.systems.roll`` and renders
what it returns. Once the engine says ``"done"``, the roll becomes a normal finished roll of the
roll view: a share link carrying the seed and the decisions, a history entry and forum snippets.

For the roll view (web/ui_roll.py ``FORMS``) this module offers ``read_request``,
``render_result`` (a finished check, every step visible) and ``summary`` (the history line).
"""

from __future__ import annotations

import time

from pyscript import document, when

import app
import errors_es
import ui_dice
from app import STORE, el, tr
import render
from render import esc
from tirada.systems.l5r import skirmish
from tirada.links import chain as links
from tirada import systems
from tirada.dice import new_seed
from tirada.errors import TiradaError
from tirada.systems.l5r.dice import SYMBOL_NAMES, SYMBOLS

INT_FIELDS = ("ring", "skill", "tn", "assist_skilled", "assist_unskilled")
BOOL_FIELDS = ("void", "compromised", "distinction", "adversity", "passion", "anxiety")
DECISIONS = ("rerolls", "keep", "explosions")

#: Inline SVG of each symbol (24×24, currentColor); shape tells them apart, never colour alone.
SYMBOL_SVG = {
    "success": '<path d="M12 1.5 14.6 9.4 22.5 12 14.6 14.6 12 22.5 9.4 14.6 1.5 12 9.4 9.4Z"/>',
    "explosive": ('<circle cx="12" cy="12" r="10.3" fill="none" stroke="currentColor" stroke-width="1.8"/>'
                  '<path d="M12 4 13.9 10.1 20 12 13.9 13.9 12 20 10.1 13.9 4 12 10.1 10.1Z"/>'),
    "opportunity": '<path fill-rule="evenodd" d="M12 2a10 10 0 1 1 0 20a10 10 0 1 1 0-20ZM9 9v6h6V9Z"/>',
    "strife": ('<path d="M12.5 1.8c.6 3.6 5.8 6.4 5.8 12.2a6.3 6.3 0 0 1-12.6 0c0-3 1.6-5 3.1-6.8.1 2.4 1 '
               '3.7 2.5 4.5-.9-3.9-.2-6.9 1.2-9.9Z"/>'),
}


#: The check's refusals (tirada.systems.l5r.check messages) → (strings key, how to fill it from the match).
REFUSALS = (
    (r"a distinction and an adversity cancel each other: no rerolls$", "l5r.err.cancel", lambda m: {}),
    (r"only a distinction or an adversity rerolls dice: no rerolls$", "l5r.err.no_advantage", lambda m: {}),
    (r"an adversity rerolls only dice .*, not pool die (\d+),", "l5r.err.adversity_die",
     lambda m: {"n": int(m[1]) + 1}),
    (r"an adversity rerolls exactly (\d+) dice showing success here, got (\d+)$", "l5r.err.adversity_count",
     lambda m: {"need": m[1], "got": m[2]}),
    (r"a distinction rerolls at most 2 dice, got (\d+)$", "l5r.err.distinction_count", lambda m: {"got": m[1]}),
    (r"keep at least 1 die", "l5r.err.keep_min", lambda m: {}),
    (r"keep at most (\d+) dice \(ring (\d+) \+ (\d+) helpers( \+ Void point)?\), got (\d+)$", "l5r.err.keep_max",
     lambda m: {"max": m[1], "ring": m[2], "helpers": m[3], "void": tr("l5r.err.void") if m[4] else "",
                "got": m[5]}),
    (r"a compromised character cannot keep pool die (\d+),", "l5r.err.compromised_die",
     lambda m: {"n": int(m[1]) + 1}),
    (r"a compromised character cannot keep explosion die (\d+) ", "l5r.err.compromised_explosion",
     lambda m: {"n": int(m[1]) + 1}),
)


def refusal_text(err: TiradaError) -> str:
    """An engine refusal in the UI language, dice numbered as on the board, with its rule; a
    message of unknown shape is shown as the engine wrote it."""
    import re
    message = err.message
    for pattern, key, fill in REFUSALS:
        match = re.match(pattern, message)
        if match:
            message = _fmt(key, **fill(match))
            break
    else:
        if app.State.lang == "es":
            message = errors_es.to_spanish(message)
    return message + (f" ({err.rule})" if err.rule else "")


class Check:
    """The interactive check on screen (``request`` None when there is none)."""

    request = None      # the step-mode request so far (decisions added one by one)
    result = None       # the engine's result for ``request``
    marked: set = set()  # pool indices tapped at the reroll / keep stage
    chain = None        # the chain position reserved at the start (seeded, named roller)
    last_done = None    # the last finished check (for the skirmish calculators)


_node = app.node


def _closest(target, selector: str):
    return _node(target.closest(selector)) if hasattr(target, "closest") else None


def _roll_view():
    import ui_roll  # imported here: ui_roll imports this module to register it
    return ui_roll


def _fmt(key: str, **values) -> str:
    return tr(key).format(**values)


def _lang_fmt(key: str, lang: str, **values) -> str:
    from strings import t
    return t(key, lang).format(**values)


def _plural(key: str, n: int, lang: str) -> str:
    return _lang_fmt(f"{key}_{'1' if n == 1 else 'n'}", lang, n=n)


# ------------------------------------------------------------------------------------ form
def _int(fieldset, name: str) -> int:
    node = fieldset.querySelector(f'[name="{name}"]')
    try:
        return int(str(node.value).strip())
    except ValueError:
        label = node.labels[0].textContent if node.labels.length else name
        raise ui_dice.FormError(f"{label}: {tr('error.number')}", str(node.id)) from None


def read_request(system: str, fieldset, lang: str) -> dict:
    """The check's own fields as the engine expects them (ranges are checked by the engine);
    false booleans and "no stance" are left out to keep links short."""
    req = {name: _int(fieldset, name) for name in INT_FIELDS}
    for name in BOOL_FIELDS:
        if fieldset.querySelector(f'[name="{name}"]').checked:
            req[name] = True
    stance = str(fieldset.querySelector('[name="stance"]').value)
    if stance:
        req["stance"] = stance
    return req


# ---------------------------------------------------------------------------- dice drawing
def symbol_name(symbol: str, lang: str) -> str:
    """The name of a symbol in ``lang`` (tirada.systems.l5r.dice.SYMBOL_NAMES: English, Spanish)."""
    return SYMBOL_NAMES[symbol][1 if lang == "es" else 0]


def die_words(die: str, face: int, symbols: list, lang: str) -> str:
    """Text alternative of a die: "dado de anillo (d6) 5: éxito"."""
    from strings import t
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


def static_die(d: dict, state: str, tag: str, lang: str, extra: str = "") -> str:
    """A die that is not tapped: ``state`` kept / dropped / pending / plain."""
    words = die_words(d["die"], d["face"], d["symbols"], lang)
    label = f"{words}{', ' + tag if tag else ''}{', ' + extra if extra else ''}"
    return (f'<li><span class="l5r-die {d["die"]} {state}" data-die="{d["die"]}" data-face="{d["face"]}" '
            f'data-state="{state}" role="img" aria-label="{esc(label)}">'
            f'{die_body(d["die"], d["face"], d["symbols"], tag)}</span></li>')


def legend(lang: str) -> str:
    """A visible key of the four symbols."""
    from strings import t
    items = "".join(f'<li>{symbols_html([s])} {esc(symbol_name(s, lang))}</li>' for s in SYMBOLS)
    return (f'<div class="l5r-legend"><span>{esc(t("l5r.symbols", lang))}:</span>'
            f'<ul>{items}</ul></div>')


def pool_line(result: dict, lang: str) -> str:
    ring = sum(1 for d in result["pool"] if d["die"] == "ring")
    skill = sum(1 for d in result["pool"] if d["die"] == "skill")
    return _lang_fmt("l5r.pool_line", lang, ring=ring, skill=skill, tn=result["tn"], limit=result["keep_limit"])


# ------------------------------------------------------------------------ the check's steps
def section_pool(result: dict, lang: str) -> str:
    """Step 1: the pool as first rolled."""
    from strings import t
    dice = [static_die({**d, "face": d["faces"][0], "symbols": _symbols(d["die"], d["faces"][0])}, "plain",
                       t("l5r.die_n", lang).format(n=d["index"] + 1), lang) for d in result["pool"]]
    return (f'<h3>{esc(t("l5r.step_pool", lang))}</h3>'
            f'<ul class="l5r-dice" data-step="pool">{"".join(dice)}</ul>')


def _symbols(die: str, face: int) -> list:
    from tirada.systems.l5r.dice import symbols_of
    return list(symbols_of(die, face))


def section_rerolls(result: dict, lang: str) -> str:
    """Step 2: each rerolled die, its first face → its new face."""
    from strings import t
    rows = []
    for d in result["pool"]:
        if d["rerolled"]:
            name = t("l5r.die_n", lang).format(n=d["index"] + 1)
            pair = [static_die({"die": d["die"], "face": f, "symbols": _symbols(d["die"], f)}, state, tag, lang)
                    for f, state, tag in ((d["faces"][0], "dropped", t("l5r.tag_rerolled", lang)),
                                          (d["faces"][-1], "plain", name))]
            rows.append(f'<li data-rerolled="{d["index"]}"><span class="l5r-name">{esc(name)}</span>'
                        f'<ul class="l5r-dice">{pair[0]}<li class="l5r-arrow" aria-hidden="true">→</li>'
                        f'{pair[1]}</ul></li>')
    body = f'<ul class="l5r-rerolls">{"".join(rows)}</ul>' if rows else f'<p>{esc(t("l5r.no_rerolls", lang))}</p>'
    return f'<h3>{esc(t("l5r.step_rerolls", lang))}</h3>{body}'


def section_kept(result: dict, lang: str) -> str:
    """Step 3: the pool after rerolls, kept and dropped."""
    from strings import t
    dice = []
    for d in result["pool"]:
        state = {True: "kept", False: "dropped"}.get(d["kept"], "plain")
        tag = t(f"l5r.tag_{state}", lang) if state != "plain" else t("l5r.die_n", lang).format(n=d["index"] + 1)
        extra = t("l5r.tag_rerolled", lang) if d["rerolled"] else ""
        dice.append(static_die(d, state, tag, lang, extra))
    return (f'<h3>{esc(t("l5r.step_kept", lang))}</h3>'
            f'<ul class="l5r-dice" data-step="kept">{"".join(dice)}</ul>')


def explosion_source(x: dict, lang: str) -> str:
    """"dado 4" / "explosión 1": the die an explosion die came from."""
    from strings import t
    key = "l5r.die_n" if x["source"] == "pool" else "l5r.explosion_die"
    return t(key, lang).format(n=x["source_index"] + 1)


def section_explosions(result: dict, lang: str) -> str:
    """Step 4: the explosion dice in draw order, kept / dropped / to decide."""
    from strings import t
    dice = []
    for x in result["explosion_dice"]:
        state = {True: "kept", False: "dropped"}.get(x["kept"], "pending")
        extra = t("l5r.explodes_from", lang).format(src=explosion_source(x, lang))
        dice.append(static_die(x, state, t(f"l5r.tag_{state}", lang), lang, extra))
    body = (f'<ul class="l5r-dice" data-step="explosions">{"".join(dice)}</ul>' if dice
            else f'<p>{esc(t("l5r.no_explosions", lang))}</p>')
    return f'<h3>{esc(t("l5r.step_explosions", lang))}</h3>{body}'


def outcome(result: dict, lang: str) -> str:
    """The totals of a finished check: successes vs TN, verdict, opportunities, strife, extras."""
    from strings import t
    s = _plural("l5r.successes", result["successes"], lang)
    parts = [f'<p class="total l5r-total" data-successes="{result["successes"]}" data-tn="{result["tn"]}">'
             f'{esc(_lang_fmt("l5r.vs_tn", lang, s=s, tn=result["tn"]))}</p>']
    if result["success"]:
        verdict = ("ok", _lang_fmt("l5r.success", lang, bonus=result["bonus_successes"]))
    else:
        verdict = ("bad", _lang_fmt("l5r.failure", lang, n=-result["margin"]))
    parts.append(f'<p class="verdict {verdict[0]}" data-success="{str(result["success"]).lower()}">'
                 f'{esc(verdict[1])}</p>')
    parts.append(f'<p class="l5r-counts" data-opportunities="{result["opportunities"]}" '
                 f'data-strife="{result["strife"]}">'
                 f'{esc(_plural("l5r.opportunities", result["opportunities"], lang))} · '
                 f'{esc(_lang_fmt("l5r.strife_n", lang, n=result["strife"]))}</p>')
    extras = []
    if result.get("fire_bonus"):
        extras.append(_lang_fmt("l5r.fire_bonus", lang, n=result["fire_bonus"]))
    if result.get("strife_cancelled"):
        extras.append(_lang_fmt("l5r.cancelled", lang, n=result["strife_cancelled"]))
    if result.get("strife_change") is not None and result["strife_change"] != result["strife"]:
        extras.append(_lang_fmt("l5r.strife_change", lang, n=result["strife_change"]))
    if result.get("void_points_gained"):
        extras.append(t("l5r.void_gained", lang))
    extras += result.get("messages") or []
    parts += [f'<p class="meta">{esc(x)}</p>' for x in extras]
    return "".join(parts)


def render_result(result: dict, lang: str) -> str:
    """A finished (or shared) check with every step visible: pool → rerolls → kept → explosions,
    then the totals. A link whose check is not finished says so."""
    from strings import t
    parts = [f'<h2>{esc(t("result.heading", lang))}</h2>']
    if result.get("label"):
        parts.append(render.label_line(result["label"], lang))
    parts.append(f'<p class="meta">{esc(pool_line(result, lang))}</p>')
    parts += [section_pool(result, lang), section_rerolls(result, lang), section_kept(result, lang),
              section_explosions(result, lang)]
    if result["stage"] == "done":
        parts.append(outcome(result, lang))
    else:
        parts.append(f'<p class="error">{esc(t("l5r.in_progress", lang))}</p>')
    parts.append(legend(lang))
    return f'<div class="l5r">{"".join(parts)}</div>'


def summary(result: dict, lang: str) -> str:
    """The history line: "L5R 3 éxitos contra NO 3 — Éxito (+0 …), 1 oportunidad, 1 de conflicto"."""
    from strings import t
    if result.get("stage") != "done":
        return t("l5r.in_progress", lang)
    vs = _lang_fmt("l5r.vs_tn", lang, s=_plural("l5r.successes", result["successes"], lang), tn=result["tn"])
    verdict = (_lang_fmt("l5r.success", lang, bonus=result["bonus_successes"]) if result["success"]
               else _lang_fmt("l5r.failure", lang, n=-result["margin"]))
    return _lang_fmt("l5r.history", lang, vs=vs, verdict=verdict,
                     o=_plural("l5r.opportunities", result["opportunities"], lang),
                     c=_lang_fmt("l5r.strife_n", lang, n=result["strife"]))


# ------------------------------------------------------------------------------ the board
def tap_die(d: dict, stage: str, allowed: list, lang: str) -> str:
    """A pool die the player taps at the reroll / keep stage (a toggle button)."""
    marked = d["index"] in Check.marked
    ok = d["index"] in allowed
    tag = tr(f"l5r.tag_{'reroll' if stage == 'reroll' else 'keep'}") if marked else \
        (tr("l5r.die_n").format(n=d["index"] + 1) if ok else tr("l5r.tag_not_allowed"))
    words = die_words(d["die"], d["face"], d["symbols"], lang)
    extra = f", {tr('l5r.tag_rerolled')}" if d["rerolled"] else ""
    disabled = "" if ok else ' aria-disabled="true"'
    return (f'<li><button type="button" class="l5r-die {d["die"]}{" marked" if marked else ""}'
            f'{"" if ok else " not-allowed"}" data-l5r-die="{d["index"]}" data-die="{d["die"]}" '
            f'data-face="{d["face"]}" aria-pressed="{str(marked).lower()}"{disabled} '
            f'aria-label="{esc(tr("l5r.die_n").format(n=d["index"] + 1))}: {esc(words)}{esc(extra)}">'
            f'{die_body(d["die"], d["face"], d["symbols"], tag)}</button></li>')


def board_html(result: dict, lang: str) -> str:
    """The interactive check at its current stage."""
    stage, choices = result["stage"], result["choices"] or {}
    parts = [f'<div class="l5r l5r-board" data-stage="{stage}"><h2>{esc(tr("l5r.heading"))}</h2>']
    if Check.request.get("label"):
        parts.append(render.label_line(Check.request["label"], lang))
    if result["pool"]:
        parts.append(f'<p class="meta">{esc(pool_line(result, lang))}</p>')
    parts.append(f'<p id="l5r-step" class="l5r-step" tabindex="-1">{esc(instruction(result))}</p>')
    if stage in ("reroll", "keep"):
        dice = "".join(tap_die(d, stage, choices["allowed"], lang) for d in result["pool"])
        parts.append(f'<ul class="l5r-dice" data-step="{stage}">{dice}</ul>')
        if stage == "keep":
            parts.append(section_rerolls(result, lang))
        confirm = "l5r.confirm_keep" if stage == "keep" else "l5r.confirm_reroll"
        parts.append(f'<div class="buttons"><button type="button" class="primary" id="l5r-confirm" '
                     f'data-l5r-confirm="{stage}">{esc(tr(confirm))}</button></div>')
    else:
        if result["pool"]:
            if any(d["rerolled"] for d in result["pool"]):
                parts.append(section_rerolls(result, lang))
            parts.append(section_kept(result, lang) if result["pool"][0]["kept"] is not None
                         else section_pool(result, lang))
        if result["explosion_dice"]:
            parts.append(section_explosions(result, lang))
        if stage == "explosion":
            may_keep = '"' if choices["may_keep"] else ' not-allowed" aria-disabled="true"'
            parts.append(f'<div class="buttons l5r-explode">'
                         f'<button type="button" class="ghost{may_keep} data-l5r-explosion="keep">'
                         f'{esc(tr("l5r.explosion_keep"))}</button>'
                         f'<button type="button" class="ghost" data-l5r-explosion="drop">'
                         f'{esc(tr("l5r.explosion_drop"))}</button></div>')
        if stage == "faces":
            parts.append(faces_form(choices["need"]))
    parts.append(f'<p id="l5r-status" class="l5r-status" role="status">{esc(status_text(result))}</p>')
    parts.append('<p id="l5r-error" class="error" role="alert" hidden></p>')
    parts.append(legend(lang) + "</div>")
    return "".join(parts)


def instruction(result: dict) -> str:
    """What the player does now, in words."""
    stage, choices = result["stage"], result["choices"] or {}
    if stage == "reroll":
        return _fmt(f"l5r.do_reroll_{choices['by']}", min=choices["min"], max=choices["max"])
    if stage == "keep":
        return _fmt("l5r.do_keep", min=choices["min"], max=choices["max"])
    if stage == "explosion":
        x = result["explosion_dice"][choices["index"]]
        return _fmt("l5r.do_explosion", src=explosion_source(x, app.State.lang))
    return tr("l5r.do_faces")


def status_text(result: dict, preview: dict | None = None) -> str:
    """Live counters: what is kept so far (or would be, with the marked dice), vs the TN."""
    shown = preview or result
    lang = app.State.lang
    kept_decided = bool(result["pool"]) and result["pool"][0]["kept"] is not None
    if result["stage"] == "reroll":
        return _fmt("l5r.marked_count", n=len(Check.marked))
    if result["stage"] == "faces" and not kept_decided:
        return ""
    text = _fmt("l5r.running", s=_plural("l5r.successes", shown["successes"], lang), tn=result["tn"],
                o=_plural("l5r.opportunities", shown["opportunities"], lang),
                c=_lang_fmt("l5r.strife_n", lang, n=shown["strife"]))
    if result["stage"] == "keep":
        text = _fmt("l5r.marked_count", n=len(Check.marked)) + " " + text
    return text


def faces_form(need: list) -> str:
    """One number input per die the engine still needs (faces mode)."""
    rows = []
    for i, n in enumerate(need):
        if n.get("step") == "explosion":
            key = f"l5r.need_explosion_{n.get('source', 'pool')}"
        else:
            key = f"l5r.need_{n.get('step', 'pool')}"
        text = _fmt(key, n=n.get("source_index", i) + 1, die=tr(f"l5r.{n['die']}_die"), sides=n["sides"])
        rows.append(f'<div class="field"><label for="l5r-face-{i}">{esc(text)}</label>'
                    f'<input id="l5r-face-{i}" data-l5r-face="{i}" type="number" inputmode="numeric" '
                    f'min="1" max="{n["sides"]}" required></div>')
    return (f'<form id="l5r-faces" class="l5r-faces" novalidate><div class="grid">{"".join(rows)}</div>'
            f'<button type="submit" class="primary">{esc(tr("l5r.faces_go"))}</button></form>')


def render_board(focus: bool = False) -> None:
    """Draw the board for :class:`Check` in #result."""
    box = el("result")
    box.setAttribute("aria-atomic", "false")
    box.innerHTML = board_html(Check.result, app.State.lang)
    box.hidden = False
    if Check.marked and Check.result["stage"] in ("reroll", "keep"):
        preview("rerolls" if Check.result["stage"] == "reroll" else "keep")
    if focus:
        first = _node(document.querySelector("#l5r-faces input"))
        (first or el("l5r-step")).focus()


def show_refusal(message: str) -> None:
    """One clear line saying why the engine refused a decision (the board stays as it was)."""
    box = _node(el("l5r-error"))
    if box is not None:
        box.textContent = f"{tr('l5r.refused')}: {message}"
        box.hidden = False


def clear_refusal() -> None:
    box = _node(el("l5r-error"))
    if box is not None:
        box.hidden = True
        box.textContent = ""


# ------------------------------------------------------------------------------- actions
def start_check() -> None:
    """The form's submit with L5R chosen (called by ui_roll.on_roll): read the form, start the check
    in step mode."""
    view = _roll_view()
    fieldset = document.querySelector('fieldset[data-system="l5r5e"]')
    try:
        request = {"system": "l5r5e", **read_request("l5r5e", fieldset, app.State.lang), "step": True}
        label = str(el("label").value).strip()
        if label:
            request["label"] = label
        for check in app.BEFORE_ROLL:
            check(request)
        faces = view.parse_faces(str(el("faces").value))
        if faces is None and el("l5r-faces_mode").checked:
            faces = []
        if faces is not None:
            request["faces"] = faces
        else:
            request["seed"] = new_seed()
        result = systems.roll(request)
        chain = reserve_chain(request) if faces is None else None
    except ui_dice.FormError as err:
        view.show_error(tr("error.heading"), str(err), focus=err.field)
        return
    except TiradaError as err:
        view.show_error(tr("error.heading"), view.engine_message(err))
        return
    Check.request, Check.result, Check.marked, Check.chain = request, result, set(), chain
    view.Roll.current = view.Roll.faces_result = None
    el("shared").hidden = True
    el("share").hidden = True
    advanced(focus=True)


def reserve_chain(request: dict):
    """With a named roller, take the chain's next number now (so an abandoned check shows as a
    gap); the finished check's link gets that number. Returns the reservation or None."""
    view = _roll_view()
    key, state = view.chain_identity()
    if state is None:
        return None
    _, new_state = links.next_link(request, state, int(time.time()))
    STORE.set_chain(key, new_state.to_dict())
    return {"key": key, "roller": state.roller, "campaign": state.campaign or None, "seq": new_state.seq,
            "prev": state.last}


def decide(name: str, value) -> None:
    """Send one more decision (or faces) to the engine; refused ones leave the board as it was."""
    request = {**Check.request, name: value}
    try:
        result = systems.roll(request)
    except TiradaError as err:
        show_refusal(refusal_text(err))
        return
    Check.request, Check.result, Check.marked = request, result, set()
    advanced(focus=True)


def advanced(focus: bool) -> None:
    """After the engine answered: finish the roll when done, else draw the next stage."""
    if Check.result["stage"] == "done":
        finish()
    else:
        render_board(focus)


def final_request() -> dict:
    """The request of the link: the form's fields, the seed and the decisions as applied (no step)."""
    req = {k: v for k, v in Check.request.items() if k not in ("step", *DECISIONS)}
    decisions = Check.result["decisions"]
    if decisions["rerolls"]:
        req["rerolls"] = decisions["rerolls"]
    req["keep"] = decisions["keep"]
    if decisions["explosions"]:
        req["explosions"] = decisions["explosions"]
    return req


def finish() -> None:
    """The check is done: make it a finished roll of the roll view (link, history, snippets)."""
    view = _roll_view()
    result, request = Check.result, Check.request
    Check.last_done = result
    el("result").setAttribute("aria-atomic", "true")
    if "faces" in request:
        view.Roll.current, view.Roll.faces_result = None, result
    else:
        try:
            fragment = make_link(final_request())
            verified = links.verify(fragment)
            if verified["result"]["kept"] != result["kept"]:
                raise TiradaError("the link does not replay the same dice")
        except TiradaError as err:
            view.show_error(tr("error.internal"), str(err))
            return
        view.Roll.current, view.Roll.faces_result = {**verified, "fragment": fragment}, None
        view.remember(view.Roll.current)
    Check.request = Check.result = Check.chain = None
    view.show_current()
    el("result").focus()
    update_skirmish()
    app.show_notices()


def make_link(request: dict) -> str:
    """The link of the finished check, at the chain number reserved when it started."""
    now = int(time.time())
    ch = Check.chain
    if ch is None:
        return links.encode_link(request, created=now)
    fragment = links.encode_link(request, ch["roller"], ch["campaign"], ch["seq"], ch["prev"], now)
    saved = STORE.chains().get(ch["key"]) or {}
    if saved.get("seq") == ch["seq"]:   # nobody rolled in this chain meanwhile (another tab)
        STORE.set_chain(ch["key"], links.ChainState(ch["roller"], ch["campaign"] or "", ch["seq"],
                                                    links.link_id(fragment)).to_dict())
    return fragment


def toggle(index: int) -> None:
    """Mark / unmark a pool die; a die the rules do not allow is not marked and the engine's
    reason is shown instead. The counters preview the marked dice."""
    stage = Check.result["stage"]
    name = "rerolls" if stage == "reroll" else "keep"
    if index not in Check.result["choices"]["allowed"]:
        try:
            systems.roll({**Check.request, name: sorted(Check.marked | {index})})
        except TiradaError as err:
            show_refusal(refusal_text(err))
        return
    Check.marked ^= {index}
    button = document.querySelector(f'[data-l5r-die="{index}"]')
    button.parentElement.outerHTML = tap_die(
        next(d for d in Check.result["pool"] if d["index"] == index), stage, Check.result["choices"]["allowed"],
        app.State.lang)
    document.querySelector(f'[data-l5r-die="{index}"]').focus()
    preview(name)


def preview(name: str) -> None:
    """Ask the engine about the marked dice: show the reason when they are not allowed, and (at the
    keep) the counters they would give."""
    clear_refusal()
    shown = None
    try:
        after = systems.roll({**Check.request, name: sorted(Check.marked)})
        if name == "keep":
            shown = after
    except TiradaError as err:
        show_refusal(refusal_text(err))
    el("l5r-status").textContent = status_text(Check.result, shown)
    if Check.result["stage"] == "reroll":
        el("l5r-confirm").textContent = tr("l5r.confirm_reroll" if Check.marked else "l5r.confirm_no_reroll")


def submit_faces() -> None:
    """Append the typed faces (kept in their inputs if refused)."""
    values = []
    for node in document.querySelectorAll("[data-l5r-face]"):
        try:
            values.append(int(str(node.value).strip()))
        except ValueError:
            show_refusal(tr("l5r.faces_number"))
            node.focus()
            return
    decide("faces", list(Check.request.get("faces") or []) + values)


# ------------------------------------------------------------------------------- events


@when("click", "#result")
def on_board_click(event) -> None:
    if Check.result is None or _node(document.querySelector("#result .l5r-board")) is None:
        return
    target = event.target
    die = _closest(target, "[data-l5r-die]")
    if die is not None and Check.result["stage"] in ("reroll", "keep"):
        toggle(int(die.dataset.l5rDie))
        return
    confirm = _closest(target, "[data-l5r-confirm]")
    if confirm is not None:
        decide("rerolls" if Check.result["stage"] == "reroll" else "keep", sorted(Check.marked))
        return
    boom = _closest(target, "[data-l5r-explosion]")
    if boom is not None and Check.result["stage"] == "explosion":
        decide("explosions", list(Check.request.get("explosions") or []) + [boom.dataset.l5rExplosion == "keep"])


@when("submit", "#result")
def on_faces(event) -> None:
    event.preventDefault()
    if Check.result is not None and Check.result["stage"] == "faces":
        submit_faces()


# ------------------------------------------------------------------------------ skirmish
def _sk(name: str) -> int:
    node = el(f"l5r-sk-{name}")
    try:
        return int(str(node.value).strip())
    except ValueError:
        raise ui_dice.FormError(f"{node.labels[0].textContent}: {tr('error.number')}", str(node.id)) from None


def update_skirmish() -> None:
    """Composure / Endurance from the rings; initiative, strike damage and critical severity from
    the last finished check (tirada.systems.l5r.skirmish)."""
    out = _node(el("l5r-sk-out"))
    if out is None:
        return
    lang = app.State.lang
    try:
        lines = [f'{tr("l5r.sk.composure")}: {skirmish.composure(_sk("earth"), _sk("water"))} · '
                 f'{tr("l5r.sk.endurance")}: {skirmish.endurance(_sk("earth"), _sk("fire"))}']
        r = Check.last_done
        if r is None:
            lines.append(tr("l5r.sk.no_check"))
        else:
            vs = _lang_fmt("l5r.vs_tn", lang, s=_plural("l5r.successes", r["successes"], lang), tn=r["tn"])
            lines.append(_fmt("l5r.sk.from_check", vs=vs))
            ready = not el("l5r-sk-surprised").checked
            ini = skirmish.initiative(r["success"], r["bonus_successes"], _sk("focus"), _sk("vigilance"), ready)
            lines.append(f'{tr("l5r.sk.initiative")}: {ini}')
            hit = skirmish.strike(r["success"], r["bonus_successes"], r["opportunities"], _sk("base_damage"),
                                  _sk("deadliness"))
            crit = f' + {_fmt("l5r.sk.critical", n=hit["critical_severity"])}' if hit["critical_severity"] else ""
            lines.append(f'{tr("l5r.sk.damage")}: {hit["damage"]}{crit}')
            if _sk("deadliness") >= 1:
                sev = skirmish.critical_severity(_sk("deadliness"), r["success"], r["bonus_successes"])
                lines.append(f'{tr("l5r.sk.severity")}: {sev}')
        out.innerHTML = "".join(f"<p>{esc(x)}</p>" for x in lines)
    except (TiradaError, ValueError) as err:
        out.innerHTML = f'<p class="error">{esc(str(err))}</p>'


@when("input", "#l5r-skirmish")
def on_skirmish(event) -> None:
    update_skirmish()


def relang() -> None:
    """Re-draw the board (if a check is in progress) and the calculators in the new language. A
    check whose board was replaced (a link or another roll opened meanwhile) is abandoned."""
    if Check.result is not None:
        if _node(document.querySelector("#result .l5r-board")) is None:
            Check.request = Check.result = Check.chain = None
            el("result").setAttribute("aria-atomic", "true")
        else:
            render_board()
    update_skirmish()


app.ON_LANG.append(relang)


def setup(lang: str) -> None:
    """Nothing to fill: every text of the fieldset carries data-i18n."""
