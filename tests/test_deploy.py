"""Putting Tirada online (issue #17): the GitHub Pages workflow builds with the README's own command
and uploads the folder it wrote; docs/hosting.md is linked from the README's first screen;
``build.py deploy`` refuses unsafe folders and ``check_site`` catches a site that is not
self-contained. The site itself is served under a sub-path in tests/e2e/test_hosting.py.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="reads the repository's build files")
README = (ROOT / "README.md").read_text(encoding="utf-8")
FIRST_SCREEN = "\n".join(README.splitlines()[:24])


@pytest.fixture(scope="module")
def build_py():
    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT))
    return build


def workflow() -> dict:
    import yaml

    return yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))


def test_readme_first_screen_keeps_its_two_commands_and_links_hosting():
    lines = README.splitlines()
    assert lines[2:5] == ["```sh", lines[3], lines[4]] and lines[5] == "```"
    assert lines[3].startswith("python3 build.py serve ") and lines[4].startswith("python3 build.py test ")
    assert "[docs/hosting.md](docs/hosting.md)" in FIRST_SCREEN
    assert (ROOT / "docs" / "hosting.md").is_file()


def test_pages_workflow_builds_with_the_readme_command_and_uploads_its_folder(build_py):
    flow = workflow()
    assert flow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    build_steps = flow["jobs"]["build"]["steps"]
    runs = [step["run"] for step in build_steps if "run" in step]
    assert len(runs) == 1, runs
    argv = shlex.split(runs[0])
    # the command up to its options is the one the README's first screen shows, word for word
    readme_cmds = set(re.findall(r"`(python3 build\.py deploy [^`]+)`", FIRST_SCREEN))
    options = next((i for i, word in enumerate(argv) if word.startswith("--")), len(argv))
    assert " ".join(argv[:options]) in readme_cmds, (argv, readme_cmds)
    assert argv[:3] == ["python3", "build.py", "deploy"]
    # its options are the deploy command's: --url, fed by configure-pages' address of the site
    assert argv[options:] == ["--url", "${{ steps.pages.outputs.base_url }}/"]
    configure = next(step for step in build_steps if step.get("id") == "pages")
    assert configure["uses"].startswith("actions/configure-pages@")
    assert build_steps.index(configure) < next(i for i, s in enumerate(build_steps) if "run" in s)
    # the uploaded folder is the one the command wrote
    upload = next(step for step in build_steps if step.get("uses", "").startswith("actions/upload-pages-artifact@"))
    assert Path(upload["with"]["path"]) == Path(argv[3])
    deploy = flow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert any(step.get("uses", "").startswith("actions/deploy-pages@") for step in deploy["steps"])
    # the runner's tools meet the README's requirements (Python 3.11+, Node.js 18+)
    versions = {step["uses"].split("@")[0]: step.get("with", {}) for step in build_steps if "uses" in step}
    assert tuple(map(int, versions["actions/setup-python"]["python-version"].split("."))) >= (3, 11)
    assert int(versions["actions/setup-node"]["node-version"]) >= 18
    # and build.py's own parser accepts the command
    with pytest.raises(SystemExit) as exit_:
        build_py.main([*argv[2:3], "--help"])
    assert exit_.value.code == 0


def test_site_url_is_normalised_and_checked(build_py):
    assert build_py.site_url("https://user.github.io/tirada") == "https://user.github.io/tirada/"
    assert build_py.site_url(" http://127.0.0.1:8000/a/b/ ") == "http://127.0.0.1:8000/a/b/"
    for bad in ("user.github.io/tirada", "ftp://x/", "https://x/?a=1", "https://x/#t1", "https:///"):
        with pytest.raises(build_py.SetupError, match="--url"):
            build_py.site_url(bad)


def test_deploy_refuses_folders_it_would_wipe(build_py, tmp_path):
    for target in (ROOT, ROOT.parent, ROOT / "web", ROOT / "public" / "x"):
        with pytest.raises(build_py.SetupError, match="refusing"):
            build_py._safe_target(target)
    other = tmp_path / "photos"
    other.mkdir()
    (other / "cat.jpg").write_bytes(b"\xff\xd8")
    with pytest.raises(build_py.SetupError, match="not empty"):
        build_py._safe_target(other)
    with pytest.raises(build_py.SetupError, match="--url"):
        build_py.deploy(tmp_path / "site", url="user.github.io")  # refused before any build
    assert not (tmp_path / "site").exists()
    assert build_py._safe_target(tmp_path / "new") == (tmp_path / "new").resolve()


def fake_site(folder: Path, index_extra: str = "") -> Path:
    """The smallest folder check_site accepts (empty files where only presence matters)."""
    for name in ("pyscript.json", "app.zip", "engine.zip.gz", "og-image.png", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm",
                 "pyodide/python_stdlib.zip", "style.css", "icons/icon.svg"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(b"")
    (folder / "index.html").write_text(
        '<link rel="stylesheet" href="./style.css"><meta property="og:image" content="./og-image.png">'
        '<meta name="viewport" content="width=device-width"><a href="#main">skip</a>' + index_extra)
    (folder / "manifest.webmanifest").write_text(json.dumps(
        {"start_url": "./", "scope": "./", "icons": [{"src": "icons/icon.svg"}]}))
    (folder / "pyscript.json").write_text(json.dumps(
        {"interpreter": "./pyodide/pyodide.mjs"}))
    (folder / "sw.js").write_text('[{url:"index.html",revision:"0"},{url:"style.css",revision:"1"}]')
    return folder


def test_check_site_accepts_a_relative_site_and_names_each_problem(build_py, tmp_path):
    site = fake_site(tmp_path / "ok")
    assert build_py.check_site(site) == 12
    url = "https://user.github.io/tirada/"
    absolute = fake_site(tmp_path / "abs", f'<meta property="og:url" content="{url}">'
                                           f'<meta property="og:image" content="{url}og-image.png">')
    assert build_py.check_site(absolute, url) == 12
    assert build_py.check_site(absolute) == 12  # og:url names the site's own address
    with pytest.raises(build_py.SetupError, match="refers to https://user.github.io/tirada/og-image.png"):
        build_py.check_site(absolute, "https://elsewhere.example/")
    cases = {
        '<script src="/loader.js"></script>': "refers to /loader.js: use a path relative",
        '<script src="https://cdn.example.org/x.js"></script>': "refers to https://cdn.example.org/x.js",
        '<link rel="icon" href="./icons/missing.png">': "refers to ./icons/missing.png, which is not in the folder",
    }
    for extra, message in cases.items():
        with pytest.raises(build_py.SetupError, match=re.escape(message)):
            build_py.check_site(fake_site(tmp_path / str(len(message)), extra))
    (site / "pyodide" / "pyodide.asm.wasm").unlink()
    with pytest.raises(build_py.SetupError, match="pyodide/pyodide.asm.wasm is missing"):
        build_py.check_site(site)


def test_built_site_is_self_contained(build_py):
    """The real dist/ (built by the e2e set-up or build.py test) passes check_site as it is."""
    if not (build_py.DIST / "sw.js").exists():
        pytest.skip("dist/ not built")
    assert build_py.check_site(build_py.DIST) > 25  # the whole site (about 31 files: only what runs, issue #16)
    html = (build_py.DIST / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<meta property="og:image" content="(\./|https?://\S+/)og-image\.png">', html)


def test_export_site_makes_preview_urls_absolute_and_keeps_the_precache_true(build_py, tmp_path):
    if not (build_py.DIST / "sw.js").exists():
        pytest.skip("dist/ not built")
    if not shutil.which("node"):
        pytest.skip("node is needed to regenerate the service worker")
    url = "https://user.github.io/tirada/"
    site = build_py.export_site(build_py.DIST, tmp_path / "site", url)
    html = (site / "index.html").read_text(encoding="utf-8")
    for tag in ('property="og:url" content="https://user.github.io/tirada/"',
                'property="og:image" content="https://user.github.io/tirada/og-image.png"',
                'name="twitter:image" content="https://user.github.io/tirada/og-image.png"'):
        assert tag in html
    assert 'content="./' not in html
    userscript = (site / "tirada.user.js").read_text(encoding="utf-8")   # issue #30: its default address
    assert 'const TIRADA_DEFAULT = "https://user.github.io/tirada/";' in userscript
    assert "// @updateURL    https://user.github.io/tirada/tirada.user.js" in userscript
    assert 'const TIRADA_DEFAULT = "";' in (build_py.DIST / "tirada.user.js").read_text(encoding="utf-8")
    import hashlib

    sw = (site / "sw.js").read_text(encoding="utf-8")
    revision = re.search(r'\{revision:"([0-9a-f]{32})",url:"index.html"\}', sw).group(1)
    assert revision == hashlib.md5(html.encode("utf-8")).hexdigest()
    assert build_py.check_site(site) == build_py.check_site(site, url)  # its own og:url is the default
    # the source folder is untouched
    assert (build_py.DIST / "index.html").read_text("utf-8") != html
