"""Before the fight, in the setup card: the trigger (which Components face each other, how many each
participant may involve) and the Spoils bidding with its Challenge (issue #15).

Pure functions (no pyscript import): the record lives in the setup draft as its ``prefight``
(``tirada.systems.brs.draft.Prefight``: ``bids``, ``trigger`` with ``on``, ``component``, ``faces``,
``limit``, and the chosen ``act``); the engine (tirada.systems.brs.spoils / trigger / draft_edits) checks
everything and returns each new draft. Inputs carry ``data-pf`` (their key);
buttons carry ``data-pf-act``. Table settings are shown with the source's own wording beside them.
"""

from __future__ import annotations

from shell.render import esc
from shell.strings import t
from tirada.systems.brs.bidding_view import bidding_view
from tirada.systems.brs.draft import Draft, Prefight
from tirada.systems.brs.draft_edits import bidding_state, components_of, set_prefight, settled, trigger_request
from tirada.systems.brs.spoils import MAX_BID_TEXT, MAX_PAIN_TEXT
from tirada.fields import typed_int

#: the bid acts a turn offers (the Challenge has its own button, right after a Back Down).
TURN_ACTS = ("pain", "stipulation", "reduce", "back_down", "call")

__all__ = ["TURN_ACTS", "bidding_state", "components_of", "input_id", "next_bid", "prefight_of", "read",
           "render", "render_bidding", "render_trigger", "set_prefight", "settled", "sides_of", "trigger_request"]


def prefight_of(draft: Draft) -> Prefight:
    """The draft's pre-fight record of the shape the form walks (``tirada.systems.brs.draft_edits.settled``:
    created empty when missing or not of its shape, refused stored bids dropped)."""
    return settled(draft).prefight


def _int(value):
    return typed_int(value)


def input_id(key: str) -> str:
    """The element id of a pre-fight input: the setup form's id of the draft path ``prefight.<key>``,
    so an engine refusal naming ``prefight.component`` points at it."""
    return f"brs-f-prefight-{key}"


def _select(key: str, label: str, value, options: list) -> str:
    opts = "".join(f'<option value="{esc(v)}"{" selected" if str(v) == str(value) else ""}>{esc(x)}</option>'
                   for v, x in options)
    return (f'<div class="field"><label for="{input_id(key)}">{esc(label)}</label>'
            f'<select id="{input_id(key)}" data-pf="{key}">{opts}</select></div>')


def _input(key: str, label: str, value, extra: str = "") -> str:
    return (f'<div class="field wide"><label for="{input_id(key)}">{esc(label)}</label>'
            f'<input id="{input_id(key)}" data-pf="{key}" type="text" value="{esc(value or "")}"{extra}></div>')


def _seed(key: str, lang: str) -> str:
    """A rule's source wording (always the Spanish original), or for the Components' limit the
    setting in the players' words; the project's decisions are in the help's rules section only
    (issue #42: players' words only)."""
    if key == "limit":
        return f'<p class="meta brs-seed">{esc(t("brs.pf.seed.limit", lang))}</p>'
    return f'<p class="meta brs-seed"><q lang="es">{esc(t("brs.pf.seed." + key, "es"))}</q></p>'


def render_trigger(draft: Draft, lang: str) -> str:
    """The trigger fieldset: opt-in check, the two facing Components, the involve limit."""
    trig = prefight_of(draft).trigger
    on = " checked" if trig.on else ""
    mine = components_of(draft, 1)
    theirs = components_of(draft, 0)
    return (f'<fieldset class="brs-prefight"><legend>{esc(t("brs.pf.trigger", lang))}</legend>'
            f'<label class="check"><input type="checkbox" id="{input_id("on")}" data-pf="on"{on}> '
            f'<span>{esc(t("brs.pf.trigger_on", lang))}</span></label>'
            '<div class="grid">'
            + _select("component", t("brs.pf.component", lang), trig.component if trig.has("component") else "", mine)
            + _select("faces", t("brs.pf.faces", lang), trig.faces if trig.has("faces") else "", theirs)
            + (f'<div class="field"><label for="{input_id("limit")}">{esc(t("brs.pf.limit", lang))}</label>'
               f'<input id="{input_id("limit")}" data-pf="limit" type="number" inputmode="numeric" min="1" max="8" '
               f'value="{esc(trig.limit if trig.has("limit") else "")}"></div>')
            + "</div>" + _seed("trigger", lang) + _seed("limit", lang) + "</fieldset>")


def _text_limit(pf: Prefight, acts: list) -> int:
    """The bid text's maxlength for the act chosen now: a Pain leaves room for its side's name."""
    act = pf.act if pf.act in [a for a, _ in acts] else acts[0][0]
    return MAX_PAIN_TEXT if act in ("pain", "reduce") else MAX_BID_TEXT


def render_bidding(draft: Draft, sides: tuple, lang: str, text: str = "") -> str:
    """The bidding fieldset: the bids so far, whose turn it is, the next bid's controls (only the
    acts legal now), the Challenge after a Back Down, and the result once over."""
    pf = prefight_of(draft)
    summ = bidding_view(bidding_state(draft), sides)
    items = []
    for entry in summ.log:
        words = t("brs.pf.act." + entry.act, lang)
        extra = entry.text or entry.note or ""
        if entry.act == "reduce" and entry.pain is not None:
            words += f' ({t("brs.pf.pain_n", lang).format(n=entry.pain + 1)})'
        items.append(f'<li><strong>{esc(sides[entry.side])}</strong>: {esc(words)}'
                     f'{": " + esc(extra) if extra else ""}</li>')
    out = [f'<fieldset class="brs-prefight"><legend>{esc(t("brs.pf.bidding", lang))}</legend>',
           f'<p class="meta">{esc(t("brs.pf.bidding_help", lang))}</p>',
           f'<ol id="brs-pf-bids" class="brs-log">{"".join(items)}</ol>' if items else ""]
    if summ.pains:
        out.append(f'<p><strong>{esc(t("brs.pf.pains", lang))}:</strong></p><ol>' + "".join(
            f'<li>{esc(t("brs.pf.pain_line", lang).format(by=p.by, who=p.suffered_by))}: {esc(p.text)}</li>'
            for p in summ.pains) + "</ol>")
    if summ.status == "open":
        acts = [(a, t("brs.pf.act." + a, lang)) for a in TURN_ACTS if a in summ.legal]
        opp = [(k, f"{k + 1}. {p.text}") for k, p in enumerate(summ.pains) if p.by != summ.turn]
        out.append(f'<p id="brs-pf-turn" class="brs-step">{esc(t("brs.pf.turn", lang).format(side=summ.turn))}</p>'
                   '<div class="grid">' + _select("act", t("brs.pf.act", lang), pf.act if pf.has("act") else acts[0][0], acts)
                   + (_select("pain", t("brs.pf.reduce_which", lang), "", opp) if opp else "")
                   + _input("text", t("brs.pf.text", lang), text, f' maxlength="{_text_limit(pf, acts)}"') + "</div>"
                   f'<div class="buttons"><button type="button" class="primary" data-pf-act="bid">'
                   f'{esc(t("brs.pf.bid", lang))}</button>')
    else:
        out.append('<p id="brs-pf-result" class="brs-step" tabindex="-1">'
                   + esc(t("brs.pf.called" if summ.status == "called" else "brs.pf.backed", lang)
                         .format(side=summ.back_down or "")) + "</p>")
        if "challenge" in summ.legal:
            out.append('<div class="grid">' + _input("note", t("brs.pf.challenge_note", lang), "", f' maxlength="{MAX_BID_TEXT}"')
                       + "</div>" + _seed("challenge", lang))
        out.append('<div class="buttons">')
        if "challenge" in summ.legal:
            out.append(f'<button type="button" class="ghost" data-pf-act="challenge">'
                       f'{esc(t("brs.pf.act.challenge", lang))}</button>')
    if summ.log:
        out.append(f'<button type="button" class="ghost" data-pf-act="undo">{esc(t("brs.pf.undo", lang))}</button>')
    out.append("</div></fieldset>")
    return "".join(out)


def sides_of(draft: Draft, lang: str) -> tuple:
    """The two side names of the draft (the default names where a name is empty)."""
    sides = list(draft.sides or ["", ""]) + ["", ""]
    return (str(sides[0]).strip() or t("brs.setup.side0_default", lang),
            str(sides[1]).strip() or t("brs.setup.side1_default", lang))


def render(draft: Draft, lang: str, text: str = "") -> str:
    """Both fieldsets, for the ``#brs-prefight`` box of the setup form (drawn from the :func:`settled`
    draft, which the caller keeps)."""
    return render_trigger(draft, lang) + render_bidding(draft, sides_of(draft, lang), lang, text)


def read(draft: Draft, nodes) -> Draft:
    """The draft with the trigger inputs and the chosen act copied into its pre-fight record."""
    changes: dict = {}
    for node in nodes:
        key = str(node.dataset.pf)
        if key == "on":
            changes["trigger_on"] = bool(node.checked)
        elif key in ("component", "faces", "limit"):
            changes["trigger_" + key] = str(node.value)
        elif key == "act":
            changes["act"] = str(node.value)
    return set_prefight(draft, **changes)


def next_bid(act: str, text: str = "", pain=None, note: str = "") -> dict:
    """The bid dict (docs/brs-spoils.md) for ``act`` from what was typed: ``text`` of a Pain, a
    Stipulation or a reduction, ``pain`` (the index typed) of a reduction, ``note`` of a Challenge."""
    if act == "challenge":
        return {"act": act, "note": note}
    bid: dict = {"act": act}
    if act in ("pain", "stipulation", "reduce"):
        bid["text"] = text
    if act == "reduce":
        bid["pain"] = _int(pain)
    return bid
