"""Noddy's robots: which card to lay in the play (the count is the engine's).

The simple robot takes the most points the card scores at once, less a
little for a count that a ten-card would turn into 15, 25 or 31 for the
next player. The strong robot guesses the other hands many times over,
keeping only guesses whose hand counts match the points each hand was seen
to score, and plays the rest of the play out exactly (every hand open) for
each card it may lay; it lays the card with the best mean result.
"""

from collections import Counter

from ...cards import pack
from ...games.noddy import LIMIT, PHASE_PLAY, Noddy, card_value, hand_combinations, pile_combinations
from ..profile import Profile, register_profile

DANGER = 0.8          # what a count that a ten-card makes 15, 25 or 31 costs, in points
WORLDS = 14           # guessed deals per decision
TRIES = 60            # guesses tried per world for one that matches the published counts
DEPTH = 8             # cards looked ahead; past it a line is judged by its score so far
WIN_BONUS = 20        # worth of winning the game during the deal, in points


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
        if level == "strong":
            return strong_card(view, rng)
        return simple_card(view)


def strong_card(view, rng):
    totals = dict.fromkeys(sorted(view["legal"]), 0.0)
    for _ in range(WORLDS):
        state = guessed_state(view, rng)
        for card in totals:
            trial = fork(state)
            trial.play(view["seat"], card)
            totals[card] += search(trial, view["seat"], DEPTH - 1)
    return max(totals, key=lambda card: (totals[card], immediate(view, card)))


def guessed_state(view, rng):
    """The position with the other hands guessed, consistent with each hand's published count."""
    seat, seats = view["seat"], len(view["hand_sizes"])
    played = {other: [card for laid_by, card in view["pile"] if laid_by == other] for other in range(seats)}
    seen = Counter(view["hand"]) + Counter([view["up_card"]]) + Counter(card for _, card in view["pile"])
    unseen = list((Counter(pack()) - seen).elements())
    published = {count["seat"]: count["points"] for count in view["counts"] if not count["turned"]}
    for _ in range(TRIES):
        rng.shuffle(unseen)
        hands, used = {}, 0
        for other in range(seats):
            if other != seat:
                hands[other] = unseen[used:used + view["hand_sizes"][other]]
                used += view["hand_sizes"][other]
        if all(sum(combo["points"] for combo in hand_combinations(hand + played[other], view["up_card"]))
               == published.get(other) for other, hand in hands.items()):
            break
    state = Noddy(view["players"], view["options"], view["dealer"])
    state.deals = view["deal"]
    state.phase = PHASE_PLAY
    state.up_card = view["up_card"]
    state.hands = [list(view["hand"]) if other == seat else hands[other] for other in range(seats)]
    state.pile = [list(laid) for laid in view["pile"]]
    state.count = view["play_count"]
    state.last_layer = view["pile"][-1][0] if view["pile"] else None
    state.turn = seat
    state.ledger.totals = list(view["scores"])
    return state


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


def search(state, seat, depth):
    """The best result for the seat's side with every hand open: its points less the others', the game's win weighed."""
    if state.phase != PHASE_PLAY or depth == 0:
        return judge(state, seat)
    mover = state.to_move[0]
    mine = state.side_of(mover) == state.side_of(seat)
    results = []
    for card in state.legal_moves(mover):
        trial = fork(state)
        trial.play(mover, card)
        results.append(search(trial, seat, depth - 1))
    return max(results) if mine else min(results)


def judge(state, seat):
    side = state.side_of(seat)
    scores = state.ledger.totals
    value = scores[side] - sum(score for other, score in enumerate(scores) if other != side)
    if state.over:
        value += WIN_BONUS if side in state.winners else -WIN_BONUS
    return value
