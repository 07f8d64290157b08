"""The thread-audit view: paste a forum thread, see every roller's chain checked (glue only)."""

from __future__ import annotations

import asyncio

from pyscript import when

import app
import refusal
import ui_refusal
from app import el, tr
from render import esc
from strings import STRINGS
from tirada.links import audit as auditing
from tirada import TRUST, TiradaError
from tirada.links.chain import PROVES


class Audit:
    """The last report shown (re-rendered on a language change)."""

    report = None
    running = False     # an audit is under way (a second submit is ignored until it ends)
    task = None         # the audit's asyncio task (kept so it is not garbage-collected)


def render_report(report: dict, lang: str) -> str:
    """HTML of an audit report: one block per roller with its verdict, sequence and problems."""
    parts = [f'<h2>{esc(tr("audit.report"))}</h2>',
             f'<p>{esc(tr("audit.found"))}: {report["links_found"]}</p>']
    if not report["links_found"]:
        parts.append(f'<p class="error">{esc(tr("audit.none"))}</p>')
    for group in report["rollers"]:
        ok = group.get("ok", True)
        cls = "ok" if ok else "bad"
        word = tr("audit.ok") if ok else tr("audit.problems")
        name = group["roller"] or tr("audit.unsigned")
        campaign = f' — «{esc(group["campaign"])}»' if group.get("campaign") else ""
        parts.append(f'<article class="audit-roller"><h3>{esc(name)}{campaign}</h3>'
                     f'<p class="verdict {cls}">{esc(word)}</p>'
                     f'<p>{esc(group["summary"][lang])}</p>{missing_line(group)}<ol class="audit-links">')
        rows = sorted(group["links"] + group.get("moves", []), key=lambda r: (r.get("seq") or 0, r["position"]))
        for row in rows:
            mark = "✔" if row["valid"] else "✘"
            seq = f'nº {row["seq"]}' if row.get("seq") is not None else ""
            label = f' — {esc(row["label"])}' if row.get("label") else ""
            if row.get("kind") == "brs-move":   # a signed entry of a game link: a move, a start, a scene roll
                label = " — " + esc(tr(f"audit.signed_{row.get('what', 'move')}").format(n=row.get("move", 0) + 1))
            elif row.get("format") == 1:        # made before fair play v2: say what it proves
                label += f' <abbr title="{esc(PROVES[1][lang])}">({esc(tr("audit.format1"))})</abbr>'
            reason = f' <span class="error">{esc(why(row, lang))}</span>' if row.get("reason") else ""
            parts.append(f'<li><span aria-hidden="true">{mark}</span> '
                         f'<span class="sr-only">{esc(tr("audit.ok_link") if row["valid"] else tr("audit.bad_link"))}</span>'
                         f'{esc(seq)}{label}{reason}{roll_line(row, lang)}</li>')
        parts.append("</ol></article>")
    if report.get("other"):
        kinds = sorted({o["kind"] for o in report["other"]})
        names = ", ".join(tr(f"audit.kind_{k}") if f"audit.kind_{k}" in STRINGS else k for k in kinds)
        older = sum(1 for o in report["other"] if o.get("format") == 1)   # made before fair play: say so
        older_text = f', {older} <abbr title="{esc(PROVES[1][lang])}">{esc(tr("audit.older_games"))}</abbr>' if older else ""
        parts.append(f'<p>{esc(tr("audit.other"))}: {len(report["other"])} ({esc(names)}{older_text})</p>')
    for req in report.get("requests", []):      # GM roll requests: one roll each, matching
        who = f' → {req["for"]}' if req.get("for") else ""
        problems = ", ".join(tr(f"audit.req_{code}") for code in req["problems"]) or tr("audit.request_ok")
        cls = "error" if req["problems"] else "ok"
        line = tr("audit.request").format(label=req.get("label") or req["id"], who=who, problems=problems)
        parts.append(f'<p class="{cls}">{esc(line)}</p>')
    for fork in report.get("confrontation_forks", []):
        parts.append(f'<p class="error">✘ {esc(tr("audit.brs_fork").format(n=fork["move"] + 1))}</p>')
    parts += [game_fork_line(fork) for fork in report.get("game_forks", [])]
    for bad in report["invalid"]:
        parts.append(f'<p class="error">✘ {esc(tr("audit.unreadable"))}: {esc(bad["fragment"])} — '
                     f'{esc(why(bad, lang))}</p>')
    return "".join(parts)


def game_fork_line(fork: dict) -> str:
    """A fork of a game link, named (issue 26): a scene continued two ways (a roll tried twice), or
    one Confrontation set-up started more than once (with the starters' chain numbers)."""
    if fork["kind"] == "scene":
        text = tr("audit.scene_fork").format(n=fork["action"]) + (tr("audit.scene_fork_rolled") if fork["rolled"] else "")
    else:
        starts = ", ".join(f'{s["roller"]} nº {s["seq"]}' if s else tr("audit.start_unsigned") for s in fork["starts"])
        text = tr("audit.brs_restart").format(n=len(fork["starts"]), starts=starts)
    return f'<p class="error">✘ {esc(text)}</p>'


def why(row: dict, lang: str) -> str:
    """Why the audit did not accept a link, in the page's language: its stable error code worded by
    web/refusal.py (never the engine's English line or a rule-file reference)."""
    return refusal.message(row["error"], lang) if row.get("error") else tr("err.link.invalid")


def missing_line(group: dict) -> str:
    """The numbers made but not posted, named: "Sin publicar: nº 3, 5–7" (nothing when none)."""
    ranges = group.get("missing") or []
    if not ranges:
        return ""
    names = ", ".join(f"{a}" if a == b else f"{a}\u2013{b}" for a, b in ranges)
    return f'<p class="error audit-missing">{esc(tr("audit.missing"))}: nº {esc(names)}</p>'


def roll_line(row: dict, lang: str) -> str:
    """What a posted roll was and what it gave: pool in its game's notation and the result line."""
    if not row.get("valid") or not isinstance(row.get("result"), dict):
        return ""
    from tirada.links.pool import pool_text
    import ui_roll

    system = row["request"].get("system")
    try:
        said = ui_roll.view_for(system).summary(row["result"], lang)
    except (LookupError, TypeError, ValueError):
        said = ""
    text = pool_text(row["request"], lang) + (f" \u2192 {said}" if said else "")
    return f'<br><span class="meta audit-result">{esc(text)}</span>'


@when("submit", "#audit-form")
def on_audit(event) -> None:
    event.preventDefault()   # synchronously: an async handler would run after the form was sent
    if not Audit.running:
        Audit.running = True
        Audit.task = asyncio.ensure_future(run_audit())


async def run_audit() -> None:
    """Run the audit in steps (tirada.links.audit.audit_steps), drawing the progress and giving
    the browser a turn between steps, so a long thread never freezes the page."""
    box = el("audit-report")
    try:
        for step in auditing.audit_steps(str(el("audit-text").value)):
            if step[0] == "report":
                Audit.report = step[1]
                box.innerHTML = render_report(Audit.report, app.State.lang)
            else:
                box.innerHTML = f'<p class="meta">{esc(tr("audit.progress").format(done=step[1], total=step[2]))}</p>'
                box.hidden = False
                await asyncio.sleep(0)
    except TiradaError as err:
        Audit.report = None
        box.innerHTML = f'<p class="error" role="alert">{esc(ui_refusal.text(err))}</p>'
    finally:
        Audit.running = False
    box.hidden = False
    box.focus()


def relang() -> None:
    el("trust-text").textContent = TRUST[app.State.lang]
    if Audit.report is not None:
        el("audit-report").innerHTML = render_report(Audit.report, app.State.lang)


app.ON_LANG.append(relang)


def start() -> None:
    relang()
