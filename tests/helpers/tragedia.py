"""Tragedia test helpers: the rule file's worked scene (tragedia.md §Gathering dice, §The final roll;
seed 001_0d4b6b4e1f6e6362.txt): its sheets, its actions and the faces of its final roll.

Shared by tests/test_tragedia_scene.py, test_tragedia_play.py and test_tragedia_snippet.py.
"""

__all__ = ["A_FACES", "P_FACES", "SEED_ACTIONS", "sheets"]

P_FACES = [2, 5, 4, 1, 6, 3, 3]  # 3 even + 1 automatic success = 4
A_FACES = [2, 2, 4, 1, 6, 5]  # 4 even = 4: a tie, bought by the Flaw


def sheets():
    """Corvo (the seed's Protagonist), an Ally, the Adversary and a Henchman."""
    return [
        {"role": "protagonist", "sheet": {
            "schema": 1, "name": "Corvo", "flaw": "Pasión desesperada", "tragedy": 2,
            "tragedy_text": "Morirá en la arena por amor", "destiny": 0,
            "traits": [{"name": "Si quieres mi sangre..."}, {"name": "Cicatrices de Tracia", "exhausted": True},
                       {"name": "Espada rápida"}]}},
        {"role": "ally", "sheet": {"name": "Livia", "flaw": "Celosa", "destiny": 1,
                                   "traits": [{"name": "Astuta"}], "domains": [{"name": "Tigre", "destiny": 1}]}},
        {"role": "adversary", "sheet": {"name": "Batiato", "flaw": "Avaricia", "destiny": 2,
                                        "traits": [{"name": "Oro de Capua", "exhausted": True},
                                                   {"name": "Voz de mando"}],
                                        "consequences": ["Crueldad"]}},
        {"role": "henchman", "sheet": {"name": "Ashur", "flaw": "Cobarde", "destiny": 0,
                                       "traits": [{"name": "Lengua de serpiente"}]}},
    ]


# The rule file's fixture, each die added by its source:
# Protagonist side 7 = Trait 1 + Destiny 1 + Tragedy 3 + Domain "Tigre" 1 + Consequence "Crueldad" 1,
# plus 1 automatic success and the ties (Flaw with 2 dice);
# Adversary side 6 = Theme "Sangre y arena" 1 + Destiny 1 + Henchman support 1 + Flaw 2 +
# exhausted Trait "Si quieres mi sangre..." 1.
SEED_ACTIONS = [
    {"add": "trait", "by": "Corvo", "trait": "Si quieres mi sangre...", "note": "Desafía al campeón"},
    {"add": "theme", "by": "Batiato", "theme": "Sangre y arena", "note": "La multitud pide sangre"},
    {"add": "flaw", "by": "Corvo", "dice": 2, "note": "Su pasión lo ciega"},
    {"add": "destiny", "by": "Corvo", "use": "exhausted_trait", "trait": "Cicatrices de Tracia"},
    {"add": "tragedy", "by": "Corvo", "note": "Ve a su amada en el palco"},
    {"add": "domain", "by": "Livia", "domain": "Tigre"},
    {"add": "consequence", "by": "Livia", "target": "Batiato", "consequence": "Crueldad"},
    {"add": "destiny", "by": "Batiato", "use": "exhausted_trait", "trait": "Oro de Capua"},
    {"add": "support", "by": "Ashur"},
    {"add": "turned_trait", "by": "Ashur", "trait": "Si quieres mi sangre..."},
]
