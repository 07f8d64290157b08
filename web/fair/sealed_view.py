"""Pure HTML renderers of sealed rolls on the page (issue #27; docs/link-format.md §19): no pyscript
import, tested on CPython (tests/test_sealed_view.py).

* :func:`closed_html`: a blind roll seen by anyone without the campaign secret (the player who made
  it, a reader of the thread): who rolled, the chain number, what for and the pool chosen before the
  roll, who can open it — **no dice and no result** (the page cannot know them);
* :func:`opened_html`: the same roll opened by the GM (``revealed=False``) or checked against a reveal
  (``revealed=True``): the system's result card (web/roll/result_views.py) and its headline;
* :func:`needs_roll_html`: a reveal opened without the sealed roll it reveals;
* :func:`secret_closed_html` (also through :func:`closed_html`): a secret GM roll ("tirada oculta")
  without the GM's secret: who, nº, what for, "sellada: la revelará el máster".

``view`` is the blind link's JSON view (:func:`tirada.links.sealed.read_sealed`): ``{"sealed_request",
"commitment", "request": {system, seed, label?, …}, "roller"?, "campaign"?, "seq"?, "prev"?}``, or a
secret roll's ``{"id", "commitment", "label"?, "roller"?, "campaign"?, "seq"?, "prev"?}``.
Each function takes that view or its :class:`tirada.links.fair_records.SealedCard` (the view is read
into one once). Every user or link text goes through :func:`render.esc`.
"""

from __future__ import annotations

from typing import Any, Mapping

from shell.render import esc
from shell.strings import t
from tirada.links.fair_records import SealedCard, sealed_card
from tirada.links.pool import pool_text

__all__ = ["closed_html", "needs_roll_html", "opened_html", "secret_closed_html", "who_line"]


def _card(view: SealedCard | Mapping[str, Any]) -> SealedCard:
    """``view`` as its :class:`tirada.links.fair_records.SealedCard` (read once when it is the JSON view)."""
    return view if isinstance(view, SealedCard) else sealed_card(view)


def who_line(view: SealedCard | Mapping[str, Any], lang: str) -> str:
    """"Tirada sellada de Sharla, nº 127" (or "sin número de cadena" when unnumbered); a secret GM
    roll's view: "Tirada oculta de Rodrigo (máster), nº 4"."""
    one = _card(view)
    roller = one.roller or t("sealed.someone", lang)
    kind = "secret" if one.secret else "sealed"
    if one.seq is None:
        return t(f"{kind}.of_unnumbered", lang).format(roller=roller)
    return t(f"{kind}.of", lang).format(roller=roller, n=one.seq)


def _head(one: SealedCard, lang: str, heading: str) -> list:
    if one.secret:
        heading = heading.replace("sealed.", "secret.", 1)
    parts = [f'<h2 id="sealed-heading" tabindex="-1">{esc(t(heading, lang))}</h2>',
             f'<p class="headline" id="sealed-who">{esc(who_line(one, lang))}</p>']
    label = one.label
    if label:
        parts.append(f'<p class="roll-label" id="sealed-label">{esc(t("sealed.for", lang).format(label=label))}</p>')
    return parts


def _pool(request: Mapping[str, Any], lang: str) -> str:
    if not request:      # a sealed secret roll: what was rolled is hidden until the reveal
        return ""
    try:
        text = pool_text(dict(request), lang)
    except Exception:   # a pool this version cannot word: the rest of the card still shows
        return ""
    return (f'<p class="pool"><span class="tag-label">{esc(t("shared.pool", lang))}</span> '
            f'<strong id="sealed-pool">{esc(text)}</strong></p>')


def closed_html(view: SealedCard | Mapping[str, Any], lang: str, made: bool = False) -> str:
    """A blind roll without its secret: who, chain number, label, pool, who can open it. ``made``:
    the player has just rolled it (the card says to post its link). Holds no dice, no result.
    A secret GM roll's view: who, nº, what for and "sellada: la revelará el máster" (no pool: what
    was rolled is sealed too)."""
    one = _card(view)
    if one.secret:
        return secret_closed_html(one, lang, made)
    parts = _head(one, lang, "sealed.heading")
    parts.append(_pool(one.request, lang))
    if made:
        parts.append(f'<p class="shared-ok" id="sealed-made">{esc(t("sealed.made", lang))}</p>')
    campaign = one.campaign
    who = t("sealed.who", lang).format(campaign=campaign) if campaign else t("sealed.who_any", lang)
    parts.append(f'<p id="sealed-closed">{esc(t("sealed.closed", lang))} {esc(who)}</p>')
    return "".join(parts)


def opened_html(view: SealedCard | Mapping[str, Any], lang: str, result_html: str, headline: str, revealed: bool,
                request: Mapping[str, Any] | None = None) -> str:
    """A blind roll opened: by the GM with the campaign secret (``revealed`` False: only the GM sees
    it) or by anyone with a reveal that checked (``revealed`` True). ``result_html`` is the system's
    result card (without its label), ``headline`` its one-line summary; ``request`` the opened roll's
    request (a secret roll's view has none: its pool is shown from this one)."""
    one = _card(view)
    parts = _head(one, lang, "sealed.heading_revealed" if revealed else "sealed.heading_open")
    state = "revealed" if revealed else "gm"
    text = t(("secret." if one.secret else "sealed.") + state, lang)
    parts.append(f'<p class="shared-ok" id="sealed-state" data-sealed="{state}">{esc(text)}</p>')
    parts.append(_pool(request or one.request, lang))
    parts.append(f'<p class="headline" id="sealed-headline">{esc(headline)}</p>')
    parts.append(f'<div id="sealed-result">{result_html}</div>')
    return "".join(parts)


def needs_roll_html(lang: str) -> str:
    """A reveal opened without the sealed roll it opens: what else is needed, and how."""
    return (f'<h2 id="sealed-heading" tabindex="-1">{esc(t("sealed.heading_reveal", lang))}</h2>'
            f'<p id="sealed-needs">{esc(t("sealed.needs_roll", lang))}</p>')


# -- secret GM rolls ("tirada oculta", kind ``secret``) ----------------------------------------------

def secret_closed_html(view: SealedCard | Mapping[str, Any], lang: str, made: bool = False) -> str:
    """A secret GM roll without the GM's secret: "Tirada oculta de X, nº N", what for, and "Sellada:
    la revelará el máster" — not what was rolled, no dice, no result. ``made``: the GM has just
    sealed it (the card says to post its link)."""
    parts = _head(_card(view), lang, "sealed.heading")
    if made:
        parts.append(f'<p class="shared-ok" id="sealed-made">{esc(t("secret.made", lang))}</p>')
    parts.append(f'<p id="sealed-closed">{esc(t("secret.closed", lang))}</p>')
    return "".join(parts)

