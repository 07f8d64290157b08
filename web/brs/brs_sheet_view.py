"""A Blood Red Sands sheet in the "Mis datos" editor (pure: no pyscript; brs.md §Sheets, issue #15):
its Components with their Traits (die, Aspect), the Horde, notes, and what past Confrontations left
on it (read-only, with "New Ordeal"). tests/test_web_views.py and tests/test_web_brs_spoils.py.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from shell.render import esc
from roll.sheet_inputs import input_id, text
from shell.strings import t
from tirada import TiradaError, safejson
from tirada.sheets.brs import BLANK_TRAIT, BrsSheet
from tirada.sheets.brs_form import FormComponent, FormTrait, SheetForm
from tirada.sheets.brs_record import BrsRecord, new_ordeal
from tirada.systems.brs.config import ASPECTS

__all__ = ["brs_record_html", "component_html", "new_ordeal_text", "sheet_fields_html"]

DICE = ("4", "6", "8", "10", "12")


def sheet_fields_html(form: Mapping[str, Any], lang: str) -> str:
    """The sheet editor's inputs: a fieldset per Component (one blank when there is none), "add a
    Component", the Horde, notes and the record of past Confrontations; ``form``: the engine's form
    texts (``tirada.sheets.sheet_to_form``)."""
    sheet = SheetForm.from_form(form)
    blocks = [component_html(i, c, lang) for i, c in enumerate(sheet.components or (FormComponent(),))]
    return (f'<div id="cs-components">{"".join(blocks)}</div>'
            f'<div class="buttons"><button type="button" class="ghost" data-add-component>'
            f'{esc(t("data.add_component", lang))}</button></div>'
            f'{text("horde", t("data.horde", lang), sheet.horde)}'
            f'{text("notes", t("data.notes", lang), sheet.notes, long=True)}'
            f'{brs_record_html(sheet.record, lang)}')


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


def component_html(i: int, comp: FormComponent, lang: str) -> str:
    """One Component's fieldset: its name and a row per Trait (text, die, Aspect), one blank row more."""
    rows = []
    traits = list(comp.traits) + [FormTrait.from_form(BLANK_TRAIT)]
    for j, tr_ in enumerate(traits):
        key = f"components[{i}].traits[{j}]"
        dice = "".join(f'<option value="{d}"{" selected" if str(tr_.die) == d else ""}>d{d}</option>'
                       for d in DICE)
        aspects = "".join(f'<option value="{a}"{" selected" if tr_.aspect == a else ""}>'
                          f'{esc(t(f"data.asp.{a}", lang))}</option>' for a in ASPECTS)
        rows.append(
            f'<div class="trait-row" data-trait>'
            f'<div class="field"><label for="{input_id(key + ".trait")}">{esc(t("data.trait", lang))} {j + 1}</label>'
            f'<input id="{input_id(key + ".trait")}" data-cs="{key}.trait" data-part="trait" type="text" maxlength="120" '
            f'value="{esc(tr_.trait)}"></div>'
            f'<div class="field"><label for="{input_id(key + ".die")}">{esc(t("data.die", lang))}</label>'
            f'<select id="{input_id(key + ".die")}" data-cs="{key}.die" data-part="die">{dice}</select></div>'
            f'<div class="field"><label for="{input_id(key + ".aspect")}">{esc(t("data.aspect", lang))}</label>'
            f'<select id="{input_id(key + ".aspect")}" data-cs="{key}.aspect" data-part="aspect">{aspects}</select></div>'
            f'</div>')
    key = f"components[{i}].name"
    return (f'<fieldset class="cs-block" data-comp><legend>{esc(t("data.component", lang).format(n=i + 1))}</legend>'
            f'<div class="field"><label for="{input_id(key)}">{esc(t("data.component_name", lang))}</label>'
            f'<input id="{input_id(key)}" data-cs="{key}" data-part="name" type="text" maxlength="80" '
            f'value="{esc(comp.name)}"></div>{"".join(rows)}'
            f'<button type="button" class="ghost" data-add-trait="{i}">{esc(t("data.add_trait", lang))}</button>'
            f'</fieldset>')
