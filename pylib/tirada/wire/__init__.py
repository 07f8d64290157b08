"""Formats on the wire: the floor under the game systems (issue #25, docs/architecture.md §Layers).

What a link or a post *is*, byte by byte and character by character, with no rule of any game:

* :mod:`.frame` — fragment, frame, base64url, deterministic CBOR, checksums;
* :mod:`.inflate` — the bounded raw inflate of a compressed body (CPython, Pyodide and MicroPython alike);
* :mod:`.codec` — any payload ↔ a fragment, and the link kind codes (``KINDS``);
* :mod:`.roll_layout`, :mod:`.roll_layout2` — the CBOR layout of a roll link (formats 1 and 2), the
  registry's system and parameter codes, the shared field limits and checks;
* :mod:`.request_layout`, :mod:`.handover_layout`, :mod:`.sealed_layout` — GM requests, chain
  hand-overs and sealed rolls;
* :mod:`.markup` — forum post markup: snippet tokens, escaping, the four styles.

It imports only the engine's base modules (errors, dice seeds, names, fields) and the system
registry's tables (codes and names, no engine). The systems (:mod:`tirada.systems`) build their
links and posts on it; :mod:`tirada.links` (chains, audits, snippets of a verified roll, requests,
sealed rolls) stands above the systems. ``tests/test_layers.py`` keeps the floors in that order.
"""
