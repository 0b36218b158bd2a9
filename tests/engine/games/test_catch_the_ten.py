"""Catch-the-Ten: every test case of rules/catch_the_ten.md, the packs, multi-hand play and the end."""

import random
from collections import Counter

import pytest

from engine.events import start_event
from engine.dealing import stack_deck
from engine.errors import OptionError
from engine.record import start_state

# Diamonds are trumps (the dealer's last card, 6♦); seat 2 has no diamonds.
HANDS = ["QD JD AS KS QS JS TS 9S 8S".split(), "TD KD AH KH QH JH TH 9H 8H".split(),
         "AC KC QC JC TC 9C 8C 7C 6C".split(), "AD 9D 8D 7D 7S 6S 7H 6H 6D".split()]


def new(players=4, options=None, dealer=0, game="catch_the_ten"):
    return start_state(start_event(game, players, options or {}, dealer))


def dealt(hands=HANDS, options=None, scores=None):
    state = new(len(hands), options, dealer=3)
    for owner, points in enumerate(scores or ()):
        state.score(owner, points, "earlier deals")
    state.apply_deal(stack_deck(hands, 0, [1] * len(hands[0])))
    return state


def play(state, *moves):
    for seat, move in moves:
        state.apply_move(seat, move)


def play_deal(state, rng):
    deck = state.full_pack()
    rng.shuffle(deck)
    state.apply_deal(deck)
    deals = state.deals
    while state.awaiting == "move" and state.deals == deals:
        seat = state.to_move[0]
        state.apply_move(seat, rng.choice(state.legal_moves(seat)))
    return deck


def test_the_dealers_last_card_is_trump_and_his():
    state = dealt()
    assert state.turn_up == "6D" and state.trump == "D" and "6D" in state.hands[3]
    assert state.to_move == [0] and state.view(1)["turn_up"] == "6D"


def test_case_1_the_queen_catches_the_ten():
    state = dealt()
    play(state, (0, "QD"), (1, "TD"), (2, "AC"), (3, "6D"))
    assert state.tricks[0][2] == 0
    assert state.view(1)["counting_points"] == [12, 0]


def test_case_2_the_jack_of_trumps_beats_the_ace():
    state = dealt()
    play(state, (0, "JD"), (1, "KD"), (2, "AC"), (3, "AD"))
    assert state.tricks[0][2] == 0
    assert state.view(0)["counting_points"] == [11 + 3 + 4, 0]


def test_plain_suits_rank_ace_high_with_the_jack_in_its_place():
    state = dealt()
    play(state, (0, "JS"), (1, "AH"), (2, "AC"), (3, "7S"))
    play(state, (0, "QS"), (1, "KH"), (2, "KC"), (3, "6S"))
    assert [trick[2] for trick in state.tricks] == [0, 0]


def test_case_3_counting_cards_and_cards_over_those_dealt():
    """The rules' figures (22 cards against 14) are hypothetical: the arithmetic is what is checked."""
    state = dealt()
    plain = [card for card in state.full_pack() if card not in ("JD", "TD", "QD", "AD", "KD")]
    side_a = ["JD", "TD", "QD"] + plain[:19]
    side_b = ["AD", "KD"] + plain[19:31]
    assert len(side_a) == 22 and len(side_b) == 14 and not set(side_a) & set(side_b)
    state.tricks = [(0, tuple((0, card) for card in side_a), 0), (1, tuple((1, card) for card in side_b), 1)]
    state.score_deal()
    assert state.scores == [27, 7]
    assert sum(state.scores) == 30 + 4


def test_case_4_two_players_hold_three_hands_of_six():
    state = new(2, dealer=1)
    deck = state.full_pack()
    random.Random(4).shuffle(deck)
    state.apply_deal(deck)
    assert state.hands[0] == deck[0:12:2] and state.hands[1] == deck[1:12:2]
    assert state.reserve[1][-1][-1] == deck[-1] == state.turn_up
    view = state.view(1)
    assert view["face_down_hands"] == [2, 2] and len(view["hand"]) == 6
    assert not set(deck[12:]) - {state.turn_up} & set(view["hand"])
    rng = random.Random(2)
    for _ in range(6):
        for _ in range(2):
            seat = state.to_move[0]
            state.apply_move(seat, rng.choice(state.legal_moves(seat)))
    assert state.hands[0] == deck[12:24:2] and state.hands[1] == deck[13:24:2]
    assert state.to_move == [state.tricks[-1][2]]
    assert state.view(0)["face_down_hands"] == [1, 1]


def test_three_players_hold_two_hands_and_each_plays_for_himself():
    state = new(3)
    assert state.sides is None and state.opts["teams"] == "none"
    deck = state.full_pack()
    state.apply_deal(deck)
    assert [len(hand) for hand in state.hands] == [6, 6, 6] and state.view(0)["face_down_hands"] == [1, 1, 1]
    assert len(state.summary()["scores"]) == 3


@pytest.mark.parametrize(("players", "options", "size", "each"), [
    (2, {}, 36, 18), (3, {}, 36, 12), (4, {}, 36, 9), (5, {}, 35, 7), (6, {}, 36, 6), (7, {}, 35, 5),
    (8, {}, 40, 5), (8, {"eight_player_pack": "remove_sixes"}, 32, 4)])
def test_packs_and_cards_per_player(players, options, size, each):
    state = new(players, options)
    deck = state.full_pack()
    assert len(deck) == size and len(set(deck)) == size
    assert ("6S" in deck) == (players not in (5, 7) and size != 32)
    assert ("5H" in deck) == (size == 40)
    state.apply_deal(deck)
    held = sum(len(state.hands[seat]) + sum(map(len, state.reserve[seat])) for seat in range(players))
    assert held == size and len(state.hands[0]) + sum(map(len, state.reserve[0])) == each
    assert Counter(card for cards in state.card_places().values() for card in cards) == Counter(deck)


def test_partnerships():
    assert new(4).sides == 2 and new(6).sides == 2 and new(8).sides == 2
    assert new(6, {"teams": "pairs"}).sides == 3 and new(8, {"teams": "pairs"}).sides == 4
    assert new(4, {"teams": "none"}).sides is None
    six = new(6, {"teams": "pairs"})
    assert [six.owner(seat) for seat in range(6)] == [0, 1, 2, 0, 1, 2]
    with pytest.raises(OptionError, match="partnerships need 4, 6 or 8"):
        new(5, {"teams": "two_teams"})


def test_a_deal_gives_thirty_points_plus_the_excess():
    rng = random.Random(9)
    state = new(4)
    play_deal(state, rng)
    facts = state.history[-1]
    excess = sum(max(0, taken - dealt) for taken, dealt in zip(facts["captured"], facts["dealt"]))
    assert sum(state.scores) == 30 + excess == sum(facts["counting_points"]) + excess


def test_stop_at_41_ends_the_game_on_the_capture():
    state = dealt(options={"stop_at_41": True}, scores=(29, 0))
    play(state, (0, "QD"), (1, "TD"), (2, "AC"), (3, "6D"))
    assert state.over and state.winner == 0 and state.scores == [41, 0]
    going_on = dealt(scores=(29, 0))
    play(going_on, (0, "QD"), (1, "TD"), (2, "AC"), (3, "6D"))
    assert not going_on.over and going_on.scores == [29, 0]


# Diamonds are trumps (the dealer's last card, 6♦): the trick Q♦ K♦ 7♦ 8♦.
RUNNING_HANDS = ["QD AS KS QS JS TS 9S 8S 7S".split(), "KD AH KH QH JH TH 9H 8H 7H".split(),
                 "7D AC KC QC JC TC 9C 8C 7C".split(), "8D AD JD TD 9D 6S 6H 6C 6D".split()]


def test_with_stop_at_41_counting_cards_count_the_moment_they_are_won():
    state = dealt(RUNNING_HANDS, options={"stop_at_41": True})
    play(state, (0, "QD"), (1, "KD"), (2, "7D"), (3, "8D"))
    assert state.tricks[0][2] == 1 and state.scores == [0, 5] and state.summary()["scores"] == [0, 5]
    assert state.view(0)["scores"] == [0, 5] and state.view(0)["counting_points"] == [0, 5]
    counted_at_the_end = dealt(RUNNING_HANDS)
    play(counted_at_the_end, (0, "QD"), (1, "KD"), (2, "7D"), (3, "8D"))
    assert counted_at_the_end.scores == [0, 0]


def test_with_stop_at_41_a_finished_deal_adds_only_the_excess_to_the_captures_already_counted():
    rng = random.Random(9)
    stopping, plain = new(4, {"stop_at_41": True}), new(4)
    deck = play_deal(stopping, rng)
    plain.apply_deal(deck)
    for _, cards, _ in stopping.tricks:
        for seat, card in cards:
            plain.apply_move(seat, card)
    assert not stopping.over and stopping.deals == plain.deals == 1
    assert stopping.scores == plain.scores and sum(stopping.scores) > 30


def test_the_game_runs_to_41_and_the_highest_wins():
    rng = random.Random(12)
    state = new(3)
    while state.awaiting is not None:
        play_deal(state, rng)
        best = max(state.scores)
        leaders = [seat for seat in range(3) if state.scores[seat] == best]
        assert state.over == (best >= 41 and len(leaders) == 1)
    assert state.winner == leaders[0]
