"""The chain book: every rule about a browser's roller chains, as pure data (issue #25 item 2).

A roller chain (docs/link-format.md §6) is numbered in one browser. The page keeps all of them in
one stored value, the **book** ``{"<roller>\\n<campaign>": entry}``; ``web/shell/store.py`` reads it from
``localStorage`` and writes it back, and this module decides everything else: which head a roll
continues, that a number is never lowered, what a hand-over does on both devices, and what an
import does. An **entry** is a :class:`tirada.links.chain.ChainState` dict plus two optional keys::

    {"v": 1, "roller", "campaign", "seq", "last",
     "retired": created,        # handed over from here at that time (Unix s): no roll continues it
     "used": [hand-over id, …]} # hand-over links already opened here (newest last, at most USED_CAP)

Rules (docs/link-format.md §11.1):

* a retired chain is never numbered (:func:`head` raises ``chain.retired``): the page says where it
  went instead of starting a new nº 1 under the same name;
* a record never lowers or forks the stored head (:func:`record` raises ``chain.moved``);
* a hand-over link is single-use in a book, and never moves a chain back (:func:`receive`);
* a hand-over link changes a chain this book already holds only with consent (:func:`plan`, then
  :func:`receive` with the plan's ``key``): silently it fills an empty chain only. A head this
  book never handed away (the chain is active here, or was handed away at another head) asks for
  an explicit, worded choice; a head above :data:`MAX_HANDOVER_SEQ` is refused (``handover.absurd``);
* an import restores every chain whose copy is further along and keeps the rest (:func:`restore`).

Public API: :func:`head`, :func:`record`, :func:`hand_over`, :func:`plan`, :func:`receive`,
:func:`restore`, :func:`handover_id`, :func:`retired`; :class:`HandoverPlan`.
"""

from __future__ import annotations

import hashlib
from typing import Any, Dict, Literal, Mapping, Optional, Tuple

from .errors import InvalidRequest
from .links.chain import ChainState
from .links.handover import decode_handover, encode_handover
from .names import chain_key, check_chain_names
from .portable import Struct, merged

__all__ = ["MAX_HANDOVER_SEQ", "USED_CAP", "HandoverPlan", "Retired", "chain_entry", "changed_keys", "hand_over", "handover_id", "head",
           "plan", "receive", "record", "restore", "retired"]

RULE = "link-format.md §11.1"
#: How many opened hand-over ids a chain remembers (the oldest are forgotten first).
USED_CAP = 20
#: The highest chain number a hand-over link may carry: an honest chain of forum rolls never comes
#: near it (a roll a day for 270 years); a head above it is a forgery meant to make every later
#: number look like a gap, and is refused (``handover.absurd``).
MAX_HANDOVER_SEQ = 100_000


#: the latest hand-over time a stored chain may hold (s since 1970: 9999-12-31)
MAX_CREATED = 253402300799
_HEX = "0123456789abcdef"


def chain_entry(key: Any, value: Any) -> dict:
    """A stored roller chain, checked: its ``ChainState.to_dict()`` plus the chain book's optional
    ``retired`` (Unix s, 0..MAX_CREATED) and ``used`` (at most 20 hand-over ids, 12 hex digits each).
    The page's store reads every entry of its book with it (a damaged one holds the whole book for
    the player's decision: web/shell/store.py), and so does the reading core before it numbers a roll
    (tirada.core_roll).

    Raises:
        InvalidRequest: a malformed chain, or one whose roller and campaign are not those of its
        key (an import must not file a chain under another name).
    """
    state = ChainState.from_dict(value).to_dict()
    if not isinstance(key, str) or key != chain_key(state["roller"], state["campaign"]):
        raise InvalidRequest("the chain's roller and campaign are not those of its key", field="chains",
                             code="storage.chain_key")
    gone, used = value.get("retired"), value.get("used")
    if gone is not None:
        if isinstance(gone, bool) or not isinstance(gone, int) or not 0 <= gone <= MAX_CREATED:
            raise InvalidRequest("must be a time in seconds", field="chains.retired", code="storage.time")
        state["retired"] = gone
    if used is not None:
        if not isinstance(used, list) or len(used) > 20 or not all(
                isinstance(u, str) and len(u) == 12 and all(c in _HEX for c in u) for u in used):
            raise InvalidRequest("must be at most 20 hand-over ids", field="chains.used", code="storage.handover_ids")
        if used:
            state["used"] = list(used)
    return state


def handover_id(state: ChainState, created: int | None) -> str:
    """The id of a hand-over link (12 hex digits): the same head made at the same second gives the
    same link and the same id."""
    text = f"{state.roller}\n{state.campaign}\n{state.seq}\n{state.last or ''}\n{created if created is not None else ''}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def _state(entry: Mapping[str, Any]) -> ChainState:
    return ChainState.from_dict(entry)


def _entry(state: ChainState, old: Mapping[str, Any] | None = None, **extra: Any) -> dict:
    """A stored entry for ``state``, keeping ``old``'s used hand-over ids (``extra`` adds keys)."""
    out = state.to_dict()
    used = list((old or {}).get("used") or [])
    if extra.get("used"):
        used = [u for u in used if u != extra["used"]] + [extra["used"]]
    if used:
        out["used"] = used[-USED_CAP:]
    if extra.get("retired") is not None:
        out["retired"] = extra["retired"]
    return out


class Retired(Struct):
    """A chain handed over from this book and not received back: its head's ``seq`` (≥ 0) and when it
    was handed over (``created``, Unix seconds)."""

    _fields = ("seq", "created")
    seq: int
    created: int

    def __init__(self, seq: int, created: int) -> None:
        self._init(seq, created)

    def to_dict(self) -> dict:
        """``{"seq", "created"}``."""
        return {"seq": self.seq, "created": self.created}


def retired(chains: Mapping[str, Any], roller: str, campaign: str) -> Retired | None:
    """The :class:`Retired` chain of (roller, campaign) when it was handed over from this book and not
    received back, else None."""
    entry = chains.get(chain_key((roller or "").strip(), (campaign or "").strip()))
    if isinstance(entry, Mapping) and entry.get("retired") is not None:
        return Retired(entry.get("seq", 0), entry["retired"])
    return None


def changed_keys(before: Mapping[str, Any], after: Mapping[str, Any]) -> list:
    """The keys (``roller + "\\n" + campaign``) of the chains whose entries differ from ``before`` to
    ``after`` (two books as stored), leaving out the retired ones (no roll continues them), in
    ``after``'s order: the heads another tab must adopt."""
    return [key for key, entry in after.items()
            if entry != before.get(key) and not (isinstance(entry, Mapping) and entry.get("retired"))]


def head(chains: Mapping[str, Any], roller: str, campaign: str) -> ChainState | None:
    """The head the next roll of (roller, campaign) continues: the stored one, or a new chain at 0;
    ``None`` for an unnamed roller (an unnumbered roll).

    Raises:
        InvalidRequest: a name the link format refuses (``chain.roller``, ``field.*``, ``name.*``), a
        new chain whose roller or campaign mixes scripts (``name.mixed_script``), or
        ``chain.retired`` (params ``who``, ``seq``): this chain was handed over to another device.
    """
    roller, campaign = (roller or "").strip(), (campaign or "").strip()
    if not roller:
        return None
    fresh = ChainState(roller, campaign)            # checks the names first
    entry = chains.get(chain_key(fresh.roller, fresh.campaign))
    if not isinstance(entry, Mapping):
        check_chain_names(fresh.roller, fresh.campaign, rule=RULE)   # a new chain: no look-alike mix of scripts
        return fresh
    if entry.get("retired") is not None:
        raise InvalidRequest("this chain was handed over to another device", field="roller", rule=RULE,
                             code="chain.retired", params={"who": fresh.roller, "seq": entry.get("seq", 0)})
    return _state(entry)


def record(chains: Mapping[str, Any], before: ChainState, after: ChainState) -> dict:
    """The book with ``after`` stored as the head of its chain (a new dict; ``chains`` unchanged).

    Raises:
        InvalidRequest: ``chain.moved`` when the stored head is no longer ``before`` (another tab
        numbered or handed it over meanwhile) or ``after`` does not go past it (a number is never
        lowered or reused); ``chain.invalid`` when the two are not the same chain.
    """
    if (before.roller, before.campaign) != (after.roller, after.campaign):
        raise InvalidRequest("not the same chain", field="chain", rule=RULE, code="chain.invalid")
    key = chain_key(after.roller, after.campaign)
    old = chains.get(key)
    now = (old.get("seq", 0), old.get("last")) if isinstance(old, Mapping) else (0, None)
    if (isinstance(old, Mapping) and old.get("retired") is not None) or now != (before.seq, before.last) \
            or after.seq <= before.seq:
        raise InvalidRequest("the chain moved while this roll was made", field="chain", rule=RULE,
                             code="chain.moved", params={"who": after.roller, "seq": now[0]})
    return merged(chains, {key: _entry(after, old if isinstance(old, Mapping) else None)})


def hand_over(chains: Mapping[str, Any], roller: str, campaign: str, created: int) -> Tuple[str, ChainState, dict]:
    """Hand the chain of (roller, campaign) to another device: ``(link fragment, head, new book)``.
    The chain is retired here (kept, never numbered again until a later head comes back). Asking
    again for a retired chain gives the same link (same head, same time).

    Raises:
        InvalidRequest: an unnamed roller (``chain.roller``) or a name links cannot hold.
    """
    roller, campaign = (roller or "").strip(), (campaign or "").strip()
    if not roller:
        raise InvalidRequest("a chain needs the roller's name", field="roller", rule=RULE, code="chain.roller")
    gone = retired(chains, roller, campaign)
    if gone is not None:
        state = _state(chains[chain_key(roller, campaign)])
        return encode_handover(state, gone.created), state, dict(chains)
    now = head(chains, roller, campaign)
    state = now if now is not None else ChainState(roller, campaign)
    key = chain_key(state.roller, state.campaign)
    old = chains.get(key)
    book = merged(chains, {key: _entry(state, old if isinstance(old, Mapping) else None, retired=created)})
    return encode_handover(state, created), state, book


Outcome = Literal["adopted", "same", "used", "older", "ask"]


class HandoverPlan(Struct):
    """What opening a hand-over link would do in a book (:func:`plan`), before anything is stored.

    ``outcome``: ``"adopted"`` (the book has no such chain: it is stored silently), ``"same"``
    (already this head), ``"used"`` (this link was opened here before), ``"older"`` (the book is
    further along: kept), or ``"ask"`` (the link would change a chain this book holds: only with
    consent). ``consent`` (when ``ask``): ``"back"`` — this book handed away exactly this head
    (taking its own hand-over back: a plain confirmation); ``"unknown"`` — this book never handed
    this head away: the chain is active here (``here_retired`` None: a link made elsewhere, or a
    forgery, would make the numbers in between look unposted) or was handed away at another head
    (``here_retired`` the number it left at: the other device rolled on, or someone forged it); the
    page asks for an explicit, worded choice. ``handed``: the link's head; ``here``: the book's head
    (None: no such chain); ``key``: what the consent names, passed back to :func:`receive` (a book
    that changed meanwhile gives another key and the question is asked again).
    """

    _fields = ("outcome", "handed", "created", "here", "here_retired", "consent")
    outcome: Outcome
    handed: ChainState
    created: Optional[int]
    here: Optional[ChainState]
    here_retired: Optional[int]
    consent: str

    def __init__(self, outcome: Outcome, handed: ChainState, created: Optional[int], here: Optional[ChainState] = None,
                 here_retired: Optional[int] = None, consent: str = "") -> None:
        self._init(outcome, handed, created, here, here_retired, consent)

    @property
    def key(self) -> str:
        """The consent's name: the kind of consent, this book's head and the link's head."""
        here = self.here
        return (f"{self.consent}:{here.seq if here else 0}:{(here.last if here else '') or ''}:"
                f"{self.handed.seq}:{self.handed.last or ''}")

    @property
    def jump(self) -> int:
        """How many numbers the link's head is past this book's (the rolls this browser never saw)."""
        return self.handed.seq - (self.here.seq if self.here else 0)


def plan(chains: Mapping[str, Any], fragment: str) -> HandoverPlan:
    """What :func:`receive` would do with a hand-over link in this book; nothing is changed.

    Raises:
        LinkError: not a hand-over link (:func:`tirada.links.handover.decode_handover`).
        InvalidRequest: ``handover.absurd`` (params ``seq``, ``most``): a head above
        :data:`MAX_HANDOVER_SEQ`.
    """
    handed, created = decode_handover(fragment)
    if handed.seq > MAX_HANDOVER_SEQ:
        raise InvalidRequest(f"a hand-over link at nº {handed.seq} is not a real chain", field="link", rule=RULE,
                             code="handover.absurd", params={"seq": handed.seq, "most": MAX_HANDOVER_SEQ})
    hid = handover_id(handed, created)
    old = chains.get(chain_key(handed.roller, handed.campaign))
    if not isinstance(old, Mapping):
        return HandoverPlan("adopted", handed, created)
    local = _state(old)
    gone = old.get("retired")
    if hid in (old.get("used") or []):
        return HandoverPlan("used", handed, created, local, gone and local.seq)
    same = (local.seq, local.last) == (handed.seq, handed.last)
    if same and gone is not None:
        return HandoverPlan("ask", handed, created, local, local.seq, "back")
    if same:
        return HandoverPlan("same", handed, created, local)
    if local.seq < handed.seq:
        return HandoverPlan("ask", handed, created, local, local.seq if gone is not None else None, "unknown")
    return HandoverPlan("older", handed, created, local, local.seq if gone is not None else None)


def receive(chains: Mapping[str, Any], fragment: str, consent: str = "") -> Tuple[str, ChainState, dict]:
    """Open a hand-over link in this book: ``(outcome, head now, new book)``.

    Outcomes: ``"adopted"`` (nothing here; or, with ``consent`` equal to the :class:`HandoverPlan`
    ``key`` of :func:`plan`, this book was behind or had handed this very head away: the link's head
    is stored, active); ``"ask"`` (the link would change a chain held here and ``consent`` does not
    name this plan: nothing changes; ask with :func:`plan`); ``"same"`` (already this head);
    ``"used"`` (this link was opened here before: it cannot set the chain back); ``"older"`` (this
    book is further along: the link would move the chain back or fork it). Only ``adopted`` and
    ``same`` remember the link's id; the others leave the book as it is.

    Raises:
        LinkError: not a hand-over link (:func:`tirada.links.handover.decode_handover`).
        InvalidRequest: ``handover.absurd`` (:func:`plan`).
    """
    made = plan(chains, fragment)
    handed = made.handed
    hid = handover_id(handed, made.created)
    key = chain_key(handed.roller, handed.campaign)
    old = chains.get(key)
    if made.outcome == "adopted":
        return "adopted", handed, merged(chains, {key: _entry(handed, None, used=hid)})
    assert isinstance(old, Mapping) and made.here is not None
    if made.outcome == "ask":
        if consent != made.key:
            return "ask", made.here, dict(chains)
        return "adopted", handed, merged(chains, {key: _entry(handed, old, used=hid)})
    if made.outcome == "same":
        return "same", made.here, merged(chains, {key: _entry(made.here, old, used=hid)})
    return made.outcome, made.here, dict(chains)


def restore(existing: Mapping[str, Any], incoming: Mapping[str, Any]) -> Tuple[dict, Dict[str, int]]:
    """Merge the chains of a backup into the book: ``(new book, {"restored": n, "kept": n})``.

    A chain of the backup is restored when the book lacks it or holds it at a lower number (never
    lowering one); otherwise the book's copy stays. Used hand-over ids of both copies are kept.
    Both arguments are checked books (:func:`chain_entry` entries).
    """
    out = dict(existing)
    counts = {"restored": 0, "kept": 0}
    for key, entry in incoming.items():
        old = existing.get(key)
        used = list((old or {}).get("used") or []) if isinstance(old, Mapping) else []
        used += [u for u in entry.get("used") or [] if u not in used]
        if not isinstance(old, Mapping) or entry.get("seq", 0) > old.get("seq", 0):
            new = dict(entry)
            counts["restored"] += 1
        else:
            new = dict(old)
            counts["kept"] += 1
        if used:
            new["used"] = used[-USED_CAP:]
        out[key] = new
    return out, counts
