"""The engine stays pure: no browser imports, no 3.12+ syntax, a pinned public surface."""

import ast
import pathlib

import pytest

import tirada

ENGINE = pathlib.Path(__file__).resolve().parent.parent / "pylib" / "tirada"
FILES = sorted(ENGINE.rglob("*.py"))


def test_engine_files_found():
    assert len(FILES) >= 8


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_no_browser_or_random_imports_and_311_syntax(path):
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, filename=str(path), feature_version=(3, 11))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            assert top not in {"pyscript", "js", "pyodide", "random"}, f"{path.name} imports {name}"


PUBLIC = [
    "ChainState", "Character", "DiceStream", "FixedFaces", "IllegalMove", "InvalidRequest", "LinkError",
    "REGISTRY", "SYSTEMS", "SystemSpec", "TRUST", "TiradaError", "apply_l5r_result", "check_l5r_roll",
    "decode_link", "decode_payload", "encode_link", "encode_payload", "link_id", "new_character", "new_seed",
    "next_link", "roll", "roll_request", "sheet_from_form", "sheet_to_form", "snippet", "verify",
]


def test_public_surface_is_pinned():
    """The facade (issue #12): a deliberate, sorted list; changing it is an API change."""
    assert tirada.__all__ == PUBLIC == sorted(PUBLIC) == sorted(tirada._HOME)


def test_every_public_name_resolves_to_its_engine_object():
    from tirada.links import chain
    from tirada.sheets import Character

    for name in tirada.__all__:
        value = getattr(tirada, name)
        assert value is not None and (not callable(value) or value.__doc__), name
    assert tirada.verify is chain.verify and tirada.Character is Character
    assert "roll" in dir(tirada)
    with pytest.raises(AttributeError):
        tirada.__getattr__("not_a_public_name")
