"""One-and-Thirty: every test case of rules/one_and_thirty.md, the counters and the end of the game."""

import pytest

from engine.dealing import stack_deck
from engine.errors import NotationError, OutOfTurnError
from engine.games.one_and_thirty import closest_to_target, hand_total, settle
from engine.record import start_state

# Three players, seat 2 deals: seat 0 (P1) is eldest, seat 1 (P2) next, the dealer last.
DEALER = 2


def dealt(hands, stock, options=None, game="one_and_thirty", dealer=DEALER):
    """A game whose first deal gives `hands` (seat by seat) and leaves `stock` on top of the rest of the pack."""
    state = start_state({"type": "start", "game": game, "seats": len(hands), "options": options or {},
                         "dealer": dealer})
    used = [card for hand in hands for card in hand] + list(stock)
    rest = [card for card in state.full_pack() if card not in used]
    state.apply_deal(stack_deck(hands, (dealer + 1) % len(hands), [1, 1, 1], rest=list(stock) + rest))
    return state


def play(state, *moves):
    for seat, move in moves:
        state.apply_move(seat, move)


def test_card_values_and_the_ace_option():
    assert hand_total(["KS", "9H", "7D"], 1) == 26
    assert hand_total(["AS", "TD", "QC", "JH"], 1) == 31
    assert hand_total(["AS", "KD", "TC"], 11) == 31


def test_case_1_exactly_31_wins_a_double_stake_at_once():
    state = dealt([["KS", "9H", "7D"], ["2C", "3C", "4C"], ["2D", "3D", "4D"]], ["5H"])
    assert state.to_move == [0] and state.view(0)["total"] == 26
    play(state, (0, "draw"))
    assert state.history[-1]["how"] == "31" and state.history[-1]["winner"] == 0
    assert state.scores == [24, 18, 18]   # 2 counters from each of the others, who took no turn
    assert [entry["reason"] for entry in state.history[-1]["payments"]] == ["reached 31, double stake"] * 2
    assert state.awaiting == "deal"


def test_case_1_with_the_double_stake_off_pays_a_single_stake():
    state = dealt([["KS", "9H", "7D"], ["2C", "3C", "4C"], ["2D", "3D", "4D"]], ["5H"], {"double_for_31": False})
    play(state, (0, "draw"))
    assert state.scores == [22, 19, 19]


def test_case_2_the_closest_to_31_wins_a_single_stake():
    state = dealt([["KS", "9H", "9D"], ["KC", "9C", "TH"], ["KD", "QD", "3D"]], ["QS"])
    play(state, (0, "stick"), (1, "stick"))
    assert state.view(2)["statuses"] == ["stuck", "stuck", "to_play"]
    play(state, (2, "draw"))             # 23 + 10 = 33: bust
    deal = state.history[-1]
    assert deal["bust"] == [False, False, True] and deal["totals"] == [28, 29, 33]
    assert deal["winner"] == 1 and deal["how"] == "closest"
    assert state.scores == [19, 22, 19]   # the bust dealer pays too


def test_case_3_level_totals_go_to_the_elder_hand():
    state = dealt([["KS", "QH", "TD"], ["KC", "QC", "TH"], ["2D", "3D", "4D"]], [])
    play(state, (0, "stick"), (1, "stick"), (2, "stick"))
    assert state.history[-1]["winner"] == 0
    assert closest_to_target([30, 30, 9]) == 0


def test_case_4_the_dealer_wins_when_everyone_else_has_bust():
    state = dealt([["KS", "QH", "2D"], ["KC", "QC", "3H"], ["2C", "3C", "4S"]], ["TS", "TC"])
    play(state, (0, "draw"), (1, "draw"))
    deal = state.history[-1]
    assert deal["winner"] == 2 and deal["how"] == "all_bust"
    assert deal["hands"][2] == ["2C", "3C", "4S"], "the dealer wins without drawing"
    assert state.scores == [19, 19, 22]


def test_a_player_may_draw_several_times_and_a_bust_hand_is_shown():
    state = dealt([["2S", "3H", "4D"], ["KC", "QC", "3S"], ["2C", "3C", "4S"]], ["5S", "KD", "KH"])
    play(state, (0, "draw"), (0, "draw"))
    assert state.to_move == [0] and state.view(0)["total"] == 24
    assert state.view(1)["hand_sizes"][0] == 5 and state.view(1)["shown"][0] == []
    play(state, (0, "draw"))
    assert state.view(1)["shown"][0] == ["2S", "3H", "4D", "5S", "KD", "KH"]
    assert state.view(1)["statuses"][0] == "bust" and state.to_move == [1]


def test_31_on_the_deal_wins_before_anyone_moves():
    state = dealt([["2S", "3H", "4D"], ["AC", "KC", "QH"], ["AS", "KD", "QS"]], [], {"ace_value": 11})
    deal = state.history[-1]
    assert deal["winner"] == 1, "the elder of two naturals wins"
    assert state.awaiting == "deal" and state.scores == [18, 24, 18]


def test_nobody_pays_more_than_they_hold_and_an_empty_purse_ends_the_game():
    assert settle([1, 5, 0], 1, [0, 1, 2], 2) == [(0, 1)]
    state = dealt([["KS", "9H", "7D"], ["2C", "3C", "4C"], ["2D", "3D", "4D"]], ["5H"], {"counters": 1})
    play(state, (0, "draw"))
    assert state.scores == [3, 0, 0]
    assert state.over and state.winner == 0 and state.winners == [0]


def test_the_game_lasts_a_round_of_deals_and_the_deal_passes_left():
    state = dealt([["KS", "9H", "7D"], ["2C", "3C", "4C"], ["2D", "3D", "4D"]], ["5H"], dealer=0)
    assert state.opts["deals"] == 3
    dealers = [state.dealer]
    while not state.over:
        if state.awaiting == "deal":
            state.apply_deal(state.full_pack())
            dealers.append(state.dealer)
        else:
            state.apply_move(state.to_move[0], "stick")
    assert dealers == [0, 1, 2] and state.deals == 3


def test_level_best_counters_have_no_single_winner():
    state = dealt([["KS", "QH", "TD"], ["KC", "QC", "TH"], ["2D", "3D", "4D"]], [], {"deals": 1})
    play(state, (0, "stick"), (1, "stick"), (2, "stick"))
    assert state.over and state.scores == [22, 19, 19] and state.winner == 0
    state = dealt([["KS", "QH", "TD"], ["KC", "QC", "TH"]], [], {"deals": 2}, dealer=1)
    play(state, (0, "stick"), (1, "stick"))       # seat 0, eldest, wins the tie
    state.apply_deal(stack_deck([["KS", "QH", "TD"], ["KC", "QC", "TH"]], 1, [1, 1, 1],
                                rest=[c for c in state.full_pack() if c not in "KS QH TD KC QC TH".split()]))
    play(state, (1, "stick"), (0, "stick"))       # seat 1 is eldest now
    assert state.over and state.scores == [20, 20] and state.winner is None and state.winners == [0, 1]


def test_moves_are_words_and_out_of_turn_moves_are_refused():
    state = dealt([["KS", "9H", "7D"], ["2C", "3C", "4C"], ["2D", "3D", "4D"]], ["5H"])
    assert state.legal_moves(0) == ["draw", "stick"] and state.legal_moves(1) == []
    assert state.parse_move(0, " Have it ") == "draw" and state.parse_move(0, "STAND") == "stick"
    with pytest.raises(NotationError, match="draw or stick"):
        state.apply_move(0, "hit me")
    with pytest.raises(OutOfTurnError):
        state.apply_move(1, "stick")


def test_a_seat_sees_its_own_hand_but_not_the_others():
    state = dealt([["KS", "9H", "7D"], ["2C", "3C", "4C"], ["2D", "3D", "4D"]], ["5H"])
    view = state.view(1)
    assert view["hand"] == ["2C", "3C", "4C"] and view["total"] == 9
    assert view["hand_sizes"] == [3, 3, 3] and view["shown"] == [[], [], []]
    assert "KS" in state.hidden_from(1) and "5H" in state.hidden_from(1)


def test_three_cards_over_31_are_bust_from_the_deal_and_take_no_turn():
    state = dealt([["AS", "AH", "KD"], ["2C", "3C", "4C"], ["2D", "3D", "4D"]], [], {"ace_value": 11})
    assert state.to_move == [1]
    assert state.view(1)["statuses"][0] == "bust" and state.view(1)["shown"][0] == ["AS", "AH", "KD"]
    two = dealt([["AS", "AH", "KD"], ["AC", "AD", "QD"]], [], {"ace_value": 11}, dealer=1)
    assert two.history[-1]["winner"] == 1 and two.history[-1]["how"] == "all_bust"


def test_the_buttons_and_the_hand_say_the_count_toward_31():
    state = dealt([["KS", "9H", "7D"], ["5C", "6C", "2D"], ["3H", "4H", "8S"]], ["QS"])
    assert state.action_words(0, "draw") == "Draw a card"
    assert state.action_words(0, "stick") == "Stick at 26"
    assert state.view(0)["hand_worth"] == {"total": 26, "why": "K♠ 10 + 9♥ 9 + 7♦ 7 = 26, 5 short of 31"}
    assert state.view(0)["hand_notes"] == ["Your count toward 31: K♠ 10 + 9♥ 9 + 7♦ 7 = 26, 5 short of 31"]
    play(state, (0, "draw"))
    assert state.view(1)["felt"]["notes"] == ["bust", "", ""] and state.view(1)["felt"]["stock"] == 42
