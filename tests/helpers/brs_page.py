"""Browser-test helpers of the Confrontation page (tests/e2e/test_brs*.py): its link, opening a link
in a page already showing Tirada, and making a move through the page's controls."""

from __future__ import annotations

from tirada.systems.brs.link import decode_link


def link_of(page) -> str:
    return page.locator("#brs-share-link").input_value()


def moves_of(page) -> list:
    return decode_link(link_of(page))[1]


def open_link_in(page, link: str) -> None:
    """Open ``link`` in a page already showing Tirada (a fragment change: no reload needed)."""
    page.goto(link)
    page.wait_for_function("l => document.getElementById('brs-share-link').value === l", arg=link)


def make_move(page, move: dict, actor: int) -> None:
    """Make ``move`` through the page's controls as player ``actor``; wait for the new link."""
    before = link_of(page)
    kind = move["move"]
    pre = f"#brs-{actor}-{kind}"
    if kind == "pick":
        page.select_option(f"{pre}-attacker", str(move["attacker"]))
        page.select_option(f"{pre}-target", str(move["target"]))
    elif kind in ("attack", "defend"):
        for die in move["dice"]:
            page.click(f'#brs-boards [data-die="{die}"]')
            page.wait_for_selector(f'#brs-boards [data-die="{die}"][aria-pressed=true]')
        if move.get("soul_fused") is not None:
            page.select_option(f"{pre}-sf", str(move["soul_fused"]))
    elif kind in ("strength", "endurance", "advantage"):
        page.select_option(f"{pre}-die", str(move["die"]))
    elif kind == "ruling":
        page.select_option(f"{pre}-action", move["action"])
        page.fill(f"{pre}-note", move.get("note", ""))
    elif kind == "defeat":
        page.select_option(f"{pre}-size", str(move["size"]))
    elif kind == "vow":
        page.select_option(f"{pre}-vow", move["vow"])
        if move.get("enemy") is not None:          # "el enemigo muere": the page asks which enemy
            page.select_option(f"{pre}-enemy", str(move["enemy"]))
    elif kind == "yield" and move.get("new_leader") is not None:
        page.select_option(f"{pre}-leader", str(move["new_leader"]))
    button = f'#brs-actions [data-move="{kind}"][data-player="{actor}"]'
    if kind == "bonus":
        button += f'[data-take="{move["take"]}"]'
    page.click(button)
    try:
        page.wait_for_function("l => document.getElementById('brs-share-link').value !== l", arg=before)
    except Exception as error:                     # say which move the page did not take, and what it shows
        shown = page.evaluate("""() => ['brs-error', 'brs-turn', 'brs-last', 'status']
            .map(id => id + ': ' + ((document.getElementById(id) || {}).innerText || '')).join(' | ')""")
        raise AssertionError(f"the page did not take {move} by player {actor}: {shown}; link {before}") from error
    assert page.locator("#brs-error").is_hidden(), page.inner_text("#brs-error")
