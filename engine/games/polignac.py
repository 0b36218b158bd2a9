"""Polignac (Quatre Valets), as `rules/polignac.md` specifies.

Three to six players, each for himself, with a 32-card pack (the two black
Sevens removed for 3, 5 or 6 players); no trumps; follow suit if you can.
Each player is charged for the Jacks in their tricks: the Jack of spades
("Polignac") 2, each other Jack 1. The fewest penalties win.

Options: `rank` (`polignac`: K Q J A 10 9 8 7, or `standard`: A K Q J 10 …),
`capot` (off by default), and the end of the game: `end` = `fixed_deals`
(play `deals` deals, by default two rounds, 2 × players) or `threshold` (stop
after the deal in which someone's penalties reach `threshold`, 10 by default,
the first of the rules' "10 or 20"). Equal fewest penalties share first
place: `winner` is then null and the view's `winners` lists them.

Actions that are not cards, with `capot` on: before the first lead each
player in turn from eldest says `capot` (he undertakes to win every trick) or
`pass`; the first `capot` ends the bidding. A capot that succeeds charges
every other player 5; one that fails charges the bidder 5 and nobody pays for
Jacks. Decision: the deal stops as soon as the bidder loses a trick, since
nothing more can change its score.

Dealing a recorded pack: from the dealer's left, in batches of 3-2-3 for
eight cards each (3-2-3-2 for ten, 3-3 for six, 3-2 for five); nothing is
left over and no trump is turned.
"""

from ..cards import pack
from ..dealing import deal_round
from ..endings import check_penalty_end, penalty_end_options, penalty_winners
from ..options import Option
from ..protocol import PENALTY
from ..registry import register
from ..rounds import PHASE_PLAY, DealSeriesGame
from ..trumps import strength_table

POLIGNAC_RANKS = "KQJAT987"
STANDARD_RANKS = "AKQJT987"
SHORT_PACK_PLAYERS = (3, 5, 6)
BLACK_SEVENS = ("7S", "7C")
BATCHES = {8: (3, 2, 3), 10: (3, 2, 3, 2), 6: (3, 3), 5: (3, 2)}
JACK_PENALTIES = {"JS": 2, "JC": 1, "JD": 1, "JH": 1}
CAPOT_PENALTY = 5
PHASE_BIDDING = "bidding"


@register
class Polignac(DealSeriesGame):
    name = "polignac"
    title = "Polignac"
    blurb = "Everyone plays alone, no trumps: avoid taking Jacks, above all the Jack of spades."
    length = "two rounds of deals (8 deals of 8 tricks for four players)"
    players = (4, 3, 5, 6)
    sides = None
    score_meaning = PENALTY
    move_hints = {"capot": "undertake to win every trick of this deal", "pass": ""}
    options = (
        Option("rank", "polignac", "card order in each suit", choices=("polignac", "standard"),
               values=(("Polignac's", "K Q J A 10 9 8 7"), ("Standard", "A K Q J 10 9 8 7"))),
        Option("capot", False, "whether a player may undertake to win every trick before the first lead",
               choices=(False, True)),
    ) + penalty_end_options(threshold=10)

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        check_penalty_end(self.opts, players)
        self.strength = strength_table(self.rank_order())
        self.bids = []
        self.capot_bidder = None

    def rank_order(self):
        return POLIGNAC_RANKS if self.opts["rank"] == "polignac" else STANDARD_RANKS

    def full_pack(self):
        cards = pack(STANDARD_RANKS)
        if self.player_count in SHORT_PACK_PLAYERS:
            cards = [card for card in cards if card not in BLACK_SEVENS]
        return cards

    # The deal and the capot bidding --------------------------------------------

    def start_deal(self, cards):
        hands, _ = deal_round(cards, self.seat_count, self.eldest, BATCHES[len(cards) // self.seat_count])
        self.start_tricks(hands, self.eldest)
        self.bids = []
        self.capot_bidder = None
        self.phase = PHASE_BIDDING if self.opts.get("capot") else PHASE_PLAY

    def phase_to_move(self):
        return [(self.eldest + len(self.bids)) % self.seat_count]

    def phase_moves(self, seat):
        return ["capot", "pass"]

    def play_phase_move(self, seat, move):
        self.bids.append([seat, move])
        if move == "capot":
            self.capot_bidder = seat
        if move == "capot" or len(self.bids) == self.seat_count:
            self.phase = PHASE_PLAY

    # Scoring -------------------------------------------------------------------

    def after_trick(self, winner, cards):
        bidder = self.capot_bidder
        capot_failed = bidder is not None and winner != bidder
        if capot_failed or not any(self.hands):
            self.end_of_deal()

    def charges(self):
        """The deal's penalties: (seat, points, reason) for each charge."""
        bidder = self.capot_bidder
        if bidder is not None:
            if all(winner == bidder for _, _, winner in self.tricks) and not any(self.hands):
                return [(seat, CAPOT_PENALTY, "capot made against them")
                        for seat in range(self.seat_count) if seat != bidder]
            return [(bidder, CAPOT_PENALTY, "capot failed")]
        return [(seat, JACK_PENALTIES[card], f"took {card}")
                for _, cards, seat in self.tricks for _, card in cards if card in JACK_PENALTIES]

    def end_of_deal(self):
        charged = [0] * self.seat_count
        for seat, points, reason in self.charges():
            self.score(seat, points, reason)
            charged[seat] += points
        self.close_deal({"penalties": charged, **self.deal_facts()},
                        penalty_winners(self.opts, self.deals, self.scores))

    def deal_facts(self):
        return {"bids": [list(bid) for bid in self.bids], "capot": self.capot_bidder}

    def public_view(self, seat):
        taken = [0] * self.seat_count
        for _, cards, winner in self.tricks:
            taken[winner] += sum(JACK_PENALTIES.get(card, 0) for _, card in cards)
        return {"rank_order": self.rank_order(), "jack_penalties_taken": taken, **self.deal_facts()}

