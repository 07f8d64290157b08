"""Show an engine refusal next to the field that caused it, in the page's language, scrolled into view.

One helper for every view (glue): :func:`show` finds the visible input named by the error's field
inside a scope (the view's form), writes :func:`refusal.text` in a ``<p class="field-error">`` right
under that field, marks the input ``aria-invalid`` and describes it with the message, then scrolls the
message into view and focuses the input — so on a phone the reason is on screen, not below it. With no
such input on screen the text goes to the view's own status line instead. :func:`clear` removes them.
"""

from __future__ import annotations

import js
from pyodide.ffi import to_js
from pyscript import document

from shell import app
from shell import refusal

#: The class of the message written under a field.
CLASS = "field-error"


def _root(scope):
    if scope is None:
        return document
    return app.node(document.querySelector(scope)) if isinstance(scope, str) else scope


def field_input(err, scope=None):
    """The visible input of the error's field inside ``scope`` (a selector or element), or None."""
    root, path = _root(scope), getattr(err, "field", None)
    if root is None or not path:
        return None
    # an input named by the whole path first ("rivals[1].test_dice"), then by the plain field name
    for name in dict.fromkeys((str(path), refusal.field_name(path))):
        if not name or '"' in name or "\\" in name:
            continue
        for found in root.querySelectorAll(f'[name="{name}"]'):
            # visible (a hidden fieldset's input has no offsetParent; JS null is not None in Pyodide)
            if app.node(found) is not None and app.node(found.offsetParent) is not None and not found.disabled:
                return found
    return None


def reveal(element) -> None:
    """Scroll ``element`` to the middle of the viewport (a refusal is never left below the screen)."""
    element.scrollIntoView(to_js({"block": "center", "behavior": "instant"}, dict_converter=js.Object.fromEntries))


_scroll = reveal


def show(err, scope=None, status: str | None = None, focus: bool = True) -> str:
    """Show ``err`` (a TiradaError) in the page's language next to its field inside ``scope`` (or in
    the element ``status`` when no field is on screen); return the text shown.

    The field's label is the one the form shows; the rule-file reference never appears."""
    clear(scope)
    lang = app.State.lang
    field = field_input(err, scope)
    if field is None:
        text = refusal.text(err, lang)
        box = app.el(status) if status else None
        if box is not None:
            box.textContent = text
            box.hidden = False
            _scroll(box)
        return text
    label = field.labels[0].textContent.strip() if field.labels and field.labels.length else None
    text = refusal.text(err, lang, label=label)
    _attach(field, text, focus)
    return text


def show_at(field, text: str, focus: bool = True) -> None:
    """Show an already-worded refusal (e.g. a form value the page itself refused) under the input
    ``field`` (an element or its id), scrolled into view."""
    field = app.el(field) if isinstance(field, str) else app.node(field)
    if field is not None:
        clear(app.node(field.form) or None)
        _attach(field, text, focus)


def _attach(field, text: str, focus: bool) -> None:
    holder = app.node(field.closest(".field")) or field.parentElement
    note = document.createElement("p")
    note.className = f"{CLASS} error"
    note.id = (field.id or field.name) + "-error"
    note.textContent = text
    holder.appendChild(note)
    field.setAttribute("aria-invalid", "true")
    described = (field.getAttribute("aria-describedby") or "").split()
    field.setAttribute("aria-describedby", " ".join([*described, note.id]))
    if focus:
        field.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))
    _scroll(note)


def clear(scope=None) -> None:
    """Remove every field message inside ``scope`` and the marks on their inputs."""
    root = _root(scope)
    if root is None:
        return
    for note in root.querySelectorAll(f".{CLASS}"):
        for field in root.querySelectorAll(f'[aria-describedby~="{note.id}"]'):
            field.removeAttribute("aria-invalid")
            rest = [d for d in (field.getAttribute("aria-describedby") or "").split() if d != note.id]
            if rest:
                field.setAttribute("aria-describedby", " ".join(rest))
            else:
                field.removeAttribute("aria-describedby")
        note.remove()


def text(err, label: str | None = None) -> str:
    """``err`` in the page's language (field named by ``label`` or by its catalog label)."""
    return refusal.text(err, app.State.lang, label=label)


def line(node_id: str, err, prefix: str = "") -> str:
    """Write ``err`` (in the page's language, after ``prefix``) in the status line ``node_id``,
    show it and scroll it into view; return the text."""
    message = prefix + text(err)
    box = app.el(node_id)
    if box is not None:
        box.textContent = message
        box.hidden = False
        _scroll(box)
    return message
