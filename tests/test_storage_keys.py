"""The GM's campaign secrets in backups (tirada.storage part "sealkeys", tirada.storage_keys; issue
#27 item 5): exported, imported when new, never replaced by a different one, refused when malformed."""

from __future__ import annotations

from tirada import storage

K1, K2 = "5eed" * 16, "ab" * 32


def _doc(keys) -> dict:
    return storage.backup({"sealkeys": keys}, "2026-12-03T09:00:00Z")


def test_a_backup_carries_the_campaign_secrets():
    doc = _doc({"Arenas": K1})
    assert doc["data"] == {"sealkeys": {"Arenas": K1}}
    assert storage.read_backup(doc) == ({"sealkeys": {"Arenas": K1}}, [])


def test_a_new_secret_is_imported_and_the_same_one_is_the_same():
    plan = storage.plan_import({}, _doc({"Arenas": K1, "": K2}))
    assert [(e["part"], e["key"]) for e in plan["add"]] == [("sealkeys", "Arenas"), ("sealkeys", "")]
    assert plan["errors"] == []
    assert storage.merge({}, _doc({"Arenas": K1}))["sealkeys"] == {"Arenas": K1}
    again = storage.plan_import({"sealkeys": {"Arenas": K1}}, _doc({"Arenas": K1}))
    assert again["add"] == [] and [e["key"] for e in again["same"]] == ["Arenas"]


def test_a_different_secret_for_a_stored_campaign_is_kept_out_and_said():
    existing = {"sealkeys": {"Arenas": K1, "Otra": K2}}
    plan = storage.plan_import(existing, _doc({"Arenas": K2}))
    assert plan["add"] == plan["replace"] == plan["same"] == []
    assert [(e["code"], e["params"]) for e in plan["errors"]] == [("storage.secret_differs", {"name": "Arenas"})]
    assert storage.merge(existing, _doc({"Arenas": K2, "Nueva": K2}))["sealkeys"] == {"Arenas": K1, "Otra": K2,
                                                                                    "Nueva": K2}


def test_a_malformed_secret_is_refused_with_its_code():
    data, errors = storage.read_backup(_doc({"Arenas": "not hex", "Bien": K1, "x" * 81: K1}))
    assert data == {"sealkeys": {"Bien": K1}}
    assert [(e["field"], e["code"]) for e in errors] == [("sealkeys.Arenas", "sealed.key_invalid"),
                                                          (f"sealkeys.{'x' * 60}", "sealed.key_invalid")]


def test_secret_rolls_travel_in_a_backup_and_a_stored_one_is_never_replaced():
    """Issue #39: what the GM's secret rolls rolled goes with «Exportar todo» (part "secretrolls"),
    so another device can open and reveal them; a bad entry is refused, a different one under a
    stored id is kept and said."""
    rolled = {"system": "sifrp", "test_dice": 4, "difficulty": 12}
    doc = storage.backup({"secretrolls": {"0123456789abcdef": rolled, "XYZ": rolled,
                                          "fedcba9876543210": {"nosystem": 1}}}, "2026-12-05T09:00:00Z")
    data, errors = storage.read_backup(doc)
    assert data["secretrolls"] == {"0123456789abcdef": rolled}
    assert [e["code"] for e in errors] == ["sealed.roll_invalid", "sealed.roll_invalid"]
    assert storage.merge({}, doc)["secretrolls"] == {"0123456789abcdef": rolled}
    other = {"system": "generic", "fields": {"dice": 1, "sides": 6}}
    plan = storage.plan_import({"secretrolls": {"0123456789abcdef": other}}, doc)
    assert "storage.secret_roll_differs" in [e["code"] for e in plan["errors"]]
    assert storage.merge({"secretrolls": {"0123456789abcdef": other}}, doc)["secretrolls"] == {"0123456789abcdef": other}
