"""The action bar of the Confrontation: one group per player who may act, built only from
``tirada.systems.brs.options.choices(state)`` (typed records, issue #40; so only legal actions exist), and the reading of a group's
controls back into a move dict for the engine (glue only: the engine checks every move).

HTML builders are pure functions (no pyscript import); ui_brs_read reads the controls back into a move.
"""

from __future__ import annotations

from shell import i18n
from shell.render import esc
from shell.strings import t
from brs.ui_brs_board import choices_words, die_button, die_label, die_state_words
from brs.ui_brs_read import control_id as _id
from brs.ui_brs_seat import forced_pick
from tirada.systems.brs.board_view import (AdvantageChoice, AttackChoice, BonusChoice, Cell, Choices, DefeatChoice,
                                           DefendChoice, DevastateChoice, DieChoice, PickChoice, ReinforceChoice,
                                           RenewChoice, RulingChoice, Step, VowChoice, YieldChoice)
from tirada.systems.brs.story_view import Confrontation

#: The order in which a player's possible actions are shown (main action first).
ORDER = ("pick", "attack", "defend", "strength", "endurance", "ruling", "devastate", "bonus", "defeat",
         "reinforce", "renew", "vow", "advantage", "yield")


def selectable_dice(opts: dict) -> set:
    """Dice that may be pressed on the board now: attack or defence candidates (``opts``:
    ``{player: Choices}``, tirada.systems.brs.options.choices)."""
    out: set = set()
    for kinds in opts.values():
        for det in (kinds.attack, kinds.defend):
            if det is not None:
                out |= set(det.dice)
    return out


def _select(p: int, kind: str, name: str, label: str, options: list, selected: str | None = None) -> str:
    """``options``: ``[(value, text)]``; ``selected``: the value shown first (else the first option)."""
    sid = _id(p, kind, name)
    opts = "".join(f'<option value="{esc(v)}"{" selected" if v == selected else ""}>{esc(text)}</option>'
                   for v, text in options)
    return f'<div class="field"><label for="{sid}">{esc(label)}</label><select id="{sid}">{opts}</select></div>'


def _text(p: int, kind: str, name: str, label: str) -> str:
    sid = _id(p, kind, name)
    return (f'<div class="field"><label for="{sid}">{esc(label)}</label>'
            f'<input id="{sid}" type="text" maxlength="120"></div>')


def _button(p: int, kind: str, text: str, enabled: bool = True, extra: str = "", cls: str = "primary") -> str:
    return (f'<button type="button" class="{cls}" data-move="{kind}" data-player="{p}"{extra}'
            f'{"" if enabled else " disabled"}>{esc(text)}</button>')


def _dice_opts(dice, cells: tuple, names: list, lang: str, owner: bool = False) -> list:
    """Select options for dice: owner (optional), size, Aspect, face, Trait and state in words."""
    out = []
    for i in dice:
        c: Cell = cells[i]
        who = f"{names[c.owner]}: " if owner else ""
        out.append((str(i), f'{who}{die_label(c, lang)} «{c.trait}» — {", ".join(die_state_words(c, lang))}'))
    return out


def _chosen(selection: list, cells: tuple, lang: str) -> tuple:
    total = sum(cells[i].face or 0 for i in selection)
    if not selection:
        return total, t("brs.act.chosen_none", lang)
    dice = " + ".join(f"d{cells[i].d} ({cells[i].face})" for i in selection)
    return total, t("brs.act.chosen", lang).format(dice=dice, sum=total)


def _sf_select(p: int, kind: str, det: AttackChoice | DefendChoice, selection: list, cells: tuple, names: list,
               lang: str) -> str:
    sf = [i for i in det.soul_fused if i not in selection]
    if not sf:
        return ""
    return _select(p, kind, "sf", t("brs.act.soul_fused", lang),
                   [("", t("brs.act.no_die", lang))] + _dice_opts(sf, cells, names, lang))


def group(p: int, kinds: Choices, cells: tuple, names: list, lang: str, selection: list,
          summ: Confrontation | None = None, then: Choices | None = None) -> str:
    """The controls of player ``p`` (a fieldset), one block per legal kind; ``summ`` (the
    Confrontation) lets «Rendirse» say what it ends (:func:`yield_confirm`); ``then``: at a pick with
    nothing to choose whose attacker cannot advance 2 dice, that attacker's legal kinds once picked
    (:func:`stuck_ways`)."""
    out = []
    for kind in ORDER:
        det = kinds.of(kind)
        if det is None:
            continue
        if isinstance(det, PickChoice):
            quick = ""
            if len(det.attackers) == 1 and len(det.targets) == 1:    # nothing to choose but the dice
                a = det.attackers[0]
                mine = [c.die for c in cells if c.owner == a and c.face is not None
                        and (c.row == "available" or c.kept)]      # a Reversal's kept die attacks too
                quick = quick_attack(a, mine, cells, lang, det.targets[0])
                if not quick and then:          # stuck once picked: the way out goes with the pick
                    quick = stuck_ways(a, det.targets[0], then, cells, names, lang)
            out.append(quick + '<div class="grid">'
                       + _select(p, kind, "attacker", t("brs.act.attacker", lang), [(str(a), names[a]) for a in det.attackers])
                       + _select(p, kind, "target", t("brs.act.target", lang), [(str(x), names[x]) for x in det.targets])
                       + "</div>" + _button(p, kind, t("brs.act.pick", lang), cls="primary" if not quick else "ghost"))
        elif isinstance(det, (AttackChoice, DefendChoice)):
            total, chosen = _chosen(selection, cells, lang)
            if isinstance(det, AttackChoice):
                help_ = t("brs.act.attack_help", lang).format(player=names[p])
                if det.required is not None:
                    help_ += " " + t("brs.act.required", lang)
                out.append(quick_attack(p, det.dice, cells, lang))
                ready = len(selection) == 2
            else:
                help_ = t("brs.act.defend_help", lang).format(player=names[p], score=det.score)
                extra = max([cells[i].face or 0 for i in det.soul_fused if i not in selection] or [0])
                ready = bool(selection) and total + extra >= det.score  # the engine checks the rest
            block = [f'<p>{esc(help_)}</p>', picker(p, det.dice, cells, lang, selection),
                     f'<p class="brs-chosen" id="brs-chosen" aria-live="polite">{esc(chosen)}</p>',
                     _sf_select(p, kind, det, selection, cells, names, lang),
                     _button(p, kind, t(f"brs.act.{kind}", lang), ready)]
            if isinstance(det, DefendChoice):       # the quick defences under the button they fill
                block.append(_smallest(p, det, cells, lang))
            out.append("".join(block))
        elif isinstance(det, DieChoice):        # Strength or Endurance
            out.append(_select(p, kind, "die", t("brs.act.which_die", lang), _dice_opts(det.dice, cells, names, lang))
                       + _button(p, kind, t(f"brs.act.{kind}", lang)))
        elif isinstance(det, RulingChoice):
            out.append('<div class="grid">'
                       + _select(p, kind, "action", t("brs.act.ruling_action", lang),
                                 [(a, t("brs.ruling." + a, lang)) for a in det.actions])
                       + _select(p, kind, "die", t("brs.act.which_die", lang),
                                 [("", "—")] + _dice_opts(det.dice, cells, names, lang, owner=True))
                       + "</div>" + _text(p, kind, "note", t("brs.act.note", lang))
                       + _button(p, kind, t("brs.act.ruling", lang)))
        elif isinstance(det, DevastateChoice):
            out.append(_devastate(p, det, lang))
        elif isinstance(det, BonusChoice):
            buttons = []
            for take in det.takes:
                text = t(f"brs.act.bonus_{take}", lang).format(size=det.smallest)
                buttons.append(_button(p, kind, text, extra=f' data-take="{take}"', cls="ghost"))
            out.append(f'<div class="buttons">{"".join(buttons)}</div>')
        elif isinstance(det, DefeatChoice):
            out.append(_select(p, kind, "size", t("brs.act.size", lang), [(str(s), f"d{s}") for s in det.sizes])
                       + _button(p, kind, t("brs.act.defeat", lang)))
        elif isinstance(det, ReinforceChoice):
            boxes = "".join(f'<label class="check"><input type="checkbox" data-comp="{c}" id="{_id(p, kind, c)}"> '
                            f'<span>{esc(names_comp(c, cells))}</span></label>' for c in det.components)
            out.append(boxes + _button(p, kind, t("brs.act.reinforce", lang), cls="ghost"))
        elif isinstance(det, RenewChoice):
            out.append(_button(p, kind, i18n.tn("brs.act.renew", lang, len(det.dice)), cls="ghost"))
        elif isinstance(det, VowChoice):
            out.append(_vow(p, det, lang))
        elif isinstance(det, AdvantageChoice):
            out.append(_select(p, kind, "die", i18n.tn("brs.act.advantage_die", lang, det.tokens),
                               _dice_opts(det.dice, cells, names, lang))
                       + _button(p, kind, t("brs.act.advantage", lang), cls="ghost"))
        elif isinstance(det, YieldChoice):
            leader = ""
            if det.new_leaders:
                leader = _select(p, kind, "leader", t("brs.act.new_leader", lang),
                                 [("", t("brs.act.no_leader", lang))] + [(str(q), names[q]) for q in det.new_leaders])
            out.append(leader + _text(p, kind, "note", t("brs.act.note", lang))
                       + yield_confirm(p, names, lang, summ, only_yield(kinds, then) and not det.new_leaders))
    blocks = "".join(f'<div class="brs-act-block">{b}</div>' for b in out)
    return f'<fieldset class="brs-act" data-player="{p}"><legend>{esc(names[p])}</legend>{blocks}</fieldset>'


def _vow(p: int, det: VowChoice, lang: str, extra: str = "") -> str:
    """The Vow's controls: its kind (the first not yet made shown first), the enemy of "an enemy will
    die" and a note; ``extra``: attributes of its button (a pick that goes first)."""
    return (_select(p, "vow", "vow", t("brs.act.vow_kind", lang), [(v, t("brs.vow." + v, lang)) for v in det.vows])
            + _vow_enemy(p, det, lang) + _text(p, "vow", "note", t("brs.act.note", lang))
            + _button(p, "vow", t("brs.act.vow", lang), extra=extra, cls="ghost"))


def stuck_ways(a: int, target: int, then: Choices, cells: tuple, names: list, lang: str) -> str:
    """At a pick with nothing to choose (one attacker ``a``, one ``target``) when ``a`` cannot advance
    2 dice (issue #42: no tap for a choice with one option): what ``a`` can do once picked, said, and
    the Renewal and the Vow as buttons that make the pick and then that move (``data-pick``: ui_brs
    plays both; the Renewal's or Vow's dice are drawn after the pick, as with two taps). ``then``:
    ``a``'s options once picked (tirada.systems.brs.options.choices). Empty when ``a`` could attack."""
    if "attack" in then:
        return ""
    pick = f' data-pick="{a},{target}"'
    line = t("brs.act.pick_stuck", lang).format(player=names[a], target=names[target],
                                                choices=choices_words(list(then), lang))
    out = [f'<p>{esc(line)}</p>']
    if then.renew is not None:
        out.append(_button(a, "renew", i18n.tn("brs.act.renew", lang, len(then.renew.dice)), extra=pick))
    if then.vow is not None:
        out.append(_vow(a, then.vow, lang, pick))
    return "".join(f'<div class="brs-act-block">{b}</div>' for b in out)


def yield_ends(p: int, names: list, lang: str, summ: Confrontation | None) -> str:
    """What a Yield by ``p`` ends, in words: the whole Confrontation (and who wins) when ``p`` is the
    last active player of their side, else ``p``'s part in it (their side fights on)."""
    players = summ.players if summ is not None else ()
    if p < len(players):
        side = players[p].side
        others = [q for q, info in enumerate(players) if q != p and info.side == side and info.active]
        if others:
            return t("brs.act.yield_out", lang).format(player=names[p])
        sides = summ.sides if summ is not None else ()
        if len(sides) == 2:
            return t("brs.act.yield_ends", lang).format(player=names[p], winner=sides[1 - side])
    return t("brs.act.yield_out", lang).format(player=names[p])


def only_yield(kinds: Choices, then: Choices | None = None) -> bool:
    """Whether a Yield is the only way on for a player with these legal kinds (``then``: the
    attacker's kinds once a pick with nothing to choose is made, ui_brs_actions.stuck_ways): nothing
    else to do now, or nothing but that pick, after which only a Yield is left."""
    rest = set(kinds) - {"yield"}
    if not rest:
        return True
    return rest == {"pick"} and forced_pick(kinds) is not None and then is not None and not set(then) - {"yield"}


def yield_confirm(p: int, names: list, lang: str, summ: Confrontation | None, only: bool = False) -> str:
    """«Rendirse» in two steps (issue #42): a first button that says what a Yield ends and opens an
    in-page question; the question holds the real Yield button and «Cancelar», which keeps
    everything. ui_brs opens and closes it (``data-yield-ask`` / ``data-yield-cancel``) and moves
    the focus to it and back. ``only`` (:func:`only_yield`: no other move is left, so «Cancelar:
    seguir luchando» has nothing to go back to): one button that says so and what it ends; like any
    move that rolls nothing it can be taken back until its link is copied."""
    ends = yield_ends(p, names, lang, summ)
    if only:
        return (f'<p class="meta">{esc(ends)}</p>'
                + _button(p, "yield", t("brs.act.yield_only", lang), cls="danger"))
    box, q = _id(p, "yield", "confirm"), _id(p, "yield", "question")
    return (f'<p class="meta">{esc(ends)}</p>'
            f'<button type="button" class="ghost" data-yield-ask="{p}" aria-expanded="false" aria-controls="{box}">'
            f'{esc(t("brs.act.yield_ask", lang))}</button>'
            f'<div id="{box}" class="brs-confirm" role="group" aria-labelledby="{q}" tabindex="-1" hidden>'
            f'<p id="{q}"><strong>{esc(t("brs.act.yield_question", lang))}</strong> {esc(ends)}</p>'
            f'<div class="buttons">{_button(p, "yield", t("brs.act.yield_confirm", lang), cls="danger")}'
            f'<button type="button" class="ghost" data-yield-cancel="{p}">{esc(t("brs.act.yield_cancel", lang))}</button>'
            '</div></div>')


def quick_attack(p: int, dice, cells: tuple, lang: str, target: int | None = None) -> str:
    """One button that attacks with ``p``'s two highest dice (issue #42: one action, not three); with
    ``target`` (a pick with one attacker and one target, nothing to choose) it also makes that pick.
    ui_brs makes the moves (``data-quick-attack``); empty without two dice."""
    order = sorted(dice, key=lambda i: (-(cells[i].face or 0), -cells[i].d, i))
    kept = [i for i in order if cells[i].kept]     # after a Reversal the kept die attacks
    best = (kept[:1] + [i for i in order if i not in kept[:1]])[:2]
    if len(best) < 2:
        return ""
    total = sum(cells[i].face or 0 for i in best)
    words = " + ".join(f"d{cells[i].d} «{cells[i].trait}» ({cells[i].face})" for i in best)
    pick = "" if target is None else f' data-target="{target}"'
    text = t("brs.act.quick_attack", lang).format(dice=words, sum=total)
    return (f'<div class="buttons"><button type="button" class="primary" data-quick-attack="{",".join(map(str, best))}" '
            f'data-player="{p}"{pick}>{esc(text)}</button></div>')


def picker(p: int, dice, cells: tuple, lang: str, selection: list) -> str:
    """The dice ``p`` may choose now, as the Battle Board's own die buttons, right above the button that
    confirms them (issue #42: no scrolling between choosing dice and confirming, at 360 px or 1280 px).
    Pressing one here or on the board is the same choice (ui_brs: ``data-die``)."""
    buttons = "".join(die_button(cells[i], lang, True, i in selection) for i in dice)
    return (f'<div class="brs-picker" role="group" aria-label="{esc(t("brs.act.picker", lang))}">'
            f'{buttons}</div>')


def _vow_enemy(p: int, det: VowChoice, lang: str) -> str:
    """The "an enemy will die" conditions (setup version 2): the enemy, the Traits it lost earlier in
    the Ordeal, and the seed's words beside them (seed 000, Los Votos del Héroe)."""
    if det.enemies is None or "enemy_dies" not in det.vows:
        return ""
    enemies = [(str(e.component), t("brs.act.vow_enemy_opt", lang).format(name=e.name, n=e.devastated))
               for e in det.enemies]
    # one enemy the Vow can name (more than 3 Devastated Traits is refused): shown chosen, no tap for it
    can = [str(e.component) for e in det.enemies if e.devastated <= 3]
    sid = _id(p, "vow", "crossed")
    return (f'<fieldset class="brs-vow-enemy"><legend>{esc(t("brs.vow.enemy_dies", lang))}</legend>'
            f'<p class="meta">{esc(t("brs.act.vow_enemy_rule", lang))}</p><div class="grid">'
            + _select(p, "vow", "enemy", t("brs.act.vow_enemy", lang), [("", "—")] + enemies,
                      can[0] if len(can) == 1 else None)
            + f'<div class="field"><label for="{sid}">{esc(t("brs.act.vow_crossed", lang))}</label>'
              f'<input id="{sid}" type="number" min="0" max="12" value="0" inputmode="numeric"></div></div></fieldset>')


def names_comp(c: int, cells: tuple) -> str:
    """A Component's Traits, for the Reinforce checkboxes: "d6 «…», d8 «…»"."""
    return ", ".join(f"d{x.d} «{x.trait}»" for x in cells if x.component == c)


def _smallest(p: int, det: DefendChoice, cells: tuple, lang: str) -> str:
    sm = det.smallest
    if sm.overwhelmed:
        return f'<p class="error">{esc(t("brs.act.overwhelmed", lang).format(score=det.score))}</p>'
    items, seen = [], set()
    for d in sm.defences:
        dice = list(d.dice) + ([d.soul_fused] if d.soul_fused is not None else [])
        # each die named by its Trait: two d6 showing 4 are two different options (issue #42)
        text = t("brs.act.defend_with", lang).format(dice=" + ".join(f"d{cells[i].d} «{cells[i].trait}» ({cells[i].face})"
                                                                     for i in dice),
                                                     outcome=t("brs.outcome." + sm.outcome, lang))
        if text in seen:        # the same dice in words (same Traits, sizes, faces): one option
            continue
        seen.add(text)
        sf = "" if d.soul_fused is None else str(d.soul_fused)
        items.append(f'<li><button type="button" class="ghost" data-suggest="{",".join(map(str, d.dice))}" '
                     f'data-sf="{sf}" data-player="{p}">{esc(text)}</button></li>')
    return (f'<div class="brs-smallest"><p><strong>{esc(t("brs.act.smallest", lang))}</strong></p>'
            f'<ul>{"".join(items)}</ul></div>') if items else ""


def _devastate(p: int, det: DevastateChoice, lang: str) -> str:
    name = f"brs-{p}-devastate-choice"
    block = [f'<label class="check"><input type="radio" name="{name}" value="lose" id="{name}-lose" checked> '
             f'<span>{esc(t("brs.act.lose", lang))}</span></label>']
    if det.sizes:
        block.append(f'<label class="check"><input type="radio" name="{name}" value="weakness" id="{name}-weakness"> '
                     f'<span>{esc(t("brs.act.weakness", lang))}</span></label>')
        block.append('<div class="grid">'
                     + _select(p, "devastate", "size", t("brs.act.weak_size", lang), [(str(s), f"d{s}") for s in det.sizes])
                     + _select(p, "devastate", "aspect", t("brs.setup.aspect", lang),
                               [(a, t("brs.aspect." + a, lang)) for a in det.aspects])
                     + "</div>" + _text(p, "devastate", "trait", t("brs.act.weak_trait", lang))
                     + f'<label class="check"><input type="checkbox" id="{_id(p, "devastate", "claim")}"> '
                       f'<span>{esc(t("brs.act.weak_claim", lang))}</span></label>')
    block.append(_button(p, "devastate", t("brs.act.devastate", lang)))
    return "".join(block)


def action_bar(opts: dict, cells: tuple, names: list, lang: str, selection: list, first: int | None,
               summ: Confrontation | None = None, now: Step | None = None, then: dict | None = None) -> str:
    """Every acting player's group (``opts``: ``{player: Choices}``, tirada.systems.brs.options.choices);
    the player whose step it is (``first``) comes first. With the Confrontation ``summ`` and the step
    ``now``, a stuck Hero who cannot Vow is told why (:func:`vow_note`). ``then``: ``{picker: the
    attacker's Choices once picked}`` at a pick with nothing to choose (:func:`forced_pick`;
    :func:`stuck_ways`)."""
    if not opts:
        return f'<p>{esc(t("brs.actions.none", lang))}</p>'
    order = sorted(opts, key=lambda p: (p != first, p))
    note = vow_note(opts, summ, now, names, lang) if summ is not None and now is not None else ""
    return "".join(group(p, opts[p], cells, names, lang, selection, summ, (then or {}).get(p)) for p in order) + note


def vow_note(opts: dict, summ: Confrontation, now: Step, names: list, lang: str) -> str:
    """A line saying why a Hero who must Renew, Vow or Yield is not offered a Vow they still have:
    a Vow renews Used and Battered dice, and they have none (the engine refuses such a Vow,
    ``brs.vow_nothing``). Empty when the Vow is offered or does not apply."""
    p = now.player
    if now.kind not in ("stuck", "overwhelmed") or p is None or p >= len(summ.players):
        return ""
    info = summ.players[p]
    if not info.hero or len(info.vows) >= 3 or (p in opts and "vow" in opts[p]):
        return ""
    return f'<p class="meta brs-vow-note">{esc(t("brs.act.vow_none", lang).format(player=names[p]))}</p>'
