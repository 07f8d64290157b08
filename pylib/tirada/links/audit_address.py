r"""Thread audit: the address each link was posted with, read as browsers read it.

docs/link-format.md §9.2 (issue #38). The word before a link's ``#`` is its address
(:func:`base_address`); :func:`read_address` reads it by the WHATWG URL rules browsers use
(:mod:`tirada.links.address`: ``//host``, ``http:\\host``, a tab or newline inside,
``http://host\@official/`` all go to ``host``); :func:`same_address` compares it with the page's own
address, and :func:`presumed_home` stands for that address when the audit runs without it (the CLI
without ``--home``). :mod:`tirada.links.audit_thread` flags what differs (``audit.other_address``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .address import Url, parse

__all__ = ["base_address", "presumed_home", "read_address", "same_address"]

#: characters that end an address written in a post (the text before a link's ``#`` is read back to one)
_ENDS = re.compile(r"[\s\[\]()<>\"'`|]")
#: where an address starts inside the word before a ``#``: a word that starts with a scheme is an
#: address from its start (a browser reads an ``href`` from there); else a special scheme, two
#: slashes of any kind, or any scheme right after ``=`` (as in ``[url=…]``)
_SCHEME_FIRST = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_START = re.compile(r"(?<![A-Za-z0-9+.\-])(?:(?:https?|wss?|ftp|file):|[/\\]{2})|(?<==)[A-Za-z][A-Za-z0-9+.\-]*:",
                    re.IGNORECASE)
_FORUM = "https://forum.invalid/"   #: stands for the forum page a relative address would resolve against
_LOOK_BACK = 512            #: characters read before a link for its address


def base_address(text: str, start: int) -> tuple:
    """``(address or None, where the address starts)`` of the link whose ``#``/``%23`` is at
    ``start`` in ``text``: the word just before it (back to a space or a bracket, at most 512
    characters), from where an address starts in it (a scheme, or ``//``/``\\\\``); the whole
    word when none does (a relative address); ``None`` for a bare fragment (nothing before it)."""
    window = text[max(0, start - _LOOK_BACK):start]
    ends = list(_ENDS.finditer(window))
    word_at = ends[-1].end() if ends else (0 if start <= _LOOK_BACK else len(window))
    if not ends and start > _LOOK_BACK:      # a word longer than the look-back: an address not read
        return window, start - len(window)
    word = window[word_at:]
    if not word:
        return None, start
    found = None if _SCHEME_FIRST.match(word) else _START.search(word)
    at = found.start() if found else 0
    return word[at:], start - len(window) + word_at + at


def read_address(address: str, home: str | None = None) -> "Url | None":
    """The :class:`tirada.links.address.Url` a browser opens for a link's ``address`` (the text
    before its ``#``), or None when it cannot be known: unparsable, or relative to the forum page
    (a path). A scheme-relative ``//host/…`` (any mix of ``/`` and ``\\``) takes the scheme of
    ``home`` (https when unknown): its host is what matters."""
    found = parse(address)
    if found is not None:
        return found
    cleaned = re.sub("[\t\n\r]", "", address).strip("".join(chr(c) for c in range(0x21)))
    if len(cleaned) < 2 or cleaned[0] not in "/\\" or cleaned[1] not in "/\\":
        return None
    base = parse(home.split("#", 1)[0]) if home else None
    return parse(cleaned, base if base is not None and base.scheme in ("http", "https") else _FORUM)


def _normal(found: Url) -> str:
    """An address compared by what it loads: scheme and host as the browser writes them, the default
    port and a final ``index.html`` dropped, the query kept, the path ending in ``/``."""
    path = found.pathname
    if path.endswith("/index.html"):
        path = path[:-len("index.html")]
    if not path.endswith("/"):
        path += "/"
    return f"{found.scheme}://{found.host_port}{path}" + (f"?{found.query}" if found.query else "")


@lru_cache(maxsize=4096)       # a thread posts most links with one address: read it once
def same_address(address: str | None, home: str | None) -> bool:
    """True when ``address`` (a link's base) loads the same page as ``home`` (the page's own
    address), or when it is a bare fragment, or when ``home`` is unknown and ``address`` is an
    http(s) address; False for an address that cannot be read or depends on the forum page (a
    relative path)."""
    if not address:
        return True
    found = read_address(address, home)
    if found is None:
        return False
    if not home:
        return found.scheme in ("http", "https")
    official = parse(home.split("#", 1)[0])
    return official is not None and _normal(found) == _normal(official)


def presumed_home(found: list) -> str | None:
    """The address most links of a thread were posted with, when the audit runs without the page's
    own (the CLI without ``--home``) and the links name two or more different addresses; else None.

    ``found``: the links of :func:`tirada.links.audit.extract_links` (their ``address``). A GM who
    posts a sealed request at their own copy among links to the official page is then flagged
    (``audit.other_address``) even there; ties go to the address seen first."""
    counts: dict = {}
    for item in found:
        address = item.get("address")
        parsed = read_address(address) if address else None
        if parsed is not None and parsed.scheme in ("http", "https"):
            key = _normal(parsed)
            counts[key] = counts.get(key, 0) + 1
    if len(counts) < 2:
        return None
    return max(counts, key=lambda k: counts[k])     # max keeps the first of equal counts
