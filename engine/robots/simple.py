"""The simple robot: plays each card by the one-trick look-ahead policy."""

from .base import Robot, register_robot
from .knowledge import read_knowledge
from .policy import Decision, Later, choose_card
from .profile import profile_for


def is_call_round(profile, view, legal):
    """Whether the legal moves are calls (double, pass…) rather than cards."""
    pack = set(profile.pack(view))
    return any(move not in pack for move in legal)


def view_decision(profile, view, knowledge):
    """The card decision as the acting seat sees it in its view."""
    seat = knowledge.seat
    seats = len(view["hand_sizes"])
    side = profile.side_of(seat, seats)
    suits = {card[1] for card in knowledge.unseen if card not in profile.always_playable}
    trick = [(s, card) for s, card in view["trick"]]
    later = []
    for other in profile.seats_after(seat, seats, trick, view):
        if other in knowledge.known:
            later.append(Later(other, knowledge.known[other], len(knowledge.known[other])))
        else:
            voids = frozenset(suit for suit in suits if knowledge.void_in(other, suit))
            later.append(Later(other, knowledge.possible(other), knowledge.hidden.get(other, 0), voids))
    return Decision(
        seat=seat,
        legal=list(view["legal"]),
        trick=trick,
        tricks_done=len(view["tricks"]),
        trick_value=profile.trick_value(view),
        later=later,
        partner_of=lambda other: profile.side_of(other, seats) == side,
    )


@register_robot
class SimpleRobot(Robot):
    """Follows rules of thumb: win rich tricks cheaply, feed a winning partner, shed low cards."""

    level = "simple"
    plays_like = "a careful beginner"
    words = "plays by sound rules of thumb, as a careful beginner does"

    def choose(self, view):
        legal = view["legal"]
        profile = profile_for(self.game, view["options"])
        own = profile.own_choice(self.level, view, self.decision_rng(view)) if profile and len(legal) > 1 else None
        if own is not None:
            return own
        if len(legal) == 1 or profile is None:
            return legal[0] if len(legal) == 1 else self.rng.choice(sorted(legal))
        if is_call_round(profile, view, legal):
            return profile.call(view, legal, profile.hand_advantage(view))
        knowledge = read_knowledge(view, profile)
        return choose_card(profile, view_decision(profile, view, knowledge))

    def decision_rng(self, view):
        """The random generator a decision draws from."""
        return self.rng
