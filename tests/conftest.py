"""Every test imports the page's modules as the page does from app.zip: by their flat names. Their
files stand in folders of web/ (one per system's views and strings, the roll view, fair play, the
audit, "Mis datos", the shell; docs/architecture.md), so each folder goes on ``sys.path`` here,
before any test module is imported (buildtools.common.web_on_path, the build's own way)."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
try:
    from buildtools.common import web_on_path
finally:
    sys.path.remove(str(ROOT))

web_on_path()
