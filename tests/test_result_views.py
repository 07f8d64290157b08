"""Every roll system of the registry has its own result view on the page (web/roll/result_views.py).

Issue #25: the shared-roll view fell back to the generic roll's renderer for a system it did not
know, and a valid Tragedia roll link killed the page (``KeyError: 'kept_indices'``). Now the table
names the Form (web/form_<id>.py) of every system with roll links, that module must define
``render_result`` and ``summary``, and there is no fallback (tests/test_forms.py checks the rest of
what the registry requires). The Tragedia view draws the vectors' rolls in both languages.

CPython only (reads web/ sources; ui_dice and ui_l5r import pyscript, so they are read, not imported).
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

import pytest

from tirada.links.chain import verify
from tirada.systems.registry import REGISTRY

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
WEB = Path(__file__).resolve().parents[1] / "web"

from roll import result_views  # noqa: E402
from tragedia import tragedia_result  # noqa: E402

VECTORS = Path(__file__).resolve().parent / "vectors"


def _defined(module: str) -> set:
    tree = ast.parse(WEB.joinpath(*module.split(".")).with_suffix(".py").read_text("utf-8"))
    names = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    for node in tree.body:        # ``from l5r.ui_l5r_render import render_result, summary`` counts too
        if isinstance(node, ast.ImportFrom):
            names |= {alias.asname or alias.name for alias in node.names}
    return names


def test_every_system_with_roll_links_has_exactly_one_result_view():
    rolled = {spec.id for spec in REGISTRY.values() if spec.roll is not None}
    assert set(result_views.RESULT_VIEWS) == rolled
    for system, module in result_views.RESULT_VIEWS.items():
        assert {"render_result", "summary"} <= _defined(module), (system, module)


def test_an_unknown_system_is_refused_not_drawn_by_another_system():
    for system in ("brs", "dnd5e", None, 3, ["tragedia"]):
        with pytest.raises(result_views.UnknownSystem):
            result_views.view_for(system)
    assert result_views.view_for("tragedia").render_result is tragedia_result.render_result


def _tragedia_rolls() -> list:
    doc = json.loads((VECTORS / "tragedia.json").read_text("utf-8"))
    return [verify(case["fragment"]) for case in doc["rolls"]]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_tragedia_roll_links_are_drawn_outcome_first(lang):
    rolls = _tragedia_rolls()
    assert rolls
    for checked in rolls:
        result = checked["result"]
        html = tragedia_result.render_result(result, lang)
        line = tragedia_result.summary(result, lang)
        text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
        assert "{" not in html and "None" not in text
        # the outcome comes before any die, and names the winner and both scores
        assert text.index(line) < text.index("Tirada final" if lang == "es" else "Final roll")
        side = {"protagonist": ("Protagonista", "Protagonist"), "adversary": ("Adversario", "Adversary")}
        assert side[result["winner"]][0 if lang == "es" else 1] in line
        assert f'{result["protagonist_successes"]} ' in line and str(result["adversary_successes"]) in line
        # every die is drawn once, with its success in words
        assert html.count('class="die ') == len(result["faces"])
        assert html.count("kept") == sum(1 for f in result["faces"] if f % 2 == 0)


def test_a_post_loss_roll_shows_its_second_stage():
    """tragedia.md §Losing: the new Tragedy dice and both sides' last dice are drawn after a loss."""
    from tirada import roll

    result = roll({"system": "tragedia", "protagonist_dice": 1, "adversary_dice": 6, "faces": [1, 2, 2, 2, 2, 2, 2,
                   2, 2, 1, 1], "post_loss": {"tragedy_dice": 2, "last_dice": {"protagonist_side": 1, "adversary_side": 1}}})
    assert result["post_loss"]
    html = tragedia_result.render_result(result, "es")
    assert "Tras la derrota" in html and html.count('class="die ') == len(result["faces"])
    assert tragedia_result.summary(result, "es").startswith("Gana el")
