"""The "Mis datos" view's HTML and words (pure: no pyscript, tested on CPython in tests/test_web_views.py).

The characters by campaign (:func:`list_html`), the import preview of ``tirada.storage.plan_import``
(:func:`plan_html`), the roll view's banner about the sheet in use (:func:`banner_html`), the data set
aside as damaged (:func:`aside_html`), an L5R sheet's derived values (:func:`derived_text`) and file
names (:func:`slug`). Every text is in the ``lang`` passed in; the handlers are web/data/ui_data.py and
web/data/ui_data_editor.py.
"""

from __future__ import annotations

import re

from shell import i18n
from shell import refusal
from shell.render import esc
from shell.strings import STRINGS, t
from tirada.sheets import L5rSheet
from tirada.links.chain import ChainState
from tirada.data_view import Diagnosis, ImportPlan, ImportProblem, PlanItem

SYSTEM_ORDER = ("sifrp", "l5r5e", "brs", "tragedia", "generic")


def fmt(key: str, lang: str, **values) -> str:
    """Text of ``key`` in ``lang`` with its ``{name}`` fields filled."""
    return t(key, lang).format(**values)


def groups_of(entries: list) -> dict:
    """The entries (:class:`tirada.data_view.Entry` records) by campaign."""
    groups: dict = {}
    for e in entries:
        groups.setdefault(e.campaign, []).append(e)
    return groups


def list_html(entries: list, lang: str) -> str:
    """The characters grouped by campaign (campaigns in alphabetical order, "no campaign" last), each
    with Open / Export / Delete buttons, and an "export the campaign" button per named campaign."""
    groups = groups_of(entries)
    html = []
    for camp in sorted(groups, key=lambda c: (c == "", c.lower())):
        title = camp or t("data.no_campaign", lang)
        rows = []
        for e in sorted(groups[camp], key=lambda e: (SYSTEM_ORDER.index(e.system), e.name.lower())):
            name, key = esc(e.name), esc(e.key)
            buttons = "".join(
                f'<button type="button" class="ghost" data-{attr}="{key}" '
                f'aria-label="{esc(t(word, lang))}: {name}">{esc(t(word, lang))}</button>'
                for attr, word in (("open", "data.open"), ("export", "data.export_one"), ("delete", "data.delete")))
            rows.append(
                f'<li class="char" data-key="{key}"><span class="char-name"><strong>{name}</strong> '
                f'<span class="meta">{esc(t("data.sys." + e.system, lang))}</span></span>'
                f'<span class="buttons">{buttons}</span></li>')
        export = (f'<button type="button" class="ghost" data-export-campaign="{esc(camp)}">'
                  f'{esc(t("data.export_campaign", lang))}: {esc(title)}</button>' if camp else "")
        html.append(f'<section class="campaign" aria-label="{esc(title)}"><h3>{esc(title)}</h3>'
                    f'<ul class="chars">{"".join(rows)}</ul>{export}</section>')
    return "".join(html)


def campaign_options(entries: list) -> str:
    """``<option>``s of the named campaigns (the new-character form's suggestions)."""
    return "".join(f'<option value="{esc(c)}">' for c in sorted(groups_of(entries)) if c)


def chain_choice_html(item: PlanItem, keys: list, lang: str) -> str:
    """One roller chain of an import: its name and numbers, a checkbox ticked (restored by default,
    never lowering a number) unless its name looks like a stored one (then a warning, and it is
    left out unless ticked).
    Appends the chain's key to ``keys`` (the checkbox's ``data-chain`` is its index there)."""
    keys.append(item.key)
    name = item.name + (f' · {item.campaign}' if item.campaign else "")
    text = fmt("data.chain_choice", lang, name=name, a=item.seq_from, b=item.seq_to)
    warn = ""
    if item.lookalike:
        warn = (f'<br><strong class="error">'
                f'{esc(fmt("data.chain_lookalike", lang, names=", ".join(item.lookalike)))}</strong>')
    return f'<li><label><input type="checkbox" data-chain="{len(keys) - 1}"{"" if item.lookalike else " checked"}> {esc(text)}</label>{warn}</li>'


def plan_html(plan: ImportPlan | dict, lang: str, keys: list | None = None) -> str:
    """The import preview of ``plan`` (an :class:`~tirada.data_view.ImportPlan`, or the dict of
    ``tirada.storage.plan_import``, read into one): sheets by name, history by count, each roller
    chain with its numbers and a checkbox (its key appended to ``keys``), refused fields one per line."""
    plan = plan if isinstance(plan, ImportPlan) else ImportPlan.from_dict(plan)
    keys = [] if keys is None else keys
    out = []
    for verdict, key in (("add", "data.will_add"), ("replace", "data.will_replace")):
        items = plan.of(verdict)
        if not items:
            continue
        lines = [f'<li>{esc(i.name)} <span class="meta">· {esc(t("data.sys." + i.system, lang))}'
                 f'{" · " + esc(i.campaign) if i.campaign else ""}</span></li>'
                 for i in items if i.part in ("characters", "tragedia_sheets")]
        history = sum(1 for i in items if i.part == "history")
        chains = sum(1 for i in items if i.part == "chains")
        secrets = [i.name or "—" for i in items if i.part == "sealkeys"]
        if secrets:
            lines.append(f'<li>{esc(fmt("data.sealkeys_n", lang, n=len(secrets), names=", ".join(secrets)))}</li>')
        rolled = sum(1 for i in items if i.part == "secretrolls")
        if rolled:
            lines.append(f'<li>{esc(i18n.tn("data.secretrolls_n", lang, rolled))}</li>')
        if history:
            lines.append(f'<li>{esc(fmt("data.history_n", lang, n=history))}</li>')
        if chains:
            lines.append(f'<li>{esc(fmt("data.chains_n", lang, n=chains))}<ul>'
                         f'{"".join(chain_choice_html(i, keys, lang) for i in items if i.part == "chains")}</ul></li>')
        out.append(f'<h4>{esc(fmt(key, lang, n=len(items)))}</h4><ul data-plan="{verdict}">{"".join(lines)}</ul>')
    if plan.history_dropped:
        out.append(f'<p class="meta" data-plan="dropped">'
                   f'{esc(fmt("data.history_dropped", lang, n=plan.history_dropped))}</p>')
    if plan.same:
        out.append(f'<p class="meta" data-plan="same">{esc(fmt("data.same", lang, n=len(plan.same)))}</p>')
    if plan.errors:
        errors = "".join(f'<li data-field="{esc(e.field)}">{esc(import_place(e, lang))}: '
                        f'{esc(refusal.message(e.to_dict(), lang))}</li>' for e in plan.errors[:50])
        out.append(f'<h4 class="error">{esc(fmt("data.errors", lang, n=len(plan.errors)))}</h4>'
                   f'<ul data-plan="errors">{errors}</ul>')
    return "".join(out)


_PLACE = re.compile(r"^(characters|tragedia_sheets|history)\[(\d+)\]|^(tragedia_campaigns|chains|sealkeys|secretrolls|data)\.?(.*)")


def import_place(error: ImportProblem | dict, lang: str) -> str:
    """Which entry of a backup an import error (an :class:`~tirada.data_view.ImportProblem`, or
    its dict) is about, in words ("la ficha «Rota»", "la tirada n.º 3 del historial"); the engine's
    field path (English) stays in the item's data-field."""
    error = error if isinstance(error, ImportProblem) else ImportProblem.from_dict(error)
    field, name = error.field, error.name
    match = _PLACE.match(field)
    if match is None:
        return t("data.place.file", lang)
    part, index, table, key = match.groups()
    if part:
        n = int(index) + 1
        kind = {"characters": "sheet", "tragedia_sheets": "tragedia", "history": "history"}[part]
        if name and kind != "history":
            place = fmt(f"data.place.{kind}_named", lang, name=name)
        else:
            place = fmt(f"data.place.{kind}", lang, n=n)
        leaf = refusal.field_name(field[match.end():]) if field[match.end():] else None
        label = next((t(f"data.{group}.{leaf}", lang) for group in ("ring", "ab", "sk")
                      if leaf and f"data.{group}.{leaf}" in STRINGS), None) or refusal.field_label(field, lang)
        return f"{place} ({label})" if label else place
    if table == "data":
        return fmt("data.place.part", lang, name=key)
    return fmt(f"data.place.{table}", lang, name=key.split(".")[0])


def banner_html(name: str, extra: str, undo: bool, lang: str) -> str:
    """The roll view's line "using the sheet of ``name``" with its stop button, the last change
    (``extra``) and, when ``undo``, the button that undoes it."""
    parts = [f'<p>{esc(fmt("data.using", lang, name=name))} '
             f'<button type="button" class="ghost" data-banner="stop">{esc(t("data.stop_using", lang))}</button></p>']
    if extra:
        parts.append(f'<p class="sheet-change">{esc(extra)}</p>')
    if undo:
        parts.append(f'<button type="button" class="ghost" data-banner="undo">{esc(t("data.undo_update", lang))}</button>')
    return "".join(parts)


def changes_text(name: str, changes: tuple, lang: str) -> str:
    """"Sharla: conflicto 1 → 3, …" from the :class:`tirada.sheets.l5r.SheetChange` records of a check."""
    words = ", ".join(fmt("data.change", lang, field=t(f"data.{ch.field}", lang), before=ch.before,
                          after=ch.after) for ch in changes)
    return fmt("data.updated", lang, name=name, changes=words)


def held_html(held: dict, lang: str) -> str:
    """The damaged chain book / campaign secrets held for the player's decision (``{key: Salvage}``,
    web/shell/store.py): what can be recovered (chains with their nº, campaign names; never a
    secret), and the one choice, a button per key (``data-keep`` = the key)."""
    rows = []
    for key, found in held.items():
        if key.startswith("tirada.chains"):
            items = [fmt("data.held_chain", lang, roller=e.roller, campaign=e.campaign, seq=e.seq)
                     for e in map(ChainState.from_dict, found.recovered.values())]
        else:
            items = [f"«{name}»" for name in found.recovered]
        listed = ", ".join(items) or t("data.held_none", lang)
        text = i18n.tn(f"data.held.{key}", lang, found.found, got=len(found.recovered), list=listed)
        rows.append(f'<div class="held" data-key="{esc(key)}"><p>{esc(text)}</p><p>{esc(t("data.held_choice", lang))}</p>'
                    f'<div class="buttons"><button type="button" class="keep-recovered" data-keep="{esc(key)}">'
                    f'{esc(t("data.keep_recovered", lang))}</button></div></div>')
    return "".join(rows)


def aside_html(items: list, lang: str) -> str:
    """The stored items set aside as damaged (``[(key, raw text)]``), each with why
    (``tirada.storage.diagnose``, read as a :class:`~tirada.data_view.Diagnosis`)."""
    rows = []
    for key, raw in items:
        why = Diagnosis.of(raw)
        text = fmt(f"data.why.{why.code}", lang, detail=why.detail)
        rows.append(f'<li data-why="{esc(why.code)}"><code>{esc(key)}</code>: {esc(text)}</li>')
    return "".join(rows)


def derived_text(sheet: dict, lang: str) -> str:
    """L5R: Composure and Endurance of a stored sheet, and whether it is compromised / incapacitated."""
    s = L5rSheet.from_dict(sheet)
    parts = [fmt("data.derived", lang, c=s.composure, e=s.endurance)]
    if s.compromised:
        parts.append(t("data.compromised", lang))
    if s.incapacitated:
        parts.append(t("data.incapacitated", lang))
    return " · ".join(parts)


def usage_text(used_bytes: int, lang: str) -> str:
    """"Ocupa 3,4 KB" (decimal comma in Spanish)."""
    kb = f"{used_bytes / 1024:.1f}"
    return fmt("data.usage", lang, kb=kb.replace(".", ",") if lang == "es" else kb)


def slug(text: str) -> str:
    """A file-name part from ``text``: lower-case letters and digits joined by "-", at most 40
    characters, "tirada" when nothing is left."""
    out = "".join(c.lower() if c.isalnum() else "-" for c in text).strip("-")
    return "-".join(p for p in out.split("-") if p)[:40] or "tirada"
