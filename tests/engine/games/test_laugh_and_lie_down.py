"""Laugh and Lie Down: the test cases of rules/laugh_and_lie_down.md, the lay-downs, the end of a deal and the pot."""

import random

import pytest

from engine.bench import random_game
from engine.dealing import stack_deck
from engine.errors import IllegalMoveError, NotationError
from engine.games.laugh_and_lie_down import free_lay_downs, settlement
from engine.record import replay, start_state

DEALER = 4   # P5 deals; P1 (seat 0) is eldest


def dealt(hands, table, options=None):
    """The first deal with the named cards in the named hands and on the table; the rest of each is filled from
    the pack in its order (runs of one suit: no rank twice in a filled hand)."""
    state = start_state({"type": "start", "game": "laugh_and_lie_down", "seats": 5, "options": options or {},
                         "dealer": DEALER})
    named = {card for hand in hands.values() for card in hand} | set(table)
    spare = [card for card in state.full_pack() if card not in named]
    full = []
    for seat in range(5):
        hand = list(hands.get(seat, []))
        while len(hand) < 8:
            hand.append(spare.pop(0))
        full.append(hand)
    table = list(table) + spare[:12 - len(table)]
    state.apply_deal(stack_deck(full, 0, [1] * 8, rest=table))
    return state


def test_case_1_the_fourth_card_takes_a_pair_royal_from_the_table():
    state = dealt({0: ["7C"]}, ["7S", "7H", "7D"])
    assert "7C" in state.legal_moves(0)
    state.apply_move(0, "7C")
    assert sorted(state.laid[0]) == ["7C", "7D", "7H", "7S"]
    assert not any(card[0] == "7" for card in state.table)


def test_case_2_a_pair_on_the_table_gives_up_one_card():
    state = dealt({1: ["QD"]}, ["QS", "QH"])
    while state.to_move != [1]:
        seat = state.to_move[0]
        state.apply_move(seat, sorted(card for card in state.legal_moves(seat) if card[0] != "Q")[0])
    state.apply_move(1, "QD")
    assert state.laid[1][-2:] == ["QD", "QS"] and [card for card in state.table if card[0] == "Q"] == ["QH"]


def test_case_3_a_pair_royal_in_hand_lays_a_pair_by_at_once():
    state = dealt({2: ["KS", "KH", "KD"]}, [])
    assert sorted(state.laid[2]) == ["KD", "KS"] and "KH" in state.hands[2]
    assert state.events[0] == {"seat": 2, "what": "lay", "cards": ["KS", "KD"], "why": "a pair of a pair royal in hand"}
    assert state.view(0)["laid"][2] == ["KS", "KD"] and state.view(0)["hand_sizes"][2] == 6


def test_case_4_a_pair_is_laid_by_once_its_mates_are():
    state = dealt({0: ["5C"], 3: ["5S", "5H"]}, ["5D"])
    assert state.laid[3] == []
    state.apply_move(0, "5C")
    assert sorted(state.laid[3]) == ["5H", "5S"]
    assert state.events[-1]["why"] == "a pair whose mates are laid by"


def test_case_5_the_settlement_pays_the_last_player_in_and_clears_the_pot():
    assert settlement([10, 6, 8, 12, 16]) == [1, -1, 0, 2, 4]
    state = dealt({}, [])
    state.laid = [list(state.full_pack()[start:start + size]) for start, size in ((0, 10), (10, 6), (16, 8), (24, 12))]
    state.laid.append([])
    state.hands = [[] for _ in range(5)]
    state.table = state.full_pack()[36:]     # 16 cards: the dealer's
    before = list(state.scores)
    state.end_deal(1)
    deal = state.history[-1]
    assert deal["laid_counts"] == [10, 6, 8, 12, 16] and deal["last_in"] == 1
    assert [s - b for s, b in zip(state.scores, before)] == [1, 5 - 1, 0, 2, 4]
    assert state.ledger.pot == 0 and deal["pot_left"] == 0
    reasons = [entry["reason"] for entry in deal["payments"]]
    assert "the last player in" in reasons and "laid by 6 cards, 2 short of 8" in reasons
    assert "laid by 16 cards, 8 over 8" in reasons


def test_stakes_go_in_before_the_deal_and_everyone_sees_them():
    state = dealt({}, [])
    assert state.view(2)["pot"] == 11 and state.scores == [18, 18, 18, 18, 17]
    assert [entry["reason"] for entry in state.view(0)["payments"]].count("a player's stake") == 4


def test_a_player_who_cannot_capture_lies_down_and_his_hand_joins_the_table():
    table = ["2C", "2D", "3C", "3D", "4C", "4D", "5C", "5D", "6C", "6D", "2H", "3H"]
    state = dealt({0: ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"]}, table)
    assert state.lain[0] and state.hands[0] == [] and {"AS", "7S"} <= set(state.table)
    assert state.view(1)["statuses"][0] == "lain_down" and state.to_move == [1]
    assert {"seat": 0, "what": "lie_down", "cards": ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"], "why": ""} \
        in state.events


def test_the_pot_always_clears_and_the_counters_are_kept():
    for seed in range(40):
        events = random_game("laugh_and_lie_down", random.Random(seed))
        state = replay(events[:1])
        for event in events[1:]:
            if event["type"] == "deal":
                state.apply_deal(event["deck"])
            else:
                state.apply_move(event["seat"], event["move"])
            if state.awaiting != "move":
                assert state.ledger.pot == 0 and sum(state.scores) == 100
                assert sum(state.history[-1]["laid_counts"]) == 52
        assert state.over and set(state.result().seats) == {s for s in range(5) if state.scores[s] == max(state.scores)}


def test_free_lay_downs_are_mournivals_pair_royals_and_uncatchable_pairs():
    assert free_lay_downs(["9S", "9H", "9D", "9C", "2S"], {}) == [("9", ["9S", "9C", "9D", "9H"], "a mournival in hand")]
    assert free_lay_downs(["9S", "9H", "2S"], {"9": 2}) == [("9", ["9S", "9H"], "a pair whose mates are laid by")]
    assert free_lay_downs(["9S", "9H", "2S"], {}) == []


def test_declared_lay_downs_are_moves_and_a_table_mournival_may_be_claimed():
    options = {"lay_downs": "declared"}
    state = dealt({0: ["KS", "KH", "KD", "4C"]}, ["8S", "8H", "8D", "8C", "4D"], options)
    assert state.laid == [[] for _ in range(5)], "nothing is laid by for the players"
    assert {"lay kings", "claim eights", "4C"} <= set(state.legal_moves(0))
    assert state.parse_move(0, "Lay K") == "lay kings" and state.parse_move(0, "claim 8") == "claim eights"
    state.apply_move(0, "claim 8")
    assert sorted(state.laid[0]) == ["8C", "8D", "8H", "8S"] and state.to_move == [0], "a claim does not end the turn"
    state.apply_move(0, "lay kings")
    assert len(state.laid[0]) == 6 and state.to_move == [0]
    state.apply_move(0, "4C")
    assert state.to_move != [0]
    with pytest.raises(NotationError):
        state.parse_move(0, "lay jokers")
    with pytest.raises(IllegalMoveError):
        dealt({}, [], options).apply_move(0, "claim eights")


def test_the_game_ends_after_its_deals_or_when_a_player_could_not_cover_a_deal():
    state = start_state({"type": "start", "game": "laugh_and_lie_down", "seats": 5, "options": {"counters": 8},
                         "dealer": 0})
    rng = random.Random(3)
    while not state.over:
        if state.awaiting == "deal":
            deck = state.full_pack()
            rng.shuffle(deck)
            state.apply_deal(deck)
        else:
            seat = state.to_move[0]
            state.apply_move(seat, rng.choice(state.legal_moves(seat)))
    assert state.deals == 5 or min(state.scores) < 7


def test_each_capture_says_what_it_takes_and_each_seat_sees_its_own_matches():
    state = dealt({0: ["7C", "QD"]}, ["7S", "7H", "7D", "QS", "QH"])
    assert state.action_words(0, "7C") == "Take 7♠ 7♥ 7♦ with 7♣: a mournival"
    assert state.action_words(0, "QD") == "Take Q♠ with Q♦"
    matches = {match["card"]: match["takes"] for match in state.view(0)["matches"]}
    assert matches["7C"] == ["7S", "7H", "7D"] and matches["QD"] == ["QS"]
    assert all(takes[0][0] == card[0] for card, takes in matches.items())
    assert all(match["card"] in state.hands[1] for match in state.view(1)["matches"]), "a seat's own cards only"
    state.apply_move(0, "QD")
    assert state.laid[0][-2:] == ["QD", "QS"], "the card the button named is the one taken"


def test_spoken_moves_and_their_hints_belong_to_the_declared_variant_only():
    assert dealt({}, []).hints() == {}
    declared = dealt({0: ["KS", "KH", "KD", "4C"]}, ["8S", "8H", "8D", "8C", "4D"], {"lay_downs": "declared"})
    assert set(declared.hints()) == {"lay", "claim", "lie down"}
    assert declared.action_words(0, "lay kings") == "Lay by K♠ K♦: a pair of a pair royal in hand"
    assert declared.action_words(0, "claim eights") == "Claim the mournival of eights from the table"
    assert declared.action_words(0, "lie down").startswith("Lie down: ")
