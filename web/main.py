"""The script PyScript runs (index.html): the page itself is web/page.py, imported from app.zip as
compiled bytecode, so that Python's parser and compiler do not run for the page's entry code at every
start (about 50 ms of a warm start; docs/benchmarks.md, issue #16)."""

import page  # noqa: F401  (starts the page)
