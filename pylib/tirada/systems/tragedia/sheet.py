"""Tragedia character sheets: Traits, Flaw, Tragedy, Destiny, Domains, Consequences, Victories.

Rules: ../shared/rules/tragedia.md §Character state the tool keeps and §Gathering dice (Domains)
(seed ``001_0d4b6b4e1f6e6362.txt``). A :class:`Sheet` is a frozen value: scenes return updated
copies. The page stores ``Sheet.to_dict()`` (``"schema": SCHEMA_VERSION``) in localStorage.

Written in the reading-core pattern (docs/architecture.md §How the core is written; a scene link is
replayed on MicroPython, issue #41): records on :class:`tirada.portable.Struct`, ``.replace(**changes)``
for ``dataclasses.replace``.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...errors import InvalidRequest
from ...fields import get_bool, get_int, get_text, reject_unknown
from ...names import check_name
from ...portable import Struct

__all__ = [
    "MAX_TRAGEDY", "MAX_TRAITS", "MIN_TRAGEDY", "SCHEMA_VERSION", "Domain", "Sheet", "Trait",
    "trait_limit",
]

SCHEMA_VERSION = 1
MIN_TRAGEDY, MAX_TRAGEDY = 1, 5
MAX_TRAITS = 6
VICTORIES_FOR_OBJECTIVE = 2
MAX_DESTINY = 999
MAX_NAME, MAX_TEXT = 120, 1000
RULE_STATE = "tragedia.md §Character state the tool keeps"
SHEET_FIELDS = {"schema", "name", "traits", "flaw", "tragedy", "tragedy_text", "destiny", "domains",
                "consequences", "victories"}


def trait_limit(tragedy: int) -> int:
    """Most Traits a character may have at Tragedy ``tragedy`` (1..5): ``7 − tragedy``, so T1 → 6 …
    T5 → 2 (tragedia.md §Character state the tool keeps)."""
    return 7 - tragedy


def _name(req: Mapping[str, Any], key: str, where: str) -> str:
    text = check_name(req.get(key), key, MAX_NAME, required=False)   # the one name validator
    if not text:
        raise InvalidRequest("needs a name", field=f"{where}.{key}" if where else key, rule=RULE_STATE,
                             code="sheet.needs_name")
    return text


def _scoped(where: str, err: InvalidRequest) -> InvalidRequest:
    """``err`` with its field prefixed by ``where`` (``tragedy`` → ``sheet.tragedy``)."""
    if err.field and err.field.startswith(where):
        return err
    field = f"{where}.{err.field}" if err.field else where
    return InvalidRequest(err.message, field=field, rule=err.rule, code=err.code, params=err.params)


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidRequest("must be a JSON object", field=where, code="field.object")
    return value


def _consequence(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME:
        raise InvalidRequest(f"a Consequence is a name of 1 to {MAX_NAME} characters", field=where,
                             rule=RULE_STATE, code="tragedia.consequence_length", params={"n": MAX_NAME})
    return check_name(value, where, MAX_NAME, rule=RULE_STATE)   # no invisible or control character


def _list(req: Mapping[str, Any], key: str, where: str) -> list:
    value = req.get(key) or []
    if not isinstance(value, list):
        raise InvalidRequest("must be a list", field=f"{where}.{key}", code="field.list")
    return value


class Trait(Struct):
    """A Trait (*Rasgo*): ``name`` (1..120 chars) and ``exhausted`` (*agotado*) after it gave a die
    (tragedia.md §Gathering dice, Trait)."""

    _fields = ("name", "exhausted")
    name: str
    exhausted: bool

    def __init__(self, name: str, exhausted: bool = False) -> None:
        self._init(name, exhausted)

    def to_dict(self) -> dict:
        """``{"name": str, "exhausted": bool}``."""
        return {"name": self.name, "exhausted": self.exhausted}

    @classmethod
    def from_dict(cls, value: Any, where: str = "trait") -> "Trait":
        """Read ``{"name", "exhausted"?}``. Raises InvalidRequest (field ``where…``)."""
        try:
            req = _mapping(value, where)
            reject_unknown(req, {"name", "exhausted"}, "Trait")
            return cls(_name(req, "name", where), get_bool(req, "exhausted"))
        except InvalidRequest as err:
            raise _scoped(where, err) from None


class Domain(Struct):
    """A Domain (*Dominio*): a tangible element claimed with "Me lo pido" and the Destiny assigned to
    it, ``destiny`` 0..999; 0 means **floating** (tragedia.md §Gathering dice, Domains)."""

    _fields = ("name", "destiny")
    name: str
    destiny: int

    def __init__(self, name: str, destiny: int) -> None:
        self._init(name, destiny)

    @property
    def floating(self) -> bool:
        """True when no Destiny is left on it: anyone may take it for Destiny."""
        return self.destiny == 0

    def to_dict(self) -> dict:
        """``{"name": str, "destiny": int}``."""
        return {"name": self.name, "destiny": self.destiny}

    @classmethod
    def from_dict(cls, value: Any, where: str = "domain") -> "Domain":
        """Read ``{"name", "destiny"}``. Raises InvalidRequest (field ``where…``)."""
        try:
            req = _mapping(value, where)
            reject_unknown(req, {"name", "destiny"}, "Domain")
            destiny = get_int(req, "destiny", lo=0, hi=MAX_DESTINY, rule=RULE_STATE)
            return cls(_name(req, "name", where), destiny)
        except InvalidRequest as err:
            raise _scoped(where, err) from None


class Sheet(Struct):
    """A Tragedia character (tragedia.md §Character state the tool keeps).

    Fields: ``name`` (identifies the character in a scene), ``traits`` (tuple of :class:`Trait`, at
    most 6, unique names), ``flaw`` (*Defecto*), ``tragedy`` 1..5 and ``tragedy_text``, ``destiny``
    0..999 points, ``domains`` (tuple of :class:`Domain`, unique names), ``consequences`` (tuple of
    unique names), ``victories`` 0..99 this Chapter.

    A sheet may hold more Traits than :func:`trait_limit` allows after its Tragedy rose; see
    :attr:`trait_excess` (the player drops Traits, ``moves`` ``drop``).
    """

    _fields = ("name", "traits", "flaw", "tragedy", "tragedy_text", "destiny", "domains", "consequences",
               "victories")
    name: str
    traits: tuple
    flaw: str
    tragedy: int
    tragedy_text: str
    destiny: int
    domains: tuple
    consequences: tuple
    victories: int

    def __init__(self, name: str, traits: tuple = (), flaw: str = "", tragedy: int = MIN_TRAGEDY,
                 tragedy_text: str = "", destiny: int = 0, domains: tuple = (), consequences: tuple = (),
                 victories: int = 0) -> None:
        self._init(name, traits, flaw, tragedy, tragedy_text, destiny, domains, consequences, victories)

    # --- reading -------------------------------------------------------------------------------
    @property
    def trait_limit(self) -> int:
        """``7 − tragedy``."""
        return trait_limit(self.tragedy)

    @property
    def trait_excess(self) -> int:
        """How many Traits must be dropped to respect the limit (0 when within it)."""
        return max(0, len(self.traits) - self.trait_limit)

    @property
    def objective_achieved(self) -> bool:
        """2 Victories achieve the Objective, but never at Tragedy 5 (tragedia.md §The final roll,
        §Character state the tool keeps)."""
        return self.victories >= VICTORIES_FOR_OBJECTIVE and self.tragedy < MAX_TRAGEDY

    def trait(self, name: str) -> Trait | None:
        """The Trait called ``name``, or ``None``."""
        return next((t for t in self.traits if t.name == name), None)

    def domain(self, name: str) -> Domain | None:
        """The Domain called ``name``, or ``None``."""
        return next((d for d in self.domains if d.name == name), None)

    # --- updating (each returns a new sheet; the scene rules check legality first) -------------
    def with_trait(self, trait: Trait) -> "Sheet":
        """Replace the Trait of the same name, or append it when new."""
        if self.trait(trait.name) is None:
            return self.replace(traits=self.traits + (trait,))
        return self.replace(traits=tuple(trait if t.name == trait.name else t for t in self.traits))

    def without_trait(self, name: str) -> "Sheet":
        """The sheet without the Trait ``name``."""
        return self.replace(traits=tuple(t for t in self.traits if t.name != name))

    def with_domain(self, domain: Domain) -> "Sheet":
        """Replace the Domain of the same name, or append it when new."""
        if self.domain(domain.name) is None:
            return self.replace(domains=self.domains + (domain,))
        return self.replace(domains=tuple(domain if d.name == domain.name else d for d in self.domains))

    def without_domain(self, name: str) -> "Sheet":
        """The sheet without the Domain ``name``."""
        return self.replace(domains=tuple(d for d in self.domains if d.name != name))

    def add_destiny(self, points: int) -> "Sheet":
        """Destiny + ``points`` (negative to spend). Raises ValueError below 0 (rules check first)."""
        if self.destiny + points < 0:
            raise ValueError("Destiny cannot go below 0")
        return self.replace(destiny=self.destiny + points)

    # --- storage -------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """JSON-ready dict with ``"schema": SCHEMA_VERSION`` and every field (lists for tuples)."""
        return {
            "schema": SCHEMA_VERSION,
            "name": self.name,
            "traits": [t.to_dict() for t in self.traits],
            "flaw": self.flaw,
            "tragedy": self.tragedy,
            "tragedy_text": self.tragedy_text,
            "destiny": self.destiny,
            "domains": [d.to_dict() for d in self.domains],
            "consequences": list(self.consequences),
            "victories": self.victories,
        }

    @classmethod
    def from_dict(cls, value: Any, where: str = "sheet") -> "Sheet":
        """Read a sheet dict; see :meth:`_read` (errors have ``field`` starting with ``where``)."""
        try:
            return cls._read(value, where)
        except InvalidRequest as err:
            raise _scoped(where, err) from None

    @classmethod
    def _read(cls, value: Any, where: str) -> "Sheet":
        """Read a sheet dict (``schema`` 1 or absent; other fields as in :meth:`to_dict`, all but
        ``name`` optional).

        Raises:
            InvalidRequest: unknown field or schema version, a field out of range, more than 6
            Traits, or a repeated Trait / Domain / Consequence name; ``field`` starts with ``where``.
        """
        req = _mapping(value, where)
        reject_unknown(req, SHEET_FIELDS, "Tragedia sheet")
        schema = req.get("schema", SCHEMA_VERSION)
        if schema != SCHEMA_VERSION:
            raise InvalidRequest(f"unknown sheet schema {str(schema)[:20]!r}; this version reads "
                                 f"{SCHEMA_VERSION}", field=f"{where}.schema",
                                 code="sheet.schema_unknown", params={"got": str(schema)[:20], "n": SCHEMA_VERSION})
        traits = tuple(Trait.from_dict(t, f"{where}.traits[{i}]")
                       for i, t in enumerate(_list(req, "traits", where)))
        if len(traits) > MAX_TRAITS:
            raise InvalidRequest(f"a character has at most {MAX_TRAITS} Traits, got {len(traits)}",
                                 field=f"{where}.traits", rule=RULE_STATE,
                                 code="tragedia.traits_count", params={"n": MAX_TRAITS, "got": len(traits)})
        domains = tuple(Domain.from_dict(d, f"{where}.domains[{i}]")
                        for i, d in enumerate(_list(req, "domains", where)))
        consequences = tuple(_consequence(c, f"{where}.consequences[{i}]")
                             for i, c in enumerate(_list(req, "consequences", where)))
        for key, names in (("traits", [t.name for t in traits]), ("domains", [d.name for d in domains]),
                           ("consequences", list(consequences))):
            if len(set(names)) != len(names):
                raise InvalidRequest("names must not repeat", field=f"{where}.{key}", rule=RULE_STATE,
                                     code="sheet.names_repeat")
        return cls(
            name=_name(req, "name", where),
            traits=traits,
            flaw=get_text(req, "flaw", max_len=MAX_TEXT),
            tragedy=get_int(req, "tragedy", default=MIN_TRAGEDY, lo=MIN_TRAGEDY, hi=MAX_TRAGEDY,
                            rule=RULE_STATE),
            tragedy_text=get_text(req, "tragedy_text", max_len=MAX_TEXT),
            destiny=get_int(req, "destiny", default=0, lo=0, hi=MAX_DESTINY, rule=RULE_STATE),
            domains=domains,
            consequences=consequences,
            victories=get_int(req, "victories", default=0, lo=0, hi=99, rule=RULE_STATE),
        )
