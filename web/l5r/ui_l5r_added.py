"""The L5R check's "add a kept die set to a result" at the keep (issue #28 item 5; glue only).

The board's add box (ui_l5r_render.add_box) lists the dice added so far; "Añadir dado guardado"
appends the chosen result to :attr:`ui_l5r.Check.added` and "Quitar" takes one back. ui_l5r.decide
sends them with the keep (one decision: the engine checks them, and any explosion of theirs is
drawn from fresh dice made after it); the link carries them (``added``) and opening it recomputes
them (tirada.systems.l5r.check, docs/l5r5e.md §Added kept dice).
"""

from __future__ import annotations

from pyscript import document, when

from l5r import ui_l5r
from tirada.systems.l5r.request import MAX_ADDED
from l5r.ui_l5r_state import on_screen


def _closest(target, selector: str):
    return ui_l5r._closest(target, selector)


@when("click", "#result")
def on_add_click(event) -> None:
    """Add the chosen result, or take an added die back, while the check waits for its keep."""
    check = ui_l5r.Check
    shown = on_screen()
    if shown is None or shown.stage != "keep":
        return
    add, unadd = _closest(event.target, "[data-l5r-add]"), _closest(event.target, "[data-l5r-unadd]")
    if add is not None and len(check.added) < MAX_ADDED:
        die, face = str(document.querySelector("#l5r-add-result").value).split(":")
        check.added = [*check.added, [die, int(face)]]
    elif unadd is not None:
        index = int(unadd.dataset.l5rUnadd)
        check.added = [a for i, a in enumerate(check.added) if i != index]
    else:
        return
    ui_l5r.render_board()   # previews the marked dice (with the added ones) when there are some
    node = document.querySelector("[data-l5r-add]")
    if node:
        node.focus()
