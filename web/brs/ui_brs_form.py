"""The Confrontation's set-up form on the page (handlers; glue only) and the two-step «Rendirse»: the
draft read from and drawn into the form, the starting points and quick character lines (issue #42),
typed side names kept, the examples. web/brs/ui_brs.py (the view) imports it; the form's pure parts are
web/brs/ui_brs_setup.py."""

from __future__ import annotations

from pyscript import document, when

from shell import app
from shell import ui_refusal
from brs import ui_brs_records as records
from brs import ui_brs_setup as setupform
from brs.ui_brs_game import draft, set_draft
from shell.app import STORE, el, tr
from tirada import TiradaError, new_seed
from tirada.systems.brs.example import balanced_setup, example_setup
from tirada.systems.brs.stored import brs_characters

_node = app.node


def element(id_: str):
    """The element of id ``id_`` or None (the view's lookups; ui_brs uses them too)."""
    return _node(el(id_))


def query(selector: str):
    """The first element matching ``selector`` or None."""
    return _node(document.querySelector(selector))


def closest(target, selector: str):
    """``target``'s closest ancestor (or itself) matching ``selector``, or None."""
    return _node(target.closest(selector)) if hasattr(target, "closest") else None


_el, _query, _closest = element, query, closest


# ---------------------------------------------------------------------------------- setup form
def setup_nodes():
    return document.querySelectorAll("#brs-setup-fields [data-f]")


def read_draft() -> setupform.Draft:
    """The draft with what is typed in the form (nothing typed is ever dropped), kept as the draft."""
    return set_draft(setupform.read(draft(), setup_nodes()))


def render_setup() -> None:
    el("brs-setup-fields").innerHTML = setupform.render(set_draft(setupform.keep_typed(draft())), app.State.lang,
                                                        my_characters())
    records.refresh()   # the pre-fight box (issue #15) shows the draft's names


def my_characters() -> list:
    """``[(id, name)]`` of the Blood Red Sands characters in «Mis datos» (this browser)."""
    return [(c.id, c.name) for c in brs_characters(STORE.characters())]


def pick_character(i: int, cid: str) -> None:
    """Participant ``i`` becomes the «Mis datos» character ``cid`` (name and Components); the form is
    drawn again with the focus back on the pick."""
    found = [c for c in brs_characters(STORE.characters()) if c.id == cid]
    if not found:
        return
    read_draft()
    set_draft(setupform.apply_character(draft(), i, found[0]))
    render_setup()
    save_draft()
    again = _el(setupform.field_id(f"players.{i}.mine"))
    if again is not None:
        again.value = cid
        again.focus()


def setup_changed(redraw: bool = True) -> None:
    """The pre-fight box changed the draft (the bidding's result fills the Spoils fields)."""
    render_setup() if redraw else None
    save_draft()


def save_draft() -> None:
    STORE.set_brs_current(draft=draft().to_dict())


def setup_error(message: str, path: str = "") -> None:
    box = el("brs-setup-error")
    node = _el(setupform.field_id(path)) if path else None
    label = ""
    if node is not None and node.labels.length:
        label = str(node.labels[0].textContent) + " — "
    box.textContent = f'{tr("brs.setup.error")}: {label}{message}'
    box.hidden = False
    if node is not None:
        node.focus()


def load_draft(new: setupform.Draft, focus: str = "brs-start") -> None:
    """Make ``new`` the draft (the typed side names kept), draw and store it, focus ``focus``."""
    set_draft(setupform.keep_typed(new, draft().typed))
    render_setup()
    save_draft()
    el(focus).focus()


@when("click", "#brs-example")
def on_example(event) -> None:
    load_draft(setupform.from_setup(example_setup(new_seed())))


@when("click", "#brs-balanced")
def on_balanced(event) -> None:
    """The balanced example (two players, five equal dice each: issue #42)."""
    load_draft(setupform.from_setup(balanced_setup(new_seed())))


def choose_start_point(kind: str) -> None:
    """A starting point (duel, Chronicler, a Leader's side): a fresh draft of that shape, the typed
    side names kept, the focus on the first participant's name."""
    el("brs-setup-error").hidden = True
    load_draft(setupform.start_point(kind, new_seed(), app.State.lang), setupform.field_id("players.0.name"))


def quick_character(i: int) -> None:
    """Fill participant ``i``'s Traits from their quick character line (the engine reads it; a
    refusal is said beside the line, which keeps what was typed)."""
    read_draft()
    line = _el(setupform.field_id(f"players.{i}.quick"))
    text = "" if line is None else str(line.value)
    try:
        set_draft(setupform.apply_quick(draft(), i, text))
    except TiradaError as err:
        setup_error(ui_refusal.text(err), f"players.{i}.quick")
        return
    el("brs-setup-error").hidden = True
    render_setup()
    save_draft()
    again = _el(setupform.field_id(f"players.{i}.quick"))
    if again is not None:
        again.value = text
        again.focus()


def yield_click(target) -> bool:
    """«Rendirse» asks first (issue #42): its first button opens the question with the focus on it;
    «Cancelar» closes it and keeps everything, the focus back on «Rendirse…». True when handled."""
    node = _closest(target, "[data-yield-ask]")
    if node is not None:     # «Rendirse» asks first: the question opens here, with the focus on it
        box = _el(f"brs-{node.dataset.yieldAsk}-yield-confirm")
        if box is not None:
            box.hidden = False
            node.setAttribute("aria-expanded", "true")
            box.focus()
        return True
    node = _closest(target, "[data-yield-cancel]")
    if node is not None:     # cancel keeps everything: the question closes, the focus goes back
        who = str(node.dataset.yieldCancel)
        box = _el(f"brs-{who}-yield-confirm")
        if box is not None:
            box.hidden = True
        ask = _query(f'#brs-actions [data-yield-ask="{who}"]')
        if ask is not None:
            ask.setAttribute("aria-expanded", "false")
            ask.focus()
        return True
    return False


def setup_click(target) -> bool:
    """The set-up's buttons: a starting point, a quick character line, add/remove. True when handled."""
    node = _closest(target, "[data-start-point]")
    if node is not None:
        choose_start_point(str(node.dataset.startPoint))
        return True
    node = _closest(target, '[data-act="quick"]')
    if node is not None:
        quick_character(int(str(node.dataset.path).split(".")[1]))
        return True
    node = _closest(target, "[data-act]")
    if node is not None:
        read_draft()
        set_draft(setupform.edit(draft(), str(node.dataset.act), str(node.dataset.path), app.State.lang))
        render_setup()
        save_draft()
        return True
    return False


def on_key(event) -> None:
    """Escape inside the «Rendirse» question cancels it (keeps everything); Enter in a quick
    character line fills the Traits (instead of starting the Confrontation)."""
    if str(event.key) == "Enter" and bool(event.target.matches("[data-quick]")):
        event.preventDefault()
        quick_character(int(str(event.target.dataset.quick)))
        return
    if str(event.key) != "Escape":
        return
    box = _closest(event.target, ".brs-confirm")
    if box is not None:
        cancel = _node(box.querySelector("[data-yield-cancel]"))
        if cancel is not None:
            cancel.click()


def on_setup_change(event) -> None:
    """A setup field changed: keep the draft; side names and d12 also redraw the form's selects."""
    target = event.target
    if event.type == "change" and bool(target.matches("#brs-setup-fields [data-mine]")):
        pick_character(int(str(target.dataset.mine)), str(target.value))
        return
    if not bool(target.matches("#brs-setup-fields [data-f]")):
        return
    read_draft()
    if str(target.dataset.f) in ("sides.0", "sides.1"):
        set_draft(setupform.typed_side(draft(), str(target.dataset.f), str(target.value)))
    save_draft()
    path = str(target.dataset.f)
    if path in ("sides.0", "sides.1"):
        # only the side names in the selects change: redrawing the form here would replace the field
        # the player is moving to and lose what they type next (the «Sharla» revert, issue #42)
        side, name = path[-1], str(target.value).strip() or path[-1]
        for option in document.querySelectorAll(f'#brs-setup-fields select option[value="{side}"]'):
            if str(option.parentElement.dataset.f).endswith((".side", "back_down")):
                option.textContent = name
    elif event.type == "change" and path == "allow_d12":
        render_setup()
        again = _el(setupform.field_id(path))
        if again is not None:
            again.focus()


