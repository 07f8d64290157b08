"""The typed records of stored data (tirada.storage_records, tirada.data_view; issue #40): every kind of
record the store holds reads into its record and back to the same JSON, byte for byte (schema 0
history entries as the store upgrades them), older or partial shapes read without raising, and the
"Mis datos" records say what their dicts say."""

import copy
import json

import pytest

from tirada import data_view, new_character, storage, storage_records as records
from tirada.errors import InvalidRequest
from tirada.links.chain import ChainState
from tirada.sheets import SYSTEMS, Character
from tirada.sheets import brs as brs_sheet
from tirada.sheets.l5r import SheetChange, apply_l5r_roll, is_l5r_request
from tirada.stored import chain_entry
from tirada.systems.tragedia import play
from tirada.systems.tragedia.chapter import Standing, chapter_standing, standing_by_name
from tirada.systems.tragedia.sheet import Sheet


def character(cid: str, system: str, name: str, campaign: str, **sheet) -> dict:
    """A stored character dict (``Character.to_dict()``) with ``sheet`` values over the blank sheet."""
    blank = new_character(cid, system, name, campaign, 0).to_dict()
    return Character.from_dict({**blank, "sheet": {**blank["sheet"], **sheet}}).to_dict()


SIFRP = character("c1", "sifrp", "Sharla", "Desembarco", destiny=3)
L5R = character("c2", "l5r5e", "Sakura", "Rokugán", strife=3, void_points=1,
                rings={"air": 2, "earth": 2, "fire": 3, "water": 2, "void": 2})
BRS = character("c3", "brs", "Sharla", "Arena", horde=[4, 6],
                components=[{"name": "Sharla", "traits": [{"trait": "Ágil", "die": 8, "aspect": "cunning"}]}])
TRAGEDIA = Sheet.from_dict({"name": "Corvo", "traits": [{"name": "Astuto", "exhausted": True}], "tragedy": 2}).to_dict()
HIST = {"fragment": "t1AAAA", "system": "sifrp", "label": "trepa", "summary": {"es": "17", "en": "17"}, "at": 1000}
CHAIN = ChainState("Sharla", "", 2, "ab" * 6).to_dict()


def full_data() -> dict:
    """A data dict with every part (tirada.storage.PARTS)."""
    return {"characters": [SIFRP, L5R, BRS], "tragedia_sheets": [TRAGEDIA], "tragedia_campaigns": {"Corvo": "Roma"},
            "history": [HIST], "chains": {"Sharla\n": CHAIN}, "sealkeys": {"Roma": "5eed" * 16},
            "secretrolls": {"0123456789abcdef": {"system": "sifrp", "test_dice": 4, "difficulty": 12}}}


def stored(value) -> str:
    """The text web/shell/store.py writes for ``value``."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


GENERIC = new_character("c4", "generic", "Ana", "", 0).to_dict()
HISTORY_V1 = [HIST, {**HIST, "fragment": "t1BBBB", "label": ""},
              {"fragment": "elsewhere-1700000000000", "system": "generic", "label": "fuera",
               "summary": {"es": "3d6: 11", "en": "3d6: 11"}, "at": 1700000000000, "elsewhere": True}]
#: schema 0: a plain-string summary, no label (the store reads these as schema 1)
HISTORY_V0 = [{"fragment": "t1CCCC", "system": "sifrp", "summary": "6+5", "at": 3}]


@pytest.mark.parametrize("character", [SIFRP, L5R, BRS, GENERIC] + [new_character(f"n{i}", s, "Ñandú", "Arenas", i).to_dict()
                                                                     for i, s in enumerate(SYSTEMS)])
def test_every_stored_character_reads_and_writes_back_the_same_bytes(character):
    assert stored(Character.from_dict(json.loads(stored(character))).to_dict()) == stored(character)
    entry = data_view.Entry.of_character(character)
    assert (entry.key, entry.system, entry.name, entry.campaign) == (character["id"], character["system"],
                                                                    character["name"], character["campaign"])
    assert stored(entry.item) == stored(character) and entry.sheet == character["sheet"] and not entry.tragedia


def test_tragedia_sheets_and_the_example_read_back_the_same_bytes():
    example = play.example_setup()
    for sheet in [TRAGEDIA] + [s.to_dict() for s in example.sheets]:
        assert stored(Sheet.from_dict(json.loads(stored(sheet))).to_dict()) == stored(sheet)
        assert records.stored_sheet(sheet) == Sheet.from_dict(sheet)
    assert [s.to_dict() for s in example.sheets] == [Sheet.from_dict(p["sheet"]).to_dict()
                                                     for p in play.EXAMPLE["participants"]]
    assert example.roles == {p["sheet"]["name"]: p["role"] for p in play.EXAMPLE["participants"]}
    assert (example.objective, list(example.themes)) == (play.EXAMPLE["objective"], play.EXAMPLE["themes"])
    # a sheet edited by hand in storage shows by its name alone, and is not rewritten
    assert records.stored_sheet({"name": "Roto", "tragedy": 99}) == Sheet(name="Roto")
    entry = data_view.Entry.of_sheet(TRAGEDIA, "Roma")
    assert entry.to_dict() == {"key": "tragedia:Corvo", "system": "tragedia", "name": "Corvo", "campaign": "Roma",
                               "item": TRAGEDIA} and entry.tragedia and entry.sheet == {}


def test_chapter_standing_rows_read_into_records_and_back():
    sheets = [s.to_dict() for s in play.example_setup().sheets]
    rows = chapter_standing(sheets)
    assert [Standing.from_dict(r).to_dict() for r in rows] == rows
    assert {n: s.status for n, s in standing_by_name(sheets).items()} == {r["name"]: r["status"] for r in rows}
    assert standing_by_name([]) == {}


@pytest.mark.parametrize("item", HISTORY_V1)
def test_history_entries_read_and_write_back_the_same_bytes(item):
    assert stored(records.HistoryEntry.from_dict(json.loads(stored(item))).to_dict()) == stored(item)


def test_a_schema_0_history_entry_reads_as_the_migration_gives_it():
    migrated, errors = storage.read_backup({"app": "tirada", "schema": 0, "data": {"history": HISTORY_V0}})
    assert errors == []
    entry = records.HistoryEntry.from_dict(HISTORY_V0[0])
    assert entry.summary == {"es": "6+5", "en": "6+5"} and entry.label == ""
    assert stored(entry.to_dict()) == stored(migrated["history"][0])
    assert records.upgrade_history_item(HIST) is HIST and records.upgrade_history_item(5) == 5
    with pytest.raises(InvalidRequest):
        records.HistoryEntry.from_dict({"fragment": "t1", "summary": {"es": "x"}})


def test_chains_with_their_hand_over_marks_read_back_the_same_bytes():
    retired = {**CHAIN, "retired": 1700000000, "used": ["0123456789ab"]}
    for entry in (CHAIN, retired):
        key = f"{entry['roller']}\n{entry['campaign']}"
        assert stored(chain_entry(key, json.loads(stored(entry)))) == stored(entry)
        state = ChainState.from_dict(entry)
        assert (state.roller, state.campaign, state.seq) == (entry["roller"], entry["campaign"], entry["seq"])
    book = {"Sharla\n": CHAIN}
    assert records.further_along(book, "Sharla\n", {**CHAIN, "seq": 3})
    assert not records.further_along(book, "Sharla\n", CHAIN) and records.further_along({}, "x", {**CHAIN, "seq": 1})


def test_the_whole_data_dict_and_its_parts_read_back_the_same_bytes():
    data = full_data()
    parts = records.StoredData.from_dict(json.loads(stored(data)))
    assert stored(parts.to_dict()) == stored(data)
    assert parts.characters == [SIFRP, L5R, BRS] and parts.chains == {"Sharla\n": CHAIN}
    one = records.StoredData.from_dict({"characters": [SIFRP]})       # a backup of one character
    assert one.to_dict() == {"characters": [SIFRP]} and one.history == [] and one.sealkeys == {}
    odd = records.StoredData.from_dict({"characters": None, "chains": [1], "history": {"x": 1}})
    assert (odd.characters, odd.chains, odd.history) == ([], {}, [])
    for doc in (storage.characters_doc([SIFRP, L5R]), [SIFRP]):        # schema 1 and schema 0's bare list
        assert storage.read_characters_doc(json.loads(stored(doc))) == [SIFRP, L5R][:len(storage.read_characters_doc(doc))]


def test_single_stored_values_read_without_raising_and_write_back_the_same():
    ident = {"roller": "Sharla", "campaign": "Arenas"}
    assert stored(records.RollerIdentity.from_dict(ident).to_dict()) == stored(ident)
    assert records.RollerIdentity.from_dict([1]) == records.RollerIdentity("", "")
    assert records.RollerIdentity.from_dict({"roller": "x" * 50, "campaign": 7}).to_dict() == {"roller": "x" * 40,
                                                                                               "campaign": "7"}
    current = {"setup": {"a": 1}, "moves": [{"m": 1}], "draft": None}
    assert stored(records.BrsCurrent.from_dict(current).to_dict()) == stored(current)
    assert records.BrsCurrent.from_dict({"setup": [], "moves": {}}).to_dict() == {"setup": None, "moves": [], "draft": None}
    assert records.secret_rolls_ok({"0123456789abcdef": {"system": "sifrp"}})
    assert not records.secret_rolls_ok({"0123456789abcdef": {"system": 3}}) and not records.secret_rolls_ok([])


def test_the_store_list_updates_keep_places_and_unreadable_entries():
    odd = [5, SIFRP, "x", L5R]
    renamed = {**L5R, "name": "Otra"}
    # the index its id had among the readable entries, in the list without it (as the store always did)
    assert records.put_character(odd, renamed) == [5, renamed, SIFRP, "x"]
    assert records.put_character([SIFRP, L5R], renamed) == [SIFRP, renamed]
    assert records.put_character([SIFRP], L5R) == [SIFRP, L5R]
    assert records.without_character(odd, "c1") == [5, "x", L5R]
    sheets = records.named_sheets([{"name": "A"}, 3, {"name": 4}, {"name": "B"}])
    assert sheets == [{"name": "A"}, {"name": "B"}] and records.sheet_names(sheets) == ["A", "B"]
    assert records.put_sheets(sheets, [{"name": "B", "flaw": "x"}, {"name": "C"}]) == [
        {"name": "A"}, {"name": "B", "flaw": "x"}, {"name": "C"}]
    assert records.without_sheet(sheets, "A") == [{"name": "B"}]
    new = {**HIST, "fragment": "t1NEW"}
    assert records.add_history([HIST, new], {**new, "at": 5}, 200) == [{**new, "at": 5}, HIST]
    assert records.add_history([HIST] * 3, new, 2) == [new, HIST]


def backups():
    data = full_data()
    changed = copy.deepcopy(data)
    changed["characters"][0]["name"] = "Otra"
    changed["chains"]["Sharla\n"]["seq"] = 9
    bad = {"id": "c9", "system": "l5r5e", "name": "Malo", "campaign": "", "sheet": {"rings": {"fire": 12}}, "updated": 0}
    return [storage.backup(data, "x"), storage.backup(changed, "x"),
            {"app": "tirada", "schema": 1, "data": {"characters": [bad, {"id": "c3"}], "history": [{"x": 1}], "otra": 1}},
            {"app": "tirada", "schema": 0, "data": {"history": HISTORY_V0}}, {"app": "tirada", "schema": 9, "data": {}},
            {"app": "otra"}, storage.backup({"sealkeys": {"Roma": "ab" * 32}}, "x")]


@pytest.mark.parametrize("existing", [{}, full_data()], ids=["empty", "full"])
def test_every_import_plan_reads_into_its_record_and_back(existing):
    for doc in backups():
        plan = storage.plan_import(existing, doc)
        typed = data_view.ImportPlan.from_dict(plan)
        assert stored(typed.to_dict()) == stored(plan)
        assert typed.changes == bool(plan["add"] or plan["replace"])
        assert typed.refused == (not plan["add"] and not plan["replace"] and not plan["same"] and bool(plan["errors"]))
        chains = [i["key"] for i in plan["add"] + plan["replace"] if i["part"] == "chains"]
        assert typed.chains_restored(chains) == len(chains) and typed.chains_restored([]) == 0
        for verdict in ("add", "replace", "same"):
            assert [i.to_dict() for i in typed.of(verdict)] == plan[verdict]


def test_a_refused_file_and_partial_plans_read_without_raising():
    typed = data_view.ImportPlan.from_dict(storage.plan_import({}, {"app": "otra"}))
    assert typed.refused and typed.errors[0].code == "storage.not_backup" and typed.errors[0].name == ""
    assert data_view.ImportPlan.from_dict({}) == data_view.ImportPlan()
    assert data_view.PlanItem.from_dict({}).to_dict() == {"part": "", "key": "", "name": "", "system": "", "campaign": ""}
    problem = data_view.ImportProblem.from_dict({"field": "characters[0]", "message": "m", "code": "c", "params": {},
                                                  "name": "Rota"})
    assert problem.to_dict()["name"] == "Rota" and data_view.ImportProblem.from_dict({}).field == ""


def test_a_diagnosis_says_what_storage_diagnose_says():
    for raw in ("{bad", '{"schema": 7}', '{"schema": "x"}', "[1]", None):
        assert data_view.Diagnosis.of(raw).to_dict() == storage.diagnose(raw)
    assert data_view.Diagnosis.of('{"schema": 7}').code == "schema"


def test_entries_list_characters_then_sheets_with_their_campaigns():
    found = data_view.entries([SIFRP, 5, L5R], [TRAGEDIA, "x"], {"Corvo": "Roma"})
    assert [(e.key, e.campaign) for e in found] == [("c1", "Desembarco"), ("c2", "Rokugán"), ("tragedia:Corvo", "Roma")]
    assert data_view.Entry.of_character({}).to_dict() == {"key": "", "system": "", "name": "", "campaign": "", "item": {}}


def test_a_saved_l5r_roll_changes_the_sheet_as_sheet_change_records():
    sheet = Character.from_dict(L5R).sheet
    roll = {"request": {"system": "l5r5e", "ring": 3, "skill": 1, "void": True}, "result": {"strife_change": 2}}
    new, changes = apply_l5r_roll(sheet, roll)
    assert [c.to_dict() for c in changes] == [{"field": "strife", "before": 3, "after": 5},
                                              {"field": "void_points", "before": 1, "after": 0}]
    assert SheetChange.from_dict(changes[0].to_dict()) == changes[0] and new.strife == 5
    undo = data_view.SheetUndo.of_changes("c2", changes)
    assert (undo.before, undo.after) == ({"strife": 3, "void_points": 1}, {"strife": 5, "void_points": 0})
    assert apply_l5r_roll(sheet, {"request": {"system": "sifrp"}, "result": {}}) is None
    assert apply_l5r_roll(sheet, {}) is None and not is_l5r_request(None) and is_l5r_request(roll["request"])


def test_the_brs_editor_adds_rows_without_touching_what_was_typed():
    form = brs_sheet.to_form(Character.from_dict(BRS).sheet)
    more = brs_sheet.form_with_component(form)
    assert more["components"] == form["components"] + [{"name": "", "traits": []}] and more["notes"] == form["notes"]
    trait = brs_sheet.form_with_trait(form, 0)
    assert trait["components"][0]["traits"] == form["components"][0]["traits"] + [brs_sheet.BLANK_TRAIT]
    assert len(form["components"][0]["traits"]) == 1           # the form read from the page is not changed
    assert brs_sheet.form_record(form) == "" and brs_sheet.form_record({"record": "{}"}) == "{}"
    with pytest.raises(IndexError):
        brs_sheet.form_with_trait(form, 3)


def test_an_import_keeps_stored_entries_this_version_cannot_read():
    """A stored character list may hold entries this version cannot read (kept as they are, exported
    with a backup): importing next to them merges instead of failing on them."""
    existing = {"characters": [5, SIFRP, "x"]}
    merged = storage.merge(existing, storage.backup({"characters": [{**SIFRP, "name": "Otra"}, L5R]}, "x"))
    assert merged["characters"] == [5, "x", {**SIFRP, "name": "Otra"}, L5R]
