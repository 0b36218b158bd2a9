"""The look-ahead card policy reads a later player's cards as the deciding seat knows them: a player whose
every card is known beats the trick or not; one whose cards are hidden among others beats it by the chance
that it holds a card above."""

import pytest

from engine.registry import find_game
from engine.robots.policy import Decision, Later, card_values, choose_card
from engine.robots.profile import profile_for

TRICK_VALUE = 5


def quinto_profile():
    options = {option.name: option.default for option in find_game("quinto").options}
    return profile_for("quinto", options)


def decision(later):
    """Seat 2 follows its partner's K♥ and an opponent's low spade; seat 3, an opponent, plays last."""
    return Decision(seat=2, legal=["5H", "6H"], trick=[(0, "KH"), (1, "2S")], tricks_done=3,
                    trick_value=TRICK_VALUE, later=[later], partner_of=lambda seat: seat % 2 == 0)


def test_a_five_goes_on_the_partners_trick_when_the_last_player_is_known_not_to_beat_it():
    profile, known = quinto_profile(), decision(Later(3, ["3C", "7D"], 2))
    values = card_values(profile, known)
    assert values["5H"] > values["6H"] > 0 and choose_card(profile, known) == "5H"


def test_a_five_is_kept_when_the_last_player_is_known_to_hold_the_ace():
    values = card_values(quinto_profile(), decision(Later(3, ["AH", "7D"], 2)))
    assert values["5H"] < values["6H"] < 0


@pytest.mark.parametrize("pool, expected", [(10, 1 - 2 / 10), (4, 1 - 2 / 4)])
def test_a_hidden_hand_beats_the_trick_by_the_chance_that_it_holds_the_card_above(pool, expected):
    """The A♥ is one of `pool` cards seat 3 may hold, two of them in its hand: the six's value is the
    policy's (2 × chance − 1) × points less the worth of spending it, with chance that of the A♥ missing."""
    profile = quinto_profile()
    cards = ["AH"] + ["3C", "4C", "6C", "7C", "8C", "9C", "TC", "JC", "QC"][:pool - 1]
    hidden = card_values(profile, decision(Later(3, cards, 2)))["6H"]
    known_low = card_values(profile, decision(Later(3, ["3C", "4C"], 2)))["6H"]
    points = TRICK_VALUE     # the K♥, 2♠ and 6♥ make no quint
    assert hidden == pytest.approx(known_low - 2 * (1 - expected) * points)
