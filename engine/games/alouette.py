"""Alouette, as `rules/alouette.md` specifies (the seed's SCA game, not the Breton Aluette).

Four players in two partnerships (seats 0 and 2 against 1 and 3); 48 cards,
the Tens left out, ranked K Q J 9 8 7 6 5 4 3 2 A, suits of no account.
Nine cards each, dealt three at a time from the dealer's left; the other
twelve lie aside unseen. No trumps and no following: any card may be played,
and the highest rank takes the trick. When the highest rank is shared the
trick is set aside (its view's winner is null), its leader leads again, and
whoever wins the next trick takes it as well; ties pile up. A tied last
trick, with any still set aside, goes to whoever took the first trick's
cards; if nobody did (every trick tied), the hand is void. The side with
more tricks wins the hand; twelve hands win the match.

Option `partner_tie_wins` (off by default): a tie between the two partners
alone is no tie; their side takes the trick and the first of the tied cards
leads next. There are no moves other than cards.

Dealing a recorded pack: three rounds of three cards, from the dealer's left
round to the dealer; the twelve cards left are the unused ones.
"""

from ..cards import SUITS, pack
from ..dealing import deal_round
from ..options import Option
from ..registry import register
from ..rounds import PHASE_PLAY, DealSeriesGame

RANKS = "KQJ98765432A"
RANK_POWER = {rank: len(RANKS) - index for index, rank in enumerate(RANKS)}
BATCHES = [3, 3, 3]
HANDS_TO_WIN = 12


@register
class Alouette(DealSeriesGame):
    name = "alouette"
    title = "Alouette"
    blurb = "Partners, no trumps, no following: the highest rank wins, and a tied trick waits for the next winner."
    length = "a match of twelve hands won, usually fifteen to twenty-three deals"
    players = (4,)
    sides = 2
    options = (
        Option("partner_tie_wins", False,
               "whether a tie between two partners alone wins the trick for their side "
               "(otherwise it is set aside like any tie)",
               choices=(False, True), label="A tie between partners wins"),
    )

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.unused = []        # the twelve cards not dealt
        self.taken_by = []      # per trick of the deal: the seat that took its cards, None while set aside
        self.set_aside = []     # numbers of the tricks waiting for the next winner

    def full_pack(self):
        return pack(RANKS)

    def start_deal(self, cards):
        hands, dealt = deal_round(cards, self.seat_count, self.eldest, BATCHES)
        self.unused = cards[dealt:]
        self.taken_by, self.set_aside = [], []
        self.start_tricks(hands, self.eldest)
        self.phase = PHASE_PLAY

    # Play ------------------------------------------------------------------------

    def legal_cards(self, seat):
        """No obligation to follow: any card of the hand."""
        return list(self.hands[seat])

    def card_power(self, card, context):
        """Rank alone: the suit of the card, and the suit led, count for nothing."""
        return RANK_POWER[card[0]]

    def tied_trick(self, cards, tied):
        if self.opts["partner_tie_wins"] and len({self.side_of(seat) for seat in tied}) == 1:
            return tied[0]
        return None

    def after_trick(self, winner, cards):
        number = len(self.tricks) - 1
        self.taken_by.append(None)
        last = not any(self.hands)
        if winner is None:
            self.set_aside.append(number)
            if not last:
                return
            winner = self.taken_by[0]   # the tied last trick goes to whoever took the first trick's cards
        if winner is not None:
            for taken in self.set_aside + [number]:
                self.taken_by[taken] = winner
            self.set_aside = []
        if last:
            self.score_deal()

    # Scoring -----------------------------------------------------------------------

    def tricks_won(self):
        """Tricks taken by each side so far (tricks set aside count for nobody yet)."""
        won = [0, 0]
        for taker in self.taken_by:
            if taker is not None:
                won[self.side_of(taker)] += 1
        return won

    def score_deal(self):
        won = self.tricks_won()
        facts = {"tricks_won": won, "taken_by": list(self.taken_by), "void": not any(won), "side": None}
        if not any(won):
            self.close_deal(facts)
            return
        side = 0 if won[0] > won[1] else 1
        self.score(side, 1, f"{won[side]} tricks to {won[1 - side]}")
        facts["side"] = side
        self.close_deal(facts, [side] if self.scores[side] >= HANDS_TO_WIN else None)

    # Views --------------------------------------------------------------------------

    def hand_view(self, seat):
        """By rank, high first: the suits do not matter."""
        return sorted(self.hands[seat], key=lambda card: (RANKS.index(card[0]), SUITS.index(card[1])))

    def hidden_from(self, seat):
        return super().hidden_from(seat) | set(self.unused)

    def card_places(self):
        places = super().card_places()
        places["unused"] = list(self.unused)
        return places

    def public_view(self, seat):
        return {
            "rank_order": RANKS,
            "tricks_won": self.tricks_won(),
            "taken_by": list(self.taken_by),
            "set_aside": [[[player, card] for player, card in self.tricks[number][1]] for number in self.set_aside],
            "target": HANDS_TO_WIN,
            "unused_count": len(self.unused),
        }
