"""The roll view: the form, the result, share links and snippets, the history (glue only).

Systems plug in through :data:`app.FORMS`: system id → a module with
``read_request(system, fieldset, lang) -> dict``, ``render_result(result, lang) -> html``,
``summary(result, lang) -> str`` and optional ``setup(lang)`` (fill selects after a language change)
and ``start_check()`` (a multi-step check that runs its own flow, L5R). A system's module registers
itself there (web/ui_l5r.py); this module imports no system module beyond the plain dice forms.
"""

from __future__ import annotations

import time

from pyscript import document, when

import app
import ui_refusal
import render
import sharing
import result_views
import ui_dice
from app import STORE, el, tr
from tirada import systems
from tirada import TiradaError, new_seed
from tirada.links.roll_link import roll_link

#: system id → form/render module (the registry lives in app.py; a system's UI module adds itself).
FORMS = app.FORMS
FORMS.update({"sifrp": ui_dice, "generic": ui_dice})


class Roll:
    """The roll on screen: a verify() dict plus its fragment, or a faces-mode result."""

    current: dict | None = None          # the verified roll on screen with its "fragment", else None
    faces_result: dict | None = None     # the result of dice rolled elsewhere (faces mode), else None
    faces_request: dict | None = None    # the request of ``faces_result`` (for its forum snippet)
    cleared: list | None = None          # history removed by "clear", kept for undo


def active_system() -> str:
    return str(el("system").value)


def form_for(system: str):
    """The roll form's module of ``system`` (reading requests): FORMS, the generic form otherwise."""
    return FORMS.get(system, ui_dice)


def view_for(system):
    """The module drawing ``system``'s results (web/result_views.py: no fallback to another system).

    Raises:
        result_views.UnknownSystem: no page module draws that system.
    """
    return result_views.view_for(system)


@when("change", "#system")
def on_system(event) -> None:
    sync_system()


def sync_system() -> None:
    """Show only the fieldset of the chosen system."""
    system = active_system()
    for fs in document.querySelectorAll("fieldset[data-system]"):
        fs.hidden = fs.dataset.system != system


def parse_faces(text: str):
    """Typed faces "6, 5 3" → [6, 5, 3]; empty → None. Raises ui_dice.FormError on non-numbers."""
    try:
        return sharing.parse_faces(text)
    except ValueError:
        raise ui_dice.FormError(tr("error.faces"), "faces") from None


def chain_identity() -> tuple[str, str]:
    """``(roller, campaign)`` named in the form (remembered for the next visit); the chain book
    (``STORE.book``) checks the names and numbers the roll."""
    roller = str(el("roller").value).strip()
    campaign = str(el("campaign").value).strip()
    STORE.set_roller(roller, campaign)
    return roller, campaign


def make_link(request: dict) -> dict:
    """Roll a fresh request (seeded here) as a link, chained when the roller is named, in one engine
    call (tirada.links.roll_link) numbered by the chain book: ``{**verified, "fragment"}``.

    Raises:
        TiradaError: a refused request or name; ``chain.retired`` (handed over), ``chain.storage_full``
        (the number could not be stored: no link is made).
    """
    request = {**request, "seed": new_seed()}
    request, gm_id = app.GM_REQUEST["answer"](request)   # a GM's roll request, when one is open (fair play v2)
    created = int(time.time())

    def step(state):
        done = roll_link(request, state, created, gm_request=gm_id)
        return done, done.chain

    done = STORE.book.number(*chain_identity(), step)
    app.GM_REQUEST["answered"]()
    return {**done.verified, "fragment": done.fragment}


@when("submit", "#roller-form")
def on_roll(event) -> None:
    event.preventDefault()
    system = active_system()
    form = form_for(system)
    if app.SEALED["active"]():        # a sealed GM request: a blind roll, no dice shown (web/ui_sealed.py)
        app.SEALED["roll"](system)
        app.show_notices()
        return
    if hasattr(form, "start_check"):  # multi-step systems (L5R) run their own check
        form.start_check()
        app.show_notices()
        return
    fieldset = document.querySelector(f'fieldset[data-system="{system}"]')
    ui_refusal.clear("#roller-form")
    try:
        request = {"system": system, **form_for(system).read_request(system, fieldset, app.State.lang)}
        label = str(el("label").value).strip()
        if label:   # the form's label, then a single roll's own ("ataque: 1d20+5") after it
            request["label"] = f'{label} · {request["label"]}' if request.get("label") else label
        for check in app.BEFORE_ROLL:
            check(request)
        faces = parse_faces(str(el("faces").value))
        if faces is not None:
            Roll.current, Roll.faces_request = None, {**request, "faces": faces}
            Roll.faces_result = systems.roll(Roll.faces_request)
            remember_faces(Roll.faces_result, Roll.faces_request)
        else:
            Roll.current, Roll.faces_result = make_link(request), None
            remember(Roll.current)
        el("shared").hidden = True
        show_current()
        el("result").focus()
    except ui_dice.FormError as err:
        show_error(tr("error.heading"), str(err))
        ui_refusal.show_at(err.field, str(err))
    except TiradaError as err:
        show_error(tr("error.heading"), ui_refusal.show(err, "#roller-form"))
    app.show_notices()


def engine_message(err: TiradaError) -> str:
    """An engine refusal in the page's language (by its code), shown next to its field in the
    roll form and scrolled into view; returns the text."""
    return ui_refusal.show(err, "#roller-form")


def remember_faces(result: dict, request: dict) -> None:
    """Add dice rolled elsewhere to the history: no link (nothing to verify), marked as such."""
    form = view_for(result["system"])
    at = int(time.time() * 1000)
    summaries = {lang: form.summary(result, lang) for lang in app.langs()}
    STORE.add_history({"fragment": f"elsewhere-{at}", "elsewhere": True, "system": result["system"],
                       "label": request.get("label") or "", "summary": summaries, "at": at})
    render_history()


def remember(verified: dict) -> None:
    """Add a roll to the history (both languages' summaries, so switching needs no recompute)."""
    form = view_for(verified["request"]["system"])
    summaries = {lang: form.summary(verified["result"], lang) for lang in app.langs()}
    STORE.add_history({"fragment": verified["fragment"], "system": verified["request"]["system"],
                       "label": verified.get("label") or "", "summary": summaries,
                       "at": int(time.time() * 1000)})
    render_history()
    for callback in app.ON_ROLL:
        callback(verified)


# ---------------------------------------------------------------------------------- results
def show_error(title: str, message: str, focus: str | None = None) -> None:
    box = el("result")
    box.innerHTML = render.error_box(title, message)
    box.hidden = False
    el("share").hidden = True
    if focus and el(focus) is not None:
        el(focus).focus()


def show_current() -> None:
    """Render the roll on screen (if any) in the current language, with its share card. While the
    shared-roll view (ui_shared) is open, it shows the roll instead."""
    if not el("shared").hidden:
        return
    box, share, lang = el("result"), el("share"), app.State.lang
    if Roll.faces_result is not None:
        result = Roll.faces_result
        body = view_for(result["system"]).render_result(result, lang)
        box.innerHTML = (f'<p class="faces-kicker">{render.esc(tr("faces.heading"))}</p>{body}'
                         f'<p class="meta">{render.esc(tr("result.faces_given"))}</p>')
        box.hidden, share.hidden = False, False
        _link_parts(False)
        el("copy-status").textContent = ""
        return
    if Roll.current is None:
        return
    v = Roll.current
    body = view_for(v["request"]["system"]).render_result({**v["result"], "label": v.get("label")}, lang)
    from tirada.links.pool import pool_text
    pool = f'<p class="pool" id="result-pool">{render.esc(pool_text(v["request"], lang))}</p>'
    box.innerHTML = pool + body + f'<p class="meta" id="roll-meta">{render.meta_line(v, lang)}</p>'
    box.hidden = False
    el("share-link").value = sharing.page_link(v["fragment"])
    share.hidden = False
    _link_parts(True)
    el("copy-status").textContent = ""



def _link_parts(shown: bool) -> None:
    """Show the link field and its copy button (a verified roll) or the "no link" note (faces)."""
    for node in document.querySelectorAll("#share [data-link-only]"):
        node.hidden = not shown
    el("share-note").hidden = shown


# ------------------------------------------------------------------------------------ share
def snippet(kind: str) -> str:
    """The text a copy button puts on the clipboard: the link, or a BBCode / Markdown / plain-text
    snippet built from the verified result on screen (nothing decoded or rolled again); dice rolled
    elsewhere get their snippet without a link."""
    from tirada.links import snippets  # imported when first needed: it is not needed to start

    lang = app.State.lang
    if Roll.current is None and Roll.faces_result is not None:
        return snippets.faces_snippet(Roll.faces_result, Roll.faces_request or {}, style=kind, lang=lang)
    current = Roll.current
    if current is None:     # the copy buttons show only with a roll on screen
        raise RuntimeError("no roll on screen to copy")
    if kind == "link":
        return sharing.page_link(current["fragment"])
    return snippets.snippet_of(current, current["fragment"], sharing.page_url(), style=kind, lang=lang)


@when("click", "[data-copy]")
async def on_copy(event) -> None:
    if Roll.current is None and Roll.faces_result is None:
        return
    # async handlers run after dispatch, when event.currentTarget is already null: use the target
    button = event.target.closest("[data-copy]")
    kind = str(button.dataset.copy)
    shared = app.node(button.closest("#shared")) is not None   # the shared-roll view's own copy buttons
    status, field = ("shared-copy-status", "shared-link") if shared else ("copy-status", "share-link")
    if kind == "html":      # rich text for a visual editor, with the plain snippet beside it
        await sharing.copy_rich(snippet("html"), snippet("text"), status, field)
    else:
        await sharing.copy(snippet(kind), status, field)


@when("click", "[data-share]")
async def on_share(event) -> None:
    """The phone's share sheet with the plain snippet and the link (Web Share)."""
    if Roll.current is None:
        return
    shared = app.node(event.target.closest("#shared")) is not None
    await sharing.share(tr("share.heading"), snippet("text"), sharing.page_link(Roll.current["fragment"]),
                        "shared-copy-status" if shared else "copy-status")


# ---------------------------------------------------------------------------------- history
def render_history() -> None:
    items = STORE.history()
    el("history-empty").hidden = bool(items)
    undo = Roll.cleared is not None and not items
    el("clear-history").hidden = not items and not undo
    el("clear-history").textContent = tr("action.undo_clear" if undo else "action.clear_history")
    rows = []
    for item in items[:50]:
        summary = item.get("summary") or {}
        text = summary.get(app.State.lang, "") if isinstance(summary, dict) else str(summary)
        label = item.get("label") or ""
        at = item.get("at") if isinstance(item.get("at"), (int, float)) else 0
        when_ = time.strftime("%Y-%m-%d %H:%M", time.localtime(at / 1000))
        title = f"{label} · " if label else ""
        if item.get("elsewhere"):   # dice rolled elsewhere: no link to open
            rows.append(f'<li class="elsewhere"><span>{render.esc(title)}{render.esc(text)}</span> '
                        f'<span class="meta">{render.esc(tr("faces.history"))} · {render.esc(when_)}</span></li>')
            continue
        rows.append(f'<li><a href="#{render.esc(item["fragment"])}">{render.esc(title)}'
                    f'{render.esc(text)}</a> <span class="meta">{render.esc(when_)}</span></li>')
    el("history-list").innerHTML = "".join(rows)


@when("click", "#clear-history")
def on_clear(event) -> None:
    if Roll.cleared is not None and not STORE.history():
        STORE.set_history(Roll.cleared)
        Roll.cleared = None
    else:
        Roll.cleared = STORE.history()
        STORE.set_history([])
    render_history()


def relang() -> None:
    for form in set(FORMS.values()):
        if hasattr(form, "setup"):
            form.setup(app.State.lang)
    show_current()
    render_history()


app.ON_LANG.append(relang)


def start() -> None:
    """Restore the roller identity (unless typed while the engine was loading) and show the history."""
    sync_system()
    who = STORE.roller()
    for field in ("roller", "campaign"):
        if not str(el(field).value).strip():
            el(field).value = who[field]
    el("who").open = el("who").open or bool(who["roller"])
    render_history()
    start_odds()
    if sharing.can_share():   # the "Compartir…" buttons (Web Share) show only where the browser has it
        document.documentElement.classList.add("can-share")


# ------------------------------------------------------------------------------------- odds
import ui_odds  # noqa: E402  (the odds card beside the form, issue #8)


def odds_request():
    """The form's request for the odds card, or None while it is incomplete (ui_odds shows "—")."""
    system = active_system()
    fieldset = document.querySelector(f'fieldset[data-system="{system}"]')
    try:
        return {"system": system, **form_for(system).read_request(system, fieldset, app.State.lang)}
    except Exception:  # a half-typed or invalid field: no odds yet, and no error while typing
        return None


def on_form_edit(event) -> None:
    """A field of the system's fieldset (or the system) changed: refresh the odds after a pause."""
    if bool(event.target.matches("fieldset[data-system] *, #system")):
        ui_odds.schedule(odds_request)


def start_odds() -> None:
    """Listen to the roll form's edits and show the odds of its initial values."""
    from pyodide.ffi import create_proxy

    listener = create_proxy(on_form_edit)
    for kind in ("input", "change"):
        el("roller-form").addEventListener(kind, listener)
    ui_odds.schedule(odds_request)
