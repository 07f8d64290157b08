"""The generic form's "Resultados con nombre" box (issue 28 item 4; docs/notation.md §Bands): a game
preset and its numbers write the notation and the bands text; the text is always editable (custom
bands, in any language). Glue only: the presets and the rules are tirada.systems.band_presets and
tirada.systems.bands; the HTML helpers are web/dice/bands_view.py.
"""

from __future__ import annotations

from pyscript import document, when

from shell import app
from dice import bands_view
from shell import ui_refusal
from shell.app import el
from shell.page_events import LangChanged, RequestWritten
from tirada import TiradaError
from tirada.fields import typed_int
from tirada.links.roll_record import RollHead
from tirada.systems.band_presets import recognize

BOX = "#generic-bands-box"


def _number(name: str):
    text = str(el(f"generic-bands-{name}").value).strip()
    return typed_int(text) if text else None


def sync_labels() -> None:
    """Show the preset's own numbers with their names in the page's language (none for "no names"
    and "custom")."""
    preset = str(el("generic-bands-preset").value)
    value, versus = bands_view.preset_labels(preset, app.State.lang)
    for name, label in (("value", value), ("versus", versus)):
        el(f"generic-bands-{name}-field").hidden = label is None
        if label is not None:
            el(f"generic-bands-{name}-label").textContent = label


def apply_preset() -> None:
    """Write the chosen preset's notation and bands (in the page's language) into the form; "no
    names" empties the bands; "custom" leaves the text as typed."""
    from dice import ui_dice

    preset = str(el("generic-bands-preset").value)
    ui_refusal.clear(BOX)
    el("generic-bands-note").hidden = True
    if preset == "":
        el("generic-bands").value = ""
    elif preset != "custom":
        try:
            notation, text = bands_view.preset_texts(preset, _number("value"), _number("versus"), app.State.lang)
        except TiradaError as err:
            ui_refusal.show(err, BOX, status="generic-bands-note")
            return
        el("generic-notation").value = notation
        if el("generic-dialect") is not None:    # a preset's notation is Roll20's (docs/notation.md §Dialects)
            el("generic-dialect").value = "roll20"
        el("generic-bands").value = text
        ui_dice.sync_notation()   # the odds follow: the select's change reaches the form's listener after this


@when("change", "#generic-bands-preset")
def on_preset(event) -> None:
    preset = str(el("generic-bands-preset").value)
    if preset in bands_view.PRESETS:
        value, versus = bands_view.preset_defaults(preset)
        el("generic-bands-value").value = str(value)
        el("generic-bands-versus").value = "" if versus is None else str(versus)
    sync_labels()
    apply_preset()


@when("change", "#generic-bands-value, #generic-bands-versus")
def on_numbers(event) -> None:
    apply_preset()


@when("input", "#generic-bands")
def on_text(event) -> None:
    """Typing bands makes them custom (neither "no names" nor a preset says what the box holds);
    the text emptied (a roll again without bands) goes back to "no names"."""
    select = el("generic-bands-preset")
    wanted = "custom" if str(el("generic-bands").value).strip() else ""   # emptied (roll again): no names
    if str(select.value) != wanted and (wanted or str(select.value) == "custom"):
        select.value = wanted
        sync_labels()


def on_request_written(event: RequestWritten) -> None:
    """After a request was written into the roll form (web/shell/page_events.py: "roll this again", a sheet's saved
    roll, a GM's request): the «Juego» select shows the game whose preset makes exactly its dice and
    bands, with its numbers (tirada.systems.band_presets.recognize), else "custom" for other bands and
    "no names" without bands. Nothing is written back: the bands stay as the request has them (in the
    language they were made in)."""
    request = event.request
    if RollHead.of(request).system != "generic" or app.node(document.getElementById("generic-bands-preset")) is None:
        return
    select = el("generic-bands-preset")
    if not str(el("generic-bands").value).strip():
        select.value = ""
    else:
        found = recognize(request)
        select.value = found[0] if found else "custom"
        if found:
            el("generic-bands-value").value = str(found[1])
            el("generic-bands-versus").value = "" if found[2] is None else str(found[2])
    sync_labels()

def on_lang_changed(_event: LangChanged) -> None:
    """The preset's number labels in the new language (options: data-i18n; web/shell/page_events.py (LangChanged))."""
    sync_labels()
if app.node(document.getElementById("generic-bands-preset")) is not None:
    sync_labels()
