"""tirada.safejson: the nesting depth is counted without parsing, strings skipped (issue #18), by a
string pattern fast enough for a thread link's 0.8 MB of JSON in one task (issue #39)."""

from __future__ import annotations

import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tirada import safejson

#: the string pattern before issue #39 (one alternation per character): the reference
SLOW_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet=st.sampled_from('ab"\\[]{}\n\u00e9')),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=30)


def nesting(value) -> int:
    """The depth of a Python value as JSON, counted on the value itself."""
    if isinstance(value, list):
        return 1 + max(map(nesting, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(nesting, value.values()), default=0)
    return 0


@given(JSON_VALUES)
def test_the_depth_of_any_json_is_the_nesting_of_its_value(value):
    text = json.dumps(value, ensure_ascii=False)
    assert safejson.depth(text) == nesting(value)
    assert safejson.loads(text) == value


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from('a"\\[]{}\n')))
def test_the_string_pattern_removes_what_the_per_character_one_removed(text):
    """Any text at all, unterminated strings and stray backslashes included."""
    assert safejson._STRING.sub("", text) == SLOW_STRING.sub("", text)


def test_a_thread_links_json_of_5000_posts_is_measured_and_read():
    posts = [f'Corvo tira 3D contra 9 = 1{i % 10}\n"cita" [nota] {{x}} \\ http://h/#t2AYgBog{i}' for i in range(5000)]
    text = json.dumps({"page": "http://foro/", "posts": posts}, ensure_ascii=False)
    assert safejson.depth(text) == 2
    assert safejson.loads(text, max_chars=len(text))["posts"] == posts
