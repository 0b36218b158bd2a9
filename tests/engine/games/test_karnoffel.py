"""Karnöffel: every test case of rules/karnoffel.md, the deal, free play and the scoring."""

import random

import pytest

from engine.bench import random_game
from engine.dealing import stack_deck
from engine.errors import IllegalMoveError
from engine.events import start_event
from engine.games.karnoffel import karnoffel_power, lowest_face_up
from engine.record import replay, start_state
from engine.robots import make_robot
from engine.robots.knowledge import read_knowledge
from tests.engine.robots.robot_playouts import random_position as random_position_of
from engine.robots.profile import profile_for
from engine.robots.worlds import Worlds, carried_keys

# Dealer 3, so seat 0 is eldest and receives the first card of each round.
HANDS = [
    "4C KS QD 9C 7S".split(),
    "2D 9H 8D 5S TC".split(),
    "2S JH 6H KC QC".split(),
    "QH 7H 3H 4D 9D".split(),
]
# Seat 0 holds the Karnöffel (J♦) instead of 7♠: side 0 can take all five tricks.
KARNOFFEL_HANDS = [["4C", "KS", "QD", "9C", "JD"]] + HANDS[1:]


def dealt(options=None, hands=HANDS):
    state = start_state(start_event("karnoffel", 4, options or {}, 3))
    rest = [card for card in state.full_pack() if not any(card in hand for hand in hands)]
    state.apply_deal(stack_deck(hands, 0, [1] * 5, rest=rest))
    return state


def winner(state, *cards):
    """The seat that wins a trick of `cards`, led by seat 0."""
    return state.trick_winner(tuple((seat, card) for seat, card in enumerate(cards)))


@pytest.fixture
def hearts():
    state = dealt()
    state.trump = "H"
    return state


def test_case_1_the_king_of_the_suit_led_beats_the_three_of_trumps(hearts):
    assert winner(hearts, "9C", "3H", "KC", "TC") == 2


def test_case_2_the_three_of_trumps_beats_the_queen_of_the_suit_led(hearts):
    assert winner(hearts, "9C", "3H", "QC", "TC") == 1


def test_case_3_the_devil_led_wins_unless_the_karnoffel_falls(hearts):
    assert winner(hearts, "7H", "6H", "2H", "KC") == 0
    assert winner(hearts, "7H", "6H", "JH", "KC") == 2


def test_case_4_a_devil_not_led_is_powerless_or_a_seven_of_the_suit_led(hearts):
    assert winner(hearts, "KS", "7H", "4S", "3C") == 0
    assert karnoffel_power("7H", "S", "H", led=False) is None
    seven = dealt({"non_led_devil": "as_seven_of_led_suit"})
    seven.trump = "H"
    assert winner(seven, "KS", "7H", "4S", "3C") == 0
    assert winner(seven, "6S", "7H", "4S", "3C") == 1
    assert winner(seven, "5S", "7H", "7S", "3C") == 1    # two 7s: the first played wins


def test_case_5_trump_king_not_led_is_plain_unless_minor_trumps_beat_plain(hearts):
    assert winner(hearts, "5D", "KH", "4D", "3C") == 0
    minor = dealt({"minor_trumps_beat_plain": True})
    minor.trump = "H"
    assert winner(minor, "5D", "KH", "4D", "3C") == 1
    assert winner(minor, "5D", "KH", "QD", "8H") == 2   # still below the Queen of the suit led
    assert winner(minor, "5D", "8H", "TD", "3C") == 1


def test_case_6_the_lowest_face_up_card_chooses_trumps_first_dealt_of_equals():
    assert lowest_face_up(["4C", "2D", "2S", "QH"]) == 1
    state = dealt()
    assert state.face_up == [[0, "4C"], [1, "2D"], [2, "2S"], [3, "QH"]]
    assert state.trump == "D"
    assert state.view(2)["chosen_by"] == [1, "2D"]


def test_the_full_order_when_trumps_are_led_matches_w2():
    order = ["JH", "7H", "6H", "2H", "KH", "3H", "QH", "4H", "5H", "TH", "9H", "8H"]
    powers = [karnoffel_power(card, "H", "H", led=card == "7H") for card in order]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers)
    assert karnoffel_power("7H", "H", "H", led=False) is None


def test_off_suit_plain_cards_and_the_jack_of_a_plain_suit_led():
    assert karnoffel_power("KS", "C", "H", led=False) is None
    assert karnoffel_power("JC", "C", "H", led=True) == 45
    assert karnoffel_power("5H", "C", "H", led=False) == 40
    assert karnoffel_power("JC", "C", "H", led=True) > karnoffel_power("5H", "C", "H", led=False)


def test_five_cards_each_the_face_up_round_first_and_28_set_aside():
    state = dealt()
    assert state.hands == HANDS
    assert len(state.set_aside) == 28 and state.to_move == [0]
    assert state.hidden_from(1) >= set(state.set_aside)
    assert "4C" not in state.hidden_from(1) and "KS" in state.hidden_from(1)


def test_there_is_no_obligation_to_follow():
    state = dealt()
    state.apply_move(0, "KS")
    assert sorted(state.legal_moves(1)) == sorted(HANDS[1])


def test_the_devil_may_not_lead_to_the_first_trick_with_the_option():
    hands = [HANDS[1], HANDS[0], HANDS[2], HANDS[3]]    # seat 0's face-up 2D makes diamonds trumps
    hands[0] = ["2D", "7D", "8S", "5S", "TC"]
    hands[1] = ["4C", "KS", "QD", "9C", "7S"]
    state = dealt({"devil_cannot_lead_first_trick": True}, hands)
    assert state.trump == "D" and "7D" not in state.legal_moves(0)
    with pytest.raises(IllegalMoveError, match="Devil"):
        state.apply_move(0, "7D")
    assert "7D" in dealt({}, hands).legal_moves(0)


def play_tricks(state, tricks):
    for trick in tricks:
        for card in trick:
            seat = state.to_move[0]
            state.apply_move(seat, card)


FIVE_TRICKS = [["KS", "5S", "2S", "3H"], ["JD", "2D", "6H", "7H"], ["9C", "TC", "QC", "4D"],
               ["JH", "9D", "QD", "9H"], ["KC", "QH", "4C", "8D"]]


def test_three_tricks_win_the_hand_and_the_deal_stops_once_settled():
    state = dealt(hands=KARNOFFEL_HANDS)          # diamonds trumps, from seat 1's face-up 2D
    play_tricks(state, FIVE_TRICKS[:3])
    assert state.scores == [1, 0] and state.awaiting == "deal"
    entry = state.history[-1]
    assert entry["tricks_won"] == [3, 0] and entry["side"] == 0 and len(entry["tricks"]) == 3
    assert [trick["winner"] for trick in entry["tricks"]] == [0, 0, 2]


def test_five_tricks_count_double_with_the_option():
    state = dealt({"five_tricks_counts_double": True}, KARNOFFEL_HANDS)
    play_tricks(state, FIVE_TRICKS[:3])
    assert state.awaiting == "move" and state.tricks_won() == [3, 0]
    play_tricks(state, FIVE_TRICKS[3:])
    assert state.tricks_won() == [5, 0] and state.scores == [2, 0]
    assert state.history[-1]["hands_won"] == 2


def test_with_five_tricks_counting_double_the_deal_stops_once_the_five_are_lost():
    state = dealt({"five_tricks_counts_double": True}, KARNOFFEL_HANDS)
    play_tricks(state, FIVE_TRICKS[:3] + [["JH", "QH", "QD", "9H"]])
    assert state.awaiting == "deal" and state.scores == [1, 0] and state.history[-1]["tricks_won"] == [3, 1]


def test_a_random_game_ends_at_twelve_hands():
    state = replay(random_game("karnoffel", random.Random(3)))
    assert state.over and max(state.scores) == 12 and state.winner == state.scores.index(12)
    assert state.result().seats in ((0, 2), (1, 3))


# The robots' hook -----------------------------------------------------------------


def random_position(seed, options=None):
    """A state at a random move of a random game's first deals, and the seat to move."""
    return random_position_of("karnoffel", 4, options, seed, range(1, 40))


@pytest.mark.parametrize("seed", range(12))
def test_the_robots_never_rule_out_the_real_deal_and_rebuild_the_seats_view(seed):
    state, seat = random_position(seed, {"minor_trumps_beat_plain": bool(seed % 2)})
    view = state.view(seat)
    profile = profile_for("karnoffel", view["options"])
    knowledge = read_knowledge(view, profile)
    for holder, barred in knowledge.excluded.items():
        actual = state.set_aside if holder == "set_aside" else state.hands[holder]
        assert not set(actual) & barred
    rebuilt = Worlds(view, knowledge, random.Random(seed)).guess().view(seat)
    for key in ("hand", "trick", "tricks", "face_up", "trump", "scores", "legal", "to_move"):
        assert rebuilt[key] == view[key] or key in carried_keys(view), key   # earlier deals' scores are not guessed


def test_the_robots_weigh_the_devil_by_whether_it_was_led():
    profile = profile_for("karnoffel", start_state(start_event("karnoffel", 4, {}, 0)).opts)
    profile.trump = "H"
    assert profile.power("7H", "7H") > profile.power("6H", "7H") > profile.power("KC", "9C")
    assert profile.power("7H", "KS") == -1 and profile.power("KH", "5D") == -1


@pytest.mark.parametrize("level", ["simple", "strong"])
def test_robots_play_a_deal_from_their_views(level):
    state = dealt()
    robots = [make_robot(level, "karnoffel", seed=seat) for seat in range(4)]
    while state.awaiting == "move":
        seat = state.to_move[0]
        move = robots[seat].choose(state.view(seat))
        assert move in state.legal_moves(seat)
        state.apply_move(seat, move)
    assert state.deals == 1 and sum(state.scores) >= 1
