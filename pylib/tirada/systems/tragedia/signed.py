"""Tragedia scene rolls signed by the roller's chain (ledger schema 2; docs/tragedia-scene.md §Signed
rolls; docs/link-format.md §16.10).

In a schema-1 ledger each roll (the final roll, the roll after losing) draws from its own fresh
``seed``, but that seed takes no number anywhere: re-opening the scene link and rolling again leaves
no trace. In schema 2 a roll drawn from a seed also carries ``by`` (the participant who rolls) and
``chain: {"seq", "prev"}`` — the position the seed took in that participant's roller chain (roller =
the character's name, campaign = the ledger's ``campaign``), as
:func:`tirada.links.chain.reserve` gives it. The entry's id is
:func:`tirada.fresh.entry_id` ``(seq, prev, seed bytes)``, so a second try takes another number (a
gap when only one is posted) or, from another device, the same number (a fork).

Rules of a schema-2 ledger checked here: no ledger-level ``seed`` (every roll makes its own when it
is made), an optional ``campaign`` (≤ 80 characters, the roll view's thread label), participant
names usable as roller names (≤ 40 characters: the chain's limit, so no roll is refused mid-scene),
and every roll drawn from a seed signed; a roll of dice rolled elsewhere (``faces``) takes no chain
number. Pure functions (no storage, no clock).
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import InvalidRequest
from ...wire.roll_layout import LIMITS, MAX_SEQ, check_int, check_prev, check_text, is_roller_name

__all__ = ["RULE_SIGNED", "check_position", "check_roll_signature", "check_roller_names",
           "check_signed_setup"]

RULE_SIGNED = "tragedia-scene.md §Signed rolls"


def check_signed_setup(setup: Mapping[str, Any], schema: int) -> str:
    """The ledger's ``campaign`` label (``""`` for none), checked for ``schema``.

    Raises:
        InvalidRequest: a ``campaign`` in a schema-1 ledger (``tragedia.campaign_needs_schema2``), a
        campaign the roller chains refuse (over 80 characters, control or invisible characters), or a
        ledger-level ``seed`` in a schema-2 ledger (``tragedia.signed_no_ledger_seed``: its rolls
        would be computable while the pools are gathered).
    """
    campaign = setup.get("campaign")
    if schema < 2:
        if campaign is not None:
            raise InvalidRequest("a campaign label needs ledger schema 2", field="campaign",
                                 rule=RULE_SIGNED, code="tragedia.campaign_needs_schema2")
        return ""
    if setup.get("seed") is not None:
        raise InvalidRequest("a scene with signed rolls has no scene seed: each roll makes its own",
                             field="seed", rule=RULE_SIGNED, code="tragedia.signed_no_ledger_seed")
    if campaign is None:
        return ""
    text = check_text(campaign.strip() if isinstance(campaign, str) else campaign, "campaign")
    if text is None or text != campaign:   # canonical: trimmed, NFC, never empty
        raise InvalidRequest("the campaign label must be trimmed, NFC text of 1 to "
                             f"{LIMITS['campaign']} characters", field="campaign", rule=RULE_SIGNED,
                             code="tragedia.campaign_invalid", params={"n": LIMITS["campaign"]})
    return text


def check_roller_names(participants: tuple) -> None:
    """Every participant's name can name a roller chain (≤ 40 characters, NFC): a schema-2 roll by
    any of them is signed with that name, so a name the chain refuses is refused when the scene is
    set up, never at the roll.

    Raises:
        InvalidRequest: ``tragedia.roller_name`` (params ``name``, ``n``) for the first name that
        does not fit.
    """
    for i, p in enumerate(participants):
        name = p.name
        if not is_roller_name(name):
            raise InvalidRequest(f"{name[:40]!r}…: a character who may roll needs a name of at most "
                                 f"{LIMITS['roller']} characters", field=f"participants[{i}].sheet.name",
                                 rule=RULE_SIGNED, code="tragedia.roller_name",
                                 params={"name": name[:40], "n": LIMITS["roller"]})


def check_position(value: Any, field: str = "chain") -> dict:
    """A roll's chain position ``{"seq": 1..10^9, "prev": 12 hex | None}``, normalised (``prev``
    lowercase; present exactly when ``seq`` > 1).

    Raises:
        InvalidRequest: another shape (``tragedia.chain_invalid``).
    """
    if not isinstance(value, Mapping) or set(value) - {"seq", "prev"}:
        raise InvalidRequest("must be {seq, prev}", field=field, rule=RULE_SIGNED, code="tragedia.chain_invalid")
    try:
        seq = check_int(value.get("seq"), "seq", 1, MAX_SEQ)
        prev = check_prev(value.get("prev"))
    except InvalidRequest:
        seq, prev = None, None
    if seq is None or (seq > 1) != (prev is not None):
        raise InvalidRequest("seq is a whole number from 1; prev (12 hex digits) is given exactly when "
                             "seq is above 1", field=field, rule=RULE_SIGNED, code="tragedia.chain_invalid")
    return {"seq": seq, "prev": prev.hex() if prev else None}


def check_roll_signature(schema: int, action: Mapping[str, Any], ledger_faces: bool = False) -> dict | None:
    """The chain position a roll action carries (``None`` when it takes none), checked for the
    ledger's ``schema``.

    Schema 1: no ``chain`` (older scenes). Schema 2: a roll drawn from a seed carries ``by`` and
    ``chain``; a roll of ``faces`` (its own, or the ledger's when ``ledger_faces``: dice rolled
    elsewhere) carries no ``chain``.

    Raises:
        InvalidRequest: ``tragedia.chain_needs_schema2``, ``tragedia.chain_with_faces``,
        ``tragedia.roll_by`` (no ``by``), ``tragedia.roll_unsigned`` (no ``chain``),
        ``tragedia.chain_invalid``.
    """
    chain = action.get("chain")
    if schema < 2:
        if chain is not None:
            raise InvalidRequest("a roll signed by a chain needs ledger schema 2", field="chain",
                                 rule=RULE_SIGNED, code="tragedia.chain_needs_schema2")
        return None
    if action.get("faces") is not None or ledger_faces:
        if chain is not None:
            raise InvalidRequest("dice rolled elsewhere take no chain number", field="chain",
                                 rule=RULE_SIGNED, code="tragedia.chain_with_faces")
        return None
    if action.get("by") is None:
        raise InvalidRequest("a roll in a scene with signed rolls names who rolls", field="by",
                             rule=RULE_SIGNED, code="tragedia.roll_by")
    if chain is None:
        raise InvalidRequest("this roll needs its place in the roller's chain (fresh dice signed by "
                             "who rolls)", field="chain", rule=RULE_SIGNED, code="tragedia.roll_unsigned")
    return check_position(chain)
