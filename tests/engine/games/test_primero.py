"""Primero: the rules file's test cases and worked example, and the vying rules as moves."""

import pytest

from engine.dealing import stack_deck
from engine.errors import IllegalMoveError
from engine.games.primero import (
    CHORUS, FLUXUS, NUMERUS, PRIMERO, SUPREMUS, Primero, evaluate, hand_worth, may_claim, share_bets, showdown_rank,
)


def new_game(players=4, dealer=3, **options):
    return Primero(players, options, dealer)


def deal(game, hands, rest=()):
    """Deal `hands` (two cards each, by seat) with `rest` on top of the stock, the pack's other cards after."""
    used = {card for hand in hands for card in hand} | set(rest)
    others = [card for card in game.full_pack() if card not in used]
    game.apply_deal(stack_deck(hands, (game.dealer + 1) % game.seat_count, [1, 1], rest=[*rest, *others]))


# Test case 1: valuation ----------------------------------------------------------


@pytest.mark.parametrize("hand, expected", [
    (["7S", "6S", "AS", "KH"], (SUPREMUS, 55)),
    (["7S", "7H", "7D", "6C"], (PRIMERO, 81)),
    (["KC", "QC", "JC", "2C"], (FLUXUS, 42)),
    (["7S", "7H", "7D", "7C"], (CHORUS, 84)),
    (["5D", "6D", "7D", "QS"], (NUMERUS, 54)),
])
def test_hands_are_valued_by_their_highest_type(hand, expected):
    assert evaluate(hand) == expected


# Test case 2: ranking by type before points ------------------------------------------


@pytest.mark.parametrize("better, worse", [
    (["7S", "6S", "AS", "KH"], ["7S", "7H", "7D", "6C"]),     # Supremus 55 beats Primero 81
    (["KC", "QC", "JC", "2C"], ["7S", "6S", "AS", "KH"]),     # Fluxus 42 beats Supremus 55
    (["KS", "KH", "KD", "KC"], ["7C", "6C", "5C", "AC"]),     # Chorus 40 beats Fluxus 70
])
def test_the_type_ranks_before_the_points(better, worse):
    assert evaluate(better) > evaluate(worse)


# Test case 3: the Italian showdown is held to the bid -------------------------------------


def test_a_hand_above_the_bid_type_loses_unless_an_exception_covers_it():
    bid = (PRIMERO, 60)
    a = showdown_rank(evaluate(["7S", "6H", "AD", "6C"]), bid, False)       # Primero 73: at least 60
    b_fluxus = showdown_rank(evaluate(["7C", "5C", "4C", "2C"]), bid, False)
    b_supremus = showdown_rank(evaluate(["7S", "6S", "AS", "KH"]), bid, False)
    assert a is not None and b_fluxus is None      # A wins: B's Fluxus is above the bid's type
    assert b_supremus > a                           # a Supremus claims Primero and ranks above every Primero
    assert showdown_rank(evaluate(["KS", "QH", "JD", "2C"]), bid, False) is None   # Primero 42 is short of 60


def play(game, moves):
    """Play (seat, move) pairs; the move `exchange` keeps the cards where allowed, else discards the first card."""
    for seat, move in moves:
        if move == "exchange":
            legal = game.legal_moves(seat)
            move = "keep" if "keep" in legal else sorted(m for m in legal if m.count(" ") == 1)[0]
        game.apply_move(seat, move)


def test_a_second_round_without_a_vie_throws_the_hands_in():
    game = new_game(players=2, dealer=1, deals=2)
    deal(game, [["7S", "6H"], ["7C", "5C"]], rest=["AD", "4C", "6C", "2C"])
    play(game, [(0, "vie 2"), (0, "bid primero 60"), (0, "keep"), (1, "see"), (1, "keep"),
                (0, "pass"), (0, "exchange"), (1, "pass"), (1, "exchange")])
    assert game.phase == "deal" and game.history[-1]["how"] == "thrown_in" and game.ledger.pot == 4
    assert game.history[-1]["shown"] == [None, None] and game.carried == [2, 2]


def test_the_bid_holds_at_the_showdown():
    game = new_game(players=2, dealer=1, deals=2)
    deal(game, [["7S", "6H"], ["7C", "5C"]], rest=["AD", "4C", "6C", "2C"])
    play(game, [(0, "vie 2"), (0, "bid primero 60"), (0, "keep"), (1, "see"), (1, "keep"),
                (0, "vie 1"), (0, "bid primero 61"), (0, "keep"), (1, "see"), (1, "keep")])
    last = game.history[-1]
    assert last["how"] == "showdown" and last["winner"] == 0          # A's Primero 73 qualifies
    assert last["values"] == [[PRIMERO, 73], [FLUXUS, 62]]             # B's Fluxus is above the bid: it loses
    assert game.scores == [33, 27] and game.ledger.pot == 0


def test_nobody_qualifying_leaves_the_bets_for_the_next_deal():
    game = new_game(players=2, dealer=1, deals=2)
    deal(game, [["7S", "6H"], ["7C", "5C"]], rest=["AD", "4C", "6C", "2C"])
    play(game, [(0, "vie 2"), (0, "bid primero 60"), (0, "keep"), (1, "see"), (1, "keep"),
                (0, "vie 1"), (0, "bid primero 79"), (0, "keep"), (1, "see"), (1, "keep")])
    assert game.history[-1]["how"] == "no_qualifier" and game.ledger.pot == 6 and not game.over


# Test case 4: the half refund -------------------------------------------------------------


def test_a_folder_takes_back_half_of_his_bets():
    game = new_game(players=4, dealer=2)
    deal(game, [["7S", "6H"], ["7C", "5C"], ["KD", "QD"], ["AS", "2H"]])
    play(game, [(3, "vie 5"), (3, "bid numerus 20"), (3, "keep"), (0, "vie 1"), (0, "bid numerus 22"),
                (0, "keep"), (1, "fold"), (2, "see"), (2, "keep"), (3, "fold")])
    folds = [entry for entry in game.ledger.payments if "folding" in entry["reason"]]
    assert [(entry["to"], entry["points"]) for entry in folds] == [(3, 2)]    # 5 bet: half, rounded down
    assert game.stage == 2 and game.round.in_deal() == [0, 2]


def test_half_of_six_is_three():
    game = new_game(ante=1)
    deal(game, [["7S", "6H"], ["7C", "5C"], ["KD", "QD"], ["AS", "2H"]])
    play(game, [(0, "pass"), (0, "exchange"), (1, "vie 5"), (1, "bid numerus 20"), (1, "keep"),
                (2, "vie 1"), (2, "bid numerus 22"), (2, "keep"), (3, "see"), (3, "keep"), (0, "fold")])
    assert game.bets[1] == 6
    game.apply_move(1, "fold")
    assert game.ledger.payments[-1] == {"deal": 1, "from": None, "to": 1, "points": 3,
                                        "reason": "takes back half of the 6 bet on folding"}
    assert game.scores[1] == 27 and game.bets[1] == 3


def test_english_folds_take_nothing_back():
    game = new_game(variant="english")
    deal(game, [["7S", "6H"], ["7C", "5C"], ["KD", "QD"], ["AS", "2H"]])
    play(game, [(0, "vie"), (0, "keep"), (1, "see"), (1, "keep"), (2, "vie"), (2, "keep"), (3, "fold"),
                (0, "fold")])
    assert game.scores[0] == 29 and not any("folding" in entry["reason"] for entry in game.ledger.payments)


def test_two_players_cannot_fold_to_a_vie_nobody_has_seen():
    game = new_game(players=2, dealer=1)
    deal(game, [["7S", "6H"], ["7C", "5C"]])
    play(game, [(0, "vie 1"), (0, "bid numerus 20"), (0, "keep")])
    assert "fold" not in game.legal_moves(1) and "pass" not in game.legal_moves(1)


# The worked example of the vying -------------------------------------------------------------


def test_the_worked_example_of_the_first_round():
    """A passes, B vies, C passes, D passes; A must see; B passes without discarding; C folds; D sees."""
    game = new_game()
    deal(game, [["7S", "6H"], ["7C", "5C"], ["KD", "QD"], ["AS", "2H"]])
    a, b, c, d = 0, 1, 2, 3
    game.apply_move(a, "pass")
    assert "keep" not in game.legal_moves(a)          # a pass before any vie must exchange
    game.apply_move(a, "discard 6H")
    game.apply_move(b, "vie 2")
    game.apply_move(b, "bid primero 45")
    game.apply_move(b, "keep")
    for seat in (c, d):
        game.apply_move(seat, "pass")
        game.apply_move(seat, sorted(move for move in game.legal_moves(seat) if move.startswith("discard"))[0])
    assert set(game.legal_moves(a)) == {"see", *(f"vie {n}" for n in range(1, 6))}     # the last player must see
    with pytest.raises(IllegalMoveError):
        game.apply_move(a, "fold")
    game.apply_move(a, "see")
    game.apply_move(a, "keep")
    game.apply_move(b, "pass")
    assert "keep" in game.legal_moves(b)               # B has matched: he need not discard
    game.apply_move(b, "keep")
    assert set(game.legal_moves(c)) == {"see", "fold", *(f"vie {n}" for n in range(1, 6))}   # passed once already
    game.apply_move(c, "fold")
    game.apply_move(d, "see")
    game.apply_move(d, "keep")
    assert game.stage == 2 and game.round.in_deal() == [a, b, d]
    assert [len(game.hands[seat]) for seat in (a, b, c, d)] == [4, 4, 2, 4]


# The understatement rules --------------------------------------------------------------------------


def test_the_second_round_bids_may_not_understate_the_type_but_for_the_exceptions():
    assert not may_claim(FLUXUS, PRIMERO, PRIMERO, False)
    assert may_claim(SUPREMUS, PRIMERO, PRIMERO, False)
    assert not may_claim(SUPREMUS, PRIMERO, None, False)
    assert may_claim(CHORUS, FLUXUS, PRIMERO, False) and may_claim(CHORUS, PRIMERO, PRIMERO, False)
    assert may_claim(NUMERUS, CHORUS, None, False)                  # overstating is a bluff, always allowed
    assert may_claim(NUMERUS, PRIMERO, PRIMERO, True)               # Losing: the mirrored exception
    assert not may_claim(PRIMERO, FLUXUS, None, True)


def test_a_second_round_bid_is_checked_against_the_hand():
    game = new_game(players=2, dealer=1)
    deal(game, [["7C", "5C"], ["7S", "6H"]], rest=["4C", "AD", "2C", "6C"])
    for seat, move in [(0, "vie 1"), (0, "bid primero 45"), (0, "keep"), (1, "see"), (1, "keep")]:
        game.apply_move(seat, move)
    assert game.hands[0] == ["7C", "5C", "4C", "2C"]          # a Fluxus
    game.apply_move(0, "vie 1")
    legal = game.legal_moves(0)
    assert "bid primero 46" not in legal and "bid fluxus 42" in legal and "bid numerus 54" not in legal


@pytest.mark.parametrize("duty", [True, False])
def test_a_numerus_vie_in_the_second_round_must_exchange(duty):
    game = new_game(players=2, dealer=1, numerus_exchange=duty)
    deal(game, [["7S", "6S"], ["7C", "5C"]], rest=["KD", "2H", "4C", "2C"])
    play(game, [(0, "pass"), (0, "discard 6S"), (1, "pass"), (1, "discard 5C")])
    assert game.stage == 2
    play(game, [(0, "vie 1"), (0, "bid numerus 30")])
    assert ("keep" not in game.legal_moves(0)) == duty


# Losing Primero ------------------------------------------------------------------------------------


def test_losing_primero_bids_go_down_and_the_lowest_qualifying_hand_wins():
    game = new_game(players=2, dealer=1, variant="losing")
    deal(game, [["KS", "QH"], ["7C", "5C"]])
    game.apply_move(0, "vie 1")
    assert "bid primero 40" in game.legal_moves(0) and "bid chorus 84" in game.legal_moves(0)
    game.apply_move(0, "bid primero 50")
    game.apply_move(0, "keep")
    game.apply_move(1, "vie 1")
    legal = game.legal_moves(1)
    assert "bid primero 49" in legal and "bid primero 51" not in legal and "bid supremus 55" not in legal
    assert showdown_rank((PRIMERO, 44), (PRIMERO, 50), True) > showdown_rank((PRIMERO, 48), (PRIMERO, 50), True)
    assert showdown_rank((PRIMERO, 52), (PRIMERO, 50), True) is None


# All in, and the end of the game ----------------------------------------------------------------------


def test_an_all_in_winner_takes_from_each_only_what_he_bet():
    taken, left = share_bets({0: 3, 1: 10, 2: 10}, [0, 1, 2], all_in={0})
    assert taken == {0: 9, 1: 14} and left == {}
    taken, left = share_bets({0: 3, 1: 10}, [0], all_in={0})
    assert taken == {0: 6} and left == {1: 7}


def test_the_game_ends_after_its_deals_and_ranks_by_counters():
    game = new_game(players=2, dealer=1, deals=1)
    deal(game, [["7S", "6H"], ["7C", "5C"]], rest=["AD", "4C", "6C", "2C"])
    play(game, [(0, "vie 2"), (0, "bid primero 60"), (0, "keep"), (1, "see"), (1, "keep"),
                (0, "vie 1"), (0, "bid primero 61"), (0, "keep"), (1, "see"), (1, "keep")])
    assert game.over and game.scores == [33, 27] and game.winner == 0 and game.result().seats == (0,)


def test_bets_left_on_the_table_go_back_at_the_end():
    game = new_game(players=2, dealer=1, deals=1)
    deal(game, [["7S", "6H"], ["7C", "5C"]])
    play(game, [(0, "vie 3"), (0, "bid numerus 20"), (0, "keep"), (1, "see"), (1, "keep"),
                (0, "pass"), (0, "exchange"), (1, "pass"), (1, "exchange")])
    assert game.over and game.history[-1]["how"] == "thrown_in"
    assert game.scores == [30, 30] and game.ledger.pot == 0 and game.winner is None


# What each seat sees -------------------------------------------------------------------------------------


def test_a_folded_hand_and_the_discards_are_never_shown():
    game = new_game(players=3, dealer=2)
    deal(game, [["7S", "6H"], ["7C", "5C"], ["KD", "QD"]])
    game.apply_move(0, "pass")
    game.apply_move(0, "discard 6H")
    assert game.move_seen_by(1, "discard 6H") is None
    game.apply_move(1, "fold")
    for seat in range(3):
        assert {"7C", "5C", "6H"} <= game.hidden_from(seat)
        assert game.view(seat)["hand"] == ([] if seat == 1 else game.view(seat)["hand"])
    assert "6H" not in str(game.view(0)) and "7C" not in str(game.view(1))


def test_the_moves_read_in_any_case_and_order():
    game = new_game(players=2, dealer=1)
    deal(game, [["7S", "6H"], ["7C", "5C"]])
    assert game.parse_move(0, "Vie 02") == "vie 2"
    assert game.parse_move(0, "BID Primero 45") == "bid primero 45"
    assert game.parse_move(0, "discard 6h 7♠") == "discard 7S 6H"
    assert game.parse_move(0, "hold") == "see"


# English Primero: "ordinary vies may go several rounds until someone vies the Rest" (rules file, B) ----------


def english_after_vie_and_see_in_both_phases():
    game = new_game(players=2, dealer=1, variant="english")
    deal(game, [["7S", "6H"], ["7C", "5C"]], rest=["AD", "4C", "6C", "2C"])
    play(game, [(0, "vie"), (0, "keep"), (1, "see"), (1, "keep"),      # the first phase: a vie, seen
                (0, "vie"), (0, "keep"), (1, "see"), (1, "keep")])     # the second: a vie, seen
    return game


def test_english_ordinary_vies_seen_by_everyone_go_round_again_until_the_rest():
    game = english_after_vie_and_see_in_both_phases()
    assert game.phase == "vying" and game.stage == 2 and not game.history     # no showdown yet
    assert game.to_move == [0]
    assert set(game.legal_moves(0)) == {"vie", "vie rest", "pass", "fold"}
    game.apply_move(0, "vie rest")
    game.apply_move(0, "keep")
    assert game.legal_moves(1) == ["see"]                # the last player before the vier must see the Rest
    game.apply_move(1, "see")
    game.apply_move(1, "keep")
    assert game.history[-1]["how"] == "showdown"           # only the Rest, put in by all, calls for it


def test_english_a_round_of_passes_after_the_vies_throws_the_hands_in():
    game = english_after_vie_and_see_in_both_phases()
    play(game, [(0, "pass"), (0, "keep"), (1, "pass"), (1, "keep")])
    assert game.history[-1]["how"] == "thrown_in" and game.ledger.pot == 4


def test_italian_still_shows_down_once_the_second_vie_is_seen():
    game = new_game(players=2, dealer=1, deals=2)
    deal(game, [["7S", "6H"], ["7C", "5C"]], rest=["AD", "4C", "6C", "2C"])
    play(game, [(0, "vie 2"), (0, "bid primero 60"), (0, "keep"), (1, "see"), (1, "keep"),
                (0, "vie 1"), (0, "bid primero 61"), (0, "keep"), (1, "see"), (1, "keep")])
    assert game.history[-1]["how"] == "showdown"


# What the table says: hints of the variant in play, buttons that say what they cost, the hand's worth ---------


@pytest.mark.parametrize("variant", ["italian", "english", "losing"])
def test_hints_speak_of_the_variant_in_play_without_placeholders(variant):
    hints = " ".join(new_game(variant=variant).hints().values())
    assert "Italian" not in hints and "English" not in hints and "Losing" not in hints
    assert "TYPE" not in hints and "CARDS" not in hints and " N " not in hints
    assert ("Rest" in hints) == (variant == "english") and ("claim" in hints) == (variant != "english")


def test_buttons_say_what_a_move_costs():
    game = new_game(players=2, dealer=1)
    deal(game, [["7S", "6H"], ["7C", "5C"]])
    assert game.action_words(0, "vie 2") == "Vie: put in 2"
    play(game, [(0, "vie 2"), (0, "bid numerus 20"), (0, "keep")])
    assert game.action_words(1, "see") == "See: 2 more"
    assert game.action_words(1, "vie 3") == "Vie: put in 5 (2 to match, 3 more)"
    assert game.action_words(1, "discard 7C 5C") == "Discard 7♣ 5♣ and draw 2"
    assert game.action_words(1, "bid primero 45") == "Claim Primero 45: one card of each suit"


@pytest.mark.parametrize("hand, words, why", [
    (["7S", "7H", "7D", "7C"], "Chorus 84", "four of a kind, four 7s: 21 + 21 + 21 + 21"),
    (["KS", "QS", "JS", "KH"], "Numerus 30", "best suit counts: spades, K♠ Q♠ J♠, 10 + 10 + 10"),
    (["7S", "6S", "AS", "KH"], "Supremus 55", "the Ace, 6 and 7 of spades"),
    (["7S", "6H", "5D", "KC"], "Primero 64", "one card of each suit: 21 + 18 + 15 + 10"),
    (["7S", "6S"], "Numerus 39 so far", "both spades: 21 + 18 so far"),
])
def test_a_hand_is_worth_its_type_and_points_and_says_why(hand, words, why):
    worth = hand_worth(hand)
    assert worth["words"] == words and why in worth["why"]


def test_the_bids_offered_are_few_and_stand_on_the_hand():
    game = new_game(players=2, dealer=1)
    deal(game, [["7S", "6H"], ["7C", "5C"]], rest=["5D", "KC", "4C", "6C"])
    play(game, [(0, "vie 2"), (0, "bid numerus 40"), (0, "keep"), (1, "see"), (1, "keep"), (0, "vie 1")])
    assert game.view(0)["hand_worth"]["words"] == "Primero 68"
    offered = game.view(0)["offered_bids"]
    moves = [bid["move"] for bid in offered]
    assert len(offered) <= 10 and set(moves) <= set(game.legal_moves(0))
    assert "bid primero 68" in moves and "bid numerus 41" not in moves      # no understating the type
    mine = next(bid for bid in offered if bid["move"] == "bid primero 68")
    assert mine["why"] == "your hand exactly" and mine["kind"] == "one card of each suit"
    assert game.view(1)["offered_bids"] == []                                # only to the seat bidding


def test_two_cards_of_a_suit_are_offered_as_the_numerus_they_hold_now():
    game = new_game(players=2, dealer=1)
    deal(game, [["7S", "6S"], ["7C", "5H"]])
    game.apply_move(0, "vie 1")
    offered = {bid["move"]: bid["why"] for bid in game.view(0)["offered_bids"]}
    assert offered["bid numerus 39"] == "what your two cards count now" and offered["bid numerus 20"] == ""
