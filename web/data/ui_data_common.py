"""What every part of the "Mis datos" view shares (glue): its state, the stored characters and
Tragedia sheets as one list of entries, the status lines, and redrawing the list and storage cards.

Imported by web/data/ui_data.py (list, backups, history) and web/data/ui_data_editor.py (the sheet editor and
rolling with a sheet); it imports neither, so the view has no import circle. HTML is
web/data/ui_data_render.py.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from shell import app
from shell import i18n
from data import ui_data_render as html
from shell.app import STORE, el, tr
from tirada import TiradaError, data_view
from tirada.data_view import Entry, SheetUndo


@dataclass(frozen=True)
class Editing:
    """The sheet in the editor: ``key`` (a character's id or ``"tragedia:<name>"``) and its ``system``."""

    key: str
    system: str


@dataclass(frozen=True)
class Opened:
    """A character's sheet as the editor drew it from storage: its ``key``, ``name``, ``campaign`` and ``sheet`` (the
    engine's ``to_dict`` shape). «Tirar con esta ficha» compares the editor with it, not with what storage holds
    now (another tab may have saved since)."""

    key: str
    name: str
    campaign: str
    sheet: dict


class Data:
    """What the view shows besides storage: the sheet being edited, undo buffers, a pending import."""

    editing: Editing | None = None
    deleted: Entry | None = None     # the last deleted character or sheet, for undo
    pending: dict | None = None      # the parsed backup file waiting for "Importar"
    chain_keys: list[str] = []       # roller chains of the pending import, in the order of their checkboxes
    active: str | None = None        # id of the character whose sheet the roll form uses
    undo: SheetUndo | None = None    # what the last roll changed on the sheet in use
    lang: str | None = None          # language the editor was drawn in
    opened: Opened | None = None     # the sheet as the editor last drew it from storage («Tirar con esta ficha»)
    drawn_fields: dict | None = None  # the editor's texts as it drew them from storage (a Tragedia sheet's changes)
    chooser: str | None = None       # key of the sheet whose "roll with this sheet" choices are on screen
    chooser_item: dict | None = None  # the character dict that box was drawn from (the editor's, saved or not)


def check_numbers() -> None:
    """Refuse a number input of the sheet editor that is empty or holds what is not a number (a number input
    reports both as ""; the engine reads "" as the field's default, so a rank being retyped would be saved, and
    rolled by «Tirar con esta ficha», as 2).

    Raises:
        TiradaError: code ``form.not_number`` (letters typed) or ``form.number_empty``; ``field`` the input's form
            key (``data-cs``: ``rank.agility``), which the editor names and focuses.
    """
    box = el("cs-fields")
    for node in box.querySelectorAll('input[type="number"][data-cs]') if box is not None else []:
        if str(node.value).strip() == "":
            bad = bool(node.validity.badInput)
            raise TiradaError("must be a whole number" if bad else "is empty: type a number", field=str(node.dataset.cs),
                              code="form.not_number" if bad else "form.number_empty")


def fmt(key: str, **values) -> str:
    """Translated text with ``{name}`` fields filled."""
    return tr(key).format(**values)


def now_ms() -> int:
    """Now, in milliseconds since the epoch."""
    return int(time.time() * 1000)


def iso_now() -> str:
    """Now as ``YYYY-MM-DDTHH:MM:SSZ`` (UTC)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def entries() -> list:
    """Every character and Tragedia sheet as :class:`tirada.data_view.Entry` records."""
    return data_view.entries(STORE.characters(), STORE.sheets(), STORE.sheet_campaigns())


def find(key: str) -> Entry | None:
    """The entry of ``key`` (a character id or ``tragedia:<name>``), or None."""
    return next((e for e in entries() if e.key == key), None)


def render_list() -> None:
    """The characters grouped by campaign, the campaign suggestions, the undo and storage card."""
    items = entries()
    el("data-empty").hidden = bool(items)
    el("char-list").innerHTML = html.list_html(items, app.State.lang)
    unreadable = STORE.unreadable_characters()
    el("data-unreadable").hidden = not unreadable
    el("data-unreadable").textContent = i18n.tn("data.unreadable", app.State.lang, unreadable) if unreadable else ""
    el("campaign-list").innerHTML = html.campaign_options(items)
    el("char-undo-delete").hidden = Data.deleted is None
    render_history_card()


def status(node_id: str, text: str, error: bool = False) -> None:
    """Set one status line (red when ``error``)."""
    node = el(node_id)
    node.textContent = text
    node.className = "error" if error else ""


def render_history_card() -> None:
    """How many rolls the history keeps and how much storage the page uses."""
    el("data-history-count").textContent = fmt("data.history_count", n=len(STORE.history()))
    el("data-usage").textContent = html.usage_text(STORE.used_bytes(), app.State.lang)


def render_alert() -> None:
    """The view's own line about storage: unavailable (session only) or full."""
    lines = []
    if "storage.unavailable" in STORE.problems:
        lines.append(tr("data.unavailable"))
    if "storage.full" in STORE.problems:
        lines.append(tr("data.full"))
    el("data-alert").textContent = " ".join(lines)
    el("data-alert").hidden = not lines

