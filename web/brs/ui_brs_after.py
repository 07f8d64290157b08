"""After the fight: what an ended Confrontation leaves on each sheet (issue #15), as HTML.

Pure functions of the engine's typed record (tirada.systems.brs.after_view.aftermath_view, issue #40)
+ language (no pyscript import). The table
setting — which Components are the Hero's — is a select per Component (``data-after-kind``); the
button ``data-after="apply"`` writes the results on the sheets of "Mis datos" with the same names.
"""

from __future__ import annotations

from typing import Sequence

from shell.render import esc
from shell.strings import t
from tirada.systems.brs.after_view import Aftermath


def trait_name(trait: str, by: str, lang: str) -> str:
    """A Weakness's name in ``lang``: the one the engine gives on a yield or with the Ordinary Spoils is
    the seed's «Derrotado por X» (``X`` = ``by``, a player's name; tirada.systems.brs.settle), said
    "Defeated by X" in the English page; any other trait is the player's own text, shown as typed."""
    return t("brs.trait.defeated", lang).format(player=by) if trait == f"Derrotado por {by}" else trait


def _slots(slots) -> str:
    return ", ".join(f"d{s.die} «{s.trait}»" for s in slots)


def render(result: Aftermath, lang: str, status: str = "") -> str:
    """The card: per player, won/lost, VP, Horde, Weaknesses, Broken; per Component its kind
    (select), dice back to the sheet, Hero slots crossed until the next Ordeal, Faction dice lost
    for good, destroyed; the Devastated tally; the apply button and its status line."""
    out = [f'<h2 id="brs-after-heading">{esc(t("brs.after.heading", lang))}</h2>',
           f'<p>{esc(t("brs.after.intro", lang))}</p>']
    for p in result.players:
        head = t("brs.after.won" if p.won else "brs.after.lost", lang).format(name=p.name)
        facts = [t("brs.after.vp", lang).format(n=p.vp), t("brs.after.devastated", lang).format(n=p.devastated)]
        if p.horde:
            facts.append(t("brs.after.horde", lang).format(dice=", ".join(f"d{d}" for d in p.horde)))
        out.append(f'<section class="brs-after-player"><h3>{esc(head)}</h3><p>{esc(" · ".join(facts))}</p>')
        if p.broken:
            out.append(f'<p class="brs-broken"><strong>{esc(t("brs.after.broken", lang).format(name=p.name))}'
                       f'</strong></p>')
        for w in p.weaknesses:
            size = f"d{w.size}" if w.size else "—"
            out.append(f'<p>{esc(t("brs.after.weakness", lang).format(trait=trait_name(w.trait, w.by, lang), die=size, by=w.by))}</p>')
        out.append("<ul>")
        for c in p.components:
            sel = "".join(f'<option value="{k}"{" selected" if c.kind == k else ""}>'
                          f'{esc(t("brs.after.kind." + k, lang))}</option>' for k in ("hero", "faction"))
            sid = f"brs-after-kind-{c.index}"
            lines = [f'<label for="{sid}">{esc(c.name)}</label> '
                     f'<select id="{sid}" data-after-kind="{c.index}">{sel}</select>']
            if c.returned:
                lines.append(esc(t("brs.after.returned", lang).format(dice=_slots(c.returned))))
            if c.crossed:
                lines.append(esc(t("brs.after.crossed", lang).format(dice=_slots(c.crossed))))
            if c.lost:
                lines.append(esc(t("brs.after.lost_dice", lang).format(dice=_slots(c.lost))))
            if c.destroyed:
                lines.append(f'<strong>{esc(t("brs.after.destroyed", lang))}</strong>')
            out.append("<li>" + "<br>".join(lines) + "</li>")
        out.append("</ul></section>")
    out.append(f'<p class="meta">{esc(t("brs.after.kind_help", lang))}</p>'
               f'<p class="meta brs-seed"><q lang="es">{esc(t("brs.after.seed", "es"))}</q></p>'
               f'<div class="buttons"><button type="button" class="primary" data-after="apply">'
               f'{esc(t("brs.after.apply", lang))}</button></div>'
               f'<p id="brs-after-status" role="status" aria-live="polite">{esc(status)}</p>')
    return "".join(out)


def applied_words(names: list, missing: list, best: list, lang: str, refused: Sequence[str] = ()) -> str:
    """The status after writing on the sheets: which were updated, which players have no sheet,
    which sheets refused (``"name (reason)"``: already recorded), and who holds the Most Devastated
    award among the saved sheets."""
    parts = [t("brs.after.applied", lang).format(names=", ".join(names)) if names
             else t("brs.after.none", lang)]
    if missing:
        parts.append(t("brs.after.missing", lang).format(names=", ".join(missing)))
    if refused:
        parts.append(t("brs.after.refused", lang).format(names=", ".join(refused)))
    if best:
        parts.append(t("brs.after.most", lang).format(names=", ".join(best)))
    return " ".join(parts)
