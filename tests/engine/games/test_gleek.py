"""Gleek: every test case of rules/gleek.md, and each stage of a deal with its payments."""

import random

import pytest

from engine.bench import next_random_event
from engine.dealing import stack_deck
from engine.errors import IllegalMoveError, NotationError
from engine.events import start_event
from engine.games.gleek import (
    deal_count, has_mournival_of_aces, ruff_of, ruff_winner, set_payment, sets_in,
)
from engine.record import start_state

# Dealer 2, so seat 0 is eldest and seat 1 the next hand.
HANDS = [
    "KS KC KD JS JC JD JH AS 9S 4S TD 9D".split(),     # K K K and J J J J; spades 44
    "AH KH QH TH 9H 8H QS QC QD 8S 7S 6S".split(),     # hearts 58
    "AC TC 9C 8C AD 8D 7D 6D 7H 6H TS 5S".split(),
]
TURN_UP = "4C"                                     # Tiddy: clubs are trumps
STOCK = "7C 6C 5C 5D 4D 5H 4H".split()
DISCARDS = "8S 7S 6S 5D 4D 5H 4H".split()          # seat 1 keeps his four Queens and the clubs he bought


def dealt(options=None, hands=HANDS, turn_up=TURN_UP, stock=STOCK, dealer=2):
    state = start_state(start_event("gleek", 3, options or {}, dealer))
    state.apply_deal(stack_deck(hands, (dealer + 1) % 3, [4, 4, 4], rest=[turn_up, *stock]))
    return state


def moves(state, *pairs):
    for seat, move in pairs:
        state.apply_move(seat, move)
    return state


def bought(options=None, **kwargs):
    """Seat 1 buys the stock at 13 (test case 2) and lays out DISCARDS."""
    state = moves(dealt(options, **kwargs), (1, "bid 13"), (2, "pass"), (0, "pass"))
    for card in DISCARDS:
        state.apply_move(1, card)
    return state


def payments(state, reason_part):
    return [(entry["from"], entry["to"], entry["points"]) for entry in state.ledger.payments
            if reason_part in entry["reason"]]


def finish_deal(state):
    """Play the deal on with the first legal move, always."""
    deal = state.deals
    while state.awaiting == "move" and state.deals == deal:
        seat = state.to_move[0]
        state.apply_move(seat, sorted(state.legal_moves(seat))[0])
    return state


def test_the_pack_is_dealt_in_fours_with_the_turn_up_on_the_stock():
    state = dealt()
    assert len(state.full_pack()) == 44 and not {"2S", "3H"} & set(state.full_pack())
    assert state.hands == HANDS
    assert state.turn_up == "4C" and state.trump == "C" and state.stock == STOCK
    assert state.phase == "auction" and state.to_move == [1]


def test_tiddy_turned_up_earns_the_dealer_4_from_each_opponent():
    state = dealt()
    assert payments(state, "Tiddy turned up") == [(0, 2, 4), (1, 2, 4)]
    assert state.scores == [96, 96, 108]
    assert dealt(turn_up="7C", stock=["4C", *STOCK[1:]]).scores == [100, 100, 100]


@pytest.mark.parametrize(("turned", "paid"), [("5C", False), ("6C", False)])
def test_towser_and_tumbler_turned_up_are_paid_only_with_their_option(turned, paid):
    stock = ["4C" if card == turned else card for card in STOCK]
    assert not payments(dealt(turn_up=turned, stock=stock), "turned up")
    each = int(turned[0])
    state = dealt({"tumbler_towser": True}, turn_up=turned, stock=stock)
    assert [entry[2] for entry in payments(state, "turned up")] == [each, each]


def test_case_1_ruff_valuation():
    assert ruff_of("AS KS 9S 4S QH JH TH".split()) == (34, "S")
    assert ruff_of(HANDS[0]) == (44, "S") and ruff_of(HANDS[1]) == (58, "H")


def test_case_2_the_auction_and_the_odd_penny_to_the_pot():
    state = dealt()
    assert state.calls == [[0, "bid 12"]]       # eldest may not pass: his opening is made for him
    assert state.legal_moves(1) == ["pass"] + [f"bid {n}" for n in range(13, 23)]
    moves(state, (1, "bid 13"), (2, "pass"), (0, "pass"))
    assert state.buyer == 1
    assert payments(state, "stock") == [(1, 0, 6), (1, 2, 6), (1, None, 1)]
    assert state.ledger.pot == 1 and state.scores == [102, 83, 114]


@pytest.mark.parametrize(("odd_penny", "payee"), [("eldest", 0), ("last_out", 0)])
def test_the_odd_penny_may_go_to_eldest_or_the_last_to_drop_out(odd_penny, payee):
    state = moves(dealt({"odd_penny": odd_penny}), (1, "bid 13"), (2, "pass"), (0, "pass"))
    assert payments(state, "odd counter") == [(1, payee, 1)]
    state = moves(dealt({"odd_penny": "last_out"}), (1, "pass"), (2, "bid 15"), (0, "pass"))
    assert payments(state, "odd counter") == [(2, 0, 1)]


def test_eldest_wins_the_stock_at_the_opening_bid_when_both_others_pass():
    state = moves(dealt(), (1, "pass"), (2, "pass"))
    assert state.buyer == 0 and payments(state, "stock") == [(0, 1, 6), (0, 2, 6)]


def test_a_bid_must_exceed_the_last_and_a_pass_is_final():
    state = moves(dealt(), (1, "bid 14"))
    with pytest.raises(IllegalMoveError, match="allows only pass or bid 15 to 24"):
        state.apply_move(2, "bid 14")
    moves(state, (2, "pass"), (0, "bid 15"))
    assert state.to_move == [1]                 # seat 2 has dropped out
    moves(state, (1, "pass"))
    assert state.buyer == 0 and state.high_bid == 15


def test_the_buyer_takes_the_stock_then_lays_out_seven_face_down():
    state = moves(dealt(), (1, "bid 13"), (2, "pass"), (0, "pass"))
    assert state.phase == "discard" and len(state.hands[1]) == 19 and not state.stock
    with pytest.raises(IllegalMoveError, match="cannot discard AS: it is not in their hand"):
        state.apply_move(1, "AS")
    for card in DISCARDS:
        state.apply_move(1, card)
    assert state.phase == "ruff" and len(state.hands[1]) == 12
    assert set(DISCARDS) <= state.hidden_from(0) and not set(DISCARDS) & state.hidden_from(1)
    assert state.view(1)["discards"] == DISCARDS and state.view(0)["discards"] is None


def test_willughby_order_lays_out_before_the_stock_is_seen():
    state = moves(dealt({"exchange_order": "discard_then_take"}), (1, "bid 13"), (2, "pass"), (0, "pass"))
    assert len(state.hands[1]) == 12 and set(STOCK) <= state.hidden_from(1)
    for card in "8S 7S 6S QS QC QD 8H".split():
        state.apply_move(1, card)
    assert state.phase == "ruff" and len(state.hands[1]) == 12 and set(STOCK) <= set(state.hands[1])


def test_the_stock_is_hidden_from_everyone_until_it_is_bought():
    state = dealt()
    for seat in range(3):
        assert set(STOCK) <= state.hidden_from(seat)
        assert not set(STOCK) & set(str(state.view(seat)).split("'"))


def test_case_3_sets_are_paid_by_each_opponent():
    assert sets_in(HANDS[0]) == [("K", 3), ("J", 4)]
    assert sum(set_payment(rank, size) for rank, size in sets_in(HANDS[0])) == 5
    state = moves(bought(), (0, "pass"), (1, "pass"), (2, "pass"))
    assert payments(state, "gleek of Kings") == [(1, 0, 3), (2, 0, 3)]
    assert payments(state, "mournival of Jacks") == [(1, 0, 2), (2, 0, 2)]
    assert payments(state, "mournival of Queens") == [(0, 1, 4), (2, 1, 4)]
    assert state.phase == "play" and state.to_move == [0]


def test_only_the_best_set_is_paid_with_best_only():
    state = moves(bought({"sets_paid": "best_only"}), (0, "pass"), (1, "pass"), (2, "pass"))
    # seat 1's mournival of Queens outranks seat 0's mournival of Jacks: seat 0 is paid for none of his sets
    assert [entry["set"] for entry in state.sets] == ["a mournival of Queens"]
    assert not payments(state, "Jacks") and not payments(state, "Kings")


def test_when_nobody_vies_nothing_is_paid_and_the_next_stake_doubles_once():
    state = moves(bought(), (0, "pass"), (1, "pass"), (2, "pass"))
    assert not payments(state, "ruff") and state.ruff_doubled and state.ruff_stake == 4
    finish_deal(state)
    state.apply_deal(stack_deck(HANDS, 1, [4, 4, 4], rest=[TURN_UP, *STOCK]))   # dealer 0 now
    assert state.ruff_stake == 4
    moves(state, (2, "pass"), (0, "pass"))      # the buyer is seat 1, eldest
    for card in sorted(state.hands[1])[:7]:
        state.apply_move(1, card)
    assert state.legal_moves(1) == ["pass", "vie 4"]   # not 8: the doubling happens once


def test_a_check_then_an_open_lets_the_checkers_back_in_and_folders_owe_their_level():
    state = moves(bought(), (0, "pass"), (1, "pass"))
    counters = list(state.scores)
    assert state.legal_moves(2) == ["pass", "vie 2"]
    moves(state, (2, "vie 2"))
    assert state.to_move == [0] and state.legal_moves(0) == ["pass", "see 2", "raise 4"]
    moves(state, (0, "raise 4"), (1, "see 4"))
    assert state.to_move == [2] and state.legal_moves(2) == ["pass", "see 4", "raise 6"]
    moves(state, (2, "pass"))
    # showdown: seat 1's hearts (58) beat seat 0's spades (44); seat 2 folded at 4 having put up 2
    assert state.ruff_result == {"winner": 1, "how": "showdown", "mournival": False}
    assert payments(state, "the stakes") == [(None, 1, 10)]
    assert payments(state, "folded at 4") == [(2, 1, 2)]
    assert state.scores[0] == counters[0] - 4 + 2 * (3 + 2) - 4   # his stake, his sets, seat 1's mournival
    assert not state.ruff_doubled


def test_two_folds_leave_the_ruff_uncontested():
    state = moves(bought(), (0, "vie 2"), (1, "pass"), (2, "pass"))
    assert state.ruff_result["winner"] == 0 and state.ruff_result["how"] == "uncontested"
    assert payments(state, "folded") == [(1, 0, 2), (2, 0, 2)]
    assert state.view(1)["ruff_result"] == {"winner": 0, "how": "uncontested", "mournival": False}


def test_case_5_a_mournival_of_aces_beats_a_41_point_ruff():
    aces = "AS AC AD AH 4S 5S 6S 4C 5C 6C 4D 5D".split()
    ruff_41 = "AH KH QH JH 4S 5S 6S 4C 5C 6C 4D 5D".split()
    ruff_41[0] = "TH"
    hearts = "AH KH QH JH".split()
    assert ruff_of(hearts) == (41, "H") and ruff_of(ruff_41) == (40, "H")
    strong = "KH QH JH 7H 4S 5S 6S 4C 5C 6C 4D 5D".split()
    assert ruff_of(strong + ["TH"])[0] > 41
    assert has_mournival_of_aces(aces) and ruff_winner([strong + ["TH"], aces], [0, 1]) == 1
    assert ruff_winner([strong + ["TH"], ruff_41], [1, 0]) == 0


def test_equal_ruffs_go_to_the_elder_hand():
    one = "AS KS 4H 5H".split()
    other = "AC KC 4D 5D".split()
    assert ruff_winner([one, other, one], [2, 0, 1]) == 2


def test_burton_ante_and_a_chip_from_each_who_vies():
    state = bought({"vying": "burton"})
    assert payments(state, "an ante") == [(0, None, 1), (1, None, 1), (2, None, 1)]
    moves(state, (0, "vie 1"), (1, "vie 1"), (2, "pass"))
    assert payments(state, "antes and vies") == [(None, 1, 5)]
    state = moves(bought({"vying": "burton"}), (0, "pass"), (1, "pass"), (2, "pass"))
    assert state.ruff_pool == 3 and state.ledger.pot == 4   # the antes wait for the next ruff


def test_tiddy_played_earns_2_from_each_opponent():
    state = bought(turn_up="7C", stock=["4C", *STOCK[1:]])
    assert "4C" in state.hands[1]
    moves(state, (0, "pass"), (1, "pass"), (2, "pass"))
    state.trick, state.turn, state.leader = [], 1, 1
    state.apply_move(1, "4C")
    assert payments(state, "Tiddy played") == [(0, 1, 2), (2, 1, 2)]
    assert [seat_card[:2] for seat_card in state.view(0)["honours_played"]] == [[1, "4C"]]


def test_must_play_highest_leaves_one_card_of_the_suit_led():
    state = moves(bought({"must_play_highest": True}), (0, "pass"), (1, "pass"), (2, "pass"))
    state.apply_move(0, "4S")
    assert state.legal_moves(1) == ["QS"]
    with pytest.raises(IllegalMoveError):
        state.apply_move(1, "QC")
    free = moves(bought(), (0, "pass"), (1, "pass"), (2, "pass"), (0, "4S"))
    assert free.legal_moves(1) == ["QS"]       # his only spade either way
    free.apply_move(1, "QS")
    assert sorted(free.legal_moves(2)) == ["5S", "TS"]


def synthetic_tricks(winners, played):
    """Twelve tricks won as `winners` says, with `played` (seat -> trump honours) in them."""
    tricks, fillers = [], iter("5S 6S 7S 8S 9S TS 5H 6H 7H 8H 9H TH 5D 6D 7D 8D 9D TD 4S 4H 4D AS AH AD "
                               "KS KH KD QS QH QD JS JH JD 9C 8C 7C".split())
    honours = [(seat, card) for seat, cards in played.items() for card in cards]
    for number, winner in enumerate(winners):
        cards = [(seat, next(fillers)) for seat in range(3)]
        if number < len(honours):
            seat, card = honours[number]
            cards[seat] = (seat, card)
        tricks.append((0, tuple(cards), winner))
    return tricks


def test_case_4_settlement_against_22():
    winners = [0] * 5 + [1] * 4 + [2] * 3
    played = {0: ["AC"], 1: ["JC"], 2: ["KC", "QC"]}
    tricks = synthetic_tricks(winners, played)
    assert deal_count(tricks, "C", 2, "7C", "played") == [30, 21, 15]
    state = moves(bought(turn_up="7C", stock=["4C", *STOCK[1:]]), (0, "pass"), (1, "pass"), (2, "pass"))
    pot = state.ledger.pot
    state.tricks = tricks
    state.settle_deal()
    assert payments(state, "over 22") == [(None, 0, 8)]
    assert payments(state, "short of 22") == [(1, None, 1), (2, None, 7)]
    assert state.ledger.pot == pot
    assert state.history[-1]["counts"] == [30, 21, 15]


def test_honours_may_count_for_the_winner_of_their_trick_and_the_turn_up_for_the_dealer():
    tricks = synthetic_tricks([0] * 5 + [1] * 4 + [2] * 3, {0: ["AC"], 1: ["JC"], 2: ["KC", "QC"]})
    # the trick with seat 2's King was won by seat 0, the one with his Queen by seat 0 too
    assert deal_count(tricks, "C", 2, "7C", "won_in_tricks") == [15 + 15 + 9 + 3 + 3, 12, 9]
    assert deal_count(tricks, "C", 2, "JC", "played")[2] == 15 + 9


def played_at_random(seed, options):
    """A game of Gleek with `options`, every deal shuffled and every move chosen at random."""
    rng = random.Random(seed)
    state = start_state(start_event("gleek", 3, options, 0))
    while state.awaiting is not None:
        next_random_event(state, rng)
    return state


def test_a_game_is_its_rounds_of_three_deals_and_ranks_by_counters():
    for seed in range(20):
        state = played_at_random(seed, {"rounds": 1})
        assert state.over and state.ledger.pot == 0 and sum(state.scores) == 300
        assert state.deals == 3 or state.history[-1]["ended_by"] == "a player could not pay"
        assert set(state.result().seats) == {seat for seat in range(3) if state.scores[seat] == max(state.scores)}
    assert start_state(start_event("gleek", 3, {"rounds": 3}, 0)).deals_in_game == 9


def test_a_session_is_six_deals_by_default():
    """Rules file, 9: "A session is an agreed number of deals, a multiple of 3 (default 6)"."""
    assert start_state(start_event("gleek", 3, {}, 0)).deals_in_game == 6
    for seed in range(6):
        state = played_at_random(seed, {"counters": 10000})
        assert state.over and state.deals == 6


def test_a_player_who_cannot_pay_ends_the_game_after_the_deal():
    state = dealt({"counters": 20})
    assert state.scores == [16, 16, 28]
    assert state.legal_moves(1)[-1] == "bid 16"   # no more than he holds
    moves(state, (1, "bid 16"), (2, "pass"), (0, "pass"))
    assert state.scores[1] == 0
    finish_deal(state)
    assert state.over and state.deals == 1 and sum(state.scores) == 60
    assert list(state.result().seats) == [seat for seat in range(3) if state.scores[seat] == max(state.scores)]


def test_the_finished_deal_shows_the_discards_and_the_ruffs():
    state = moves(bought(), (0, "vie 2"), (1, "see 2"), (2, "pass"))
    finish_deal(state)
    last = state.history[-1]
    assert last["discards"] == DISCARDS and last["buyer"] == 1 and last["bid"] == 13
    assert last["ruff_values"] == {"0": [44, "S"], "1": [58, "H"]}
    assert not set(DISCARDS) & state.hidden_from(0)


def test_moves_read_in_any_case_and_spacing():
    state = dealt()
    assert state.parse_move(1, " BID  13 ") == "bid 13" and state.parse_move(1, "Pass") == "pass"
    assert state.parse_move(1, "10s") == "TS"
    with pytest.raises(NotationError):
        state.parse_move(1, "bid thirteen")


# What the table says: buttons for what they do, hints of the stage in play, what the hand holds -----------


def test_the_buttons_say_what_the_moves_do():
    state = dealt()
    assert state.action_words(1, "bid 13") == "Bid 13: pay 6 to each other player and 1 to the pot"
    assert state.action_words(1, "pass") == "Pass: out of the auction"
    moves(state, (1, "bid 13"), (2, "pass"), (0, "pass"))
    assert state.phase == "discard" and state.action_words(1, "8S") == "Discard 8♠"   # not "Play 8♠"
    for card in DISCARDS:
        state.apply_move(1, card)
    assert state.action_words(0, "pass") == "Check: put nothing in"
    moves(state, (0, "vie 2"))
    assert state.action_words(1, "see 2") == "See at 2: 2 more"
    assert state.action_words(1, "raise 4") == "Raise to 4: 4 more"
    assert state.action_words(1, "pass") == "Fold: owe 2 to the ruff's winner"


def test_the_hints_are_the_stage_s_and_have_no_placeholders():
    state = dealt()
    assert set(state.hints()) == {"bid", "pass"} and "drop out" in state.hints()["pass"]
    burton = bought({"vying": "burton"})
    assert "ante" in burton.hints()["pass"] and "raise" not in burton.hints()
    for hints in (state.hints(), bought().hints(), burton.hints()):
        assert not any(" N" in hint or "N:" in hint for hint in hints.values())


def test_a_seat_is_told_its_ruff_and_its_sets_before_they_are_paid():
    notes = dealt().view(0)["hand_notes"]
    assert notes[0].startswith("Ruff 44 in spades: ")
    assert "A mournival of Jacks: 2 from each other player" in notes
    assert "A gleek of Kings: 3 from each other player" in notes
    assert dealt().view(0)["felt"]["card_labels"] == {"4C": "turn-up: trumps"}
