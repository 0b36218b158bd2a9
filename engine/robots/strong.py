"""The strong robot: perfect-information Monte Carlo over guessed deals.

For each of a number of guessed deals (hidden cards sampled consistently
with the seat's knowledge), it rebuilds the full state through the game's
profile, tries every legal card, plays the rest of the deal out with the
shared look-ahead policy (every player seeing all hands, which keeps the
playouts cheap and sharp), and keeps the card with the best mean result
over the same guesses. Doubling uses the same playouts to estimate the side's
trick advantage. PIMC rather than ISMCTS: with a one-ply choice over few
cards and a strong playout policy, PIMC spends the budget on more guessed
deals, and in trick games its known weakness (strategy fusion) costs little.
"""

import random

from ..state import AWAITING_MOVE
from .base import register_robot
from .knowledge import read_knowledge
from .policy import Decision, Later, card_value, choose_card
from .sampler import sample_hidden
from .simple import SimpleRobot, is_call_round, view_decision
from .profile import TrickProfile, profile_for

PLAYOUT_BUDGET = 120         # playouts (guessed deals × candidate cards) per decision
MIN_WORLDS, MAX_WORLDS = 8, 40
CALL_WORLDS = 24             # guessed deals played out to judge a double
GAME_BONUS = 50              # worth of winning the game during the deal, in points
# Share of the look-ahead policy's own judgment added to the playout means: open-hand
# playouts always find a safe moment later (to shed the Joker, say), so they
# undervalue the safe moment at hand.
PRIOR_WEIGHT = 0.3


@register_robot
class StrongRobot(SimpleRobot):
    """Searches guessed deals; plays like the simple robot where a game gives no way to rebuild states."""

    level = "strong"

    def choose(self, view):
        legal = view["legal"]
        profile = profile_for(self.game, view["options"])
        if len(legal) == 1 or profile is None or not can_rebuild(profile):
            return super().choose(view)
        rng = self.decision_rng(view)
        own = profile.own_choice(self.level, view, rng)   # a game's own decisions outside the card play
        if own is not None:
            return own
        knowledge = read_knowledge(view, profile)
        if is_call_round(profile, view, legal):
            return profile.call(view, legal, call_advantage(profile, view, knowledge, rng))
        worlds = max(MIN_WORLDS, min(MAX_WORLDS, PLAYOUT_BUDGET // len(legal)))
        totals = dict.fromkeys(sorted(legal), 0.0)
        trick_value = profile.trick_value(view)
        for _ in range(worlds):
            state = guessed_state(profile, view, knowledge, rng)
            start = list(state.scores)
            for move in totals:
                trial = profile.fork(state)
                trial.play(knowledge.seat, move)
                play_out(profile, trial, trick_value)
                totals[move] += outcome(profile, trial, start, knowledge.seat)
        decision = view_decision(profile, view, knowledge)
        return max(totals, key=lambda move: totals[move] / worlds
                   + PRIOR_WEIGHT * card_value(profile, decision, move))

    def decision_rng(self, view):
        """A generator fixed by the seed and the position, so a choice can be reproduced."""
        if self.seed is None:
            return self.rng
        position = (view["deal"], len(view.get("tricks", ())), len(view.get("trick", ())), view["to_move"],
                    view.get("calls"))
        return random.Random(f"{self.seed}|{position}")


def can_rebuild(profile):
    return isinstance(profile, TrickProfile) and type(profile).build_state is not TrickProfile.build_state


def guessed_state(profile, view, knowledge, rng):
    """A full state of the view's position with the hidden cards guessed."""
    placed = sample_hidden(knowledge, rng)
    seats = len(view["hand_sizes"])
    hands = [knowledge.known.get(seat) or placed.get(seat, []) for seat in range(seats)]
    piles = {holder: cards for holder, cards in placed.items() if not isinstance(holder, int)}
    return profile.build_state(view, hands, piles)


def play_out(profile, state, trick_value):
    """Play the rest of the deal with the look-ahead policy, every hand open; calls pass."""
    seats = state.seat_count
    deal = state.deals
    while state.awaiting == AWAITING_MOVE and state.deals == deal:
        seat = state.to_move[0]
        legal = state.legal_moves(seat)
        if len(legal) == 1:
            move = legal[0]
        elif legal[0] not in state.hands[seat]:
            move = "pass" if "pass" in legal else legal[0]
        else:
            move = choose_card(profile, open_decision(profile, state, seat, legal, seats, trick_value))
        state.play(seat, move)


def open_decision(profile, state, seat, legal, seats, trick_value):
    side = profile.side_of(seat, seats)
    trick = list(state.trick)
    later = []
    for step in range(1, seats - len(trick)):
        other = (seat + step) % seats
        hand = state.hands[other]
        later.append(Later(other, hand, len(hand)))
    return Decision(
        seat=seat,
        legal=legal,
        trick=trick,
        tricks_done=len(state.tricks),
        trick_value=trick_value,
        later=later,
        partner_of=lambda other: profile.side_of(other, seats) == side,
    )


def outcome(profile, state, start, seat):
    """The deal's result for the seat's side: its points gained less the others'."""
    scores = state.scores
    seats = state.seat_count
    mine = profile.side_of(seat, seats)
    sign = -1 if profile.penalties else 1
    gains = [sign * (after - before) for after, before in zip(scores, start)]
    others = [gain for side, gain in enumerate(gains) if side != mine]
    result = gains[mine] - sum(others) / len(others)
    if state.over and state.winner is not None:
        result += GAME_BONUS if state.winner == mine else -GAME_BONUS
    return result


def call_advantage(profile, view, knowledge, rng):
    """The side's expected trick advantage, from guessed deals played out."""
    total = 0.0
    for _ in range(CALL_WORLDS):
        state = guessed_state(profile, view, knowledge, rng)
        play_out(profile, state, profile.trick_value(view))
        total += profile.trick_advantage(state, knowledge.seat)
    return total / CALL_WORLDS
