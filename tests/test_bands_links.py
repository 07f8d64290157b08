"""Outcome bands in links and snippets (issue 28 item 4; docs/link-format.md §5.1 key 20): the link
carries the bands, never the band; every snippet kind names the band; hostile labels stay text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tirada.errors import LinkError
from tirada.links.chain import encode_link, verify
from tirada.wire.codec import decode_payload_versioned, encode_payload
from tirada.wire.frame import b64_decode
from tirada.links.pool import pool_text
from tirada.links.snippets import snippet
from tirada.systems.band_presets import preset_roll
from tirada.systems.notation import expand

BASE = "https://example.org/tirada/"
VECTORS = Path(__file__).resolve().parent / "vectors" / "generic.json"
PBTA = [1, "Fallo", 7, "Éxito parcial", 10, "Éxito"]


def _link(bands: list, version: int = 2, **fields) -> str:
    return encode_link({"system": "generic", "seed": "cd" * 16, "dice": 2, "sides": 6, "modifier": 1,
                        "bands": bands, **fields}, version=version)


@pytest.mark.parametrize("version", [1, 2])
def test_bands_round_trip_and_the_band_is_recomputed(version):
    fragment = _link(PBTA, version)
    checked = verify(fragment)
    assert checked["request"]["bands"] == PBTA
    total = checked["result"]["total"]
    expected = "Fallo" if total <= 6 else "Éxito parcial" if total <= 9 else "Éxito"
    assert checked["result"]["band"]["label"] == expected
    view = decode_payload_versioned(fragment)[2]
    assert "band" not in json.dumps(view["request"]).replace('"bands"', "")   # the band itself is never carried


def test_bands_take_key_20_and_no_earlier_key_changes():
    fragment = encode_payload("roll", {"request": {"system": "generic", "seed": "cd" * 16, "dice": 2, "sides": 6,
                                                   "bands": PBTA}})
    plain = encode_payload("roll", {"request": {"system": "generic", "seed": "cd" * 16, "dice": 2, "sides": 6}})
    assert fragment != plain
    body = b64_decode(fragment[2:])
    assert bytes([0x14, 0x86, 0x01]) in body   # key 20, then the array of 6 starting with version 1


def test_the_vectors_carry_bands_and_verify():
    rolls = [v for v in json.loads(VECTORS.read_text(encoding="utf-8"))["rolls"] if v["name"].startswith("bands ")]
    assert len(rolls) == 4
    for vector in rolls:
        checked = verify(vector["fragment"])
        assert checked["result"] == vector["result"] and "band" in checked["result"]


def test_a_link_with_bad_bands_is_invalid():
    fragment = encode_payload("roll", {"request": {"system": "generic", "seed": "cd" * 16, "dice": 2, "sides": 6,
                                                   "bands": [1, "Fallo", 7, "Parcial", 7, "Éxito"]}})
    with pytest.raises(LinkError):
        verify(fragment)
    newer = encode_payload("roll", {"request": {"system": "generic", "seed": "cd" * 16, "dice": 2, "sides": 6,
                                                "bands": [2, "Fallo", 7, "Éxito"]}})
    with pytest.raises(LinkError):
        verify(newer)


@pytest.mark.parametrize("style", ["bbcode", "markdown", "text", "html"])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_snippet_kind_names_the_band(style, lang):
    fragment = _link(PBTA)
    band = verify(fragment)["result"]["band"]["label"]
    text = snippet(fragment, BASE, style, lang)
    lines = text.splitlines()
    assert "Fallo" in lines[1] and "Éxito parcial" in lines[1]   # the pool line lists the bands
    outcome = [line for line in lines if "\u2192" in line][0]
    assert outcome.rstrip().endswith({"bbcode": f"[b]{band}[/b]", "markdown": f"**{band}**  ",
                                      "text": band, "html": f"<strong>{band}</strong><br>"}[style].rstrip())


@pytest.mark.parametrize("style", ["bbcode", "markdown", "html"])
def test_hostile_band_labels_stay_text(style):
    hostile = {"bbcode": "[url=javascript:x]y", "markdown": "**x** [y](javascript:z)", "html": "<script>x"}[style]
    fragment = _link([1, hostile, 2, hostile + "2"])
    text = snippet(fragment, BASE, style)
    if style == "bbcode":
        assert set(re.findall(r"\[/?([a-z]+)[=\]]", text)) <= {"b", "s", "url"}
        assert "javascript" not in "".join(re.findall(r"\[url=([^\]]*)\]", text))
    elif style == "markdown":
        assert re.search(r"(?<!\\)\]\(javascript", text) is None and "\\*\\*x\\*\\*" in text
    else:
        assert "<script>" not in text and "&lt;script&gt;" in text


def test_pool_line_of_a_long_ladder_is_shortened():
    fate = expand(preset_roll("fate", 2).request())
    assert pool_text(fate, "es") == "4dF +2, resultados: ≤−2 Terrible / … / ≥8 Legendario (11)"
    assert pool_text({**expand(preset_roll("pbta", 1, lang="en").request())}, "en") == \
        "2d6 +1, outcomes: ≤6 Miss / 7–9 Partial success / ≥10 Full success"
