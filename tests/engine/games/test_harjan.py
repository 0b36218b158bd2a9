"""Harjan: the rules file's test cases on the known facts, and the Sixty-Six reconstruction it adopts."""

import random

import pytest

from engine.dealing import stack_deck
from engine.errors import IllegalMoveError
from engine.events import start_event
from engine.games.harjan import Harjan
from engine.record import start_state

# Dealer 1: seat 0 (the non-dealer) is dealt first and leads. Clubs are trumps (the turn-up 5♣).
HANDS = ["JC AH TH 2C 9D 3S".split(), "JS KH 4H AC 7D 8S".split()]
TURN_UP = "5C"


def new(options=None, dealer=1):
    return start_state(start_event("harjan", 2, options or {}, dealer))


def dealt(hands=HANDS, turn_up=TURN_UP, options=None, stock=None, scores=()):
    state = new(options)
    for seat, points in enumerate(scores):
        state.score(seat, points, "earlier deals")
    rest = stock if stock is not None else [card for card in state.full_pack()
                                            if card != turn_up and not any(card in hand for hand in hands)]
    state.apply_deal(stack_deck(hands, 0, [3, 3], rest=[turn_up] + rest))
    return state


def play(state, *moves):
    for seat, move in moves:
        state.apply_move(seat, move)


def winner_of(state, first, second):
    return state.trick_winner(((0, first), (1, second)))


def test_case_1_the_trump_jack_then_its_same_colour_jack_head_the_trumps():
    state = dealt()
    order = "JC JS AC TC KC QC 9C 8C 7C 6C 5C 4C 3C 2C".split()
    for higher, lower in zip(order, order[1:]):
        assert winner_of(state, lower, higher) == 1 and winner_of(state, higher, lower) == 0
    hearts = "AH TH KH QH JH 9H 8H 7H 6H 5H 4H 3H 2H".split()
    for higher, lower in zip(hearts, hearts[1:]):
        assert winner_of(state, lower, higher) == 1
    assert winner_of(state, "AS", "JS") == 1   # the J♠ is a trump, not a spade
    assert state.card_suit("JS") == "C" and state.card_suit("JD") == "D"


def test_case_2_the_two_top_jacks_count_12_the_others_2():
    state = dealt()
    assert [state.values[card] for card in ("JC", "JS", "JH", "JD")] == [12, 12, 2, 2]
    assert sum(state.values.get(card, 0) for card in state.full_pack()) == 140


def test_case_3_the_deal_six_each_in_threes_a_turn_up_and_39_more():
    state = new(dealer=0)
    deck = state.full_pack()
    random.Random(2).shuffle(deck)
    state.apply_deal(deck)
    assert state.hands[1] == deck[0:3] + deck[6:9] and state.hands[0] == deck[3:6] + deck[9:12]
    assert state.turn_up == deck[12] and state.trump == deck[12][1]
    assert state.stock == deck[13:] + [deck[12]] and len(deck[13:]) == 39
    assert sum(len(hand) for hand in state.hands) + len(state.stock) == 52 and state.to_move == [1]


def test_the_stock_is_hidden_but_the_turn_up_under_it_is_seen():
    state = dealt()
    for seat in (0, 1):
        assert set(state.stock[:-1]) <= state.hidden_from(seat) and TURN_UP not in state.hidden_from(seat)
        view = state.view(seat)
        assert view["stock_size"] == 40 and [None, TURN_UP] in view["table"]


def test_play_is_free_while_the_stock_lasts():
    state = dealt()
    play(state, (0, "AH"))
    assert sorted(state.legal_moves(1)) == sorted(HANDS[1])


def test_the_winner_draws_first_and_the_turn_up_comes_last():
    state = dealt()
    stock = list(state.stock)
    play(state, (0, "AH"), (1, "4H"))
    assert state.hands[0][-1] == stock[0] and state.hands[1][-1] == stock[1]
    state.stock = state.stock[-2:]   # the last face-down card and the turn-up
    play(state, (0, "TH"), (1, "KH"))
    assert state.hands[1][-1] == TURN_UP and not state.stock and state.strict()


def strict_deal(hands, turn_up=TURN_UP, options=None):
    """A deal whose stock has just run out (drawn by nobody: the hands are as given)."""
    state = dealt(hands, turn_up, options)
    state.stock = []
    return state


def test_once_the_stock_is_gone_you_must_follow_and_win_if_you_can():
    state = strict_deal(["9H AD TD 2C 9D 3S".split(), "KH 4H AC 7D 8S QH".split()])
    play(state, (0, "9H"))
    assert sorted(state.legal_moves(1)) == ["KH", "QH"]
    with pytest.raises(IllegalMoveError, match="must follow suit"):
        state.apply_move(1, "4H")
    play(state, (1, "QH"))
    play(state, (1, "7D"))
    assert sorted(state.legal_moves(0)) == ["9D", "AD", "TD"]   # all diamonds beat the 7


def test_once_the_stock_is_gone_you_must_trump_if_you_cannot_follow():
    state = strict_deal(["9H AD TD 2C 9D 3S".split(), "JS KS 4S AC 7C 8S".split()])
    play(state, (0, "9H"))
    assert sorted(state.legal_moves(1)) == ["7C", "AC", "JS"]   # the J♠ is a trump here
    with pytest.raises(IllegalMoveError, match="must trump"):
        state.apply_move(1, "KS")


def test_the_holder_of_the_two_of_trumps_may_exchange_it_for_the_turn_up():
    state = dealt()
    assert "exchange" in state.legal_moves(0)
    play(state, (0, "exchange"))
    assert TURN_UP in state.hands[0] and "2C" not in state.hands[0] and state.stock[-1] == "2C"
    assert state.to_move == [0] and "exchange" not in state.legal_moves(0)
    view = state.view(1)
    assert view["exchanged"] == "2C" and [0, TURN_UP] in view["table"] and [None, "2C"] in view["table"]
    assert TURN_UP not in state.hidden_from(1)
    assert "exchange" not in dealt(options={"exchange": False}).legal_moves(0)
    with pytest.raises(IllegalMoveError, match="do not hold the 2 of trumps"):
        dealt(["JC AH TH 3C 9D 3S".split(), "JS KH 4H AC 7D 2C".split()]).apply_move(0, "exchange")


def test_closing_stops_the_draw_and_the_strict_rules_apply_at_once():
    state = dealt(options={"closing": True})
    assert "close" in state.legal_moves(0) and "close" not in dealt().legal_moves(0)
    play(state, (0, "close"))
    assert state.strict() and state.view(1)["stock_closed"] and state.to_move == [0]
    play(state, (0, "AH"))
    assert sorted(state.legal_moves(1)) == ["4H", "KH"]   # hearts, none of them above the Ace
    play(state, (1, "KH"))
    assert len(state.hands[0]) == 5 and len(state.stock) == 40


def played_out(state, rng):
    while state.awaiting == "move" and state.deals == 1:
        seat = state.to_move[0]
        state.apply_move(seat, rng.choice(state.legal_moves(seat)))
    return state.history[-1]


def test_a_played_out_deal_shares_150_and_76_wins_it():
    for seed in range(12):
        state = new()
        deck = state.full_pack()
        random.Random(seed).shuffle(deck)
        state.apply_deal(deck)
        facts = played_out(state, random.Random(seed))
        points = facts["card_points"]
        assert sum(points) == 150 and len(facts["tricks"]) == 26
        winner = facts["deal_winner"]
        if winner is None:
            assert points == [75, 75] and state.scores == [0, 0]
            continue
        loser = 1 - winner
        expected = 3 if not facts["tricks_won"][loser] else 2 if points[loser] < 50 else 1
        assert points[winner] >= 76 and facts["game_points"] == expected == state.scores[winner]


def test_game_points_by_how_the_loser_fared():
    assert Harjan.game_points([100, 50], [10, 3], 0) == (1, "won the deal")
    assert Harjan.game_points([101, 49], [10, 3], 0) == (2, "the loser took under 50")
    assert Harjan.game_points([0, 150], [0, 26], 1) == (3, "the loser took no trick")


def test_a_closer_who_falls_short_gives_two_game_points_or_three():
    for seed in range(30):
        state = new({"closing": True})
        deck = state.full_pack()
        random.Random(seed).shuffle(deck)
        state.apply_deal(deck)
        closer = state.to_move[0]
        state.apply_move(closer, "close")
        facts = played_out(state, random.Random(seed))
        in_tricks = sum(state.values.get(card, 0) for trick in facts["tricks"] for _, card in trick["cards"])
        assert sum(facts["card_points"]) == in_tricks and len(facts["tricks"]) == 6   # no draws, no last-trick bonus
        if facts["card_points"][closer] < 76:
            assert facts["deal_winner"] == 1 - closer and facts["game_points"] == 3   # no trick before closing
            break
    else:
        pytest.fail("no closer fell short")


def test_a_closer_who_had_a_trick_taken_from_him_before_closing_gives_two():
    state = dealt(options={"closing": True})
    play(state, (0, "9D"), (1, "7D"), (0, "3S"), (1, "8S"), (1, "close"))
    assert state.tricks_at_close() == 1 and state.closed_after == 2
    facts = played_out(state, random.Random(3))
    assert facts["card_points"][1] < 76
    assert facts["deal_winner"] == 0 and facts["game_points"] == 2 and state.scores == [2, 0]


def test_seven_game_points_win():
    state = dealt(scores=(6, 0))
    rng = random.Random(1)
    facts = played_out(state, rng)
    if facts["deal_winner"] == 0:
        assert state.over and state.winner == 0
    else:
        assert not state.over and state.awaiting == "deal"
    game = new()
    rng = random.Random(7)
    while game.awaiting is not None:
        deck = game.full_pack()
        rng.shuffle(deck)
        game.apply_deal(deck)
        while game.awaiting == "move":
            seat = game.to_move[0]
            game.apply_move(seat, rng.choice(game.legal_moves(seat)))
        assert game.over == (max(game.scores) >= 7)
    assert game.scores[game.winner] >= 7 > game.scores[1 - game.winner]


def test_the_lobby_and_the_view_say_it_is_a_reconstruction():
    assert "reconstruction" in Harjan.blurb.lower()
    assert len(dealt().view(0)["assumed"]) >= 5
