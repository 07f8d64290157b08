"""The audit report as the page draws it (web/audit/audit_view.py, issue #26): the verdict first, each bad
roll named and marked ✘ on its row, the chain's own numbers in an unnumbered list, no English in Spanish.

CPython only (imports web/ from the repository)."""

from __future__ import annotations

import re
import sys

import pytest

from tirada.links.audit import audit
from tirada.links.chain import ChainState, link_id, next_link
from tirada.links.gm_request import encode_request, new_request

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="imports web/ sources (CPython only)")

from audit import audit_view  # noqa: E402
from tirada.links.audit_report import AuditRow  # noqa: E402

HOME = "https://usuario.github.io/tir/"
ENGLISH = {"request", "fork", "the", "roll", "link", "chain", "restart", "not", "posted", "with"}


def text_of(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def said(row: AuditRow, lang: str) -> str:
    return f"total {row.result.get('total')}"


def forked_thread() -> tuple:
    state, links = ChainState("Sharla", "Arenas"), []
    for i in range(2):
        fragment, state = next_link({"system": "generic", "dice": 2, "sides": 6, "seed": f"{i:02x}" * 16,
                                     "label": f"r{i}"}, state, i, version=1)
        links.append(fragment)
    redo, _ = next_link({"system": "generic", "dice": 2, "sides": 6, "seed": "cd" * 16, "label": "Atletismo"},
                        state, 5, version=1)
    again, _ = next_link({"system": "generic", "dice": 2, "sides": 6, "seed": "ef" * 16, "label": "Atletismo"},
                         state, 6, version=1)
    spec = new_request("sifrp", {"difficulty": 12}, "Trepar", "Sharla")
    thread = "\n".join(f"{HOME}#{f}" for f in [encode_request(spec), *links, redo, again])
    return thread, redo, again


def test_the_verdict_comes_first_and_names_both_rolls_of_the_fork():
    thread, redo, again = forked_thread()
    report = audit(thread, home=HOME)
    html = audit_view.render_report(report, "es", said)
    text = text_of(html)
    assert html.index('id="audit-verdict"') < html.index("Enlaces encontrados") < html.index("audit-roller")
    assert "Hay problemas en este hilo: 2 señalados" in text
    for line in (4, 5):   # plain text has no posts: each problem names its line (issue #38)
        assert text.count(f"Sharla (Arenas) nº 3 «Atletismo» (línea {line}) : bifurcación: otra tirada para el mismo "
                          "paso (nº 3)") == 1
    assert "<ol" not in html and html.count('<ul class="audit-links">') == 1
    rows = re.findall(r'<li class="(bad|ok)">(.*?)</li>', html)
    assert [cls for cls, _ in rows] == ["ok", "ok", "bad", "bad"]
    assert all("✘ bifurcación" in text_of(body) for cls, body in rows if cls == "bad")
    assert not re.search(r"\b\d+\.\s", text)     # no list numbering beside the chain's numbers
    assert "(request)" not in text and "petición del máster" in text
    assert not ENGLISH & set(re.findall(r"[a-z]+", text.lower()))
    english = text_of(audit_view.render_report(report, "en", said))
    assert "There are problems in this thread: 2 flagged" in english and "fork: another roll" in english


def test_a_clean_thread_and_a_thread_without_links():
    thread, _, _ = forked_thread()
    clean = "\n".join(thread.split("\n")[:3])
    text = text_of(audit_view.render_report(audit(clean, home=HOME), "es", said))
    assert text.startswith("Informe Todo en orden") and "✘" not in text
    empty = text_of(audit_view.render_report(audit("Comprobar la tirada", home=HOME), "es", said))
    assert "No se encontró ningún enlace" in empty and "selecciona los mensajes tal como se ven en el foro" in empty


def test_a_link_to_another_address_shows_its_address():
    thread, redo, _ = forked_thread()
    other = thread.replace(HOME, "http://127.0.0.1:9/", 1)
    text = text_of(audit_view.render_report(audit(other, home=HOME), "es", said))
    assert "enlace a otra dirección (http://127.0.0.1:9/)" in text and link_id(redo)


def test_the_verdict_counts_in_the_right_number():
    """"1 señalados" read wrong: the verdict's count picks its plural form."""
    from shell import i18n

    assert i18n.template("audit.verdict_bad", "es", 1).format(n=1) == "Hay problemas en este hilo: 1 señalado"
    assert i18n.template("audit.verdict_bad", "es", 3).format(n=3) == "Hay problemas en este hilo: 3 señalados"


def test_a_report_drawn_in_slices_is_the_whole_report_with_each_chains_rows_in_parts():
    """issue #39: the page draws a report a few parts a turn; a chain of 100 rows comes as its block
    with the first ROWS_AT_ONCE rows, then Rows parts for its list: put together (each Rows at the end
    of its list, as the page puts them) they are the report :func:`render_report` draws, row for row."""
    state, links = ChainState("Sharla", "Arenas"), []
    for i in range(100):
        fragment, state = next_link({"system": "generic", "dice": 1, "sides": 6, "seed": f"{i:032x}"}, state, i)
        links.append(fragment)
    tail, _ = next_link({"system": "generic", "dice": 1, "sides": 6, "seed": "ab" * 16}, ChainState("Livia", "Arenas"), 0)
    report = audit("\n".join(f"{HOME}#{f}" for f in [*links, tail]), home=HOME)
    parts = list(audit_view.render_slices(report, "es", said))
    rows = [p for p in parts if isinstance(p, audit_view.Rows)]
    assert len(rows) == -(-(100 - audit_view.ROWS_AT_ONCE) // audit_view.ROWS_AT_ONCE) >= 2
    assert all(len(re.findall("<li ", r.html)) <= audit_view.ROWS_AT_ONCE for r in rows)
    assert all(not isinstance(p, audit_view.Rows) for p in parts[:1])       # the verdict first
    html = ""
    for part in parts:
        if isinstance(part, audit_view.Rows):
            end = html.index("</ul>", html.index(f'id="{part.into}"'))
            html = html[:end] + part.html + html[end:]
        else:
            html += part
    assert re.sub(r' id="audit-rows-\d+"', "", html) == audit_view.render_report(report, "es", said)
    assert html.count('<li class="ok">') == 101
