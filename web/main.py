"""Tirada's page glue: read the form, call the engine, store, render. No rules live here.

Handlers only read inputs, call one engine function, store what it returns and render it
(../shared/STYLE.md, "PyScript — the page is glue"). Storage and the URL fragment belong to store.py.
"""

from __future__ import annotations

import time

from pyscript import document, window, when

import render
import store as store_mod
import ui_dice
from strings import LANGS, STRINGS, t
from tirada import link as links
from tirada import snippets, systems
from tirada.dice import new_seed
from tirada.errors import TiradaError

STORE = store_mod.Store(store_mod.local_storage(window))


class Page:
    """What the page currently shows (the only module-level state): language, last verified roll."""

    lang = "es"
    current = None          # verify() dict of the roll on screen, or None
    faces_result = None     # a faces-mode result on screen (not shareable)
    cleared = None          # history removed by "clear", kept for undo


def el(id_: str):
    return document.getElementById(id_)


# ---------------------------------------------------------------------------------- language
def apply_lang(lang: str) -> None:
    """Translate every [data-i18n] element (and [data-i18n-attr]) in place and re-render."""
    Page.lang = lang if lang in LANGS else "es"
    document.documentElement.lang = Page.lang
    for node in document.querySelectorAll("[data-i18n]"):
        key = node.dataset.i18n
        if key in STRINGS:
            node.textContent = t(key, Page.lang)
    for node in document.querySelectorAll("[data-i18n-attr]"):
        for pair in str(node.dataset.i18nAttr).split(";"):
            attr, _, key = pair.partition(":")
            if key in STRINGS:
                node.setAttribute(attr, t(key, Page.lang))
    document.title = t("app.title", Page.lang)
    ui_dice.fill_difficulties(el("sifrp-difficulty"), Page.lang)
    show_current()
    render_history()


@when("click", "#lang")
def on_lang(event) -> None:
    lang = "en" if Page.lang == "es" else "es"
    STORE.set_lang(lang)
    apply_lang(lang)
    show_notices()


# ------------------------------------------------------------------------------------ form
def active_system() -> str:
    return str(el("system").value)


@when("change", "#system")
def on_system(event) -> None:
    sync_system()


def sync_system() -> None:
    """Show only the fieldset of the chosen system."""
    system = active_system()
    for fs in document.querySelectorAll("fieldset[data-system]"):
        fs.hidden = fs.dataset.system != system


@when("change", "#sifrp-difficulty")
def on_difficulty(event) -> None:
    sync_difficulty()


def sync_difficulty() -> None:
    """Show the number field only when "other" difficulty is chosen."""
    custom = document.querySelector('[data-when="sifrp-difficulty=custom"]')
    custom.hidden = str(el("sifrp-difficulty").value) != "custom"


def parse_faces(text: str):
    """Typed faces "6, 5 3" → [6, 5, 3]; empty → None. Raises ui_dice.FormError on non-numbers."""
    cleaned = text.replace(",", " ").replace(";", " ").split()
    if not cleaned:
        return None
    try:
        return [int(x) for x in cleaned]
    except ValueError:
        raise ui_dice.FormError(t("error.faces", Page.lang), "faces") from None


@when("submit", "#roller")
def on_roll(event) -> None:
    event.preventDefault()
    system = active_system()
    fieldset = document.querySelector(f'fieldset[data-system="{system}"]')
    try:
        request = {"system": system, **ui_dice.read_request(system, fieldset, Page.lang)}
        label = str(el("label").value).strip()
        if label:
            request["label"] = label
        faces = parse_faces(str(el("faces").value))
        if faces is not None:
            result = systems.roll({**request, "faces": faces})
            Page.current, Page.faces_result = None, result
        else:
            request["seed"] = new_seed()
            fragment = links.encode_link(request, created=int(time.time()))
            Page.current, Page.faces_result = {**links.verify(fragment), "fragment": fragment}, None
            remember(Page.current, fragment)
        el("shared").hidden = True
        show_current()
        el("result").focus()
    except ui_dice.FormError as err:
        show_error(t("error.heading", Page.lang), str(err), focus=err.field)
    except TiradaError as err:
        show_error(t("error.heading", Page.lang), engine_message(err))
    show_notices()


def engine_message(err: TiradaError) -> str:
    """An engine error with its field named as the form labels it, when the form has that field."""
    if err.field:
        node = document.querySelector(f'fieldset:not([hidden]) [name="{err.field.split("[")[0]}"]')
        if node is not None and node.labels.length:
            text = err.message + (f" ({err.rule})" if err.rule else "")
            return f"{node.labels[0].textContent}: {text}"
    return str(err)


def remember(verified: dict, fragment: str) -> None:
    """Add a roll to the history (both languages' summaries, so switching needs no recompute)."""
    summaries = {lang: ui_dice.summary(verified["result"], lang) for lang in LANGS}
    STORE.add_history({"fragment": fragment, "system": verified["request"]["system"],
                       "label": verified.get("label") or "", "summary": summaries,
                       "at": int(time.time() * 1000)})
    render_history()


# ---------------------------------------------------------------------------------- results
def show_error(title: str, message: str, focus: str | None = None) -> None:
    box = el("result")
    box.innerHTML = render.error_box(title, message)
    box.hidden = False
    el("share").hidden = True
    if focus and el(focus) is not None:
        el(focus).focus()


def show_current() -> None:
    """Render the roll on screen (if any) in the current language, with its share card."""
    box, share = el("result"), el("share")
    if Page.faces_result is not None:
        box.innerHTML = (ui_dice.render_result(Page.faces_result, Page.lang)
                         + f'<p class="meta">{render.esc(t("result.faces_given", Page.lang))}</p>')
        box.hidden, share.hidden = False, True
        return
    if Page.current is None:
        return
    v = Page.current
    box.innerHTML = ui_dice.render_result({**v["result"], "label": v.get("label")}, Page.lang) + (
        f'<p class="meta" id="roll-meta">{render.meta_line(v, Page.lang)}</p>')
    box.hidden = False
    url = store_mod.page_url(window.location) + "#" + v["fragment"]
    el("share-link").value = url
    share.hidden = False
    el("copy-status").textContent = ""


def show_link(fragment: str) -> None:
    """Open a roll link: verify and recompute, or explain clearly why it cannot be read."""
    try:
        Page.current, Page.faces_result = {**links.verify(fragment), "fragment": fragment}, None
    except TiradaError as err:
        Page.current = None
        el("shared").hidden = True
        show_error(t("error.link", Page.lang), str(err))
        return
    el("shared").hidden = False
    el("shared-meta").innerHTML = render.meta_line(Page.current, Page.lang)
    show_current()


@when("click", "#new-roll")
def on_new_roll(event) -> None:
    store_mod.clear_fragment(window)
    el("shared").hidden = True
    el("system").focus()


# ------------------------------------------------------------------------------------ share
def snippet(kind: str) -> str:
    """The text a copy button puts on the clipboard: the link, or a BBCode / Markdown snippet."""
    url = str(el("share-link").value)
    if kind == "link":
        return url
    base = store_mod.page_url(window.location)
    return snippets.snippet(Page.current["fragment"], base, style=kind, lang=Page.lang)


@when("click", "[data-copy]")
async def on_copy(event) -> None:
    if Page.current is None:
        return
    kind = str(event.currentTarget.dataset.copy)
    text = snippet(kind)
    status = el("copy-status")
    try:
        await window.navigator.clipboard.writeText(text)
        status.textContent = t("action.copied", Page.lang)
    except Exception:
        el("share-link").value = text
        el("share-link").select()
        status.textContent = t("action.copy_failed", Page.lang)


# ---------------------------------------------------------------------------------- history
def render_history() -> None:
    items = STORE.history()
    el("history-empty").hidden = bool(items)
    el("clear-history").hidden = not items and Page.cleared is None
    if Page.cleared is not None and not items:
        el("clear-history").textContent = t("action.undo_clear", Page.lang)
    else:
        el("clear-history").textContent = t("action.clear_history", Page.lang)
    rows = []
    for item in items[:50]:
        summary = item.get("summary") or {}
        text = summary.get(Page.lang) if isinstance(summary, dict) else str(summary)
        label = item.get("label") or ""
        when_ = time.strftime("%Y-%m-%d %H:%M", time.localtime(int(item.get("at", 0)) / 1000))
        title = f"{label} · " if label else ""
        rows.append(f'<li><a href="#{render.esc(item["fragment"])}">{render.esc(title)}'
                    f'{render.esc(text or "")}</a> <span class="meta">{render.esc(when_)}</span></li>')
    el("history-list").innerHTML = "".join(rows)


@when("click", "#clear-history")
def on_clear(event) -> None:
    if Page.cleared is not None and not STORE.history():
        STORE.set_history(Page.cleared)
        Page.cleared = None
    else:
        Page.cleared = STORE.history()
        STORE.set_history([])
    render_history()


def on_storage(event) -> None:
    """Another tab changed our data: show its rolls too."""
    key = event.key
    if not isinstance(key, str) or key.startswith("tirada."):
        render_history()


def on_hash(event=None) -> None:
    fragment = store_mod.read_fragment(window.location)
    if fragment:
        show_link(fragment)


def show_notices() -> None:
    box = el("notice")
    if STORE.problems:
        box.textContent = " ".join(t(p, Page.lang) for p in STORE.problems)
        box.hidden = False
    else:
        box.hidden = True


# ------------------------------------------------------------------------------------ start
def start() -> None:
    sync_system()
    lang = STORE.lang() or ("en" if str(window.navigator.language).lower().startswith("en") else "es")
    apply_lang(lang)
    sync_difficulty()
    window.addEventListener("hashchange", on_hash)
    window.addEventListener("storage", on_storage)
    on_hash()
    show_notices()
    for id_ in ("roll", "lang"):
        el(id_).disabled = False
    document.documentElement.dataset.engine = "ready"


try:
    start()
except Exception as err:  # never a blank page: say what failed, keep the form
    document.documentElement.dataset.engine = "failed"
    el("loading").classList.add("failed")
    el("loading-text").textContent = f'{t("loading.failed", Page.lang)} ({type(err).__name__}: {err})'
    raise
