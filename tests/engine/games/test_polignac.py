"""Polignac: every test case of rules/polignac.md, the capot, the pack, the deal and the end."""

import random
from collections import Counter

import pytest

from engine.events import start_event
from engine.dealing import stack_deck
from engine.errors import IllegalMoveError, OptionError
from engine.record import start_state

# Test case 1's trick: seat 0 leads K♥, seat 1 J♥, seat 2 A♥, seat 3 (no hearts) 7♣.
HEARTS_TRICK = ["KH QH TH 9H 8H 7H AS KS".split(), "JH QS JS TS 9S 8S 7S AD".split(),
                "AH KD QD JD TD 9D 8D 7D".split(), "AC KC QC JC TC 9C 8C 7C".split()]
# Test case 2's trick: seat 0 leads J♠, seat 1 Q♠, seat 2 8♠, seat 3 (no spades) J♦.
SPADES_TRICK = ["JS 7S AH KH QH JH TH 9H".split(), "QS AS KS TS 9S 8H 7H AC".split(),
                "8S KC QC JC TC 9C 8C 7C".split(), "AD KD QD JD TD 9D 8D 7D".split()]
# Seat 0 holds the King and Queen of every suit: a capot he cannot lose.
SURE_CAPOT = ["KS QS KH QH KD QD KC QC".split(), "AS JS TS 9S AH JH TH 9H".split(),
              "8S 7S 8H 7H AD JD TD 9D".split(), "8D 7D AC JC TC 9C 8C 7C".split()]


def dealt(hands, options=None, dealer=3, game="polignac"):
    state = start_state(start_event(game, len(hands), options or {}, dealer))
    per_hand = len(hands[0])
    batches = {8: [3, 2, 3], 10: [3, 2, 3, 2], 6: [3, 3], 5: [3, 2]}[per_hand]
    state.apply_deal(stack_deck(hands, (dealer + 1) % len(hands), batches))
    return state


def play(state, *moves):
    for seat, move in moves:
        state.apply_move(seat, move)


def play_out(state, rng):
    deals = state.deals
    while state.awaiting == "move" and state.deals == deals:
        seat = state.to_move[0]
        state.apply_move(seat, rng.choice(state.legal_moves(seat)))


def test_case_1_king_beats_ace_and_the_winner_takes_the_jack():
    state = dealt(HEARTS_TRICK)
    play(state, (0, "KH"), (1, "JH"), (2, "AH"), (3, "7C"))
    assert state.tricks[-1][2] == 0
    assert state.view(2)["jack_penalties_taken"] == [1, 0, 0, 0]
    assert state.to_move == [0]


def test_case_2_queen_of_spades_takes_polignac_and_a_discarded_jack():
    state = dealt(SPADES_TRICK)
    play(state, (0, "JS"), (1, "QS"), (2, "8S"), (3, "JD"))
    assert state.tricks[-1][2] == 1
    assert state.view(0)["jack_penalties_taken"] == [0, 3, 0, 0]


def test_case_3_standard_rank_gives_the_trick_to_the_ace():
    state = dealt(HEARTS_TRICK, {"rank": "standard"})
    play(state, (0, "KH"), (1, "JH"), (2, "AH"), (3, "7C"))
    assert state.tricks[-1][2] == 2


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_case_4_penalties_of_a_deal_total_five(players):
    rng = random.Random(players)
    state = start_state(start_event("polignac", players, {}, 0))
    for _ in range(players):
        deck = state.full_pack()
        rng.shuffle(deck)
        state.apply_deal(deck)
        before = sum(state.scores)
        play_out(state, rng)
        assert sum(state.scores) - before == 5
        assert sum(state.history[-1]["penalties"]) == 5


def test_must_follow_suit_and_says_why():
    state = dealt(HEARTS_TRICK)
    play(state, (0, "KH"))
    assert state.legal_moves(1) == ["JH"]
    with pytest.raises(IllegalMoveError, match=r"^seat 1 cannot play QS: must follow suit \(hearts\)$"):
        state.apply_move(1, "QS")
    with pytest.raises(IllegalMoveError, match="cannot capot"):
        state.apply_move(1, "capot")


def test_eldest_leads_and_the_deal_passes_left():
    state = dealt(HEARTS_TRICK, dealer=1)
    assert state.to_move == [2]
    assert state.hands[2] == HEARTS_TRICK[2]
    assert state.next_dealer == 2


def test_short_pack_without_black_sevens_for_three_five_and_six():
    for players, each in ((3, 10), (5, 6), (6, 5)):
        state = start_state(start_event("polignac", players, {}, 0))
        assert len(state.full_pack()) == 30 and "7S" not in state.full_pack() and "7C" not in state.full_pack()
        deck = state.full_pack()
        state.apply_deal(deck)
        assert [len(hand) for hand in state.hands] == [each] * players
        assert Counter(state.card_places()["hands"]) == Counter(deck)
    four = start_state(start_event("polignac", 4, {}, 0))
    assert len(four.full_pack()) == 32


def test_deal_batches_three_two_three_from_the_dealers_left():
    state = start_state(start_event("polignac", 4, {}, 0))
    deck = state.full_pack()
    state.apply_deal(deck)
    assert state.hands[1] == deck[0:3] + deck[12:14] + deck[20:23]
    assert state.hands[0] == deck[9:12] + deck[18:20] + deck[29:32]


def test_a_made_capot_charges_every_other_player_five():
    state = dealt(SURE_CAPOT, {"capot": True})
    assert state.phase == "bidding" and state.legal_moves(0) == ["capot", "pass"]
    play(state, (0, "capot"))
    assert state.phase == "play" and state.capot_bidder == 0
    play_out(state, random.Random(1))
    assert state.scores == [0, 5, 5, 5]
    assert state.history[-1]["capot"] == 0


def test_a_failed_capot_charges_the_bidder_five_and_nobody_pays_for_jacks():
    state = dealt(HEARTS_TRICK, {"capot": True})
    play(state, (0, "pass"), (1, "capot"))
    play(state, (0, "KH"), (1, "JH"), (2, "AH"), (3, "7C"))
    assert state.scores == [0, 5, 0, 0]
    assert state.awaiting == "deal"
    assert state.history[-1]["bids"] == [[0, "pass"], [1, "capot"]]


def test_bidding_goes_round_once_and_capot_is_off_by_default():
    state = dealt(HEARTS_TRICK, {"capot": True})
    play(state, (0, "pass"), (1, "pass"), (2, "pass"), (3, "pass"))
    assert state.phase == "play" and state.to_move == [0]
    assert dealt(HEARTS_TRICK).phase == "play"
    with pytest.raises(IllegalMoveError, match="cannot capot"):
        dealt(HEARTS_TRICK).apply_move(0, "capot")


def test_fixed_deals_end_with_the_fewest_penalties_winning():
    rng = random.Random(7)
    state = start_state(start_event("polignac", 4, {"deals": 4}, 0))
    while state.awaiting is not None:
        deck = state.full_pack()
        rng.shuffle(deck)
        state.apply_deal(deck)
        play_out(state, rng)
    assert state.deals == 4 and state.over
    fewest = min(state.scores)
    assert state.winners == [seat for seat in range(4) if state.scores[seat] == fewest]
    assert state.summary()["winner"] == (state.winners[0] if len(state.winners) == 1 else None)


def test_threshold_end_stops_after_the_deal_that_reaches_it():
    rng = random.Random(3)
    state = start_state(start_event("polignac", 4, {"end": "threshold", "threshold": 4}, 0))
    while state.awaiting is not None:
        deck = state.full_pack()
        rng.shuffle(deck)
        state.apply_deal(deck)
        play_out(state, rng)
        assert state.over == (max(state.scores) >= 4)
    assert min(state.scores) == state.scores[state.winners[0]]


def test_deals_must_be_a_multiple_of_the_players():
    with pytest.raises(OptionError, match="multiple of the number of players"):
        start_state(start_event("polignac", 4, {"deals": 6}, 0))
    state = start_state(start_event("polignac", 5, {}, 0))
    assert state.opts["deals"] == 10


def test_views_show_only_the_own_hand():
    state = dealt(HEARTS_TRICK)
    view = state.view(1)
    assert view["hand"] == sorted(HEARTS_TRICK[1], key=view["hand"].index)
    assert set(view["hand"]) == set(HEARTS_TRICK[1])
    assert view["legal"] == [] and state.view(0)["legal"] == sorted(HEARTS_TRICK[0])
    assert "hands" not in view and view["hand_sizes"] == [8, 8, 8, 8]
