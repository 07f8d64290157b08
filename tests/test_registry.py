"""tirada.systems.registry: one entry per system, and every per-system table is a view of it.

The toy system below is registered at run time (one :class:`SystemSpec` plus its own module, here
built in memory) and then found by the roll dispatcher, the roll-link layout (encode, decode,
verify), forum snippets, the odds dispatcher and nothing else needs touching (issue #12,
docs/architecture.md §Where does a new system go).
"""

import sys
import types

import pytest

from tirada import systems
from tirada.errors import InvalidRequest
from tirada.wire import roll_layout
from tirada.links.chain import decode_link, encode_link, verify
from tirada.links.snippets import snippet
from tirada.odds import ODDS, odds
from tirada.sheets import SHEETS
from tirada.systems.registry import REGISTRY, SystemSpec, declared_packages, register, unregister

TOY_MODULE = "tirada_toy_system_for_tests"


def _toy_roll(params, dice):
    """Roll ``dice`` d6 and sum them; success on 7 or more."""
    n = params.get("dice", 2)
    if not isinstance(n, int) or not 1 <= n <= 5:
        raise InvalidRequest("must be 1 to 5", field="dice")
    faces = [dice.roll(6) for _ in range(n)]
    return {"faces": faces, "total": sum(faces), "difficulty": 7, "success": sum(faces) >= 7,
            "mood": params.get("mood", "calm")}


def _toy_odds(params):
    """Exact odds of one d6 (the toy ignores its fields)."""
    return {"method": "exact toy", "distribution": [{"value": v, "p": 1 / 6} for v in range(1, 7)]}


@pytest.fixture
def toy():
    module = types.ModuleType(TOY_MODULE)
    module.roll, module.toy_odds = _toy_roll, _toy_odds
    sys.modules[TOY_MODULE] = module
    spec = register(SystemSpec(id="toy", short_name="Toy", roll=TOY_MODULE, odds=f"{TOY_MODULE}:toy_odds",
                               code=99, param_keys=("dice", "mood"), param_texts=("calm", "wild")))
    yield spec
    unregister("toy")
    del sys.modules[TOY_MODULE]


#: the systems written in registry.py, in order; every other one is a package declaring its own entry
WRITTEN = ["generic", "sifrp", "l5r5e", "tragedia", "brs"]


def test_the_registry_holds_every_system_once():
    assert list(REGISTRY) == WRITTEN + [spec.id for spec in REGISTRY.values() if spec.id not in WRITTEN]
    assert all(spec.id == key for key, spec in REGISTRY.items())
    assert len(REGISTRY) == len(WRITTEN) + len(declared_packages())


def test_a_package_with_a_spec_module_is_registered_with_its_own_entry():
    """A system added as a package (docs/architecture.md §Adding a roll system) is found by its
    ``spec`` module: its entry is the module's ``SPEC``, and no package without one is taken."""
    from tirada.portable import import_module

    for name in declared_packages():
        spec = import_module(f"tirada.systems.{name}.spec").SPEC
        assert REGISTRY[spec.id] is spec
    assert "l5r" not in declared_packages() and "notation" not in declared_packages()


def test_the_old_tables_are_views_of_the_registry():
    """The format-1 tables keep their exact values (tests/vectors/ pins the bytes too)."""
    assert {k: v for k, v in roll_layout.SYSTEM_CODES.items() if k in WRITTEN} == {"generic": 0, "sifrp": 1,
                                                                                  "l5r5e": 2, "tragedia": 3}
    assert {k: v for k, v in roll_layout.PARAM_TEXTS.items() if k in WRITTEN} == {"sifrp": ("degrees", "successes"),   # appended: extended tests
                                             "l5r5e": ("air", "earth", "fire", "water", "void",
                                                       "ring", "skill"),   # appended: added kept dice (issue 28)
                                             "generic": ("+", "-", "*", "/")}   # appended: arithmetic (issue 28)
    assert roll_layout.PARAM_KEYS["sifrp"][:10] == ("test_dice", "bonus_dice", "penalty_dice", "modifier",
                                                    "difficulty", "destiny_bonus", "helpers",
                                                    "allow_more_helpers", "extra_time", "weapon_damage")
    assert roll_layout.PARAM_KEYS["generic"] == ("dice", "sides", "keep", "keep_lowest", "modifier", "difficulty",
                                                 "explode", "rolls",     # appended for dice notation
                                                 "groups", "subtract",   # appended: dice groups (issue 28)
                                                 "fate",                 # appended: Fate dice (issue 28)
                                                 "successes", "failures",  # appended: success counting
                                                 "reroll", "reroll_once",   # appended: rerolls
                                                 "explode_at", "compound", "penetrate",  # appended: !>N, !!, !p
                                                 "expr",   # appended: arithmetic trees (issue 28)
                                                 "label",   # appended: a label per roll (issue 28)
                                                 "bands",   # appended: outcome bands (issue 28 item 4)
                                                     "dialect",   # appended: notation dialects (issue 43)
                                                     "explode_once", "min_face", "max_face")   # appended (issue 43)
    assert {s for s in systems.SYSTEMS if s in WRITTEN} == {"generic", "sifrp", "l5r5e", "tragedia"}
    assert {s for s in ODDS if s in WRITTEN} == {"generic", "sifrp", "l5r5e", "tragedia", "brs"}
    assert [s for s in SHEETS if s in WRITTEN] == ["generic", "sifrp", "l5r5e", "brs"]


def test_a_toy_system_is_found_everywhere_from_one_entry(toy):
    request = {"system": "toy", "seed": "ab" * 16, "dice": 3, "mood": "wild", "label": "Prueba"}
    result = systems.roll(request)
    assert result["system"] == "toy" and len(result["faces"]) == 3 and result["mood"] == "wild"

    fragment = encode_link(request, roller="Ana")
    assert decode_link(fragment)["request"] == {**request, "fresh": []}   # a format-2 link (fair play)
    cbor = roll_layout.roll_to_cbor({"request": request})
    assert cbor[0] == 99 and cbor[1] == {0: 3, 1: roll_layout.Simple(1)}   # code, key index, text simple
    checked = verify(fragment)
    assert checked["result"]["faces"] == result["faces"]

    text = snippet(fragment, "https://example.org/", "text", "en")
    assert text.split("\n")[1] == "Toy"          # the pool line: the game's short name from the registry

    assert odds({"system": "toy"})["method"] == "exact toy"


def test_after_unregistering_the_toy_is_unknown_again(toy):
    unregister("toy")
    with pytest.raises(InvalidRequest) as err:
        systems.roll({"system": "toy", "dice": 2})
    assert err.value.field == "system" and "toy" not in err.value.message.split("known:")[1]
    register(toy)   # the fixture unregisters it again


@pytest.mark.parametrize("spec, why", [
    (SystemSpec(id="generic", short_name="x"), "already registered"),
    (SystemSpec(id="other", short_name="x", code=2), "already taken"),
    (SystemSpec(id="other", short_name="x", code=50, param_texts=tuple(f"t{i}" for i in range(21))), "at most 20"),
    (SystemSpec(id="other", short_name="x", code=50, param_keys=("a", "a")), "unique"),
])
def test_a_clash_with_an_existing_system_or_link_code_is_refused(spec, why):
    with pytest.raises(ValueError, match=why):
        register(spec)
    assert "other" not in REGISTRY


def test_a_toy_system_can_be_asked_for_in_a_gm_request_link(toy):
    """Format-2 request links (kind 4) read the live registry too: a plug-in's code and field table."""
    from tirada.links.gm_request import decode_request, encode_request, new_request

    spec = new_request("toy", {"dice": {"min": 2, "max": 4}, "mood": "wild"}, label="Prueba", request_id="ab" * 8)
    back = decode_request(encode_request(spec))
    assert back["system"] == "toy" and back["fields"] == {"dice": {"min": 2, "max": 4}, "mood": "wild"}
    unregister("toy")
    with pytest.raises(InvalidRequest) as err:
        new_request("toy", {"dice": 2})
    assert err.value.code == "request.system_unknown"
    register(toy)   # the fixture unregisters it again


def test_a_systems_decisions_blind_policy_and_luck_come_from_its_entry(toy):
    """Sealed rolls and the luck report reach a system's decisions through its registry entry only
    (no branch per system in tirada.links or tirada.wire): a toy system with a decision field, a
    blind policy and a rated value is treated as L5R is."""
    from tirada.links.luck import Pricer
    from tirada.links.sealed_dice import blind_decisions, resolve
    from tirada.wire.sealed_layout import not_blind

    request = {"system": "toy", "dice": 2, "mood": "wild"}
    assert not_blind(request) == [] and blind_decisions({**request, "seed": "00" * 16}) == {}
    assert Pricer().rate(request, systems.roll({**request, "seed": "ab" * 16})) is None   # no ``rated``
    unregister("toy")
    module = sys.modules[TOY_MODULE]
    module.blind = lambda req: {"mood": "calm"}
    module.rated = lambda req, result: result["faces"][0]
    register(SystemSpec(id="toy", short_name="Toy", roll=TOY_MODULE, odds=f"{TOY_MODULE}:toy_odds", code=99,
                        param_keys=("dice", "mood"), param_texts=("calm", "wild"), decisions=("mood",),
                        blind=f"{TOY_MODULE}:blind", rated=f"{TOY_MODULE}:rated"))
    assert not_blind(request) == ["mood"]               # a decision is never carried by a sealed roll
    rolled, result = resolve({"system": "toy", "dice": 2}, bytes(32))
    assert rolled["mood"] == "calm" and result["mood"] == "calm"       # the blind policy decided it
    result = systems.roll({**request, "seed": "ab" * 16})
    luck = Pricer().rate(request, result)
    assert luck is not None and luck.value == result["faces"][0]
    assert abs(luck.percentile - (result["faces"][0] - 0.5) / 6) < 1e-9   # priced without the decision
    assert Pricer().rate({**request, "faces": [6, 6]}, result) is None  # typed dice: never rated


def test_l5r_keeps_its_decisions_policy_and_luck_through_its_entry():
    spec = REGISTRY["l5r5e"]
    assert spec.decisions == ("rerolls", "keep", "explosions", "added")
    assert systems.hook("l5r5e", "blind").__module__ == "tirada.systems.l5r.blind"
    assert systems.hook("generic", "rated") is systems.hook("sifrp", "rated")
    assert systems.hook("tragedia", "rated") is None and systems.hook("nope", "blind") is None
