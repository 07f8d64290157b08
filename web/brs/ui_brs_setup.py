"""The Confrontation setup form: a draft (``tirada.systems.brs.draft.Draft``: the setup JSON of
docs/brs-format.md without checks, as typed) rendered as fields, read back from them, and edited by
add/remove buttons (glue only: the engine's draft functions return each new draft, and
``Setup.from_dict`` validates when the Confrontation starts).

Every field carries ``data-f="path"`` (``players.0.components.1.traits.2.die``) and its id is
``brs-f-`` + the path with dots as dashes, so an engine error naming ``players[0]…`` can be shown
next to the right label. Pure functions (no pyscript import).
"""

from __future__ import annotations

import re

from shell.render import esc
from shell.strings import t
from tirada.systems.brs import ASPECTS
from tirada.systems.brs import draft as drafts
from tirada.systems.brs import draft_edits as edits
from tirada.systems.brs.draft import START_POINTS, Draft, from_setup
from tirada.systems.brs.draft_edits import apply_character, apply_quick, keep_typed, to_setup
from tirada.fields import typed_int

__all__ = ["SIZES", "START_POINTS", "Draft", "apply_character", "apply_quick", "blank_draft", "edit", "field_id",
           "from_setup", "keep_typed", "path_of_error", "read", "render", "sane_draft", "start_point", "to_setup",
           "typed_side"]

SIZES = (4, 6, 8, 10, 12)


def blank_draft(seed: str, lang: str) -> Draft:
    """A new draft: two participants, one per side, one Component with one Trait each; the sides'
    default names in ``lang``."""
    return drafts.blank_draft(seed, (t("brs.setup.side0_default", lang), t("brs.setup.side1_default", lang)))


def start_point(kind: str, seed: str, lang: str) -> Draft:
    """A draft for a starting point (``tirada.systems.brs.draft.start_point``), its side names in
    ``lang``: a duel's are the two duellists', the others the default ones."""
    if kind == "duel":
        sides = (t("brs.start.duel_side0", lang), t("brs.start.duel_side1", lang))
    else:
        sides = (t("brs.setup.side0_default", lang), t("brs.setup.side1_default", lang))
    return drafts.start_point(kind, seed, sides)


def sane_draft(value) -> Draft | None:
    """The stored ``value`` as a :class:`Draft`, or ``None`` when it is not of the shape the form
    walks (``Draft.from_dict``): a draft edited by hand in the browser's storage is replaced by a
    blank one, never a traceback."""
    return Draft.from_dict(value)


def typed_side(draft: Draft, path: str, value: str) -> Draft:
    """Remember that the player typed ``value`` in the side-name field ``path`` ("sides.0" / "sides.1");
    an emptied field forgets it (the new draft)."""
    return edits.typed_side(draft, path, value)


def field_id(path: str) -> str:
    """The element id of a draft path."""
    return "brs-f-" + path.replace(".", "-")


def path_of_error(field: str) -> str:
    """An engine error field (``players[0].components[1].traits[2].die``) as a draft path."""
    return re.sub(r"\[(\d+)\]", r".\1", field or "")


def _input(path: str, label: str, value, kind: str = "text", extra: str = "", wide: bool = False) -> str:
    fid = field_id(path)
    v = "" if value is None else value
    cls = "field wide" if wide else "field"
    return (f'<div class="{cls}"><label for="{fid}">{esc(label)}</label>'
            f'<input id="{fid}" data-f="{path}" type="{kind}" value="{esc(v)}"{extra}></div>')


def _check(path: str, label: str, value: bool) -> str:
    fid = field_id(path)
    return (f'<label class="check"><input type="checkbox" id="{fid}" data-f="{path}"'
            f'{" checked" if value else ""}> <span>{esc(label)}</span></label>')


def _select(path: str, label: str, value, options: list) -> str:
    fid = field_id(path)
    opts = "".join(f'<option value="{esc(v)}"{" selected" if str(v) == str(value) else ""}>{esc(text)}</option>'
                   for v, text in options)
    return f'<div class="field"><label for="{fid}">{esc(label)}</label><select id="{fid}" data-f="{path}">{opts}</select></div>'


def _mine(i: int, mine: list, lang: str) -> str:
    """A participant's «Mis datos» pick: one of this browser's Blood Red Sands characters fills their
    name and Components (ui_brs_form: ``data-mine``). Empty when there is none."""
    if not mine:
        return ""
    fid = field_id(f"players.{i}.mine")
    opts = f'<option value="">{esc(t("brs.setup.mine_none", lang))}</option>' + "".join(
        f'<option value="{esc(cid)}">{esc(name)}</option>' for cid, name in mine)
    return (f'<div class="field wide"><label for="{fid}">{esc(t("brs.setup.mine", lang))}</label>'
            f'<select id="{fid}" data-mine="{i}">{opts}</select></div>')


def _quick(i: int, lang: str) -> str:
    """A participant's quick character: one line of Aspects and dice, and the button that fills the
    Traits from it (ui_brs: ``data-act="quick"``; Enter in the line does the same)."""
    fid = field_id(f"players.{i}.quick")
    return (f'<div class="field wide brs-quick"><label for="{fid}">{esc(t("brs.setup.quick", lang))}</label>'
            f'<input id="{fid}" type="text" data-quick="{i}" maxlength="400" autocomplete="off" '
            f'placeholder="{esc(t("brs.setup.quick_ph", lang))}" aria-describedby="{fid}-help">'
            f'<p class="meta" id="{fid}-help">{esc(t("brs.setup.quick_help", lang))}</p>'
            + _act("quick", t("brs.setup.quick_use", lang), f"players.{i}") + "</div>")


def _act(act: str, text: str, path: str) -> str:
    return f'<button type="button" class="ghost" data-act="{act}" data-path="{path}">{esc(text)}</button>'


def render(draft: Draft, lang: str, mine: list | None = None) -> str:
    """The whole setup form body for ``draft``; ``mine``: the Blood Red Sands characters of «Mis
    datos» (``[(id, name)]``), offered to each participant when there are any."""
    sizes = [(s, f"d{s}") for s in SIZES if s != 12 or draft.allow_d12]
    aspects = [(a, t("brs.aspect." + a, lang)) for a in ASPECTS]
    sides = draft.sides or ("", "")
    out = ['<div class="grid">', _input("sides.0", t("brs.setup.side0", lang), sides[0], extra=' maxlength="120"'),
           _input("sides.1", t("brs.setup.side1", lang), sides[1], extra=' maxlength="120"'), "</div>"]
    for i, p in enumerate(draft.players):
        pp = f"players.{i}"
        n = i + 1
        out.append(f'<fieldset class="brs-setup-player"><legend>{esc(t("brs.setup.player", lang).format(n=n))}</legend>'
                   '<div class="grid">'
                   + _input(f"{pp}.name", t("brs.setup.name", lang), p.name, extra=' maxlength="120"')
                   + _select(f"{pp}.side", t("brs.setup.side", lang), p.side,
                             [(0, sides[0] or "0"), (1, sides[1] or "1")])
                   + _input(f"{pp}.advantage", t("brs.setup.advantage", lang), p.advantage, "number",
                            ' inputmode="numeric" min="0" max="20"')
                   + "</div>" + _check(f"{pp}.leader", t("brs.setup.leader", lang), p.leader)
                   + _check(f"{pp}.hero", t("brs.setup.hero", lang), p.hero) + _mine(i, mine or [], lang)
                   + _quick(i, lang))
        for j, c in enumerate(p.components):
            cp = f"{pp}.components.{j}"
            out.append(f'<fieldset class="brs-setup-comp"><legend>{esc(t("brs.setup.component", lang).format(n=j + 1))}</legend>'
                       + _input(f"{cp}.name", t("brs.setup.comp_name", lang), c.name, extra=' maxlength="120"', wide=True)
                       + _check(f"{cp}.committed", t("brs.setup.committed", lang), c.committed))
            for k, tr_ in enumerate(c.traits):
                tp = f"{cp}.traits.{k}"
                out.append(f'<div class="brs-setup-trait" role="group" aria-label="{esc(t("brs.setup.trait", lang).format(n=k + 1))}">'
                           + _input(f"{tp}.trait", t("brs.setup.trait", lang).format(n=k + 1), tr_.trait,
                                    extra=' maxlength="120"', wide=True)
                           + _select(f"{tp}.die", t("brs.setup.die", lang), tr_.die, sizes)
                           + _select(f"{tp}.aspect", t("brs.setup.aspect", lang), tr_.aspect, aspects)
                           + _act("del-trait", t("brs.setup.del_trait", lang).format(n=k + 1), tp) + "</div>")
            out.append('<div class="buttons">' + _act("add-trait", t("brs.setup.add_trait", lang), cp)
                       + _act("del-comp", t("brs.setup.del_comp", lang).format(n=j + 1), cp) + "</div></fieldset>")
        out.append('<div class="buttons">' + _act("add-comp", t("brs.setup.add_comp", lang), pp)
                   + _act("del-player", t("brs.setup.del_player", lang).format(n=n), pp) + "</div></fieldset>")
    out.append('<div class="buttons">' + _act("add-player", t("brs.setup.add_player", lang), "players") + "</div>")
    g = draft.graveyard
    dice_text = g.dice_text
    if dice_text is None:
        dice_text = ", ".join(str(x) for x in g.dice)
    back = draft.back_down
    out.append('<div class="grid">'
               + _input("graveyard.dice_text", t("brs.setup.graveyard", lang), dice_text, extra=' inputmode="numeric"')
               + _input("graveyard.advantage", t("brs.setup.graveyard_adv", lang), g.advantage, "number",
                        ' inputmode="numeric" min="0" max="100"')
               + _select("back_down", t("brs.setup.back_down", lang), "" if back is None else back,
                         [("", t("brs.setup.back_none", lang)), (0, sides[0] or "0"), (1, sides[1] or "1")])
               + "</div>")
    for name, lines in (("spoils", draft.spoils), ("stipulations", draft.stipulations)):
        fid = field_id(name)
        out.append(f'<div class="field wide"><label for="{fid}">{esc(t("brs.setup." + name, lang))}</label>'
                   f'<textarea id="{fid}" data-f="{name}" rows="3">{esc(chr(10).join(lines or []))}</textarea></div>')
    out.append(_check("allow_d12", t("brs.setup.allow_d12", lang), bool(draft.allow_d12)))
    # fair play v2: no seed field; the page makes the seed when the Confrontation starts (ui_brs)
    out.append(f'<p class="meta">{esc(t("brs.setup.seed", lang))}</p>')
    return "".join(out)


def _number(text: str):
    return typed_int(text)


def read(draft: Draft, nodes) -> Draft:
    """The draft with every ``[data-f]`` field (``nodes``: elements with ``dataset.f``, ``type``,
    ``value``, ``checked``) copied in. Unparseable numbers stay text, so nothing typed is lost and
    the engine names the field."""
    for node in nodes:
        path = str(node.dataset.f)
        kind = str(node.type or "")
        value: bool | int | str | list[str] | None
        if kind == "checkbox":
            value = bool(node.checked)
        elif path.endswith((".die", ".side")) or path.endswith(".advantage") or path == "graveyard.advantage":
            value = _number(str(node.value))
        elif path == "back_down":
            value = None if str(node.value) == "" else _number(str(node.value))
        elif path in ("spoils", "stipulations"):
            value = [line.strip() for line in str(node.value).splitlines() if line.strip()]
        else:
            value = str(node.value)
        draft = edits.set_field(draft, path, value)
    return draft


def edit(draft: Draft, act: str, path: str, lang: str) -> Draft:
    """The draft after an add/remove button (``tirada.systems.brs.draft_edits.edit``)."""
    return edits.edit(draft, act, path)
