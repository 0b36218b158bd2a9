"""Laugh and Lie Down's robots: which card to capture with (lay-downs and claims are always taken).

The simple robot takes a mournival when it can, else a lone table card
(leaving no mate of it on the table for the next player), preferring ranks
whose last card is already out of play. The strong robot guesses the other
hands many times over (no guessed hand may hold what it would have laid
by already) and plays the deal out with the simple robot's rule for every
capture it may make; it makes the one with the best mean gain in counters.
"""

from collections import Counter

from ...cards import pack
from ...games.laugh_and_lie_down import AUTOMATIC, LIE_DOWN, PHASE_PLAY, LaughAndLieDown, free_lay_downs
from ...state import AWAITING_MOVE
from ..base import search_scale
from ..profile import Profile, register_profile

WORLDS = 16           # guessed deals per decision, at the strong robot's budget
TRIES = 20            # guesses tried per world for one that breaks no lay-down rule


def capture_worth(table, laid_ranks, card):
    """What a capture is worth at a glance: the cards it lays by, a clean take, a rank nobody else can fish."""
    on_table = sum(1 for other in table if other[0] == card[0])
    taken = 4 if on_table == 3 else 2
    return taken + (0.5 if on_table == 1 else 0) + 0.1 * laid_ranks.get(card[0], 0)


def simple_move(legal, table, laid):
    spoken = sorted(move for move in legal if " " in move and move != LIE_DOWN)
    if spoken:
        return spoken[0]
    cards = [move for move in legal if move != LIE_DOWN]
    if not cards:
        return LIE_DOWN
    laid_ranks = Counter(card[0] for cards_by in laid for card in cards_by)
    return max(sorted(cards), key=lambda card: capture_worth(table, laid_ranks, card))


@register_profile
class LaughAndLieDownProfile(Profile):
    game = "laugh_and_lie_down"

    def own_choice(self, level, view, rng):
        legal = view["legal"]
        scale = search_scale(level)
        if scale and not any(" " in move for move in legal):
            return strong_capture(view, rng, WORLDS * scale)
        return simple_move(legal, view["table_cards"], view["laid"])


def strong_capture(view, rng, worlds):
    seat = view["seat"]
    gains = dict.fromkeys(sorted(view["legal"]), 0.0)
    for _ in range(worlds):
        state = guessed_state(view, rng)
        for card in gains:
            trial = state.clone()
            trial.play(seat, card)
            play_out(trial)
            gains[card] += trial.ledger.counters[seat] - view["stakes"]["totals"][seat]
    table, laid = view["table_cards"], view["laid"]
    laid_ranks = Counter(card[0] for cards in laid for card in cards)
    return max(gains, key=lambda card: (gains[card], capture_worth(table, laid_ranks, card)))


def guessed_state(view, rng):
    """The position with the other standing hands guessed."""
    seat, seats = view["seat"], len(view["hand_sizes"])
    seen = Counter(view["hand"]) + Counter(view["table_cards"]) + Counter(card for cards in view["laid"] for card in cards)
    unseen = list((Counter(pack()) - seen).elements())
    laid_ranks = Counter(card[0] for cards in view["laid"] for card in cards)
    automatic = view["options"]["lay_downs"] == AUTOMATIC
    for _ in range(TRIES):
        rng.shuffle(unseen)
        hands, used = [[] for _ in range(seats)], 0
        for other in range(seats):
            if other != seat:
                hands[other] = unseen[used:used + view["hand_sizes"][other]]
                used += view["hand_sizes"][other]
        if not automatic or not any(free_lay_downs(hand, laid_ranks) for hand in hands):
            break
    hands[seat] = list(view["hand"])
    state = LaughAndLieDown(view["players"], view["options"], view["dealer"])
    state.deals = view["deal"]
    state.phase = PHASE_PLAY
    state.hands = hands
    state.table = list(view["table_cards"])
    state.laid = [list(cards) for cards in view["laid"]]
    state.lain = [status == "lain_down" for status in view["statuses"]]
    state.turn = seat
    state.ledger.counters = list(view["stakes"]["totals"])
    state.ledger.pot = view["pot"]
    return state


def play_out(state):
    """The rest of the deal, every player by the simple rule."""
    deal = state.deals
    while state.awaiting == AWAITING_MOVE and state.deals == deal and state.phase == PHASE_PLAY:
        mover = state.to_move[0]
        state.play(mover, simple_move(state.legal_moves(mover), state.table, state.laid))


