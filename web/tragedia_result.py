"""A Tragedia roll link's result card (pure: no pyscript, tested on CPython in tests/test_result_views.py).

A Tragedia *roll* link (``system: "tragedia"``, made by ``tirada roll`` or any script; the scene's own
links are another kind) carries the final roll of tragedia.md §The final roll and, with
``post_loss``, the roll after losing (§Losing). The shared-roll view (web/ui_shared.py) shows it
with :func:`render_result` and headlines it with :func:`summary`, like every other system
(web/result_views.py). The outcome comes first, then each stage's dice (even = success, said in
words on each die), in the words the scene view uses (web/strings_scene.py).
"""

from __future__ import annotations

from typing import Any, Mapping

from render import esc
from strings import t

__all__ = ["render_result", "summary"]


def _view(result: Mapping[str, Any]) -> dict:
    """The scene-view shape :func:`tirada.systems.tragedia.snippet.outcome` words: a roll link is
    always decided (its post-loss step, if any, is inside it)."""
    return {"roll": result, "phase": "decided"}


def summary(result: Mapping[str, Any], lang: str) -> str:
    """One line: "Gana el Protagonista: 8 éxitos contra 3" (tragedia.md §The final roll), with the
    tie rule when it decided.

    Args:
        result: ``tirada.systems.tragedia.roll.roll``'s dict (``winner``, ``protagonist_successes``,
            ``adversary_successes``, ``tie``, ``stages``). lang: ``"es"`` or ``"en"``.
    """
    from tirada.systems.tragedia import snippet

    return snippet.outcome(_view(result), lang)


def render_result(result: Mapping[str, Any], lang: str) -> str:
    """The result card body: the outcome first, then the final roll (each side's dice and successes)
    and, after a loss, the new Tragedy dice and both sides' last dice.

    Args:
        result: as for :func:`summary`; ``stages`` is a list of ``{"stage": "final" | "post_loss",
            …faces…}`` (tirada.systems.tragedia.roll). lang: ``"es"`` or ``"en"``.
    Returns:
        HTML (every number and word escaped).
    """
    from ui_scene_render import dice_html

    won = result["winner"] == "protagonist"
    parts = [f'<h2>{esc(t("res.heading", lang))}</h2>',
             f'<p class="verdict {"ok" if won else "bad"}" data-winner="{esc(result["winner"])}">'
             f'{esc(summary(result, lang))}</p>']
    for stage in result["stages"]:
        if stage["stage"] == "final":
            auto = (f' <span class="meta">{esc(t("res.auto", lang))}: {int(stage["auto_successes"])}</span>'
                    if stage.get("auto_successes") else "")
            parts.append(f'<h3>{esc(t("res.final", lang))}</h3>'
                         f'<p>{esc(t("play.side_p", lang))}{auto}</p>'
                         + dice_html(stage["protagonist_faces"], t("play.side_p", lang), lang)
                         + f'<p>{esc(t("play.side_a", lang))}</p>'
                         + dice_html(stage["adversary_faces"], t("play.side_a", lang), lang)
                         + f'<p class="score" data-score="{int(stage["protagonist_successes"])}-'
                         f'{int(stage["adversary_successes"])}">{int(stage["protagonist_successes"])} – '
                         f'{int(stage["adversary_successes"])} {esc(t("res.successes", lang))}</p>')
        else:
            parts.append(f'<h3>{esc(t("res.post", lang))}</h3>')
            for faces, key in (("tragedy_faces", "res.tragedy_dice"), ("protagonist_last_faces", "res.last_p"),
                               ("adversary_last_faces", "res.last_a")):
                parts.append(f'<p>{esc(t(key, lang))}</p>' + dice_html(stage[faces], t(key, lang), lang))
    return "".join(parts)
