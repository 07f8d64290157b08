"""``build.py deploy DIR [--url URL]``: a folder ready for any static host (docs/hosting.md)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from .assemble import build
from .common import ROOT, SetupError, log, run

#: Files a deployed site cannot start without (checked by check_site).
SITE_REQUIRED = ("index.html", "sw.js", "pyscript.json", "app.zip", "engine.zip.gz", "manifest.webmanifest", "og-image.png",
                 "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip")
#: Preview-card tags whose ``content`` becomes absolute with ``deploy --url`` (crawlers want absolute URLs).
PREVIEW_URL_TAGS = re.compile(r'(<meta (?:property|name)="(?:og:url|og:image|twitter:image)" content=")\./([^"]*)"')


def site_url(url: str) -> str:
    """Check and normalise ``deploy --url``: an http(s) URL of the folder the site is served from,
    ending in ``/`` (``https://user.github.io/repo`` → ``https://user.github.io/repo/``).

    Raises SetupError for anything else (no scheme, a fragment or query, another scheme)."""
    from urllib.parse import urlsplit

    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise SetupError(f"--url must be the http(s) address the site is served from, such as "
                         f"https://user.github.io/tirada/ (got {url!r})")
    return url.strip() if url.strip().endswith("/") else url.strip() + "/"


def _safe_target(target: Path) -> Path:
    """Resolve the deploy folder; refuse one that would wipe something else (the repository or a
    folder with other files in it)."""
    target = target.resolve()
    if target == ROOT or target in ROOT.parents or (ROOT in target.parents and target.parts[len(ROOT.parts)]
                                                     in ("web", "public", "pylib", "tests", "docs", "tools")):
        raise SetupError(f"refusing to deploy into {target}: choose a folder of its own, such as dist or site")
    if target.exists() and (not target.is_dir() or (any(target.iterdir()) and not (target / "sw.js").exists())):
        raise SetupError(f"refusing to replace {target}: it is not empty and holds no earlier Tirada build")
    return target


def _references(site: Path) -> list:
    """``(file, url)`` for every URL the page itself loads: index.html's src/href/content, the
    manifest's icons, pyscript.json's interpreter and files, the service worker's precache list."""
    refs = []
    html = (site / "index.html").read_text(encoding="utf-8")
    for attr, url in re.findall(r'\s(src|href|content)="([^"]*)"', html):
        if attr != "content" or url.startswith(("./", "/", "http:", "https:")):
            refs.append(("index.html", url))
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    refs += [("manifest.webmanifest", u) for u in [manifest.get("start_url", ""), manifest.get("scope", "")]
             + [icon["src"] for icon in manifest.get("icons", [])]]
    config = json.loads((site / "pyscript.json").read_text(encoding="utf-8"))
    refs += [("pyscript.json", u) for u in [config.get("interpreter", ""), *config.get("files", {})]]
    refs += [("sw.js", u) for u in re.findall(r'\{url:"([^"]+)",revision:', (site / "sw.js").read_text("utf-8"))]
    return refs


def check_site(site: Path, url: str | None = None) -> int:
    """Check that ``site`` is self-contained for any static host under any path; return its file count.

    Every URL the page loads must be relative (``./x`` or ``x``) and name a file of the folder: a
    root-absolute ``/x`` would break under a sub-path such as GitHub Pages' ``/REPO/``, and another
    host would break offline use. Absolute URLs are allowed only under ``url`` (by default the
    absolute ``og:url`` that ``deploy --url`` wrote), for the preview-card tags. Raises SetupError
    listing every problem."""
    problems = [f"{name} is missing" for name in SITE_REQUIRED if not (site / name).is_file()]
    if problems:
        raise SetupError(f"{site} is not a complete site: " + "; ".join(problems))
    if url is None:
        own = re.search(r'<meta property="og:url" content="(https?://[^"]+/)"',
                        (site / "index.html").read_text(encoding="utf-8"))
        url = own.group(1) if own else None
    for where, ref in _references(site):
        if url and ref.startswith(url):
            ref = "./" + ref[len(url):]
        if ref.startswith("#") or ref in ("", "./"):
            continue
        if ref.startswith(("/", "http:", "https:", "//")):
            problems.append(f"{where} refers to {ref}: use a path relative to the page (./…)")
        elif not (site / ref.split("?")[0].split("#")[0].removeprefix("./")).is_file():
            problems.append(f"{where} refers to {ref}, which is not in the folder")
    if problems:
        raise SetupError(f"{site} is not self-contained: " + "; ".join(problems))
    return sum(1 for f in site.rglob("*") if f.is_file())


def export_site(src: Path, target: Path, url: str | None = None) -> Path:
    """Copy the built site ``src`` (dist/) to ``target``, ready for a static host (issue #17).

    With ``url`` (the address it will be served from) the preview-card tags get absolute URLs, as
    Open Graph asks, and the service worker is regenerated so its precache matches the new
    index.html. Then check_site. Returns the resolved target."""
    target = _safe_target(target)
    url = site_url(url) if url else None
    if target != src.resolve():
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(src, target)
    if url:
        page = target / "index.html"
        html = page.read_text(encoding="utf-8")
        html = PREVIEW_URL_TAGS.sub(lambda m: f'{m.group(1)}{url}{m.group(2)}"', html)
        page.write_text(html, encoding="utf-8")
        bake_userscript(target / "tirada.user.js", url)
        run(["node", ROOT / "tools" / "sw.mjs", target])
    count = check_site(target, url)
    size = sum(f.stat().st_size for f in target.rglob("*") if f.is_file())
    log(f"deploy: {target} is ready for any static host ({count} files, {size / 1048576:.1f} MiB"
        f"{', previews point to ' + url if url else ''}); publish the whole folder (docs/hosting.md)")
    return target


#: The userscript's default Tirada address (web/tirada.user.js), filled by ``deploy --url``.
USERSCRIPT_DEFAULT = 'const TIRADA_DEFAULT = "";'


def bake_userscript(path: Path, url: str) -> None:
    """Make ``url`` the default Tirada address of the userscript at ``path`` (issue #30), and its
    update address (``@downloadURL``/``@updateURL``) the copy served beside the page."""
    text = path.read_text(encoding="utf-8")
    if USERSCRIPT_DEFAULT not in text:
        raise SetupError(f"{path} has no line {USERSCRIPT_DEFAULT!r} to fill with the address")
    text = text.replace(USERSCRIPT_DEFAULT, f"const TIRADA_DEFAULT = {json.dumps(url)};")
    update = f"// @downloadURL  {url}tirada.user.js\n// @updateURL    {url}tirada.user.js\n"
    path.write_text(text.replace("// ==/UserScript==", update + "// ==/UserScript==", 1), encoding="utf-8")


def deploy(target: Path, url: str | None = None) -> Path:
    """``build.py deploy DIR [--url URL]``: build, then export_site into DIR."""
    if url:
        site_url(url)  # refuse a bad URL before the build, not after it
    _safe_target(target)
    return export_site(build(), target, url)
