"""Yukon (the card game, not the patience), as `rules/yukon.md` specifies.

Two to four players; four play as two partnerships (partners opposite) by
default, or each for himself. 52 cards, 51 for three (the 2♣ removed). Five
cards each; the rest is a face-down stock. After every trick each player
draws one card from the stock, the trick's winner first and the others in
turn to the left, so hands stay at five until the stock runs out; then the
hands are played out.

The four Jacks, the Yukons, are a trump group of their own and belong to no
suit. To a plain-suit lead you must follow with a card of that suit (a Jack
does not count); if you cannot, you must play a Yukon if you have one;
otherwise anything. To a Yukon lead (option `yukon_lead`): `yukon_suit`
(default) — play a Yukon if you can, else anything; `printed_suit` — follow
the led Jack's printed suit with a card that is not a Jack, else a Yukon,
else anything. The J♠ (the Grand Yukon) wins any trick it is in; otherwise
the first Yukon played wins; otherwise the highest card of the suit led
(A K Q 10 9 … 2).

Card-points: J♠ 15, other Jacks 10, Tens 10, Aces 5, Kings 3, Queens 2:
125 a deal, scored per player or side when the deal is over. The first to
250 wins; if several reach it in the same deal the highest wins, and if the
highest are level another deal is played. The deal passes to the left.

Moves are cards only. Dealing a recorded pack: one card at a time from the
dealer's left, five rounds; the remaining cards are the stock, its top first.
"""

from ..cards import SUIT_NAMES, display, pack, sort_cards
from ..dealing import deal_round, draw_in_turn
from ..endings import target_winner
from ..errors import IllegalMoveError, OptionError
from ..options import Option
from ..registry import register
from ..rounds import PHASE_PLAY, DealSeriesGame
from ..scoring import point_table, points_in_tricks
from ..trumps import strength_table

PLAIN_RANKS = "AKQT98765432"
GRAND_YUKON = "JS"
CARD_POINTS = {**point_table({"T": 10, "A": 5, "K": 3, "Q": 2, "J": 10}), GRAND_YUKON: 15}
HAND_SIZE = 5
TARGET = 250
REMOVED_FOR_THREE = "2C"
YUKON_SUIT, PRINTED_SUIT = "yukon_suit", "printed_suit"
HAND_ORDER = "SHCD"
GRAND_POWER, YUKON_POWER, FOLLOW_POWER = 3, 2, 1


def is_yukon(card):
    return card[0] == "J"


def suit_to_follow(led, yukon_lead):
    """The plain suit a card led calls for (None: a Yukon led under `yukon_suit` calls for Yukons only)."""
    if is_yukon(led) and yukon_lead == YUKON_SUIT:
        return None
    return led[1]


def playable_cards(hand, led, yukon_lead):
    """The cards of `hand` that may follow `led`: the suit called for (never a Jack), else a Yukon, else any."""
    suit = suit_to_follow(led, yukon_lead)
    following = [card for card in hand if card[1] == suit and not is_yukon(card)]
    return following or [card for card in hand if is_yukon(card)] or list(hand)


@register
class Yukon(DealSeriesGame):
    name = "yukon"
    title = "Yukon"
    blurb = ("Draw from the stock after every trick and chase the Jacks, the Yukons: "
             "the first one played wins, but the Grand Yukon (J♠) beats them all. 250 points win.")
    length = "a race to 250 points, usually three to five deals"
    players = (2, 3, 4)
    options = (
        Option("yukon_lead", YUKON_SUIT,
               "what a player must play when a Jack is led", choices=(YUKON_SUIT, PRINTED_SUIT),
               label="Following a Jack that is led",
               values=(("A Jack", "play a Jack if you can"),
                       ("Its printed suit", "follow the led Jack's printed suit, else play a Jack"))),
        Option("partnerships", lambda players: players == 4,
               "with four players: two partnerships, partners sitting opposite, rather than everyone playing alone",
               choices=(True, False), label="Partnerships (four players)", players=(4,)),
    )

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.strength = strength_table(PLAIN_RANKS)
        self.stock = []   # the face-down stock, top first

    @classmethod
    def partnership_count(cls, players, opts):
        if not opts["partnerships"]:
            return None
        if players != 4:
            raise OptionError(f"option partnerships needs four players, not {players}")
        return 2

    def full_pack(self):
        cards = pack()
        if self.player_count == 3:
            cards.remove(REMOVED_FOR_THREE)
        return cards

    # The deal and the draw ---------------------------------------------------------

    def start_deal(self, cards):
        hands, position = deal_round(cards, self.seat_count, self.eldest, [1] * HAND_SIZE)
        self.stock = list(cards[position:])
        self.start_tricks(hands, self.eldest)
        self.phase = PHASE_PLAY

    def drawing_order(self, winner):
        """The trick's winner, then the others in turn to the left."""
        order = [winner]
        while len(order) < self.seat_count:
            order.append(self.next_seat(order[-1]))
        return order

    # Following and winning ----------------------------------------------------------

    def legal_cards(self, seat):
        hand = self.hands[seat]
        return playable_cards(hand, self.trick[0][1], self.opts["yukon_lead"]) if self.trick else list(hand)

    def explain_card(self, seat, card):
        hand = self.hands[seat]
        if card not in hand:
            return IllegalMoveError(f"seat {seat} cannot play {card}: it is not in their hand", seat)
        suit = suit_to_follow(self.trick[0][1], self.opts["yukon_lead"])
        if suit and any(c[1] == suit and not is_yukon(c) for c in hand):
            reason = f"must follow suit ({SUIT_NAMES[suit]}; a Jack is no card of its suit)"
        else:
            reason = "cannot follow, so must play a Yukon (a Jack)"
        return IllegalMoveError(f"seat {seat} cannot play {display(card)}: {reason}", seat)

    def card_power(self, card, context):
        """The Grand Yukon above all; any other Yukon next, the first played keeping the trick; then the suit led."""
        if card == GRAND_YUKON:
            return GRAND_POWER, 0
        if is_yukon(card):
            return YUKON_POWER, 0
        if card[1] == context.led[1] and not is_yukon(context.led):
            return FOLLOW_POWER, self.strength[card]
        return None

    # Tricks and scoring ----------------------------------------------------------------

    def after_trick(self, winner, cards):
        if self.stock:
            draw_in_turn(self.stock, self.hands, self.drawing_order(winner))
        if not any(self.hands):
            self.score_deal()

    def card_points(self):
        """Card-points in the tricks taken this deal, per player or side."""
        return points_in_tricks(self.tricks, CARD_POINTS, self.owner_count, self.owner)

    def score_deal(self):
        points = self.card_points()
        for owner, gained in enumerate(points):
            self.score(owner, gained, "card-points")
        winner = target_winner(self.scores, TARGET)
        self.close_deal({"card_points": points}, [winner] if winner is not None else None)

    # Views ---------------------------------------------------------------------------

    def hidden_from(self, seat):
        return super().hidden_from(seat) | set(self.stock)

    def card_places(self):
        places = super().card_places()
        places["stock"] = list(self.stock)
        return places

    def hand_view(self, seat):
        """The Yukons first, the Grand Yukon leading them; then the suits."""
        hand = self.hands[seat]
        yukons = sorted((card for card in hand if is_yukon(card)), key=lambda card: (card != GRAND_YUKON, card))
        return yukons + sort_cards([card for card in hand if not is_yukon(card)], HAND_ORDER, PLAIN_RANKS)

    def own_view(self, seat):
        """The shared trick game's section without its trump suit: Yukon has none, only the Yukons."""
        view = super().own_view(seat)
        del view["trump"]
        return view

    def public_view(self, seat):
        return {
            "stock_size": len(self.stock),
            "card_points": self.card_points(),
            "target": TARGET,
            "yukon_lead": self.opts["yukon_lead"],
        }
