"""The generic roll's and SIFRP's form handlers on the roll view (glue only: no rules here).

Their Forms (reading, writing, results, odds) are web/dice/form_generic.py and web/dice/form_sifrp.py, the
result cards web/dice/dice_result.py (pure); this module keeps the fieldsets honest as they change: the
SIFRP difficulty's "other" number, the generic notation's note.
"""

from __future__ import annotations

from pyscript import document, when

from shell import app
from roll.forms import FormError
from shell.strings import t
from shell.page_events import LangChanged

__all__ = ["FormError", "campaign_dialect", "notation_words", "setup", "sync_difficulty", "sync_notation"]


def fill_difficulties(select, lang: str) -> None:
    """Options of the SIFRP difficulty select in ``lang``: the named steps plus "other"
    (web/dice/form_sifrp.py difficulty_options_html), the one chosen kept."""
    from dice.form_sifrp import difficulty_options_html

    current = str(select.value) or "9"
    select.innerHTML = difficulty_options_html(lang)
    select.value = current



@when("change", "#sifrp-difficulty")
def on_difficulty(event) -> None:
    sync_difficulty()


def sync_difficulty() -> None:
    """Show the number field only when the "other" difficulty is chosen."""
    custom = document.querySelector('[data-when="sifrp-difficulty=custom"]')
    custom.hidden = str(document.getElementById("sifrp-difficulty").value) != "custom"


@when("input", "#generic-notation")
def on_notation(event) -> None:
    sync_notation()


@when("change", "#generic-dialect")
def on_dialect(event) -> None:
    """A dialect chosen while a campaign is named is remembered for that campaign (web/shell/store.py)."""
    from shell.app import STORE

    campaign = document.getElementById("campaign")
    if campaign is not None:
        STORE.set_dialect(str(campaign.value), str(document.getElementById("generic-dialect").value))
    sync_notation()


@when("change", "#campaign")
def on_campaign(event) -> None:
    campaign_dialect()


def campaign_dialect() -> None:
    """The dialect the named campaign was last typed in, chosen again (docs/notation.md §Dialects)."""
    from shell.app import STORE

    campaign, select = document.getElementById("campaign"), document.getElementById("generic-dialect")
    if campaign is None or select is None:
        return
    found = STORE.dialect_for(str(campaign.value))
    if found is not None and found != str(select.value):
        select.value = found
        sync_notation()


def notation_words(text: str, dialect: str, lang: str) -> str:
    """The line under the notation field as you type (docs/notation.md §Dialects): the reading in plain
    words in ``lang`` with the dialect when it is not Roll20 ("Se lee: 2d6, se repite una vez cada dado
    menor que 3, se suman (leído como Foundry VTT)"), or the refusal in ``lang`` naming the working form;
    ``""`` for no text."""
    if not text.strip():
        return ""
    from shell.refusal import text as refusal_text
    from tirada.errors import TiradaError
    from tirada.systems.notation.request import explained

    try:
        out = explained(text, dialect)
    except TiradaError as err:
        return refusal_text(err, lang)
    said = " · ".join(out.said(lang))
    if out.dialect != "roll20":
        said += f' ({out.dialect_said(lang)})'
    return t("generic.words", lang).format(words=said)


def notation_state(text: str, dialect: str = "roll20") -> str:
    """What the generic form shows beside a notation text: ``""`` (no notation: every field is read),
    ``"notation"`` (the dice fields are not read: hidden, with a note) or ``"rolls"`` (several rolls:
    the difficulty is not read either). Text that does not parse yet counts as one roll."""
    if not text.strip():
        return ""
    from tirada.errors import TiradaError
    from tirada.systems.notation import parse

    try:
        return "rolls" if "rolls" in parse(text, dialect) else "notation"
    except TiradaError:
        return "notation"


def sync_notation() -> None:
    """Make the generic form honest: the fields a typed notation replaces are hidden and a note says
    why (docs/notation.md §The form)."""
    from shell.app import State

    notation = document.getElementById("generic-notation")
    if notation is None:
        return
    dialect = document.getElementById("generic-dialect")
    state = notation_state(str(notation.value), str(dialect.value) if dialect is not None else "roll20")
    for field in document.querySelectorAll('fieldset[data-system="generic"] [data-plain]'):
        field.hidden = bool(state)
    document.getElementById("generic-difficulty-field").hidden = state == "rolls"
    words = document.getElementById("generic-notation-words")
    if words is not None:
        words.textContent = notation_words(str(notation.value), str(dialect.value) if dialect is not None else "roll20",
                                           State.lang)
        words.hidden = not words.textContent
    note = document.getElementById("generic-notation-note")
    note.hidden = not state
    note.textContent = (t("generic.notation_note", State.lang) + (
        " " + t("generic.notation_note_rolls", State.lang) if state == "rolls" else "")) if state else ""


def setup(lang: str) -> None:
    """(Re)fill the language-dependent parts of the forms."""
    fill_difficulties(document.getElementById("sifrp-difficulty"), lang)
    sync_difficulty()
    campaign_dialect()
    sync_notation()


def on_lang_changed(_event: LangChanged) -> None:
    """The fieldsets' words in the new language (web/shell/page_events.py: LangChanged)."""
    setup(app.State.lang)
