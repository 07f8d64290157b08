"""Layout checks: unique test module names (pytest imports tests/ and tests/e2e/ into one namespace)
and the engine's package layout (issue #12)."""

import pathlib
from collections import Counter

TESTS = pathlib.Path(__file__).resolve().parent


def test_test_module_names_are_unique():
    names = Counter(p.name for p in TESTS.rglob("test_*.py"))
    assert [n for n, c in names.items() if c > 1] == []


ENGINE = TESTS.parent / "pylib" / "tirada"


def test_engine_layout_one_package_per_system():
    """Issue #12: each system is a package (or one module) under tirada/systems/, links under
    tirada/links/; no flat per-system modules are left at the top of the engine."""
    for path in ("systems/__init__.py", "systems/generic.py", "systems/sifrp.py", "systems/l5r/__init__.py",
                 "systems/tragedia/__init__.py", "systems/brs/__init__.py", "links/__init__.py",
                 "odds/__init__.py", "cli.py"):
        assert (ENGINE / path).is_file(), path
    top = sorted(p.name for p in ENGINE.glob("*.py"))
    flat = [n for n in top if n.startswith(("tragedia", "l5r", "link", "generic", "sifrp", "audit", "snippets"))]
    assert flat == []
    assert not (ENGINE / "brs").exists()


def test_every_registered_system_lives_in_tirada_systems():
    from tirada.systems import SYSTEMS, get_system

    for system_id, module in SYSTEMS.items():
        assert module.startswith("tirada.systems."), system_id
        assert callable(get_system(system_id).roll)


def test_only_the_cli_imports_the_cli():
    """Domain modules never import the command line; every ``cmd_*`` lives in tirada/cli.py."""
    import ast

    offenders, commands = [], []
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = str(path.relative_to(ENGINE))
        if rel in ("cli.py", "__main__.py"):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == "cli":
                offenders.append(rel)
            if isinstance(node, ast.FunctionDef) and node.name.startswith("cmd_"):
                commands.append(f"{rel}:{node.name}")
    assert offenders == [] and commands == []


MAX_LINES = 400
#: A module may be longer when a line near its top (first 40 lines) says why, starting with this.
REASON_MARK = "Longer than 400 lines because"
#: Known exceptions, each with its reason (a module path under the repo → why it may stay longer);
#: prefer the note at the module's top. Empty since the page views were split (issue #12).
KNOWN_LONG: dict = {}


def test_no_module_over_400_lines_without_a_reason_at_its_top():
    """STYLE.md: modules of roughly 100–400 lines (issue #12). Counts every line of the file."""
    root = TESTS.parent
    too_long = []
    for base in ("pylib", "web", "buildtools"):
        for path in sorted((root / base).rglob("*.py")) + ([root / "build.py"] if base == "buildtools" else []):
            lines = path.read_text(encoding="utf-8").splitlines()
            rel = path.relative_to(root).as_posix()
            if len(lines) <= MAX_LINES or rel in KNOWN_LONG:
                continue
            if not any(REASON_MARK in line for line in lines[:40]):
                too_long.append(f"{rel}: {len(lines)} lines")
    assert too_long == []


def test_known_long_modules_are_still_long():
    """An exception that is no longer needed is removed from KNOWN_LONG (so the list cannot rot)."""
    root = TESTS.parent
    for rel in KNOWN_LONG:
        path = root / rel
        if path.exists():
            assert len(path.read_text(encoding="utf-8").splitlines()) > MAX_LINES, f"{rel}: drop it from KNOWN_LONG"


#: Browser tests that still import helpers from other browser tests; those files are being edited by
#: other changes (Playwright expect(), views split): move these helpers to tests/helpers/ after them.
KNOWN_TEST_IMPORTS = {
    "e2e/test_brs.py": {"test_a11y"},
    "e2e/test_storage_failures.py": {"test_data"},
}


def test_tests_share_helpers_through_tests_helpers_not_through_other_tests():
    """Shared builders live in tests/helpers/ (issue #12); a test module never imports another."""
    import ast

    found = {}
    for path in sorted(TESTS.rglob("*.py")):
        rel = path.relative_to(TESTS).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                if name.split(".")[-1].startswith("test_"):
                    found.setdefault(rel, set()).add(name)
    assert found == KNOWN_TEST_IMPORTS


def test_build_py_is_the_command_line_of_buildtools():
    """Issue #25: build.py is split by job into buildtools/ (one module each, none over 400 lines);
    build.py itself only parses the command line and calls them."""
    root = TESTS.parent
    jobs = {p.stem for p in (root / "buildtools").glob("*.py")} - {"__init__", "common"}
    assert {"setup", "pages", "startup", "assemble", "serve", "deploy", "testing", "bench"} <= jobs
    script = (root / "build.py").read_text(encoding="utf-8")
    assert len(script.splitlines()) < 150
    assert "\ndef main(" in script and script.count("\ndef ") == 1


WEB = TESTS.parent / "web"
#: web/'s folders of page modules (issue #25: grouped the way the engine is), each with what it holds
WEB_FOLDERS = {
    "shell": "start-up, link routing, store, language, the strings catalog, refusals",
    "roll": "the roll view and the Forms protocol, the odds card",
    "dice": "the roll systems that are a Form and nothing more (generic, SIFRP), outcome bands",
    "l5r": "the L5R 5e check and skirmish turn",
    "brs": "the Blood Red Sands Confrontation",
    "tragedia": "the Tragedia scene",
    "fair": "roller chains, GM requests, sealed rolls, the shared-roll view",
    "audit": "the thread audit, the bookmarklet and the userscript's frame",
    "data": "«Mis datos»: characters, sheets, backups",
}


def test_web_modules_stand_in_their_folders_with_unique_names():
    """Every page module is in one folder of web/ (none loose at its top), names are unique across
    folders (tools/package_imports.py finds a module's folder by its name), and web/, their one import
    root, is on mypy's path (pyproject.toml)."""
    import sys
    import tomllib

    sys.path.insert(0, str(TESTS.parent))
    try:
        from buildtools.common import web_folders, web_modules
    finally:
        sys.path.remove(str(TESTS.parent))
    assert sorted(WEB.glob("*.py")) == []
    assert [p.name for p in web_folders()] == sorted(WEB_FOLDERS)
    modules = web_modules()
    assert len(modules) == len({p.stem for p in modules}) == len(list(WEB.rglob("*.py")))
    config = tomllib.loads((TESTS.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["mypy"]["mypy_path"].split(":") == ["pylib", "web"]
    assert not any(WEB.glob("*/__init__.py"))   # namespace packages: split between app.zip and engine.zip
    for system in ("generic", "sifrp"):
        assert (WEB / "dice" / f"form_{system}.py").is_file()
    for folder, system in (("l5r", "l5r5e"), ("brs", "brs"), ("tragedia", "tragedia")):
        assert (WEB / folder / f"form_{system}.py").is_file()


def test_a_loose_or_twice_named_page_module_stops_the_build(tmp_path, monkeypatch):
    import sys

    sys.path.insert(0, str(TESTS.parent))
    try:
        import buildtools.common as common
    finally:
        sys.path.remove(str(TESTS.parent))
    for folder in ("shell", "l5r"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "store.py").write_text("", encoding="utf-8")
    monkeypatch.setattr(common, "WEB", tmp_path)
    try:
        common.web_modules()
    except common.SetupError as err:
        assert "store.py" in str(err) and "unique" in str(err)
    else:
        raise AssertionError("two store.py were accepted")
    (tmp_path / "l5r" / "store.py").unlink()
    (tmp_path / "loose.py").write_text("", encoding="utf-8")
    try:
        common.web_modules()
    except common.SetupError as err:
        assert "loose.py" in str(err)
    else:
        raise AssertionError("a module outside the folders was accepted")
