"""The Tragedia scene's HTML (pure: no pyscript, tested on CPython in tests/test_web_views.py).

Renders what ``tirada.systems.tragedia.play.view`` returns (the typed
``tirada.systems.tragedia.records.SceneView``, read by attribute: issue #40): a sheet (:func:`sheet_html`), the role choices
of the set-up (:func:`roles_html`), the buttons of a participant's legal sources and other moves
(from the engine's ``legal_adds``: an illegal source is a disabled button with the engine's reason),
the pools, the log and the roll with its outcome. Every text is in the ``lang`` passed in; the
handlers are web/tragedia/ui_scene.py and web/tragedia/ui_scene_sheets.py.
"""

from __future__ import annotations

import json
from typing import Union

from shell import i18n
from shell import refusal
from shell.render import esc
from shell.strings import t
from tirada.systems.tragedia import snippet as words
from tirada.systems.tragedia.records import AddOption, FinalStage, Participant, RollCard, SceneView
from tirada.systems.tragedia.sheet import Sheet

#: sources in the order the rule file lists them (tragedia.md §Gathering dice).
SOURCES = ("trait", "theme", "destiny", "tragedy", "domain", "flaw", "turned_trait", "consequence",
           "tragedy_5", "support", "last_die")
ROLES = ("protagonist", "ally", "adversary", "henchman")


def sheet_html(sheet: Sheet, actions: bool, lang: str, status: str | None = None) -> str:
    """One sheet (a :class:`~tirada.systems.tragedia.sheet.Sheet`) as a list item: Tragedy, Destiny,
    Victories, Flaw, Traits (fresh/exhausted as words), Domains, Consequences; with Edit/Delete buttons
    when ``actions``; ``status`` is the Chapter standing (``tirada.systems.tragedia.chapter``:
    ``"achieved"``, ``"blocked"``, ``"lost"``; ``"playing"`` or ``None`` shows nothing)."""
    name = esc(sheet.name)
    traits = [f'<span class="trait {"tired" if tr_.exhausted else "fresh"}">{esc(tr_.name)} '
              f'({esc(t("sheet.tired" if tr_.exhausted else "sheet.fresh", lang))})</span>'
              for tr_ in sheet.traits]
    domains = [f'{esc(d.name)} ({d.destiny} {esc(t("sheet.destiny", lang))})' if d.destiny
               else f'{esc(d.name)} ({esc(t("sheet.floating", lang))})' for d in sheet.domains]
    none = esc(t("sheet.none", lang))
    tragedy_text = f' — «{esc(sheet.tragedy_text)}»' if sheet.tragedy_text else ""
    achieved = (f' · <strong>{esc(t("sheet.objective", lang))}</strong>' if sheet.objective_achieved else "")
    parts = [
        f'<li class="sheet" data-sheet="{name}"><h3>{name}</h3>',
        f'<p>{esc(t("sheet.tragedy", lang))}: <strong>{sheet.tragedy}</strong>{tragedy_text}</p>',
        f'<p>{esc(t("sheet.destiny", lang))}: <strong data-destiny>{sheet.destiny}</strong> · '
        f'{esc(t("sheet.victories", lang))}: <strong data-victories>{sheet.victories}</strong>{achieved}</p>',
        f'<p>{esc(t("sheet.flaw", lang))}: {esc(sheet.flaw or "—")}</p>',
        f'<p>{esc(t("sheet.traits_short", lang))} ({esc(t("sheet.limit", lang))}: {sheet.trait_limit}): '
        f'{", ".join(traits) or none}</p>',
        f'<p>{esc(t("sheet.domains_short", lang))}: {", ".join(domains) or none}</p>',
        f'<p>{esc(t("sheet.consequences_short", lang))}: '
        f'{", ".join(esc(c) for c in sheet.consequences) or esc(t("sheet.none_f", lang))}</p>',
    ]
    if status in ("achieved", "blocked", "lost"):
        parts.append(f'<p class="chapter {status}" data-chapter="{status}"><strong>'
                     f'{esc(t("chapter." + status, lang))}</strong></p>')
    if actions:
        parts.append(f'<div class="buttons"><button type="button" class="ghost" data-sheet-edit="{name}">'
                     f'{esc(t("sheets.edit", lang))} <span class="sr-only">{name}</span></button>'
                     f'<button type="button" class="ghost" data-sheet-delete="{name}">'
                     f'{esc(t("sheets.delete", lang))} <span class="sr-only">{name}</span></button></div>')
    parts.append("</li>")
    return "".join(parts)


def roles_html(sheets: list, roles: dict, lang: str) -> str:
    """One role select per saved sheet (:class:`~tirada.systems.tragedia.sheet.Sheet`), showing the
    choices already made (``roles``: name → role)."""
    rows = []
    for i, sheet in enumerate(sheets):
        chosen = roles.get(sheet.name, "")
        options = [f'<option value=""{" selected" if not chosen else ""}>{esc(t("role.none", lang))}</option>']
        options += [f'<option value="{r}"{" selected" if chosen == r else ""}>{esc(t("role." + r, lang))}</option>'
                    for r in ROLES]
        rows.append(f'<div class="field"><label for="role-{i}">{esc(sheet.name)}</label>'
                    f'<select id="role-{i}" data-role-of="{esc(sheet.name)}">{"".join(options)}</select></div>')
    return "".join(rows)


def option_label(source: str, option: AddOption, lang: str) -> str:
    """The button text of one legal option of a source."""
    base = t(f"src.{source}", lang)
    if source == "destiny":
        text = f'{base} {t("use." + str(option.use), lang)}'
        if option.use in ("exhausted_trait", "domain"):
            text += f' «{option.trait or option.domain}»'
        return text
    if source == "flaw":
        return f'{base}: {t("src.flaw_" + str(option.dice), lang)}'
    if source == "consequence":
        return f'{base} «{option.consequence}» ({option.target})'
    if source == "tragedy_5" and option.target:
        return f'{base}: {option.target}'
    if source == "turned_trait" and option.owner:
        return f'{base} «{option.trait}» ({option.owner})'
    name = option.trait or option.theme or option.domain
    return f"{base} «{name}»" if name else base


def sources_html(p: Participant, gathering: bool, lang: str) -> str:
    """Buttons of participant ``p`` (a scene_view participant): one per legal option; each illegal
    source disabled, with the rule and the engine's reason as text (folded away after the roll)."""
    legal, illegal = [], []
    for source in SOURCES:
        entry = p.adds[source]
        if entry.legal:
            for option in entry.options:
                action = option.action(source, p.name)
                legal.append(f'<li><button type="button" class="source" data-source="{source}" '
                             f'data-act="{esc(json.dumps(action, ensure_ascii=False))}">'
                             f'{esc(option_label(source, option, lang))}</button></li>')
        else:
            illegal.append(f'<li><button type="button" class="source" data-source="{source}" disabled '
                           f'aria-describedby="why-{source}">{esc(t("src." + source, lang))}</button> '
                           f'<span class="reason" id="why-{source}">{esc(t("why." + source, lang))} '
                           f'<small>{esc(refusal.text(entry.why, lang) if entry.why else "")}</small></span></li>')
    out = f'<ul class="legal">{"".join(legal)}</ul>' if legal else ""
    if illegal:
        out += (f'<details class="unavailable"{" open" if gathering else ""}><summary>'
                f'{esc(t("play.unavailable", lang))} ({len(illegal)})</summary>'
                f'<ul class="illegal">{"".join(illegal)}</ul></details>')
    return out


def act_button(action: dict, label: str) -> str:
    """A move button carrying its engine action as JSON in ``data-act``."""
    return (f'<button type="button" class="ghost" data-act="{esc(json.dumps(action, ensure_ascii=False))}">'
            f'{esc(label)}</button>')


def moves_html(p: Participant, view: SceneView, lang: str) -> str:
    """Other moves open to participant ``p`` now: enter, drop Traits, decline, impose, transform,
    and claiming a Domain ("Me lo pido")."""
    name, parts = p.name, []
    if p.can_enter:
        parts.append(act_button({"enter": "scene", "by": name}, t("move.enter", lang)))
    if p.trait_excess:
        parts += [act_button({"drop": "trait", "by": name, "trait": tr_.name},
                             f'{t("move.drop", lang)} «{tr_.name}»') for tr_ in view.sheet(name).traits]
    if p.can_decline:
        parts.append(act_button({"decline": "post_loss", "by": name}, t("move.decline", lang)))
    if p.can_lower:
        parts.append(act_button({"lower": "tragedy", "by": name}, t("move.lower", lang)))
    parts += [act_button({"remove": "consequence", "by": name, "consequence": c}, f'{t("move.remove", lang)} «{c}»')
              for c in p.removable]
    if p.can_impose:
        heroes = p.impose_targets
        if len(heroes) > 1:  # several Protagonists: choose whom the Consequence and Tragedy fall on
            options = "".join(f'<option value="{esc(h)}">{esc(h)}</option>' for h in heroes)
            parts.append(f'<div class="field"><label for="impose-target">{esc(t("move.impose_target", lang))}</label>'
                         f'<select id="impose-target">{options}</select></div>')
        parts.append(f'<div class="field"><label for="impose-text">{esc(t("move.impose_text", lang))}</label>'
                     f'<input id="impose-text" type="text" maxlength="120"></div>'
                     f'<button type="button" class="ghost" data-form="impose">{esc(t("move.impose", lang))}</button>')
        if len(heroes) > 1:
            parts.append(f'<button type="button" class="ghost" data-form="impose_tragedy">'
                         f'{esc(t("move.impose_tragedy", lang))}</button>')
        else:
            parts.append(act_button({"impose": "tragedy", "by": name}, t("move.impose_tragedy", lang)))
    if p.can_transform:
        hero = next(q.name for q in view.participants if q.role == "protagonist")
        options = "".join(f'<option>{esc(tr_.name)}</option>' for tr_ in view.sheet(hero).traits)
        parts.append(
            f'<fieldset class="transform"><legend>{esc(t("move.transform", lang))}</legend>'
            f'<div class="field"><label for="t-flaw">{esc(t("move.t_flaw", lang))}</label><input id="t-flaw" type="text"></div>'
            f'<div class="field"><label for="t-trait">{esc(t("move.t_trait", lang))}</label><select id="t-trait">{options}</select></div>'
            f'<div class="field"><label for="t-new">{esc(t("move.t_new", lang))}</label><input id="t-new" type="text"></div>'
            f'<div class="field"><label for="t-text">{esc(t("move.t_text", lang))}</label><input id="t-text" type="text"></div>'
            f'<button type="button" class="ghost" data-form="transform">{esc(t("move.transform", lang))}</button></fieldset>')
    parts.append(take_html(name, view, lang))
    others = "".join(f'<option value="{esc(q.name)}">{esc(q.name)}</option>'
                     for q in view.participants if q.name != name)
    parts.append(
        f'<details class="claim"><summary>{esc(t("move.claim", lang))}</summary>'
        f'<div class="field"><label for="claim-name">{esc(t("move.claim_name", lang))}</label>'
        f'<input id="claim-name" type="text" maxlength="120"></div>'
        f'<div class="field"><label for="claim-from">{esc(t("move.claim_from", lang))}</label>'
        f'<select id="claim-from">{others}</select></div>'
        f'<div class="field"><label for="claim-destiny">{esc(t("move.claim_destiny", lang))}</label>'
        f'<input id="claim-destiny" type="number" inputmode="numeric" min="1" value="1"></div>'
        f'<button type="button" class="ghost" data-form="claim">{esc(t("move.claim_do", lang))}</button></details>')
    return "".join(parts)


def take_html(name: str, view: SceneView, lang: str) -> str:
    """Taking another character's floating Domain (seed 001: «cualquier otro jugador puede emplear un
    punto de Destino para arrebatártelo»; the highest bid wins): one option per floating Domain of
    the others, carrying the engine move ``{"take": "domain", "by", "owner", "domain"}`` as JSON;
    the bid is typed. ``""`` when no other character has a floating Domain."""
    options = []
    for sheet in view.sheets:
        if sheet.name == name:
            continue
        for d in sheet.domains:
            if d.floating:
                move = {"take": "domain", "by": name, "owner": sheet.name, "domain": d.name}
                text = t("move.take_option", lang).format(domain=d.name, owner=sheet.name)
                options.append(f'<option value="{esc(json.dumps(move, ensure_ascii=False))}">{esc(text)}</option>')
    if not options:
        return ""
    return (f'<details class="take" open><summary>{esc(t("move.take", lang))}</summary>'
            f'<p class="meta">{esc(t("move.take_help", lang))}</p>'
            f'<div class="field"><label for="take-domain">{esc(t("move.take_domain", lang))}</label>'
            f'<select id="take-domain">{"".join(options)}</select></div>'
            f'<div class="field"><label for="take-destiny">{esc(t("move.take_destiny", lang))}</label>'
            f'<input id="take-destiny" type="number" inputmode="numeric" min="1" value="1"></div>'
            f'<button type="button" class="ghost" data-form="take">{esc(t("move.take_do", lang))}</button></details>')


def pools_html(view: SceneView, lang: str) -> str:
    """Running pool counts per side (and the post-loss dice), in words."""
    pro, adv = view.pools.protagonist, view.pools.adversary
    extra = []
    if pro.auto_successes:
        extra.append(f'+{pro.auto_successes} {i18n.template("play.auto", lang, pro.auto_successes)}')
    extra.append(t("play.ties", lang) if pro.wins_ties else t("play.ties_adv", lang))
    out = (f'<p class="pool side-p"><strong>{esc(t("play.side_p", lang))}</strong>: '
           f'<span class="count" data-pool="protagonist">{pro.dice}</span> {esc(i18n.template("play.dice", lang, pro.dice))} '
           f'<span class="meta">({esc(", ".join(extra))})</span></p>'
           f'<p class="pool side-a"><strong>{esc(t("play.side_a", lang))}</strong>: '
           f'<span class="count" data-pool="adversary">{adv.dice}</span> {esc(i18n.template("play.dice", lang, adv.dice))}</p>')
    post = view.pools.post_loss
    if post is not None:
        out += (f'<p class="pool">{esc(t("play.post_pool", lang))}: {esc(t("res.tragedy_dice", lang))} '
                f'{post.tragedy_dice} · {esc(t("res.last_p", lang))} {post.protagonist_last_dice} · '
                f'{esc(t("res.last_a", lang))} {post.adversary_last_dice}</p>')
    return out


def dice_html(faces: tuple | list, label: str, lang: str) -> str:
    """Dice with even = success as a word on each die (colour is never the only signal)."""
    items = []
    for face in faces:
        ok = face % 2 == 0
        word = t("res.success" if ok else "res.fail", lang)
        items.append(f'<li class="die {"kept" if ok else "dropped"}" aria-label="{face}, {esc(word)}">'
                     f'<span class="face" aria-hidden="true">{face}</span>'
                     f'<span class="tag" aria-hidden="true">{esc(word)}</span></li>')
    return f'<ul class="dice" aria-label="{esc(label)}">{"".join(items)}</ul>'


def phase_text(view: SceneView, lang: str) -> str:
    """The scene's phase line: after a loss, that the Protagonist may still roll again; once
    decided, the outcome first ("La escena está decidida. Gana el Protagonista: 4 éxitos contra 4.",
    issue #29); nothing while gathering."""
    if view.phase == "post_loss":
        return t("play.post_loss", lang)
    if view.phase == "decided":
        return f'{t("play.decided", lang)} {words.outcome(view, lang)}.'
    return ""


def next_text(view: SceneView, lang: str) -> str:
    """A shared scene's first line, in its banner (issue #29: on a phone a scene link opens on this):
    the outcome once decided, else what is still open and the reader's next step (continue it here)."""
    if view.phase == "decided":
        return phase_text(view, lang)
    now = t("play.post_loss" if view.phase == "post_loss" else "shared.open", lang)
    return f'{now} {t("shared.next", lang)}'


def result_html(view: Union[SceneView, RollCard], lang: str, verdict_id: str | None = "scene-verdict") -> str:
    """The roll: the outcome in words first, then each side's faces per stage and successes.

    Args:
        view: ``play.view``'s :class:`~tirada.systems.tragedia.records.SceneView` (``roll``, ``phase``,
            ``given_faces``) with a roll; a Tragedia roll link passes a ``RollCard`` of its result
            (web/tragedia/tragedia_result.py).
        verdict_id: the outcome line's element id (None: no id, for a second card on the page).
    """
    roll = view.roll
    if roll is None:   # not rolled yet: the page shows no result card
        return ""
    parts = [f'<h2>{esc(t("res.heading", lang))}</h2>']
    # the outcome first (issue #29), then each stage's dice
    decided = view.phase == "decided"
    cls = "ok" if decided and roll.winner == "protagonist" else "bad"
    ident = f' id="{verdict_id}"' if verdict_id else ""
    parts.append(f'<p class="verdict {cls}"{ident} data-winner="{roll.winner if decided else "pending"}">'
                 f'{esc(words.outcome(view, lang))}</p>')
    for stage in roll.stages:
        if isinstance(stage, FinalStage):
            auto = (f' <span class="meta">{esc(t("res.auto", lang))}: {stage.auto_successes}</span>'
                    if stage.auto_successes else "")
            parts.append(f'<h3>{esc(t("res.final", lang))}</h3>'
                         f'<p>{esc(t("play.side_p", lang))}{auto}</p>'
                         + dice_html(stage.protagonist_faces, t("play.side_p", lang), lang)
                         + f'<p>{esc(t("play.side_a", lang))}</p>'
                         + dice_html(stage.adversary_faces, t("play.side_a", lang), lang)
                         + f'<p class="score" data-score="{stage.protagonist_successes}-{stage.adversary_successes}">'
                         f'{stage.protagonist_successes} – {stage.adversary_successes} '
                         f'{esc(t("res.successes", lang))}</p>')
        else:
            parts.append(f'<h3>{esc(t("res.post", lang))}</h3>')
            for faces, key in ((stage.tragedy_faces, "res.tragedy_dice"), (stage.protagonist_last_faces, "res.last_p"),
                               (stage.adversary_last_faces, "res.last_a")):
                parts.append(f'<p>{esc(t(key, lang))}</p>' + dice_html(faces, t(key, lang), lang))
    if view.given_faces:
        parts.append(f'<p class="meta">{esc(t("res.given", lang))}</p>')
    return "".join(parts)


def log_html(view: SceneView, lang: str) -> str:
    """The contributions so far, one ``<li>`` each, in words (tirada.systems.tragedia.snippet)."""
    return "".join(f'<li>{esc(words.describe_text(c, lang))}</li>' for c in view.contributions)


def actor_options_html(view: SceneView, lang: str) -> str:
    """The "who adds" options: each participant with role and Destiny."""
    return "".join(
        f'<option value="{esc(p.name)}">{esc(p.name)} — {esc(t("role." + p.role, lang))} '
        f'({esc(t("sheet.destiny", lang))} {p.destiny})</option>' for p in view.participants)


def objective_html(view: SceneView, lang: str) -> str:
    """"Objetivo: …" of the scene, or "" when it has none."""
    return (f'<strong>{esc(t("play.objective", lang))}:</strong> {esc(view.objective)}'
            if view.objective else "")


def proves_text(view: SceneView, lang: str) -> str:
    """What the scene's link proves, one sentence: rolls signed by the rollers' chains (ledger schema
    2), or an older scene whose rolls take no chain number (issue 26)."""
    return t("scene.proves_signed" if view.signed else "scene.proves_older", lang)
