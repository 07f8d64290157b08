"""Pure HTML renderer of the thread-audit report (issue #26): no pyscript import, tested on CPython.

The verdict comes first (on a phone too), then every problem naming its roll ("Sharla nº 3
«Atletismo»: bifurcación…"), then one block per roller whose rows carry the chain's own numbers in an
unnumbered list, each bad roll marked ✘ with its reasons. Problems are worded by their stable code
(:mod:`refusal`, ``err.<code>``), never the engine's English line. Handlers live in ui_audit.py.
"""

from __future__ import annotations

from typing import Callable, Iterator, NamedTuple, Sequence

from audit import audit_sealed_view
from shell import i18n
from shell import refusal
from shell.render import esc
from shell.strings import STRINGS, t
from tirada.links.audit_report import AuditReport, AuditRow, Chain, GameFork, Luck, Person, Unreadable, report as read_report
from tirada.links.chain import PROVES

MAX_LISTED = 30      #: problems listed under the verdict (the rest are counted)
MAX_UNREADABLE = 200  #: unreadable links listed at the end of the report (the rest are counted)
ROWS_AT_ONCE = 40    #: rows of a chain in one part of a report drawn in slices (:func:`render_slices`)


class Rows(NamedTuple):
    """More rows of a chain, drawn after its block: ``html`` (whole ``<li>`` elements) goes at the
    end of the list whose id is ``into`` (drawn by an earlier part of the same report)."""

    into: str
    html: str


class Later:
    """The rows held back while a report is drawn in slices: each chain's list gets an id, its first
    :data:`ROWS_AT_ONCE` rows are drawn in its block, the rest come after it as :class:`Rows`,
    rendered only when their turn comes (5,000 rows at once were one long task, issue #39)."""

    def __init__(self) -> None:
        self.lists = 0
        self.waiting: list = []      # (list id, rows not drawn yet)

    def hold(self, rows: Sequence) -> tuple[str, Sequence]:
        """A new list's id and the rows of ``rows`` to draw in its block (the rest wait here)."""
        self.lists += 1
        into = f"audit-rows-{self.lists}"
        if len(rows) > ROWS_AT_ONCE:
            self.waiting.append((into, rows[ROWS_AT_ONCE:]))
        return into, rows[:ROWS_AT_ONCE]

    def drain(self, lang: str, said: Callable[[AuditRow, str], str]) -> Iterator[Rows]:
        """The rows waiting, :data:`ROWS_AT_ONCE` a part, each rendered as it is asked for."""
        while self.waiting:
            into, rows = self.waiting.pop(0)
            for at in range(0, len(rows), ROWS_AT_ONCE):
                yield Rows(into, "".join(row_html(row, lang, said) for row in rows[at:at + ROWS_AT_ONCE]))


def said(row: AuditRow | dict, lang: str) -> str:
    """What a posted roll was and what it gave (the audit row): the pool in its game's notation and the
    system's one-line result (its Form's ``summary``, worded by the system's ``outcome_words``);
    ``row``: an audit row, or a verified roll's dict."""
    from tirada.links.pool import pool_text
    from roll import result_views

    one = row if isinstance(row, AuditRow) else AuditRow.of(row)
    try:
        line = result_views.view_for(one.system).summary(one.result, lang)
    except (LookupError, TypeError, ValueError):
        line = ""
    return pool_text(one.request, lang) + (f" \u2192 {line}" if line else "")


def verdict_html(report: AuditReport | dict, lang: str) -> str:
    """The overall verdict and the named problems (the top of the report)."""
    report = _typed(report)
    if not report.links_found:
        return (f'<p id="audit-verdict" class="verdict bad">{esc(t("audit.none", lang))}</p>'
                f'<p id="audit-how">{esc(t("audit.how_to_paste", lang))}</p>')
    items = report.problems
    pending = audit_sealed_view.pending_line(report, lang)    # sealed rolls waiting for their reveal
    if not items:
        return f'<p id="audit-verdict" class="verdict ok">{esc(t("audit.all_ok", lang))}</p>{pending}'
    verdict = i18n.template("audit.verdict_bad", lang, len(items)).format(n=len(items))
    parts = [f'<p id="audit-verdict" class="verdict bad">{esc(verdict)}</p>', pending]
    if report.boundaries is False:     # plain text: problems placed by line, said once
        parts.append(f'<p id="audit-no-posts" class="meta">{esc(t("audit.no_posts", lang))}</p>')
    parts.append('<ul class="audit-problems" id="audit-problems">')
    for item in items[:MAX_LISTED]:
        place = item.place          # tirada.links.posts.PlaceDict's words: "mensaje 3 de Sharla", "línea 12"
        where = f' <span class="audit-place">({esc(place[lang])})</span>' if place else ""
        parts.append(f'<li><span aria-hidden="true">✘</span> <strong>{esc(audit_sealed_view.who(item, lang, by_link=True))}</strong>'
                     f'{where}: {esc(refusal.message(item.source, lang))}</li>')
    if len(items) > MAX_LISTED:
        parts.append(f'<li>{esc(t("audit.more", lang).format(n=len(items) - MAX_LISTED))}</li>')
    parts.append("</ul>")
    return "".join(parts)


def why(row: AuditRow | Unreadable, lang: str) -> str:
    """Why the audit did not accept a link, in the page's language, by its stable error code."""
    return refusal.message(row.error, lang) if row.error else t("err.link.invalid", lang)


def missing_line(group: Chain, lang: str) -> str:
    """The numbers made but not posted, named: "Sin publicar: nº 3, 5–7" (nothing when none)."""
    if not group.missing:
        return ""
    names = ", ".join(f"{a}" if a == b else f"{a}\u2013{b}" for a, b in group.missing)
    return f'<p class="error audit-missing">{esc(t("audit.missing", lang))}: nº {esc(names)}</p>'


def row_html(row: AuditRow, lang: str, said: Callable[[AuditRow, str], str]) -> str:
    """One posted roll (or signed move): ✔, or ✘ with every reason; its number in the chain, label,
    pool and result (``said(row, lang)``), and the address it was posted with."""
    reasons = [why(row, lang)] if row.failed else []
    reasons += [refusal.message(f, lang) for f in row.flags]
    bad = bool(reasons)
    seq = f'nº {row.seq}' if row.seq is not None else ""
    label = f' — {esc(row.label)}' if row.label else ""
    if row.kind == "brs-move":   # a signed entry of a game link: a move, a start, a scene roll
        label = " — " + esc(t(f"audit.signed_{row.what}", lang).format(n=row.move + 1))
    elif row.format == 1:        # made before fair play v2: say what it proves
        label += f' <abbr title="{esc(PROVES[1][lang])}">({esc(t("audit.format1", lang))})</abbr>'
    why_text = "".join(f'<br><span class="error">✘ {esc(r)}</span>' for r in reasons)
    shown = said(row, lang) if row.has_result else ""
    if shown and row.luck is not None:      # its percentile in the exact odds
        shown += f' · {t("audit.percentile", lang).format(p=round(100 * row.luck))}'

    result = f'<br><span class="meta audit-result">{esc(shown)}</span>' if shown else ""
    where = f'<br><span class="meta audit-address">{esc(row.address)}</span>' if row.address else ""
    state = "audit.bad_link" if not row.valid else ("audit.flagged_link" if bad else "audit.ok_link")
    return (f'<li class="{"bad" if bad else "ok"}"><span aria-hidden="true">{"✘" if bad else "✔"}</span> '
            f'<span class="sr-only">{esc(t(state, lang))}</span>{esc(seq)}{label}{why_text}{result}{where}</li>')


def game_fork_line(fork: GameFork, lang: str) -> str:
    """A fork of a game link, named (issue #26): a scene continued two ways (a roll tried twice), or
    one Confrontation set-up started more than once (with the starters' chain numbers)."""
    if fork.kind == "scene":
        text = t("audit.scene_fork", lang).format(n=fork.action) + (
            t("audit.scene_fork_rolled", lang) if fork.rolled else "")
    else:
        starts = ", ".join(f'{s[0]} nº {s[1]}' if s else t("audit.start_unsigned", lang) for s in fork.starts)
        text = t("audit.brs_restart", lang).format(n=len(fork.starts), starts=starts)
    return f'<p class="error">✘ {esc(text)}</p>'


def luck_line(luck: Luck | None, lang: str) -> str:
    """A roller's or a person's luck (tirada.links.luck): rated rolls, average percentile and how often
    honest dice give a streak at least this good; nothing without rated rolls."""
    if luck is None or not luck.rolls:
        return ""
    from tirada.links.luck import MIN_ROLLS

    one_in = max(1, round(1 / max(luck.p, 1e-12)))
    chance = t("audit.luck_often" if one_in <= 20 else "audit.luck_rare", lang).format(one_in=one_in)
    text = t("audit.luck_line", lang).format(n=luck.rolls, mean=round(100 * luck.mean), chance=chance)
    if luck.rolls < MIN_ROLLS:
        text += " " + t("audit.luck_few", lang).format(min=MIN_ROLLS)
    cls = "error" if luck.flagged else "meta"
    return f'<p class="{cls} audit-luck" data-flagged="{str(luck.flagged).lower()}">{esc(text)}</p>'


def chain_html(group: Chain, lang: str, said: Callable[[AuditRow, str], str], heading: str = "h3",
               later: Later | None = None) -> str:
    """One roller chain (a roller in one campaign): its verdict, summary, gaps, luck and rows (with
    ``later``: its first rows only, the rest held there)."""
    ok = group.ok
    if heading == "h4":       # inside its person's block: the campaign names the chain
        where = f'«{esc(group.campaign)}»' if group.campaign else esc(t("audit.no_campaign", lang))
        title = f'{esc(group.roller or "")} — {where}'
    else:
        name = group.roller or t("audit.unsigned", lang)
        title = esc(name) + (f' — «{esc(group.campaign)}»' if group.campaign else "")
    parts = [f'<article class="audit-roller"><{heading}>{title}</{heading}>'
             f'<p class="verdict {"ok" if ok else "bad"}">{esc(t("audit.ok" if ok else "audit.problems", lang))}</p>'
             f'<p>{esc(group.summary[lang])}</p>{missing_line(group, lang)}{luck_line(group.luck, lang)}'
             '<ul class="audit-links">']
    rows = group.rows   # read into records only as they are drawn (tirada.links.audit_report.Lazy)
    if later is not None:
        into, rows = later.hold(rows)
        parts[0] = parts[0].replace('<ul class="audit-links">', f'<ul class="audit-links" id="{into}">')
    parts += [row_html(row, lang, said) for row in rows]
    parts.append("</ul></article>")
    return "".join(parts)


def people_html(report: AuditReport, lang: str, said: Callable[[AuditRow, str], str],
                later: Later | None = None) -> Iterator[str]:
    """One block per person (issue #38: rollers whose names look the same, every campaign inside;
    ``report.people``), each with its counts (every link and signed entry once) and its chains;
    unsigned rolls last. A report without people (older engine) lists the chains as they come.
    Each item is whole HTML (its elements closed): the page may draw them one by one (``later``: see
    :func:`chain_html`)."""
    if report.people is None:
        yield from (chain_html(g, lang, said, later=later) for g in report.chains)
        return
    by_chain = {(g.roller, g.campaign): g for g in report.chains}
    for person in report.people:
        yield _person_html(person, [by_chain[key] for key in person.chains if key in by_chain], lang, said, later)
    yield from (chain_html(g, lang, said, later=later) for g in report.chains if g.roller is None)


def _person_html(person: Person, groups: list, lang: str, said: Callable[[AuditRow, str], str],
                 later: Later | None) -> str:
    """One person's block: name, counts, verdict, their luck together (more than one chain) and chains."""
    ok = all(g.ok for g in groups) and not (person.luck is not None and person.luck.flagged)
    verdict = t("audit.ok" if ok else "audit.problems", lang)
    parts = [f'<section class="audit-person" data-person="{esc(person.name)}" data-chains="{len(groups)}">'
             f'<h3>{esc(person.name)}</h3><p class="audit-person-summary">{esc(person.summary[lang])}</p>'
             f'<p class="verdict {"ok" if ok else "bad"}">{esc(verdict)}</p>']
    if len(groups) > 1:
        parts.append(luck_line(person.luck, lang).replace("audit-luck", "audit-luck audit-person-luck", 1))
    parts += [chain_html(g, lang, said, "h4", later) for g in groups]
    parts.append("</section>")
    return "".join(parts)


def _typed(report: AuditReport | dict) -> AuditReport:
    """``report`` as the typed record (:func:`tirada.links.audit_report.report` of an audit's dict)."""
    return report if isinstance(report, AuditReport) else read_report(report)


def render_report(report: AuditReport | dict, lang: str, said: Callable[[AuditRow, str], str]) -> str:
    """HTML of an audit report (:func:`tirada.links.audit.audit`'s dict, or its
    :class:`tirada.links.audit_report.AuditReport`): the verdict and the named problems first, then one
    block per roller, then other links, GM requests and unreadable links.

    Args:
        said: ``(row, lang) -> str``, a posted roll's pool and result in one line (the view's forms).
    """
    return "".join(render_parts(report, lang, said))


def render_slices(report: AuditReport | dict, lang: str, said: Callable[[AuditRow, str], str]) -> Iterator[str | Rows]:
    """:func:`render_report` in parts the page draws a few a turn, the verdict first (issue #39): whole
    elements for the report's box, and after each block the rest of its chains' rows as :class:`Rows`
    (so a chain of thousands of rows is drawn, and rendered, :data:`ROWS_AT_ONCE` rows a part too)."""
    later = Later()
    for part in render_parts(report, lang, said, later):
        yield part
        yield from later.drain(lang, said)


def render_parts(report: AuditReport | dict, lang: str, said: Callable[[AuditRow, str], str],
                 later: Later | None = None) -> Iterator[str]:
    """:func:`render_report` in whole elements, in order (each closes what it opens); with ``later``,
    each chain's first rows only (:func:`render_slices`)."""
    report = _typed(report)
    yield (f'<h2>{esc(t("audit.report", lang))}</h2>' + verdict_html(report, lang) +
           f'<p>{esc(t("audit.found", lang))}: {report.links_found}</p>')
    yield from people_html(report, lang, said, later)
    yield audit_sealed_view.sealed_html(report, lang)
    if report.other:
        kinds = sorted({o.kind for o in report.other})
        names = ", ".join(t(f"audit.kind_{k}" if f"audit.kind_{k}" in STRINGS else "audit.kind_other", lang)
                          for k in kinds)
        older = sum(1 for o in report.other if o.format == 1)   # made before fair play: say so
        older_text = (f', {older} <abbr title="{esc(PROVES[1][lang])}">{esc(t("audit.older_games", lang))}</abbr>'
                      if older else "")
        yield f'<p>{esc(t("audit.other", lang))}: {len(report.other)} ({esc(names)}{older_text})</p>'
    for req in report.requests:      # GM roll requests: one roll each, matching
        who = f' → {req.for_}' if req.for_ else ""
        problems = ", ".join(t(f"audit.req_{code}", lang) for code in req.problems) or t("audit.request_ok", lang)
        cls = "error" if set(req.problems) - {"no_roll"} else "ok"
        line = t("audit.request", lang).format(label=req.label or req.id, who=who, problems=problems)
        yield f'<p class="{cls}">{esc(line)}</p>'
    for move in report.confrontation_forks:
        yield f'<p class="error">✘ {esc(t("audit.brs_fork", lang).format(n=move + 1))}</p>'
    for fork in report.game_forks:
        yield game_fork_line(fork, lang)
    for bad in report.unreadable[:MAX_UNREADABLE]:
        yield (f'<p class="error">✘ {esc(t("audit.unreadable", lang))}: {esc(bad.fragment)} — '
               f'{esc(why(bad, lang))}</p>')
    if len(report.unreadable) > MAX_UNREADABLE:
        yield f'<p class="error">{esc(t("audit.more_unreadable", lang).format(n=len(report.unreadable) - MAX_UNREADABLE))}</p>'


def count(n: int, lang: str) -> str:
    """A count with its thousands grouped as the language writes them: 3.200 (es), 3,200 (en)."""
    text = f"{n:,}"
    return text.replace(",", ".") if lang == "es" else text


def progress_text(step: tuple, lang: str) -> str:
    """The progress line of one audit step: ``("starting",)`` while the audit worker starts,
    ``("read", percent, 100)`` while the pasted text is read, ``("progress", done, total)`` while its
    links are checked."""
    if step[0] == "starting":
        return t("audit.starting", lang)
    if step[0] == "read":
        return t("audit.reading", lang).format(pct=step[1])
    return t("audit.progress", lang).format(done=count(step[1], lang), total=count(step[2], lang))
