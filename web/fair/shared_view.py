"""Pure HTML renderers of the shared-roll view (issue #14): no pyscript import, tested on CPython.

The view a forum reader lands on when they open a roll link: first and full width, the verified
result (a one-line headline, then the system's own result card), the pool in the game's notation,
the label (marked as a label), who rolled and where in their chain, the trust line, and the actions
("roll this again", copy for the forum). A broken link gets the same view with the reason. Handlers
live in ui_shared.py; every user or link text goes through :func:`render.esc`.
"""

from __future__ import annotations

from shell.render import esc
from shell.strings import t
from tirada.systems.l5r.dice import RING_FACES, SKILL_FACES, SYMBOL_NAMES
from tirada.links.chain import TRUST
from tirada.links.fair_records import Verified
from tirada.links.pool import pool_text


def chain_line(verified: Verified, lang: str) -> str:
    """Who rolled and where in their chain: "tirada nº 7 de Sharla en «…» · sigue a la tirada
    0123456789ab · 2026-11-29 23:10 UTC · id 89243cea8749"; an unsigned roll says so. ``verified``: the
    link's :class:`tirada.links.fair_records.Verified` record."""
    parts = [verified.description(lang)]
    if not verified.roller:
        parts = [t("shared.unsigned", lang)]
    elif verified.seq == 1:
        parts.append(t("shared.first", lang))
    elif verified.prev:
        parts.append(t("shared.after", lang).format(prev=verified.prev))
    if verified.gm_request:      # the roll answers a GM's request (its label is the request's)
        parts.append(t("shared.gm_request", lang))
    if verified.created_iso:
        parts.append(verified.created_iso.replace("T", " ").replace("Z", " UTC"))
    parts.append(f'{t("shared.id", lang)} {verified.id}')
    return " · ".join(parts)


def verified_html(verified: Verified, lang: str, result_html: str, headline: str, address: str | None = None) -> str:
    """The body of the shared-roll card for a verified link.

    Args:
        verified: the link's :class:`tirada.links.fair_records.Verified` record (of
        :func:`tirada.links.chain.verify`'s dict). result_html: the system's result card (without
        its label: the label is shown here). headline: the result in one line (the history summary).
        address: the address of the page that verified it (shown, so a reader sees which copy of
        Tirada says "verified": a modified copy elsewhere could say it of anything).
    """
    label = verified.label
    parts = [f'<h2 id="shared-heading">{esc(t("shared.heading", lang))}</h2>',
             f'<p class="shared-ok" data-verified="true">{esc(t("shared.verified", lang))}</p>']
    if label:
        parts.append(f'<p class="roll-label"><span class="tag-label">{esc(t("shared.label", lang))}</span> '
                     f'<strong id="shared-label">{esc(label)}</strong></p>')
    parts.append(f'<p class="pool"><span class="tag-label">{esc(t("shared.pool", lang))}</span> '
                 f'<strong id="shared-pool">{esc(pool_text(verified.request, lang))}</strong></p>')
    parts.append(f'<p class="headline" id="shared-headline">{esc(headline)}</p>')
    parts.append(f'<p class="meta" id="shared-meta">{esc(chain_line(verified, lang))}</p>')
    if address:
        parts.append(f'<p class="meta" id="shared-address">{esc(t("shared.address", lang).format(address=address))}</p>')
    proves = verified.proves_in(lang)   # what the link's format proves (fair play v2)
    if proves:
        parts.append(f'<p class="meta" id="shared-proves">{esc(proves)}</p>')
    parts.append(f'<div class="shared-result">{result_html}</div>')
    parts.append(f'<details class="trust-more"><summary>{esc(t("shared.trust_more", lang))}</summary>'
                 f'<p>{esc(TRUST["es" if lang == "es" else "en"])}</p></details>')
    return "".join(parts)


def broken_html(message: str, lang: str) -> str:
    """The body of the shared-roll card for a link that cannot be read or verified."""
    return (f'<h2 id="shared-heading">{esc(t("error.link", lang))}</h2>'
            f'<p class="error" role="alert" id="shared-error">{esc(message)}</p>'
            f'<p class="meta">{esc(t("shared.broken_help", lang))}</p>')


def faces_table_html(lang: str) -> str:
    """The L5R number → symbol table of the core book (l5r5e.md §Dice and symbols; seed tables of
    tirada.systems.l5r.dice), for typing dice rolled elsewhere: one table per die."""
    col = 1 if lang == "es" else 0

    def names(symbols: tuple) -> str:
        return " + ".join(SYMBOL_NAMES[s][col] for s in symbols) or t("l5r.blank", lang)

    tables = []
    for key, faces in (("ring", RING_FACES), ("skill", SKILL_FACES)):
        rows = "".join(f'<tr><th scope="row">{face}</th><td>{esc(names(symbols))}</td></tr>'
                       for face, symbols in faces.items())
        tables.append(f'<table class="faces-table" data-die="{key}"><caption>'
                      f'{esc(t("l5r.faces_table_" + key, lang))}</caption><thead><tr>'
                      f'<th scope="col">{esc(t("l5r.faces_table_face", lang))}</th>'
                      f'<th scope="col">{esc(t("l5r.faces_table_symbols", lang))}</th></tr></thead>'
                      f'<tbody>{rows}</tbody></table>')
    return (f'<details class="who" id="l5r-faces-table"><summary>{esc(t("l5r.faces_table", lang))}</summary>'
            f'<div class="faces-tables">{"".join(tables)}</div></details>')
