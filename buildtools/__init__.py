"""The jobs of build.py, one module each (issue #25): common (paths, run, SetupError) → setup (.venv,
node_modules, test wheels, Chromium) → pages (dist/ assembled) → startup (compiled modules, trimmed
standard library, snapshot, engine.zip) → assemble (``build``) → serve, deploy, testing, bench.

Standard library only, like build.py: it runs on a fresh machine's python3 (3.11+)."""
