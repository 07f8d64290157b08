"""``from __future__ import annotations`` on MicroPython (the reading core, docs/architecture.md).

MicroPython has no ``__future__`` module; it accepts annotations and never evaluates them, so the
feature needs no work: this module only makes the import succeed. Loaded on MicroPython only (it is
copied into MicroPython's ``/lib``; CPython and Pyodide use their own).
"""

annotations = True
