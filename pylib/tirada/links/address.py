"""Addresses read as browsers read them: the WHATWG URL Standard's parser, for the parts that decide
where a link goes (issue #38; docs/link-format.md §9.2).

The thread audit, the pasted-HTML reader and the userscript's frame must read a link's address as
the browser that opens it does, or a GM can post ``//evil.example/#t2…``, ``http:\\\\evil.example\\``,
``http://evil.exa<TAB>mple/`` or ``http://evil.example\\@127.0.0.1:8101/`` — which every browser opens
at evil.example — and have it read as a bare fragment or as the official address. ``urllib.parse``
follows RFC 3986 and differs on each of these. The page's JavaScript uses the browser's own
``new URL()``; this module is the same algorithm in Python (https://url.spec.whatwg.org/#concept-basic-url-parser),
written here because the engine has no dependencies and must run in Pyodide: the maintained
WHATWG parser on PyPI (``ada-url``) is a compiled extension, not pure Python.

Faithful for: leading/trailing C0-and-space stripped, ASCII tab and newline removed anywhere;
scheme case; special schemes (``http``, ``https``, ``ws``, ``wss``, ``ftp``, ``file``) with any run
of ``/`` and ``\\`` before the host, ``\\`` as ``/`` in their paths, a backslash ending the authority
(so ``http://a\\@b/`` is host ``a``), the last ``@`` ending the userinfo; scheme-relative and
path-relative input against a base; hosts percent-decoded, forbidden code points refused, ASCII
lowercased, non-ASCII through IDNA as browsers do it (UTS #46 non-transitional, ``ß`` and ``ς``
kept: :func:`tirada.links.address_idna.to_ascii`), IPv4 in every form the standard reads (``0x7f.1``, ``2130706433``), IPv6 compressed;
default ports dropped, ports above 65535 refused; dot segments and percent-encoding of path and
query. Not modelled (never needed to tell where a link goes): Windows drive letters in ``file:``
paths, and the exact percent-encoding of userinfo and of non-special paths.

Public API: :func:`parse` (→ :class:`Url` or None), :data:`SPECIAL`.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass, field
from typing import List, Optional

from .address_idna import to_ascii

__all__ = ["SPECIAL", "Url", "parse"]

#: special schemes and their default ports (file has none)
SPECIAL = {"ftp": 21, "file": None, "http": 80, "https": 443, "ws": 80, "wss": 443}
_FORBIDDEN_HOST = frozenset("\x00\t\n\r #/:<>?@[\\]^|")
_FORBIDDEN_DOMAIN = _FORBIDDEN_HOST | frozenset(chr(c) for c in range(0x20)) | {"%", "\x7f"}
_DOTS = re.compile("[.\u3002\uff0e\uff61]")
_C0 = frozenset(chr(c) for c in range(0x20))
_FRAGMENT_SET = _C0 | frozenset(' "<>`')
_QUERY_SET = _C0 | frozenset(' "#<>')
_PATH_SET = _QUERY_SET | frozenset("?^`{}")
_USERINFO_SET = _PATH_SET | frozenset("/:;=@[\\]|")


@dataclass(frozen=True)
class Url:
    """A parsed URL, the fields of the standard's URL record.

    ``scheme`` lowercase; ``host`` the serialized host (domain, dotted IPv4, ``[v6]``; "" for an empty
    host, None for none); ``port`` None when absent or the scheme's default; ``path`` the list of
    segments (``opaque`` set instead for ``javascript:``-like URLs); ``query``/``fragment`` None when
    absent.
    """

    scheme: str
    username: str = ""
    password: str = ""
    host: Optional[str] = None
    port: Optional[int] = None
    path: List[str] = field(default_factory=list)
    opaque: Optional[str] = None
    query: Optional[str] = None
    fragment: Optional[str] = None

    @property
    def special(self) -> bool:
        """Whether the scheme is special (http, https, ws, wss, ftp, file)."""
        return self.scheme in SPECIAL

    @property
    def host_port(self) -> str:
        """The host and non-default port as JavaScript's ``URL.host`` shows them ("" when none)."""
        if self.host is None:
            return ""
        return self.host if self.port is None else f"{self.host}:{self.port}"

    @property
    def pathname(self) -> str:
        """The path as JavaScript's ``URL.pathname`` shows it."""
        return self.opaque if self.opaque is not None else "".join("/" + seg for seg in self.path)

    @property
    def origin(self) -> Optional[str]:
        """``scheme://host[:port]`` for http(s)/ws(s)/ftp; None (an opaque origin) otherwise."""
        if self.scheme in SPECIAL and self.scheme != "file" and self.host is not None:
            return f"{self.scheme}://{self.host_port}"
        return None

    @property
    def href(self) -> str:
        """The URL serialized as the standard (and JavaScript's ``URL.href``) writes it."""
        out = self.scheme + ":"
        if self.host is not None:
            out += "//"
            if self.username or self.password:
                out += self.username + (":" + self.password if self.password else "") + "@"
            out += self.host_port
        elif self.opaque is None and len(self.path) > 1 and self.path[0] == "":
            out += "/."
        out += self.pathname
        if self.query is not None:
            out += "?" + self.query
        if self.fragment is not None:
            out += "#" + self.fragment
        return out


def _encode(text: str, unsafe: frozenset) -> str:
    """Percent-encode (UTF-8) the code points of ``text`` in ``unsafe`` or above U+007E."""
    out = []
    for ch in text:
        if ch in unsafe or ord(ch) > 0x7E:
            out.append("".join(f"%{b:02X}" for b in ch.encode("utf-8", "surrogatepass")))
        else:
            out.append(ch)
    return "".join(out)


def _decode(text: str) -> bytes:
    """Percent-decode ``text`` to bytes (a ``%`` not followed by two hex digits stays as it is)."""
    raw = text.encode("utf-8", "surrogatepass")
    out = bytearray()
    i = 0
    while i < len(raw):
        if raw[i] == 0x25 and i + 2 < len(raw) and re.fullmatch(rb"[0-9A-Fa-f]{2}", raw[i + 1:i + 3]):
            out.append(int(raw[i + 1:i + 3], 16))
            i += 3
        else:
            out.append(raw[i])
            i += 1
    return bytes(out)


def _ipv4_number(part: str) -> Optional[int]:
    """One IPv4 part (decimal, ``0x`` hex or ``0`` octal), or None when it is not a number."""
    if part == "":
        return None
    base = 10
    if len(part) >= 2 and part[:2] in ("0x", "0X"):
        part, base = part[2:], 16
    elif len(part) >= 2 and part[0] == "0":
        part, base = part[1:], 8
    if part == "":
        return 0
    digits = {10: "0123456789", 16: "0123456789abcdefABCDEF", 8: "01234567"}[base]
    if any(c not in digits for c in part):
        return None
    return int(part, base)


def _ends_in_number(host: str) -> bool:
    parts = host.split(".")
    if parts[-1] == "" and len(parts) > 1:
        parts.pop()
    last = parts[-1]
    if last and all(c in "0123456789" for c in last):
        return True
    return _ipv4_number(last) is not None and last[:2] in ("0x", "0X")


def _ipv4(host: str) -> Optional[str]:
    """The dotted form of an IPv4 host in any form the standard reads, or None (a failure)."""
    parts = host.split(".")
    if parts[-1] == "" and len(parts) > 1:
        parts.pop()
    if len(parts) > 4:
        return None
    numbers = [_ipv4_number(p) for p in parts]
    if any(n is None for n in numbers):
        return None
    nums = [n for n in numbers if n is not None]
    if any(n > 255 for n in nums[:-1]) or nums[-1] >= 256 ** (5 - len(nums)):
        return None
    value = nums[-1]
    for i, n in enumerate(nums[:-1]):
        value += n * 256 ** (3 - i)
    return ".".join(str((value >> s) & 255) for s in (24, 16, 8, 0))


def _ipv6(inside: str) -> Optional[str]:
    """``[compressed]`` of an IPv6 literal, or None (a failure)."""
    if "%" in inside or not inside or any(c not in "0123456789abcdefABCDEF:." for c in inside):
        return None
    try:
        value = int(ipaddress.IPv6Address(inside))
    except ValueError:
        return None
    pieces = [(value >> (16 * (7 - i))) & 0xFFFF for i in range(8)]
    best, best_len, i = -1, 1, 0
    while i < 8:
        j = i
        while j < 8 and pieces[j] == 0:
            j += 1
        if j - i > best_len:
            best, best_len = i, j - i
        i = j + 1 if j == i else j
    out, i = "", 0
    while i < 8:
        if i == best:
            out += "::" if i == 0 else ":"
            i += best_len
            continue
        out += f"{pieces[i]:x}" + (":" if i < 7 else "")
        i += 1
    return f"[{out}]"


def _domain(text: str) -> Optional[str]:
    """Domain to ASCII: lowercase, IDNA per label for non-ASCII labels; None on failure."""
    labels = _DOTS.split(text)
    out = []
    for label in labels:
        if label.isascii():
            out.append(label.lower())
            continue
        try:
            out.append(to_ascii(label).lower())
        except UnicodeError:
            return None
    return ".".join(out)


def _host(text: str, special: bool) -> Optional[str]:
    """The serialized host of ``text`` (the authority's host part), or None (a failure)."""
    if text.startswith("["):
        return _ipv6(text[1:-1]) if text.endswith("]") else None
    if not special:
        if any(c in _FORBIDDEN_HOST for c in text):
            return None
        return _encode(text, _C0)
    decoded = _decode(text).decode("utf-8", "replace")
    # Chromium escapes a space in a host instead of refusing it (its one departure from the standard
    # met here; such a host goes nowhere either way): read as Chromium reads it
    ascii_ = _domain(decoded.replace(" ", "%20"))
    if ascii_ is None or ascii_ == "" or any(c in _FORBIDDEN_DOMAIN - {"%"} for c in ascii_) or \
            re.search(r"%(?!20)", ascii_):
        return None
    return _ipv4(ascii_) if _ends_in_number(ascii_) else ascii_


def _dot(seg: str) -> int:
    """1 for a "." segment, 2 for "..", 0 otherwise (``%2e`` counts as a dot)."""
    low = seg.lower().replace("%2e", ".")
    return {".": 1, "..": 2}.get(low, 0)


def _path(text: str, special: bool, base: Optional[List[str]]) -> List[str]:
    """Path segments of ``text`` (after the authority), dot segments resolved against ``base``."""
    segs = re.split(r"[/\\]" if special else "/", text)
    out = list(base or [])
    if text.startswith("/") or (special and text.startswith("\\")):
        segs = segs[1:]
        out = []
    elif out:
        out.pop()
    for i, seg in enumerate(segs):
        last = i == len(segs) - 1
        kind = _dot(seg)
        if kind == 2:
            if out:
                out.pop()
            if last:
                out.append("")
        elif kind == 1:
            if last:
                out.append("")
        else:
            out.append(_encode(seg, _PATH_SET))
    return out


def _split_tail(rest: str) -> tuple:
    """``(before, query or None, fragment or None)`` of the part after the scheme/authority."""
    rest, hashed, fragment = rest.partition("#")
    rest, asked, query = rest.partition("?")
    return rest, (query if asked else None), (fragment if hashed else None)


def _finish(scheme: str, rest: str, base_path: Optional[List[str]], **parts) -> Url:
    before, query, fragment = _split_tail(rest)
    special = scheme in SPECIAL
    path = _path(before, special, base_path) if (before or base_path is None) else list(base_path)
    if special and not path:
        path = [""]
    if not special and not before and base_path is None:
        path = []
    q = None if query is None else _encode(query, _QUERY_SET | {"'"})   # Chromium: "'" in every scheme
    f = None if fragment is None else _encode(fragment, _FRAGMENT_SET)
    return Url(scheme, path=path, query=q, fragment=f, **parts)


def _authority(scheme: str, rest: str) -> Optional[Url]:
    """Parse ``rest`` = authority then path… of an URL whose host starts here; None on failure."""
    special = scheme in SPECIAL
    ends = "/?#\\" if special else "/?#"
    end = next((i for i, c in enumerate(rest) if c in ends), len(rest))
    authority, rest = rest[:end], rest[end:]
    username = password = ""
    if "@" in authority:
        userinfo, authority = authority.rsplit("@", 1)
        user, _, pw = userinfo.partition(":")
        username, password = _encode(user, _USERINFO_SET), _encode(pw, _USERINFO_SET)
        if not authority:
            return None
    hostpart, port_text = authority, ""
    close = authority.rfind("]")
    colon = authority.rfind(":")
    if colon > close:
        hostpart, port_text = authority[:colon], authority[colon + 1:]
    if scheme == "file":
        if port_text or username or password:
            return None
        host = "" if hostpart == "" else _host(hostpart, True)
        if host is None:
            return None
        return _finish(scheme, rest, None, host="" if host == "localhost" else host)
    if hostpart == "":
        if special or port_text or username or password:
            return None
        host = ""
    else:
        found = _host(hostpart, special)
        if found is None:
            return None
        host = found
    port = None
    if port_text:
        if any(c not in "0123456789" for c in port_text) or int(port_text) > 65535:
            return None
        port = int(port_text)
        if SPECIAL.get(scheme) == port:
            port = None
    return _finish(scheme, rest, None, username=username, password=password, host=host, port=port)


def parse(text: str, base: "Url | str | None" = None) -> Optional[Url]:
    """Parse ``text`` as a browser does (``new URL(text, base)``): a :class:`Url`, or None when the
    browser would throw (no scheme and no usable base, a bad host, a bad port…).

    ``base`` is a :class:`Url` or a string parsed first (None: no base). Any text is accepted; the
    work is linear in its length.
    """
    if not isinstance(text, str):
        return None
    if isinstance(base, str):
        base = parse(base)
    text = text.strip("".join(chr(c) for c in range(0x21)))
    text = text.replace("\t", "").replace("\n", "").replace("\r", "")
    match = re.match(r"([A-Za-z][A-Za-z0-9+.\-]*):", text)
    if match:
        scheme, rest = match.group(1).lower(), text[match.end():]
        if scheme in SPECIAL:
            if scheme == "file":
                if rest[:1] in ("/", "\\") and rest[1:2] in ("/", "\\") and rest[:2]:
                    return _authority(scheme, rest[2:])
                return _finish(scheme, rest, None, host="")
            if base is not None and base.scheme == scheme:
                return _relative(rest, base)     # "http:x" against an http base is a relative path
            return _authority(scheme, rest.lstrip("/\\"))
        if rest.startswith("//"):
            return _authority(scheme, rest[2:])
        if rest.startswith("/"):
            return _finish(scheme, rest, None)
        before, query, fragment = _split_tail(rest)
        return Url(scheme, opaque=_encode(before, _C0), query=None if query is None else _encode(query, _QUERY_SET | {"'"}),
                   fragment=None if fragment is None else _encode(fragment, _FRAGMENT_SET))
    if base is None:
        return None
    return _relative(text, base)


def _relative(text: str, base: Url) -> Optional[Url]:
    """``text`` (no scheme of its own, or the base's special scheme) resolved against ``base``."""
    if base.opaque is not None:
        if text.startswith("#"):
            return Url(base.scheme, opaque=base.opaque, query=base.query,
                       fragment=_encode(text[1:], _FRAGMENT_SET))
        return None
    special = base.special
    slashes = "/\\" if special else "/"
    if text[:1] and text[:1] in slashes and text[1:2] and text[1:2] in slashes:
        if base.scheme == "file" or not special:
            return _authority(base.scheme, text[2:])
        return _authority(base.scheme, text.lstrip("/\\"))

    def same(**parts) -> Url:
        return Url(base.scheme, base.username, base.password, base.host, base.port, **parts)

    if text == "" or text.startswith("#"):
        return same(path=list(base.path), query=base.query,
                    fragment=_encode(text[1:], _FRAGMENT_SET) if text else None)
    found = _finish(base.scheme, text, list(base.path))
    return same(path=found.path, query=found.query, fragment=found.fragment)
