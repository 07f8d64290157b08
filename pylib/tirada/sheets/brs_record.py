"""Blood Red Sands sheets after the fight: the record a Confrontation leaves and the Most Devastated.

Rules: ../shared/rules/blood-red-sands.md §The fight (Battered, Devastated); seed
``000_95455a330fc0ceb0.txt`` "Devastados: … en el caso de los Héroes, volverán a tenerlos en la
próxima Ordalía que protagonicen; si se trata de dados de una Facción, esos dados se perderán para
siempre. Descártalos al Cementerio y tacha el hueco correspondiente de tu Ficha" and "Anota en la
Ficha cuántos dados llevas Devastados … Personaje Más Devastado".

:func:`apply_aftermath` writes one player's part of :func:`tirada.systems.brs.aftermath.aftermath`
on their :class:`~tirada.sheets.brs.BrsSheet`; :func:`new_ordeal` gives the Hero's crossed slots
back; :func:`most_devastated` names the award's holders among a table's sheets.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from ..errors import IllegalMove, InvalidRequest
from ..fields import echo, reject_unknown
from .common import at, mapping

__all__ = ["BrsRecord", "apply_aftermath", "most_devastated", "new_ordeal"]

RULE = "blood-red-sands.md §The fight: Rounds and Exchanges"
MAX_ITEMS = 60
#: the die sizes a recorded slot or Weakness may have (a Weakness of no size is 0).
DICE = (4, 6, 8, 10, 12)


@dataclass(frozen=True)
class BrsRecord:
    """What past Confrontations left on a sheet (all empty for a new sheet).

    ``vp``: Victory Points won (0..9999); ``devastated``: dice really lost, the tally for the Most
    Devastated award; ``confrontations``: how many were recorded; ``crossed``: Hero slots crossed
    for this Ordeal, ``((component, trait, die), …)`` (die 4..12, even); ``lost``: Faction slots lost for good, same
    shape; ``destroyed``: Component names destroyed or killed; ``weaknesses``: ``((trait, size or
    0, by), …)`` gained; ``broken``: the Hero was Broken (retires from the Saga); ``seen``: the ids
    of the Confrontations already recorded (so one is never counted twice).
    """

    vp: int = 0
    devastated: int = 0
    confrontations: int = 0
    crossed: tuple = ()
    lost: tuple = ()
    destroyed: tuple = ()
    weaknesses: tuple = ()
    broken: bool = False
    seen: tuple = ()

    def to_dict(self) -> dict:
        """Only the keys that are not empty (an empty record is ``{}``)."""
        out: dict = {}
        for key in ("vp", "devastated", "confrontations"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        for key in ("crossed", "lost", "weaknesses"):
            if getattr(self, key):
                out[key] = [list(x) for x in getattr(self, key)]
        for key in ("destroyed", "seen"):
            if getattr(self, key):
                out[key] = list(getattr(self, key))
        if self.broken:
            out["broken"] = True
        return out

    @classmethod
    def from_dict(cls, value: Any, where: str = "sheet.record") -> "BrsRecord":
        """Read :meth:`to_dict`'s shape. Raises InvalidRequest naming the field."""
        req = mapping(value, where)
        try:
            reject_unknown(req, {"vp", "devastated", "confrontations", "crossed", "lost", "destroyed",
                                 "weaknesses", "broken", "seen"}, "record")
        except InvalidRequest as err:
            raise at(where, err) from None
        nums: dict = {}
        for key in ("vp", "devastated", "confrontations"):
            v = req.get(key, 0)
            if type(v) is not int or not 0 <= v <= 9999:
                raise InvalidRequest("must be a whole number from 0 to 9999", field=f"{where}.{key}",
                                     code="field.range", params={"lo": 0, "hi": 9999, "got": echo(v)})
            nums[key] = v
        lists: dict = {}
        for key, shape in (("crossed", (str, str, int)), ("lost", (str, str, int)), ("weaknesses", (str, int, str))):
            items = req.get(key) or []
            if not isinstance(items, list) or len(items) > MAX_ITEMS or not all(
                    isinstance(x, list) and len(x) == 3 and all(type(v) is t for v, t in zip(x, shape))
                    and all(len(v) <= 480 for v in x if isinstance(v, str))
                    and (x[2] in DICE if key != "weaknesses" else x[1] in (0,) + DICE) for x in items):
                raise InvalidRequest("is not a list of recorded dice", field=f"{where}.{key}", rule=RULE,
                                     code="sheet.brs_record")
            lists[key] = tuple(tuple(x) for x in items)
        for key in ("destroyed", "seen"):
            items = req.get(key) or []
            if not isinstance(items, list) or len(items) > MAX_ITEMS or not all(
                    isinstance(x, str) and len(x) <= 480 for x in items):
                raise InvalidRequest("is not a list of recorded dice", field=f"{where}.{key}", rule=RULE,
                                     code="sheet.brs_record")
            lists[key] = tuple(items)
        return cls(broken=req.get("broken") is True, **nums, **lists)


def _remove_slot(traits: tuple, slot: Mapping) -> tuple:
    key = (slot["trait"], slot["die"], slot["aspect"])
    out = list(traits)
    if key in out:
        out.remove(key)
    return tuple(out)


def apply_aftermath(sheet: Any, result: Mapping) -> Any:
    """The sheet (:class:`~tirada.sheets.brs.BrsSheet`) after one player's aftermath ``result`` (an
    item of ``aftermath(...)["players"]``).

    Components are matched by name; a Faction's lost slot is removed from the Component (matched by
    Trait, die and Aspect — the seed lets the player pick among equal slots); a Hero's lost slot is
    listed as crossed until :func:`new_ordeal`. Horde dice are added; VP, the Devastated tally, the
    Weaknesses, destroyed Components and a Broken Hero go to the record.

    Raises:
        IllegalMove: this Confrontation (``result["confrontation"]``, the aftermath's id) is already
        on the sheet (``brs.aftermath_applied``).
    """
    rec: BrsRecord = sheet.record
    key = str(result.get("confrontation") or "")
    if key and key in rec.seen:
        raise IllegalMove("this Confrontation is already recorded on the sheet", field="sheet", rule=RULE,
                          code="brs.aftermath_applied")
    comps = list(sheet.components)
    crossed, lost, destroyed = list(rec.crossed), list(rec.lost), list(rec.destroyed)
    for part in result.get("components", []):
        for slot in part.get("crossed", []):
            crossed.append((part["name"], slot["trait"], slot["die"]))
        for slot in part.get("lost", []):
            lost.append((part["name"], slot["trait"], slot["die"]))
            for i, comp in enumerate(comps):
                if comp.name == part["name"]:
                    comps[i] = replace(comp, traits=_remove_slot(comp.traits, slot))
                    break
        if part.get("destroyed") and part["name"] not in destroyed:
            destroyed.append(part["name"])
    weak = list(rec.weaknesses) + [(w["trait"], w["size"] or 0, w["by"]) for w in result.get("weaknesses", [])]
    record = BrsRecord(vp=min(9999, rec.vp + int(result.get("vp", 0))),
                       devastated=min(9999, rec.devastated + int(result.get("devastated", 0))),
                       confrontations=min(9999, rec.confrontations + 1), crossed=tuple(crossed[-MAX_ITEMS:]),
                       lost=tuple(lost[-MAX_ITEMS:]), destroyed=tuple(destroyed[-MAX_ITEMS:]),
                       weaknesses=tuple(weak[-MAX_ITEMS:]), broken=rec.broken or bool(result.get("broken")),
                       seen=(rec.seen + ((key,) if key else ()))[-MAX_ITEMS:])
    horde = (tuple(sheet.horde) + tuple(result.get("horde", [])))[:60]
    return replace(sheet, components=tuple(comps), horde=horde, record=record)


def new_ordeal(sheet: Any) -> Any:
    """The sheet at the start of the Hero's next Ordeal: crossed Hero slots come back ("volverán a
    tenerlos en la próxima Ordalía que protagonicen")."""
    return replace(sheet, record=replace(sheet.record, crossed=()))


def most_devastated(sheets: Mapping) -> list:
    """``{name: BrsSheet}`` → the names holding the Most Devastated award: the highest Devastated
    tally above 0; all tied names share it [decision: the seed does not break ties]."""
    best = max((s.record.devastated for s in sheets.values()), default=0)
    return sorted(n for n, s in sheets.items() if best and s.record.devastated == best)
