"""Alouette: every test case of rules/alouette.md, and the deal, the free play, ties and views."""

import random

import pytest

from engine.cards import pack
from engine.dealing import stack_deck
from engine.events import start_event
from engine.games.alouette import RANKS
from engine.record import start_state
from engine.robots.knowledge import read_knowledge
from engine.robots.profile import profile_for
from engine.robots.worlds import Worlds, carried_keys
from tests.engine.robots.robot_playouts import play_out, random_decisions

# Tricks 1 to 9 of the rules file's cases, each {seat: card}: 1 ties (Kings), 2 settles it, 5-8 go to
# the other side, 9 ties (Sevens) and goes to whoever took trick 1.
CASE_TRICKS = [
    {0: "9S", 1: "KD", 2: "4H", 3: "KC"},
    {0: "QH", 1: "2S", 2: "JC", 3: "AD"},
    {0: "KH", 1: "2H", 2: "3H", 3: "4D"},
    {0: "KS", 1: "2D", 2: "3S", 3: "4S"},
    {0: "3C", 1: "2C", 2: "5C", 3: "QS"},
    {0: "5S", 1: "QD", 2: "5H", 3: "5D"},
    {0: "6S", 1: "QC", 2: "6H", 3: "6D"},
    {0: "7D", 1: "JD", 2: "8H", 3: "8D"},
    {0: "7S", 1: "7H", 2: "3D", 3: "AC"},
]


def dealt(tricks, dealer=3, options=None, state=None):
    """An Alouette state (a fresh one, or `state` awaiting its next deal) dealt the cards of `tricks`."""
    state = state or start_state(start_event("alouette", 4, options or {}, dealer))
    hands = [[trick[seat] for trick in tricks] for seat in range(4)]
    unused = [card for card in pack(RANKS) if all(card not in hand for hand in hands)]
    state.apply_deal(stack_deck(hands, (state.next_dealer + 1) % 4, [3, 3, 3], rest=unused))
    return state


def play_trick(state, cards):
    """Play one trick from the seat whose turn it is; each seat plays its card of `cards`."""
    for _ in range(4):
        seat = state.to_move[0]
        state.apply_move(seat, cards[seat])


def test_the_deal_gives_nine_each_in_threes_and_leaves_twelve_unseen():
    state = dealt(CASE_TRICKS)
    assert [len(hand) for hand in state.hands] == [9, 9, 9, 9]
    assert len(state.unused) == 12 and not any(card[0] == "T" for card in state.full_pack())
    assert len(state.full_pack()) == 48
    assert state.to_move == [0]
    assert set(state.unused) <= state.hidden_from(0)
    assert not set(state.unused) & set(str(state.view(0)).split("'"))


def test_any_card_may_be_played_whatever_was_led():
    state = dealt(CASE_TRICKS)
    state.apply_move(0, "9S")
    assert sorted(state.legal_moves(1)) == sorted(state.hands[1])
    state.apply_move(1, "KD")   # not a spade, though seat 1 holds 2S
    assert state.trick[-1] == (1, "KD")


def test_case_1_a_tie_of_kings_is_set_aside_and_the_same_leader_leads_again():
    state = dealt(CASE_TRICKS)
    play_trick(state, CASE_TRICKS[0])
    assert state.tricks[0][2] is None
    assert state.set_aside == [0] and state.taken_by == [None]
    assert state.to_move == [0]
    view = state.view(2)
    assert view["set_aside"] == [[[0, "9S"], [1, "KD"], [2, "4H"], [3, "KC"]]]
    assert view["last_trick"]["winner"] is None and view["tricks_won"] == [0, 0]


def test_case_2_the_next_winner_takes_the_set_aside_trick_too():
    state = dealt(CASE_TRICKS)
    play_trick(state, CASE_TRICKS[0])
    play_trick(state, CASE_TRICKS[1])   # Q♥ is highest: seat 0's side takes both tricks
    assert state.tricks[1][2] == 0
    assert state.taken_by == [0, 0] and state.set_aside == []
    assert state.tricks_won() == [2, 0]


def test_case_3_and_4_a_tied_last_trick_goes_to_the_taker_of_the_first_and_five_tricks_win_the_hand():
    state = dealt(CASE_TRICKS)
    for trick in CASE_TRICKS:
        play_trick(state, trick)
    assert state.tricks[-1][2] is None            # Sevens tie in trick 9 ...
    assert state.history[-1]["taken_by"][-1] == 0  # ... and seat 0 took trick 1's cards
    assert state.history[-1]["tricks_won"] == [5, 4]
    assert state.scores == [1, 0] and state.history[-1]["side"] == 0
    assert state.awaiting == "deal"


def test_ties_pile_up_until_a_trick_is_won():
    tricks = [dict(trick) for trick in CASE_TRICKS]
    tricks[1] = {0: "QH", 1: "QS", 2: "JC", 3: "AD"}    # trick 2 ties too (Queens)
    tricks[4] = {0: "3C", 1: "2C", 2: "5C", 3: "2S"}    # seat 2's 5♣ wins trick 3 (led by seat 0 again)
    tricks[2], tricks[4] = tricks[4], tricks[2]
    state = dealt(tricks)
    play_trick(state, tricks[0])
    play_trick(state, tricks[1])
    assert state.set_aside == [0, 1] and state.to_move == [0]
    assert len(state.view(1)["set_aside"]) == 2
    play_trick(state, tricks[2])
    assert state.taken_by == [2, 2, 2] and state.tricks_won() == [3, 0]


def test_a_tie_between_partners_is_a_tie_unless_the_option_says_it_wins():
    tricks = [dict(trick) for trick in CASE_TRICKS]
    tricks[0] = {0: "KD", 1: "9S", 2: "KC", 3: "4H"}    # the partners at seats 0 and 2 tie with Kings
    plain = dealt(tricks)
    play_trick(plain, tricks[0])
    assert plain.tricks[0][2] is None and plain.to_move == [0]
    partners = dealt(tricks, options={"partner_tie_wins": True})
    play_trick(partners, tricks[0])
    assert partners.tricks[0][2] == 0 and partners.taken_by == [0] and partners.to_move == [0]
    tricks[0] = {0: "KD", 1: "KC", 2: "9S", 3: "4H"}    # opponents' Kings still tie
    mixed = dealt(tricks, options={"partner_tie_wins": True})
    play_trick(mixed, tricks[0])
    assert mixed.tricks[0][2] is None


def every_trick_tied():
    """Nine tricks, each topped by a pair of equal ranks from seats 0 and 1."""
    tops, lows = "KQJ98765", "QJ9876543"
    tricks = []
    for top, low in zip(tops + "4", lows):
        tricks.append({0: top + "S", 1: top + "C", 2: low + "D", 3: low + "H"})
    return tricks


def test_a_hand_whose_every_trick_tied_is_void():
    tricks = every_trick_tied()
    state = dealt(tricks)
    for trick in tricks:
        play_trick(state, trick)
    assert state.history[-1]["void"] is True
    assert state.history[-1]["tricks_won"] == [0, 0] and state.scores == [0, 0]
    assert state.awaiting == "deal"


def test_twelve_hands_win_the_match_and_the_deal_passes_left():
    state = start_state(start_event("alouette", 4, {}, 3))
    dealers = []
    while not state.over:
        first = (state.next_dealer + 1) % 4   # the case's hands turned so that the eldest's side wins
        rotated = [{(seat + first) % 4: trick[seat] for seat in range(4)} for trick in CASE_TRICKS]
        dealt(rotated, state=state)
        dealers.append(state.dealer)
        for trick in rotated:
            play_trick(state, trick)
    assert dealers[:5] == [3, 0, 1, 2, 3]
    assert state.deals == 23 and state.scores == [12, 11]
    assert state.winner == 0 and state.result().seats == (0, 2)


def test_the_hand_is_shown_by_rank_and_the_rank_order_is_public():
    state = dealt(CASE_TRICKS)
    view = state.view(0)
    assert view["hand"] == ["KS", "KH", "QH", "9S", "7S", "7D", "6S", "5S", "3C"]
    assert view["rank_order"] == "KQJ98765432A"


@pytest.mark.parametrize("options", [{}, {"partner_tie_wins": True}])
def test_the_robots_rebuild_states_that_show_the_seat_its_own_view(options):
    rng = random.Random(5)
    checked = 0
    for state, seat in random_decisions("alouette", 4, options, 0, rng):
        if state.deals > 2:
            break
        view = state.view(seat)
        profile = profile_for("alouette", view["options"])
        rebuilt = Worlds(view, read_knowledge(view, profile), rng).guess()
        earlier = dict.fromkeys(carried_keys(view))   # earlier deals are not rebuilt
        assert {**rebuilt.view(seat), **earlier} == {**view, **earlier}
        checked += 1
    assert checked >= 72


@pytest.mark.parametrize("level", ["simple", "strong"])
def test_the_robots_play_from_their_views(level):
    state = play_out("alouette", 4, {}, level, go_on=lambda state: state.deals < 2 or len(state.tricks) < 3)
    assert state.history and len(state.tricks) == 3
