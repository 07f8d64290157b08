"""A quick character typed in one line (issue #42): "Fuerza d10 d6, Sutileza d8, Resistencia d6 d4"
→ the Traits of one Component, instead of one field per Trait.

Groups are separated by commas, semicolons or new lines. Each group is an Aspect, named in Spanish
or English as the page shows it (``Fuerza`` / ``Strength``, ``Fusión de almas`` / ``Soul-Fused`` …,
accents and case ignored), followed by one or more dice (``d10``, ``D6``; ``d12`` only when the table
allows it). A group may start with the Trait's own text and a colon (``Espadón: Fuerza d10``); without
it each Trait is called by its Aspect and die ("Fuerza d10"). Pure function; refusals carry codes
(``brs.quick_*``) the page says in Spanish and English.
"""

from __future__ import annotations

import re
import unicodedata

from ...errors import InvalidRequest

__all__ = ["ASPECT_WORDS", "MAX_QUICK_TRAITS", "parse_quick"]

RULE = "blood-red-sands.md §Aspects, in column order"
#: at most this many Traits from one line (a Component of the rules has a handful)
MAX_QUICK_TRAITS = 24

#: the words read as each Aspect (lower case, no accents): the page's Spanish and English names
ASPECT_WORDS = {
    "fusion de almas": "soul_fused", "soul-fused": "soul_fused", "soul fused": "soul_fused",
    "hechiceria bendita": "blessed_sorcery", "blessed sorcery": "blessed_sorcery",
    "sutileza": "cunning", "cunning": "cunning",
    "forja de almas": "soul_forged", "soul-forged": "soul_forged", "soul forged": "soul_forged",
    "fuerza": "strength", "strength": "strength",
    "resistencia": "endurance", "endurance": "endurance",
    "hechiceria": "sorcery", "sorcery": "sorcery",
    "fortaleza": "fortaleza",
    "segador de almas": "soul_reaper", "soul reaper": "soul_reaper", "soul-reaper": "soul_reaper",
}

_DIE = re.compile(r"^[dD]?(\d{1,3})$")


def _plain(text: str) -> str:
    """Lower case, accents dropped, spaces collapsed: how an Aspect's name is compared."""
    decomposed = unicodedata.normalize("NFD", text.strip().lower())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def parse_quick(text: str, allow_d12: bool = False) -> list:
    """The Traits (``[{"trait", "die", "aspect"}]``, in the order typed) of a quick character line.

    Raises:
        InvalidRequest: ``brs.quick_empty`` (nothing typed), ``brs.quick_aspect`` (a group whose
            words name no Aspect; params ``word``), ``brs.quick_no_dice`` (an Aspect without dice;
            params ``word``), ``brs.quick_die`` (a die that is not d4–d10, or d12 when allowed;
            params ``die``), ``brs.quick_too_many`` (more than :data:`MAX_QUICK_TRAITS`).
    """
    if not isinstance(text, str) or not text.strip():
        raise InvalidRequest("type at least one Aspect with its dice", field="quick", rule=RULE,
                             code="brs.quick_empty")
    sizes = (4, 6, 8, 10, 12) if allow_d12 else (4, 6, 8, 10)
    out: list = []
    for group in (g.strip() for g in re.split(r"[,;\n]+", text)):
        if not group:
            continue
        name, _, rest = group.rpartition(":")
        words = rest.split()
        dice: list = []
        while words and _DIE.match(words[-1]):
            dice.insert(0, words.pop())
        aspect_text = " ".join(words)
        aspect = ASPECT_WORDS.get(_plain(aspect_text))
        if aspect is None:
            word = (aspect_text or group)[:40]
            raise InvalidRequest(f"{word!r} is not an Aspect", field="quick", rule=RULE,
                                 code="brs.quick_aspect", params={"word": word})
        if not dice:
            raise InvalidRequest(f"{aspect_text!r} has no dice", field="quick", rule=RULE,
                                 code="brs.quick_no_dice", params={"word": aspect_text[:40]})
        for die in dice:
            match = _DIE.match(die)
            size = int(match.group(1)) if match else -1
            if size not in sizes:
                raise InvalidRequest(f"{die!r} is not a die of the game", field="quick", rule=RULE,
                                     code="brs.quick_die", params={"die": die[:8]})
            label = name.strip() or f"{aspect_text} d{size}"
            out.append({"trait": label[:120], "die": size, "aspect": aspect})
    if not out:
        raise InvalidRequest("type at least one Aspect with its dice", field="quick", rule=RULE,
                             code="brs.quick_empty")
    if len(out) > MAX_QUICK_TRAITS:
        raise InvalidRequest(f"at most {MAX_QUICK_TRAITS} Traits in one line", field="quick", rule=RULE,
                             code="brs.quick_too_many", params={"n": MAX_QUICK_TRAITS})
    return out
