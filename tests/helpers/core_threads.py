"""Thread links built from tests/vectors/ for the reading core's first verdict (tirada.links.core_thread,
issue #41). Used by tests/test_reading_core.py (CPython and MicroPython give the same JSON) and
tests/test_core_thread.py (each ✔ and ✘ is the thread audit's verdict of the same link)."""

from __future__ import annotations

import json
import pathlib

from tirada.links.chain import verify
from tirada.links.snippets import _WORDS, render, tokens
from tirada.links.thread_link import encode_thread

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "tests" / "vectors"
#: the page the thread is opened on (location.href) and its address as links are posted with
PAGE = "http://127.0.0.1:8000/index.html#hilo1.x"
HOME = "http://127.0.0.1:8000/index.html"
FORUM = "https://foro.example/viewtopic.php?t=7"


def _right_to_left(value: object) -> bool:
    """Whether ``value``'s JSON holds a character of the right-to-left blocks: words MicroPython's core
    leaves to the full engine (:func:`tirada.portable_text.is_rtl`), so CPython and MicroPython differ."""
    return any(0x0590 <= ord(ch) <= 0x08FF or 0xFB1D <= ord(ch) <= 0xFEFF or 0x10800 <= ord(ch) <= 0x10FFF
               or 0x1E800 <= ord(ch) <= 0x1EFFF
               for ch in json.dumps(value, ensure_ascii=False))


def vector_links() -> list:
    """Every roll link fragment of tests/vectors/ the core verifies (SIFRP, L5R, generic, Fate: the
    ``rolls`` of each system's file and fairplay-v2's), in file order; none with right-to-left words
    (on MicroPython the core leaves those to the full engine: pending there, ✔ on CPython)."""
    found = []
    for path in sorted(VECTORS.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key in ("rolls", "rolls_v2"):
            for roll in data.get(key, []) if isinstance(data, dict) else []:
                if isinstance(roll, dict) and isinstance(roll.get("fragment"), str):
                    try:
                        checked = verify(roll["fragment"])
                    except Exception:   # noqa: BLE001 (a refused vector)
                        continue
                    if checked["request"].get("system") not in ("tragedia", "brs") and not _right_to_left(checked):
                        found.append(roll["fragment"])
    return found


def snippet(fragment: str, lang: str) -> str:
    """A roll's forum snippet as the bookmarklet collects it: its lines, then its words and address
    (``"Comprobar la tirada https://…#t2…"``)."""
    lines = render(tokens(verify(fragment), lang)[:-1], HOME, "text")
    return f"{lines}\n{_WORDS[lang]['check']} {HOME}#{fragment}"


def damaged(fragment: str) -> list:
    """Copies of a roll link as a forum or a hand may leave them: checksum changed, cut short, an
    unknown format."""
    flipped = fragment[:-1] + ("A" if fragment[-1] != "A" else "B")
    return [flipped, fragment[:-6], "t9" + fragment[2:]]


def thread_posts() -> list:
    """``(name, posts, authors, numbers)`` of threads from the vectors, 12 roll links a thread: every
    roll after its own snippet (Spanish, then English), by two authors; then a thread of ✔ and ✘ at
    once (a good roll, a tampered copy, a snippet that lies, a roll quoted again, a link at another
    address, a post with HTML), and one whose posts have no authors or numbers."""
    links = vector_links()
    threads = []
    for at in range(0, len(links), 12):
        part = links[at:at + 12]
        lang = "es" if (at // 12) % 2 == 0 else "en"
        posts = [f"Ataco con la espada.\n{snippet(f, lang)}" for f in part]
        authors = ["Sharla" if n % 2 else "Corvo #1" for n in range(len(part))]
        threads.append((f"vectors {at}–{at + len(part) - 1} ({lang})", posts, authors,
                        [3 + 2 * n for n in range(len(part))]))
    good, other, elsewhere, liar, html, last = links[:6]
    lines, _, check = snippet(liar, "es").rpartition("\n")
    lying = lines.replace("4", "6").replace("3", "5") + "\n" + check
    assert lying != snippet(liar, "es")
    mixed = [f"Ataco.\n{snippet(good, 'es')}",
             "\n".join(f"Comprobar la tirada {HOME}#{copy}" for copy in damaged(other)),
             f"Miento:\n{lying}",
             f"Cito a Sharla:\n{snippet(good, 'es')}\nY sigo.",
             f"En otra copia: https://otra.example/tirada/#{elsewhere}",
             f"Con <b>HTML</b>: {HOME}#{html}",
             f"Al final {HOME}#{last}"]
    threads.append(("✔ and ✘ at once", mixed, ["Sharla", "Corvo", None, "Sharla", "Corvo", "Sharla", "Corvo"],
                    [1, 2, 4, 5, None, 7, 8]))
    threads.append(("no authors", [f"Tiro.\n{snippet(good, 'en')}", f"{HOME}#{damaged(good)[0]}"], [], []))
    return threads


def thread_fragments() -> list:
    """``(name, fragment)`` of :func:`thread_posts` as thread links, and damaged thread links
    (``thread.*`` refusals): cut short, a character changed, not a thread, not JSON posts."""
    made = [(name, encode_thread(FORUM, posts, authors, numbers)) for name, posts, authors, numbers in thread_posts()]
    whole = made[-1][1]
    import zlib

    from tirada.wire.frame import b64_encode

    def packed(data: bytes) -> str:
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        return "hilo1." + b64_encode(packer.compress(data) + packer.flush())

    made += [("damaged: cut short", whole[:len(whole) // 2]),
             ("damaged: a character changed", whole[:20] + ("A" if whole[20] != "A" else "B") + whole[21:]),
             ("damaged: not a thread", "hilo2." + whole[6:]),
             ("damaged: not base64", "hilo1.$$$"),
             ("damaged: not JSON", packed(b"{posts")),
             ("damaged: posts of numbers", packed(b'{"page": "", "posts": [1, 2]}')),
             ("damaged: too deep", packed(b'{"page": "", "posts": [], "x": ' + b"[" * 70 + b"]" * 70 + b"}")),
             ("damaged: NaN", packed(b'{"page": "", "posts": [], "x": NaN}')),
             ("damaged: not UTF-8", packed(b'{"page": "\xff", "posts": []}'))]
    return made
