"""A hostile paste for the audit's long-input checks (issue #39) and bench/audit_worker.py (issue #41): links
that decode to nothing, among words, up to a size."""

from __future__ import annotations

import random
import string


def junk_links(base_url: str, size: int) -> str:
    """About ``size`` characters (at most ``size``) of links to ``base_url`` that decode to nothing and
    words; the same text for the same arguments (seeded)."""
    rnd = random.Random(39)
    alphabet = string.ascii_letters + string.digits + "-_"
    parts, n = [], 0
    while n < size - 200:
        part = f"{base_url}#t2{''.join(rnd.choice(alphabet) for _ in range(40))} no es un enlace #etiqueta %23t9 "
        parts.append(part)
        n += len(part)
    return "".join(parts)
