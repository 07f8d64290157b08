"""Before the fight, in the setup card: the trigger (which Components face each other, how many each
participant may involve) and the Spoils bidding with its Challenge (issue #15).

Pure functions (no pyscript import): the record lives in the setup draft as ``draft["prefight"] =
{"bids": [...], "trigger": {"on", "component", "faces", "limit"}}``; the engine
(tirada.systems.brs.spoils / trigger) checks everything. Inputs carry ``data-pf`` (their key);
buttons carry ``data-pf-act``. Table settings are shown with the source's own wording beside them.
"""

from __future__ import annotations

from shell.render import esc
from shell.strings import t
from tirada import TiradaError
from tirada.systems.brs.bidding_view import bidding_view
from tirada.systems.brs.spoils import MAX_BID_TEXT, MAX_PAIN_TEXT, Bidding, bid
from tirada.fields import typed_int

#: the bid acts a turn offers (the Challenge has its own button, right after a Back Down).
TURN_ACTS = ("pain", "stipulation", "reduce", "back_down", "call")


def prefight_of(draft: dict) -> dict:
    """The draft's pre-fight record, created empty when missing or not of its shape (a value edited by
    hand in the browser's storage: changed in place, never a traceback)."""
    if not isinstance(draft.get("prefight"), dict):
        draft["prefight"] = {}
    pf = draft["prefight"]
    if not isinstance(pf.get("bids"), list):
        pf["bids"] = []
    if not isinstance(pf.get("trigger"), dict):
        pf["trigger"] = {}
    trig = pf["trigger"]
    trig.setdefault("on", False)
    trig.setdefault("limit", "2")
    return pf


def components_of(draft: dict, side: int) -> list:
    """``[(global index, "player — Component"), …]`` of the draft's Components on ``side``."""
    out, k = [], 0
    for p in draft.get("players", []):
        for c in p.get("components", []):
            if p.get("side") == side:
                out.append((k, f'{p.get("name") or "?"} — {c.get("name") or "?"}'))
            k += 1
    return out


def trigger_request(draft: dict) -> dict | None:
    """The engine's trigger ``{"component", "faces", "limit"}`` when the check is on, else ``None``."""
    trig = prefight_of(draft)["trigger"]
    if not trig.get("on"):
        return None
    limit = str(trig.get("limit", "")).strip()
    return {"component": _int(trig.get("component")), "faces": _int(trig.get("faces")),
            "limit": None if limit == "" else _int(limit)}


def _int(value):
    return typed_int(value)


def bidding_state(draft: dict) -> Bidding:
    """The bidding so far. The page stores only bids the engine accepted; stored bids it refuses (a
    value edited by hand) are dropped from the first refused one on, so the box still opens."""
    pf = prefight_of(draft)
    state = Bidding()
    for k, one in enumerate(pf["bids"]):
        try:
            state = bid(state, one)
        except TiradaError:
            pf["bids"] = pf["bids"][:k]
            break
    return state


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


def render_trigger(draft: dict, lang: str) -> str:
    """The trigger fieldset: opt-in check, the two facing Components, the involve limit."""
    trig = prefight_of(draft)["trigger"]
    on = " checked" if trig.get("on") else ""
    mine = components_of(draft, 1)
    theirs = components_of(draft, 0)
    return (f'<fieldset class="brs-prefight"><legend>{esc(t("brs.pf.trigger", lang))}</legend>'
            f'<label class="check"><input type="checkbox" id="{input_id("on")}" data-pf="on"{on}> '
            f'<span>{esc(t("brs.pf.trigger_on", lang))}</span></label>'
            '<div class="grid">'
            + _select("component", t("brs.pf.component", lang), trig.get("component", ""), mine)
            + _select("faces", t("brs.pf.faces", lang), trig.get("faces", ""), theirs)
            + (f'<div class="field"><label for="{input_id("limit")}">{esc(t("brs.pf.limit", lang))}</label>'
               f'<input id="{input_id("limit")}" data-pf="limit" type="number" inputmode="numeric" min="1" max="8" '
               f'value="{esc(trig.get("limit", ""))}"></div>')
            + "</div>" + _seed("trigger", lang) + _seed("limit", lang) + "</fieldset>")


def _text_limit(pf: dict, acts: list) -> int:
    """The bid text's maxlength for the act chosen now: a Pain leaves room for its side's name."""
    act = pf.get("act") if pf.get("act") in [a for a, _ in acts] else acts[0][0]
    return MAX_PAIN_TEXT if act in ("pain", "reduce") else MAX_BID_TEXT


def render_bidding(draft: dict, sides: tuple, lang: str, text: str = "") -> str:
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
                   '<div class="grid">' + _select("act", t("brs.pf.act", lang), pf.get("act", acts[0][0]), acts)
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


def sides_of(draft: dict, lang: str) -> tuple:
    """The two side names of the draft (the default names where a name is empty)."""
    sides = list(draft.get("sides") or ["", ""]) + ["", ""]
    return (str(sides[0]).strip() or t("brs.setup.side0_default", lang),
            str(sides[1]).strip() or t("brs.setup.side1_default", lang))


def render(draft: dict, lang: str, text: str = "") -> str:
    """Both fieldsets, for the ``#brs-prefight`` box of the setup form."""
    return render_trigger(draft, lang) + render_bidding(draft, sides_of(draft, lang), lang, text)


def read(draft: dict, nodes) -> dict:
    """Copy the trigger inputs and the chosen act into the draft's record (in place; returned)."""
    pf = prefight_of(draft)
    for node in nodes:
        key = str(node.dataset.pf)
        if key == "on":
            pf["trigger"]["on"] = bool(node.checked)
        elif key in ("component", "faces", "limit"):
            pf["trigger"][key] = str(node.value)
        elif key == "act":
            pf["act"] = str(node.value)
    return draft


def next_bid(act: str, values: dict) -> dict:
    """The bid the inputs describe: ``values`` = ``{"text", "pain", "note"}`` as typed."""
    if act == "challenge":
        return {"act": act, "note": values.get("note", "")}
    bid: dict = {"act": act}
    if act in ("pain", "stipulation", "reduce"):
        bid["text"] = values.get("text", "")
    if act == "reduce":
        bid["pain"] = _int(values.get("pain"))
    return bid
