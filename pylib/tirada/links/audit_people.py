"""Thread audit, people part: who is who across chains (issue #38; docs/link-format.md §11).

A person is every roller name that looks the same (:func:`tirada.names.person`, the UTS #39 skeleton):
their chains in every campaign are one block of the report, counted once per link and signed entry,
with one luck streak across campaigns. Chains whose roller *and* campaign look alike but differ in
text are named (:func:`twins`).

Public API (used by :mod:`tirada.links.audit`): :func:`counts`, :func:`count_words`, :func:`people`,
:func:`characters`, :func:`twins`, :func:`pair`.
"""

from __future__ import annotations

from .. import names
from ..plural import ngettext

__all__ = ["characters", "count_words", "counts", "pair", "people", "twins"]


def _skeleton(name: str) -> str:
    """What a name looks like (:func:`tirada.names.skeleton`, UTS #39): rollers with the same
    skeleton but different names are flagged, so a new chain under a name that only differs by a
    look-alike letter, a mark or an invisible character cannot pass as a clean second chain."""
    return names.skeleton(name)


def pair(roller: str, campaign: str | None) -> str:
    """A chain named for a reader: ``Aria`` or ``Aria — «Aguasdulces»``."""
    return f"{roller} — «{campaign}»" if campaign else roller


def twins(order: list) -> dict:
    """``{(roller, campaign): [other chains that look the same, up to 10]}``: chains whose roller *and*
    campaign skeletons are equal but whose texts differ (a look-alike roller, or the same roller in a
    look-alike campaign: «Aguasdulces» and «Aguasdulcеs» with a Cyrillic е), named as
    :func:`pair` writes them. Grouped by the precomputed skeleton key (one pass: linear in the number
    of rollers, never pairwise)."""
    groups: dict = {}
    for roller, campaign in order:
        if roller is not None:
            groups.setdefault((_skeleton(roller), _skeleton(campaign or "")), []).append((roller, campaign))
    out = {}
    for members in groups.values():
        pairs = sorted(set(members), key=lambda m: (m[0], m[1] or ""))
        if len(pairs) > 1:
            head = pairs[:11]
            for roller, campaign in members:
                out[(roller, campaign)] = [r if c == campaign else pair(r, c)
                                           for r, c in head if (r, c) != (roller, campaign)][:10]
    return out


#: signed game entries named by what they are (a sealed roll is counted as a roll)
_ENTRY_WORDS = (("move", "Confrontation move", "Confrontation moves"),
                ("start", "Confrontation start", "Confrontation starts"),
                ("scene_roll", "scene roll", "scene rolls"))


def counts(group: dict) -> dict:
    """``{"rolls", "move", "start", "scene_roll"}`` of a roller group: valid roll links plus sealed
    rolls (a blind or secret roll is a roll, not "1 movimiento firmado"), and each kind of signed game
    entry (each entry once, however many posts carry it)."""
    kinds = [m.get("what") or "move" for m in group.get("moves") or []]
    out = {"rolls": sum(1 for r in group["links"] if r["valid"]) + sum(1 for k in kinds if k.startswith("sealed_"))}
    out.update({what: kinds.count(what) for what, _one, _other in _ENTRY_WORDS})
    return out


def count_words(numbers: dict, lang: str) -> list:
    """``["3 tiradas válidas", "1 inicio de Confrontación"]``: the counts of :func:`counts` in words."""
    n = numbers["rolls"]
    parts = [f"{n} {ngettext('valid roll', 'valid rolls', n, lang)}"]
    for what, one, other in _ENTRY_WORDS:
        if numbers[what]:
            parts.append(f"{numbers[what]} {ngettext(one, other, numbers[what], lang)}")
    return parts


def characters(groups: list) -> list:
    """The fighters a person played in Confrontations, sorted: the ``character`` of each signed move
    numbered in their chains through ``by`` (docs/link-format.md §16.6.1: Bob's moves as «Haster»
    list «Haster» here, not as a person of their own)."""
    return sorted({m["character"] for g in groups for m in g.get("moves") or [] if m.get("character")},
                  key=lambda n: (n.casefold(), n))


def people(found: dict) -> list:
    """``[{"name", "chains": [[roller, campaign]], "luck": StreakLuck dict, "counts": {"rolls", "move",
    "start", "scene_roll"} (each link and signed entry once), "summary": {"es", "en"}, "characters":
    [the fighters they moved, :func:`characters`]}]``: each person (rollers
    whose names look the same, :func:`tirada.names.person`) with every chain they posted in, across
    campaigns, and the luck of all their rated rolls together (issue #38: a player who tries each roll
    in throwaway campaigns and posts the best has one streak, not one per campaign)."""
    from .luck import streak

    out = []
    for groups, rated, unrated in found.values():
        name = max(sorted({g["roller"] for g in groups}), key=lambda r: sum(g["roller"] == r for g in groups))
        total = {k: sum(counts(g)[k] for g in groups) for k in ("rolls", "move", "start", "scene_roll")}
        summary = {}
        played = characters(groups)
        for lang in ("es", "en"):
            chains = len(groups)
            where = (f"en {chains} cadenas" if lang == "es" else f"in {chains} chains") if chains > 1 else ""
            summary[lang] = f"{name}: " + ", ".join(count_words(total, lang)) + (f" {where}" if where else "")
            if played:
                summary[lang] += ("; con " if lang == "es" else "; as ") + ", ".join(played)
        luck = streak(rated, unrated[0]).to_dict()
        out.append({"name": name, "chains": [[g["roller"], g["campaign"]] for g in groups], "luck": luck,
                    "counts": total, "summary": summary, "characters": played})
    return sorted(out, key=lambda p: (p["name"].casefold(), p["name"]))
