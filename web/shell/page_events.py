"""What happens on the page, as typed events, and who hears each one: one explicit list per event, no
hook list filled at import time (issue #40).

An event is a small frozen dataclass (:class:`LinkOpening`, :class:`RollSaved`, :class:`NoticesDrawn`,
:class:`RequestWritten`, :class:`NameFilled`, :class:`BeforeRoll`, :class:`LangChanged`). :data:`LISTENERS` names, per event,
the view modules that hear it, in the order they are called; each of them defines the module-level
function :data:`HANDLERS` names for that event, taking the event as its one argument.
:func:`emit` calls it on each listed module that is **loaded** (``sys.modules``) and skips the others: a
view page.py loads later (its ``LAZY``: the audit, the Confrontation, the scene, My data, sealed rolls)
has nothing on screen to update before it starts, and it is never imported here (its imports would
delay the page's start).

The order: the views page.py imports at start, in the order their modules load, then a Form's ``FLOW``
view (loaded when such a roll starts: Fate's invocations), then the lazy ones in the order page.py's
timer loads them (``LAZY``) — the order the import-time hook lists ran them in.
tests/test_page_events.py checks the lists against the views' sources and that order.

The two questions the roll form asks another view — the GM request the form is locked to
(web/fair/ui_request.py: :func:`gm_answer`, :func:`gm_answered`) and the sealed request
(web/fair/ui_sealed.py: :func:`sealed_active`, :func:`sealed_roll`) — go through :data:`ASKS`, with the
answer of "no such request" while that view is not loaded. A link's kind is opened by the function
:data:`OPENERS` names (:func:`opener`), imported when a link of that kind opens.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass
from typing import Any, Callable

__all__ = ["ASKS", "BeforeRoll", "HANDLERS", "LISTENERS", "LangChanged", "LinkOpening", "NameFilled", "NoticesDrawn",
           "OPENERS", "RequestWritten", "RollSaved", "emit", "gm_answer", "gm_answered", "opener",
           "sealed_active", "sealed_roll"]


@dataclass(frozen=True)
class LinkOpening:
    """A link of ``kind`` (a payload kind: ``"roll"``, ``"request"``, ``"chain"``, ``"thread"`` …) is
    about to be opened: each view drops the error or the "opened from a link" banner of an earlier link
    (nothing stale stays on screen)."""

    kind: str


@dataclass(frozen=True)
class RollSaved:
    """A finished roll was saved to the history: ``roll`` is the verified roll with its ``fragment``
    (``{"request", "result", "fragment", …}``; e.g. a character sheet that the roll changes)."""

    roll: dict


@dataclass(frozen=True)
class NoticesDrawn:
    """The notice bar (``#notice``) was just drawn again (e.g. to add an action button to it)."""


@dataclass(frozen=True)
class RequestWritten:
    """A request was written into the roll form ("roll this again", a GM's request, a character
    sheet): ``request`` with its ``system``; a control that is not one of its fields follows it."""

    request: dict


@dataclass(frozen=True)
class NameFilled:
    """Code (not typing) filled the roller's name (``#roller``): a hand-over adopted, a GM request
    naming the player. An ``input`` event is not sent for a value set by a script."""


@dataclass(frozen=True)
class BeforeRoll:
    """A roll of ``request`` is about to draw its first die; a handler that raises ``TiradaError``
    stops it (e.g. a sheet without the Void point the check would spend)."""

    request: dict


@dataclass(frozen=True)
class LangChanged:
    """The page's language is now ``app.State.lang``, or what the views show changed under them (another
    tab wrote the stored data, a backup was imported): each view redraws what it shows, in that
    language. ``redrawn``: the module name of a view that has redrawn itself already (the one that
    emitted the event, e.g. My data after an import), which :func:`emit` does not call again; ``""``
    for none. A view loaded later draws itself in the current language when it starts."""

    redrawn: str = ""


#: the module-level function a listening view defines for each event (it takes the event)
HANDLERS: dict = {
    LinkOpening: "on_link_opening",
    RollSaved: "on_roll_saved",
    NoticesDrawn: "on_notices_drawn",
    RequestWritten: "on_request_written",
    NameFilled: "on_name_filled",
    BeforeRoll: "on_before_roll",
    LangChanged: "on_lang_changed",
}

#: who hears each event, in the order they are called (start-up views in load order, then lazy ones)
LISTENERS: dict = {
    LinkOpening: ("fair.ui_fair", "fair.ui_request", "fair.ui_shared", "audit.ui_thread", "tragedia.ui_scene", "brs.ui_brs", "fair.ui_sealed"),
    RollSaved: ("roll.ui_who", "data.ui_data_editor"),
    NoticesDrawn: ("fair.ui_fair", "data.ui_data"),
    RequestWritten: ("dice.ui_bands",),
    NameFilled: ("roll.ui_who",),
    BeforeRoll: ("data.ui_data_editor",),
    LangChanged: ("dice.ui_dice", "roll.ui_odds", "roll.ui_roll", "l5r.ui_l5r", "dice.ui_bands",
                  "fair.ui_request", "roll.ui_who", "fair.ui_shared", "dice.ui_fate", "l5r.ui_l5r_turn", "audit.ui_audit",
                  "tragedia.ui_scene", "brs.ui_brs", "data.ui_data", "fair.ui_sealed"),
}


def emit(event: Any) -> None:
    """Call the handler of ``event`` (:data:`HANDLERS`) on every loaded module :data:`LISTENERS` lists
    for its type, in order (but a :class:`LangChanged`'s ``redrawn`` view). Raises what a handler raises
    (a :class:`BeforeRoll` refusal stops the roll there) and ``KeyError`` for a type that is not one of
    the events."""
    handler = HANDLERS[type(event)]
    done = event.redrawn if isinstance(event, LangChanged) else ""
    for name in LISTENERS[type(event)]:
        view = sys.modules.get(name)
        if view is not None and name != done:
            getattr(view, handler)(event)


#: link kind → (view module, its function opening a fragment of that kind); page.py loads a lazy view
#: (its ``LAZY``) before the link opens, so resolving the route imports nothing new
OPENERS: dict = {
    "roll": ("fair.ui_shared", "open_link"),
    "chain": ("fair.ui_fair", "open_handover"),
    "request": ("fair.ui_request", "open_request"),
    "thread": ("audit.ui_thread", "open_thread"),
    "scene": ("tragedia.ui_scene", "open_scene_link"),
    "brs": ("brs.ui_brs", "open_brs_link"),
    "bid": ("brs.ui_brs_records", "open_bid_link"),
    "sealreq": ("fair.ui_sealed", "open_request"),
    "blind": ("fair.ui_sealed", "open_blind"),
    "reveal": ("fair.ui_sealed", "open_reveal"),
    "secret": ("fair.ui_sealed_secret", "open_secret"),
}


def opener(kind: str) -> Callable[[str], None] | None:
    """The function opening a link fragment of ``kind`` (its module imported if it was not), or None
    for a kind the page reads but cannot show."""
    route = OPENERS.get(kind)
    if route is None:
        return None
    return getattr(importlib.import_module(route[0]), route[1])


#: the roll form's questions to another view: name → (view module, function)
ASKS: dict = {
    "gm_answer": ("fair.ui_request", "answer"),
    "gm_answered": ("fair.ui_request", "answered"),
    "sealed_active": ("fair.ui_sealed", "active"),
    "sealed_roll": ("fair.ui_sealed", "roll"),
}


def _asked(name: str) -> Callable[..., Any] | None:
    """The function :data:`ASKS` names for ``name``, or None while its view is not loaded."""
    module, function = ASKS[name]
    view = sys.modules.get(module)
    return None if view is None else getattr(view, function)


def gm_answer(request: dict) -> tuple:
    """``(request, request id or None)``: ``request`` made to answer the GM roll request the form is
    locked to (web/fair/ui_request.py), or unchanged with None when none is open.

    Raises:
        IllegalMove: a bounded field outside the request's bounds, another system.
    """
    answer = _asked("gm_answer")
    return (request, None) if answer is None else answer(request)


def gm_answered() -> None:
    """The roll for the open GM request was made: the request view remembers it and frees the form."""
    answered = _asked("gm_answered")
    if answered is not None:
        answered()


def sealed_active() -> bool:
    """Whether the roll form is locked to a sealed GM request (web/fair/ui_sealed.py): the roll button
    then makes a blind roll instead."""
    active = _asked("sealed_active")
    return False if active is None else bool(active())


def sealed_roll(system: str) -> None:
    """Make the blind roll of ``system`` for the sealed request (only while :func:`sealed_active`)."""
    roll = _asked("sealed_roll")
    if roll is not None:
        roll(system)
