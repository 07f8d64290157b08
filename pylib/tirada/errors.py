"""Tirada's exceptions.

Every error the engine raises on purpose is a :class:`TiradaError`, so callers (the CLI, the page)
catch one type and show its message; anything else is a bug.

::

    TiradaError (ValueError)          one line a user can act on; names the field and the rule
    ├── InvalidRequest                a request field is missing, mistyped or out of range
    ├── IllegalMove                   a decision the rules forbid (keep, reroll, a Confrontation move)
    └── LinkError                     a share link that cannot be read (truncated, edited, unknown version)
"""

from __future__ import annotations

__all__ = ["IllegalMove", "InvalidRequest", "LinkError", "TiradaError"]


class TiradaError(ValueError):
    """Base of every deliberate engine error.

    Args:
        message: one line for the user, in English (the page translates known prefixes).
        field: the request field at fault (``"test_dice"``, ``"faces[3]"``) or ``None``.
        rule: the rule that forbids it (``"sifrp.md §The test 1"``) or ``None``.

    ``str(err)`` is ``"field: message (rule)"`` with the absent parts left out, always one line.
    """

    def __init__(self, message: str, field: str | None = None, rule: str | None = None) -> None:
        self.message = " ".join(str(message).split())
        self.field = field
        self.rule = rule
        super().__init__(self.__str__())

    def __str__(self) -> str:
        text = f"{self.field}: {self.message}" if self.field else self.message
        return f"{text} ({self.rule})" if self.rule else text

    def to_dict(self) -> dict:
        """``{"error": kind, "message": str, "field": str|None, "rule": str|None}`` for JSON output."""
        return {"error": type(self).__name__, "message": self.message, "field": self.field, "rule": self.rule}


class InvalidRequest(TiradaError):
    """A request field is missing, of the wrong type, or outside its range."""


class IllegalMove(TiradaError):
    """A player decision that the rules forbid; the state it was applied to is unchanged."""


class LinkError(TiradaError):
    """A share link that cannot be decoded or verified (truncated, edited, unknown version)."""
