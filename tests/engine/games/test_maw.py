"""Maw: every test case of rules/maw.md, and robbing, the choice after three tricks and the pool."""

import random

import pytest

from engine.bench import random_game
from engine.dealing import stack_deck
from engine.errors import IllegalMoveError
from engine.events import start_event
from engine.games.maw import maw_playable, plain_order, strengths, trump_order
from engine.record import replay, start_state
from engine.robots import make_robot
from engine.robots.knowledge import read_knowledge
from tests.engine.robots.robot_playouts import random_position as random_position_of
from engine.robots.profile import profile_for
from engine.robots.worlds import Worlds, carried_keys


def ranked(trump, cards):
    """`cards` from the strongest to the weakest as tricks rank them (trumps above plain cards)."""
    table = strengths(trump)
    return sorted(cards, key=lambda card: (card == "AH" or card[1] == trump, table[card]), reverse=True)


def test_case_1_clubs_trumps_run_from_the_five_to_the_ten():
    order = ["5C", "JC", "AH", "AC", "KC", "QC", "2C", "3C", "4C", "6C", "7C", "8C", "9C", "TC"]
    assert trump_order("C") == order
    assert ranked("C", order[::-1]) == order


def test_case_2_diamonds_trumps_run_down_and_plain_hearts_lack_their_ace():
    order = ["5D", "JD", "AH", "AD", "KD", "QD", "TD", "9D", "8D", "7D", "6D", "4D", "3D", "2D"]
    assert trump_order("D") == order
    assert ranked("D", order[::-1]) == order
    assert plain_order("H") == ["KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"]


def test_plain_suits_red_ace_lowest_black_ace_below_the_jack():
    assert plain_order("D")[-1] == "AD"
    assert plain_order("S") == ["KS", "QS", "JS", "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"]
    assert len(trump_order("H")) == 13 and len(trump_order("S")) == 14


def test_case_3_the_jack_of_trumps_reneges_to_a_lower_trump_but_not_to_the_five():
    hand = ["JH", "KS", "4C"]
    assert sorted(maw_playable(hand, "QH", "H", "seed")) == sorted(hand)
    assert maw_playable(hand, "5H", "H", "seed") == ["JH"]


def test_reneging_covers_the_ace_of_hearts_and_a_void_in_the_suit_led():
    assert sorted(maw_playable(["AH", "2S", "3D"], "KC", "S", "seed")) == ["2S", "AH"]   # holding a plain trump: trump
    assert sorted(maw_playable(["AH", "3D"], "KC", "S", "seed")) == ["3D", "AH"]      # only the exempt Ace: free
    assert maw_playable(["AH", "3D"], "JS", "S", "seed") == ["AH"]                    # the Jack led calls it out
    assert sorted(maw_playable(["5S", "3D"], "JS", "S", "seed")) == ["3D", "5S"]       # the Five is above the Jack


def test_case_4_void_in_the_suit_led_the_seed_makes_you_trump():
    assert maw_playable(["7H", "KC"], "9S", "H", "seed") == ["7H"]


def test_the_spoil_five_rule_lets_you_trump_instead_of_following():
    assert sorted(maw_playable(["7H", "KS", "KC"], "9S", "H", "spoil_five")) == ["7H", "KS"]
    assert maw_playable(["7H", "KS", "KC"], "9S", "H", "seed") == ["KS"]


# Four players, dealer 3: seat 0 is eldest. Clubs trumps (the turn-up 9C).
HANDS = [
    "5C JC AH KS 2D".split(),
    "QS 3S 4D 8H AC".split(),
    "TS 9S 6D 7H 2H".split(),
    "KD QD JD TD 3H".split(),
]
TURN_UP = "9C"


def dealt(options=None, hands=HANDS, turn_up=TURN_UP, dealer=3, players=4):
    state = start_state(start_event("maw", players, options or {}, dealer))
    rest = [card for card in state.full_pack() if card != turn_up and not any(card in hand for hand in hands)]
    state.apply_deal(stack_deck(hands, (dealer + 1) % players, [2, 3], rest=[turn_up] + rest))
    return state


def play(state, *cards):
    for card in cards:
        state.apply_move(state.to_move[0], card)


def test_five_cards_each_two_then_three_every_player_antes_and_the_ace_holder_may_rob():
    state = dealt()
    assert state.hands == HANDS and state.turn_up == "9C" and state.trump == "C"
    assert state.ledger.pot == 4 and state.scores == [-1, -1, -1, -1]
    assert state.phase == "rob" and state.to_move == [1]
    assert state.view(0)["pool"] == 4 and state.view(0)["table"] == [[None, "9C"]]
    assert "9C" not in state.hidden_from(0) and "8H" in state.hidden_from(0)


def test_robbing_takes_the_turn_up_for_a_card_laid_face_down():
    state = dealt()
    state.apply_move(1, "8H")
    assert "9C" in state.hands[1] and "8H" not in state.hands[1] and "8H" in state.stock
    assert state.phase == "play" and state.to_move == [0]
    assert "8H" in state.hidden_from(0) and "8H" not in state.hidden_from(1)
    assert state.view(1)["my_discard"] == "8H" and state.view(0)["my_discard"] is None
    assert state.view(2)["table"] == [[1, "9C"]] and state.view(2)["robbed_by"] == 1


def test_the_dealer_robs_a_turned_ace_and_robbing_can_be_declined_or_switched_off():
    hands = [HANDS[0], ["QS", "3S", "4D", "8H", "9C"], HANDS[2], HANDS[3]]
    state = dealt(hands=hands, turn_up="AC")
    assert state.to_move == [3]
    state.apply_move(3, "pass")
    assert state.phase == "play" and state.view(0)["table"] == [[None, "AC"]]
    assert dealt({"robbing": False}).phase == "play"
    with pytest.raises(IllegalMoveError, match="not in their hand"):
        dealt().apply_move(1, "5C")


def test_case_5_a_jink_that_loses_the_fourth_trick_matches_the_pool_which_carries_over():
    state = dealt({"robbing": False})
    play(state, "5C", "AC", "TS", "KD")            # seat 0 wins with the Five
    play(state, "JC", "QS", "9S", "QD")            # the Jack of trumps calls for a trump: seat 1 has none left
    play(state, "AH", "3S", "6D", "JD")
    assert state.phase == "choice" and state.to_move == [0] and sorted(state.legal_moves(0)) == ["claim", "jink"]
    state.apply_move(0, "jink")
    play(state, "2D", "4D", "2H", "TD")            # seat 3's 10 of diamonds wins
    assert state.phase == "deal"
    assert state.ledger.pot == 8 and state.scores == [-5, -1, -1, -1]
    assert state.history[-1]["how"] == "jink_lost" and state.history[-1]["winner"] is None
    state.apply_deal(state.full_pack())
    assert state.ledger.pot == 12                  # the pool carries over and everyone antes again


def test_claiming_after_three_tricks_takes_the_pool():
    state = dealt({"robbing": False})
    play(state, "5C", "AC", "TS", "KD", "JC", "QS", "9S", "QD", "AH", "3S", "6D", "JD")
    state.apply_move(0, "claim")
    assert state.scores == [3, -1, -1, -1] and state.ledger.pot == 0 and state.history[-1]["how"] == "three_tricks"


def test_a_jink_that_takes_all_five_wins_the_pool_and_a_stake_from_each():
    hands = [["5C", "JC", "AH", "KC", "QC"]] + HANDS[1:]
    state = dealt({"robbing": False}, hands=hands)
    play(state, "5C", "AC", "TS", "KD", "JC", "QS", "9S", "QD", "AH", "3S", "6D", "JD")
    state.apply_move(0, "jink")
    play(state, "KC", "4D", "2H", "TD", "QC", "8H", "7H", "3H")
    assert state.scores == [6, -2, -2, -2] and state.ledger.pot == 0 and state.history[-1]["how"] == "jink_won"


def test_a_third_trick_won_later_takes_the_pool_at_once():
    state = dealt({"robbing": False})
    play(state, "KS", "QS", "TS", "3H")            # spades: seat 0's King wins
    play(state, "2D", "4D", "6D", "KD")            # seat 3
    play(state, "JD", "5C", "AC", "7H")            # seat 0 may renege but trumps with the Five; seat 1 must trump
    play(state, "JC", "3S", "9S", "QD")            # seat 0's third trick
    assert state.phase == "deal" and state.scores == [3, -1, -1, -1]
    assert state.history[-1]["tricks_won"] == [3, 0, 0, 1]


def test_a_spoiled_deal_stops_once_nobody_can_reach_three_and_the_pool_carries_over():
    state = dealt({"robbing": False}, players=6, dealer=5, hands=[
        "KS 2S 3D 4H 5H".split(), "QS 6D KD 8H 9H".split(), "JS 8D 9D TH JH".split(),
        "TS TD KH QH 6H".split(), "9S 2D 3H 7H 2H".split(), "8S 4S 5S 6S 7S".split()])
    for lead in (["KS", "QS", "JS", "TS", "9S", "8S"], ["3D", "6D", "8D", "TD", "2D", "4S"],
                 ["6H", "7H", "5S", "5H", "9H", "JH"]):
        play(state, *lead)
    assert state.phase == "play"
    play(state, "9D", "QH", "3H", "6S", "2S", "KD")
    assert [trick[2] for trick in state.tricks] == [0, 3, 2, 1]
    assert state.phase == "deal" and state.history[-1]["how"] == "spoiled" and state.ledger.pot == 6


def test_the_pool_left_at_the_end_is_shared_the_odd_counters_from_the_dealers_left():
    state = replay(random_game("maw", random.Random(5), players=3))
    assert state.over and state.deals == 6 and state.ledger.pot == 0 and sum(state.scores) == 0
    assert set(state.result().seats) == {seat for seat in range(3) if state.scores[seat] == max(state.scores)}


def test_an_illegal_card_names_the_obligation():
    state = dealt({"robbing": False})
    play(state, "KS")
    with pytest.raises(IllegalMoveError, match="must follow suit"):
        state.apply_move(1, "4D")


# The robots' hook -----------------------------------------------------------------


def random_position(seed, players, options=None):
    """A state at a random move of a random game's first deals, and the seat to move."""
    return random_position_of("maw", players, options, seed, range(0, 30))


@pytest.mark.parametrize("seed", range(16))
def test_the_robots_never_rule_out_the_real_deal_and_rebuild_the_seats_view(seed):
    players = (2, 3, 4, 6)[seed % 4]
    state, seat = random_position(seed, players, {"follow": "spoil_five"} if seed % 3 == 0 else {})
    view = state.view(seat)
    profile = profile_for("maw", view["options"])
    knowledge = read_knowledge(view, profile)
    for holder, barred in knowledge.excluded.items():
        actual = state.stock if holder == "stock" else state.hands[holder]
        assert not set(actual) & barred, holder
    rebuilt = Worlds(view, knowledge, random.Random(seed)).guess().view(seat)
    for key in ("hand", "trick", "tricks", "trump", "turn_up", "robbed_by", "scores", "pool", "legal", "to_move",
                "phase", "jinker"):
        assert rebuilt[key] == view[key] or key in carried_keys(view), key   # earlier deals' scores are not guessed


def test_a_player_who_reneges_is_not_thought_void_in_the_top_trumps():
    profile = profile_for("maw", {"robbing": True, "follow": "seed", "deals": 8})
    profile.trump = "H"
    pack = start_state(start_event("maw", 4, {}, 0)).full_pack()
    ruled_out = profile.ruled_out(pack, "QH", "KS")        # a trump led, a spade played
    assert "JH" not in ruled_out and "5H" not in ruled_out and "AH" not in ruled_out and "2H" in ruled_out
    assert "JH" in profile.ruled_out(pack, "5H", "KS")     # the Five led calls the Jack out
    assert profile.ruled_out(pack, "9S", "7H") == {card for card in pack if card[1] == "S"}


def test_a_robot_robs_with_its_weakest_card_and_jinks_only_on_a_sure_thing():
    state = dealt()
    assert make_robot("simple", "maw").choose(state.view(1)) == "4D"    # only 3♦ 2♦ A♦ below it; 3♠ beats 4♠ to 10♠
    state = dealt({"robbing": False})
    play(state, "5C", "AC", "TS", "KD", "JC", "QS", "9S", "QD", "AH", "3S", "6D", "JD")
    assert make_robot("strong", "maw", seed=1).choose(state.view(0)) == "claim"
    state = dealt({"robbing": False}, hands=[["5C", "JC", "AH", "KC", "QC"]] + HANDS[1:])
    play(state, "5C", "AC", "TS", "KD", "JC", "QS", "9S", "QD", "AH", "3S", "6D", "JD")
    assert make_robot("simple", "maw").choose(state.view(0)) == "jink"


@pytest.mark.parametrize("level, players", [("simple", 4), ("strong", 4), ("strong", 2), ("simple", 10)])
def test_robots_play_a_deal_from_their_views(level, players):
    state = start_state(start_event("maw", players, {}, 0))
    deck = state.full_pack()
    random.Random(players).shuffle(deck)
    state.apply_deal(deck)
    robots = [make_robot(level, "maw", seed=seat) for seat in range(players)]
    while state.awaiting == "move":
        seat = state.to_move[0]
        move = robots[seat].choose(state.view(seat))
        assert move in state.legal_moves(seat)
        state.apply_move(seat, move)
    assert state.deals == 1 and state.history and sum(state.scores) + state.ledger.pot == 0
