"""Hostile input (issue #18): one test per finding of the hostile pass, each building its attacking
input here (small), plus a property test that the thread audit's work and memory grow linearly
with the thread's length. docs/link-format.md §Canonical form and limits.

The Confrontation finding (dice typed by hand) is tested in test_brs_link.py
(``test_a_confrontation_with_hand_typed_dice_never_becomes_a_link``); the page under its
Content-Security-Policy, the label's look and stale screens in tests/e2e/test_csp.py.
"""

from __future__ import annotations

import hashlib
import sys
import tracemalloc
import zlib

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tirada.links import audit_people
from tirada import names, storage
from tirada.wire import frame as link_frame
from tirada.links.audit import MAX_WORK, audit
from tirada.systems.brs.config import Setup
from tirada.errors import InvalidRequest, LinkError
from tirada.links.chain import ChainState, encode_link, link_id, next_link, verify
from tirada.wire.codec import encode_payload, split_fragment
from tirada.safejson import loads
from tirada.sheets import Character
from tirada.systems.tragedia.sheet import Sheet

BASE = "https://usuario.github.io/tir/#"
SEED = "8f14e45fceea167a5a36dedd4bea2543"


def seed(*parts) -> str:
    return hashlib.sha256("/".join(map(str, parts)).encode()).hexdigest()[:32]


def roll(roller: str, seq: int = 1, prev: str | None = None, salt: int = 0, campaign: str | None = None) -> str:
    """A one-die roll link of ``roller`` numbered ``seq`` (``prev`` made up when not given)."""
    if seq > 1 and prev is None:
        prev = seed("prev", roller, seq, salt)[:12]
    request = {"system": "generic", "dice": 1, "sides": 6, "seed": seed(roller, seq, salt)}
    return encode_link(request, roller=roller, campaign=campaign, seq=seq, prev=prev if seq > 1 else None)


def chain(n: int, roller: str = "Sharla") -> list:
    state, out = ChainState(roller), []
    for i in range(n):
        fragment, state = next_link({"system": "generic", "dice": 1, "sides": 6, "seed": seed(roller, i)},
                                    state, 1796000000 + i)
        out.append(fragment)
    return out


def group(report: dict, roller: str) -> dict:
    return next(g for g in report["rollers"] if g["roller"] == roller)


# ------------------------------------------------------------------------- audit: bounded work
def test_audit_gap_of_a_billion_rolls_is_one_range_in_constant_memory():
    """Finding: rolls nº 1 and nº 1,000,000,000 (235 bytes of thread) made the audit list every
    missing number (page blocked ~28 s, CLI MemoryError)."""
    text = f"{BASE}{roll('Sharla', 1)} {BASE}{roll('Sharla', 10 ** 9)}"
    tracemalloc.start()
    report = audit(text)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    g = group(report, "Sharla")
    assert g["missing"] == [[2, 10 ** 9 - 1]] and not g["ok"]
    assert "999999998 sin publicar" in g["summary"]["es"]
    assert peak < 5_000_000


def test_audit_groups_look_alike_names_by_key_not_pairwise(monkeypatch):
    """Finding: 3,000 one-roll links by different names blocked the page 76 s: every roller group
    was compared with every other. Now each name's skeleton is computed once per group."""
    calls = []
    real = audit_people._skeleton
    monkeypatch.setattr(audit_people, "_skeleton", lambda text: calls.append(text) or real(text))
    n = 120
    report = audit(" ".join(BASE + roll(f"Jugador {i}") for i in range(n)))
    assert len(report["rollers"]) == n and all(g["ok"] for g in report["rollers"])
    assert len(calls) == 2 * n   # roller and campaign, once each: linear, not n²


def test_zip_bombs_cost_the_budget_before_they_inflate(monkeypatch):
    """Finding: 5,000 short compressed links inflating to ~64 KB each were inflated before the work
    budget applied (page blocked 5.3 s). Now inflating stops at what is left of the budget."""
    inflated = []
    real = zlib.decompressobj

    class Counting:
        def __init__(self, *args):
            self.inner = real(*args)

        def decompress(self, data, max_length=0):
            out = self.inner.decompress(data, max_length)
            inflated.append(len(out))
            return out

        def __getattr__(self, name):
            return getattr(self.inner, name)

    bombs = [encode_payload("scene", {"pad": "x" * 60000, "n": i}) for i in range(40)]
    assert all(len(b) < 300 for b in bombs)   # tiny links…
    monkeypatch.setattr(link_frame.zlib, "decompressobj", Counting)
    report = audit(" ".join(BASE + b for b in bombs))
    assert sum(inflated) <= MAX_WORK                    # …that cost at most the budget in all
    skipped = [r for r in report["invalid"] if r["reason"].startswith("not checked")]
    assert skipped and len(report["invalid"]) == 40 and report["other"] == []
    checked = [r for r in report["invalid"] if r not in skipped]   # read, replayed: not a scene (issue 26)
    assert checked and all(r["error"]["code"] == "field.unknown" for r in checked), checked[0]


# ---------------------------------------------------------------- one canonical parse of a URL
@pytest.mark.parametrize("joiner", ["#", "%23"])
def test_one_address_with_two_links_is_refused_by_page_and_audit_alike(joiner):
    """Finding: ``…#t1<nº2>%23t1<nº3>`` showed readers only nº 3 while the audit counted both and
    said "chain complete": a roll nobody saw filled the gap."""
    one, two, three, four = chain(4)
    double = f"{BASE}{two}{joiner}{three}"
    with pytest.raises(LinkError, match="more than one link"):
        split_fragment(double)
    with pytest.raises(LinkError, match="more than one link"):
        verify(double)
    report = audit(f"{BASE}{one}\n{double}\n{BASE}{four}")
    g = group(report, "Sharla")
    assert g["seqs"] == [1, 4] and g["missing"] == [[2, 3]] and not g["ok"]
    assert "chain complete" not in g["summary"]["en"]
    assert any("more than one link" in r["reason"] for r in report["invalid"])


def test_percent_encoded_link_reads_the_same_on_the_page_and_in_the_audit():
    """Finding: a percent-encoded link opened fine but the audit called it cut short."""
    fragment = chain(1)[0]
    encoded = fragment[:10] + "".join(f"%{ord(c):02X}" for c in fragment[10:14]) + fragment[14:]
    assert verify(BASE + encoded)["id"] == link_id(fragment)
    g = group(audit(f"{BASE}{encoded}"), "Sharla")
    assert g["ok"] and [r["id"] for r in g["links"]] == [link_id(fragment)]


def test_canonical_numbers_one_roll_one_id():
    """Finding: ``3.0`` for an integer gave the same roll under another id."""
    as_int = encode_link({"system": "sifrp", "seed": SEED, "test_dice": 3})
    assert encode_link({"system": "sifrp", "seed": SEED, "test_dice": 3.0}) == as_int
    forged = link_frame.encode_frame(1, link_frame.cbor_encode([1, {0: 3.0}, bytes.fromhex(SEED)]))
    with pytest.raises(LinkError, match="canonical"):
        verify(forged)


# --------------------------------------------------------------------------- look-alike names
LOOKALIKES = {   # case → (the name in use, the look-alike)
    "cyrillic a": ("Sharla", "Sh\u0430rla"),
    "capital I for l": ("Sharla", "SharIa"),
    "small capitals": ("Sharla", "\ua731\u029c\u1d00\u0280\u029f\u1d00"),
    "all Cyrillic": ("Paco", "\u0420\u0430\u0441\u043e"),
    "dot below": ("Sharla", "Shar\u1e37a"),
}


@pytest.mark.parametrize("case", sorted(LOOKALIKES))
def test_look_alike_name_starting_a_second_chain_is_flagged(case):
    """Finding: a Cyrillic "а", a capital I for l, small capitals, an all-Cyrillic name or a dot
    below started a second "complete" chain with no flag."""
    name, twin = LOOKALIKES[case]
    assert twin != name and names.skeleton(twin) == names.skeleton(name)
    report = audit(f"{BASE}{roll(name)} {BASE}{roll(twin, salt=1)}")
    for who, other in ((name, twin), (twin, name)):
        g = group(report, who)
        assert g["lookalike"] == [other] and not g["ok"]
        assert "1 name that looks like this one" in g["summary"]["en"]   # one look-alike: singular


def test_a_name_mixing_scripts_is_flagged_even_alone():
    g = group(audit(BASE + roll("Sh\u0430rla")), "Sh\u0430rla")
    assert g["mixed_script"] == ["CYRILLIC", "LATIN"] and not g["ok"]
    assert "alfabetos mezclados" in g["summary"]["es"]
    for fine in ("Sharla", "Ναυσικά", "山田 Taro", "José"):
        assert not names.mixed_script(fine)


@pytest.mark.skipif(sys.platform == "emscripten", reason="generated with CPython's unicodedata and the dev packages")
def test_lookalike_table_is_generated_from_the_maintained_packages():
    """The tables come from unhomoglyph (UTS #39 confusables) and confusable-homoglyphs (scripts),
    regenerated here: the committed module must be what the generator writes."""
    import importlib.util
    from pathlib import Path

    pytest.importorskip("confusable_homoglyphs", reason="dev tools not installed (python3 build.py build)")
    tool = Path(__file__).resolve().parents[1] / "tools" / "lookalike_table.py"
    if not (tool.parents[1] / "node_modules" / "unhomoglyph").exists():
        pytest.skip("node_modules not installed (python3 build.py build)")
    spec = importlib.util.spec_from_file_location("lookalike_table", tool)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.OUT.read_text(encoding="utf-8") == module.render()


# ------------------------------------------------------------------------------------ imports
def backup(chains: dict) -> dict:
    return storage.backup({"chains": chains}, "2026-11-30T00:00:00Z")


def test_import_cannot_hijack_a_chain():
    """Finding: a "campaign backup" replaced the user's chain for a name with one under a look-alike
    name at nº 999,999 with a fake previous id; the preview said only "1 roller chains"."""
    mine = {"Sharla\n": ChainState("Sharla", "", 12, "ab" * 6).to_dict()}
    forged = ChainState("Sh\u0430rla", "", 999_999, "cd" * 6).to_dict()
    # filed under the user's key: its content disagrees with its key → refused
    plan = storage.plan_import({"chains": mine}, backup({"Sharla\n": forged}))
    assert plan["add"] == plan["replace"] == [] and "key" in plan["errors"][0]["message"]
    # filed under its own look-alike key: shown with its numbers and the look-alike, never merged unasked
    plan = storage.plan_import({"chains": mine}, backup({"Sh\u0430rla\n": forged}))
    entry = plan["add"][0]
    assert (entry["name"], entry["seq_from"], entry["seq_to"], entry["lookalike"]) == ("Sh\u0430rla", 0, 999_999, ["Sharla"])
    assert storage.merge({"chains": mine}, backup({"Sh\u0430rla\n": forged}))["chains"] == mine
    merged = storage.merge({"chains": mine}, backup({"Sh\u0430rla\n": forged}), chains=["Sh\u0430rla\n"])
    assert merged["chains"]["Sh\u0430rla\n"]["seq"] == 999_999 and merged["chains"]["Sharla\n"] == mine["Sharla\n"]


# ---------------------------------------------------------------- one name validator everywhere
def tragedia_sheet(name: str) -> dict:
    return {"name": name, "traits": [{"name": "Valiente"}], "domains": [{"name": "Roma", "destiny": 1}],
            "tragedy": 1}


@pytest.mark.parametrize("bad", ["\u202eSharla", "Sha\u200brla", "Sharla\u2066", "Sha\x07rla"])
def test_every_system_refuses_bidi_and_invisible_names(bad):
    """Finding: names with bidi/invisible characters were refused in roll links but accepted in
    Blood Red Sands, Tragedia and character names (U+202E reversed the engine's own sentences)."""
    from tirada.systems.brs.example import example_setup

    with pytest.raises(InvalidRequest, match="invisible or control"):
        ChainState(bad)
    setup = example_setup(SEED)
    setup["players"][0]["name"] = bad
    with pytest.raises(InvalidRequest, match="invisible or control"):
        Setup.from_dict(setup)
    with pytest.raises(InvalidRequest, match="invisible or control"):
        Sheet.from_dict(tragedia_sheet(bad))
    with pytest.raises(InvalidRequest, match="invisible or control"):
        Character.from_dict({"id": "c1", "system": "sifrp", "name": bad, "campaign": "",
                             "sheet": {"abilities": []}})
    assert names.check_name("  Sharla ", "name", 40) == "Sharla"


# ------------------------------------------------------------------------- crashes on bad data
def test_deeply_nested_import_is_refused_before_parsing():
    """Finding: a deeply nested import file killed the Python runtime ("Pyodide fatal error")."""
    text = '{"app": "tirada", "data": ' + "[" * 200_000 + "]" * 200_000 + "}"
    with pytest.raises(InvalidRequest, match="nested too deeply"):
        loads(text)
    with pytest.raises(InvalidRequest, match="too large"):
        loads("[" + "0," * 3_000_000 + "0]")
    with pytest.raises(InvalidRequest, match="NaN"):
        loads('{"at": NaN}')
    assert loads('[["]]]]", {"a": [1]}]]') == [["]]]]", {"a": [1]}]]


@pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
@pytest.mark.parametrize("at", ["NaN", "1e300", "-5", '"ayer"'])
def test_a_bad_stored_timestamp_is_set_aside_and_never_blocks_start_up(at):
    """Finding: a stored history timestamp of NaN or 1e300 stopped the page from ever starting."""

    from shell import store

    good = '{"fragment": "t1AAAA", "system": "sifrp", "label": "", "summary": {"es": "a", "en": "a"}, "at": 5}'
    bad = good.replace('"t1AAAA"', '"t1BBBB"').replace('"at": 5', f'"at": {at}')
    memory = store.MemoryStorage()
    memory.setItem(store.HISTORY_KEY, f"[{good}, {bad}]")
    memory.setItem(store.CHAIN_KEY, '{"Sharla\\n": {"v": 1, "roller": "Otra", "campaign": "", "seq": 1, '
                                    '"last": "abababababab"}}')
    s = store.Store(memory)
    history = s.history()
    assert [h["fragment"] for h in history] in (["t1AAAA"], [])   # NaN: the whole value is set aside
    assert s.chains() == {}
    assert "storage.corrupt" in s.problems
    assert any(key.endswith(store.HISTORY_KEY) for key, _ in s.set_aside_items())
    assert any(key.endswith(store.CHAIN_KEY) for key, _ in s.set_aside_items())


@pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
def test_label_is_visibly_a_label():
    """Finding: the label was a bold headline above the dice with no prefix, so "✔ ÉXITO CRÍTICO"
    as a label read like a result."""

    from shell import render

    html = render.label_line("✔ ÉXITO CRÍTICO", "es")
    assert "Motivo:" in html and "<q>✔ ÉXITO CRÍTICO</q>" in html and "<strong>" not in html
    assert "Label:" in render.label_line("x", "en")


# --------------------------------------------------------- property: linear time and memory
class TooMuchWork(Exception):
    """The audit passed the per-character bound: stop at once instead of running for hours."""


def _work(text: str) -> tuple:
    """``(Python lines executed, peak bytes allocated)`` by ``audit(text)``: deterministic
    measures of time and memory (no clock), comprehension iterations included. Raises
    :class:`TooMuchWork` as soon as the lines pass :data:`PER_CHAR` per character."""
    lines, limit = 0, PER_CHAR * len(text) + 20_000

    def tracer(frame, event, arg):
        nonlocal lines
        lines += 1
        if lines > limit:
            raise TooMuchWork(f"more than {limit} lines for {len(text)} characters")
        return tracer

    tracemalloc.start()
    old = sys.gettrace()
    sys.settrace(tracer)
    try:
        audit(text)
    finally:
        sys.settrace(old)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return lines, peak


PER_CHAR = 600   #: most Python lines the audit may run per character of thread (measured: ~20)
PIECES = ("chain", "gap", "name", "lookalike", "bomb", "double", "shortened", "noise")


def _thread(recipe: list, copies: int) -> str:
    """The pieces of ``recipe`` repeated ``copies`` times, every copy with its own names and seeds."""
    out = []
    for c in range(copies):
        for k, (piece, size) in enumerate(recipe):
            tag = f"{c}-{k}"
            if piece == "chain":
                out += [BASE + f for f in chain(size % 4 + 1, roller=f"Cadena {tag}")]
            elif piece == "gap":
                out += [BASE + roll(f"Salto {tag}", 1), BASE + roll(f"Salto {tag}", 10 ** 9 - size)]
            elif piece == "name":
                out += [BASE + roll(f"Nombre {tag} {i}") for i in range(size % 5 + 1)]
            elif piece == "lookalike":
                out += [BASE + roll(f"Sharla {tag}"), BASE + roll(f"Sh\u0430rla {tag}")]
            elif piece == "bomb":
                out.append(BASE + encode_payload("scene", {"pad": "x" * (20000 + size), "tag": tag}))
            elif piece == "double":
                a, b = chain(2, roller=f"Doble {tag}")
                out.append(f"{BASE}{a}%23{b}")
            elif piece == "shortened":
                out.append(BASE + roll(f"Corto {tag}")[:30] + "…")
            else:
                out.append("texto del foro " * (size % 20 + 1))
    return "\n".join(out)


@settings(max_examples=12, deadline=None, derandomize=True,
          phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(st.tuples(st.sampled_from(PIECES), st.integers(0, 1000)), min_size=1, max_size=5))
def test_audit_time_and_memory_stay_linear_in_the_thread_length(recipe):
    """The same hostile recipe 1× and 4× over (fresh names and seeds each time): four times the
    thread costs at most about four times the work and the memory — nothing quadratic, nothing
    sized by a number inside a link — and never more than a fixed amount per character."""
    audit(BASE + roll("calentar"))   # load the look-alike tables before measuring
    small, large = _thread(recipe, 1), _thread(recipe, 4)
    (lines_1, peak_1), (lines_4, peak_4) = _work(small), _work(large)
    assert lines_4 <= 4.4 * lines_1 + 5_000, (lines_1, lines_4)
    assert peak_4 <= 4.4 * peak_1 + 300_000, (peak_1, peak_4)
    assert peak_4 <= 600 * len(large) + 1_000_000   # (lines: _work stops past PER_CHAR per character)


# ---------------------------------------------------------------------- borderline stalls
def test_a_huge_l5r_pool_is_refused_before_its_odds_are_computed(monkeypatch):
    """Finding: the odds card took 2.2 s on a large pool (15 ring + 15 skill dice keeping 20)."""
    from tirada.odds import l5r, odds

    monkeypatch.setattr(l5r, "_kept_law", lambda pool: pytest.fail("work started"))
    big = {"system": "l5r5e", "ring": 10, "skill": 10, "tn": 3, "assist_skilled": 5, "assist_unskilled": 5}
    with pytest.raises(InvalidRequest, match="too many for exact odds"):
        odds(big)
    assert l5r.work_estimate(l5r.L5rPool.from_dict({"ring": 5, "skill": 5, "tn": 3})) < l5r.MAX_WORK / 10


def test_a_confrontation_link_with_too_many_moves_is_refused_before_replay(monkeypatch):
    """Finding: a 1,600-move Confrontation link took 2.0 s to open."""
    from helpers.brs import big_setup, play_out
    from tirada.systems.brs import link as brs_link

    setup = big_setup(traits=6)
    log = play_out(setup, exchanges=2)
    assert len(brs_link.open_link(brs_link.encode_link(setup, log))[1]) == len(log)
    padded = log + [{"move": "pick", "attacker": 0, "target": 1}] * (1600 - len(log))
    fragment = brs_link.encode_link(setup, padded)   # compresses well: a short link
    monkeypatch.setattr(brs_link, "replay", lambda *a: pytest.fail("replay started"))
    with pytest.raises(LinkError, match="too many moves"):
        brs_link.open_link(fragment)


@pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")
def test_the_new_refusals_read_in_spanish_on_the_spanish_page():
    """Each new refusal carries a code whose Spanish catalog text (web/shell/strings_errors.py) is filled
    from its params, with no English word or hole left."""

    from shell import refusal
    from tirada.systems.brs.example import EXAMPLE_SETUP
    from tirada.systems.brs.link import encode_link as brs_link
    from tirada.odds import odds

    refusals = []
    for attempt in (lambda: split_fragment(f"{BASE}t1AAAAAAAA#t1BBBBBBBB"), lambda: ChainState("\u202eX"),
                    lambda: brs_link(EXAMPLE_SETUP, []), lambda: loads("[" * 100 + "]" * 100),
                    lambda: loads("{"), lambda: odds({"system": "l5r5e", "ring": 10, "skill": 10, "tn": 3,
                                                      "assist_skilled": 5, "assist_unskilled": 5})):
        with pytest.raises((InvalidRequest, LinkError)) as err:
            attempt()
        refusals.append(err.value)
    codes = [e.code for e in refusals]
    assert codes == ["link.two_fragments", "name.hidden_char", "brs.link_typed_dice", "json.too_deep",
                     "json.invalid", "odds.l5r_too_much_work"]
    for err in refusals:
        spanish = refusal.message(err, "es", strict=True)
        assert spanish != err.message and not any(w in f" {spanish} " for w in (" the ", " link ", " dice ")), spanish
    assert "U+202E" in refusal.message(refusals[1], "es")


def test_the_audit_runs_in_steps_so_the_page_can_draw_between_them():
    """Long work never freezes the page: the audit yields after every chunk of links (the page
    awaits between steps) and its last step is the same report as :func:`audit`."""
    from tirada.links.audit import audit_steps

    text = " ".join(BASE + roll(f"Jugador {i}") for i in range(25))
    steps = list(audit_steps(text, chunk=10))
    assert [s[1:] for s in steps[:-1] if s[0] == "progress"][:3] == [(10, 25), (20, 25), (25, 25)]
    assert steps[-1] == ("report", audit(text))
