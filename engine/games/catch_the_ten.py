"""Catch-the-Ten (Scotch Whist), as `rules/catch_the_ten.md` specifies.

Two to eight players; 36 cards (6 to Ace), less the 6♠ for five or seven
players, plus the four Fives for eight (option `eight_player_pack =
remove_sixes` plays 32 cards instead). The last card dealt is turned for
trumps and belongs to the dealer. Trumps rank J A K Q 10 9 … (the Jack on
top), plain suits A K Q J 10 9 …. Follow suit if you can, otherwise play any
card. The counting trumps are worth J 11, A 4, K 3, Q 2, 10 10; each player
or side also scores 1 for every card it captured beyond the number dealt to
it. The first to 41 wins; if several reach it at the end of a deal the
highest wins, and if they are level another deal is played.

Options: `teams` = `none` (each for himself), `two_teams` (two sides
alternating round the table: partners opposite with four) or `pairs` (sides
of two, partners opposite); partnerships need 4, 6 or 8 players and are the
default for them. `stop_at_41` (default off): play stops the moment a player
or side reaches 41 by capturing a counting card; card-excess points are then
not added.

With two players each holds three hands of six, with three players two
hands of six: a player plays one hand at a time, the next staying face down
(unseen even by him) until every player's current hand is played out; the
winner of the last trick leads to the next round of hands. There are no
actions other than cards.

Dealing a recorded pack: one card at a time from the dealer's left round to
the dealer; each player's cards, in the order received, make his hands in
turn (his first six cards his first hand, and so on). The last card of the
pack, the dealer's last, is the turned trump: it lies in his last hand.
"""

from ..cards import SUIT_NAMES
from ..dealing import deal_round
from ..endings import target_winner
from ..errors import OptionError
from ..options import Option
from ..registry import register
from ..rounds import PHASE_PLAY, DealSeriesGame
from ..scoring import count_points
from ..trumps import strength_table

PLAIN_RANKS = "AKQJT98765"
TRUMP_VALUES = {"J": 11, "A": 4, "K": 3, "Q": 2, "T": 10}
PARTNERSHIP_PLAYERS = (4, 6, 8)
HAND_SIZE = 6
REMOVED_FOR_ODD = "6S"


def card_strengths(ranks, trump):
    """Each card's strength within its suit: plain `ranks`, except that the Jack heads the trumps."""
    return {**strength_table(ranks), **strength_table("J" + ranks.replace("J", ""), trump)}


@register
class CatchTheTen(DealSeriesGame):
    name = "catch_the_ten"
    title = "Catch-the-Ten"
    blurb = "Scotch Whist: catch the Ten of trumps and the other counting trumps on the way to 41."
    length = "a game of 41 points, usually three to five deals"
    players = (4, 2, 3, 5, 6, 7, 8)
    sides = 2
    target = 41
    stop_option = "stop_at_41"
    options = (
        Option("teams", lambda players: "two_teams" if players in PARTNERSHIP_PLAYERS else "none",
               "who plays with whom (partnerships need 4, 6 or 8 players)", choices=("none", "two_teams", "pairs"),
               values=(("Each for themselves", ""), ("Two teams", "two sides, alternating round the table"),
                       ("Pairs", "sides of two, partners opposite"))),
        Option("stop_at_41", False,
               "whether play stops the moment a player or side reaches 41 by capturing a counting card",
               choices=(False, True)),
        Option("eight_player_pack", "add_fives",
               "with eight players: add the four Fives (40 cards) or remove the four Sixes (32 cards)",
               choices=("add_fives", "remove_sixes"), players=(8,),
               values=(("Add the Fives", "40 cards"), ("Remove the Sixes", "32 cards"))),
    )

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.reserve = [[] for _ in range(self.seat_count)]   # each seat's face-down hands, next first
        self.dealt = [0] * self.owner_count                   # cards dealt to each player or side
        self.values = {}                                      # the deal's counting cards and their points

    @classmethod
    def partnership_count(cls, players, opts):
        teams = opts["teams"]
        if teams == "none":
            return None
        if players not in PARTNERSHIP_PLAYERS:
            raise OptionError(f"option teams must be none with {players} players: partnerships need 4, 6 or 8")
        return 2 if teams == "two_teams" else players // 2

    # The pack and the deal -------------------------------------------------------

    def ranks(self):
        """The plain ranks in play, high to low."""
        if self.player_count == 8:
            return PLAIN_RANKS if self.opts["eight_player_pack"] == "add_fives" else PLAIN_RANKS[:-2]
        return PLAIN_RANKS[:-1]

    def full_pack(self):
        cards = [rank + suit for suit in "SCDH" for rank in self.ranks()]
        if self.player_count in (5, 7):
            cards.remove(REMOVED_FOR_ODD)
        return cards

    def hands_each(self):
        """How many hands each player receives."""
        return {2: 3, 3: 2}.get(self.player_count, 1)

    def counting_values(self):
        """The counting cards of this deal and their points."""
        return {rank + self.trump: points for rank, points in TRUMP_VALUES.items()}

    def start_deal(self, cards):
        count = len(cards) // self.seat_count
        dealt, _ = deal_round(cards, self.seat_count, self.eldest, [1] * count)
        size = count // self.hands_each()
        split = [[cards_of[i:i + size] for i in range(0, count, size)] for cards_of in dealt]
        self.reserve = [hands[1:] for hands in split]
        self.turn_up = cards[-1]
        self.trump = self.turn_up[1]
        self.strength = card_strengths(self.ranks(), self.trump)
        self.values = self.counting_values()
        self.dealt = [0] * self.owner_count
        for seat in range(self.seat_count):
            self.dealt[self.owner(seat)] += count
        self.start_tricks([hands[0] for hands in split], self.eldest)
        self.phase = PHASE_PLAY

    # Tricks and scoring ------------------------------------------------------------

    def captured(self):
        """(cards captured, counting points captured) per player or side in this deal."""
        cards, points = [0] * self.owner_count, [0] * self.owner_count
        for _, trick, winner in self.tricks:
            owner = self.owner(winner)
            cards[owner] += len(trick)
            points[owner] += count_points((card for _, card in trick), self.values)
        return cards, points

    def counts_when_won(self):
        """Whether counting cards score the moment they are captured (the stop option), not at the deal's end."""
        return self.opts[self.stop_option]

    def after_trick(self, winner, cards):
        owner = self.owner(winner)
        if self.counts_when_won():
            points = count_points((card for _, card in cards), self.values)
            self.score(owner, points, "counting cards")
            if points and self.scores[owner] >= self.target:
                self.close_deal(self.deal_facts(), [owner])
                return
        if any(self.hands):
            return
        if self.reserve[0]:
            self.hands = [hands.pop(0) for hands in self.reserve]
            return
        self.score_deal()
        winner_owner = target_winner(self.scores, self.target)
        self.close_deal(self.deal_facts(), [winner_owner] if winner_owner is not None else None)

    def score_deal(self):
        """The deal's end: counting cards not scored yet, and the cards captured beyond those dealt."""
        cards, points = self.captured()
        for owner in range(self.owner_count):
            if not self.counts_when_won():
                self.score(owner, points[owner], "counting cards")
            self.score(owner, max(0, cards[owner] - self.dealt[owner]), "cards over those dealt")

    def deal_facts(self):
        cards, points = self.captured()
        return {"turn_up": self.turn_up, "captured": cards, "counting_points": points, "dealt": list(self.dealt)}

    # Views ---------------------------------------------------------------------------

    def card_places(self):
        places = super().card_places()
        places["reserve"] = [card for hands in self.reserve for hand in hands for card in hand]
        return places

    def hidden_from(self, seat):
        reserve = {card for hands in self.reserve for hand in hands for card in hand}
        return (super().hidden_from(seat) | reserve) - {self.turn_up}

    def public_view(self, seat):
        cards, points = self.captured()
        return {
            "trump_name": SUIT_NAMES.get(self.trump),
            "target": self.target,
            "counting_values": dict(self.values),
            "hands_each": self.hands_each(),
            "face_down_hands": [len(hands) for hands in self.reserve],
            "turn_up_on_table": bool(self.reserve[self.dealer]) if self.turn_up else False,
            "captured": cards,
            "counting_points": points,
            "dealt": list(self.dealt),
        }
