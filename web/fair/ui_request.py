"""GM roll requests on the roll view (issue #13 part 2; glue only: rules in tirada.links.gm_request).

Opening a request link fills the roll form with the request and locks it (fixed fields disabled,
bounded ones limited, label, player's name and campaign set and locked); the roll made then names the request
(``gm_request`` in its link; ui_roll, ui_l5r and ui_fate reach this module through ``page_events.gm_answer``, so
no view imports in a circle). The GM's side: "Request a roll" makes a request link from the form.
"""

from __future__ import annotations

from pyscript import document, when

from shell import app
from roll import forms
from shell import refusal
from fair import request_view
from shell import sharing
from shell import ui_refusal
from roll import ui_roll
from shell.app import STORE, el, tr
from shell.page_events import LangChanged, LinkOpening
from roll.forms import FormError
from tirada.links import gm_request, sealed
from tirada.links.fair_records import RequestSpec, request_spec
from tirada.links.pool import pool_text
from tirada.errors import TiradaError
from tirada.fields import typed_int

USED_KEY = "tirada.requests.used"     #: ids of the requests answered in this browser (newest last)


class Active:
    """The request the form is locked to (``spec`` None when none; ``request`` its typed record) and the
    nodes locked for it."""

    spec: dict | None = None     # the decoded request (tirada.links.gm_request.decode_request)
    request: RequestSpec | None = None   # the same, read once (tirada.links.fair_records.request_spec)
    locked: list = []


def _node(system: str, name: str):
    return document.querySelector(f'fieldset[data-system="{system}"] [name="{name}"]')


def _lock(node) -> None:
    node.disabled = True
    Active.locked.append(node)


def fill_form(spec: RequestSpec) -> None:
    """Put the request in the roll form (through its system's Form: ui_roll.write_request) and lock
    what it fixes; a bounded field keeps the player's value when it is inside the bounds."""
    unlock()
    system = spec.system
    for name in ui_roll.write_request({"system": system, **spec.fixed}, whole=False):
        _lock(_node(system, name))
    _lock(el("system"))
    for name, bound in spec.bounds.items():
        node = _node(system, name)
        if node is None:
            continue
        node.min, node.max = str(bound.lo), str(bound.hi)   # bounds: the player chooses inside them
        current = typed_int(str(node.value))
        if not isinstance(current, int) or not bound.lo <= current <= bound.hi:
            node.value = str(bound.lo)
        Active.locked.append(node)
    if spec.label:
        el("label").value = spec.label
        _lock(el("label"))
    if spec.player:
        el("roller").value = spec.player
        _lock(el("roller"))
        app.name_filled()                  # the name-ask line hides now, not at the next roll
    if spec.campaign:             # the roll goes in the request's chain: tries in another
        el("campaign").value = spec.campaign   # campaign (another chain) cannot hide
        _lock(el("campaign"))
    el("faces").value = ""
    _lock(el("faces"))                   # a request is answered with dice rolled here
    faces_mode = document.getElementById("l5r-faces_mode")
    if faces_mode is not None:
        faces_mode.checked = False
        _lock(faces_mode)


def unlock() -> None:
    """Release every node locked for a request."""
    for node in Active.locked:
        node.disabled = False
    Active.locked = []


def render_banner() -> None:
    spec = Active.request
    box = el("gm-request")
    if spec is None:
        box.hidden = True
        return
    text = tr("request.text").format(label=spec.label or tr("request.no_label"),
                                     who=spec.player or tr("request.anyone"))
    if spec.id in used():
        text += " " + tr("request.used")
    el("gm-request-text").textContent = text
    ask = el("gm-request-ask")
    ask.textContent = ask_text(spec)
    ask.hidden = not ask.textContent
    box.hidden = False


def ask_text(spec: RequestSpec) -> str:
    """What the request asks of its reader, in the first screen on a phone (issue #29): the roll as the
    locked form stands ("Te pide: SIFRP 4D+0B contra 12…"; a system without a fieldset of its own in
    the form: the request's fixed fields), or nothing when it cannot be worded."""
    system, fixed = spec.system, spec.fixed
    has_form = system in forms.with_fieldset()
    try:
        pool = pool_text({**(_form_request(system) if has_form else fixed), "system": system}, app.State.lang)
    except (TiradaError, KeyError, TypeError, ValueError):
        return ""
    return tr("request.ask").format(pool=pool)


def open_request(fragment: str) -> None:
    """Open a request link: the roll view, the form filled and locked to it (or why it cannot)."""
    app.show_view("roll")
    try:
        spec = gm_request.decode_request(fragment)
    except TiradaError as err:
        ui_roll.show_error(tr("error.link"), ui_roll.engine_message(err))
        return
    lock_to(spec)
    render_banner()
    el("gm-request").scrollIntoView()


def lock_to(spec: dict) -> None:
    """Make ``spec`` (a decoded GM request, plain or sealed) the open request and lock the roll form to it
    (its banner is drawn by the caller: :func:`render_banner`, or the sealed view's own)."""
    Active.spec, Active.request = spec, request_spec(spec)
    fill_form(Active.request)


def on_link_opening(event: LinkOpening) -> None:
    """Another link is opened (web/shell/page_events.py): the banner and the locked form of the
    earlier request go."""
    if event.kind != "request" and Active.spec is not None:
        Active.spec = Active.request = None
        unlock()
        render_banner()


def answer(request: dict) -> tuple:
    """``(request, request id or None)``: the form's request made to answer the open request.

    Raises:
        IllegalMove: a bounded field outside its bounds, another system.
    """
    if Active.spec is None or Active.request is None:
        return request, None
    return gm_request.apply_request(Active.spec, request), Active.request.id


def used() -> list:
    return STORE.read(USED_KEY, [], check=lambda v: isinstance(v, list))


def answered() -> None:
    """The roll for the open request is made: remember its id, release the form."""
    if Active.request is None:
        return
    ids = [i for i in used() if i != Active.request.id] + [Active.request.id]
    STORE.write(USED_KEY, ids[-200:])
    Active.spec = Active.request = None
    unlock()
    render_banner()


@when("click", "#gm-request-roll")
def on_roll_here(event) -> None:
    """The banner's «Tirar»: the roll form's own button (a plain or a blind roll), then the result
    (or the refusal under its field) brought on screen, since the form sits below the banner."""
    el("roll").click()
    result = el("result")
    if result is not None and not result.hidden and not document.querySelector(".field-error"):
        result.scrollIntoView()          # its top: the outcome comes first


@when("click", "#gm-request-cancel")
def on_cancel(event) -> None:
    Active.spec = Active.request = None
    unlock()
    render_banner()


class Editor:
    """The GM's choices in the request editor (field → mode, field → bounds as typed), kept across
    re-draws."""

    modes: dict = {}
    bounds: dict = {}
    home_cleared = False      # the GM emptied the official address: do not fill it again


def _form_request(system: str) -> dict:
    """The roll form's request as it stands (empty when a field is not even a number yet)."""
    try:
        return {k: v for k, v in ui_roll.read_form(system).items() if k != "system"}
    except (FormError, TiradaError, ValueError, LookupError):
        return {}


def render_editor(*_args) -> None:
    """Draw the request editor for the form's system and values (web/fair/request_view.py)."""
    if not el("gm-make").open:
        return
    system = ui_roll.active_system()
    if not str(el("gm-home").value).strip() and not Editor.home_cleared:
        el("gm-home").value = sharing.page_url()      # this page is the official address by default
    el("gm-fields").innerHTML = request_view.fields_html(system, _form_request(system), Editor.modes, app.State.lang,
                                                         Editor.bounds)


@when("toggle", "#gm-make")
def on_editor_open(event) -> None:
    render_editor()


@when("change", "#gm-fields")
def on_mode(event) -> None:
    """A field's mode changed: keep it, and show its bounds for "Entre…"."""
    name = event.target.getAttribute("data-gm-mode")
    if name:
        Editor.modes[str(name)] = str(event.target.value)
        render_editor()


@when("input", "#gm-fields")
def on_bound(event) -> None:
    """A bound typed: kept, so a re-draw (another field's mode, a form edit) does not lose it."""
    for which in ("min", "max"):
        name = event.target.getAttribute(f"data-gm-{which}")
        if name:
            Editor.bounds[str(name)] = (_bound("min", str(name)), _bound("max", str(name)))


@when("change", "#system")
def on_system_changed(event) -> None:
    render_editor()


@when("input", "#roller-form")
def on_form_input(event) -> None:
    """The form's values change: the editor's "En el formulario" column follows."""
    render_editor()


@when("click", "#gm-make-link")
def on_make(event) -> None:
    """The GM's side: a request link for the roll of the form, each field fixed, bounded or free as
    the editor says (web/fair/request_view.py)."""
    system = ui_roll.active_system()
    status = el("gm-make-status")
    bounds = {name: (_bound("min", name), _bound("max", name)) for name in request_view.fields_of(system)}
    try:
        request = {k: v for k, v in ui_roll.read_form(system).items() if k != "system"}
        fields = request_view.request_fields(system, request, Editor.modes, bounds)
        home = str(el("gm-home").value).strip()
        Editor.home_cleared = not home
        spec = gm_request.new_request(system, fields, str(el("label").value), str(el("gm-for").value),
                                      str(el("campaign").value), home=home or None)
        blind = bool(el("gm-sealed").checked)     # a blind roll: sealed with the campaign's secret (§19)
        fragment = (sealed.seal_request(spec, STORE.campaign_secret(request_spec(spec).campaign)).fragment if blind
                    else gm_request.encode_request(spec))
    except FormError as err:   # one line, never a traceback; already in the page's language
        status.textContent = f'{tr("error.request")}: {err}'
        return
    except TiradaError as err:         # by its code, in the page's language
        status.textContent = f'{tr("error.request")}: {ui_refusal.text(err)}'
        return
    except ValueError as err:          # a bound that is not a whole number
        status.textContent = tr("request.bad_bound").format(field=refusal.field_label(str(err), app.State.lang) or err)
        return
    el("gm-link").value = sharing.page_link(fragment)
    el("gm-copy").hidden = False
    status.textContent = tr("sealed.request_made" if blind else "request.made")


def _bound(which: str, name: str) -> str:
    node = app.node(document.querySelector(f'#gm-fields [data-gm-{which}="{name}"]'))
    return "" if node is None else str(node.value)


@when("click", "#gm-copy")
async def on_copy_request(event) -> None:
    await sharing.copy(str(el("gm-link").value), "gm-make-status", "gm-link")


def on_lang_changed(_event: LangChanged) -> None:
    """The GM request's banner and editor in the new language (web/shell/page_events.py: LangChanged)."""
    render_banner()
    render_editor()
