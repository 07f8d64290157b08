"""Pure HTML of the sealed rolls in the thread-audit report (issue #27 item 4); no pyscript import.

The engine (:func:`tirada.links.audit_sealed_thread.audit_thread_steps`) puts ``report["sealed"]``
in the report and its problems among the report's named problems; this draws the line under the
verdict ("2 tiradas selladas sin revelar") and the list of every sealed roll: its state, age, the
links posted after it, who can reveal it, and its problems worded by their codes.
"""

from __future__ import annotations

from shell import i18n
from shell import refusal
from shell.render import esc
from shell.strings import t
from tirada.links.audit_report import AuditReport, Problem, SealedRoll


def age_text(seconds: int, lang: str) -> str:
    """An age in its largest whole unit: "2 días", "5 horas", "1 minuto" (at least 0 minutes)."""
    for key, size in (("audit.age_days", 86400), ("audit.age_hours", 3600)):
        if seconds >= size:
            return i18n.tn(key, lang, seconds // size)
    return i18n.tn("audit.age_minutes", lang, max(0, seconds) // 60)


def who(item: Problem | SealedRoll, lang: str, *, by_link: bool = False) -> str:
    """Whom a problem or a sealed roll of the audit concerns: "Sharla (Invierno) nº 3 «Atletismo»"; one
    with no roller is "Tiradas sin nombre", or with ``by_link`` (a problem row) its link excerpt
    ("Enlace t1AY…") or, with no number or label either, the thread itself ("El hilo")."""
    if item.roller:
        text = item.roller + (f' ({item.campaign})' if item.campaign else "")
    elif by_link and item.fragment:
        text = f'{t("audit.link", lang)} {item.fragment}'
    elif by_link and item.seq is None and not item.label:
        text = t("audit.thread", lang)
    else:
        text = t("audit.unsigned", lang) + ("" if by_link or not item.campaign else f' ({item.campaign})')
    if item.seq is not None:
        text += f' nº {item.seq}'
    if item.label:
        text += f' «{item.label}»'
    return text


def who_reveals(roll: SealedRoll, lang: str) -> str:
    """Who can reveal an unrevealed sealed roll: this browser, the GM holding the campaign secret, the
    GM who made a secret roll, or nobody from here ("no se podrá revelar")."""
    if roll.revealable == "yes":
        return t("audit.sealed_who_you", lang)
    if roll.revealable == "lost":
        return t("audit.sealed_who_lost", lang)
    if roll.kind == "secret" and roll.roller:
        return t("audit.sealed_who_roller", lang).format(roller=roll.roller)
    if roll.campaign:
        return t("audit.sealed_who_gm", lang).format(campaign=roll.campaign)
    return t("audit.sealed_who_gm_any", lang)


def pending_line(report: AuditReport, lang: str) -> str:
    """Under the verdict: how many sealed rolls wait for their reveal (nothing when none)."""
    waiting = sum(1 for r in report.sealed.rolls if r.state == "sealed")
    if not waiting:
        return ""
    return (f'<p id="audit-sealed-pending" class="meta"><span aria-hidden="true">○</span> '
            f'{esc(i18n.tn("audit.sealed_pending", lang, waiting))}</p>') + yours_html(report, lang)


def yours_html(report: AuditReport, lang: str) -> str:
    """The GM's list of their pending sealed rolls (issue #38): every unrevealed sealed roll this
    browser can reveal — a player's blind roll answering a sealed request of a campaign whose secret
    it holds, a secret roll of the GM's made here (its hidden request kept) — named, with its kind
    and a link that opens it here to reveal it (nothing when there is none)."""
    rolls = [r for r in report.sealed.rolls if r.state == "sealed" and r.revealable == "yes" and r.link]
    if not rolls:
        return ""
    items = []
    for roll in rolls:
        kind = t("audit.sealed_" + roll.kind, lang)
        items.append(f'<li><a href="#{esc(roll.link or "")}">{esc(who(roll, lang))}</a> — {esc(kind)}</li>')
    return (f'<section id="audit-sealed-yours" class="meta"><p>{esc(t("audit.sealed_yours", lang))}</p>'
            f'<ul>{"".join(items)}</ul></section>')


def roll_html(roll: SealedRoll, lang: str) -> str:
    """One sealed roll: ✔ revealed, ○ waiting (age, links after it, who can reveal it) or ✘ with
    every problem."""
    bad = bool(roll.problems) or roll.state == "bad_reveal"
    mark = "✘" if bad else ("✔" if roll.state == "revealed" else "○")
    state = {"revealed": "audit.sealed_revealed", "bad_reveal": "audit.sealed_bad"}.get(roll.state,
                                                                                       "audit.sealed_waiting")
    parts = [t(f'audit.sealed_{roll.kind}', lang), t(state, lang)]
    if roll.state == "sealed":
        if roll.age is not None and roll.age >= 0:
            parts.append(t("audit.sealed_age", lang).format(age=age_text(roll.age, lang)))
        parts.append(i18n.tn("audit.sealed_later", lang, roll.later))
    if roll.answers > 1:
        parts.append(i18n.tn("audit.sealed_answers", lang, roll.answers))
    line = f'<strong>{esc(who(roll, lang))}</strong>: {esc(", ".join(parts))}'
    if roll.state == "sealed":
        line += f'<br><span class="meta audit-sealed-who">{esc(who_reveals(roll, lang))}</span>'
    line += "".join(f'<br><span class="error">✘ {esc(refusal.message({"code": code, "params": {}}, lang))}</span>'
                    for code in roll.problems)
    return (f'<li class="{"bad" if bad else "ok"}" data-state="{esc(roll.state)}">'
            f'<span aria-hidden="true">{mark}</span> {line}</li>')


def sealed_html(report: AuditReport, lang: str) -> str:
    """The "Tiradas selladas" block of the report (nothing when the thread has no sealed roll)."""
    rolls = report.sealed.rolls
    if not rolls:
        return ""
    return (f'<section id="audit-sealed" class="audit-roller"><h3>{esc(t("audit.sealed_title", lang))}</h3>'
            f'<p>{esc(report.sealed.summary[lang])}</p><ul class="audit-links">'
            + "".join(roll_html(roll, lang) for roll in rolls) + "</ul></section>")
