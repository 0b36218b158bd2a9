"""Losing Loadum (Losing Lodam), as `rules/losing_loadum.md` specifies.

Three to nine players, each for himself, with 52 cards ranked A K Q J 10 9
… 2. Only the loaders count: A 11, 10 10, K 3, Q 2, J 1 (108 in the pack),
and they are to be avoided. Each player starts with `lives` counters (3);
the scores are the counters left. Every player still in the game receives
⌊51 / players in⌋ cards, one at a time from the dealer's left; the rest is a
face-down talon. No trump is set: the first time in a deal a player cannot
follow suit, the talon's top card is turned and its suit is trumps from that
card on (the renouncing card included); the card goes face down again, but
its suit stays shown. Follow suit if you can, else play anything; the highest
trump, else the highest card of the suit led, takes the trick.

A player whose loaders reach 31 loses a counter. By default (`on_31 =
end_deal`) the deal stops there; with `drop_out_continue` he leaves the
deal, his cards are put aside face down and the others play on (the player
on his left leads). A deal played out with nobody at 31 costs the player(s)
with the most loaders a counter. Loaders start from 0 each deal unless
`carry_totals`, when they run on until a player reaches 31 (he then starts
again from 0) and a deal with nobody at 31 costs nobody a counter. A player
with no counter left is out: he is dealt no more cards, skipped in the deal
and the play. The last player left wins; if the last ones go out together,
they share the win. There are no moves other than cards.

Dealing a recorded pack: one card at a time to the players still in, from
the dealer's left round to the dealer; what remains is the talon, its top
first.
"""

from ..cards import SUIT_NAMES, pack
from ..dealing import deal_round
from ..options import Option
from ..registry import register
from ..rounds import PHASE_PLAY, DealSeriesGame
from ..scoring import count_points, point_table
from ..state import COUNTERS
from ..trumps import strength_table

RANKS = "AKQJT98765432"
LOADERS = point_table({"A": 11, "T": 10, "K": 3, "Q": 2, "J": 1})
OUT_AT = 31
DEALT_FROM = 51           # each player in receives ⌊51 / players⌋ cards: at least one is left for the talon
END_DEAL, DROP_OUT = "end_deal", "drop_out_continue"


@register
class LosingLoadum(DealSeriesGame):
    name = "losing_loadum"
    title = "Losing Loadum"
    blurb = "Everyone plays alone: shun the loaders under a trump nobody knows until someone cannot follow suit."
    length = "until one player keeps a life: at most eleven deals for four players with three lives"
    players = (4, 3, 5, 6, 7, 8, 9)
    score_meaning = COUNTERS
    options = (
        Option("lives", 3, "counters each player starts with; losing the last puts him out (2 for a short game)",
               minimum=1, maximum=9, label="Lives"),
        Option("on_31", END_DEAL,
               "what happens when someone's loaders reach 31", choices=(END_DEAL, DROP_OUT),
               label="When loaders reach 31",
               values=(("The deal ends", "only that player loses a life"),
                       ("They drop out", "they lose a life and leave the deal, and the others play on"))),
        Option("carry_totals", False,
               "whether loaders run on from deal to deal until 31 (a modern retelling) "
               "instead of starting from 0 each deal",
               choices=(False, True), label="Carry loaders over"),
    )
    strength = strength_table(RANKS)

    def __init__(self, players, options, dealer):
        self.alive = [True] * players       # still in the game
        self.in_deal = [True] * players     # playing the deal in progress (out of it once at 31 with drop_out)
        super().__init__(players, options, dealer)
        self.loaders = [0] * self.seat_count
        self.talon = []
        self.trump_card = None              # the talon card turned at the first renounce
        self.put_aside = []                 # the cards of players who left the deal (drop_out_continue)
        self.reached = []                   # the players whose loaders reached 31 in this deal, in order

    def opening_counters(self):
        return [self.opts["lives"]] * self.seat_count

    def full_pack(self):
        return pack(RANKS)

    def next_seat(self, seat):
        """The next seat to the left that plays the deal: the players out are passed over, in play and in dealing."""
        following = (seat + 1) % self.seat_count
        while not self.in_deal[following]:
            following = (following + 1) % self.seat_count
        return following

    def cards_each(self):
        """How many cards each player still in receives."""
        return DEALT_FROM // sum(self.alive)

    def start_deal(self, cards):
        order = [self.eldest]
        while len(order) < sum(self.alive):
            order.append(self.next_seat(order[-1]))
        dealt, end = deal_round(cards, len(order), 0, [1] * self.cards_each())
        hands = [[] for _ in range(self.seat_count)]
        for position, seat in enumerate(order):
            hands[seat] = dealt[position]
        self.talon = cards[end:]
        self.trump, self.trump_card = None, None
        self.put_aside, self.reached = [], []
        if not self.opts["carry_totals"]:
            self.loaders = [0] * self.seat_count
        self.start_tricks(hands, self.eldest)
        self.phase = PHASE_PLAY

    # Play ---------------------------------------------------------------------------

    @property
    def trick_size(self):
        return sum(self.in_deal)

    def play_card(self, seat, card):
        if self.trump is None and self.trick and card[1] != self.trick[0][1][1]:
            self.trump_card = self.talon[0]   # the first renounce: the talon's top fixes trumps, this card on
            self.trump = self.trump_card[1]
        super().play_card(seat, card)

    def after_trick(self, winner, cards):
        self.loaders[winner] += count_points((card for _, card in cards), LOADERS)
        if self.loaders[winner] >= OUT_AT and winner not in self.reached:
            self.reached.append(winner)
            self.lose_life(winner)
            if self.opts["on_31"] == END_DEAL:
                self.end_deal()
                return
            self.leave_deal(winner)
        if sum(self.in_deal) < 2 or not any(self.hands[seat] for seat in self.playing()):
            self.end_deal()

    def leave_deal(self, seat):
        """A player at 31 leaves the deal: their cards go aside face down, and the player on their left leads."""
        self.in_deal[seat] = False
        self.put_aside += self.hands[seat]
        self.hands[seat] = []
        self.leader = self.turn = self.next_seat(seat)

    def playing(self):
        return [seat for seat in range(self.seat_count) if self.in_deal[seat]]

    def lose_life(self, seat):
        """A counter lost to nobody: the deal's facts say who lost one and why."""
        self.ledger.counters[seat] -= 1

    # The end of a deal ---------------------------------------------------------------

    def end_deal(self):
        losers = list(self.reached)
        if not losers and not self.opts["carry_totals"]:
            still_in = [seat for seat in range(self.seat_count) if self.alive[seat]]
            most = max(self.loaders[seat] for seat in still_in)
            losers = [seat for seat in still_in if self.loaders[seat] == most]
            for seat in losers:
                self.lose_life(seat)
        before = [seat for seat in range(self.seat_count) if self.alive[seat]]
        out = [seat for seat in before if self.scores[seat] <= 0]
        facts = {"loaders": list(self.loaders), "reached_31": list(self.reached), "lost_life": losers,
                 "eliminated": out, "trump_card": self.trump_card, "cards_each": self.cards_each()}
        if self.opts["carry_totals"]:
            for seat in losers:
                self.loaders[seat] = 0
        for seat in out:
            self.alive[seat] = False
        self.in_deal = list(self.alive)
        survivors = [seat for seat in before if self.alive[seat]]
        if len(survivors) <= 1:
            self.close_deal(facts, survivors or out)
            return
        self.next_dealer = self.next_seat(self.dealer)
        self.close_deal(facts)

    # Views ------------------------------------------------------------------------------

    def hidden_from(self, seat):
        talon = set(self.talon) - {self.trump_card}
        return super().hidden_from(seat) | talon | set(self.put_aside)

    def card_places(self):
        places = super().card_places()
        places["talon"] = list(self.talon)
        places["put_aside"] = list(self.put_aside)
        return places

    def own_view(self, seat):
        view = super().own_view(seat)
        del view["trump"]   # None means "not fixed yet" here, never "no trumps": the game's own facts say so
        view.update({
            "trump_suit": self.trump,
            "trump_name": SUIT_NAMES.get(self.trump),
            "trump_card": self.trump_card,
            "loaders": list(self.loaders),
            "out_at": OUT_AT,
            "eliminated": [seat for seat in range(self.seat_count) if not self.alive[seat]],
            "in_deal": list(self.in_deal),
            "left_deal": list(self.reached) if self.opts["on_31"] == DROP_OUT else [],
            "cards_each": self.cards_each() if any(self.alive) else 0,
            "talon_size": len(self.talon),
            "counters_name": "lives left",     # what the counters are here, for the words beside each score
        })
        return view
