"""A thread link's first verdict from the reading core (tirada.links.core_thread, issue #41): every ✔ and ✘
it gives is the thread audit's verdict of the same link; what it cannot judge so is pending; a damaged
thread link is refused with decode_thread's code. (tests/test_reading_core.py runs the same threads on
MicroPython and compares the JSON byte for byte.)"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers.core_threads import FORUM, HOME, PAGE, thread_fragments, thread_posts
from tirada.errors import LinkError
from tirada.links.audit import audit
from tirada.links.core_thread import ThreadView, thread_view, thread_view_json
from tirada.links.posts import clean
from tirada.links.thread_link import ThreadPaste, decode_thread

#: the audit's verdicts of one link (not of the thread: chain order, forks, requests, reuse)
LINK_CODES = ("audit.claim", "audit.not_checked", "audit.other_address")


def _audit_verdicts(posts, authors, numbers) -> dict:
    """``{position: ("ok" | "bad", codes)}`` of every link the thread audit read, by where its fragment
    starts in the thread's text (every copy of a link); a refused link by its excerpt too."""
    report = audit(ThreadPaste(FORUM, posts, authors, numbers).text(), home=HOME)
    verdicts: dict = {}
    for roller in report["rollers"]:
        for row in roller["links"]:
            codes = sorted({p["code"] for p in report["problems"] if p.get("position") == row["position"]
                            and p["code"] in LINK_CODES})
            offset = row["position"] - row["start"]
            for start in row.get("starts") or [row["start"]]:
                verdicts[start + offset] = ("bad" if codes else "ok", codes)
    for row in report["invalid"]:   # a refused link: listed once, at its first copy (its excerpt names the others)
        verdicts[row["position"]] = verdicts[row["fragment"]] = ("bad", [row["error"]["code"]])
    return verdicts


@pytest.mark.parametrize("lang", ["es", "en"])
def test_each_core_mark_is_the_thread_audits_verdict_of_the_same_link(lang):
    judged = {"ok": 0, "bad": 0}
    for name, posts, authors, numbers in thread_posts():
        view = thread_view(_fragment(posts, authors, numbers), lang, PAGE)
        assert view.state == "read", name
        verdicts = _audit_verdicts(posts, authors, numbers)
        marks = [mark for post in view.posts for mark in post.marks]
        assert len(marks) == view.links == view.ok + view.bad + view.pending, name
        for mark in marks:
            if mark.state == "pending":
                continue
            assert mark.position in verdicts, (name, mark)
            assert (mark.state, sorted(mark.codes)) == verdicts[mark.position], (name, mark)
            judged[mark.state] += 1
    # the core judges every vector roll link and the thread of ✔ and ✘ at once (a claim that lies,
    # damaged copies, a roll quoted again): not everything pending
    assert judged["ok"] >= 50 and judged["bad"] >= 5, judged


def _fragment(posts, authors, numbers) -> str:
    from tirada.links.thread_link import encode_thread

    return encode_thread(FORUM, posts, authors, numbers)


def test_the_mixed_thread_gives_ok_bad_and_pending_with_its_posts_named():
    posts, authors, numbers = next((p, a, n) for name, p, a, n in thread_posts() if name == "✔ and ✘ at once")
    view = thread_view(_fragment(posts, authors, numbers), "es", PAGE)
    got = [(post.place, post.unread, [(m.state, list(m.codes)) for m in post.marks]) for post in view.posts]
    assert got == [
        ("mensaje 1 de Sharla", False, [("ok", [])]),
        ("mensaje 2 de Corvo", False, [("bad", ["link.cut_or_changed"]), ("bad", ["link.cut_or_changed"]),
                                       ("bad", ["link.format_newer"])]),
        ("mensaje 4", False, [("bad", ["audit.claim"])]),
        ("mensaje 5 de Sharla", False, [("ok", [])]),           # the same roll quoted: the same ✔
        ("mensaje 5 de Corvo", False, [("pending", [])]),       # another address
        ("mensaje 7 de Sharla", True, [("pending", [])]),       # HTML in the post: the audit reads it
        ("mensaje 8 de Corvo", False, [("ok", [])])]
    assert (view.links, view.ok, view.bad, view.pending) == (9, 3, 4, 2)
    bad = view.posts[2].marks[0]
    assert bad.text == bad.reasons[0] and "el texto pone" in bad.text
    ok = view.posts[0].marks[0]
    assert ok.text and ok.title and ok.roller


def test_a_link_copied_once_where_the_core_cannot_place_it_leaves_every_copy_pending():
    """An encoded copy (``%23t…``) of a good roll: the audit reads it as the same link and checks that
    copy's claim too; the core cannot, so neither copy is judged."""
    posts, authors, numbers = next((p, a, n) for name, p, a, n in thread_posts() if name == "✔ and ✘ at once")
    coded = posts[0].replace(f"{HOME}#", f"{HOME}%23")
    view = thread_view(_fragment([posts[0], coded], [], []), "es", PAGE)
    assert [m.state for post in view.posts for m in post.marks] == ["pending", "pending"]
    assert view.posts[1].unread


def test_a_quote_that_lies_about_a_good_roll_leaves_every_copy_pending():
    posts, authors, numbers = next((p, a, n) for name, p, a, n in thread_posts() if name == "✔ and ✘ at once")
    lying = posts[0].replace("4", "6", 1)
    link = posts[0].rpartition("\n")[2]
    view = thread_view(_fragment([posts[0], lying.rpartition("\n")[0] + "\n" + link], [], []), "en", PAGE)
    assert [m.state for post in view.posts for m in post.marks] == ["pending", "pending"]
    assert _audit_verdicts([posts[0], lying.rpartition("\n")[0] + "\n" + link], [], [])  # the audit judges it once


@pytest.mark.parametrize("name, fragment", [c for c in thread_fragments() if c[0].startswith("damaged")])
def test_a_damaged_thread_link_is_refused_with_decode_threads_code(name, fragment):
    with pytest.raises(LinkError) as err:
        decode_thread(fragment)
    view = thread_view(fragment, "es", PAGE)
    assert (view.state, view.code, view.posts) == ("refused", err.value.code, ())
    assert json.loads(thread_view_json(fragment, "en", PAGE))["code"] == err.value.code


def test_links_at_another_address_than_the_page_are_pending():
    posts, authors, numbers = thread_posts()[0][1:]
    view = thread_view(_fragment(posts, authors, numbers), "es", "https://otra.example/tirada/#hilo1.x")
    assert view.links == view.pending == len(posts)


def test_the_json_is_the_views_fields():
    posts, authors, numbers = thread_posts()[0][1:]
    view = thread_view(_fragment(posts, authors, numbers), "en", PAGE)
    data = json.loads(thread_view_json(_fragment(posts, authors, numbers), "en", PAGE))
    assert data == view.to_json()
    assert set(data) == set(ThreadView._fields) and data["posts"][0]["marks"][0]["state"] == "ok"
    assert data["posts"][0]["place"] == "post 3 by Corvo ＃1"
    assert json.loads(thread_view_json(None, "es", PAGE))["code"] == "thread.not_thread"


def test_past_max_judged_links_the_rest_are_pending():
    """A long thread's first verdict stays within seconds on a phone: the core judges the first
    MAX_JUDGED links (copies included) and leaves the rest to the full audit."""
    from helpers.core_threads import vector_links
    from tirada.links.core_thread import MAX_JUDGED, MAX_SHOWN

    link, late = vector_links()[:2]
    posts = [f"Tiro otra vez.\nComprobar la tirada {HOME}#{link}"] * MAX_JUDGED
    posts += [f"Y yo.\nComprobar la tirada {HOME}#{late}"] * 3
    view = thread_view(_fragment(posts, [], []), "es", PAGE)
    assert (view.links, view.ok, view.pending) == (MAX_JUDGED + 3, MAX_JUDGED, 3)
    assert [m.state for m in view.posts[-1].marks] == ["pending"]
    # one copy past the bound: the audit reads its claim too, so every copy of that link waits for it
    view = thread_view(_fragment(posts[:MAX_JUDGED] + posts[:1], [], []), "es", PAGE)
    assert view.links == view.pending == MAX_JUDGED + 1
    # the view carries the first MAX_SHOWN links' marks (what the page draws), and counts every link
    view = thread_view(_fragment(posts * 3, [], []), "es", PAGE)
    assert view.links == view.pending == 3 * len(posts)
    assert sum(len(post.marks) for post in view.posts) == MAX_SHOWN < view.links


def _pieces() -> list:
    """Bits of post text a forum thread holds around Tirada links: snippets that agree or lie, damaged and
    encoded copies, another address, HTML, word breaks, hashtags, text alone."""
    from helpers.core_threads import damaged, snippet, vector_links

    links = vector_links()[:4]
    lines, _, check = snippet(links[1], "es").rpartition("\n")
    return [snippet(links[0], "es"), snippet(links[1], "en"), lines.replace("4", "6") + "\n" + check,
            f"Ver {HOME}#{links[2]}", f"{HOME}#{damaged(links[3])[0]}", f"{HOME}#{damaged(links[2])[2]}",
            f"https://otra.example/#{links[3]}", f"{HOME}%23{links[0]}", f"<i>{HOME}#{links[2]}</i>",
            f"{HOME}#{links[3]}\u200b", "#tirada de hoy", "── #9 · Falso ──", "Ataco con la espada.", ""]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.integers(0, 13), min_size=1, max_size=4), min_size=1, max_size=6),
       st.sampled_from(["es", "en"]))
def test_any_mix_of_posts_gets_only_the_audits_verdicts(picks, lang):
    pieces = _pieces()
    posts = ["\n".join(pieces[i] for i in post) for post in picks]
    view = thread_view(_fragment(posts, [], []), lang, PAGE)
    verdicts = _audit_verdicts(posts, [], [])
    text = ThreadPaste(FORUM, posts).text()
    for mark in (m for post in view.posts for m in post.marks if m.state != "pending"):
        at = len(clean(text[:mark.position]))   # the audit's positions: in the text without word breaks
        assert (mark.state, sorted(mark.codes)) == verdicts.get(at, verdicts.get(mark.fragment)), (posts, mark)
