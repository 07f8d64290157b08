"""What the page's plain start imports (issue #41): web/shell/page.py imported under CPython with stand-ins
for PyScript's browser modules (``pyscript``, ``pyodide.ffi``, ``js``), in a fresh interpreter.

The stand-ins answer every attribute, call, index, comparison and sum with a harmless value, so the views'
start-up code runs against an empty page; what it imports (at the top of a module, through
``importlib``, or in a function the start calls) is what the page imports before its timer loads the
lazy views (page.py ``load_rest``). A page change the stand-ins cannot follow fails with its traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_ANY = '''
class Any:
    """Every browser object and value: any attribute, call, item or sum."""
    def __init__(self, *args, **kwargs): pass
    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return Any()
    def __call__(self, *args, **kwargs): return Any()
    def __iter__(self): return iter(())
    def __bool__(self): return False
    def __str__(self): return ""
    def __len__(self): return 0
    def __getitem__(self, key): return Any()
    def __setattr__(self, name, value): pass
    def __setitem__(self, key, value): pass
    def __contains__(self, key): return False
    def __add__(self, other): return 0
    __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __add__
    def __int__(self): return 0
    def __float__(self): return 0.0
    def __index__(self): return 0
    def __lt__(self, other): return False
    __le__ = __gt__ = __ge__ = __lt__


def module_getattr(name):
    return Any()
'''

_STUBS = {
    "_browser_stand_in.py": _ANY,
    "pyscript/__init__.py": ("from _browser_stand_in import Any, module_getattr as __getattr__\n"
                             "document = Any()\nwindow = Any()\n"
                             "def when(*args, **kwargs):\n    return lambda fn: fn\n"),
    "pyscript/web.py": "from _browser_stand_in import Any, module_getattr as __getattr__\npage = Any()\n",
    "pyodide/__init__.py": "",
    "pyodide/ffi.py": ("from _browser_stand_in import module_getattr as __getattr__\n"
                       "def create_proxy(fn, *args, **kwargs):\n    return fn\n"
                       "create_once_callable = create_proxy\n"
                       "class JsException(Exception):\n    pass\n"),
    "js.py": "import sys\nfrom _browser_stand_in import Any\nsys.modules[__name__] = Any()\n",
}

_PROBE = """import json, sys
before = set(sys.modules)
import shell.page
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def modules_at_start() -> list:
    """The modules (engine ``tirada.*``, page modules and standard library) that importing web/shell/page.py
    imports, sorted. Raises ``subprocess.CalledProcessError`` (with the child's traceback) when the import fails."""
    with tempfile.TemporaryDirectory(prefix="tirada-start-") as tmp:
        for name, text in _STUBS.items():
            path = Path(tmp) / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([tmp, str(ROOT / "pylib"), str(ROOT / "web")])}
        done = subprocess.run([sys.executable, "-c", _PROBE], env=env, capture_output=True, text=True,
                              timeout=120, check=False)
        if done.returncode:
            raise subprocess.CalledProcessError(done.returncode, "import shell.page", done.stdout, done.stderr)
        return json.loads(done.stdout.strip().splitlines()[-1])
