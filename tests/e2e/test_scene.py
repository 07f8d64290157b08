"""End to end: a Tragedia scene built in the page, die by die with its source, rolled and shared.

The seed's example (tragedia.md §The final roll, "Seed example as a fixture"): Protagonist + Ally
7 dice + 1 automatic success + the ties (Flaw with 2 dice) against Adversary + Henchman 6 dice.
"""

import pytest

from conftest import READY, open_app

expect = pytest.importorskip("playwright.sync_api").expect   # absent inside Pyodide, where e2e never runs

EXAMPLE_FACES = "2, 5, 4, 1, 6, 3, 3, 2, 2, 4, 1, 6, 5"   # 3 even + 1 automatic = 4 against 4 even

SHEETS = [
    {"name": "Corvo", "flaw": "Pasión desesperada", "tragedy": "2", "tragedy_text": "Morirá en la arena por amor",
     "destiny": "0", "traits": "Si quieres mi sangre...\nEspada rápida", "exhausted": "Cicatrices de Tracia"},
    {"name": "Livia", "flaw": "Celosa", "destiny": "1", "traits": "Astuta", "domains": "Tigre = 1"},
    {"name": "Batiato", "flaw": "Avaricia", "destiny": "2", "traits": "Voz de mando",
     "exhausted": "Oro de Capua", "consequences": "Crueldad"},
    {"name": "Ashur", "flaw": "Cobarde", "destiny": "0", "traits": "Lengua de serpiente"},
]
ROLES = {"Corvo": "protagonist", "Livia": "ally", "Batiato": "adversary", "Ashur": "henchman"}

# (who, source, text on the button, note): the seed's ten contributions
ACTIONS = [
    ("Corvo", "trait", "Si quieres mi sangre", "Corvo desafía al campeón"),
    ("Batiato", "theme", "Sangre y arena", "La multitud pide sangre"),
    ("Corvo", "flaw", "2 dados", "Su pasión lo ciega"),
    ("Corvo", "destiny", "Cicatrices de Tracia", "Recuerda Tracia"),
    ("Corvo", "tragedy", None, "Ve a su amada en el palco"),
    ("Livia", "domain", "Tigre", "Livia suelta al tigre"),
    ("Livia", "consequence", "Crueldad", None),
    ("Batiato", "destiny", "Oro de Capua", "Soborna al árbitro"),
    ("Ashur", "support", None, "Ashur distrae a Livia"),
    ("Ashur", "turned_trait", "Si quieres mi sangre", None),
]


def open_scene_tab(page):
    page.click("#tab-scene")
    if not page.locator("#sheets-card").evaluate("d => d.open"):
        page.click("#sheets-card > summary")


def make_sheet(page, fields):
    for key, value in fields.items():
        page.fill(f"#sheet-{key}", value)
    page.click("#sheet-save")
    page.wait_for_selector(f'#sheet-list [data-sheet="{fields["name"]}"]')


def pools(page):
    return (int(page.inner_text('[data-pool="protagonist"]')), int(page.inner_text('[data-pool="adversary"]')))


def roll(page):
    """Click «Tirar» and wait until the roll landed: it is numbered under the chain lock (a task that
    lands after the click returns), and the play card is busy until then (web/shell/busy.py); focus
    is then on the result."""
    page.click("#play-roll")
    page.wait_for_selector("#scene-play:not([aria-busy])")
    expect(page.locator("#scene-result")).to_be_focused()


def choose(page, actor):
    page.select_option("#play-actor", actor)
    page.wait_for_selector(f'#play-sources[data-actor="{actor}"]')


def add(page, actor, source, text=None, note=None):
    """Add one die as ``actor`` with the enabled button of ``source`` (filtered by ``text``)."""
    before = page.locator("#play-log li").count()
    choose(page, actor)
    if note:
        page.fill("#play-note", note)
    button = page.locator(f'#play-sources button[data-source="{source}"]:not([disabled])')
    if text:
        button = button.filter(has_text=text)
    button.click()
    page.wait_for_function(f"document.querySelectorAll('#play-log li').length === {before + 1}")


def test_seed_example_built_die_by_die_rolled_shared_and_resumed(warm_page, new_context):
    page = warm_page(viewport={"width": 1280, "height": 900},
                         permissions=["clipboard-read", "clipboard-write"])
    open_scene_tab(page)
    for fields in SHEETS:
        make_sheet(page, fields)
    corvo = page.locator('#sheet-list [data-sheet="Corvo"]').inner_text()
    assert "Cicatrices de Tracia (agotado)" in corvo and "Espada rápida (fresco)" in corvo
    # edit a sheet: the form is filled back; a bad Domain line is refused and nothing is lost
    page.click('#sheet-list [data-sheet-edit="Livia"]')
    assert page.input_value("#sheet-domains") == "Tigre = 1"
    page.fill("#sheet-domains", "Tigre")
    page.click("#sheet-save")
    assert "Nombre = Destino" in page.inner_text("#sheet-status") or "Name = Destiny" in page.inner_text("#sheet-status")
    assert page.input_value("#sheet-name") == "Livia"
    page.fill("#sheet-domains", "Tigre = 1")
    page.click("#sheet-save")
    page.wait_for_function("document.getElementById('sheet-status').textContent === 'Ficha guardada.'")
    assert "Tigre (1 Destino)" in page.locator('#sheet-list [data-sheet="Livia"]').inner_text()

    for name, role in ROLES.items():
        page.select_option(f'#setup-roles select[data-role-of="{name}"]', role)
    page.fill("#setup-objective", "Corvo gana su libertad en la arena")
    page.fill("#setup-themes", "Sangre y arena\nLibertad\nTraición")
    page.click("#setup-start")
    page.wait_for_selector("#scene-play:not([hidden])")
    assert pools(page) == (0, 0)

    # an illegal source is a disabled button with its reason as text
    choose(page, "Corvo")
    support = page.locator('#play-sources button[data-source="support"]')
    assert support.is_disabled()
    reason = page.locator("#why-support").inner_text()
    assert "Solo Aliados y Secuaces" in reason and "Solo un Aliado o un Secuaz añade un dado de apoyo" in reason
    assert page.locator("#play-roll").is_enabled() and page.locator("#play-undo").is_disabled()

    expected = [(1, 0), (1, 1), (1, 3), (2, 3), (5, 3), (6, 3), (7, 3), (7, 4), (7, 5), (7, 6)]
    for (who, source, text, note), counts in zip(ACTIONS, expected):
        add(page, who, source, text, note)
        assert pools(page) == counts, (who, source)
    assert "+1 éxito automático" in page.inner_text("#play-pools")
    assert "gana los empates" in page.inner_text("#play-pools")
    # the exact odds of these pools: P(Protagonist wins) = 7099/8192 (tests/test_odds_tragedia.py)
    assert "86,7" in page.inner_text("#scene-odds")
    log = page.locator("#play-log li").all_inner_texts()
    assert log[0] == "Corvo: Rasgo «Si quieres mi sangre...» → 1 dado para el Protagonista — «Corvo desafía al campeón»"
    assert log[2].startswith("Corvo: Defecto «Pasión desesperada» → 2 dados para el Adversario")
    # the Flaw is now used up: disabled, with its reason
    choose(page, "Corvo")
    assert page.locator('#play-sources button[data-source="flaw"]').is_disabled()
    assert "ya se puso en juego" in page.locator("#why-flaw").inner_text()   # the reason by code, in Spanish

    # undo the last action before the roll, then add it again
    page.click("#play-undo")
    page.wait_for_function("document.querySelectorAll('#play-log li').length === 9")
    assert pools(page) == (7, 5)
    add(page, "Ashur", "turned_trait", "Si quieres mi sangre")

    page.fill("#play-faces", EXAMPLE_FACES)       # the dice rolled at the table, typed in
    roll(page)
    verdict = page.locator("#scene-verdict")
    verdict.wait_for()
    assert verdict.inner_text() == "Gana el Protagonista: 4 éxitos contra 4 (empate: el Defecto le dio los empates)"
    assert verdict.get_attribute("data-winner") == "protagonist"
    assert page.locator("#scene-result .score").get_attribute("data-score") == "4-4"
    assert page.locator("#play-undo").is_disabled()          # a roll cannot be undone
    after = page.locator('#after-sheets [data-sheet="Corvo"]')
    assert after.locator("[data-victories]").inner_text() == "1"
    assert "Si quieres mi sangre... (fresco)" in after.inner_text()   # turned against: renews
    # the saved sheets were updated by the scene
    saved = page.locator('#sheet-list [data-sheet="Corvo"]')
    assert saved.locator("[data-victories]").text_content() == "1"   # (in a closed <details>)
    assert page.locator('#sheet-list [data-sheet="Batiato"] [data-destiny]').text_content() == "1"

    link = page.locator("#scene-link").input_value()
    assert "#t2" in link      # a scene with signed rolls (issue 26): typed dice take no chain number
    # the forum snippet lists each die's source (clipboard, or the field when it is refused)
    page.click('[data-scene-copy="bbcode"]')
    page.wait_for_function("document.getElementById('scene-copy-status').textContent !== ''")
    if page.inner_text("#scene-copy-status") == "Copiado al portapapeles":
        snippet = page.evaluate("navigator.clipboard.readText()")
    else:
        snippet = page.locator("#scene-link").input_value()
    lines = snippet.splitlines()
    assert lines[0] == "[b]Tragedia[/b] — [b]Corvo gana su libertad en la arena[/b]"
    assert sum(line.startswith("• ") for line in lines) == len(ACTIONS)
    assert "• Livia: Dominio «Tigre» → 1 dado para el Protagonista — «Livia suelta al tigre»" in lines
    assert lines[-1].startswith("[url=http://127.0.0.1:") and lines[-1].endswith("]Ver la escena[/url]")
    # the link in a fresh context: the same scene and outcome, read only
    ctx2, _ = new_context(viewport={"width": 360, "height": 640})
    other = open_app(ctx2.new_page(), link)
    other.wait_for_selector("#scene-verdict")
    assert other.locator("#scene-shared").is_visible()
    assert other.locator("#scene-verdict").inner_text() == verdict.inner_text()
    assert other.locator("#play-log li").all_inner_texts() == page.locator("#play-log li").all_inner_texts()
    assert other.locator("#play-controls").is_hidden() and other.locator("#scene-continue").is_hidden()
    assert other.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # reload: the scene resumes from localStorage
    page.reload()
    page.wait_for_function(READY)
    page.click("#tab-scene")
    assert page.locator("#scene-verdict").inner_text() == verdict.inner_text()


def test_seeded_roll_follows_the_rules_and_an_unrolled_link_can_be_continued(warm_page, new_context):
    page = warm_page(viewport={"width": 360, "height": 640})
    open_scene_tab(page)
    page.click("#sheet-example")
    page.wait_for_selector('#sheet-list [data-sheet="Ashur"]')
    page.click("#setup-start")
    page.wait_for_selector("#scene-play:not([hidden])")
    for who, source, text, note in ACTIONS:
        add(page, who, source, text, note)
    assert pools(page) == (7, 6)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    link = page.locator("#scene-link").input_value()

    # not rolled yet: a fresh context may continue the scene and roll it (a new seed, now)
    ctx2, _ = new_context(viewport={"width": 1280, "height": 900})
    other = open_app(ctx2.new_page(), link)
    other.wait_for_selector("#scene-shared:not([hidden])")
    assert other.locator("#play-log li").count() == len(ACTIONS)
    other.click("#scene-continue")
    other.wait_for_selector("#play-controls:not([hidden])")
    roll(other)
    other.locator("#scene-verdict").wait_for()
    finals = other.locator("#scene-result ul.dice")
    p_faces = [int(x) for x in finals.nth(0).locator(".face").all_inner_texts()]
    a_faces = [int(x) for x in finals.nth(1).locator(".face").all_inner_texts()]
    assert len(p_faces) == 7 and len(a_faces) == 6
    p_succ = sum(f % 2 == 0 for f in p_faces) + 1
    a_succ = sum(f % 2 == 0 for f in a_faces)
    text = other.locator("#scene-verdict").inner_text()
    if p_succ >= a_succ:       # the Flaw bought the ties
        word = "éxito" if p_succ == 1 else "éxitos"
        assert text.startswith(f"Gana el Protagonista: {p_succ} {word} contra {a_succ}")
    else:                      # a loss below Tragedy 5 opens the post-loss step
        assert other.locator("#play-phase").inner_text().startswith("El Protagonista ha perdido")
        choose(other, "Corvo")
        assert other.locator('#play-sources button[data-source="tragedy"]').is_enabled()
    # the original page still has its own, unrolled scene
    assert page.locator("#scene-result").is_hidden()

    # a new scene on the first page: lost, Tragedy raised again, last dice, lost on the tie
    page.click("#scene-discard")
    page.wait_for_selector("#scene-setup:not([hidden])")
    assert page.locator("#scene-restore").is_visible()
    page.click("#setup-start")
    page.wait_for_selector("#scene-play:not([hidden])")
    add(page, "Corvo", "trait", "Espada rápida")
    add(page, "Batiato", "theme", "Libertad")
    page.fill("#play-faces", "1, 2")
    roll(page)
    page.wait_for_selector("#scene-verdict")
    assert page.inner_text("#scene-verdict") == "De momento gana el Adversario: 0 éxitos contra 1"
    choose(page, "Livia")
    assert page.locator('#play-sources button[data-source="last_die"]').is_disabled()   # Tragedy first
    add(page, "Corvo", "tragedy")
    add(page, "Livia", "last_die")
    add(page, "Batiato", "last_die")
    assert "Tragedia 3" in page.inner_text("#play-pools")
    page.fill("#play-faces", "2, 2, 1, 1, 2")      # Tragedy 3 dice, Livia's, Batiato's
    roll(page)
    page.wait_for_function("document.getElementById('scene-verdict')?.dataset.winner === 'adversary'")
    assert page.inner_text("#scene-verdict") == (
        "Gana el Adversario: 2 éxitos contra 2 (empate: los empates son del Adversario)")
    choose(page, "Batiato")
    page.fill("#impose-text", "Marcado a fuego")
    page.click('#play-moves [data-form="impose"]')
    page.wait_for_function("document.querySelector('#sheet-list [data-sheet=\"Corvo\"]')"
                           ".textContent.includes('Marcado a fuego')")
    corvo = page.locator('#after-sheets [data-sheet="Corvo"]').inner_text()
    assert "Marcado a fuego" in corvo and "Nivel de Tragedia (1–5): 3" in corvo


def test_two_protagonists_a_henchman_and_an_ally_after_the_scene_and_the_chapter_loss(warm_page):
    """Seed 001: "al menos un jugador Protagonista"; "1 punto de Destino te permite [...] usar un
    Dominio (si no estás jugando como Protagonista)"; "aparte de jugar como Secuaz" (Tragedy goes
    down); Consequences "se pueden eliminar jugando como Aliado"; at Tragedy 5, "si otros dos
    jugadores se le adelantan ese Capítulo, se le considerará perdedor"."""
    page = warm_page(viewport={"width": 1280, "height": 900})
    open_scene_tab(page)
    for fields in (
        {"name": "Corvo", "traits": "Espada rápida", "victories": "1"},
        {"name": "Crixo", "traits": "Galo", "victories": "1"},
        {"name": "Naevia", "traits": "Leal", "consequences": "Herida\nDeudas"},
        {"name": "Batiato", "traits": "Voz de mando"},
        {"name": "Ashur", "tragedy": "5", "destiny": "1", "traits": "Lengua de serpiente",
         "domains": "Cordelia = 1", "victories": "0"},
    ):
        make_sheet(page, fields)
    roles = {"Corvo": "protagonist", "Crixo": "protagonist", "Naevia": "ally", "Batiato": "adversary",
             "Ashur": "henchman"}
    for name, role in roles.items():
        page.select_option(f'#setup-roles select[data-role-of="{name}"]', role)
    # the table settings carry the seed's words beside them
    assert "aparte de jugar como Secuaz" in page.inner_text("#setup-table")
    assert "se pueden eliminar jugando como Aliado" in page.inner_text("#setup-table")
    page.fill("#setup-henchman-drop", "2")
    page.click("#setup-start")
    page.wait_for_selector("#scene-play:not([hidden])")
    add(page, "Corvo", "trait", "Espada rápida")
    add(page, "Crixo", "trait", "Galo")
    add(page, "Ashur", "domain", "Cordelia")
    add(page, "Ashur", "destiny", "usar un Dominio «Cordelia»")   # 1 Destiny: the Domain once more
    assert pools(page) == (2, 2)
    choose(page, "Corvo")
    assert page.locator('#play-sources button[data-source="destiny"]:not([disabled])').count() == 0
    page.fill("#play-faces", "2, 4, 1, 1")
    roll(page)
    page.wait_for_function("document.getElementById('scene-verdict')?.dataset.winner === 'protagonist'")
    choose(page, "Ashur")
    page.locator("#play-moves button", has_text="Bajar la Tragedia").click()
    page.wait_for_function("document.querySelector('#after-sheets [data-sheet=\"Ashur\"]')"
                           ".textContent.includes('Nivel de Tragedia (1–5): 3')")
    choose(page, "Naevia")
    page.locator("#play-moves button", has_text="«Herida»").click()
    page.wait_for_function("!document.querySelector('#after-sheets [data-sheet=\"Naevia\"]')"
                           ".textContent.includes('Herida')")
    # both Protagonists scored the Victory: 2 each, their Objectives are achieved
    sheets = page.locator("#sheet-list")
    assert sheets.locator('[data-sheet="Corvo"] [data-chapter="achieved"]').count() == 1
    assert sheets.locator('[data-sheet="Crixo"] [data-chapter="achieved"]').count() == 1
    # a character at Tragedy 5 while two others got there first has lost the Chapter
    if not page.locator("#sheets-card").evaluate("d => d.open"):
        page.click("#sheets-card > summary")
    page.click('#sheet-list [data-sheet-edit="Ashur"]')
    page.fill("#sheet-tragedy", "5")
    page.click("#sheet-save")
    page.wait_for_selector('#sheet-list [data-sheet="Ashur"] [data-chapter="lost"]')
    assert "Perdedor del Capítulo" in sheets.locator('[data-sheet="Ashur"]').inner_text()


def test_a_floating_domain_is_taken_in_the_page_with_the_winning_bid(warm_page):
    """Seed 001: «Si en algún momento uno de tus Dominios se queda sin Destino pasará a considerarse
    un "Dominio flotante", lo que significa que cualquier otro jugador puede emplear un punto de
    Destino para arrebatártelo. (Si varios lo quisieran, se lo que quedaría el que estuviera
    dispuesto a borrarse más puntos de Destino).»"""
    page = warm_page(viewport={"width": 360, "height": 640})
    open_scene_tab(page)
    for fields in (
        {"name": "Corvo", "traits": "Espada rápida"},
        {"name": "Livia", "traits": "Astuta", "destiny": "3"},
        {"name": "Batiato", "traits": "Voz de mando", "destiny": "1", "domains": "La guardia acude = 1"},
        {"name": "Ashur", "traits": "Lengua de serpiente"},
    ):
        make_sheet(page, fields)
    for name, role in {"Corvo": "protagonist", "Livia": "ally", "Batiato": "adversary", "Ashur": "henchman"}.items():
        page.select_option(f'#setup-roles select[data-role-of="{name}"]', role)
    page.click("#setup-start")
    page.wait_for_selector("#scene-play:not([hidden])")
    choose(page, "Livia")
    assert page.locator("#take-domain").count() == 0          # nothing floats yet
    # «Me lo pido»: an element of another player's narration, with at least 1 Destiny (3 → 2)
    page.click("#play-moves details.claim > summary")
    page.fill("#claim-name", "Un tórrido susurro")
    page.select_option("#claim-from", "Corvo")
    page.click('#play-moves button[data-form="claim"]')
    expect(page.locator('#play-sources button[data-source="domain"]', has_text="Un tórrido susurro")).to_be_enabled()
    add(page, "Batiato", "domain", "La guardia acude")        # the Adversary spends its last Destiny: it floats
    choose(page, "Livia")
    option = page.locator("#take-domain option")
    assert option.inner_text() == "«La guardia acude» de Batiato"
    assert "borrarse más puntos de Destino" in page.inner_text("#play-moves .take")
    page.fill("#take-destiny", "3")                           # a bid above her Destiny: refused, in words
    page.click('#play-moves button[data-form="take"]')
    expect(page.locator("#play-error")).to_contain_text("Livia solo tiene 2 puntos de Destino")
    page.fill("#take-destiny", "2")
    page.click('#play-moves button[data-form="take"]')
    expect(page.locator("#take-domain")).to_have_count(0)     # taken: no longer floating
    expect(page.locator("#play-error")).to_be_hidden()
    # hers now, with the 2 Destiny of her bid: as an Ally she uses it for free
    add(page, "Livia", "domain", "La guardia acude")
    assert pools(page) == (1, 1)
    choose(page, "Batiato")
    assert page.locator('#play-sources button[data-source="domain"]:not([disabled])').count() == 0
    # what the page cannot compute is in its help: «no puedes narrar que se logra o se frustra
    # definitivamente el Objetivo [...] ni tampoco que matas o causas daños permanentes a un personaje jugador»
    page.click("#scene-help > summary")
    help_text = page.inner_text("#scene-help")
    assert "daños permanentes a un personaje jugador" in help_text and "tangibles y perceptibles" in help_text
    assert "al menos un jugador Protagonista" in help_text
