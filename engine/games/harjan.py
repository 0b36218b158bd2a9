"""Harjan, as `rules/harjan.md` specifies: a reconstruction by analogy with Sixty-Six.

The seed breaks off in the middle of the card values, so only this much is
known: two players, 52 cards; six cards each in two batches of three; the
next card turned for trumps, with the other 39 stacked face down partly on
top of it as the stock, the turn-up last; cards rank A 10 K Q (J) 9 … 2;
the Jack of trumps is the top trump and the other Jack of its colour the
second (a trump for every purpose); those two count 12 each and the other
Jacks 2; no marriages.

Everything else is the rules file's provisional reconstruction from
Sixty-Six (and the class says so to players, in `blurb` and `assumed`): A 11,
10 10, K 4, Q 3, other cards 0, 10 for the last trick (150 a deal). The
non-dealer leads; after each trick the winner draws first, then the other,
the turn-up last. While the stock lasts, play is free; once it is exhausted
(or closed) you must follow suit and head the trick if you can, else trump
if you can. A deal is won with 76 card-points or more: 1 game point, 2 if
the loser took under 50, 3 if the loser took no trick; 75 all scores
nothing. 7 game points win the game. The deal alternates.

Moves: cards, and on lead before leading, `exchange` (option `exchange`,
default on: the holder of the 2 of trumps takes the turn-up for it while the
stock still holds a face-down card) and `close` (option `closing`, default
off: no more drawing, strict play at once, no last-trick bonus; the closer
must reach 76, or the other scores 2 game points, 3 if he had taken no trick
when the stock was closed).

Dealing a recorded pack: three to the non-dealer, three to the dealer, then
three and three again; the 13th card is the turn-up and the remaining 39 the
stock, its top first, lying on the turn-up.
"""

from ..cards import SUIT_NAMES, display, pack, sort_cards
from ..dealing import deal_round, draw_in_turn
from ..endings import target_winner
from ..errors import IllegalMoveError
from ..options import Option
from ..registry import register
from ..rounds import PHASE_PLAY, DealSeriesGame
from ..scoring import point_table, points_in_tricks
from ..trumps import strength_table

PLAIN_RANKS = "ATKQJ98765432"
CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
TOP_JACK_POINTS = 12
LAST_TRICK_POINTS = 10
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
BATCHES = (3, 3)
DEAL_TARGET = 76          # a majority of the 150 card-points
LOW_SCORE = 50            # a loser under this pays double
GAME_TARGET = 7
CLOSER_FAILS = 2          # game points to the opponent of a closer who falls short
EXCHANGE, CLOSE = "exchange", "close"
HAND_ORDER = "SHCD"

ASSUMED = (
    "Ace 11, Ten 10, King 4, Queen 3, the other low cards nothing (the source stops at \u201cthe top cards Ace\u201d)",
    "10 points for the last trick, so 150 in a deal",
    "play is free while the stock lasts; once it is gone you must follow suit and win the trick if you can, "
    "otherwise trump if you can",
    "the holder of the 2 of trumps may exchange it for the turn-up",
    "a deal is won with 76 card-points: 1 game point, 2 if the loser took under 50, 3 if he took no trick; "
    "75 all scores nothing",
    "the game is 7 game points",
    "closing the stock, as in Sixty-Six, is offered as an option",
)


@register
class Harjan(DealSeriesGame):
    name = "harjan"
    title = "Harjan"
    blurb = ("A reconstruction: the source stops mid-rules, so play follows Sixty-Six. Two players draw from a "
             "stock; the trump Jack and its same-colour Jack top the trumps. Assumed: A 11, 10 10, K 4, Q 3, "
             "10 for the last trick; free play until the stock is gone; 76 wins a deal; 7 game points win.")
    length = "a race to 7 game points, usually four to seven deals"
    players = (2,)
    move_hints = {
        EXCHANGE: "give the 2 of trumps for the turned-up trump card under the stock",
        CLOSE: "close the stock: no more drawing, strict play at once, and you must reach 76",
    }
    options = (
        Option("exchange", True,
               "whether the holder of the 2 of trumps may exchange it for the turn-up (assumed from Sixty-Six)",
               choices=(True, False), label="Exchange the 2 of trumps"),
        Option("closing", False,
               "whether the player on lead may close the stock, then needing 76 to win the deal "
               "(Sixty-Six's rule, not in the source)",
               choices=(False, True), label="Closing the stock"),
    )
    assumed = ASSUMED

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.stock = []          # face down, top first; the face-up trump card lies last
        self.exchanged = None    # the 2 of trumps given for the turn-up, once exchanged
        self.closed_by = None    # the seat that closed the stock
        self.closed_after = None  # how many tricks had been played when it was closed
        self.right_bower = self.left_bower = None
        self.values = {}

    def full_pack(self):
        return pack()

    # Trumps and the two top Jacks ------------------------------------------------

    def card_suit(self, card):
        return self.trump if card == self.left_bower else card[1]

    def set_trump(self, suit):
        self.trump = suit
        self.right_bower, self.left_bower = "J" + suit, "J" + SAME_COLOUR[suit]
        self.strength = strength_table(PLAIN_RANKS)
        top = max(self.strength.values())
        self.strength[self.right_bower], self.strength[self.left_bower] = top + 2, top + 1
        self.values = point_table(CARD_POINTS)
        self.values[self.right_bower] = self.values[self.left_bower] = TOP_JACK_POINTS

    # The deal and the draw ----------------------------------------------------------

    def start_deal(self, cards):
        hands, position = deal_round(cards, 2, self.eldest, list(BATCHES))
        self.turn_up = cards[position]
        self.stock = list(cards[position + 1:]) + [self.turn_up]
        self.set_trump(self.turn_up[1])
        self.exchanged = self.closed_by = self.closed_after = None
        self.start_tricks(hands, self.eldest)
        self.phase = PHASE_PLAY

    def strict(self):
        """Whether the strict rules of play apply: the stock is exhausted or closed."""
        return not self.stock or self.closed_by is not None

    # Moves on lead: exchange and close -----------------------------------------------

    def leader_words(self, seat):
        """The moves other than cards open to `seat`, on lead before leading."""
        if self.trick or self.closed_by is not None or len(self.stock) < 2:
            return []
        words = []
        if self.opts["exchange"] and "2" + self.trump in self.hands[seat]:
            words.append(EXCHANGE)
        if self.opts["closing"]:
            words.append(CLOSE)
        return words

    def legal_moves(self, seat):
        moves = super().legal_moves(seat)
        return moves + self.leader_words(seat) if moves else moves

    def play(self, seat, move):
        if move == EXCHANGE:
            two = "2" + self.trump
            self.hands[seat].remove(two)
            self.hands[seat].append(self.stock[-1])
            self.stock[-1] = self.exchanged = two
        elif move == CLOSE:
            self.closed_by, self.closed_after = seat, len(self.tricks)
        else:
            super().play(seat, move)

    def explain_illegal(self, seat, move):
        if move not in self.move_hints:
            return super().explain_illegal(seat, move)
        if self.trick:
            reason = "only the player on lead may, before leading"
        elif self.closed_by is not None or len(self.stock) < 2:
            reason = "the stock is closed or has no face-down card left"
        elif not self.opts["exchange" if move == EXCHANGE else "closing"]:
            reason = "the game's options leave it out"
        else:
            reason = "they do not hold the 2 of trumps"
        return IllegalMoveError(f"seat {seat} cannot {move}: {reason}", seat)

    # Following ------------------------------------------------------------------------

    def legal_cards(self, seat):
        hand = self.hands[seat]
        if not self.trick or not self.strict():
            return list(hand)
        led = self.trick[0][1]
        suit = self.card_suit(led)
        following = [card for card in hand if self.card_suit(card) == suit]
        if following:
            return [card for card in following if self.strength[card] > self.strength[led]] or following
        return [card for card in hand if self.card_suit(card) == self.trump] or list(hand)

    def explain_card(self, seat, card):
        if card not in self.hands[seat]:
            return IllegalMoveError(f"seat {seat} cannot play {card}: it is not in their hand", seat)
        suit = self.card_suit(self.trick[0][1])
        if any(self.card_suit(c) == suit for c in self.hands[seat]):
            reason = f"with the stock gone, must follow suit ({SUIT_NAMES[suit]}) and win the trick if they can"
        else:
            reason = f"with the stock gone, cannot follow suit, so must trump ({SUIT_NAMES[self.trump]})"
        return IllegalMoveError(f"seat {seat} cannot play {display(card)}: {reason}", seat)

    # Tricks and scoring -------------------------------------------------------------------

    def after_trick(self, winner, cards):
        if self.closed_by is None and self.stock:
            draw_in_turn(self.stock, self.hands, [winner, 1 - winner])
        if not self.hands[winner]:
            self.score_deal(winner)

    def tricks_at_close(self):
        """The tricks the closer's opponent had taken when the stock was closed."""
        opponent = 1 - self.closed_by
        return sum(1 for _, _, winner in self.tricks[:self.closed_after] if winner == opponent)

    def tricks_won(self):
        return [sum(1 for _, _, winner in self.tricks if winner == seat) for seat in (0, 1)]

    def card_points(self):
        """Card-points in the tricks taken so far this deal, per seat."""
        return points_in_tricks(self.tricks, self.values, 2)

    def score_deal(self, last_winner):
        points = self.card_points()
        if self.closed_by is None:
            points[last_winner] += LAST_TRICK_POINTS
        tricks = self.tricks_won()
        closer = self.closed_by
        if closer is not None and points[closer] < DEAL_TARGET:
            winner = 1 - closer
            gained, reason = CLOSER_FAILS + (not self.tricks_at_close()), "the closer fell short"
        else:
            winner = next((seat for seat in (0, 1) if points[seat] >= DEAL_TARGET), None)
            gained, reason = self.game_points(points, tricks, winner) if winner is not None else (0, "")
        if gained:
            self.score(winner, gained, reason)
        facts = {"turn_up": self.turn_up, "exchanged": self.exchanged, "closed_by": closer,
                 "card_points": points, "tricks_won": tricks, "last_trick_winner": last_winner,
                 "deal_winner": winner, "game_points": gained}
        game_winner = target_winner(self.scores, GAME_TARGET)
        self.close_deal(facts, [game_winner] if game_winner is not None else None)

    @staticmethod
    def game_points(points, tricks, winner):
        """(game points, reason) for the winner of a deal, by how the loser fared."""
        loser = 1 - winner
        if not tricks[loser]:
            return 3, "the loser took no trick"
        if points[loser] < LOW_SCORE:
            return 2, f"the loser took under {LOW_SCORE}"
        return 1, "won the deal"

    # Views ---------------------------------------------------------------------------------

    def known_cards(self):
        """The cards both players have seen turned up: the turn-up and the 2 of trumps exchanged for it."""
        return {card for card in (self.turn_up, self.exchanged) if card}

    def hidden_from(self, seat):
        return (super().hidden_from(seat) | set(self.stock)) - self.known_cards()

    def card_places(self):
        places = super().card_places()
        places["stock"] = list(self.stock)
        return places

    def table_cards(self):
        """The trick, then the seen cards still out of play: on the stock (no seat) or in a hand."""
        cards = [[seat, card] for seat, card in self.trick]
        for card in sorted(self.known_cards()):
            if card in self.stock:
                cards.append([None, card])
            for seat, hand in enumerate(self.hands):
                if card in hand:
                    cards.append([seat, card])
        return cards

    def hand_view(self, seat):
        """Trumps first (the two top Jacks leading them), then the other suits."""
        trumps = sorted((card for card in self.hands[seat] if self.card_suit(card) == self.trump),
                        key=lambda card: -self.strength[card])
        others = [card for card in self.hands[seat] if self.card_suit(card) != self.trump]
        return trumps + sort_cards(others, HAND_ORDER, PLAIN_RANKS)

    def public_view(self, seat):
        return {
            "stock_size": len(self.stock),
            "stock_closed": self.closed_by is not None,
            "closed_by": self.closed_by,
            "closed_after": self.closed_after,
            "exchanged": self.exchanged,
            "strict": self.strict() if self.phase == PHASE_PLAY else False,
            "left_bower_suit": SAME_COLOUR[self.trump] if self.trump else None,
            "card_points": self.card_points(),
            "tricks_won": self.tricks_won(),
            "target": GAME_TARGET,
            "deal_target": DEAL_TARGET,
            "assumed": list(self.assumed),
        }
