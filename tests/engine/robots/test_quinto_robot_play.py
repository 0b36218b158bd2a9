"""Quinto robots play deliberately: the Joker and fives to a winning partner, low cards away, sound doubles."""

from engine.events import start_event
from engine.cards import pack
from engine.dealing import stack_deck
from engine.record import start_state
from engine.robots import make_robot

DEALER = 3   # seat 0 is eldest: it speaks and leads first


def quinto_deal(named, no_hearts=(1, 2)):
    """A deal whose hands hold the named cards (seat -> cards), filled up in pack order.

    Seats in `no_hearts` get no hearts beyond their named cards, so they
    discard to a heart lead. Unless named, the Joker lies in the cachette.
    """
    chosen = [card for cards in named.values() for card in cards]
    rest = [card for card in pack() if card not in chosen]
    hands = []
    for seat in range(4):
        hand = list(named.get(seat, []))
        fill = [card for card in rest if not (seat in no_hearts and card[1] == "H")][:12 - len(hand)]
        for card in fill:
            rest.remove(card)
        hands.append(hand + fill)
    cachette = rest if "JK" in chosen else rest + ["JK"]
    state = start_state(start_event("quinto", 4, None, DEALER))
    state.apply_deal(cachette + stack_deck(hands, (DEALER + 1) % 4, [1] * 12))
    return state


def play(state, *moves):
    for move in moves:
        state.apply_move(state.to_move[0], move)


def test_the_joker_or_a_five_goes_to_a_partner_holding_the_trick():
    state = quinto_deal({2: ["JK", "5S", "9C", "2S"], 0: ["AH"]})
    play(state, "pass", "pass", "pass", "pass", "AH")
    play(state, state.legal_moves(1)[0])
    assert make_robot("simple", "quinto", 1).choose(state.view(2)) == "JK"
    assert make_robot("strong", "quinto", 1).choose(state.view(2)) in ("JK", "5S")


def test_fives_are_kept_from_an_opponent_holding_the_trick():
    state = quinto_deal({1: ["5C", "5D", "2S", "9S"], 0: ["AH"]})
    play(state, "pass", "pass", "pass", "pass", "AH")
    view = state.view(1)
    assert "5C" in view["legal"] and "2S" in view["legal"]
    for level in ("simple", "strong"):
        assert make_robot(level, "quinto", 1).choose(view) not in ("5C", "5D", "JK")


def test_a_hand_of_top_hearts_doubles_and_a_poor_one_passes():
    strong_hand = ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "AD", "KD", "QD", "JD", "TD"]
    state = quinto_deal({0: strong_hand})
    for level in ("simple", "strong"):
        assert make_robot(level, "quinto", 1).choose(state.view(0)) == "double"
    poor_hand = ["2S", "3S", "4S", "6S", "7S", "8S", "2C", "3C", "4C", "6C", "7C", "8C"]
    state = quinto_deal({0: poor_hand})
    for level in ("simple", "strong"):
        assert make_robot(level, "quinto", 1).choose(state.view(0)) == "pass"
