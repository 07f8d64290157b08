"""Words for a Tragedia scene: each die's source, the outcome in words, forum snippets.

Rules: tragedia.md §Gathering dice (every die names its source) and §The final roll (even =
success, ties to the Adversary unless bought with the Flaw), seed 001_0d4b6b4e1f6e6362.txt.
"""

import re

import pytest

from tirada.errors import InvalidRequest
from tirada.systems.tragedia.play import act, start, view
from tirada.systems.tragedia.snippet import describe_text, outcome, snippet

from helpers.tragedia import A_FACES, P_FACES, SEED_ACTIONS, sheets

URL = "https://tirada.example/#t1abc"


def seed_view(faces=P_FACES + A_FACES, actions=SEED_ACTIONS, roll=True, after=()):
    led = start({"objective": "Libertad [b]sí[/b]", "faces": faces, "participants": sheets(),
                 "themes": ["Sangre y arena", "Libertad", "Traición"]})
    for action in list(actions) + ([{"roll": "final"}] if roll else []) + list(after):
        led = act(led, action)
    return view(led)


def test_every_contribution_names_its_source_in_both_languages():
    v = seed_view()
    es = [describe_text(c, "es") for c in v.contributions]
    assert es[0] == "Corvo: Rasgo «Si quieres mi sangre...» → 1 dado para el Protagonista — «Desafía al campeón»"
    assert es[2].startswith("Corvo: Defecto «Pasión desesperada» → 2 dados para el Adversario")
    assert es[3] == "Corvo: Destino (reutilizar un Rasgo agotado «Cicatrices de Tracia») → 1 dado para el Protagonista"
    assert es[4].startswith("Corvo: Tragedia (nivel 3) → 3 dados")
    assert es[6] == "Livia: Consecuencia «Crueldad» de Batiato → 1 dado para el Protagonista"
    assert es[8] == "Ashur: apoyo → 1 dado para el Adversario"
    assert es[9] == "Ashur: Rasgo agotado vuelto en contra «Si quieres mi sangre...» de Corvo → 1 dado para el Adversario"
    en = describe_text(v.contributions[5], "en")
    assert en == "Livia: Domain «Tigre» → 1 die for the Protagonist"


@pytest.mark.parametrize("faces, es", [
    (P_FACES + A_FACES, "Gana el Protagonista: 4 éxitos contra 4 (empate: el Defecto le dio los empates)"),
    ([2] * 7 + [1] * 6, "Gana el Protagonista: 8 éxitos contra 0"),
])
def test_outcome_in_words(faces, es):
    assert outcome(seed_view(faces), "es") == es


def test_ties_go_to_the_adversary_without_the_flaw_and_no_outcome_before_the_roll():
    actions = [a for a in SEED_ACTIONS if a["add"] != "flaw" and a.get("use") != "exhausted_trait"
               or a["by"] == "Batiato"]   # no Flaw (so no Destiny for Corvo): 6 vs 4, no bought ties
    v = seed_view([2, 2, 1, 1, 1, 1] + [2, 2, 1, 1], actions)
    assert outcome(v, "en") == "For now the Adversary wins: 2 successes vs 2 (a tie: ties go to the Adversary)"
    assert outcome(seed_view(roll=False), "es") == ""


def test_bbcode_snippet_lists_each_die_and_escapes_user_text():
    text = snippet(seed_view(), URL, "bbcode", "es")
    lines = text.splitlines()
    assert lines[0] == "[b]Tragedia[/b] — [b]Libertad ［b］sí［/b］[/b]"   # no tag can open
    assert sum(line.startswith("• ") for line in lines) == len(SEED_ACTIONS)
    assert "Reservas: Protagonista 7 dados (+1 éxito automático, gana los empates) contra Adversario 6 dados" in lines
    assert "Protagonista: [b]2[/b] 5 [b]4[/b] 1 [b]6[/b] 3 3 +1 → 4 éxitos" in lines
    assert lines[-1] == f"[url={URL}]Ver la escena[/url]"
    assert "(dados tirados fuera de Tirada)" in lines


def test_markdown_snippet_escapes_punctuation_and_a_hostile_note():
    actions = [dict(SEED_ACTIONS[0], note="[x](javascript:alert(1)) <img src=x>")] + SEED_ACTIONS[1:]
    text = snippet(seed_view(actions=actions), URL, "markdown", "en")
    assert "\\[x\\](javascript:alert(1)) \\<img src=x\\>" in text   # only what can open markup is escaped
    assert re.search(r"(?<!\\)\]\(javascript", text) is None and text.endswith(f"[See the scene]({URL})")
    assert "Not rolled yet" in snippet(seed_view(roll=False), URL, "text", "en")


def test_snippet_refuses_a_bad_style_or_url():
    with pytest.raises(InvalidRequest):
        snippet(seed_view(), URL, "rtf")
    with pytest.raises(InvalidRequest):
        snippet(seed_view(), "javascript:alert(1)")


def test_outcome_while_the_post_loss_step_is_open_and_after_it():
    lost = [1] * 7 + [2] * 6          # 0 + 1 automatic against 6: lost, Tragedy 3 < 5
    v = seed_view(lost)
    assert v.phase == "post_loss"
    assert outcome(v, "es") == "De momento gana el Adversario: 1 éxito contra 6"
    assert outcome(v, "en") == "For now the Adversary wins: 1 success vs 6"
    declined = seed_view(lost, after=[{"decline": "post_loss", "by": "Corvo"}])
    assert outcome(declined, "es") == "Gana el Adversario: 1 éxito contra 6"
