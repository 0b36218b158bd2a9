"""The strong robot: perfect-information Monte Carlo over guessed deals.

For each of a number of guessed full states (`engine.robots.worlds`: the
seat's own record replayed through the protocol with the hidden cards
guessed), it tries every legal move (in a trick game, every card: calls are
made by the hand, as the simple robot makes them), plays the rest of the deal out (with
the shared look-ahead card policy, every hand open, in a trick game; at
random in any other) and keeps the move whose outcome, measured in the
game's `returns`, is best on average over the same guesses. PIMC rather
than ISMCTS: with a one-ply choice over few moves and a sharp playout
policy, PIMC spends the budget on more guesses, and in trick games its
known weakness (strategy fusion) costs little. Where a game's profile asks
for it (`play_inference`), the guesses searched are drawn by how likely
they make the cards the others played (`engine.robots.inference`), and
(`search_alike`) cards that play alike are searched once
(`engine.robots.alike`). Nothing here knows a rule: the game's own state
decides what is legal and what a deal scores.
"""

import random

from ..state import AWAITING_MOVE
from ..tricks import TrickGame
from .alike import alike_groups
from .base import register_robot
from .inference import PlayModel
from .knowledge import acting_seat, read_knowledge
from .policy import Decision, Later, card_values, choose_card
from .profile import Profile, TrickProfile, profile_for
from .simple import SimpleRobot, is_call_round, view_decision
from .worlds import WorldError, Worlds

# Share of the look-ahead policy's own judgment added to the playout means: open-hand
# playouts always find a safe moment later (to shed the Joker, say), so they
# undervalue the safe moment at hand.
PRIOR_WEIGHT = 0.3


@register_robot
class StrongRobot(SimpleRobot):
    """Searches guessed deals, in every game whose robots are not the game's own."""

    level = "strong"
    plays_like = "a good player"
    words = ("imagines, before each move, many ways the hidden cards may lie, plays each of them out and picks "
             "the move that does best: hard to beat")
    search_scale = 1

    def choose(self, view):
        legal = view["legal"]
        profile = profile_for(self.game, view["options"])
        rng = self.decision_rng(view)
        own = profile.own_choice(self.level, view, rng) if profile and len(legal) > 1 else None
        if own is not None or len(legal) == 1:
            return own if own is not None else legal[0]
        trick_profile = profile if isinstance(profile, TrickProfile) else None
        if trick_profile and is_call_round(trick_profile, view, legal):
            return super().choose(view)   # calls by the hand: open-hand playouts judge bids badly
        knowledge = read_knowledge(view, trick_profile) if trick_profile else None
        model = PlayModel(trick_profile, view, *trick_profile.play_inference) \
            if trick_profile and trick_profile.play_inference else None
        try:
            worlds = Worlds(view, knowledge, rng, trick_profile.layout(view) if trick_profile else None,
                            keep_trail=model is not None)
        except WorldError:
            return super().choose(view)
        groups = alike_groups(trick_profile, knowledge, legal) if trick_profile and trick_profile.search_alike else None
        totals = search(view, trick_profile, worlds, rng, budget(profile, self.search_scale), model, groups)
        if totals is None:
            return super().choose(view)
        if trick_profile:
            add_prior(totals, trick_profile, view, view_decision(trick_profile, view, knowledge))
        return max(totals, key=totals.get)

    def decision_rng(self, view):
        return position_rng(self.seed, self.rng, view)


def add_prior(totals, profile, view, decision):
    """Add to each card's mean gain in `totals` the look-ahead policy's own judgment of it in `decision`,
    `PRIOR_WEIGHT` a point."""
    pack = set(profile.pack(view))
    for move, value in card_values(profile, decision, [move for move in totals if move in pack]).items():
        totals[move] += PRIOR_WEIGHT * value


def position_rng(seed, rng, view):
    """A generator fixed by the seed and the position, so a choice can be reproduced (`rng` without a seed)."""
    if seed is None:
        return rng
    position = (view["deal"], len(view["moves"]), view["to_move"])
    return random.Random(f"{seed}|{position}")


def budget(profile, scale=1):
    """(playouts per decision, fewest and most guessed deals per candidate move): the game's, or the default,
    `scale` times over."""
    fewest, most = (profile or Profile).search_worlds
    return scale * (profile or Profile).search_playouts, scale * fewest, scale * most


def search(view, profile, worlds, rng, budget, model=None, groups=None):
    """Each legal move's mean gain in returns over the full states `worlds.guess()` gives, played out;
    None if no state fits. The strong robot's worlds are guessed from its seat's view (`Worlds`), the
    oracle's are the one true state. `budget` is (playouts per decision, fewest and most worlds per
    candidate move). With a `model` (`inference.PlayModel`) the guesses searched are drawn by how likely
    they make the others' plays of the record, each weighing the times it was drawn. With `groups`
    ({move searched: the moves that play alike with it}, `alike.alike_groups`) one move of each group is
    played out, and its gain stands for the group's."""
    legal = sorted(groups or view["legal"])
    seat = acting_seat(view)
    playouts, fewest, most = budget
    count = max(fewest, min(most, playouts // len(legal)))
    tricks = isinstance(profile, TrickProfile)
    trick_value, taken_weight = (profile.trick_value(view), profile.taken_weight) if tricks else (0, 0.0)
    totals = dict.fromkeys(legal, 0.0)
    searched = 0.0
    for state, weight in guesses(view, worlds, count, model, rng):
        before = state.returns()[seat]
        for index, move in enumerate(legal):
            trial = state.clone() if index < len(legal) - 1 else state   # the last move may have the guess itself
            trial.play(seat, move)
            taken = play_out(profile, trial, trick_value, rng)
            totals[move] += weight * (trial.returns()[seat] - before + taken_weight * taken.get(seat, 0.0))
        searched += weight
    if not searched:
        return None
    means = {move: total / searched for move, total in totals.items()}
    return {move: means[searched_move] for searched_move, moves in groups.items() for move in moves} \
        if groups else means


def guesses(view, worlds, count, model, rng):
    """Up to `count` (full state, weight) pairs for the search to play out. Without a model, each guess
    weighs 1 and is made as the search reaches it; with one, `model.pool` times as many guesses are weighed
    by the model and `count` drawn from them in proportion (`PlayModel.draw`), so the playouts go to the
    deals the others' plays make likely."""
    seat = acting_seat(view)
    legal = set(view["legal"])

    def fitting():
        for _ in range(count * (model.pool if model else 1)):
            try:
                state = worlds.guess()
            except WorldError:
                return
            if not legal <= set(state.read_legal(seat)):   # a guess from a fresh game that cannot hold this
                return                                      # position (a seat out of the game) is no use
            yield state

    if model is None:
        return ((state, 1.0) for state in fitting())
    weighed = [(state, model.weight(worlds.trail)) for state in fitting()]
    return model.draw(weighed, count, rng) if weighed else []


def play_out(profile, state, trick_value, rng):
    """Play the rest of the deal: cards by the look-ahead policy with every hand open, calls as the
    simple robot makes them; at random where the game gives no policy. Returns what each seat's side
    took in tricks, as the profile weighs them, less what the others took: {seat: worth}."""
    deal = state.deals
    cards = isinstance(profile, TrickProfile) and isinstance(state, TrickGame)
    taken = {}
    done = len(state.tricks) if cards else 0
    while state.awaiting == AWAITING_MOVE and state.deals == deal:
        seat = state.to_move[0]
        legal = state.legal_moves(seat)
        if len(legal) == 1:
            move = legal[0]
        elif cards and legal[0] in state.hands[seat]:
            move = choose_card(profile, open_decision(profile, state, seat, legal, trick_value))
        elif profile:
            view = state.view(seat)
            move = profile.own_choice("simple", view, rng)   # a game's own decisions, as its simple robot makes them
            if move is None:
                move = profile.call(view, legal, profile.hand_advantage(view))
        else:
            move = rng.choice(legal)
        state.play(seat, move)
        if cards and len(state.tricks) > done and state.deals == deal:
            done = len(state.tricks)
            _, trick, winner = state.tricks[-1]
            if winner is None:           # a tied trick set aside: its cards go to a later trick's winner
                continue
            worth = profile.card_points([card for _, card in trick]) + trick_value
            for other, partner in enumerate(profile.partners(state.seat_count)[winner]):
                taken[other] = taken.get(other, 0.0) + (worth if partner else -worth)
    return taken


def open_decision(profile, state, seat, legal, trick_value):
    """The card decision with every hand in view (read from the trick game's state)."""
    seats = state.seat_count
    trick = list(state.trick)
    hands = state.hands
    later = [Later(other, hands[other], len(hands[other])) for other in profile.seats_after(seat, seats, trick, state)]
    # Positional, and the partners a lookup: the playouts build this at every card.
    return Decision(seat, legal, trick, len(state.tricks), trick_value, later, profile.partners(seats)[seat].__getitem__)
