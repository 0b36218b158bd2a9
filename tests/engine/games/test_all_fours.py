"""All Fours: every test case of rules/all_fours.md, begging, running the cards and the four points."""

import pytest

from engine.events import deal_event, move_event, start_event
from engine.cards import pack
from engine.dealing import stack_deck
from engine.errors import IllegalMoveError
from engine.record import replay, start_state

NON_DEALER = "AS AH TH 9H QC JC".split()
DEALER = "4S 2S KD QD 9C 8C".split()


def dealt(turn_up, stock_top=(), options=None, hands=(NON_DEALER, DEALER), dealer=1):
    """A state after a deal giving `hands` (non-dealer's first), turning `turn_up`, with `stock_top` next."""
    state = start_state(start_event("all_fours", 2, options or {}, dealer))
    by_seat = [None, None]
    by_seat[1 - dealer], by_seat[dealer] = hands
    used = set(hands[0]) | set(hands[1]) | {turn_up} | set(stock_top)
    rest = [card for card in pack() if card not in used]
    state.apply_deal(stack_deck(by_seat, 1 - dealer, [3, 3], rest=[turn_up, *stock_top, *rest]))
    return state


def entries(state):
    return [(entry["to"], entry["points"], entry["reason"]) for entry in state.ledger.view()["entries"]]


def test_the_deal_and_the_turn_up():
    state = dealt("7D")
    assert state.hands == [NON_DEALER, DEALER]
    assert state.turn_up == "7D" and state.view(0)["turned"] == ["7D"]
    assert state.to_move == [0] and sorted(state.legal_moves(0)) == ["beg", "stand"]
    assert state.view(1)["legal"] == [] and state.view(1)["stock_size"] == 39


def test_case_1_accepted_jack_scores_for_the_dealer():
    state = dealt("JD")
    state.apply_move(0, "stand")
    assert state.trump == "D" and state.scores == [0, 1]
    assert entries(state) == [(1, 1, "Jack turned for trumps")]
    assert state.phase == "play" and state.to_move == [0]


def test_case_2_the_dealer_insists():
    state = dealt("7H")
    state.apply_move(0, "beg")
    assert state.to_move == [1] and sorted(state.legal_moves(1)) == ["give", "run"]
    state.apply_move(1, "give")
    assert state.trump == "H" and state.scores == [1, 0]


def test_an_insisted_jack_scores_for_both():
    state = dealt("JD")
    state.apply_move(0, "beg")
    state.apply_move(1, "give")
    assert entries(state) == [(0, 1, "gift (dealer insists)"), (1, 1, "Jack turned for trumps")]
    assert state.trump == "D"


def test_case_2_running_the_cards_turns_until_a_new_suit():
    state = dealt("7H", ["KH", "3S"])
    state.apply_move(0, "beg")
    state.apply_move(1, "run")
    assert state.trump == "S" and state.turned == ["7H", "KH", "3S"]
    assert state.scores == [0, 0] and len(state.hands[0]) == 6
    assert state.view(0)["turned"] == ["7H", "KH", "3S"]


def test_a_jack_reached_while_running_scores_for_the_dealer():
    state = dealt("7H", ["JS"])
    state.apply_move(0, "beg")
    state.apply_move(1, "run")
    assert state.trump == "S" and state.scores == [0, 1]


def test_begging_moves_are_checked():
    state = dealt("7H")
    with pytest.raises(IllegalMoveError, match="^seat 0 cannot play AS now: the begging allows only beg or stand$"):
        state.apply_move(0, "AS")
    state.apply_move(0, "beg")
    with pytest.raises(IllegalMoveError, match="^seat 1 cannot stand now: the refusal allows only give or run$"):
        state.apply_move(1, "stand")


def test_case_3_high_and_low_go_to_whoever_was_dealt_them():
    state = dealt("3S")
    state.apply_move(0, "stand")
    assert state.trumps_dealt() == [(state.strength["2S"], "2S", 1), (state.strength["4S"], "4S", 1),
                                    (state.strength["AS"], "AS", 0)]
    reasons = [reason for seat, reason in state.four_points()]
    assert reasons[:2] == ["High (AS)", "Low (2S)"]
    assert [seat for seat, _ in state.four_points()[:2]] == [0, 1]
    assert not any(reason.startswith("Jack") for reason in reasons)


def test_case_4_game_counts_card_points():
    state = dealt("3S")
    state.apply_move(0, "stand")
    state.tricks = [(0, ((0, "AD"), (1, "5D")), 0), (0, ((0, "TD"), (1, "6D")), 0), (0, ((0, "KC"), (1, "7C")), 0),
                    (1, ((1, "KD"), (0, "QD")), 1), (1, ((1, "QC"), (0, "JH")), 1)]
    assert state.game_points() == [17, 8]
    assert state.four_points()[-1] == (0, "Game")


def test_case_5_seed_rule_must_trump_when_void():
    state = dealt("3S", hands=("AH TH KH QC JC 5D".split(), "4S KD QD 9C 8C 7D".split()))
    state.apply_move(0, "stand")
    state.apply_move(0, "AH")
    assert state.legal_moves(1) == ["4S"]
    with pytest.raises(IllegalMoveError, match=r"^seat 1 cannot play KD: cannot follow suit \(hearts\), so must trump \(spades\)$"):
        state.apply_move(1, "KD")


def test_traditional_follow_allows_a_trump_while_holding_the_suit():
    hands = ("AD TH KH QC JC 5H".split(), "4S KD QD 9C 8C 7H".split())
    state = dealt("3S", hands=hands, options={"follow": "traditional"})
    state.apply_move(0, "stand")
    state.apply_move(0, "AD")
    assert sorted(state.legal_moves(1)) == ["4S", "KD", "QD"]
    with pytest.raises(IllegalMoveError, match=r"must follow suit \(diamonds\) or trump \(spades\)"):
        state.apply_move(1, "9C")


def play_out(state):
    while state.awaiting == "move":
        seat = state.to_move[0]
        state.apply_move(seat, sorted(state.legal_moves(seat))[0])


def test_a_whole_deal_scores_high_low_jack_game_in_order():
    state = dealt("3S", hands=("AS JS AH TH KH QC".split(), "4S 2S KD QD 9C 8C".split()))
    state.apply_move(0, "stand")
    play_out(state)
    reasons = [reason for _, _, reason in entries(state)]
    assert reasons[:3] == ["High (AS)", "Low (2S)", "Jack (JS)"]
    assert [to for to, _, _ in entries(state)][:3] == [0, 1, 0]
    points = state.history[-1]["game_points"]
    assert sum(points) == sum(value for card, value in
                              {"AS": 4, "JS": 1, "AH": 4, "TH": 10, "KH": 3, "QC": 2, "KD": 3, "QD": 2}.items())
    assert state.awaiting == "deal"
    state.apply_deal(pack())
    assert state.dealer == 0 and state.to_move == [1]


def test_jack_won_option_gives_the_jack_to_whoever_takes_it():
    hands = ("JS 7D 6D 5D 4D 3D".split(), "AS KC QC 9C 8C 7C".split())
    state = dealt("3S", hands=hands, options={"jack_point": "won"})
    state.apply_move(0, "stand")
    state.tricks = [(0, ((0, "JS"), (1, "AS")), 1)]
    assert (1, "Jack (JS)") in state.four_points()
    state.opts["jack_point"] = "dealt"
    assert (0, "Jack (JS)") in state.four_points()


@pytest.mark.parametrize("rule, expected", [("non_dealer", [(0, "Game (tie)")]), ("nobody", [])])
def test_game_tie_option(rule, expected):
    state = dealt("3D", hands=("AH 7H 6H 5H 4H 3H".split(), "AC 7C 6C 5C 4C 3C".split()), options={"game_tie": rule})
    state.apply_move(0, "stand")
    state.tricks = [(0, ((0, "AH"), (1, "7C")), 0), (1, ((1, "AC"), (0, "7H")), 1)]
    assert [point for point in state.four_points() if point[1].startswith("Game")] == expected


def test_reaching_the_target_wins_at_once():
    state = dealt("JD", options={"target": 7})
    state.ledger.add(0, 1, 6, "earlier deals")
    state.apply_move(0, "stand")
    assert state.over and state.winner == 1 and state.scores == [0, 7]
    assert state.summary()["awaiting"] is None and state.summary()["legal"] == []


def test_the_gift_can_win_the_game():
    state = dealt("7H", options={"target": 10})
    state.ledger.add(0, 0, 9, "earlier deals")
    state.apply_move(0, "beg")
    state.apply_move(1, "give")
    assert state.over and state.winner == 0


def test_deal_three_more_after_a_refusal():
    state = dealt("7H", ["2C", "3C", "4C", "5C", "6C", "7C", "8H", "TC", "KC", "AC", "2D", "3D", "4D", "9D"],
                  options={"run_the_cards": "deal_three_more"})
    state.apply_move(0, "beg")
    state.apply_move(1, "run")
    assert state.hands[0] == NON_DEALER + ["2C", "3C", "4C"] + ["TC", "KC", "AC"]
    assert state.hands[1] == DEALER + ["5C", "6C", "7C"] + ["2D", "3D", "4D"]
    assert state.turned == ["7H", "8H", "9D"] and state.trump == "D"
    assert state.phase == "play" and len(state.dealt_hands[0]) == 12


def test_deal_three_more_voids_the_deal_when_the_pack_runs_out():
    hearts = ["7H", "8H", "9H", "TH", "JH", "QH"]
    pool = [card for card in pack() if card not in hearts]
    deck = pool[:12] + [hearts[0]]
    for round_number, turned in enumerate(hearts[1:]):
        deck += pool[12 + 6 * round_number:18 + 6 * round_number] + [turned]
    deck += pool[42:]
    assert len(deck) == 52 and deck.index("QH") == 47
    state = start_state(start_event("all_fours", 2, {"run_the_cards": "deal_three_more"}, 1))
    state.apply_deal(deck)
    state.apply_move(0, "beg")
    state.apply_move(1, "run")
    assert state.awaiting == "deal" and state.history[-1]["void"] is True
    assert state.history[-1]["turned"] == hearts
    state.apply_deal(pack())
    assert state.dealer == 1 and state.deals == 2


def test_views_hide_the_other_hand_and_the_pack():
    state = dealt("7H", ["KH", "3S"])
    state.apply_move(0, "beg")
    state.apply_move(1, "run")
    view = state.view(0)
    shown = repr(view)
    assert all(f"'{card}'" not in shown for card in DEALER + state.stock)
    assert view["hand"] and set(view["hand"]) == set(NON_DEALER)


def test_a_record_replays_to_the_same_state():
    deck = stack_deck([NON_DEALER, DEALER], 0, [3, 3], rest=["7H"] + [c for c in pack() if c not in NON_DEALER + DEALER + ["7H"]])
    events = [start_event("all_fours", 2, {}, 1),
              deal_event(deck), move_event(0, "Beg"),
              move_event(1, "run")]
    state = replay(events)
    assert state.begged and state.trump != "H" and state.summary()["to_move"] == [0]
