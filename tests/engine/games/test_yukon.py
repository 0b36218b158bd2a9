"""Yukon: every test case of rules/yukon.md, the stock and its draws, the packs, the options and the end."""

import random

import pytest

from engine.dealing import stack_deck
from engine.errors import IllegalMoveError, OptionError
from engine.events import start_event
from engine.games.yukon import CARD_POINTS
from engine.record import start_state

# Four players, dealer 3: seat 0 leads. Seat 1 ("P2") has no heart but the J♥.
HANDS = ["AH 7D JD 4S 5C".split(), "JH 3C 2C 9S 8S".split(),
         "KH JS 6C 4D 2S".split(), "QH KD AD 5S 6S".split()]


def new(players=4, options=None, dealer=3):
    return start_state(start_event("yukon", players, options or {}, dealer))


def dealt(hands=HANDS, options=None, dealer=3, scores=()):
    state = new(len(hands), options, dealer)
    for owner, points in enumerate(scores):
        state.score(owner, points, "earlier deals")
    first = (dealer + 1) % len(hands)
    rest = [card for card in state.full_pack() if not any(card in hand for hand in hands)]
    state.apply_deal(stack_deck(hands, first, [1] * 5, rest=rest))
    return state


def play(state, *moves):
    for seat, card in moves:
        state.apply_move(seat, card)


def test_case_1_who_cannot_follow_a_plain_suit_must_play_a_yukon():
    state = dealt()
    play(state, (0, "AH"))
    assert state.legal_moves(1) == ["JH"]
    with pytest.raises(IllegalMoveError, match="must play a Yukon"):
        state.apply_move(1, "3C")
    play(state, (1, "JH"), (2, "KH"), (3, "QH"))
    assert state.tricks[-1][2] == 1
    with_grand = dealt()
    play(with_grand, (0, "AH"), (1, "JH"))
    assert with_grand.legal_moves(2) == ["KH"]   # a heart to follow: the Grand Yukon may not be played


def test_case_1_the_grand_yukon_takes_the_yukon_that_was_first():
    hands = ["AH 7D JD 4S 5C".split(), "JH 3C 2C 9S 8S".split(), "JS 6C 4D 2S 3S".split(), "QH KD AD 5S 6S".split()]
    state = dealt(hands)
    play(state, (0, "AH"), (1, "JH"), (2, "JS"), (3, "QH"))
    assert state.tricks[-1][2] == 2


def test_case_2_the_first_yukon_played_wins():
    hands = ["7D AH JD 4S 5C".split(), "JC 3C 5H 9S 8S".split(), "JH JS 6C 2S 3S".split(), "KD QH AD 5S 6S".split()]
    state = dealt(hands)
    play(state, (0, "7D"), (1, "JC"), (2, "JH"), (3, "KD"))
    assert state.tricks[-1][2] == 1


def test_case_3_the_grand_yukon_wins_and_takes_thirty_points():
    hands = ["JD AH 7D 4C 5C".split(), "4S 3C 5H 9S 8S".split(), "JS JH 6C 2S 3S".split(), "AD QH KD 5S 6S".split()]
    state = dealt(hands)
    play(state, (0, "JD"), (1, "4S"), (2, "JS"), (3, "AD"))
    assert state.tricks[-1][2] == 2
    assert state.card_points() == [30, 0]   # seats 0 and 2 are partners
    assert state.view(1)["card_points"] == [30, 0]


def test_case_4_the_pack_holds_125_card_points():
    assert sum(CARD_POINTS.get(card, 0) for card in new().full_pack()) == 125
    assert sum(CARD_POINTS.get(card, 0) for card in new(3, dealer=0).full_pack()) == 125


def test_case_5_the_winner_draws_first_then_the_others_to_the_left():
    state = dealt()
    stock = list(state.stock)
    play(state, (0, "AH"), (1, "JH"), (2, "KH"), (3, "QH"))
    assert state.tricks[-1][2] == 1
    assert [state.hands[seat][-1] for seat in (1, 2, 3, 0)] == stock[:4]
    assert state.stock == stock[4:] and all(len(hand) == 5 for hand in state.hands)
    assert state.drawing_order(2) == [2, 3, 0, 1]


def test_the_deal_five_each_one_at_a_time_and_the_stock():
    state = new(2, dealer=0)
    deck = state.full_pack()
    random.Random(1).shuffle(deck)
    state.apply_deal(deck)
    assert state.hands[1] == deck[0:10:2] and state.hands[0] == deck[1:10:2]
    assert state.stock == deck[10:] and len(state.stock) == 42 and state.to_move == [1]
    assert state.view(0)["stock_size"] == 42 and not set(state.stock) & set(str(state.view(0)).split("'"))
    assert set(state.stock) <= state.hidden_from(0) and set(state.stock) <= state.hidden_from(1)
    assert state.card_places()["stock"] == deck[10:]


@pytest.mark.parametrize(("players", "stock", "tricks"), [(2, 42, 26), (3, 36, 17), (4, 32, 13)])
def test_the_stock_divides_evenly_and_the_hands_are_played_out(players, stock, tricks):
    rng = random.Random(players)
    state = new(players, dealer=0)
    deck = state.full_pack()
    rng.shuffle(deck)
    state.apply_deal(deck)
    assert len(state.stock) == stock
    while state.deals == 1 and state.awaiting == "move":
        seat = state.to_move[0]
        assert len(state.hands[seat]) == 5 or not state.stock
        state.apply_move(seat, rng.choice(state.legal_moves(seat)))
    facts = state.history[0]
    assert len(facts["tricks"]) == tricks and sum(facts["card_points"]) == 125


def test_three_players_play_51_cards_without_the_two_of_clubs():
    pack = new(3, dealer=0).full_pack()
    assert len(pack) == 51 and "2C" not in pack
    assert new(3, dealer=0).sides is None


def test_a_plain_lead_is_followed_by_a_card_of_its_suit_never_a_jack():
    hands = ["7D AH 4C 4S 5C".split(), "JD 3D 5H 9S 8S".split(), "JH JS 6C 2S 3S".split(), "KD QH AD 5S 6S".split()]
    state = dealt(hands)
    play(state, (0, "7D"))
    assert state.legal_moves(1) == ["3D"]
    with pytest.raises(IllegalMoveError, match="must follow suit"):
        state.apply_move(1, "JD")


def test_a_yukon_lead_calls_for_yukons_by_default():
    hands = ["JD AH 4C 4S 5C".split(), "JC 3D 5H 9S 8S".split(), "AD JH 6C 2S 3S".split(), "KD QH 7D 5S 6S".split()]
    state = dealt(hands)
    play(state, (0, "JD"))
    assert state.legal_moves(1) == ["JC"]
    play(state, (1, "JC"))
    assert state.legal_moves(2) == ["JH"]
    play(state, (2, "JH"))
    assert sorted(state.legal_moves(3)) == sorted(hands[3])   # no Yukon: any card
    play(state, (3, "KD"))
    assert state.tricks[-1][2] == 0


def test_a_yukon_lead_calls_for_its_printed_suit_with_the_option():
    hands = ["JD AH 4C 4S 5C".split(), "JC 3D 5H 9S 8S".split(), "AD JH 6C 2S 3S".split(), "KC QH 7C 5S 6S".split()]
    state = dealt(hands, {"yukon_lead": "printed_suit"})
    play(state, (0, "JD"))
    assert state.legal_moves(1) == ["3D"]
    play(state, (1, "3D"))
    assert state.legal_moves(2) == ["AD"]
    play(state, (2, "AD"))
    assert state.legal_moves(3) == sorted(hands[3], key=hands[3].index)   # neither a diamond nor a Yukon
    play(state, (3, "KC"))
    assert state.tricks[-1][2] == 0   # the led Yukon beats the Ace of its printed suit


def test_four_play_in_partnerships_by_default_or_each_alone():
    assert new().seats.sides == (0, 1, 0, 1)
    assert new(4, {"partnerships": False}).seats.sides == (0, 1, 2, 3)
    assert new(2, dealer=0).seats.sides == (0, 1)
    with pytest.raises(OptionError):
        new(3, {"partnerships": True}, dealer=0)


def test_points_are_totalled_at_the_end_of_the_deal():
    rng = random.Random(5)
    state = new(2, dealer=0)
    deck = state.full_pack()
    rng.shuffle(deck)
    state.apply_deal(deck)
    for _ in range(6):
        seat = state.to_move[0]
        state.apply_move(seat, rng.choice(state.legal_moves(seat)))
    taken = sum(CARD_POINTS.get(card, 0) for _, cards, _ in state.tricks for _, card in cards)
    assert taken and sum(state.card_points()) == taken and state.scores == [0, 0]


def finish_deal(state, rng):
    while state.awaiting == "move":
        seat = state.to_move[0]
        state.apply_move(seat, rng.choice(state.legal_moves(seat)))


def test_the_first_to_250_wins_and_the_highest_wins_when_several_reach_it():
    rng = random.Random(3)
    state = new(2, dealer=0)
    while state.awaiting is not None:
        deck = state.full_pack()
        rng.shuffle(deck)
        state.apply_deal(deck)
        finish_deal(state, rng)
        best = max(state.scores)
        assert state.over == (best >= 250 and state.scores.count(best) == 1)
    assert state.winner == state.scores.index(max(state.scores))


def test_a_tie_at_the_top_above_250_plays_another_deal():
    rng = random.Random(4)
    state = new(2, dealer=0)
    deck = state.full_pack()
    rng.shuffle(deck)
    state.apply_deal(deck)
    finish_deal(state, rng)
    points = state.history[-1]["card_points"]
    tied = new(2, dealer=0)
    tied.score(0, 250 - points[0], "earlier deals")
    tied.score(1, 250 - points[1], "earlier deals")
    tied.apply_deal(deck)
    for _, cards, _ in state.tricks:
        for seat, card in cards:
            tied.apply_move(seat, card)
    assert tied.scores == [250, 250] and not tied.over and tied.awaiting == "deal"


def test_nobody_draws_when_the_stock_cannot_give_everyone_a_card():
    from engine.dealing import draw_in_turn
    stock, hands = ["AS", "KS"], [[], [], []]
    assert not draw_in_turn(stock, hands, [2, 0, 1])
    assert stock == ["AS", "KS"] and hands == [[], [], []]
    assert draw_in_turn(stock, hands, [2, 0]) and hands == [["KS"], [], ["AS"]] and stock == []
