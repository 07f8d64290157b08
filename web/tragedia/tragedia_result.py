"""A Tragedia roll link's result card (pure: no pyscript, tested on CPython in tests/test_result_views.py).

A Tragedia *roll* link (``system: "tragedia"``, made by ``tirada roll`` or any script; the scene's own
links are another kind) carries the final roll of tragedia.md §The final roll and, with
``post_loss``, the roll after losing (§Losing). The shared-roll view (web/fair/ui_shared.py) shows it
with :func:`render_result` and headlines it with :func:`summary`, like every other system
(web/roll/result_views.py). The outcome comes first, then each stage's dice (even = success, said in
words on each die), in the words the scene view uses (web/tragedia/strings_scene.py).
"""

from __future__ import annotations

from typing import Any, Mapping

from tirada.systems.tragedia.records import RollCard, SceneRoll

__all__ = ["render_result", "summary"]


def _view(result: Mapping[str, Any]) -> RollCard:
    """The roll as the scene's result card reads it (a typed ``RollCard``, which
    :func:`tirada.systems.tragedia.snippet.outcome` words too): a roll link is always decided (its
    post-loss step, if any, is inside it)."""
    return RollCard(SceneRoll.from_dict(result), phase="decided")


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
    and, after a loss, the new Tragedy dice and both sides' last dice — the scene's own result card
    (web/tragedia/ui_scene_render.py), without the scene's element ids.

    Args:
        result: as for :func:`summary`; ``stages`` is a list of ``{"stage": "final" | "post_loss",
            …faces…}`` (tirada.systems.tragedia.roll). lang: ``"es"`` or ``"en"``.
    Returns:
        HTML (every number and word escaped).
    """
    from tragedia.ui_scene_render import result_html

    return result_html(_view(result), lang, verdict_id=None)
