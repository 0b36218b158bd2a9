"""Cards that play alike are searched once: two cards of a suit with no card still to be played elsewhere
between them, carrying no points and no mate; and the search gives every card of a group its one mean."""

import random

from engine.registry import find_game
from engine.robots.alike import alike_groups
from engine.robots.knowledge import Knowledge, read_knowledge
from engine.robots.profile import profile_for
from engine.robots.strong import search
from engine.robots.worlds import Worlds
from engine.state import AWAITING_MOVE


def quinto_profile():
    options = {option.name: option.default for option in find_game("quinto").options}
    return profile_for("quinto", options)


def knowledge(hand, unseen, partner_hand=None):
    known = {0: list(hand)} | ({2: list(partner_hand)} if partner_hand else {})
    return Knowledge(0, known, {1: len(unseen)}, list(unseen), {})


def test_touching_cards_of_a_suit_form_one_group_and_the_first_in_order_stands_for_it():
    groups = alike_groups(quinto_profile(), knowledge(["KH", "QH", "9C"], ["JH", "8C", "TC"]), ["KH", "QH", "9C"])
    assert groups == {"KH": ["KH", "QH"], "9C": ["9C"]}


def test_an_unseen_card_between_two_cards_keeps_them_apart_and_a_played_one_does_not():
    hand = ["KH", "JH"]
    assert alike_groups(quinto_profile(), knowledge(hand, ["QH", "2S"]), hand) == {"JH": ["JH"], "KH": ["KH"]}
    assert alike_groups(quinto_profile(), knowledge(hand, ["2S"]), hand) == {"JH": ["JH", "KH"]}


def test_a_card_in_the_partners_hand_keeps_them_apart_too():
    hand = ["KH", "JH"]
    groups = alike_groups(quinto_profile(), knowledge(hand, ["2S"], partner_hand=["QH"]), hand)
    assert groups == {"JH": ["JH"], "KH": ["KH"]}


def test_cards_with_points_a_mate_or_a_rule_of_their_own_are_never_grouped():
    hand = ["5H", "6H", "4H", "3H", "2H", "JK"]
    groups = alike_groups(quinto_profile(), knowledge(hand, ["KS"]), hand)
    assert sorted(len(members) for members in groups.values()) == [1, 1, 1, 1, 1, 1]


def quinto_position():
    """A Quinto deal played by its first legal cards up to a seat with several cards to choose from."""
    state = find_game("quinto")(4, {}, 0)
    pack = state.full_pack()
    random.Random(3).shuffle(pack)
    state.apply_deal(pack)
    while state.awaiting == AWAITING_MOVE:
        seat = state.to_move[0]
        legal = sorted(state.legal_moves(seat))
        if len(legal) > 4 and all(card in state.hands[seat] for card in legal):
            return state.view(seat)
        state.apply_move(seat, legal[0] if "pass" not in legal else "pass")
    raise AssertionError("no position with a choice")


def test_the_search_gives_every_card_of_a_group_the_mean_of_the_card_searched():
    view = quinto_position()
    profile = quinto_profile()
    known = read_knowledge(view, profile)
    legal = sorted(view["legal"])
    searched = legal[0]
    groups = {searched: legal[:2], **{card: [card] for card in legal[2:]}}
    worlds = Worlds(view, known, random.Random(1))
    totals = search(view, profile, worlds, random.Random(1), (12, 2, 2), groups=groups)
    assert set(totals) == set(legal)
    assert totals[legal[1]] == totals[searched]
