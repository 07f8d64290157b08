"""Value sets of the generic, SIFRP and L5R roll forms for :func:`tirada.systems.form_read.read_form` (issue
#41), with what it gives on CPython. Used by tests/test_form_read.py (the requests and refusals) and
tests/test_reading_core.py (MicroPython gives the same JSON, a typed notation and bands too).

Each case: ``(name, system, values, expected)``; ``expected`` is the request dict (in its key order) or
``("error", code, field)``.
"""

from __future__ import annotations

from tirada.fields import TYPED_DIGITS

PBTA = [1, "Fallo", 7, "Éxito parcial", 10, "Éxito"]

GENERIC = [
    ("plain", {"dice": "3", "sides": "6"}, {"dice": 3, "sides": 6}),
    ("plain, every field", {"dice": "4", "sides": "6", "keep": "3", "modifier": "-1", "difficulty": "12",
                            "keep_lowest": True, "notation": "  ", "dialect": "roll20", "bands": " "},
     {"dice": 4, "sides": 6, "keep": 3, "modifier": -1, "difficulty": 12, "keep_lowest": True}),
    ("keep lowest unticked", {"dice": "2", "sides": "20", "keep": "1", "keep_lowest": False},
     {"dice": 2, "sides": 20, "keep": 1}),
    ("notation wins over the fields", {"notation": " 4d6k3+2 ", "dice": "x", "sides": "", "keep_lowest": True},
     {"dice": 4, "sides": 6, "keep": 3, "modifier": 2}),
    ("notation in a dialect", {"notation": "4d6 ! fuerza", "dialect": "dicemaiden"},
     {"dice": 4, "sides": 6, "label": "fuerza", "dialect": "dicemaiden"}),
    ("notation and the difficulty field", {"notation": "1d20+5", "difficulty": " 15 ", "dialect": "roll20"},
     {"dice": 1, "sides": 20, "modifier": 5, "difficulty": 15}),
    ("notation vs and the same difficulty", {"notation": "1d20+5 vs 15", "difficulty": "15"},
     {"dice": 1, "sides": 20, "modifier": 5, "difficulty": 15}),
    ("notation vs and another difficulty", {"notation": "1d20+5 vs 15", "difficulty": "12"},
     ("error", "notation.two_difficulties", "notation")),
    ("several rolls ignore the difficulty field", {"notation": "1d20+5; 2d6", "difficulty": "nope"},
     {"rolls": [{"dice": 1, "sides": 20, "modifier": 5}, {"dice": 2, "sides": 6}]}),
    ("notation and a difficulty that is no number", {"notation": "1d20", "difficulty": "x"},
     ("error", "form.not_number", "difficulty")),
    ("notation refused", {"notation": "4d6kk"}, ("error", "notation.unreadable", "notation")),
    ("bands", {"dice": "2", "sides": "6", "bands": "<=6 Fallo\n7-9 Éxito parcial\n10+ Éxito"},
     {"dice": 2, "sides": 6, "bands": PBTA}),
    ("notation and bands", {"notation": "2d6+1", "bands": "≤6 Fallo / 7–9 Éxito parcial / ≥10 Éxito"},
     {"dice": 2, "sides": 6, "modifier": 1, "bands": PBTA}),
    ("bands with a gap", {"dice": "2", "sides": "6", "bands": "≤6 Fallo / 8+ Éxito"}, ("error", "bands.gap", "bands")),
    ("bands checked after the fields", {"dice": "x", "sides": "6", "bands": "≤6 Fallo / 8+ Éxito"},
     ("error", "form.not_number", "dice")),
    ("nothing typed", {}, ("error", "form.not_number", "dice")),
    ("sides empty", {"dice": "3"}, ("error", "form.not_number", "sides")),
    ("dice a word", {"dice": "tres", "sides": "6"}, ("error", "form.not_number", "dice")),
    ("keep 3.0", {"dice": "3", "sides": "6", "keep": "3.0"}, ("error", "form.not_number", "keep")),
    ("modifier 1_000", {"dice": "3", "sides": "6", "modifier": "1_000"}, ("error", "form.not_number", "modifier")),
    ("difficulty Arabic-Indic 3", {"dice": "3", "sides": "6", "difficulty": "\u0663"},
     ("error", "form.not_number", "difficulty")),
    ("modifier with a minus sign U+2212", {"dice": "3", "sides": "6", "modifier": "\u22123"},
     ("error", "form.not_number", "modifier")),
    ("modifier 3e2", {"dice": "3", "sides": "6", "modifier": "3e2"}, ("error", "form.not_number", "modifier")),
    ("modifier a lone sign", {"dice": "3", "sides": "6", "modifier": "-"}, ("error", "form.not_number", "modifier")),
    ("modifier two signs", {"dice": "3", "sides": "6", "modifier": "+-3"}, ("error", "form.not_number", "modifier")),
    ("odd whole numbers", {"dice": " 3 ", "sides": "+6", "keep": "003", "modifier": "-0", "difficulty": "\u00a012\u3000"},
     {"dice": 3, "sides": 6, "keep": 3, "modifier": 0, "difficulty": 12}),
    ("100 digits", {"dice": "9" * TYPED_DIGITS, "sides": "6"}, {"dice": int("9" * TYPED_DIGITS), "sides": 6}),
    ("101 digits", {"dice": "9" * (TYPED_DIGITS + 1), "sides": "6"}, ("error", "form.not_number", "dice")),
]

SIFRP = [
    ("plain", {"test_dice": "3", "difficulty_step": "9"}, {"test_dice": 3, "difficulty": 9}),
    ("custom difficulty", {"test_dice": "3", "difficulty_step": "custom", "difficulty": "13"},
     {"test_dice": 3, "difficulty": 13}),
    ("a step ignores the number field", {"test_dice": "3", "difficulty_step": "12", "difficulty": "x"},
     {"test_dice": 3, "difficulty": 12}),
    ("custom difficulty empty", {"test_dice": "3", "difficulty_step": "custom", "difficulty": ""},
     ("error", "form.not_number", "difficulty")),
    ("difficulty before the test dice", {"test_dice": "x", "difficulty_step": "custom", "difficulty": "y"},
     ("error", "form.not_number", "difficulty")),
    ("no step", {"test_dice": "3"}, ("error", "form.not_number", "difficulty_step")),
    ("bonus, penalty, modifier, destiny", {"test_dice": "4", "difficulty_step": "6", "bonus_dice": "2",
                                           "penalty_dice": " 1", "modifier": "-2", "destiny_bonus": True},
     {"test_dice": 4, "difficulty": 6, "bonus_dice": 2, "penalty_dice": 1, "modifier": -2, "destiny_bonus": True}),
    ("helpers", {"test_dice": "3", "difficulty_step": "9", "helpers": "2, 3;4", "allow_more_helpers": True,
                 "extra_time": "2"},
     {"test_dice": 3, "difficulty": 9, "helpers": [2, 3, 4], "allow_more_helpers": True, "extra_time": 2}),
    ("helpers with a word and Unicode spaces", {"test_dice": "3", "difficulty_step": "9", "helpers": " 2,\u00a03 ; x "},
     {"test_dice": 3, "difficulty": 9, "helpers": [2, 3, "x"]}),
    ("conflict drops the difficulty", {"test_dice": "3", "difficulty_step": "custom", "difficulty": "21",
                                       "passive_rank": "3", "weapon_damage": "2"},
     {"test_dice": 3, "passive_rank": 3, "weapon_damage": 2}),
    ("raw fields keep text for the engine", {"test_dice": "3", "difficulty_step": "9", "extra_time": " x ",
                                             "weapon_damage": "+2"},
     {"test_dice": 3, "difficulty": 9, "extra_time": "x", "weapon_damage": "+2"}),
    ("competition", {"test_dice": "3", "difficulty_step": "9", "name": " Sharla ", "rivals[0].name": " Gregor ",
                     "rivals[0].test_dice": "4", "rivals[0].modifier": "-1", "rivals[1].test_dice": "2",
                     "rivals[1].bonus_dice": "1", "rivals[1].name": "Tyrek", "rivals[2].name": "   "},
     {"test_dice": 3, "difficulty": 9, "rivals": [{"name": "Gregor", "test_dice": 4, "modifier": -1},
                                                  {"name": "Tyrek", "test_dice": 2, "bonus_dice": 1}],
      "name": "Sharla"}),
    ("a rival row without a name", {"test_dice": "3", "difficulty_step": "9", "rivals[1].penalty_dice": "1"},
     {"test_dice": 3, "difficulty": 9, "rivals": [{"penalty_dice": 1}], "name": ""}),
    ("a rival named by a number keeps it as text", {"test_dice": "3", "difficulty_step": "9", "rivals[2].name": " 5 ",
                                                    "rivals[2].test_dice": "2", "name": "Sharla"},
     {"test_dice": 3, "difficulty": 9, "rivals": [{"name": "5", "test_dice": 2}], "name": "Sharla"}),
    ("extended test", {"test_dice": "3", "difficulty_step": "9", "extended_goal": "5", "extended_count": "successes",
                       "extended_max": "", "extended_span": " 1 día "},
     {"test_dice": 3, "difficulty": 9, "extended_goal": 5, "extended_count": "successes", "extended_span": "1 día"}),
    ("extended test, every field", {"test_dice": "3", "difficulty_step": "9", "extended_goal": "5",
                                    "extended_count": "degrees", "extended_max": "12"},
     {"test_dice": 3, "difficulty": 9, "extended_goal": 5, "extended_count": "degrees", "extended_max": 12}),
    ("no goal: the other extended fields are left out", {"test_dice": "3", "difficulty_step": "9",
                                                         "extended_count": "degrees", "extended_max": "x"},
     {"test_dice": 3, "difficulty": 9}),
    ("extended maximum no number", {"test_dice": "3", "difficulty_step": "9", "extended_goal": "5",
                                    "extended_max": "1e1"}, ("error", "form.not_number", "extended_max")),
    ("extended goal no number", {"test_dice": "3", "difficulty_step": "9", "extended_goal": "cinco"},
     ("error", "form.not_number", "extended_goal")),
    ("test dice a word", {"test_dice": "tres", "difficulty_step": "9"}, ("error", "form.not_number", "test_dice")),
    ("test dice empty", {"test_dice": "  ", "difficulty_step": "9"}, ("error", "form.not_number", "test_dice")),
    ("bonus 1.5", {"test_dice": "3", "difficulty_step": "9", "bonus_dice": "1.5"},
     ("error", "form.not_number", "bonus_dice")),
    ("test dice 1_000", {"test_dice": "1_000", "difficulty_step": "9"}, ("error", "form.not_number", "test_dice")),
    ("test dice Arabic-Indic 3", {"test_dice": "\u0663", "difficulty_step": "9"},
     ("error", "form.not_number", "test_dice")),
    ("test dice 3.0", {"test_dice": "3.0", "difficulty_step": "9"}, ("error", "form.not_number", "test_dice")),
    ("odd whole numbers", {"test_dice": " +3 ", "difficulty_step": "9", "modifier": "-0", "penalty_dice": "\t02\n"},
     {"test_dice": 3, "difficulty": 9, "penalty_dice": 2, "modifier": 0}),
    ("a checkbox given as text is not ticked", {"test_dice": "3", "difficulty_step": "9", "destiny_bonus": "on"},
     {"test_dice": 3, "difficulty": 9}),
]

L5R = [
    ("the page's defaults", {"ring": "2", "skill": "1", "tn": "2", "assist_skilled": "0", "assist_unskilled": "0",
                             "stance": "", "void": False, "distinction": False},
     {"ring": 2, "skill": 1, "tn": 2, "assist_skilled": 0, "assist_unskilled": 0}),
    ("every box, a stance", {"ring": " 3 ", "skill": "+2", "tn": "4", "assist_skilled": "1", "assist_unskilled": "0",
                             "stance": "fire", "void": True, "compromised": True, "distinction": True,
                             "adversity": True, "passion": True, "anxiety": True},
     {"ring": 3, "skill": 2, "tn": 4, "assist_skilled": 1, "assist_unskilled": 0, "void": True, "compromised": True,
      "distinction": True, "adversity": True, "passion": True, "anxiety": True, "stance": "fire"}),
    ("ring a word", {"ring": "dos", "skill": "1", "tn": "2", "assist_skilled": "0", "assist_unskilled": "0"},
     ("error", "form.not_number", "ring")),
    ("helpers empty (required)", {"ring": "2", "skill": "1", "tn": "2", "assist_skilled": "", "assist_unskilled": "0"},
     ("error", "form.not_number", "assist_skilled")),
    ("TN 2.5", {"ring": "2", "skill": "1", "tn": "2.5", "assist_skilled": "0", "assist_unskilled": "0"},
     ("error", "form.not_number", "tn")),
    ("a range the engine refuses is read as typed", {"ring": "9", "skill": "-1", "tn": "0", "assist_skilled": "0",
                                                     "assist_unskilled": "0"},
     {"ring": 9, "skill": -1, "tn": 0, "assist_skilled": 0, "assist_unskilled": 0}),
]

OTHER = [
    ("an unknown system", "nope", {}, ("error", "form.no_reader", "system")),
]


def cases() -> list:
    """``[(name, system, values, expected)]``: every case above."""
    return ([(f"generic: {n}", "generic", v, e) for n, v, e in GENERIC]
            + [(f"sifrp: {n}", "sifrp", v, e) for n, v, e in SIFRP]
            + [(f"l5r5e: {n}", "l5r5e", v, e) for n, v, e in L5R]
            + list(OTHER))
