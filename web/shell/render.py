"""HTML building blocks for the page. Every piece of user or link text goes through :func:`esc`."""

from __future__ import annotations

from typing import Any, Mapping

from shell.strings import html_escape as esc
from shell.strings import t
from tirada.links.fair_records import Verified
from tirada.links.fair_records import verified as read_verified
from tirada.systems.dice_card import Dice
from tirada.systems.generic_snippet import face_text as _shown   # a Fate die signed: +1, 0, −1


def dice_list(dice: Dice, lang: str) -> str:
    """An ``<ul class="dice">`` of ``dice`` (:class:`tirada.systems.dice_card.Dice`); kept ones plain,
    dropped ones dashed and struck through,
    each with a text tag ("guardado" / "descartado") so colour is never the only signal — said only
    when some die is dropped: when every die counts (Fate's four dice, a plain 2d6) "guardado" would
    mean nothing, and the forum snippets mark only dropped dice (struck), so no die says it; a die
    that came from an explosion also says so ("explosión"), a rerolled die names the faces it replaced
    and a die counted as a success or a failure says which."""
    faces, sides = dice.faces, dice.sides
    kept = set(dice.kept_indices)
    boom = set(dice.exploded_indices)
    marks = {i: name for name, indices in (("failure", dice.failure_indices), ("success", dice.success_indices or ()))
             for i in indices}
    replaced = dict(dice.rerolled)     # a reroll: the faces it replaced
    chains = dict(dice.compounded)     # !!: the faces added into one die
    clamped = dict(dice.clamped)       # min/max: the face rolled
    some_dropped = any(i not in kept for i in range(len(faces)))
    items = []
    for i, face in enumerate(_shown(f, sides) for f in faces):
        state = "kept" if i in kept else "dropped"
        said = [t(f"result.{state}", lang)] if some_dropped else []
        if i in boom:
            said.append(t("result.exploded", lang))
        if i in chains:
            said.append(t("result.compounded", lang).format(faces="+".join(map(str, chains[i]))))
        if i in replaced:
            said.append(t("result.rerolled_from", lang).format(faces=", ".join(_shown(f, sides) for f in replaced[i])))
        if i in clamped:
            said.append(t("result.clamped_from", lang).format(face=clamped[i]))
        if i in marks:   # success counting: the die is a success or a failure (said, not only coloured)
            said.append(t(f"result.counted_{marks[i]}", lang))
            state += f" {marks[i]}"
        label = " · ".join(said)
        die = f"d{sides} " if sides else ""
        tag = f'<span class="tag" aria-hidden="true">{esc(label)}</span>' if label else ""
        items.append(
            f'<li class="die {state}" aria-label="{esc(die)}{face}{", " + esc(label) if label else ""}">'
            f'<span class="face" aria-hidden="true">{face}</span>{tag}</li>')
    return f'<ul class="dice" aria-label="{esc(t("result.dice", lang))}">{"".join(items)}</ul>'


def label_line(label: str, lang: str) -> str:
    """The roll's label, visibly a label: "Motivo: «…»", in plain weight — never a bold headline
    that a label such as "✔ ÉXITO CRÍTICO" could pass off as the result."""
    return (f'<p class="label"><span class="label-tag">{esc(t("result.label_tag", lang))}:</span> '
            f'<q>{esc(label)}</q></p>')


def error_box(title: str, message: str) -> str:
    """A result-area error: a heading and one clear line (never a traceback)."""
    return f'<h2>{esc(title)}</h2><p class="error" role="alert">{esc(message)}</p>'


def meta_line(verified: Verified | Mapping[str, Any], lang: str) -> str:
    """Who rolled, in which chain, when: "tirada nº 7 de Sharla en «…» · 2026-11-29 23:10 UTC".
    ``verified``: :func:`tirada.links.chain.verify`'s dict or its
    :class:`tirada.links.fair_records.Verified` record (the dict is read into one)."""
    one = verified if isinstance(verified, Verified) else read_verified(verified)
    parts = [one.description(lang)]
    if one.gm_request:      # the roll answers a GM's request (its label is the request's)
        parts.append(t("shared.gm_request", lang))
    if one.created_iso:
        parts.append(one.created_iso.replace("T", " ").replace("Z", " UTC"))
    return " · ".join(esc(p) for p in parts)
