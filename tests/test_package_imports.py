"""The page's modules are imported by package path only (issue #40): web/ is the one import root
(its folders are namespace packages; buildtools/common.py web_on_path, app.zip keeps the folders), no
file imports a page module by its bare name (tools/package_imports.py --check), and no page module is
loaded under two names (two names would be two module objects, each with its own state)."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="reads the repository's sources (CPython only)")


def _tool():
    spec = importlib.util.spec_from_file_location("package_imports", ROOT / "tools" / "package_imports.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_file_imports_a_page_module_by_its_bare_name():
    tool = _tool()
    modules = tool.module_folders()
    left = {}
    for path in tool.python_files():
        _new, changes = tool.rewrite(path.read_text(encoding="utf-8"), modules)
        if changes:
            left[str(path.relative_to(ROOT))] = changes
    assert left == {}, "run python3 tools/package_imports.py"
    assert tool.main(["--check"]) == 0


def test_the_rewrite_keeps_each_local_name_and_comment_and_is_idempotent():
    tool = _tool()
    modules = {"app": "shell", "strings": "shell", "ui_fair": "fair"}
    source = ("import json\n"
              "import app\n"
              "import ui_fair  # the chain\n"
              "import ui_fair as uf\n"
              "import json, app\n"
              "from strings import t, html_escape as esc\n"
              "from strings import (\n    t,\n)\n"
              "def later():\n    import app  # lazily\n"
              "text = 'import app'\n"
              "from shell import app\n"
              "from helpers.page import open_page\n")
    new, changes = tool.rewrite(source, modules)
    assert new == ("import json\n"
                   "from shell import app\n"
                   "from fair import ui_fair  # the chain\n"
                   "from fair import ui_fair as uf\n"
                   "import json; from shell import app\n"
                   "from shell.strings import t, html_escape as esc\n"
                   "from shell.strings import (\n    t,\n)\n"
                   "def later():\n    from shell import app  # lazily\n"
                   "text = 'import app'\n"
                   "from shell import app\n"
                   "from helpers.page import open_page\n")
    assert len(changes) == 7
    assert tool.rewrite(new, modules) == (new, [])


def _dotted(path: Path) -> str:
    return ".".join(path.relative_to(WEB).with_suffix("").parts)


def test_every_page_module_is_loaded_under_its_package_name_only():
    """Import every page module that runs without a browser as the tests do (web/ on sys.path,
    tests/conftest.py), then: each module object loaded from web/ is in sys.modules under its package
    name (``shell.app``) and no other, and no bare name (``app``) is there at all."""
    files = sorted(p for p in WEB.glob("*/*.py"))
    imported = 0
    for path in files:
        try:
            importlib.import_module(_dotted(path))
            imported += 1
        except ModuleNotFoundError as err:      # a view needs the browser (pyscript, js, pyodide)
            if err.name not in ("pyscript", "js", "pyodide", "pyodide.ffi"):
                raise
    assert imported >= len(files) // 3, imported
    assert _loaded_twice_or_bare(sys.modules) == {}


def _loaded_twice_or_bare(loaded: dict) -> dict:
    """{web/ file: the names ``loaded`` holds it under} for each page module not held under exactly
    its package name."""
    names: dict = {}
    for name, module in list(loaded.items()):
        file = getattr(module, "__file__", None)
        if file and Path(file).resolve().is_relative_to(WEB.resolve()):
            names.setdefault(Path(file).resolve(), []).append(name)
    return {str(path.relative_to(WEB.resolve())): sorted(found) for path, found in names.items()
            if found != [_dotted(path)]}


def test_the_check_sees_a_module_under_two_names_or_a_bare_one():
    strings = importlib.import_module("shell.strings")
    assert _loaded_twice_or_bare({"shell.strings": strings}) == {}
    assert _loaded_twice_or_bare({"shell.strings": strings, "strings": strings}) == {
        "shell/strings.py": ["shell.strings", "strings"]}
    assert _loaded_twice_or_bare({"strings": strings}) == {"shell/strings.py": ["strings"]}
