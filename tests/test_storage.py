"""Stored data (tirada.storage): schema, migrations, backups, import plans and merges."""

import copy
import json

import pytest

from tirada import storage
from tirada.errors import InvalidRequest
from tirada.systems.tragedia.sheet import Sheet

SIFRP = {"id": "c1", "system": "sifrp", "name": "Sharla", "campaign": "Desembarco",
         "sheet": {"abilities": {"athletics": 4}, "specialties": {"athletics": [{"name": "Trepar", "rank": 2}]},
                   "destiny": 3, "notes": ""}, "updated": 5}
L5R = {"id": "c2", "system": "l5r5e", "name": "Sakura", "campaign": "Rokugán",
       "sheet": {"rings": {"air": 2, "earth": 2, "fire": 3, "water": 2, "void": 2}, "skills": {"fitness": 1},
                 "strife": 3, "fatigue": 1, "void_points": 1, "notes": ""}, "updated": 0}
BRS = {"id": "c3", "system": "brs", "name": "Sharla", "campaign": "Arena",
       "sheet": {"components": [{"name": "Sharla", "traits": [{"trait": "Ágil", "die": 8, "aspect": "cunning"}]}],
                 "horde": [4, 6], "notes": ""}, "updated": 0}

TRAGEDIA = Sheet.from_dict({"name": "Corvo", "traits": [{"name": "Astuto", "exhausted": True}],
                            "tragedy": 2, "destiny": 3, "domains": [{"name": "La villa", "destiny": 1}]}).to_dict()
HIST = {"fragment": "t1AAAA", "system": "sifrp", "label": "trepa", "summary": {"es": "17", "en": "17"},
        "at": 1000}
CHAIN = {"v": 1, "roller": "Sharla", "campaign": "", "seq": 2, "last": "ab" * 6}


def full_data():
    return {"characters": [SIFRP, L5R, BRS], "tragedia_sheets": [TRAGEDIA],
            "tragedia_campaigns": {"Corvo": "Roma"}, "history": [HIST], "chains": {"Sharla\n": CHAIN},
            "sealkeys": {"Roma": "5eed" * 16},
            "secretrolls": {"0123456789abcdef": {"system": "sifrp", "test_dice": 4, "difficulty": 12}}}


def test_backup_round_trip_reproduces_everything():
    doc = storage.backup(full_data(), "2026-11-30T00:00:00Z")
    assert doc["app"] == "tirada" and doc["schema"] == storage.SCHEMA_VERSION
    text = json.dumps(doc)
    data, errors = storage.read_backup(json.loads(text))
    assert errors == [] and data == full_data()
    assert storage.merge({}, json.loads(text)) == full_data()          # chains restored by default
    assert storage.merge({}, json.loads(text), chains=["Sharla\n"]) == full_data()
    assert storage.merge({}, json.loads(text), chains=[])["chains"] == {}   # a chain the user unticked


def test_migration_from_schema_0():
    old = {"app": "tirada", "schema": 0, "data": {"history": [{"fragment": "t1B", "system": "sifrp",
                                                              "summary": "6+5", "at": 3}]}}
    data, errors = storage.read_backup(old)
    assert errors == []
    assert data["history"] == [{"fragment": "t1B", "system": "sifrp", "label": "", "summary": {"es": "6+5", "en": "6+5"},
                                "at": 3}]
    assert set(storage.MIGRATIONS) == set(range(storage.SCHEMA_VERSION))


def test_characters_doc_versions():
    doc = storage.characters_doc([SIFRP])
    assert storage.read_characters_doc(json.loads(json.dumps(doc))) == [SIFRP]
    assert storage.read_characters_doc([SIFRP]) == [SIFRP]  # schema 0: a bare list
    with pytest.raises(InvalidRequest) as err:
        storage.read_characters_doc({"schema": 99, "characters": []})
    assert err.value.field == "schema" and "99" in err.value.message
    with pytest.raises(InvalidRequest):
        storage.read_characters_doc({"schema": 1})


def test_unknown_schema_or_foreign_file_is_refused_whole():
    for doc, field in (({"app": "tirada", "schema": 7, "data": {}}, "schema"),
                       ({"app": "other", "data": {}}, "app"), ([1, 2], "app")):
        plan = storage.plan_import({}, doc)
        assert plan["add"] == [] and plan["errors"][0]["field"] == field
        with pytest.raises(InvalidRequest):
            storage.merge({}, doc)


def test_diagnose_says_what_is_wrong():
    assert storage.diagnose("{oops")["code"] == "json"
    assert storage.diagnose('{"schema": 9, "characters": []}') == {"code": "schema", "detail": "9"}
    assert storage.diagnose("[1]") == {"code": "shape", "detail": ""}
    assert storage.diagnose(None)["code"] == "missing"


def test_plan_names_bad_fields_and_keeps_the_good():
    data = full_data()
    bad_char = copy.deepcopy(L5R)
    bad_char["id"] = "c9"
    bad_char["sheet"]["rings"]["fire"] = 0
    data["characters"].append(bad_char)
    data["history"].append({"fragment": "<script>", "system": "x", "summary": {"es": "", "en": ""}})
    data["chains"]["Bad\n"] = {"v": 2}
    plan = storage.plan_import({}, storage.backup(data, "x"))
    fields = [e["field"] for e in plan["errors"]]
    assert "characters[3].sheet.rings.fire" in fields
    assert "history[1].fragment" in fields and "chains.Bad\n" in fields
    assert len(plan["add"]) == 8  # 3 characters, 1 Tragedia sheet, 1 history entry, 1 chain, 1 campaign secret, 1 secret roll
    merged = storage.merge({}, storage.backup(data, "x"))
    assert [c["id"] for c in merged["characters"]] == ["c1", "c2", "c3"]


def test_plan_add_replace_same_and_merge_without_duplicates():
    existing = full_data()
    incoming = full_data()
    changed = copy.deepcopy(L5R)
    changed["sheet"]["strife"] = 7
    twin = {**copy.deepcopy(BRS), "id": "other-id"}          # same content, another id
    new = {**copy.deepcopy(SIFRP), "id": "c4", "name": "Otro"}
    incoming["characters"] = [SIFRP, changed, twin, new]
    incoming["history"] = [HIST, {**HIST, "fragment": "t1NEW", "at": 2000}]
    incoming["chains"] = {"Sharla\n": {**CHAIN, "seq": 1, "last": "cd" * 6},
                          "Otro\nX": {**CHAIN, "roller": "Otro", "campaign": "X"}}
    plan = storage.plan_import(existing, storage.backup(incoming, "x"))
    keys = {v: sorted(e["key"] for e in plan[v]) for v in ("add", "replace", "same")}
    assert keys["add"] == sorted(["c4", "t1NEW", "Otro\nX"])
    assert keys["replace"] == ["c2"]
    assert keys["same"] == sorted(["c1", "other-id", "Corvo", "t1AAAA", "Sharla\n", "Roma", "0123456789abcdef"])
    merged = storage.merge(existing, storage.backup(incoming, "x"), chains=["Otro\nX"])
    ids = [c["id"] for c in merged["characters"]]
    assert sorted(ids) == ["c1", "c2", "c3", "c4"]
    assert next(c for c in merged["characters"] if c["id"] == "c2")["sheet"]["strife"] == 7
    assert [h["fragment"] for h in merged["history"]] == ["t1NEW", "t1AAAA"]
    assert merged["chains"]["Sharla\n"]["seq"] == 2      # a chain never goes back
    # importing the same file twice changes nothing more
    again = storage.merge(merged, storage.backup(incoming, "x"), chains=["Otro\nX"])
    assert again == merged
    assert existing == full_data()                       # merge does not touch its input


def test_history_merge_keeps_the_documented_cap():
    existing = {"history": [{**HIST, "fragment": f"t1a{i}", "at": i} for i in range(150)]}
    incoming = {"history": [{**HIST, "fragment": f"t1b{i}", "at": 1000 + i} for i in range(100)]}
    assert storage.plan_import(existing, storage.backup(incoming, "x"))["history_dropped"] == 50
    merged = storage.merge(existing, storage.backup(incoming, "x"))
    assert len(merged["history"]) == storage.HISTORY_CAP
    assert merged["history"][0]["fragment"] == "t1b99" and merged["history"][-1]["fragment"] == "t1a50"


def test_select_one_character_or_campaign():
    data = full_data()
    assert storage.select(data, character_id="c2")["characters"] == [L5R]
    part = storage.select(data, campaign="Roma")
    assert part["characters"] == [] and part["tragedia_sheets"] == [TRAGEDIA]
    assert part["tragedia_campaigns"] == {"Corvo": "Roma"}
    assert storage.select(data, character_id="tragedia:Corvo")["tragedia_sheets"] == [TRAGEDIA]
    assert "history" not in storage.select(data, campaign="Arena")


def test_tragedia_campaign_change_is_a_replace():
    existing = full_data()
    incoming = {"tragedia_sheets": [TRAGEDIA], "tragedia_campaigns": {"Corvo": "Cartago"}}
    plan = storage.plan_import(existing, storage.backup(incoming, "x"))
    assert [e["key"] for e in plan["replace"]] == ["Corvo"]
    assert storage.merge(existing, storage.backup(incoming, "x"))["tragedia_campaigns"] == {"Corvo": "Cartago"}


def test_history_keeps_dice_rolled_elsewhere_without_a_link():
    """Typed faces get a history entry (issue #14) with a made-up key instead of a link."""
    from tirada.errors import InvalidRequest
    from tirada.storage import _history_item

    item = {"fragment": "elsewhere-1796000000000", "elsewhere": True, "system": "sifrp", "label": "",
            "summary": {"es": "6+5 = 11", "en": "6+5 = 11"}, "at": 1796000000000}
    assert _history_item(item, "history[0]")["elsewhere"] is True
    with pytest.raises(InvalidRequest):
        _history_item({**item, "fragment": "t1AAAA"}, "history[0]")
    assert "elsewhere" not in _history_item({k: v for k, v in item.items() if k != "elsewhere"}, "h")
