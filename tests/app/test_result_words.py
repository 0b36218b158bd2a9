"""Who won, in words: one player, a side by its players, a shared first place, nobody."""

from engine import find_game

from app.words.result_words import result_answer, result_words

NAMES = {0: "Ann", 1: "Bob", 2: "Cy", 3: "Di"}


def test_the_winners_are_named_by_their_players():
    alone = find_game("one_and_thirty").seating(3, {})
    sides = find_game("quinto").seating(4, {})
    three_handed = find_game("quinto").seating(3, {})    # Ann's side is Ann and her dummy
    assert result_words(alone, NAMES, [1]) == "Bob won"
    assert result_words(alone, NAMES, [0, 2]) == "Ann and Cy shared first place"
    assert result_words(alone, NAMES, [0, 1, 2]) == "Ann, Bob and Cy shared first place"
    assert result_words(alone, NAMES, []) == "nobody won"
    assert result_words(sides, NAMES, [1]) == "Bob and Di won"
    assert result_words(sides, NAMES, [0, 1]) == "the sides of Ann and Cy and of Bob and Di shared first place"
    assert result_words(three_handed, NAMES, [0]) == "Ann won"
    assert result_answer(sides, NAMES, [1]) == {"winners": ["Bob", "Di"], "words": "Bob and Di won"}
    assert result_answer(alone, NAMES, []) == {"winners": [], "words": "nobody won"}
