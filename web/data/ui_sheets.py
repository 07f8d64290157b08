"""The sheet editor's HTML of the "Mis datos" view: fields per system, the roll chooser (pure: no
pyscript, tested on CPython in tests/test_web_views.py).

:func:`fields_html` draws the inputs of a sheet's form texts (``tirada.sheets.sheet_to_form`` or, for
Tragedia, web/tragedia/tragedia_sheet_form.py ``to_form``); web/data/ui_data_editor.py reads them back for the
engine's ``sheet_from_form``, which checks every value. Every input carries ``data-cs="<form key>"``
so an engine error's ``field`` finds the input to focus.
"""

from __future__ import annotations

import json

import forms
import tragedia_sheet_form as tragedia_form
from render import esc
from strings import t
from tirada.systems.brs.config import ASPECTS
from tirada import TiradaError, safejson
from tirada.sheets import L5R_RINGS, L5R_SKILLS, SIFRP_ABILITIES
from tirada.sheets.brs import BrsSheet
from tirada.sheets.brs_record import BrsRecord, new_ordeal

TRAGEDIA_FIELDS = tragedia_form.FIELDS
TRAGEDIA_LONG = tragedia_form.LONG
DICE = ("4", "6", "8", "10", "12")


def _id(key: str) -> str:
    """The element id of a form key (``ring.fire`` → ``cs-ring-fire``)."""
    return "cs-" + "".join(c if c.isalnum() or c == "_" else "-" for c in key)


def _number(key: str, label: str, value: str, lo: int, hi: int, cls: str = "field") -> str:
    return (f'<div class="{cls}"><label for="{_id(key)}">{esc(label)}</label>'
            f'<input id="{_id(key)}" data-cs="{esc(key)}" type="number" inputmode="numeric" min="{lo}" '
            f'max="{hi}" value="{esc(value)}"></div>')


def _text(key: str, label: str, value: str, long: bool = False) -> str:
    lab = f'<label for="{_id(key)}">{esc(label)}</label>'
    if long:
        return (f'<div class="field wide">{lab}<textarea id="{_id(key)}" data-cs="{esc(key)}" rows="3">'
                f'{esc(value)}</textarea></div>')
    return (f'<div class="field wide">{lab}<input id="{_id(key)}" data-cs="{esc(key)}" type="text" '
            f'maxlength="400" value="{esc(value)}"></div>')


def fields_html(system: str, form: dict, lang: str) -> str:
    """The inputs of one system's sheet, filled with ``form`` (the engine's form texts)."""
    if system == "sifrp":
        rows = []
        for a in SIFRP_ABILITIES:
            name = t(f"data.ab.{a}", lang)
            rows.append(
                f'<div class="ab-row"><label for="{_id("rank." + a)}" class="ab-name">{esc(name)}</label>'
                f'<input id="{_id("rank." + a)}" data-cs="rank.{a}" type="number" inputmode="numeric" min="1" '
                f'max="10" value="{esc(form.get("rank." + a, "2"))}">'
                f'<label for="{_id("spec." + a)}" class="sr-only">{esc(name)}: {esc(t("data.specialties", lang))}</label>'
                f'<input id="{_id("spec." + a)}" data-cs="spec.{a}" type="text" maxlength="400" '
                f'value="{esc(form.get("spec." + a, ""))}" placeholder="{esc(t("data.specialties_ph", lang))}"></div>')
        head = (f'<div class="ab-row ab-head" aria-hidden="true"><span>{esc(t("data.ability", lang))}</span>'
                f'<span>{esc(t("data.rank", lang))}</span><span>{esc(t("data.specialties", lang))}</span></div>')
        return (f'<fieldset class="cs-block"><legend>{esc(t("data.abilities", lang))}</legend>{head}{"".join(rows)}'
                f'</fieldset><div class="grid">{_number("destiny", t("data.destiny", lang), form.get("destiny", "0"), 0, 99)}'
                f'</div>{_text("notes", t("data.notes", lang), form.get("notes", ""), long=True)}')
    if system == "l5r5e":
        rings = "".join(_number(f"ring.{r}", t(f"data.ring.{r}", lang), form.get(f"ring.{r}", "1"), 1, 10)
                        for r in L5R_RINGS)
        state = "".join(_number(k, t(f"data.{k}", lang), form.get(k, "0"), 0, 99)
                        for k in ("strife", "fatigue", "void_points"))
        skills = "".join(_number(f"skill.{s}", t(f"data.sk.{s}", lang), form.get(f"skill.{s}", "0"), 0, 10)
                         for s in L5R_SKILLS)
        return (f'<fieldset class="cs-block"><legend>{esc(t("data.rings", lang))}</legend><div class="grid">{rings}</div>'
                f'</fieldset><fieldset class="cs-block"><legend>{esc(t("data.state", lang))}</legend>'
                f'<div class="grid">{state}</div><p id="cs-derived" class="meta"></p></fieldset>'
                f'<fieldset class="cs-block"><legend>{esc(t("data.skills", lang))}</legend>'
                f'<div class="grid">{skills}</div></fieldset>'
                f'{_text("notes", t("data.notes", lang), form.get("notes", ""), long=True)}')
    if system == "generic":   # saved rolls with their outcome bands (bands_view, tirada.sheets.generic)
        return (f'<p class="meta">{esc(t("data.generic.help", lang))}</p>'
                f'{_text("rolls", t("data.generic.rolls", lang), form.get("rolls", ""), long=True)}'
                f'{_text("notes", t("data.notes", lang), form.get("notes", ""), long=True)}')
    if system == "brs":
        comps = form.get("components") or []
        blocks = [component_html(i, c, lang) for i, c in enumerate(comps or [{"name": "", "traits": []}])]
        return (f'<div id="cs-components">{"".join(blocks)}</div>'
                f'<div class="buttons"><button type="button" class="ghost" data-add-component>'
                f'{esc(t("data.add_component", lang))}</button></div>'
                f'{_text("horde", t("data.horde", lang), form.get("horde", ""))}'
                f'{_text("notes", t("data.notes", lang), form.get("notes", ""), long=True)}'
                f'{brs_record_html(form.get("record", ""), lang)}')
    # Tragedia (the scene view's sheet form texts)
    parts = []
    for f in TRAGEDIA_FIELDS:
        if f == "name":
            continue
        label = t(f"data.trag.{f}", lang)
        if f in ("tragedy", "destiny", "victories"):
            parts.append(_number(f, label, form.get(f, "0"), 0, 999))
        else:
            parts.append(_text(f, label, form.get(f, ""), long=f in TRAGEDIA_LONG))
    return f'<p class="meta">{esc(t("data.trag.help", lang))}</p><div class="grid">{"".join(parts)}</div>'


def brs_record_html(record_text: str, lang: str) -> str:
    """What past Confrontations left on a Blood Red Sands sheet (issue #15), read-only, plus the
    record itself in a hidden field (``data-cs="record"``) so saving the editor keeps it, and the
    "New Ordeal" button that gives the Hero's crossed slots back. Empty record → nothing."""
    try:
        rec = BrsRecord.from_dict(safejson.loads(record_text, field="record")) if record_text else BrsRecord()
    except TiradaError:
        rec = BrsRecord()
    if not rec.to_dict():
        return ""

    def dice(items: tuple) -> str:
        return ", ".join(f"{c}: d{d} «{tr_}»" for c, tr_, d in items)

    lines = [t("data.brs_record.line", lang).format(c=rec.confrontations, vp=rec.vp, d=rec.devastated)]
    if rec.crossed:
        lines.append(t("data.brs_record.crossed", lang).format(dice=dice(rec.crossed)))
    if rec.lost:
        lines.append(t("data.brs_record.lost", lang).format(dice=dice(rec.lost)))
    if rec.destroyed:
        lines.append(t("data.brs_record.destroyed", lang).format(names=", ".join(rec.destroyed)))
    if rec.weaknesses:
        items = ", ".join(f"«{w}» ({f'd{d}' if d else '—'}, {by})" for w, d, by in rec.weaknesses)
        lines.append(t("data.brs_record.weaknesses", lang).format(items=items))
    if rec.broken:
        lines.append(t("data.brs_record.broken", lang))
    button = (f'<button type="button" class="ghost" data-new-ordeal>{esc(t("data.brs_record.new_ordeal", lang))}'
              f'</button>' if rec.crossed else "")
    return (f'<fieldset class="cs-block brs-record"><legend>{esc(t("data.brs_record", lang))}</legend>'
            + "".join(f"<p>{esc(x)}</p>" for x in lines)
            + f'<input type="hidden" data-cs="record" value="{esc(record_text)}">{button}</fieldset>')


def new_ordeal_text(record_text: str) -> str:
    """The record's JSON text with the Hero's crossed slots given back (a new Ordeal)."""
    try:
        rec = BrsRecord.from_dict(safejson.loads(record_text, field="record"))
    except TiradaError:
        return record_text
    return json.dumps(new_ordeal(BrsSheet(record=rec)).record.to_dict(), ensure_ascii=False)


def component_html(i: int, comp: dict, lang: str) -> str:
    """One Component's fieldset: its name and a row per Trait (text, die, Aspect), one blank row more."""
    rows = []
    traits = list(comp.get("traits") or []) + [{"trait": "", "die": "6", "aspect": "cunning"}]
    for j, tr_ in enumerate(traits):
        key = f"components[{i}].traits[{j}]"
        dice = "".join(f'<option value="{d}"{" selected" if str(tr_.get("die")) == d else ""}>d{d}</option>'
                       for d in DICE)
        aspects = "".join(f'<option value="{a}"{" selected" if tr_.get("aspect") == a else ""}>'
                          f'{esc(t(f"data.asp.{a}", lang))}</option>' for a in ASPECTS)
        rows.append(
            f'<div class="trait-row" data-trait>'
            f'<div class="field"><label for="{_id(key + ".trait")}">{esc(t("data.trait", lang))} {j + 1}</label>'
            f'<input id="{_id(key + ".trait")}" data-cs="{key}.trait" data-part="trait" type="text" maxlength="120" '
            f'value="{esc(tr_.get("trait", ""))}"></div>'
            f'<div class="field"><label for="{_id(key + ".die")}">{esc(t("data.die", lang))}</label>'
            f'<select id="{_id(key + ".die")}" data-cs="{key}.die" data-part="die">{dice}</select></div>'
            f'<div class="field"><label for="{_id(key + ".aspect")}">{esc(t("data.aspect", lang))}</label>'
            f'<select id="{_id(key + ".aspect")}" data-cs="{key}.aspect" data-part="aspect">{aspects}</select></div>'
            f'</div>')
    key = f"components[{i}].name"
    return (f'<fieldset class="cs-block" data-comp><legend>{esc(t("data.component", lang).format(n=i + 1))}</legend>'
            f'<div class="field"><label for="{_id(key)}">{esc(t("data.component_name", lang))}</label>'
            f'<input id="{_id(key)}" data-cs="{key}" data-part="name" type="text" maxlength="80" '
            f'value="{esc(comp.get("name", ""))}"></div>{"".join(rows)}'
            f'<button type="button" class="ghost" data-add-trait="{i}">{esc(t("data.add_trait", lang))}</button>'
            f'</fieldset>')


def roll_chooser_html(character: dict, lang: str) -> str:
    """The "roll with this sheet" box: its system's Form draws the choice (SIFRP: ability and
    specialty; L5R: ring and skill); a system whose sheets cannot fill the roll form says so."""
    head = f'<h3>{esc(t("data.roll_heading", lang))}</h3>'
    if not forms.rolls_with_sheets(character["system"]):
        return f'{head}<p class="meta">{esc(t("data.no_roll", lang))}</p>'
    body = forms.form_for(character["system"]).sheet_roll_html(character, lang)
    return (f'{head}<p class="meta">{esc(t("data.roll_help", lang))}</p><div class="grid">{body}</div>'
            f'<button type="button" id="roll-with-sheet" class="primary">{esc(t("data.roll", lang))}</button>')
