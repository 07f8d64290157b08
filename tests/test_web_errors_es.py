"""The page's Spanish wording of engine errors keeps matching what the engine actually says."""

import pathlib
import sys

import pytest

from tirada import roll
from tirada.errors import InvalidRequest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "web"))
import errors_es  # noqa: E402


@pytest.mark.parametrize("request_, spanish", [
    ({"system": "sifrp", "test_dice": 0}, "debe estar entre 1 y 20 (has puesto 0)"),
    ({"system": "sifrp", "test_dice": "x"}, "debe ser un número entero (has puesto 'x')"),
    ({"system": "sifrp"}, "es obligatorio"),
    ({"system": "generic", "dice": 2, "sides": 6, "keep": 3}, "no se pueden guardar 3 de 2 dados"),
    ({"system": "generic", "dice": 2, "sides": 6, "faces": [1]}, "necesita más dados que los 1 resultados"),
    ({"system": "generic", "dice": 1, "sides": 6, "faces": [7]}, "un d6 no puede sacar 7"),
])
def test_engine_messages_are_translated(request_, spanish):
    with pytest.raises(InvalidRequest) as err:
        roll(request_)
    assert spanish in errors_es.to_spanish(err.value.message)


def test_unknown_messages_pass_through_unchanged():
    assert errors_es.to_spanish("something new") == "something new"


def test_link_errors_are_translated():
    from tirada.errors import LinkError
    from tirada.links.chain import verify

    for bad in ("#t1AAAA", "#xyz", "#t1" + "A" * 40):
        with pytest.raises(LinkError) as err:
            verify(bad)
        spanish = errors_es.to_spanish(err.value.message)
        assert spanish != err.value.message, err.value.message
