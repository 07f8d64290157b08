"""Form reading and result rendering for the generic roll and SIFRP (glue only: no rules here)."""

from __future__ import annotations

from pyscript import document, when

from render import dice_list, esc, label_line
from strings import SIFRP_DIFFICULTIES, t
from tirada.fields import typed_int

#: rival rows of the SIFRP competition form (web/panels/roll.html)
RIVAL_ROWS = 3


class FormError(ValueError):
    """A form value that is not even a number; ``field`` is the input's id for focusing it."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def _int(form_el, name: str, lang: str, optional: bool = False):
    el = form_el.querySelector(f'[name="{name}"]')
    raw = str(el.value).strip()
    if raw == "" and optional:
        return None
    try:
        return int(raw)
    except ValueError:
        label = el.labels[0].textContent if el.labels.length else name
        raise FormError(f"{label}: {t('error.number', lang)}", str(el.id)) from None


def _checked(form_el, name: str) -> bool:
    return bool(form_el.querySelector(f'[name="{name}"]').checked)


def read_request(system: str, fieldset, lang: str) -> dict:
    """The request of the visible fieldset as the engine expects it (values unchecked beyond being
    whole numbers: the engine validates ranges and rules)."""
    if system == "sifrp":
        step = str(fieldset.querySelector('[name="difficulty_step"]').value)
        difficulty = _int(fieldset, "difficulty", lang) if step == "custom" else int(step)
        req = {"test_dice": _int(fieldset, "test_dice", lang), "difficulty": difficulty}
        for name in ("bonus_dice", "penalty_dice", "modifier"):  # empty → the engine's default (0)
            value = _int(fieldset, name, lang, optional=True)
            if value is not None:
                req[name] = value
        if _checked(fieldset, "destiny_bonus"):
            req["destiny_bonus"] = True
        req.update(_contest(fieldset, req))
        goal = _int(fieldset, "extended_goal", lang, optional=True)
        if goal is not None:  # an extended test (sifrp.md §Other rules): the engine checks the ranges
            req["extended_goal"] = goal
            req["extended_count"] = str(fieldset.querySelector('[name="extended_count"]').value)
            most = _int(fieldset, "extended_max", lang, optional=True)
            if most is not None:
                req["extended_max"] = most
            span = str(fieldset.querySelector('[name="extended_span"]').value).strip()
            if span:
                req["extended_span"] = span
        return req
    notation = fieldset.querySelector('[name="notation"]')
    text = str(notation.value).strip() if notation is not None else ""
    if text:   # dice notation wins over the fields (docs/notation.md); the engine refuses bad text
        from tirada.systems.notation import parse

        req = parse(text)
        difficulty = None if "rolls" in req else _int(fieldset, "difficulty", lang, optional=True)
        if difficulty is not None:   # a difficulty applies to one roll; several rolls hide the field
            req["difficulty"] = difficulty
        return _with_bands(req, fieldset)
    req = {"dice": _int(fieldset, "dice", lang), "sides": _int(fieldset, "sides", lang)}
    for name in ("keep", "modifier", "difficulty"):  # empty → the engine's default (all, 0, none)
        value = _int(fieldset, name, lang, optional=True)
        if value is not None:
            req[name] = value
    if _checked(fieldset, "keep_lowest"):
        req["keep_lowest"] = True
    return _with_bands(req, fieldset)


def _with_bands(req: dict, fieldset) -> dict:
    """The generic request with the outcome bands typed in the form (web/ui_bands.py), if any."""
    from bands_view import bands_value

    node = fieldset.querySelector('[name="bands"]')
    bands = bands_value(str(node.value)) if hasattr(node, "value") else None   # JS null has no value
    return req if bands is None else {**req, "bands": bands}


def _raw(form_el, name: str):
    """An input's value for the engine to check: ``None`` when empty, an int when it reads as one,
    else the text itself (the engine refuses it with a coded, worded reason)."""
    text = str(form_el.querySelector(f'[name="{name}"]').value).strip()
    return typed_int(text) if text else None


def _contest(fieldset, req: dict) -> dict:
    """Teamwork, extra time, conflict and competition fields of the SIFRP form (seed 004,
    "Modificadores" and "Tipos de tiradas"); empty fields and empty rival rows are left out."""
    out: dict = {}
    helpers = str(fieldset.querySelector('[name="helpers"]').value).strip()
    if helpers:
        parts = [p for p in helpers.replace(";", ",").replace(" ", ",").split(",") if p]
        out["helpers"] = [typed_int(p) for p in parts]
    if _checked(fieldset, "allow_more_helpers"):
        out["allow_more_helpers"] = True
    for name in ("extra_time", "passive_rank", "weapon_damage"):
        value = _raw(fieldset, name)
        if value is not None:
            out[name] = value
    if "passive_rank" in out:          # a conflict: the Difficulty is 4 × the opponent's rank
        req.pop("difficulty", None)
    rivals = []
    for i in range(RIVAL_ROWS):
        row = {k: _raw(fieldset, f"rivals[{i}].{k}") for k in ("name", "test_dice", "bonus_dice", "penalty_dice", "modifier")}
        if row["name"] is not None:
            row["name"] = str(fieldset.querySelector(f'[name="rivals[{i}].name"]').value).strip()
        if any(v is not None for v in row.values()):
            rivals.append({k: v for k, v in row.items() if v is not None})
    if rivals:
        out["rivals"] = rivals
        out["name"] = str(fieldset.querySelector('[name="name"]').value).strip()
    return out


def fill_difficulties(select, lang: str) -> None:
    """Options of the SIFRP difficulty select: the named steps plus "other"."""
    from tirada.systems.sifrp import difficulty_name

    current = str(select.value) or "9"
    options = []
    for tn in SIFRP_DIFFICULTIES:
        name = (difficulty_name(tn) or {lang: str(tn)})[lang]   # every step of the list has a name
        options.append(f'<option value="{tn}">{esc(name)} ({tn})</option>')
    options.append(f'<option value="custom">{esc(t("field.difficulty_custom", lang))}</option>')
    select.innerHTML = "".join(options)
    select.value = current


def verdict(result: dict, lang: str) -> tuple[str, str] | None:
    """``(css_class, text)`` for the outcome line, or ``None`` when there is no difficulty."""
    return outcome(result, lang) if "success" in result else None


def outcome(result: dict, lang: str) -> tuple[str, str]:
    """``(css_class, text)`` of a result judged against a difficulty (one with ``success``)."""
    if result.get("degrees"):
        return "ok", t(f"result.degrees_{result['degrees']}", lang)
    if result.get("failure"):
        return "bad", t(f"result.{result['failure']}", lang)
    return ("ok", t("result.success", lang)) if result["success"] else ("bad", t("result.failure", lang))


def extended_html(ext: dict, difficulty: int, lang: str) -> str:
    """An extended test's rolls, each with its dice, total and outcome, then the tally in words."""
    parts = ['<ol class="extended-rolls">']
    for n, a in enumerate(ext["attempts"], 1):
        v = outcome(a, lang)
        parts.append(f'<li data-roll="{n}"><span class="meta">{esc(t("result.extended_roll", lang).format(n=n))}</span>'
                     + dice_list(a["faces"], a["kept_indices"], lang, 6)
                     + f' {a["total"]} — <span class="{v[0]}">{esc(v[1])}</span></li>')
    parts.append("</ol>")
    key = "result.extended_done" if ext["done"] else "result.extended_open"
    text = t(key, lang).format(rolls=ext["rolls"], tally=ext["tally"], goal=ext["goal"])
    if ext.get("span"):
        text += f' ({t("result.extended_span", lang).format(span=ext["span"])})'
    parts.append(f'<p class="verdict {"ok" if ext["done"] else "bad"}" data-extended="{ext["tally"]}/{ext["goal"]}">'
                 f'{esc(text)} <span class="meta">{esc(t("result.vs", lang))} {difficulty}</span></p>')
    return "".join(parts)


def render_result(result: dict, lang: str) -> str:
    """The result card body: dice kept/dropped, total, outcome in words and the difficulty; several
    rolls (dice notation ``1d20+5; 2d6+3``) one after another."""
    parts = [f'<h2>{esc(t("result.heading", lang))}</h2>']
    if result.get("label"):
        parts.append(label_line(result["label"], lang))
    if result.get("extended"):  # an extended test: every roll, then the tally (the last roll is one of them)
        if result.get("bonus_capped"):
            parts.append(f'<p class="note bonus-capped">{esc(t("result.bonus_capped", lang).format(**result["bonus_capped"]))}</p>')
        return "".join(parts) + extended_html(result["extended"], result["difficulty"], lang)
    if isinstance(result.get("rolls"), list):
        for i, one in enumerate(result["rolls"]):
            named = f'<h3 class="roll-label">{esc(one["label"])}</h3>' if isinstance(one.get("label"), str) else ""
            parts.append(f'<div class="sub-roll" data-roll="{i}">{named}{_one_result(one, lang)}</div>')
        return "".join(parts)
    if isinstance(result.get("competition"), dict):
        return "".join(parts) + competition_html(result, lang)
    return "".join(parts) + _one_result(result, lang)


def competition_html(result: dict, lang: str) -> str:
    """A SIFRP competition: each character's dice, total and outcome against the same Difficulty
    (the first is the roller's own test), then who wins or the tie."""
    comp = result["competition"]
    same = {k: result[k] for k in ("difficulty", "difficulty_name")}
    rows = [{**result, "name": comp["name"]}] + [{**r, **same} for r in comp["rivals"]]
    parts = ['<ol class="competitors">']
    for row in rows:
        won = " winner" if row["name"] in comp["winners"] else ""
        parts.append(f'<li class="competitor{won}" data-competitor="{esc(row["name"])}"><h3>{esc(row["name"])}</h3>'
                     f'{_one_result(row, lang)}</li>')
    parts.append("</ol>")
    names = ", ".join(comp["winners"])
    key = "result.tie" if comp["tie"] else "result.winner"
    parts.append(f'<p class="verdict ok competition-winner" data-winners="{esc(names)}">'
                 f'{esc(t(key, lang).format(names=names))}</p>')
    return "".join(parts)


def _groups_dice(result: dict, lang: str) -> str:
    """Several dice groups (``1d8+1d6-1d4``): each group's dice on its own line, a subtracted one
    marked "−", with its kept sum."""
    parts = []
    arith = isinstance(result.get("worked"), str)   # arithmetic: the groups in the order rolled, no signs
    for i, g in enumerate(result["groups"]):
        sign = "" if arith else "\u2212 " if g.get("subtract") else ("+ " if i else "")
        parts.append(f'<div class="dice-group" data-group="{i}" data-sum="{g["sum"]}">{esc(sign)}'
                     + dice_list(g["faces"], g["kept_indices"], lang, g.get("sides"), g.get("exploded_indices"), g)
                     + f' <span class="meta">= {g["sum"]}</span></div>')
    return "".join(parts)


def _one_result(result: dict, lang: str) -> str:
    """Dice, total and verdict of one SIFRP / generic roll (the band it fell in first)."""
    from bands_view import outcome_html

    parts = [outcome_html(result, lang)] if "band" in result else []
    parts += [_groups_dice(result, lang) if isinstance(result.get("groups"), list) else
             dice_list(result["faces"], result["kept_indices"], lang, result.get("sides"), result.get("exploded_indices"),
                       result)]
    if isinstance(result.get("success_indices"), list):   # success counting: how many of each
        n, m = len(result["success_indices"]), len(result.get("failure_indices") or ())
        parts.append(f'<p class="counted" data-successes="{n}" data-failures="{m}">'
                     f'{esc(t("result.counted", lang).format(n=n, m=m))}</p>')
    extras = []
    if result.get("modifier"):
        extras.append(f'{t("result.modifier", lang)} {result["modifier"]:+d}')
    if result.get("teamwork"):
        extras.append(f'{t("result.teamwork", lang)} {result["teamwork"]:+d}')
    extra = f' <span class="meta">({esc(", ".join(extras))})</span>' if extras else ""
    worked = f'{esc(result["worked"])} = ' if isinstance(result.get("worked"), str) else ""   # (8+3)×2 = 22
    parts.append(f'<p class="total" data-total="{result["total"]}">{esc(t("result.total", lang))}: '
                 f'{worked}{result["total"]}{extra}</p>')
    if result.get("bonus_capped"):  # sifrp.md §The test 1 [decision]: the cap is applied and said
        parts.append(f'<p class="note bonus-capped">{esc(t("result.bonus_capped", lang).format(**result["bonus_capped"]))}</p>')
    if result.get("passive"):  # a conflict: the Difficulty is the opponent's passive value
        parts.append(f'<p class="note passive">{esc(t("result.passive", lang).format(**result["passive"]))}</p>')
    v = verdict(result, lang)
    if v:
        name = result.get("difficulty_name")
        tn = f'{name[lang]} ({result["difficulty"]})' if name else str(result["difficulty"])
        parts.append(f'<p class="verdict {v[0]}">{esc(v[1])} <span class="meta">'
                     f'{esc(t("result.vs", lang))} {esc(tn)}</span></p>')
    if result.get("damage") is not None:   # combat (sifrp.md §Other rules): the weapon's base damage × degrees
        parts.append(f'<p class="note damage" data-damage="{result["damage"]}">'
                     f'{esc(t("result.damage", lang).format(**result))}</p>')
    return "".join(parts)


def summary(result: dict, lang: str) -> str:
    """One line for the history list and the shared view's headline: "6+5+4 +3 = 18 — Éxito
    considerable (2 grados)"; several rolls joined by " · "; an extended test's tally."""
    if result.get("extended"):
        ext = result["extended"]
        key = "result.extended_done" if ext["done"] else "result.extended_open"
        return t(key, lang).format(rolls=ext["rolls"], tally=ext["tally"], goal=ext["goal"])
    if isinstance(result.get("rolls"), list):
        return " · ".join((f'{one["label"]}: ' if isinstance(one.get("label"), str) else "") + summary(one, lang)
                          for one in result["rolls"])
    if isinstance(result.get("competition"), dict):
        comp = result["competition"]
        totals = " · ".join(f'{row["name"]} {row["total"]}' for row in [{"name": comp["name"], **result}] + comp["rivals"])
        key = "result.tie" if comp["tie"] else "result.winner"
        return f'{totals} — {t(key, lang).format(names=", ".join(comp["winners"]))}'
    if isinstance(result.get("worked"), str):     # arithmetic: the worked expression, "(8+3)×2"
        kept = result["worked"]
    elif isinstance(result.get("groups"), list):   # several dice groups: their kept sums, signed
        kept = "".join(("\u2212" if g.get("subtract") else "+" if i else "") + str(g["sum"])
                       for i, g in enumerate(result["groups"]))
    elif isinstance(result.get("success_indices"), list):   # success counting: successes − failures
        kept = f'{len(result["success_indices"])}\u2212{len(result.get("failure_indices") or ())}'
    else:
        kept = "".join(("+" if i and f >= 0 else "") + str(f) for i, f in enumerate(result["kept"])).replace("-", "\u2212") or "0"
    extra = "".join(f" {v:+d}".replace("-", "\u2212") for v in (result.get("modifier"), result.get("teamwork"))
                    if isinstance(v, int) and v)
    text = f'{kept}{extra} = {result["total"]}'
    v = verdict(result, lang)
    if "band" in result:   # outcome bands: the band's name (bands_view.outcome_text)
        from bands_view import outcome_text

        text += outcome_text(result)
    return f"{text} — {v[1]}" if v else text


@when("change", "#sifrp-difficulty")
def on_difficulty(event) -> None:
    sync_difficulty()


def sync_difficulty() -> None:
    """Show the number field only when the "other" difficulty is chosen."""
    custom = document.querySelector('[data-when="sifrp-difficulty=custom"]')
    custom.hidden = str(document.getElementById("sifrp-difficulty").value) != "custom"


@when("input", "#generic-notation")
def on_notation(event) -> None:
    sync_notation()


def notation_state(text: str) -> str:
    """What the generic form shows beside a notation text: ``""`` (no notation: every field is read),
    ``"notation"`` (the dice fields are not read: hidden, with a note) or ``"rolls"`` (several rolls:
    the difficulty is not read either). Text that does not parse yet counts as one roll."""
    if not text.strip():
        return ""
    from tirada.errors import TiradaError
    from tirada.systems.notation import parse

    try:
        return "rolls" if "rolls" in parse(text) else "notation"
    except TiradaError:
        return "notation"


def sync_notation() -> None:
    """Make the generic form honest: the fields a typed notation replaces are hidden and a note says
    why (docs/notation.md §The form)."""
    from app import State

    notation = document.getElementById("generic-notation")
    if notation is None:
        return
    state = notation_state(str(notation.value))
    for field in document.querySelectorAll('fieldset[data-system="generic"] [data-plain]'):
        field.hidden = bool(state)
    document.getElementById("generic-difficulty-field").hidden = state == "rolls"
    note = document.getElementById("generic-notation-note")
    note.hidden = not state
    note.textContent = (t("generic.notation_note", State.lang) + (
        " " + t("generic.notation_note_rolls", State.lang) if state == "rolls" else "")) if state else ""


def setup(lang: str) -> None:
    """(Re)fill the language-dependent parts of the forms."""
    fill_difficulties(document.getElementById("sifrp-difficulty"), lang)
    sync_difficulty()
    sync_notation()
