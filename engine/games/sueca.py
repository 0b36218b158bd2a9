"""Sueca, as `rules/sueca.md` specifies (the unnamed Ace-Ten game of seed 004).

Four players in two partnerships (seats 0 and 2 against 1 and 3), 40 cards
ranked A 7 K J Q 6 5 4 3 2, 120 card-points a deal. The dealer's last card
is shown and sets trumps; he keeps it. Follow suit if you can, otherwise play
anything. A side with 61 or more scores 1 game point, with 90 or more 2, with
every trick 3 (option 4); a 60-60 tie scores nothing and doubles the next
decided deal (twice after two ties). Four game points win.

Moves are cards only. Option `pack = einwerfen32` plays the German relative
(32 cards A K Q J 10 9 8 7, eight each dealt in fours); option
`direction = ccw` plays, deals and passes the deal to the right.
"""

from ..cards import pack, sort_cards
from ..dealing import deal_round
from ..options import Option
from ..registry import register
from ..rounds import PHASE_PLAY, DealSeriesGame
from ..scoring import next_dealer, point_table, points_in_tricks
from ..trumps import strength_table

# pack option -> (rank order high to low, card-points per rank, dealing batches)
PACKS = {
    "sueca40": ("A7KJQ65432", {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}, [1] * 10),
    "einwerfen32": ("AKQJT987", {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}, [4, 4]),
}
HAND_ORDER = "SHCD"
CAPOTE_POINTS = 90
GAME_POINTS = 4


@register
class Sueca(DealSeriesGame):
    name = "sueca"
    title = "Sueca"
    blurb = "Partners race for Aces and Sevens in a 120-point game with a turned-up trump."
    length = "a game of four points, usually four to eight deals"
    players = (4,)
    sides = 2
    options = (
        Option("pack", "sueca40",
               "Sueca's 40 cards (A 7 K J Q…), or Einwerfen's 32 (A K Q J 10 9 8 7)",
               choices=("sueca40", "einwerfen32"), values=(("Sueca's 40 cards", ""), ("Einwerfen's 32 cards", ""))),
        Option("all_tricks", 3, "game points for taking every trick (3, or 4, the whole game)", choices=(3, 4)),
        Option("direction", "cw", "which way play goes round", choices=("cw", "ccw"),
               values=(("To the left", "clockwise"), ("To the right", "anticlockwise, as in Portugal"))),
    )

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.rank_order, rank_values, self.batches = PACKS[self.opts["pack"]]
        self.strength = strength_table(self.rank_order)
        self.values = point_table(rank_values)
        self.step = 1 if self.opts["direction"] == "cw" else -1
        self.multiplier = 1

    def full_pack(self):
        return pack(self.rank_order)

    def next_seat(self, seat):
        """The play, the deal and the next dealer all go the same way."""
        return next_dealer(seat, self.seat_count, self.step)

    def start_deal(self, cards):
        hands, _ = deal_round(cards, 4, self.eldest, self.batches, step=self.step)
        self.turn_up = hands[self.dealer][-1]
        self.trump = self.turn_up[1]
        self.start_tricks(hands, self.eldest)
        self.phase = PHASE_PLAY

    # Scoring -----------------------------------------------------------------

    def card_points(self):
        return points_in_tricks(self.tricks, self.values, 2, self.owner)

    def tricks_won(self):
        return [sum(1 for _, _, winner in self.tricks if self.owner(winner) == side) for side in (0, 1)]

    def after_trick(self, winner, cards):
        if not self.hands[winner]:
            self.score_deal()

    def score_deal(self):
        points = self.card_points()
        tricks_won = self.tricks_won()
        facts = {"turn_up": self.turn_up, "card_points": points, "tricks_won": tricks_won,
                 "multiplier": self.multiplier, "side": None, "game_points": 0}
        if points[0] == points[1]:
            self.multiplier *= 2
            self.close_deal(facts)
            return
        side = 0 if points[0] > points[1] else 1
        if tricks_won[side] == len(self.tricks):
            base, reason = self.opts["all_tricks"], "every trick"
        elif points[side] >= CAPOTE_POINTS:
            base, reason = 2, "capote"
        else:
            base, reason = 1, "more than half"
        gained = base * self.multiplier
        self.score(side, gained, reason if self.multiplier == 1 else f"{reason}, ×{self.multiplier}")
        facts.update(side=side, game_points=gained)
        self.multiplier = 1
        self.close_deal(facts, [side] if self.scores[side] >= GAME_POINTS else None)

    # Views -------------------------------------------------------------------

    def hand_view(self, seat):
        return sort_cards(self.hands[seat], HAND_ORDER, self.rank_order)

    def public_view(self, seat):
        return {
            "card_points": self.card_points(),
            "tricks_won": self.tricks_won(),
            "multiplier": self.multiplier,
            "target": GAME_POINTS,
            "rank_order": self.rank_order,
        }
