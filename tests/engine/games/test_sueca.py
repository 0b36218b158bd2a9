"""Sueca: every test case of rules/sueca.md, and the deal, play and views."""

import pytest

from engine.events import deal_event, move_event, start_event
from engine.dealing import stack_deck
from engine.errors import IllegalMoveError
from engine.record import replay, start_state

SPADES, CLUBS, DIAMONDS = ("7S 6S 5S 4S 3S 2S JS QS AC 7C".split(),
                           "AS KC JC QC 6C 5C 4C 3C 2C AD".split(),
                           "KS 7D KD JD QD 6D 5D 4D 3D 2D".split())
HEARTS = "2H AH 7H KH JH QH 6H 5H 4H 3H".split()
POINT_RANKS = "A7KJQ"


def dealt(hands, dealer=3, options=None):
    """A Sueca state after a deal that gives exactly `hands`."""
    state = start_state(start_event("sueca", 4, options or {}, dealer))
    step = -1 if (options or {}).get("direction") == "ccw" else 1
    state.apply_deal(stack_deck(hands, (dealer + step) % 4, [1] * 10, step))
    return state


def standard():
    return dealt([SPADES, CLUBS, DIAMONDS, HEARTS])


def finish_deal(state, side0_cards):
    """End the deal as if seat 0 won tricks of `side0_cards` and seat 1 the rest."""
    rest = [card for card in state.full_pack() if card not in side0_cards]
    state.hands = [[] for _ in range(4)]
    state.tricks = [
        (winner, tuple((seat, card) for seat, card in zip(range(4), cards[i:i + 4])), winner)
        for winner, cards in ((0, list(side0_cards)), (1, rest))
        for i in range(0, len(cards), 4)
    ]
    state.score_deal()


def cards(text):
    return text.split()


def test_the_dealers_last_card_sets_trumps_and_stays_in_his_hand():
    state = standard()
    assert state.trump == "H" and state.turn_up == "3H"
    assert "3H" in state.hands[3]
    assert state.to_move == [0]
    assert state.view(1)["turn_up"] == "3H"


def test_case_1_trump_wins_and_card_points():
    state = standard()
    for seat, card in ((0, "7S"), (1, "AS"), (2, "KS")):
        state.apply_move(seat, card)
    assert state.legal_moves(3) == state.hands[3]  # void in spades, no obligation to trump
    state.apply_move(3, "2H")
    assert state.tricks[-1][2] == 3
    assert state.card_points() == [0, 25]
    assert state.to_move == [3]


def test_case_2_rank_order():
    state = standard()
    assert state.trick_winner(((0, "KC"), (1, "7C"), (2, "2C"), (3, "6S"))) == 1
    assert state.trick_winner(((0, "QC"), (1, "JC"), (2, "2C"), (3, "6S"))) == 1
    assert state.trick_winner(((0, "7C"), (1, "AC"), (2, "2C"), (3, "6S"))) == 1


def test_must_follow_suit_but_need_not_trump():
    state = standard()
    state.apply_move(0, "AC")
    with pytest.raises(IllegalMoveError, match=r"^seat 1 cannot play AS: must follow suit \(clubs\)$"):
        state.apply_move(1, "AS")
    state.apply_move(1, "KC")
    assert state.legal_moves(2) == DIAMONDS  # no clubs: anything, trumps not forced (none held anyway)


@pytest.mark.parametrize("side0, expected", [
    ("AS AC AD AH 7S 7C 6S 6C", [1, 0]),                       # 64-56
    ("AS AC AD AH 7S 7C 7D 7H KS KC JS 6S", [2, 0]),            # 95-25
])
def test_case_3_single_and_capote(side0, expected):
    state = standard()
    finish_deal(state, cards(side0))
    assert state.scores == expected
    assert state.awaiting == "deal" and state.dealer == 3


def test_case_3_all_points_but_not_every_trick_is_capote():
    state = standard()
    zeros = [card for card in state.full_pack() if card[0] not in POINT_RANKS]
    point_cards = [card for card in state.full_pack() if card[0] in POINT_RANKS]
    finish_deal(state, point_cards + zeros[:16])
    assert state.history[-1]["card_points"] == [120, 0]
    assert state.history[-1]["tricks_won"] == [9, 1]
    assert state.scores == [2, 0]


@pytest.mark.parametrize("option, expected, over", [(3, [3, 0], False), (4, [4, 0], True)])
def test_case_3_every_trick(option, expected, over):
    state = dealt([SPADES, CLUBS, DIAMONDS, HEARTS], options={"all_tricks": option})
    finish_deal(state, state.full_pack())
    assert state.scores == expected
    assert state.over is over


def test_case_4_a_tie_doubles_the_next_decided_deal():
    state = standard()
    tie = cards("AS AC AD AH 7S KS QS 6S")
    finish_deal(state, tie)
    assert state.scores == [0, 0] and state.multiplier == 2
    finish_deal(state, cards("AS AC AD AH 7S 7C KS QS"))  # 70-50, doubled
    assert state.scores == [2, 0] and state.multiplier == 1


def test_case_4_two_ties_make_four():
    state = standard()
    tie = cards("AS AC AD AH 7S KS QS 6S")
    finish_deal(state, tie)
    finish_deal(state, tie)
    assert state.multiplier == 4
    finish_deal(state, cards("AS AC AD AH 7S 7C KS QS"))
    assert state.scores == [4, 0]
    assert state.history[-1]["game_points"] == 4


def test_case_5_four_game_points_win():
    state = standard()
    state.ledger.add(0, 0, 3, "earlier deals")
    finish_deal(state, cards("AS AC AD AH 7S KS JS 6S"))  # 61
    assert state.scores == [4, 0]
    assert state.over and state.winner == 0 and state.awaiting is None
    assert state.summary()["winner"] == 0


def test_the_deal_passes_to_the_left_and_eldest_leads():
    state = standard()
    finish_deal(state, cards("AS AC AD AH 7S 7C 6S 6C"))
    state.apply_deal(state.full_pack())
    assert state.dealer == 0 and state.to_move == [1]
    assert state.hands[1][0] == state.full_pack()[0]
    assert state.turn_up == state.full_pack()[-1] and state.turn_up in state.hands[0]


def test_counter_clockwise_deals_and_plays_to_the_right():
    state = dealt([SPADES, CLUBS, DIAMONDS, HEARTS], dealer=3, options={"direction": "ccw"})
    assert state.hands == [SPADES, CLUBS, DIAMONDS, HEARTS]      # one at a time, to the right from seat 2
    assert state.to_move == [2]
    state.apply_move(2, "KS")
    assert state.to_move == [1]
    finish_deal(state, cards("AS AC AD AH 7S 7C 6S 6C"))
    state.apply_deal(state.full_pack())
    assert state.dealer == 2 and state.to_move == [1]
    assert state.hands[1][0] == state.full_pack()[0]


def test_einwerfen_pack_deals_eight_in_fours_and_counts_120():
    state = start_state(start_event("sueca", 4, {"pack": "einwerfen32"}, 0))
    deck = state.full_pack()
    assert len(deck) == 32 and "7S" in deck and "2S" not in deck
    assert sum(state.values.values()) == 120
    state.apply_deal(deck)
    assert state.hands[1] == deck[0:4] + deck[16:20]
    assert state.turn_up == deck[-1] and state.trump == deck[-1][1]
    assert state.trick_winner(((1, "TS"), (2, "JS"), (3, "9S"), (0, "7S"))) == 2


def test_views_hide_the_other_hands_but_show_the_turn_up():
    state = standard()
    for seat in range(4):
        view = state.view(seat)
        assert view["hand"] and set(view["hand"]) == set(state.hands[seat])
        shown = repr(view)
        for card in state.hidden_from(seat):
            assert f"'{card}'" not in shown
    assert state.view(0)["legal"] and state.view(1)["legal"] == []


def test_a_full_record_replays():
    state = standard()
    events = [start_event("sueca", 4, None, 3),
              deal_event(stack_deck([SPADES, CLUBS, DIAMONDS, HEARTS], 0, [1] * 10))]
    while state.awaiting == "move":
        seat = state.to_move[0]
        move = sorted(state.legal_moves(seat))[0]
        state.apply_move(seat, move)
        events.append(move_event(seat, move))
    assert replay(events).summary() == state.summary()
    assert sum(state.history[-1]["card_points"]) == 120
