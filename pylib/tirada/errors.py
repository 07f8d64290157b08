"""Tirada's exceptions.

Every error the engine raises on purpose is a :class:`TiradaError`, so callers (the CLI, the page)
catch one type and show its message; anything else is a bug.

::

    TiradaError (ValueError)          one line a user can act on; names the field and the rule
    ├── InvalidRequest                a request field is missing, mistyped or out of range
    ├── IllegalMove                   a decision the rules forbid (keep, reroll, a Confrontation move)
    └── LinkError                     a share link that cannot be read (truncated, edited, unknown version)

Each error carries a stable dotted ``code`` (``"field.range"``, ``"sifrp.bonus_exceeds_test"``,
``"link.edited"``) and JSON-ready ``params`` (``{"lo": 1, "hi": 10, "got": "12"}``): the page shows
its own text for the code in its language (``strings["err." + code]`` formatted with the params),
while the CLI prints the English ``message``. Codes are public: renaming one means renaming its
catalog entries too (tests/test_error_codes.py collects every code raised in ``pylib/`` and checks
both languages have it). The count that picks a plural form is always the param ``n``.
"""

from __future__ import annotations

__all__ = ["IllegalMove", "InvalidRequest", "LinkError", "TiradaError"]


class TiradaError(ValueError):
    """Base of every deliberate engine error.

    Args:
        message: one line for the user, in English (what the CLI prints).
        field: the request field at fault (``"test_dice"``, ``"faces[3]"``) or ``None``.
        rule: the rule that forbids it (``"sifrp.md §The test 1"``) or ``None``.
        code: the stable dotted code of this kind of refusal; ``None`` → the class's
            :attr:`default_code` (the page shows a generic message for it).
        params: the values the message names, JSON-ready (str, int, float, bool, None, or lists
            and dicts of them); a nested refusal is ``{"code", "params", "field"}``.

    ``str(err)`` is ``"field: message (rule)"`` with the absent parts left out, always one line.
    """

    #: The code of an error raised without one.
    default_code = "error"

    def __init__(self, message: str, field: str | None = None, rule: str | None = None, *,
                 code: str | None = None, params: dict | None = None) -> None:
        self.message = " ".join(str(message).split())
        self.field = field
        self.rule = rule
        self.code = code or self.default_code
        self.params = dict(params or {})
        super().__init__(self.__str__())

    def __str__(self) -> str:
        text = f"{self.field}: {self.message}" if self.field else self.message
        return f"{text} ({self.rule})" if self.rule else text

    def to_dict(self) -> dict:
        """``{"error": kind, "code": str, "params": dict, "message": str, "field": str|None,
        "rule": str|None}`` for JSON output."""
        return {"error": type(self).__name__, "code": self.code, "params": self.params,
                "message": self.message, "field": self.field, "rule": self.rule}

    def cause(self) -> dict:
        """This refusal as a nested param of another (``{"code", "params", "field"}``), e.g. the
        reason a link's roll is not valid."""
        return {"code": self.code, "params": self.params, "field": self.field}


class InvalidRequest(TiradaError):
    """A request field is missing, of the wrong type, or outside its range."""

    default_code = "request.invalid"


class IllegalMove(TiradaError):
    """A player decision that the rules forbid; the state it was applied to is unchanged."""

    default_code = "move.illegal"


class LinkError(TiradaError):
    """A share link that cannot be decoded or verified (truncated, edited, unknown version)."""

    default_code = "link.invalid"
