"""Words for a Tragedia scene: each die's source, the outcome, and the forum snippet.

Rules: ../shared/rules/tragedia.md §Gathering dice and §The final roll (seed
``001_0d4b6b4e1f6e6362.txt``). Input is a :func:`tirada.systems.tragedia.scene.scene_result` dict or a
typed :class:`~tirada.systems.tragedia.records.SceneView` / ``RollCard`` (read through its ``to_dict()``); official Spanish terms (*Rasgo, Tema, Destino, Tragedia, Dominio, Defecto,
Consecuencia, Protagonista, Adversario*) and English.

The snippet is built as token lines and rendered by :func:`tirada.links.snippets.render`, so user text
(names, notes, the Objective) is escaped exactly as in roll snippets: BBCode brackets become
fullwidth look-alikes, Markdown punctuation gets backslashes, controls and bidi tricks are removed.

Public API: :func:`describe`, :func:`describe_text`, :func:`outcome`, :func:`tokens`,
:func:`snippet`, :data:`SOURCE_NAMES`; :func:`roll_lines` (a final roll's link: the registry ``snippet``).
"""

from __future__ import annotations

from typing import Any, List, Mapping

from ...wire.markup import Token, clean, render
from ..generic_snippet import dice_tokens, outcome_tokens
from ..words import OutcomeWords
from .words import SIDE_NAMES

__all__ = ["DESTINY_USES", "SIDE_NAMES", "SOURCE_NAMES", "describe", "describe_text", "outcome",
           "roll_lines", "snippet", "tokens"]

#: source id → (Spanish, English) name (tragedia.md §Gathering dice).
SOURCE_NAMES = {
    "trait": ("Rasgo", "Trait"), "theme": ("Tema", "Theme"), "destiny": ("Destino", "Destiny"),
    "tragedy": ("Tragedia", "Tragedy"), "domain": ("Dominio", "Domain"), "flaw": ("Defecto", "Flaw"),
    "turned_trait": ("Rasgo agotado vuelto en contra", "exhausted Trait turned against"),
    "consequence": ("Consecuencia", "Consequence"), "tragedy_5": ("Tragedia 5", "Tragedy 5"),
    "support": ("apoyo", "support"), "last_die": ("último dado", "last die"),
}
#: Destiny use → (Spanish, English) (tragedia.md §Gathering dice, Destiny 1 / 2 / 4).
DESTINY_USES = {
    "exhausted_trait": ("reutilizar un Rasgo agotado", "reuse an exhausted Trait"),
    "improvised": ("dado improvisado", "improvised die"),
    "npc_event": ("crear PNJ o suceso", "create an NPC or event"),
    "new_trait": ("nuevo Rasgo", "new Trait"), "new_theme": ("nuevo Tema", "new Theme"),
    "domain": ("usar un Dominio", "use a Domain"),
}
_W = {
    "es": {"die": "dado", "dice": "dados", "to": "para el", "title": "Tragedia", "transformation":
           "escena de Transformación", "pools": "Reservas", "auto": "éxito automático", "autos":
           "éxitos automáticos", "ties": "gana los empates", "vs": "contra", "not_rolled":
           "Aún sin tirar", "succ": "éxitos", "after": "Tras la derrota", "last": "últimos dados",
           "check": "Ver la escena", "given": "dados tirados fuera de Tirada",
           "of": "de", "level": "nivel"},
    "en": {"die": "die", "dice": "dice", "to": "for the", "title": "Tragedia", "transformation":
           "Transformation scene", "pools": "Pools", "auto": "automatic success", "autos":
           "automatic successes", "ties": "wins ties", "vs": "vs", "not_rolled": "Not rolled yet",
           "succ": "successes", "after": "After the loss", "last": "last dice", "check":
           "See the scene", "given": "dice rolled outside Tirada",
           "of": "of", "level": "level"},
}


def _i(lang: str) -> int:
    return 0 if lang == "es" else 1


def _words(lang: str) -> dict:
    return _W["es" if lang == "es" else "en"]


def _plain(value: Any) -> Mapping[str, Any]:
    """A record (``SceneView``, ``RollCard``, ``Contribution``) as its dict; a dict as itself."""
    to_dict = getattr(value, "to_dict", None)
    return to_dict() if callable(to_dict) else value


def describe(c: Any, lang: str = "es") -> list:
    """Tokens ``[(text, mark)]`` of one contribution (a ``scene_result`` ``contributions`` item):
    who, the source and its detail, the dice and the side, and the narrated note.

    Example (es): ``Corvo: Destino (reutilizar un Rasgo agotado «Cicatrices») → 1 dado para el
    Protagonista — «Recuerda Tracia»``. ``mark`` ``"user"`` marks text to escape.
    """
    i, w = _i(lang), _words(lang)
    c = _plain(c)
    source, detail = c.get("source"), str(c.get("detail") or "")
    out: List[Token] = [(str(c.get("by") or ""), "user"), (": ", None),
                        (SOURCE_NAMES.get(str(source), (str(source), str(source)))[i], None)]
    if source in ("trait", "theme", "domain", "flaw") and detail:
        out += [(" «", None), (detail, "user"), ("»", None)]
    elif source in ("turned_trait", "consequence") and ": " in detail:
        owner, name = detail.split(": ", 1)
        out += [(" «", None), (name, "user"), (f"» {w['of']} ", None), (owner, "user")]
    elif source == "destiny":
        use, _, name = detail.partition(": ")
        out.append((f" ({DESTINY_USES.get(use, (use, use))[i]}", None))
        out += [(" «", None), (name, "user"), ("»)", None)] if name else [(")", None)]
    elif source == "tragedy" and detail:
        out.append((f" ({w['level']} {detail.rsplit(' ', 1)[-1]})", None))
    n = int(c.get("dice") or 0)
    side = SIDE_NAMES.get(str(c.get("side")), ("?", "?"))[i]
    out.append((f" → {n} {w['die'] if n == 1 else w['dice']} {w['to']} {side}", None))
    if c.get("note"):
        out += [(" — «", None), (str(c["note"]), "user"), ("»", None)]
    return out


def describe_text(c: Any, lang: str = "es") -> str:
    """:func:`describe` as one plain line (user text cleaned, not escaped: the page escapes HTML)."""
    return "".join(clean(text, 2000) if mark == "user" else text for text, mark in describe(c, lang))


def outcome(view: Any, lang: str = "es") -> str:
    """The outcome in words, or ``""`` before the roll: e.g. ``Gana el Protagonista: 4 éxitos
    contra 4 (empate: el Defecto le dio los empates)`` (tragedia.md §The final roll); while the
    post-loss step is open, ``De momento gana el Adversario: …``. The words are
    :func:`tirada.systems.tragedia.words.outcome_words`' (the roll link's card, snippet, audit row and
    mark say the same)."""
    from .words import outcome_words

    view = _plain(view)
    roll = view.get("roll")
    if not roll:
        return ""
    said = outcome_words(dict(roll), lang, open_loss=view.get("phase") == "post_loss")
    return f"{said.headline}: {said.total}" + (f" ({said.detail})" if said.detail else "")


def _faces(faces: list, bold_even: bool = True) -> List[Token]:
    out: List[Token] = []
    for k, face in enumerate(faces):
        out += [(" " if k else "", None), (str(face), "b" if bold_even and face % 2 == 0 else None)]
    return out or [("—", None)]


def tokens(view: Any, lang: str = "es") -> list:
    """The snippet of a scene as token lines (see :func:`tirada.links.snippets.render`): the title and
    Objective, one line per contribution (each die's source), the pools, the faces (even = success,
    bold), the outcome, and the link line."""
    i, w = _i(lang), _words(lang)
    view = _plain(view)
    head: List[Token] = [(w["title"], "b")]
    if view.get("kind") == "transformation":
        head.append((f" ({w['transformation']})", None))
    if view.get("objective"):
        head += [(" — ", None), (str(view["objective"]), "user-b")]
    lines: List[List[Token]] = [head]
    lines += [[("• ", None)] + describe(c, lang) for c in view.get("contributions", [])]
    pools = view.get("pools", {})
    pro, adv = pools.get("protagonist", {}), pools.get("adversary", {})
    extra = []
    if pro.get("auto_successes"):
        n = pro["auto_successes"]
        extra.append(f"+{n} {w['auto'] if n == 1 else w['autos']}")
    if pro.get("wins_ties"):
        extra.append(w["ties"])
    more = f" ({', '.join(extra)})" if extra else ""
    lines.append([(f"{w['pools']}: {SIDE_NAMES['protagonist'][i]} {pro.get('dice', 0)} {w['dice']}{more} "
                   f"{w['vs']} {SIDE_NAMES['adversary'][i]} {adv.get('dice', 0)} {w['dice']}", None)])
    roll = view.get("roll")
    if not roll:
        lines.append([(w["not_rolled"], "b")])
    else:
        for stage in roll["stages"]:
            if stage["stage"] == "final":
                auto = f" +{stage['auto_successes']}" if stage.get("auto_successes") else ""
                lines.append([(f"{SIDE_NAMES['protagonist'][i]}: ", None)] + _faces(stage["protagonist_faces"])
                             + [(f"{auto} → {stage['protagonist_successes']} {w['succ']}", None)])
                lines.append([(f"{SIDE_NAMES['adversary'][i]}: ", None)] + _faces(stage["adversary_faces"])
                             + [(f" → {stage['adversary_successes']} {w['succ']}", None)])
            else:
                lines.append([(f"{w['after']}: {SOURCE_NAMES['tragedy'][i]} ", None)]
                             + _faces(stage["tragedy_faces"])
                             + [(f"; {w['last']} ", None)] + _faces(stage["protagonist_last_faces"])
                             + [(" / ", None)] + _faces(stage["adversary_last_faces"]))
        lines.append([(outcome(view, lang), "b")])
        if view.get("given_faces"):
            lines.append([(f"({w['given']})", None)])
    lines.append([(w["check"], "url")])
    return lines


def snippet(view: Any, url: str, style: str = "bbcode", lang: str = "es") -> str:
    """A forum snippet of the scene ``view`` linking to ``url`` (the scene link).

    Args:
        view: :func:`tirada.systems.tragedia.play.view`'s record or a ``scene_result`` dict. url: ``http(s)://…#t1…``.
        style: ``"bbcode"``, ``"markdown"``, ``"text"`` or ``"html"``. lang: ``"es"`` or ``"en"``.
    Raises:
        InvalidRequest: bad style, or a URL that is not http(s).
    """
    return render(tokens(view, lang), url, style)


def roll_lines(result: dict, lang: str, said: OutcomeWords) -> list:
    """The dice-and-outcome line of a final roll's link snippet (registry ``snippet``; ``said``: its
    :func:`tirada.systems.tragedia.words.outcome_words`): every die, then the winner and both sides'
    successes, ``4 4 2 … → **Gana el Protagonista**: **8 éxitos contra 3**`` (the tie rule after, in
    parentheses, when a tie decided); a result with no winner reads as the generic roll's line."""
    if result.get("winner") not in ("protagonist", "adversary"):
        return [dice_tokens(result, lang) + outcome_tokens(result, lang, said)]
    out: List[Token] = [(said.headline, "b"), (": ", None), (said.total, "b")]
    return [dice_tokens(result, lang) + out + ([(f" ({said.detail})", None)] if said.detail else [])]
