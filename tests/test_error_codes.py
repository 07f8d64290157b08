"""Stable error codes (issues #12 and #14): every refusal the engine can raise has a code, and the
page can say it in Spanish and English without English words, rule-file references or holes.

The codes are collected from the source with ``ast`` (every ``code="…"`` given to an error, in
``pylib/`` and in the page's glue), so a new ``raise`` without a catalog entry fails here.
"""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

from tirada import roll
from tirada.errors import IllegalMove, InvalidRequest, LinkError, TiradaError

ROOT = pathlib.Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
from shell import i18n  # noqa: E402
from shell import refusal  # noqa: E402
from shell.strings import STRINGS  # noqa: E402

ERRORS = {"TiradaError", "InvalidRequest", "IllegalMove", "LinkError"}
#: helpers that build an error from a code given by their caller (tragedia_sources._refuse)
PASS_THROUGH = {"_refuse"}

#: words that are English and never Spanish (no "a", "no", "once", "me": those are Spanish too)
ENGLISH = set("""the of and is are was were be been must cannot can't not only with at to for this that
these those link roll dice die got keep kept your you given field value none one each after before already
there which than from more or by have had its it's into should would may might any every yet still
instead while when where who whose why how""".split())


def _literals(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _literals(node.body), _literals(node.orelse)
        return None if body is None or orelse is None else body + orelse
    return None


def _sites(folder: pathlib.Path) -> list:
    """``[(where, class, code expression node, param keys or None)]`` for every error built in ``folder``."""
    out = []
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):    # a refusal kept as data: {"field", "message", "code", "params"}
                keys = [k.value if isinstance(k, ast.Constant) else None for k in node.keys]
                if "code" in keys and "message" in keys:
                    params = node.values[keys.index("params")] if "params" in keys else None
                    out.append((f"{path.relative_to(ROOT)}:{node.lineno}", "dict", node.values[keys.index("code")],
                                [k.value for k in params.keys] if isinstance(params, ast.Dict) else "dynamic"))
                continue
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            keywords = {k.arg: k.value for k in node.keywords}
            # other calls count when their code= is an error code (text), not e.g. a link's system number
            if name in ERRORS or name in PASS_THROUGH or _literals(keywords.get("code")):
                params = keywords.get("params")
                keys = None if params is None else (
                    [k.value for k in params.keys] if isinstance(params, ast.Dict) else "dynamic")
                out.append((f"{path.relative_to(ROOT)}:{node.lineno}", name, keywords.get("code"), keys))
    return out


ENGINE_SITES = _sites(ROOT / "pylib" / "tirada")
WEB_SITES = [s for s in _sites(WEB) if s[2] is not None]


def _coded(sites) -> list:
    """``[(code, param keys, where)]`` of the sites whose code is a literal (or a choice of literals)."""
    out = []
    for where, _, code, keys in sites:
        for literal in (_literals(code) if code is not None else None) or []:
            out.append((literal, keys if isinstance(keys, list) else [], where))
    return out


CODED = _coded(ENGINE_SITES) + _coded(WEB_SITES)
CODES = sorted({code for code, _, _ in CODED})


def test_every_engine_error_names_its_code():
    """A raise in pylib without ``code=`` (or with a code the test cannot read) fails here."""
    missing = []
    for where, _name, code, _keys in ENGINE_SITES:
        if code is None:
            missing.append(where)
        elif _literals(code) is None:
            # only a re-raise that keeps the inner error's code, or a helper's own parameter
            source = ast.unparse(code)
            if source not in ("err.code", "e.code", "self.code", "code"):
                missing.append(f"{where} (code={source})")
    assert missing == []
    assert len(CODES) > 250        # ~290 codes today; far fewer means the collector broke
    assert all(re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_]+)+", c) for c in CODES), CODES


def test_every_code_has_both_languages_and_no_stale_entries():
    missing = [c for c in CODES if not all(STRINGS.get("err." + c, {}).get(lang) for lang in ("es", "en"))]
    assert missing == []
    generic = {"err.unknown", "err.this_field", "err.error", "err.request.invalid", "err.move.illegal",
               "err.link.invalid"}
    stale = sorted(k for k in STRINGS if k.startswith("err.") and k not in generic and k[4:] not in CODES)
    assert stale == [], "catalog entries no raise uses any more"


def _sample(key: str, n: int):
    if key == "n":
        return n
    if key == "cause":
        return {"code": "field.range", "params": {"lo": 1, "hi": 20, "got": "0"}, "field": "test_dice"}
    if key in ("lo", "hi", "got", "used", "sides", "face", "keep", "dice", "total", "score", "side",
               "tragedy", "ring", "helpers", "cancel", "destiny", "line", "column", "version"):
        return 7
    return "Sharla"


def _rendered():
    for code, keys, where in CODED:
        for n in (1, 3):          # both plural forms
            params = {k: _sample(k, n) for k in keys}
            for lang in ("es", "en"):
                yield code, where, lang, n, refusal.text({"code": code, "params": params, "field": None},
                                                         lang, strict=True)


def test_every_refusal_renders_in_spanish_and_english_without_english_rules_or_holes():
    problems = []
    for code, where, lang, _n, text in _rendered():
        if "§" in text or re.search(r"\b[\w-]+\.md\b", text):
            problems.append(f"{where} {code} [{lang}] names a rule file: {text}")
        if re.search(r"[{}]", text):
            problems.append(f"{where} {code} [{lang}] has an unfilled placeholder: {text}")
        if lang == "es":
            english = ENGLISH & set(re.findall(r"[a-z']+", text.lower()))
            if english:
                problems.append(f"{where} {code} [es] has English words {sorted(english)}: {text}")
    assert problems == []


def test_a_param_the_catalog_uses_is_one_every_raise_gives():
    """strict rendering raises KeyError when a text asks for a param its raise does not give."""
    for code, keys, where in CODED:
        for lang in ("es", "en"):
            entry = STRINGS["err." + code][lang]
            for form in entry if isinstance(entry, tuple) else (entry,):
                used = i18n.fields_of(form)
                assert used <= set(keys), (where, code, lang, used, keys)


def test_counts_take_the_right_plural_form():
    one = refusal.text({"code": "faces.too_few", "params": {"n": 1}, "field": "faces"}, "es")
    many = refusal.text({"code": "faces.too_few", "params": {"n": 3}, "field": "faces"}, "es")
    assert "único resultado" in one and "3 resultados" in many
    assert i18n.tn("brs.act.advantage_die", "es", 1) == "Dado a repetir (1 contador)"
    assert i18n.tn("brs.act.advantage_die", "es", 2) == "Dado a repetir (2 contadores)"
    assert i18n.tn("l5r.fire_bonus", "es", 1).startswith("Actitud de fuego: +1 éxito adicional ")
    assert i18n.tn("l5r.fire_bonus", "en", 2).startswith("Fire stance: +2 bonus successes ")
    assert i18n.template("play.dice", "es", 1) == "dado" and i18n.template("play.dice", "es", 5) == "dados"


def test_unknown_code_gets_a_generic_message_in_the_page_language():
    err = IllegalMove("some brand new English refusal", field="keep", rule="l5r5e.md §The check 5",
                      code="l5r.brand_new")
    es = refusal.text(err, "es")
    assert es == "Dados guardados: las reglas no permiten esta jugada"
    assert "English" not in es and "§" not in es
    assert refusal.text(TiradaError("x"), "en") == "This could not be done"
    assert refusal.text(LinkError("x", code="nope.nope"), "es") == "No se puede leer el enlace"


# ---------------------------------------------------------------- engine: raises carry their code
def _refused(request: dict) -> TiradaError:
    with pytest.raises(TiradaError) as info:
        roll(request)
    return info.value


@pytest.mark.parametrize("request_, code, params, field", [
    ({"system": "sifrp", "test_dice": 0}, "field.range", {"lo": 1, "hi": 20, "got": "0"}, "test_dice"),
    ({"system": "sifrp", "test_dice": "x"}, "field.not_int", {"got": "'x'"}, "test_dice"),
    ({"system": "sifrp"}, "field.required", {}, "test_dice"),
    ({"system": "sifrp", "test_dice": 25}, "field.range", {"lo": 1, "hi": 20, "got": "25"}, "test_dice"),
    ({"system": "generic", "dice": 2, "sides": 6, "keep": 3}, "generic.keep_too_many", {"keep": 3, "n": 2}, "keep"),
    ({"system": "generic", "dice": 2, "sides": 6, "faces": [1]}, "faces.too_few", {"n": 1}, "faces"),
    ({"system": "generic", "dice": 1, "sides": 6, "faces": [7]}, "faces.impossible", {"sides": 6, "face": 7},
     "faces[0]"),
    ({"system": "generic", "dice": 1, "sides": 6, "faces": [3, 4]}, "faces.too_many", {"n": 2, "used": 1}, "faces"),
    ({"system": "nope"}, "request.system_unknown", {"system": "nope"}, "system"),
    ({"system": "sifrp", "test_dice": 2, "bonus_die": 1}, "field.unknown", {"where": "sifrp"}, "bonus_die"),
])
def test_roll_refusals_carry_their_code(request_, code, params, field):
    err = _refused(request_)
    assert (err.code, err.params, err.field) == (code, params, field)
    assert err.to_dict()["code"] == code and err.to_dict()["params"] == params
    assert refusal.text(err, "es") and "§" not in refusal.text(err, "es")


def test_the_english_line_is_unchanged():
    err = _refused({"system": "generic", "dice": 2, "sides": 6, "keep": 3})
    assert str(err) == "keep: cannot keep 3 of 2 dice (sifrp.md §The generic forum roll)"
    assert set(err.to_dict()) == {"error", "code", "params", "message", "field", "rule"}


def test_l5r_keep_refusal_numbers_dice_as_the_board_does():
    base = {"system": "l5r5e", "ring": 2, "skill": 1, "tn": 2, "step": True, "faces": [1, 1, 1]}
    err = _refused({**base, "rerolls": [], "keep": [0, 1, 2]})
    assert err.code == "l5r.keep_max" and err.params == {"n": 2, "ring": 2, "helpers": 0, "got": 3}
    assert refusal.text(err, "es").endswith("guarda como mucho 2 dados (anillo 2 + 0 ayudantes); has marcado 3")


def test_link_refusals_carry_their_code():
    from tirada.links.chain import verify
    codes = {}
    for bad in ("#t1AAAA", "#xyz", "#t1" + "A" * 40, "#t9abc", ""):
        with pytest.raises(LinkError) as info:
            verify(bad)
        codes[bad] = info.value.code
    assert codes["#xyz"] == "link.not_tirada" and codes["#t9abc"] == "link.format_newer"
    assert codes[""] == "link.empty"
    assert all(c.startswith("link.") for c in codes.values())


def test_a_link_whose_roll_is_invalid_names_the_inner_refusal():
    from tirada.links.chain import verify
    from tirada.wire.codec import encode_payload   # below the checks encode_link makes
    fragment = encode_payload("roll", {"request": {"system": "generic", "dice": 2, "sides": 6, "keep": 3,
                                                   "seed": "ab" * 16}})
    with pytest.raises(LinkError) as info:
        verify("#" + fragment)
    err = info.value
    assert err.code == "link.roll_invalid" and err.params["cause"]["code"] == "generic.keep_too_many"
    assert refusal.text(err, "es") == ("La tirada de este enlace no es válida: Dados guardados: no se pueden "
                                       "guardar 3 de 2 dados")


def test_scene_and_confrontation_refusals_keep_the_inner_code():
    from tirada.systems.tragedia import play
    with pytest.raises(IllegalMove) as info:
        play.undo(play.start({"participants": [
            {"role": "protagonist", "sheet": {"name": "Ana"}},
            {"role": "adversary", "sheet": {"name": "Bo"}}]}))
    assert info.value.code == "tragedia.nothing_to_undo"
    from tirada.systems.brs.example import example_setup
    from tirada.systems.brs.replay import replay
    with pytest.raises(IllegalMove) as info:     # an attack before anyone picked who attacks
        replay(example_setup(), [{"move": "attack", "player": 0, "dice": [0, 1]}])
    assert info.value.code == "brs.not_attack_time" and info.value.field.startswith("moves[0]")
    assert "move 0 (attack)" in info.value.message          # the CLI's English line keeps its prefix


def test_request_errors_in_fields_module():
    from tirada.fields import get_int, get_int_list
    with pytest.raises(InvalidRequest) as info:
        get_int_list({"faces": [1, 99]}, "faces", lo=1, hi=6)
    assert (info.value.code, info.value.field, info.value.params["hi"]) == ("field.range", "faces[1]", 6)
    with pytest.raises(InvalidRequest) as info:
        get_int({"x": 0}, "x", lo=1)
    assert info.value.code == "field.at_least"


def test_the_thread_audit_words_every_unaccepted_link_in_the_page_language():
    """Issue #14: the audit's reasons came to the Spanish page as English engine lines with "§".
    Each unaccepted link now carries its refusal's code; the page words it (web/ui_audit.why)."""
    from tirada.links.audit import audit
    from tirada.links.chain import ChainState, next_link

    good = next_link({"system": "sifrp", "test_dice": 3, "seed": "ab" * 16}, ChainState("Sharla", "Arena"),
                     1796000000)[0]
    i = len(good) // 2
    tampered = good[:i] + ("A" if good[i] != "A" else "B") + good[i + 1:]
    thread = f"https://x.example/#{good}\nhttps://x.example/#{tampered}\nhttps://x.example/#t1AAAA"
    report = audit(thread)
    rows = report["invalid"] + [row for g in report["rollers"] for row in g["links"] if not row["valid"]]
    assert rows, report
    for row in rows:
        assert row["error"]["code"] and row["reason"]          # the CLI keeps its English line
        es = refusal.message(row["error"], "es")
        assert "§" not in es and ".md" not in es and not (ENGLISH & set(re.findall(r"[a-z']+", es.lower()))), es
        assert refusal.message(row["error"], "en") != es
