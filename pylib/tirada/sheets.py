"""Character sheets for SIFRP, L5R 5e and Blood Red Sands, grouped by campaign.

A :class:`Character` is what the page stores for one character: an ``id`` (unique in the browser,
kept on export so importing twice never duplicates it), the ``system``, a ``name``, a ``campaign``
and the system's sheet. Tragedia sheets are :class:`tirada.systems.tragedia.sheet.Sheet` (stored by the
scene view); this module does not duplicate them.

Sheets (all frozen; ``to_dict()`` / ``from_dict()``; errors are :class:`InvalidRequest` whose
``field`` is the path inside the character, such as ``sheet.rings.fire``):

* :class:`SifrpSheet` — abilities with rank 1..10 (default 2) and specialties (bonus dice 1..10)
  (sifrp.md §The test: ability rank = test dice, specialty rank = bonus dice), Destiny points.
* :class:`L5rSheet` — the five rings 1..10, skill ranks 0..10, strife, fatigue and Void points;
  Composure and Endurance derived (l5r5e.md §Composure, strife, unmasking, Void; §Skirmish helpers).
* :class:`BrsSheet` — Components (Trait + die + Aspect per slot) and the Horde, the player's own
  dice taken from the Graveyard (blood-red-sands.md §Pieces).

:func:`roll_request` turns a sheet plus the chosen ability/skill into the roll form's fields, and
:func:`apply_l5r_result` applies what a finished L5R check changes on the sheet (strife, Void).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Mapping

from .systems.brs.config import ASPECTS
from .errors import IllegalMove, InvalidRequest
from .names import check_name
from .fields import get_int, get_text, reject_unknown

__all__ = [
    "BrsComponent", "BrsSheet", "Character", "L5R_RINGS", "L5R_SKILLS", "L5rSheet", "SIFRP_ABILITIES",
    "SYSTEMS", "SifrpSheet", "apply_l5r_result", "check_l5r_roll", "new_character", "parse_horde", "parse_specialties",
    "roll_request", "sheet_from_form", "sheet_to_form", "specialties_text",
]

SYSTEMS = ("sifrp", "l5r5e", "brs")
MAX_NAME, MAX_NOTES, MAX_ID = 80, 4000, 40
RULE_SIFRP = "sifrp.md §The test"
RULE_L5R = "l5r5e.md §Composure, strife, unmasking, Void"
RULE_BRS = "blood-red-sands.md §Pieces"
ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,40}$")

#: SIFRP abilities (English ids; the page shows the Spanish names of *Canción de Hielo y Fuego*).
SIFRP_ABILITIES = ("agility", "animal_handling", "athletics", "awareness", "cunning", "deception",
                   "endurance", "fighting", "healing", "language", "knowledge", "marksmanship",
                   "persuasion", "status", "stealth", "survival", "thievery", "warfare", "will")
SIFRP_DEFAULT_RANK = 2
L5R_RINGS = ("air", "earth", "fire", "water", "void")
#: L5R 5e skills in the core book's groups (artisan, martial, scholar, social, trade).
L5R_SKILLS = ("aesthetics", "composition", "design", "smithing",
              "fitness", "martial_arts_melee", "martial_arts_ranged", "martial_arts_unarmed", "meditation",
              "tactics", "culture", "government", "medicine", "sentiment", "theology",
              "command", "courtesy", "games", "performance",
              "commerce", "labor", "seafaring", "skulduggery", "survival")
BRS_DICE = (4, 6, 8, 10, 12)


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidRequest("must be a JSON object", field=where)
    return value


def _at(where: str, err: InvalidRequest) -> InvalidRequest:
    """``err`` with ``where.`` in front of its field (unless already there)."""
    if err.field and (err.field == where or err.field.startswith(where + ".") or err.field.startswith(where + "[")):
        return err
    return InvalidRequest(err.message, field=f"{where}.{err.field}" if err.field else where, rule=err.rule)


def _name(value: Any, where: str, max_len: int = MAX_NAME) -> str:
    return check_name(value, where, max_len)   # the one name validator (tirada.names)


def _int(req: Mapping[str, Any], key: str, where: str, default: Any, lo: int, hi: int, rule: Any) -> int:
    """``get_int`` with the field prefixed by ``where``; ``default`` None = required."""
    try:
        if default is None:
            return get_int(req, key, lo=lo, hi=hi, rule=rule)
        return get_int(req, key, default=default, lo=lo, hi=hi, rule=rule)
    except InvalidRequest as err:
        raise _at(where, err) from None


# ------------------------------------------------------------------------------------ SIFRP
@dataclass(frozen=True)
class SifrpSheet:
    """A SIFRP character: ``abilities`` maps ability id → rank (1..10; abilities absent are rank 2),
    ``specialties`` maps ability id → tuple of ``(name, bonus dice 1..10)``; ``destiny`` 0..99
    points; ``notes`` free text."""

    abilities: tuple = ()        # ((ability, rank), …) sorted by SIFRP_ABILITIES order
    specialties: tuple = ()      # ((ability, ((name, rank), …)), …)
    destiny: int = 0
    notes: str = ""

    def rank(self, ability: str) -> int:
        """The ability's rank (test dice); 2 when not set."""
        return dict(self.abilities).get(ability, SIFRP_DEFAULT_RANK)

    def specialties_of(self, ability: str) -> tuple:
        """``((name, rank), …)`` of the ability."""
        return dict(self.specialties).get(ability, ())

    def to_dict(self) -> dict:
        """``{"abilities": {id: rank}, "specialties": {id: [{"name", "rank"}]}, "destiny", "notes"}``."""
        return {"abilities": dict(self.abilities),
                "specialties": {a: [{"name": n, "rank": r} for n, r in sp] for a, sp in self.specialties},
                "destiny": self.destiny, "notes": self.notes}

    @classmethod
    def from_dict(cls, value: Any, where: str = "sheet") -> "SifrpSheet":
        """Read :meth:`to_dict`'s shape. Raises InvalidRequest naming the field (``sheet.abilities.will``)."""
        req = _mapping(value, where)
        try:
            reject_unknown(req, {"abilities", "specialties", "destiny", "notes"}, "SIFRP sheet")
        except InvalidRequest as err:
            raise _at(where, err) from None
        abilities = _mapping(req.get("abilities") or {}, f"{where}.abilities")
        ranks = []
        for ability in abilities:
            if ability not in SIFRP_ABILITIES:
                raise InvalidRequest("is not a SIFRP ability", field=f"{where}.abilities.{str(ability)[:40]}")
            ranks.append((ability, _int(abilities, ability, f"{where}.abilities", 2, 1, 10, RULE_SIFRP)))
        specs = _mapping(req.get("specialties") or {}, f"{where}.specialties")
        out = []
        for ability, items in specs.items():
            w = f"{where}.specialties.{str(ability)[:40]}"
            if ability not in SIFRP_ABILITIES:
                raise InvalidRequest("is not a SIFRP ability", field=w)
            if not isinstance(items, list) or len(items) > 20:
                raise InvalidRequest("must be a list of at most 20 specialties", field=w)
            read = []
            for i, item in enumerate(items):
                item = _mapping(item, f"{w}[{i}]")
                try:
                    reject_unknown(item, {"name", "rank"}, "specialty")
                except InvalidRequest as err:
                    raise _at(f"{w}[{i}]", err) from None
                read.append((_name(item.get("name"), f"{w}[{i}].name"),
                             _int(item, "rank", f"{w}[{i}]", None, 1, 10, RULE_SIFRP)))
            if len({n for n, _ in read}) != len(read):
                raise InvalidRequest("specialty names must not repeat", field=w)
            if read:
                out.append((ability, tuple(read)))
        order = {a: i for i, a in enumerate(SIFRP_ABILITIES)}
        return cls(tuple(sorted(ranks, key=lambda p: order[p[0]])),
                   tuple(sorted(out, key=lambda p: order[p[0]])),
                   _int(req, "destiny", where, 0, 0, 99, RULE_SIFRP),
                   _text(req, "notes", where))


def parse_specialties(text: str, where: str = "specialties") -> tuple:
    """``"Trepar 1, Saltar 2B"`` → ``(("Trepar", 1), ("Saltar", 2))``: comma- or line-separated
    names each ending in a rank 1..10 (a trailing ``B`` is allowed, as sheets write bonus dice).

    Raises:
        InvalidRequest: an item without a rank, or a rank out of 1..10 (``field`` = ``where``).
    """
    out = []
    for part in re.split(r"[,;\n]", str(text)):
        part = part.strip()
        if not part:
            continue
        m = re.match(r"^(.*\S)\s+(\d{1,2})\s*[Bb]?$", part)
        if not m or not 1 <= int(m.group(2)) <= 10:
            raise InvalidRequest(f"«{part[:40]}» needs a rank from 1 to 10 after the name (Trepar 1)",
                                 field=where, rule=RULE_SIFRP)
        out.append((m.group(1).strip()[:MAX_NAME], int(m.group(2))))
    if len({n for n, _ in out}) != len(out):
        raise InvalidRequest("specialty names must not repeat", field=where)
    return tuple(out)


def specialties_text(items: tuple) -> str:
    """Inverse of :func:`parse_specialties`: ``"Trepar 1, Saltar 2"``."""
    return ", ".join(f"{n} {r}" for n, r in items)


# -------------------------------------------------------------------------------------- L5R
@dataclass(frozen=True)
class L5rSheet:
    """An L5R 5e character: ``rings`` ((ring, 1..10) for the five rings, default 1), ``skills``
    ((skill, rank 0..10), only ranks above 0 kept), ``strife`` 0..99, ``fatigue`` 0..99,
    ``void_points`` 0..Void ring (l5r5e.md §Composure, strife, unmasking, Void)."""

    rings: tuple = (("air", 1), ("earth", 1), ("fire", 1), ("water", 1), ("void", 1))
    skills: tuple = ()
    strife: int = 0
    fatigue: int = 0
    void_points: int = 0
    notes: str = ""

    def ring(self, name: str) -> int:
        """The ring's value."""
        return dict(self.rings)[name]

    def skill(self, name: str) -> int:
        """The skill's rank (0 when untrained)."""
        return dict(self.skills).get(name, 0)

    @property
    def composure(self) -> int:
        """(Earth + Water) × 2 (l5r5e.md §Skirmish helpers)."""
        return (self.ring("earth") + self.ring("water")) * 2

    @property
    def endurance(self) -> int:
        """(Earth + Fire) × 2 (l5r5e.md §Skirmish helpers)."""
        return (self.ring("earth") + self.ring("fire")) * 2

    @property
    def compromised(self) -> bool:
        """Strife above Composure."""
        return self.strife > self.composure

    @property
    def incapacitated(self) -> bool:
        """Fatigue above Endurance."""
        return self.fatigue > self.endurance

    def to_dict(self) -> dict:
        """``{"rings": {ring: n}, "skills": {skill: rank}, "strife", "fatigue", "void_points", "notes"}``."""
        return {"rings": dict(self.rings), "skills": dict(self.skills), "strife": self.strife,
                "fatigue": self.fatigue, "void_points": self.void_points, "notes": self.notes}

    @classmethod
    def from_dict(cls, value: Any, where: str = "sheet") -> "L5rSheet":
        """Read :meth:`to_dict`'s shape. Raises InvalidRequest naming the field (``sheet.rings.fire``);
        Void points above the Void ring are refused."""
        req = _mapping(value, where)
        try:
            reject_unknown(req, {"rings", "skills", "strife", "fatigue", "void_points", "notes"}, "L5R sheet")
        except InvalidRequest as err:
            raise _at(where, err) from None
        rings_in = _mapping(req.get("rings") or {}, f"{where}.rings")
        for ring in rings_in:
            if ring not in L5R_RINGS:
                raise InvalidRequest("is not a ring", field=f"{where}.rings.{str(ring)[:40]}")
        rings = tuple((r, _int(rings_in, r, f"{where}.rings", 1, 1, 10, RULE_L5R)) for r in L5R_RINGS)
        skills_in = _mapping(req.get("skills") or {}, f"{where}.skills")
        skills = []
        for skill in L5R_SKILLS:
            if skill in skills_in:
                rank = _int(skills_in, skill, f"{where}.skills", 0, 0, 10, RULE_L5R)
                if rank:
                    skills.append((skill, rank))
        for skill in skills_in:
            if skill not in L5R_SKILLS:
                raise InvalidRequest("is not an L5R skill", field=f"{where}.skills.{str(skill)[:40]}")
        void_ring = dict(rings)["void"]
        return cls(rings, tuple(skills), _int(req, "strife", where, 0, 0, 99, RULE_L5R),
                   _int(req, "fatigue", where, 0, 0, 99, RULE_L5R),
                   _int(req, "void_points", where, 0, 0, void_ring, RULE_L5R), _text(req, "notes", where))


def check_l5r_roll(sheet: L5rSheet, request: Mapping[str, Any]) -> None:
    """Refuse, before any die is drawn, an L5R check this character cannot make.

    * Incapacitated (fatigue > Endurance): "no puede efectuar acciones que requieran tiradas"
      (seed 002, Incapacitado; l5r5e.md §Skirmish helpers, Damage).
    * A Void point spent (``request["void"]``) with 0 Void points on the sheet: spending what the
      character does not have is refused, never silently ignored (l5r5e.md §Composure, strife,
      unmasking, Void; issue #15).

    Raises:
        IllegalMove: ``field`` ``"fatigue"`` or ``"void"``.
    """
    if sheet.incapacitated:
        raise IllegalMove("an Incapacitated character cannot make checks (fatigue above Endurance)",
                          field="fatigue", rule="l5r5e.md §Skirmish helpers")
    if request.get("void") is True and sheet.void_points < 1:
        raise IllegalMove("no Void point left on the sheet to spend", field="void", rule=RULE_L5R)


def apply_l5r_result(sheet: L5rSheet, request: Mapping[str, Any], result: Mapping[str, Any]) -> tuple:
    """What a finished L5R check changes on the sheet: ``(new_sheet, changes)``.

    * strife += the check's ``strife_change`` (kept strife symbols not cancelled, then passion −3 /
      anxiety +3), never below 0;
    * a Void point spent (``request["void"]``) −1, an adversity on a failed check (
      ``void_points_gained``) +1; Void points stay within 0..Void ring (l5r5e.md §Composure, strife,
      unmasking, Void).

    ``changes`` is ``[{"field": "strife"|"void_points", "before": n, "after": n}]`` (only what changed).

    Raises:
        IllegalMove: the check spent a Void point the sheet does not have (``field`` ``"void"``):
            nothing is changed, so the page can say so instead of staying silently at 0.
    """
    if request.get("void") is True and sheet.void_points < 1:
        raise IllegalMove("no Void point left on the sheet to spend", field="void", rule=RULE_L5R)
    strife_change = result.get("strife_change")
    if not isinstance(strife_change, int):
        strife_change = result.get("strife") if isinstance(result.get("strife"), int) else 0
    void = sheet.void_points - (1 if request.get("void") is True else 0)
    void += int(result.get("void_points_gained") or 0)
    new = replace(sheet, strife=min(99, max(0, sheet.strife + strife_change)),
                  void_points=max(0, min(sheet.ring("void"), void)))
    changes = [{"field": f, "before": getattr(sheet, f), "after": getattr(new, f)}
               for f in ("strife", "void_points") if getattr(sheet, f) != getattr(new, f)]
    return new, changes


# -------------------------------------------------------------------------------------- BRS
@dataclass(frozen=True)
class BrsComponent:
    """A Component (*Componente*): ``name`` and ``traits`` ((trait text, die 4..12, Aspect), …)."""

    name: str
    traits: tuple = ()

    def to_dict(self) -> dict:
        """``{"name", "traits": [{"trait", "die", "aspect"}]}`` (the Confrontation set-up's shape)."""
        return {"name": self.name, "traits": [{"trait": t, "die": d, "aspect": a} for t, d, a in self.traits]}

    @classmethod
    def from_dict(cls, value: Any, where: str) -> "BrsComponent":
        """Read :meth:`to_dict`'s shape; at most 12 Traits; die 4/6/8/10/12; a known Aspect."""
        req = _mapping(value, where)
        try:
            reject_unknown(req, {"name", "traits"}, "Component")
        except InvalidRequest as err:
            raise _at(where, err) from None
        items = req.get("traits") or []
        if not isinstance(items, list) or len(items) > 12:
            raise InvalidRequest("must be a list of at most 12 Traits", field=f"{where}.traits", rule=RULE_BRS)
        traits = []
        for i, item in enumerate(items):
            w = f"{where}.traits[{i}]"
            item = _mapping(item, w)
            try:
                reject_unknown(item, {"trait", "die", "aspect"}, "Trait")
            except InvalidRequest as err:
                raise _at(w, err) from None
            die = item.get("die")
            if die not in BRS_DICE or isinstance(die, bool):
                raise InvalidRequest("must be a d4, d6, d8, d10 or d12", field=f"{w}.die", rule=RULE_BRS)
            if item.get("aspect") not in ASPECTS:
                raise InvalidRequest(f"must be one of {', '.join(ASPECTS)}", field=f"{w}.aspect", rule=RULE_BRS)
            traits.append((_name(item.get("trait"), f"{w}.trait", 120), die, item["aspect"]))
        return cls(_name(req.get("name"), f"{where}.name"), tuple(traits))


@dataclass(frozen=True)
class BrsSheet:
    """A Blood Red Sands player: ``components`` (tuple of :class:`BrsComponent`, at most 8) and the
    ``horde`` (*Horda*): die sizes the player holds, e.g. ``(4, 6)`` (blood-red-sands.md §Pieces)."""

    components: tuple = ()
    horde: tuple = ()
    notes: str = ""

    def to_dict(self) -> dict:
        """``{"components": [...], "horde": [die, …], "notes"}``."""
        return {"components": [c.to_dict() for c in self.components], "horde": list(self.horde),
                "notes": self.notes}

    @classmethod
    def from_dict(cls, value: Any, where: str = "sheet") -> "BrsSheet":
        """Read :meth:`to_dict`'s shape. Raises InvalidRequest naming the field."""
        req = _mapping(value, where)
        try:
            reject_unknown(req, {"components", "horde", "notes"}, "Blood Red Sands sheet")
        except InvalidRequest as err:
            raise _at(where, err) from None
        items = req.get("components") or []
        if not isinstance(items, list) or len(items) > 8:
            raise InvalidRequest("must be a list of at most 8 Components", field=f"{where}.components")
        comps = tuple(BrsComponent.from_dict(c, f"{where}.components[{i}]") for i, c in enumerate(items))
        horde = req.get("horde") or []
        if not isinstance(horde, list) or len(horde) > 60:
            raise InvalidRequest("must be a list of at most 60 dice", field=f"{where}.horde")
        for i, die in enumerate(horde):
            if die not in BRS_DICE or isinstance(die, bool):
                raise InvalidRequest("must be a d4, d6, d8, d10 or d12", field=f"{where}.horde[{i}]", rule=RULE_BRS)
        return cls(comps, tuple(horde), _text(req, "notes", where))


SHEETS = {"sifrp": SifrpSheet, "l5r5e": L5rSheet, "brs": BrsSheet}


def _text(req: Mapping[str, Any], key: str, where: str) -> str:
    try:
        return get_text(req, key, max_len=MAX_NOTES)
    except InvalidRequest as err:
        raise _at(where, err) from None


# -------------------------------------------------------------------------------- Character
@dataclass(frozen=True)
class Character:
    """One stored character: ``id`` (1..40 of ``A-Z a-z 0-9 _ -``), ``system`` (one of
    :data:`SYSTEMS`), ``name`` (1..80), ``campaign`` (0..80, empty = no campaign), ``sheet`` (the
    system's sheet) and ``updated`` (ms since 1970, for showing which copy is newer)."""

    id: str
    system: str
    name: str
    campaign: str
    sheet: Any
    updated: int = 0

    def to_dict(self) -> dict:
        """``{"id", "system", "name", "campaign", "sheet": {...}, "updated"}``."""
        return {"id": self.id, "system": self.system, "name": self.name, "campaign": self.campaign,
                "sheet": self.sheet.to_dict(), "updated": self.updated}

    @classmethod
    def from_dict(cls, value: Any, where: str = "character") -> "Character":
        """Read :meth:`to_dict`'s shape, checking every field.

        Raises:
            InvalidRequest: ``field`` is the path from ``where`` (``characters[2].sheet.rings.fire``).
        """
        req = _mapping(value, where)
        try:
            reject_unknown(req, {"id", "system", "name", "campaign", "sheet", "updated"}, "character")
        except InvalidRequest as err:
            raise _at(where, err) from None
        cid = req.get("id")
        if not isinstance(cid, str) or not ID_RE.match(cid):
            raise InvalidRequest("must be 1 to 40 letters, digits, _ or -", field=f"{where}.id")
        system = req.get("system")
        if system not in SYSTEMS:
            raise InvalidRequest(f"must be one of {', '.join(SYSTEMS)}", field=f"{where}.system")
        campaign = req.get("campaign") or ""
        if not isinstance(campaign, str) or len(campaign) > MAX_NAME:
            raise InvalidRequest(f"must be text of at most {MAX_NAME} characters", field=f"{where}.campaign")
        sheet = SHEETS[system].from_dict(req.get("sheet") or {}, f"{where}.sheet")
        return cls(cid, system, _name(req.get("name"), f"{where}.name"), campaign.strip(), sheet,
                   _int(req, "updated", where, 0, 0, 10 ** 14, None))

    def with_sheet(self, sheet: Any, updated: int) -> "Character":
        """A copy with another sheet and time stamp."""
        return replace(self, sheet=sheet, updated=updated)


def new_character(cid: str, system: str, name: str, campaign: str = "", updated: int = 0) -> Character:
    """A character with the system's blank sheet (SIFRP abilities at 2, L5R rings at 1).

    Raises:
        InvalidRequest: bad id, system, name or campaign (as :meth:`Character.from_dict`).
    """
    return Character.from_dict({"id": cid, "system": system, "name": name, "campaign": campaign,
                                "sheet": {}, "updated": updated})


def roll_request(character: Character, choice: Mapping[str, Any]) -> dict:
    """The roll form's fields for a roll made with this sheet.

    Args:
        choice: SIFRP ``{"ability", "specialty"?}`` → ``{"system": "sifrp", "test_dice": rank,
            "bonus_dice": specialty rank or 0}``; L5R ``{"ring", "skill"}`` → ``{"system": "l5r5e",
            "ring": n, "skill": rank, "compromised": strife > Composure}``.
    Raises:
        InvalidRequest: unknown ability, specialty, ring or skill, or a system with no roll form.
    """
    s = character.sheet
    if character.system == "sifrp":
        ability = choice.get("ability")
        if ability not in SIFRP_ABILITIES:
            raise InvalidRequest("is not a SIFRP ability", field="ability")
        bonus = 0
        spec = choice.get("specialty") or ""
        if spec:
            found = dict(s.specialties_of(ability))
            if spec not in found:
                raise InvalidRequest("is not a specialty of that ability", field="specialty")
            bonus = found[spec]
        return {"system": "sifrp", "test_dice": s.rank(ability), "bonus_dice": bonus}
    if character.system == "l5r5e":
        ring, skill = choice.get("ring"), choice.get("skill")
        if ring not in L5R_RINGS:
            raise InvalidRequest("is not a ring", field="ring")
        if skill not in L5R_SKILLS:
            raise InvalidRequest("is not an L5R skill", field="skill")
        return {"system": "l5r5e", "ring": s.ring(ring), "skill": s.skill(skill), "compromised": s.compromised}
    raise InvalidRequest("this system's sheet has no roll form (Blood Red Sands rolls in a Confrontation)",
                         field="system")


# ------------------------------------------------------------------------------- page forms
def _form_int(fields: Mapping[str, Any], key: str, default: int) -> Any:
    """A form text as an int (empty → ``default``); other text stays as it is for the sheet's
    checks to refuse with the field's name."""
    raw = str(fields.get(key, "") or "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise InvalidRequest(f"must be a whole number, got {raw[:20]!r}", field=key) from None


def parse_horde(text: str) -> tuple:
    """``"d4, d6 d6"`` → ``(4, 6, 6)`` (the Horde's dice; ``d`` optional).

    Raises:
        InvalidRequest: a die other than d4, d6, d8, d10, d12 (field ``horde``).
    """
    out = []
    for part in re.split(r"[\s,;]+", str(text).strip()):
        if not part:
            continue
        m = re.match(r"^[dD]?(\d{1,2})$", part)
        if not m or int(m.group(1)) not in BRS_DICE:
            raise InvalidRequest(f"«{part[:12]}» is not a d4, d6, d8, d10 or d12", field="horde", rule=RULE_BRS)
        out.append(int(m.group(1)))
    return tuple(out)


def sheet_from_form(system: str, fields: Mapping[str, Any]) -> dict:
    """A checked sheet dict (``to_dict`` shape) from the page's sheet editor.

    Args:
        fields: SIFRP ``rank.<ability>``, ``spec.<ability>`` (``"Trepar 1, Saltar 2"``), ``destiny``,
            ``notes``; L5R ``ring.<ring>``, ``skill.<skill>``, ``strife``, ``fatigue``,
            ``void_points``, ``notes``; BRS ``components`` (``[{"name", "traits": [{"trait", "die",
            "aspect"}]}]`` of texts; rows with no text are skipped), ``horde`` (``"d4 d6"``), ``notes``.
    Raises:
        InvalidRequest: ``field`` is the form key at fault (``rank.will``, ``ring.fire``,
        ``components[0].traits[1].die``).
    """
    notes = str(fields.get("notes", "") or "")
    if system == "sifrp":
        ranks = {a: _form_int(fields, f"rank.{a}", SIFRP_DEFAULT_RANK) for a in SIFRP_ABILITIES}
        specs = {}
        for a in SIFRP_ABILITIES:
            items = parse_specialties(fields.get(f"spec.{a}", "") or "", where=f"spec.{a}")
            if items:
                specs[a] = [{"name": n, "rank": r} for n, r in items]
        raw = {"abilities": {a: r for a, r in ranks.items() if r != SIFRP_DEFAULT_RANK},
               "specialties": specs, "destiny": _form_int(fields, "destiny", 0), "notes": notes}
        return _form_checked(SifrpSheet, raw, {"abilities": "rank", "specialties": "spec"})
    if system == "l5r5e":
        raw = {"rings": {r: _form_int(fields, f"ring.{r}", 1) for r in L5R_RINGS},
               "skills": {s: _form_int(fields, f"skill.{s}", 0) for s in L5R_SKILLS},
               "strife": _form_int(fields, "strife", 0), "fatigue": _form_int(fields, "fatigue", 0),
               "void_points": _form_int(fields, "void_points", 0), "notes": notes}
        return _form_checked(L5rSheet, raw, {"rings": "ring", "skills": "skill"})
    if system == "brs":
        comps = []
        for i, comp in enumerate(fields.get("components") or []):
            traits = []
            for j, t in enumerate(comp.get("traits") or []):
                if not str(t.get("trait", "")).strip():
                    continue
                die = str(t.get("die", "")).lstrip("dD")
                traits.append({"trait": str(t["trait"]), "die": int(die) if die.isdigit() else die,
                               "aspect": t.get("aspect")})
            if str(comp.get("name", "")).strip() or traits:
                comps.append({"name": str(comp.get("name", "")), "traits": traits})
        raw = {"components": comps, "horde": list(parse_horde(fields.get("horde", "") or "")), "notes": notes}
        return _form_checked(BrsSheet, raw, {})
    raise InvalidRequest(f"must be one of {', '.join(SYSTEMS)}", field="system")


def _form_checked(cls, raw: dict, prefixes: dict) -> dict:
    """``cls.from_dict(raw).to_dict()``, with the error's field turned into the form key."""
    try:
        return cls.from_dict(raw, "sheet").to_dict()
    except InvalidRequest as err:
        field = (err.field or "").removeprefix("sheet.")
        head, _, rest = field.partition(".")
        if head in prefixes:
            field = f"{prefixes[head]}.{rest.split('[')[0]}"
        raise InvalidRequest(err.message, field=field, rule=err.rule) from None


def sheet_to_form(system: str, sheet: Mapping[str, Any]) -> dict:
    """The editor's texts for a sheet dict (inverse of :func:`sheet_from_form`).

    Raises:
        InvalidRequest: ``sheet`` is not a valid sheet of ``system``.
    """
    s = SHEETS[system].from_dict(sheet)
    if system == "sifrp":
        out = {f"rank.{a}": str(s.rank(a)) for a in SIFRP_ABILITIES}
        out.update({f"spec.{a}": specialties_text(s.specialties_of(a)) for a in SIFRP_ABILITIES})
        out.update(destiny=str(s.destiny), notes=s.notes)
        return out
    if system == "l5r5e":
        out = {f"ring.{r}": str(s.ring(r)) for r in L5R_RINGS}
        out.update({f"skill.{k}": str(s.skill(k)) for k in L5R_SKILLS})
        out.update(strife=str(s.strife), fatigue=str(s.fatigue), void_points=str(s.void_points), notes=s.notes)
        return out
    return {"components": [{"name": c.name, "traits": [{"trait": t, "die": str(d), "aspect": a}
                                                       for t, d, a in c.traits]} for c in s.components],
            "horde": " ".join(f"d{d}" for d in s.horde), "notes": s.notes}
