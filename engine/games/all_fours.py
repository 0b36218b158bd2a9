"""All Fours (the seed's SCA version), as `rules/all_fours.md` specifies.

Two players, 52 cards, Aces high. Six cards each (3+3, the non-dealer
first); the next card is turned up to suggest trumps. The non-dealer says
`stand` (accept the suit) or `beg` (refuse it). After a beg the dealer says
`give` (the suit stays trump and the non-dealer scores 1) or `run` (cards
are turned from the pack until one of another suit appears: that suit is
trump). Whenever the card that fixes trumps is a Jack, the dealer scores 1.
Then six tricks: the non-dealer leads; follow suit, else trump if you can
(the seed's rule). After the tricks: High and Low (1 each to whoever was
dealt the highest and lowest trump in play), Jack (to whoever was dealt the
Jack of trumps, if in play) and Game (to the more card-points in tricks: A 4,
K 3, Q 2, J 1, 10 10). Points count in that order, and the first to reach
the target (49) wins at once. Players deal alternately.

Moves: `stand`, `beg` (non-dealer), `give`, `run` (dealer, after a beg), and
cards. Options: `target` (7, 10, 11 or 49); `follow` (`seed`, or
`traditional`: follow suit or trump at will); `jack_point` (`dealt`, or
`won`: to whoever takes the Jack in a trick); `game_tie` (`non_dealer` or
`nobody`); `run_the_cards` (`turn_only`, or `deal_three_more`: each refusal
deals three more cards to each and turns the next, and a deal whose pack
runs out before a new suit appears is void and dealt again by the same
dealer).

Dealing a recorded pack: 3 to the non-dealer, 3 to the dealer, 3 and 3 again;
the 13th card is the turn-up and the rest the pack, turned (or dealt) from
its top.
"""

from ..cards import RANKS, SUIT_NAMES, SUIT_SYMBOLS, pack, sort_cards
from ..dealing import deal_round
from ..endings import target_winner
from ..options import Option
from ..registry import register
from ..rounds import PHASE_PLAY, DealSeriesGame
from ..scoring import point_table, points_in_tricks
from ..trumps import FOLLOW_OR_TRUMP, FOLLOW_THEN_TRUMP, strength_table

GAME_VALUES = point_table({"A": 4, "K": 3, "Q": 2, "J": 1, "T": 10})
BATCHES = (3, 3)
PHASE_BEGGING, PHASE_REFUSAL = "begging", "refusal"
STAND, BEG, GIVE, RUN = "stand", "beg", "give", "run"
TURN_ONLY, DEAL_THREE_MORE = "turn_only", "deal_three_more"
HAND_ORDER = "SHCD"


@register
class AllFours(DealSeriesGame):
    name = "all_fours"
    title = "All Fours"
    blurb = "Two players beg or stand on the turned-up trump, then play for High, Low, Jack and Game."
    length = "a race to 49 points, some twenty short deals (or to 7, 10 or 11)"
    players = (2,)
    sides = None
    move_hints = {
        BEG: "refuse the turned-up trump; the dealer then gives you a point or changes trumps",
        STAND: "accept the turned-up suit as trumps",
        GIVE: "keep this trump and give your opponent 1 point",
        RUN: "turn up new cards until another suit appears: it becomes trumps",
    }
    options = (
        Option("target", 49, "points that win the game: 49 as the seed says, or the traditional 7, 10 or 11",
               choices=(49, 7, 10, 11)),
        Option("follow", "seed", "what a player who cannot follow suit must do", choices=("seed", "traditional"),
               values=(("Follow, else trump", "follow suit, else trump if you can"),
                       ("Follow or trump at will", "follow suit or trump, as you like (the traditional rule)"))),
        Option("jack_point", "dealt", "the Jack point goes to whoever was dealt the Jack of trumps, or won it",
               choices=("dealt", "won"), values=(("Dealt the Jack", ""), ("Won the Jack", ""))),
        Option("game_tie", "non_dealer", "who scores Game when card-points are equal", choices=("non_dealer", "nobody"),
               values=(("The non-dealer", ""), ("Nobody", ""))),
        Option("run_the_cards", TURN_ONLY, "after a refusal, how a new trump suit is found",
               choices=(TURN_ONLY, DEAL_THREE_MORE),
               values=(("Turn until a new suit", "turn cards until one of a new suit comes up"),
                       ("Deal three more", "deal three more cards each and turn again"))),
    )

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.follow_rule = FOLLOW_THEN_TRUMP if self.opts["follow"] == "seed" else FOLLOW_OR_TRUMP
        self.strength = strength_table(RANKS)
        self.stock = []           # the undealt cards, top first
        self.turned = []          # every card turned up this deal, in order
        self.begged = False
        self.dealt_hands = [[], []]

    def full_pack(self):
        return pack()

    @property
    def non_dealer(self):
        return self.eldest

    # The deal and the begging ------------------------------------------------

    def start_deal(self, cards):
        hands, position = deal_round(cards, 2, self.non_dealer, BATCHES)
        self.start_tricks(hands, self.non_dealer)
        self.turn_up = cards[position]
        self.turned = [self.turn_up]
        self.stock = cards[position + 1:]
        self.begged = False
        self.phase = PHASE_BEGGING

    def phase_to_move(self):
        return [self.non_dealer if self.phase == PHASE_BEGGING else self.dealer]

    def phase_moves(self, seat):
        return [BEG, STAND] if self.phase == PHASE_BEGGING else [GIVE, RUN]

    def action_words(self, seat, move):
        suit = f"{SUIT_SYMBOLS[self.turn_up[1]]} {SUIT_NAMES[self.turn_up[1]]}"
        words = {STAND: f"Stand: {suit} are trumps", BEG: f"Beg: refuse {suit}",
                 GIVE: f"Give 1 point, keep {suit}", RUN: "Run the cards for new trumps"}
        return words.get(move) or super().action_words(seat, move)

    def play_phase_move(self, seat, move):
        if move == BEG:
            self.begged = True
            self.phase = PHASE_REFUSAL
            return
        if move == GIVE and self.award(self.non_dealer, 1, "gift (dealer insists)"):
            return
        if move == RUN:
            card = self.run_the_cards()
            if card is None:
                return
        else:
            card = self.turn_up
        self.fix_trump(card)

    def run_the_cards(self):
        """Turn (or deal and turn) until a new suit appears: the card that fixes trumps, or None if the deal is void."""
        refused = self.turn_up[1]
        while True:
            if self.opts["run_the_cards"] == DEAL_THREE_MORE:
                if len(self.stock) < 2 * BATCHES[0] + 1:
                    self.void_deal()
                    return None
                more, position = deal_round(self.stock, 2, self.non_dealer, BATCHES[:1])
                for seat in (0, 1):
                    self.hands[seat].extend(more[seat])
                self.stock = self.stock[position:]
            card = self.stock.pop(0)
            self.turned.append(card)
            if card[1] != refused:
                return card

    def void_deal(self):
        """The pack ran out before a new suit was turned: the same dealer deals again."""
        dealer = self.dealer
        self.close_deal({"void": True, "turned": list(self.turned)})
        self.next_dealer = dealer

    def fix_trump(self, card):
        self.trump = card[1]
        self.dealt_hands = [list(hand) for hand in self.hands]
        if card[0] == "J" and self.award(self.dealer, 1, "Jack turned for trumps"):
            return
        self.phase = PHASE_PLAY

    def award(self, seat, points, reason):
        """Score `points` to `seat`; True if that ended the game."""
        self.score(seat, points, reason)
        winner = target_winner(self.scores, self.opts["target"])
        if winner is None:
            return False
        self.close_deal(self.deal_facts(), [winner])
        return True

    # Scoring after the tricks -------------------------------------------------

    def after_trick(self, winner, cards):
        if not self.hands[winner]:
            self.score_points()

    def trumps_dealt(self):
        """(strength, card, seat) of every trump dealt to the players this deal."""
        return sorted((self.strength[card], card, seat)
                      for seat, hand in enumerate(self.dealt_hands) for card in hand if card[1] == self.trump)

    def game_points(self):
        return points_in_tricks(self.tricks, GAME_VALUES, 2)

    def four_points(self):
        """(seat, reason) for High, Low, Jack and Game, in scoring order."""
        points = []
        trumps = self.trumps_dealt()
        if trumps:
            points.append((trumps[-1][2], f"High ({trumps[-1][1]})"))
            points.append((trumps[0][2], f"Low ({trumps[0][1]})"))
        jack = "J" + self.trump
        holder = next((seat for _, card, seat in trumps if card == jack), None)
        if holder is not None:
            if self.opts["jack_point"] == "won":
                holder = next(winner for _, cards, winner in self.tricks if any(card == jack for _, card in cards))
            points.append((holder, f"Jack ({jack})"))
        game = self.game_points()
        if game[0] != game[1]:
            points.append((0 if game[0] > game[1] else 1, "Game"))
        elif self.opts["game_tie"] == "non_dealer":
            points.append((self.non_dealer, "Game (tie)"))
        return points

    def score_points(self):
        for seat, reason in self.four_points():
            if self.award(seat, 1, reason):
                return
        self.close_deal(self.deal_facts())

    def deal_facts(self):
        return {
            "turned": list(self.turned),
            "begged": self.begged,
            "game_points": self.game_points(),
            "points": [entry for entry in self.ledger.view()["entries"] if entry["deal"] == self.deals],
        }

    # Views -------------------------------------------------------------------

    def hidden_from(self, seat):
        return super().hidden_from(seat) | set(self.stock)

    def card_places(self):
        places = super().card_places()
        places["stock"] = list(self.stock)
        places["turned"] = list(self.turned)
        return places

    def table_cards(self):
        return super().table_cards() + [[None, card] for card in self.turned[1:]]

    def hand_view(self, seat):
        return sort_cards(self.hands[seat], HAND_ORDER)

    def public_view(self, seat):
        return {
            "turned": list(self.turned),
            "begged": self.begged,
            "stock_size": len(self.stock),
            "game_points": self.game_points(),
            "target": self.opts["target"],
        }
