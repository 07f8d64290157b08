"""The Competencia card of the Confrontation view (issue #15): when no Component with dice is in
the scene there is no fight, only a contest against the world's forces (seed 000, Disparando la
Confrontación). Glue only: read the card's fields → :func:`tirada.systems.brs.contest.contest_view` →
write the result. The way it is played is a project [decision] shown beside the seed's words in the
card (docs/brs-rules.md).

:func:`read_request` and :func:`result_html` are pure (no pyscript import); :func:`bind` wires the
button when the view starts.
"""

from __future__ import annotations

from shell.render import esc
from shell.strings import t
from tirada.fields import typed_int
from tirada.systems.brs.contest import ContestResult, ContestSide

__all__ = ["bind", "dice_list", "read_request", "result_html", "roll"]


def dice_list(text: str) -> list:
    """``"d8 6, d4"`` → ``[8, 6, 4]``; a word that is not a size stays as typed, for the engine to
    refuse by name."""
    out: list = []
    for word in str(text or "").replace(",", " ").split():
        core = word.lower().removeprefix("d")
        value = typed_int(core)
        out.append(value if isinstance(value, int) and value >= 0 else word)
    return out


def read_request(get) -> dict:
    """The Competencia request from the card (``get(id)`` returns an element or None)."""

    def val(name: str) -> str:
        node = get(f"brs-contest-{name}")
        return "" if node is None else str(node.value)

    req: dict = {"player_dice": dice_list(val("player-dice")), "world_dice": dice_list(val("world-dice")),
                 "count": int(val("count") or 2), "ties": val("ties") or "player"}
    name = val("player").strip()
    if name:
        req["player"] = name
    return req


def _side(side: ContestSide) -> str:
    dice = ", ".join(f"d{d.d} ({d.face})" if d.kept else f"d{d.d} ({d.face}, —)" for d in side.dice)
    return f"{side.name}: {dice} → {side.score}"


def result_html(out: ContestResult, lang: str) -> str:
    """The contest's result: both pools (dice left out marked —), the scores, the winner and the seed."""
    winner = (out.player if out.winner == "player" else out.world).name
    tie = out.margin == 0
    lines = [_side(out.player), _side(out.world),
             t("brs.contest.winner_tie" if tie else "brs.contest.winner", lang).format(winner=winner)]
    if out.seed:
        lines.append(t("brs.contest.seed", lang).format(seed=out.seed))
    return "".join(f"<p>{esc(x)}</p>" for x in lines)


def roll(event=None) -> None:  # pragma: no cover - browser glue
    """The "roll" button: play the Competencia with a fresh seed and show it (or the refusal)."""
    from shell import app
    from shell import ui_refusal
    from tirada import TiradaError, new_seed
    from tirada.systems.brs.contest import contest_view

    err_box = app.el("brs-contest-error")
    try:
        req = {"player": t("brs.contest.player", app.State.lang), **read_request(app.el),
               "world": t("brs.contest.world_name", app.State.lang), "seed": new_seed()}
        out = contest_view(req)
    except TiradaError as err:
        ui_refusal.line("brs-contest-error", err)
        app.el("brs-contest-result").hidden = True   # an earlier roll's result is not this request's
        return
    err_box.hidden = True
    box = app.el("brs-contest-result")
    box.innerHTML = result_html(out, app.State.lang)
    box.hidden = False


def bind() -> None:  # pragma: no cover - browser glue
    """Listen to the card's button."""
    from pyodide.ffi import create_proxy

    from shell import app

    app.el("brs-contest-roll").addEventListener("click", create_proxy(roll))
