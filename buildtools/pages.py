"""Assemble dist/: the engine wheel, the runtime files, index.html with its panels and Spanish
texts, app.zip and the PyScript config."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from .common import (
    DIST,
    PYODIDE_DIR,
    PYODIDE_FILES,
    PYSCRIPT_CHUNKS,
    PYSCRIPT_DIR,
    PYSCRIPT_PLUGINS_OFF,
    ROOT,
    WEB,
    SetupError,
    run,
    source_build_lock,
    web_folders,
    web_modules,
    web_on_path,
)


def build_wheel(py: Path) -> Path:
    """Build the engine's py3-none-any wheel into dist/wheels/ and return its path."""
    out = DIST / "wheels"
    out.mkdir(parents=True, exist_ok=True)
    # SOURCE_DATE_EPOCH (1980-01-01): the wheel's entries carry no build time, so a rebuild of the same
    # sources gives the same bytes, like the rest of dist/ (tests/e2e/test_runtime_files.py)
    with source_build_lock():   # the engine suite may build the package from the same checkout meanwhile
        run([py, "-m", "pip", "wheel", "-q", "--disable-pip-version-check", "--no-deps", "--no-build-isolation",
             "-w", out, ROOT], stdout=subprocess.DEVNULL, env={**os.environ, "SOURCE_DATE_EPOCH": "315532800"})
        shutil.rmtree(ROOT / "build", ignore_errors=True)
    wheels = sorted(out.glob("tirada-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise SetupError(f"expected one engine wheel in {out}, found {[w.name for w in wheels]}")
    return wheels[0]


def copy_runtime() -> None:
    """Copy the Pyodide and PyScript files the page loads into dist/ (no package manager: the page
    installs no packages, so neither micropip nor a lock file listing packages is shipped)."""
    pyo = DIST / "pyodide"
    pyo.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_DIR / name, pyo / name)
    ps = DIST / "pyscript"
    ps.mkdir(parents=True, exist_ok=True)
    for f in PYSCRIPT_DIR.iterdir():
        chunk = re.sub(r"-[A-Za-z0-9_-]{8}$", "", f.stem)  # "core-C9KDLldu" → "core"
        if f.suffix in (".js", ".css") and f.is_file() and chunk in PYSCRIPT_CHUNKS:
            shutil.copy2(f, ps / f.name)


def include_panels(html: str, depth: int = 0) -> str:
    """Replace each ``<!--#include panels/NAME.html-->`` line with that file of web/panels/ (panels
    may include panels, up to 4 levels deep)."""

    def include(match: re.Match) -> str:
        path = ROOT / "web" / match.group(1)
        if not path.is_file() or "panels" not in path.parts:
            raise SetupError(f"web/index.html includes {match.group(1)}, which is not a file in web/panels/")
        if depth >= 4:
            raise SetupError(f"{match.group(1)}: panels included more than 4 levels deep (a loop?)")
        return include_panels(path.read_text(encoding="utf-8"), depth + 1)

    html = re.sub(r"<!--#include (panels/[a-z0-9_-]+\.html)-->", include, html)
    html = html.replace("<!--#sifrp-difficulties-->", sifrp_difficulties_html())
    return re.sub(r"<!--#system-(options|fieldsets)-->", lambda m: system_forms_html(m.group(1)), html)


def sifrp_difficulties_html() -> str:
    """The SIFRP difficulty select's options (web/dice/form_sifrp.py difficulty_options_html), each text its
    ``{{key}}`` (filled in Spanish with the rest), written into the page so that the form is whole before the
    engine is up (issue #41: it rolls on the reading core then)."""
    web_on_path()
    _engine_on_path()
    from dice.form_sifrp import difficulty_options_html

    return difficulty_options_html(None)


def _engine_on_path() -> None:
    """Put pylib/ on ``sys.path`` (once) for the build's own reading of the engine (the registry's
    systems, their words): the build may run outside the project's virtual environment."""
    if str(ROOT / "pylib") not in sys.path:
        sys.path.append(str(ROOT / "pylib"))


def system_forms_html(part: str) -> str:
    """What the roll form gets from each system that brings its own fieldset (its Form's
    ``FIELDSET_HTML``, ``{{key}}`` placeholders filled like the panels'), in registry order:
    ``part`` ``"options"``: its ``<option>`` in the system select; ``"fieldsets"``: the fieldset
    itself. web/panels/roll.html marks where (``<!--#system-options-->``, ``<!--#system-fieldsets-->``),
    so adding a system edits no panel (docs/architecture.md §Adding a roll system)."""
    web_on_path()
    _engine_on_path()
    from roll import forms
    from tirada.systems.registry import REGISTRY

    out = []
    for system in REGISTRY:
        fieldset = getattr(forms.form_for(system), "FIELDSET_HTML", None)
        if fieldset is None:
            continue
        out.append(f'<option value="{system}" data-i18n="system.{system}">{{{{system.{system}}}}}</option>'
                   if part == "options" else fieldset)
    return "\n".join(out)


#: Data files of web/'s module folders that the page's Python reads beside its modules: shipped in
#: app.zip with them (in their folders, as the modules), not as files of the site (the JavaScript gets them from
#: generated.mjs, buildtools/generated.py).
GLUE_DATA = ("shell/contract.json",)


def write_app_zip(wheel: Path) -> Path:
    """dist/app.zip: the engine package (from the wheel) plus the page's glue modules, which
    web/pyodide-start.mjs puts whole on the interpreter's ``sys.path`` (zipimport; nothing unpacked).

    One archive instead of a wheel installed through micropip plus one fetch per glue module: fewer
    requests and no package manager at start-up (docs/benchmarks.md)."""
    out = DIST / "app.zip"
    # the page's modules, and the data files they read beside them (web/shell/contract.py reads contract.json)
    glue = web_modules() + [WEB / name for name in GLUE_DATA]
    with zipfile.ZipFile(wheel) as whl, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(whl.namelist()):
            if name.startswith("tirada/"):
                zf.writestr(fixed_zip_entry(name), whl.read(name))
        for path in glue:
            zf.writestr(fixed_zip_entry(path.relative_to(WEB).as_posix()), path.read_bytes())
    return out


def fixed_zip_entry(name: str) -> zipfile.ZipInfo:
    """A zip entry for ``name`` dated 1980-01-01, deflated, mode 0644: the same sources make
    byte-identical archives (zipfile would stamp the current time or the file's), so their precache
    revisions change only with their contents (tools/pyodide_build.mjs does the same)."""
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def check_forms() -> None:
    """Every registered roll system has its page Form with what the registry requires
    (web/roll/forms.py :func:`forms.problems`): a system without one stops the build here, never a
    silent fallback on the page (docs/architecture.md §Adding a roll system).

    Raises:
        SetupError: naming each system and what it lacks."""
    sys.path.insert(0, str(ROOT / "pylib"))
    try:
        from roll import forms
        from tirada.systems.registry import REGISTRY

        lacking = {system: forms.problems(system) for system in REGISTRY}
    finally:
        sys.path.remove(str(ROOT / "pylib"))
    lacking = {system: what for system, what in lacking.items() if what}
    if lacking:
        raise SetupError("roll systems without a complete page Form: "
                         + "; ".join(f"{system}: {', '.join(what)}" for system, what in lacking.items()))


def render_pages(wheel: Path) -> None:
    """Copy web/ and public/ into dist/, fill the Spanish strings and write the PyScript config."""
    web_on_path()
    _engine_on_path()
    from shell import strings  # web/shell/strings.py: the one place for UI text (it reads the registry's system words)

    check_forms()
    modules = {p.name for p in web_folders()}   # their files go in app.zip, not on the site
    for src in (ROOT / "public", WEB):
        for f in src.rglob("*"):
            rel = f.relative_to(src)
            if (f.is_file() and "__pycache__" not in f.parts and "panels" not in rel.parts
                    and not (src == WEB and rel.parts[0] in modules)):
                dest = DIST / f.relative_to(src)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(f, dest)
    html = include_panels((ROOT / "web" / "index.html").read_text(encoding="utf-8"))

    def fill(match: re.Match) -> str:
        key = match.group(1)
        if key not in strings.STRINGS:
            raise SetupError(f"web/index.html uses {{{{{key}}}}} but web/shell/strings.py has no such key")
        return strings.html_escape(strings.STRINGS[key]["es"])

    html = re.sub(r"\{\{\s*([a-z0-9_.]+)\s*\}\}", fill, html)
    (DIST / "index.html").write_text(html, encoding="utf-8")
    write_english(html, strings)
    write_app_zip(wheel)
    # JSON, not TOML: PyScript would otherwise fetch its TOML parser first.
    # No "files": web/pyodide-start.mjs fetches app.zip itself while Pyodide boots (issue #16).
    config = {"interpreter": "./pyodide/pyodide.mjs",
              "experimental_create_proxy": "auto", "plugins": [f"!{name}" for name in PYSCRIPT_PLUGINS_OFF]}
    (DIST / "pyscript.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
    # PyScript loads every plugin that no config of each interpreter type turns off, and reads an
    # "mpy" config even with no MicroPython script on the page: say it there too (hidden; PyScript's
    # own style hides <mpy-config> as well). No MicroPython is ever loaded.
    off = json.dumps({"plugins": config["plugins"]}, separators=(",", ":"))
    insert_before(PY_SCRIPT,
                  [f"<mpy-config hidden>{off}</mpy-config>"])


#: The English texts of the static page (write_english), beside index.html: web/early-lang.mjs fetches
#: it only for an English visit or the language button before Pyodide is up (issue #41).
STRINGS_EN = "strings-en.json"


def static_keys(html: str) -> list:
    """The catalog keys index.html's static texts use, sorted: every ``[data-i18n]`` element's, every
    ``[data-i18n-attr]`` attribute's (``attr:key;attr:key``), and ``app.title`` (the document's title):
    exactly what web/shell/page.py ``apply_lang`` rewrites when the language changes."""
    keys = set(re.findall(r'\sdata-i18n="([^"]+)"', html)) | {"app.title"}
    for pairs in re.findall(r'\sdata-i18n-attr="([^"]+)"', html):
        keys.update(pair.partition(":")[2] for pair in pairs.split(";"))
    return sorted(keys)


def english_texts(html: str, strings) -> dict:
    """``{key: English text}`` of every :func:`static_keys` key of ``html``, as ``apply_lang`` writes it
    (``strings.t(key, "en")``: a plural pair's "other" form; Spanish where the catalog has no English).

    Raises:
        SetupError: a key the catalog (``strings.STRINGS``) lacks."""
    missing = [key for key in static_keys(html) if key not in strings.STRINGS]
    if missing:
        raise SetupError(f"web/index.html uses keys web/shell/strings.py lacks: {missing}")
    return {key: strings.t(key, "en") for key in static_keys(html)}


def write_english(html: str, strings) -> Path:
    """dist/strings-en.json: :func:`english_texts` of the built page, compact JSON (~32 KB, ~12 KB gzip).
    A file of its own, not inlined in index.html: a Spanish visit never downloads it (issue #41 counts
    what a phone downloads before a roll link's first result); the service worker precaches it with
    every file of dist/, so an English visit offline has it too."""
    out = DIST / STRINGS_EN
    out.write_text(json.dumps(english_texts(html, strings), ensure_ascii=False, sort_keys=True,
                              separators=(",", ":")), encoding="utf-8")
    return out


#: The page's PyScript script in web/index.html: one inline line (no fetch of a main.py once Pyodide
#: has booted; issue #16), which imports web/shell/page.py, compiled in app.zip.
PY_SCRIPT = '<script type="py" config="./pyscript.json">import shell.page</script>'


def insert_before(anchor: str, lines: list) -> None:
    """Put ``lines`` (HTML) before ``anchor`` in dist/index.html, one per line.

    Raises:
        SetupError: web/index.html holds ``anchor`` not exactly once."""
    page = DIST / "index.html"
    html = page.read_text(encoding="utf-8")
    if html.count(anchor) != 1:
        raise SetupError(f"web/index.html: no single {anchor}")
    page.write_text(html.replace(anchor, "\n  ".join([*lines, anchor])), encoding="utf-8")
