"""Fate's :class:`forms.Form` (pure: no pyscript; docs/fate.md): its fieldset on the roll form (brought
here as :data:`FIELDSET_HTML`, which the build puts in web/panels/roll.html with its option in the system
select), read and written back, its result card (outcome first) and one-line summary, and its odds card.

Its words are the system's own (:func:`tirada.systems.fate.outcome_words`: the same the snippets, the
audit row and the userscript mark say) and its labels are in its package (``tirada.systems.fate.spec``'s
``STRINGS``, merged into the page's catalog): adding Fate edited no file of the page.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Mapping

from roll.forms import int_field
from roll.odds_views import _prob_table, _view_threshold, view_threshold
from shell.render import dice_list, esc, label_line
from shell.strings import t
from tirada.systems.dice_card import Dice
from tirada.systems.fate import LADDER, MAX_INVOKES, OUTCOMES, outcome_words, signed, sum_terms
from tirada.systems.fate.card import fate_card, fate_odds_card
from tirada.systems.form_requests import fate_form_request
from tirada.systems.fate.spec import ladder_key

__all__ = ["DECISIONS", "FIELDSET", "FIELDSET_HTML", "FLOW", "PLAYER_FIELDS", "REQUESTABLE", "SECTIONS", "SYSTEM",
           "decision_html", "field_values",
           "odds_view", "read_request", "render_result", "summary"]

SYSTEM = "fate"
FIELDSET = True
FLOW = "dice.ui_fate"    # a roll played decision by decision: its invocations (web/dice/ui_fate.py)
REQUESTABLE = ("skill", "difficulty", "opposition")
PLAYER_FIELDS = ("skill",)
SECTIONS: Dict[str, tuple] = {}
_NONE = ""          # the "—" option of the difficulty and opposition selects


def _ladder_options(chosen: int | None) -> str:
    """The ladder's steps as ``<option>``s, top first, after a "none" one (``{{key}}`` filled by the
    build in Spanish; the language switch rewrites them through ``data-i18n``)."""
    out = ['<option value="" data-i18n="fate.none">{{fate.none}}</option>']
    for value in sorted(LADDER, reverse=True):
        sel = " selected" if value == chosen else ""
        key = ladder_key(value)
        out.append(f'<option value="{value}"{sel} data-i18n="{key}">{{{{{key}}}}}</option>')
    return "".join(out)


#: the fieldset of the roll form (``{{key}}``: the build fills the Spanish text; data-i18n re-translates)
FIELDSET_HTML = f"""      <fieldset data-system="fate" hidden>
        <legend class="sr-only" data-i18n="system.fate">{{{{system.fate}}}}</legend>
        <div class="grid">
          <div class="field">
            <label for="fate-skill" data-i18n="fate.skill">{{{{fate.skill}}}}</label>
            <input id="fate-skill" name="skill" type="number" inputmode="numeric" min="-4" max="12" value="2"
                   aria-describedby="fate-skill-help">
          </div>
          <div class="field">
            <label for="fate-difficulty" data-i18n="fate.difficulty">{{{{fate.difficulty}}}}</label>
            <select id="fate-difficulty" name="difficulty">{_ladder_options(2)}</select>
          </div>
          <div class="field">
            <label for="fate-opposition" data-i18n="fate.opposition">{{{{fate.opposition}}}}</label>
            <select id="fate-opposition" name="opposition">{_ladder_options(None)}</select>
          </div>
        </div>
        <p class="meta" id="fate-skill-help" data-i18n="fate.skill_help">{{{{fate.skill_help}}}}</p>
      </fieldset>"""


def _chosen(fieldset: Any, name: str) -> int | None:
    value = str(fieldset.querySelector(f'[name="{name}"]').value)
    return None if value == _NONE else int(value)


def read_request(fieldset: Any, lang: str) -> Dict[str, Any]:
    """The roll as the engine expects it: the skill, and a difficulty or an opposition when chosen
    (both chosen: the engine refuses, worded ``err.fate.both_targets``).

    Raises:
        forms.FormError: the skill is not a whole number."""
    req: Dict[str, Any] = {"skill": int_field(fieldset, "skill", lang)}
    for name in ("difficulty", "opposition"):
        value = _chosen(fieldset, name)
        if value is not None:
            req[name] = value
    return req


def field_values(request: Mapping[str, Any], whole: bool) -> Dict[str, Any]:
    """Input name → value: the skill and the two selects (``""``: none). ``whole``: the fields the
    request leaves out get their defaults (skill 0 as the engine reads it; no difficulty, no opposition)."""
    if not whole:
        return {k: request[k] for k in REQUESTABLE if k in request}
    return {"skill": fate_form_request(request).skill,
            **{k: _NONE if request.get(k) is None else request[k] for k in ("difficulty", "opposition")}}


def _rated(value: int, lang: str) -> str:
    names = LADDER.get(value)
    return signed(value) + (f" ({names[0 if lang == 'es' else 1]})" if names else "")


def render_result(result: Mapping[str, Any], lang: str) -> str:
    """The result card: the outcome and its shifts first, then the total on the ladder with how it adds
    up, the four dice (a reroll's earlier faces said on each die), the opposition's roll, the target.
    ``result`` is read once into its :class:`tirada.systems.fate.card.FateCard`."""
    one = fate_card(result)
    words = outcome_words(dict(result), lang)
    parts = [f'<h2>{esc(t("result.heading", lang))}</h2>']
    if one.label:
        parts.append(label_line(one.label, lang))
    if words.headline:
        parts.append(f'<p class="verdict {"ok" if words.ok else "bad"}" data-outcome="{esc(one.outcome)}">'
                     f'{esc(words.headline)} <span class="meta">{esc(words.detail)}</span></p>')
    faces = list(one.faces)
    terms = sum_terms(faces)
    extras = [f'{t("fate.skill", lang)} {signed(one.skill)}']
    if one.invokes:
        extras.append(t("fate.invoked", lang).format(
            list=", ".join(t(f"fate.invoke.{i}", lang) for i in one.invokes)))
    parts.append(f'<p class="total" data-total="{one.total}">{esc(t("result.total", lang))}: '
                 f'{esc(words.total)} <span class="meta">({esc(terms)} {esc(signed(one.modifier))}; '
                 f'{esc("; ".join(extras))})</span></p>')
    parts.append(dice_list(Dice.of({"faces": faces, "rerolled": one.rerolled}, "F"), lang))
    if one.opposition_faces is not None:
        dice = " ".join(signed(f) for f in one.opposition_faces)
        parts.append(f'<p class="meta opposition" data-opposition="{one.opposition_total}">'
                     + esc(t("fate.opposition_dice", lang).format(rating=signed(one.opposition), dice=dice,
                                                                  total=_rated(one.opposition_total, lang)))
                     + "</p>")
    if one.difficulty is not None:
        parts.append(f'<p class="meta">{esc(t("result.vs", lang))} {esc(_rated(one.difficulty, lang))}</p>')
    return "".join(parts)


#: the decision buttons after the dice: (value of ``data-fate-decide``, catalog key of its words)
DECISIONS = (("+2", "fate.invoke_plus2"), ("reroll", "fate.invoke_reroll"), ("accept", "fate.accept"))


def decision_html(result: Mapping[str, Any], lang: str) -> str:
    """The decisions after the dice are shown (docs/fate.md §Invoking): «Invocar un aspecto: +2»,
    «Volver a tirar (invocación)», any number of times up to :data:`MAX_INVOKES` (then only
    «Aceptar», said why), and «Aceptar», which makes the link; in a ``.buttons`` row (spaced like every
    system's action buttons). A status line (``#fate-status``, polite) says a decision is being applied
    or why one was refused."""
    full = len(fate_card(result).invokes) >= MAX_INVOKES
    buttons = []
    for value, key in DECISIONS:
        off = " disabled" if full and value != "accept" else ""
        cls = ' class="primary"' if value == "accept" else ""
        buttons.append(f'<button type="button"{cls} data-fate-decide="{esc(value)}"{off}>{esc(t(key, lang))}</button>')
    note = esc(t("fate.invokes_full", lang).format(n=MAX_INVOKES)) if full else ""
    return (f'<div class="fate-decide" id="fate-decide" role="group" aria-labelledby="fate-decide-help">'
            f'<p class="meta" id="fate-decide-help">{esc(t("fate.decide_help", lang))}</p>'
            f'<div class="buttons">{"".join(buttons)}</div>'
            f'<p class="meta" id="fate-status" role="status">{note}</p></div>')


def summary(result: Mapping[str, Any], lang: str) -> str:
    """One line (history, shared view, audit): «Éxito con estilo, 3 aumentos — +5 (Soberbio)»; the
    total alone when nothing is judged."""
    words = outcome_words(dict(result), lang)
    return f"{words.line()} \u2014 {words.total}" if words.headline else words.total


def odds_view(result: Mapping[str, Any], lang: str, label: Callable[[str], str] = str) -> Dict[str, Any]:
    """The odds card: the "total at least" chart, the chance of success (1 shift or more) and the four
    outcomes' chances (``tirada.systems.fate.odds.fate_odds``).

    Against a difficulty the marked bar is the lowest total that succeeds (the engine's
    ``success_from``: a success beats the difficulty), so the bar and the headline give the same
    chance; against an opposition roll, the total whose chance is the success's."""
    one = fate_odds_card(result)
    plain = {k: v for k, v in result.items() if k != "outcomes"}
    if one.success_from is not None:
        plain["difficulty"] = one.success_from
        view = _view_threshold(plain, "odds.chart.total_at_least", "odds.col.total_at_least",
                               "odds.mark.fate_success", "odds.success", lang)
    else:
        view = view_threshold(plain, lang, label)
    outcomes = one.outcomes
    if outcomes is not None:
        names = [(g, OUTCOMES[g][0 if lang == "es" else 1]) for g in ("style", "success", "tie", "fail")]
        view["extra"] = _prob_table(t("odds.fate.outcomes", lang), outcomes, names, lang)
    return view
