"""The GM's request editor (issue #26 item 2): for each field of the roll form, fixed, bounded or
left to the player (pure: no pyscript; tested on CPython in tests/test_web_views.py).

:func:`fields_html` draws one row per requestable field of the chosen system (the value the form
holds now, a choice "Fijo / Entre / Libre" and the bounds); :func:`request_fields` turns the rows'
choices and the form's request into the ``fields`` of :func:`tirada.links.gm_request.new_request`
(docs/link-format.md §17). L5R rings and skills are the player's by default (their character's), the
TN fixed; every other field is fixed by default, as the page's requests were before.
"""

from __future__ import annotations

from typing import Any, Mapping

from roll import forms
from shell import refusal
from shell.render import esc
from shell.strings import t
from tirada.systems.form_requests import generic_form_request

__all__ = ["MODES", "default_mode", "fields_html", "fields_of", "request_fields"]

MODES = ("fixed", "range", "free")
_BOOLEAN = ("keep_lowest",)          # a yes/no field: fixed or free, never bounded


def fields_of(system: str) -> tuple:
    """The fields a GM request of ``system`` may fix or bound, in the form's order (its Form's
    ``REQUESTABLE``; none for a system without a fieldset on the roll view)."""
    form = forms.form_for(system)
    return form.REQUESTABLE if form.FIELDSET else ()


def default_mode(system: str, name: str) -> str:
    """``"free"`` for a field its Form leaves to the player (an L5R ring or skill: the player's
    character), else ``"fixed"``."""
    form = forms.form_for(system)
    return "free" if form.FIELDSET and name in form.PLAYER_FIELDS else "fixed"


def _label(name: str, lang: str) -> str:
    return refusal.field_label(name, lang) or (t("generic.keep_lowest", lang) if name == "keep_lowest" else name)


def fields_html(system: str, values: Mapping[str, Any], modes: Mapping[str, str], lang: str,
                bounds: Mapping[str, tuple] | None = None) -> str:
    """The editor's rows for ``system``: field name, the form's value now, the mode select and the
    bounds (shown for "range"). ``values`` is the form's request, ``modes`` the choices kept so far
    (name → one of :data:`MODES`; missing → :func:`default_mode`), ``bounds`` the bounds typed so far
    (name → ``(min, max)`` as typed; missing → the form's value)."""
    rows = []
    for name in fields_of(system):
        mode = modes.get(name) or default_mode(system, name)
        value = values.get(name)
        shown = "—" if value is None else (t("request.yes", lang) if value is True else
                                           t("request.no", lang) if value is False else str(value))
        choices = [m for m in MODES if not (m == "range" and name in _BOOLEAN)]
        options = "".join(f'<option value="{m}"{" selected" if m == mode else ""}>{esc(t("request.mode_" + m, lang))}</option>'
                          for m in choices)
        low = value if isinstance(value, int) and not isinstance(value, bool) else ""
        typed_lo, typed_hi = (bounds or {}).get(name, (low, low))
        cells = "" if name in _BOOLEAN else (
            f'<span class="gm-bounds"{"" if mode == "range" else " hidden"}>'
            f'<label>{esc(t("request.min", lang))} <input type="number" inputmode="numeric" data-gm-min="{name}" '
            f'value="{esc(str(typed_lo))}"></label> '
            f'<label>{esc(t("request.max", lang))} <input type="number" inputmode="numeric" data-gm-max="{name}" '
            f'value="{esc(str(typed_hi))}"></label></span>')
        rows.append(f'<tr><th scope="row">{esc(_label(name, lang))}</th><td class="gm-value">{esc(shown)}</td>'
                    f'<td><select data-gm-mode="{name}" aria-label="{esc(_label(name, lang))}">{options}</select> '
                    f'{cells}</td></tr>')
    return (f'<table class="gm-fields"><caption>{esc(t("request.fields", lang))}</caption><thead><tr>'
            f'<th scope="col">{esc(t("request.field", lang))}</th><th scope="col">{esc(t("request.now", lang))}</th>'
            f'<th scope="col">{esc(t("request.mode", lang))}</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')


def request_fields(system: str, request: Mapping[str, Any], modes: Mapping[str, str],
                   bounds: Mapping[str, tuple]) -> dict:
    """The request's ``fields``: each field fixed at the form's value, bounded by ``bounds[name] =
    (min, max)`` (whole numbers, as typed: the engine checks them, ``request.bounds``), or left out
    (free). A fixed field the form has no value for is fixed at its Form's ``REQUEST_NEUTRAL`` value
    (the generic modifier: 0), else left out too; a generic keep of every die is left out (a request
    cannot name keep, and the player's form then keeps every die: form_generic.field_values).

    Raises:
        ValueError: a bound that is not a whole number (``args[0]`` is the field name).
    """
    out: dict = {}
    neutral = getattr(forms.form_for(system), "REQUEST_NEUTRAL", {})
    for name in fields_of(system):
        mode = modes.get(name) or default_mode(system, name)
        if mode == "range" and name not in _BOOLEAN:
            lo, hi = bounds.get(name, (None, None))
            try:
                out[name] = {"min": int(str(lo).strip()), "max": int(str(hi).strip())}
            except ValueError:
                raise ValueError(name) from None
        elif mode == "fixed":
            value = request.get(name, neutral.get(name))
            every_die = system == "generic" and name == "keep" and "dice" in request \
                and value == generic_form_request(request).dice     # keep every die: no keep to ask for
            if value is not None and not every_die:
                out[name] = value
    return out


