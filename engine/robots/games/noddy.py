"""Noddy's robots: which card to lay in the play (the count is the engine's).

The simple robot takes the most points the card scores at once, less a
little for a count that a ten-card would turn into 15, 25 or 31 for the
next player. The strong robot guesses the other hands many times over,
keeping only guesses that give each side the count it was seen to score
(the view hides another hand's count, but the score shows it) and from which
the play so far follows, and for each card it may lay plays the rest of the
play out, every hand open: its side's cards the best it finds, the others'
as the simple robot lays them (as the oracle's playouts lay every card).
It lays the card with the best mean result.
"""

from collections import Counter

from ...cards import pack
from ...games.noddy import LIMIT, PHASE_PLAY, Noddy, card_value, hand_combinations, pile_combinations
from ..base import search_scale
from ..profile import Profile, register_profile

DANGER = 0.8          # what a count that a ten-card makes 15, 25 or 31 costs, in points
WORLDS = 14           # guessed deals per decision, at the strong robot's budget
TRIES = 200          # guesses tried per world for one that gives each side the count it scored


def immediate(view, card):
    pile = [laid for _, laid in view["pile"]] + [card]
    knave = "J" + view["knave_noddy_suit"]
    points = sum(combo["points"] for combo in pile_combinations(pile, view["options"]["noddy_in_play"], knave))
    count = view["play_count"] + card_value(card)
    danger = DANGER if count < LIMIT and any(count + 10 == mark for mark in (15, 25, 31)) else 0
    return points - danger


def simple_card(view):
    return max(sorted(view["legal"]), key=lambda card: (immediate(view, card), card_value(card)))


@register_profile
class NoddyProfile(Profile):
    game = "noddy"

    def own_choice(self, level, view, rng):
        scale = search_scale(level)
        if scale:
            return strong_card(view, rng, WORLDS * scale)
        return simple_card(view)


def strong_card(view, rng, worlds):
    totals = dict.fromkeys(sorted(view["legal"]), 0.0)
    wanted = hidden_counts(view)
    for _ in range(worlds):
        state = guessed_state(view, rng, wanted)
        for card in totals:
            trial = fork(state)
            trial.play(view["seat"], card)
            totals[card] += search(trial, view["seat"])
    return max(totals, key=lambda card: (totals[card], immediate(view, card)))


def guessed_state(view, rng, wanted):
    """The position with the other hands guessed: one that gives each side the count it scored
    (`hidden_counts`) and from which the play so far follows (a player passed over could lay nothing)
    where a guess within TRIES does, else the last one tried."""
    seat, seats = view["seat"], len(view["hand_sizes"])
    played = {other: [card for laid_by, card in view["pile"] if laid_by == other] for other in range(seats)}
    seen = Counter(view["hand"]) + Counter([view["up_card"]]) + Counter(card for _, card in view["pile"])
    unseen = list((Counter(pack()) - seen).elements())
    for _ in range(TRIES):
        rng.shuffle(unseen)
        hands, used = {seat: list(view["hand"])}, 0
        for other in range(seats):
            if other != seat:
                hands[other] = unseen[used:used + view["hand_sizes"][other]]
                used += view["hand_sizes"][other]
        if all(sum(hand_points(hands[other] + played[other], view["up_card"]) for other in others) == points
               for others, points in wanted):
            state = replayed(view, hands, played, strict=True)
            if state is not None:
                return state
    return replayed(view, hands, played, strict=False)


def replayed(view, hands, played, strict):
    """The play so far laid again from the guessed hands (`hands` now, `played` laid from them), through the
    game's own rules; None, when `strict`, if the play would have taken another turn."""
    state = Noddy(view["players"], view["options"], view["dealer"])
    state.deals = view["deal"]
    state.phase = PHASE_PLAY
    state.up_card = view["up_card"]
    state.hands = [hands[other] + played[other] for other in range(len(hands))]
    totals = list(view["scores"])
    for play in view["plays"]:
        totals[side_of(view, play["seat"])] -= play["points"]
    state.ledger.totals = totals
    state.turn = state.eldest
    for layer, card in view["pile"]:
        if state.turn != layer:
            if strict:
                return None
            state.turn = layer
        state.play(layer, card)
    return state


def hand_points(cards, up_card):
    return sum(combo["points"] for combo in hand_combinations(cards, up_card))


def hidden_counts(view):
    """[(the other seats of a side whose hands are hidden, what their hands counted together)].

    The view hides another hand's count, but not the score: a side's score now, less its score before
    the deal, what it scored in the play and a turned Knave, is what its hands counted. Its own hand's
    count is known, so what the hidden hands of each side counted is known too. Nothing is told of a
    side whose figure comes out below zero (a score that did not run on from the last deal's)."""
    seat, seats = view["seat"], len(view["hand_sizes"])
    before = view["history"][-1]["scores"] if view["history"] else [0] * len(view["scores"])
    counted = [now - then for now, then in zip(view["scores"], before)]
    for play in view["plays"]:
        counted[side_of(view, play["seat"])] -= play["points"]
    for count in view["counts"]:
        if count["turned"] or count["seat"] == seat:
            counted[side_of(view, count["seat"])] -= count["points"]
    wanted = []
    for side, points in enumerate(counted):
        others = [other for other in range(seats) if other != seat and side_of(view, other) == side]
        if others and points >= 0:
            wanted.append((others, points))
    return wanted


def side_of(view, seat):
    return seat % len(view["scores"])


def fork(state):
    """A copy to play a line on: only what the play changes is copied."""
    twin = object.__new__(Noddy)
    twin.__dict__.update(state.__dict__)
    twin.hands = [list(hand) for hand in state.hands]
    twin.pile = list(state.pile)
    twin.events = list(state.events)
    twin.history = list(state.history)
    twin.ledger = state.ledger.copy()
    return twin


def search(state, seat):
    """The seat's result at the end of the play in a guessed deal: its side lays the best cards it can find
    with every hand open, the other side lays as the simple robot does (the oracle's playouts play them so)."""
    while state.phase == PHASE_PLAY:
        mover = state.to_move[0]
        legal = state.legal_moves(mover)
        if state.side_of(mover) == state.side_of(seat) and len(legal) > 1:
            results = []
            for card in legal:
                trial = fork(state)
                trial.play(mover, card)
                results.append(search(trial, seat))
            return max(results)
        state.play(mover, legal[0] if len(legal) == 1 else simple_card(state.view(mover)))
    return state.returns()[seat]
