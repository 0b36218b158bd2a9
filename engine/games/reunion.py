"""Reunion, as `rules/reunion.md` specifies.

Three players, each for himself, 32 cards. Each gets ten cards (3-4-3) and
two go to the table: the second is turned up for trumps. The Jack of trumps
(Right Bower) and the other Jack of its colour (Left Bower, a trump for all
purposes) are the top trumps; plain suits run A 10 K Q J 9 8 7. The dealer
discards two cards face down (never an Ace or a Bower; their points are his)
and takes the face-down table card; he takes the turn-up once the second
trick is gathered. Follow suit, else trump if you can. Card-points: Bowers
12, A 11, 10 10, K 4, Q 3, other Jacks 2, last trick 10: 150 a deal.

A game is three deals; then the player with most card-points is paid in
stakes by each other player by his total (150+: nothing, but the other
pays double; 100-149: 1; 50-99: 2; under 50: 3). Two leaders are each paid
by the third; a three-way tie pays nothing. A Left Bower that falls in the
same trick as the Right pays its player's opponent 1 stake at once.
`scores` are the running card-points; `winner` is the player with most, or
null when two or three share the most (the view's `winners` lists them).

Moves are cards only: the dealer's first two moves of a deal name his
discards. Options: `dealer_order` (`discard_then_pick_up`, the default, or
`pick_up_then_discard`), `double_rule` (`times_two`, `flat_two`, or
`at_least_two`: what "pays double" means).

Dealing a recorded pack: from the dealer's left in batches of 3-4-3; the
31st card is the face-down table card and the 32nd the turn-up.
"""

from ..cards import pack, sort_cards
from ..dealing import deal_round
from ..errors import IllegalMoveError
from ..options import Option
from ..registry import register
from ..rounds import PHASE_PLAY, DealSeriesGame
from ..scoring import count_points, point_table, points_in_tricks
from ..trumps import FOLLOW_THEN_TRUMP, strength_table

PLAIN_RANKS = "ATKQJ987"
CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
BOWER_POINTS = 12
LAST_TRICK_POINTS = 10
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
BATCHES = (3, 4, 3)
DISCARDS = 2
TURN_UP_TAKEN_AFTER = 2   # tricks gathered before the dealer takes the turn-up
DEALS_PER_GAME = 3
BOWER_CLASH_STAKE = 1
PHASE_DISCARD = "discard"
DISCARD_THEN_PICK_UP, PICK_UP_THEN_DISCARD = "discard_then_pick_up", "pick_up_then_discard"
HAND_ORDER = "SHCD"


def stakes_owed(total):
    """What an opponent with `total` card-points pays the leader, normally."""
    if total >= 150:
        return 0
    if total >= 100:
        return 1
    if total >= 50:
        return 2
    return 3


def doubled(total, rule):
    """What "pays double" means for the opponent whose partner in loss reached 150."""
    normal = stakes_owed(total)
    return {"times_two": 2 * normal, "flat_two": 2, "at_least_two": max(2, normal)}[rule]


def settlement(totals, double_rule):
    """The payments (payer, payee, stakes) that end a game of three deals."""
    best = max(totals)
    leaders = [seat for seat, total in enumerate(totals) if total == best]
    others = [seat for seat in range(len(totals)) if seat not in leaders]
    if len(leaders) == 3:
        return []
    if len(leaders) == 2:
        third = others[0]
        return [(third, leader, stakes_owed(totals[third])) for leader in leaders]
    leader = leaders[0]
    payments = []
    for payer in others:
        partner = next(seat for seat in others if seat != payer)
        if totals[payer] >= 150:
            owed = 0
        elif totals[partner] >= 150:
            owed = doubled(totals[payer], double_rule)
        else:
            owed = stakes_owed(totals[payer])
        payments.append((payer, leader, owed))
    return payments


@register
class Reunion(DealSeriesGame):
    name = "reunion"
    title = "Reunion"
    blurb = "Three players, Bowers and a dealer's discard: most card-points in three deals collects stakes."
    length = "three deals, one dealt by each player"
    players = (3,)
    sides = None
    follow_rule = FOLLOW_THEN_TRUMP
    options = (
        Option("dealer_order", DISCARD_THEN_PICK_UP,
               "whether the dealer discards before or after taking the face-down table card",
               choices=(DISCARD_THEN_PICK_UP, PICK_UP_THEN_DISCARD),
               values=(("Discard, then pick up", ""), ("Pick up, then discard", ""))),
        Option("double_rule", "times_two",
               "what 'pays double' means when the other opponent has 150 or more: "
               "twice their normal stakes, a flat 2, or their normal stakes but at least 2",
               choices=("times_two", "flat_two", "at_least_two"),
               values=(("Twice the stakes", ""), ("A flat 2", ""), ("The stakes, at least 2", ""))),
    )

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.left_bower = self.right_bower = None
        self.face_down = None
        self.on_table = []        # the table cards the dealer has not taken yet
        self.discards = []
        self.values = {}

    def full_pack(self):
        return pack(PLAIN_RANKS)

    # Trumps and Bowers --------------------------------------------------------

    def card_suit(self, card):
        return self.trump if card == self.left_bower else card[1]

    def set_trump(self, suit):
        self.trump = suit
        self.right_bower = "J" + suit
        self.left_bower = "J" + SAME_COLOUR[suit]
        self.strength = strength_table(PLAIN_RANKS)
        top = max(self.strength.values())
        self.strength[self.right_bower] = top + 2
        self.strength[self.left_bower] = top + 1
        self.values = point_table(CARD_POINTS)
        self.values[self.right_bower] = self.values[self.left_bower] = BOWER_POINTS

    # The deal and the dealer's discard ---------------------------------------

    def start_deal(self, cards):
        hands, position = deal_round(cards, 3, self.eldest, BATCHES)
        self.face_down, self.turn_up = cards[position], cards[position + 1]
        self.on_table = [self.face_down, self.turn_up]
        self.set_trump(self.turn_up[1])
        self.discards = []
        self.start_tricks(hands, self.eldest)
        if self.opts["dealer_order"] == PICK_UP_THEN_DISCARD:
            self.take_from_table(self.face_down)
        self.phase = PHASE_DISCARD

    def take_from_table(self, card):
        self.on_table.remove(card)
        self.hands[self.dealer].append(card)

    def phase_to_move(self):
        return [self.dealer]

    def phase_moves(self, seat):
        return [card for card in self.hands[seat] if card[0] != "A" and card not in (self.right_bower, self.left_bower)]

    def play_phase_move(self, seat, card):
        self.hands[seat].remove(card)
        self.discards.append(card)
        if len(self.discards) < DISCARDS:
            return
        if self.face_down in self.on_table:
            self.take_from_table(self.face_down)
        self.phase = PHASE_PLAY

    def explain_illegal(self, seat, move):
        if self.phase != PHASE_DISCARD:
            return super().explain_illegal(seat, move)
        if move not in self.hands[seat]:
            reason = "it is not in their hand"
        elif move[0] == "A":
            reason = "an Ace may not be discarded"
        else:
            reason = "a Bower may not be discarded"
        return IllegalMoveError(f"seat {seat} cannot discard {move}: {reason}", seat)

    # Tricks and scoring -------------------------------------------------------

    def after_trick(self, winner, cards):
        played = dict((card, seat) for seat, card in cards)
        if self.right_bower in played and self.left_bower in played:
            self.ledger.pay(self.deals, played[self.left_bower], played[self.right_bower],
                            BOWER_CLASH_STAKE, "Left Bower fell to the Right")
        if len(self.tricks) == TURN_UP_TAKEN_AFTER:
            self.take_from_table(self.turn_up)
        if not self.hands[winner]:
            self.score_deal(winner)

    def card_points(self):
        """Card-points in the tricks taken so far this deal, per seat."""
        return points_in_tricks(self.tricks, self.values, 3)

    def score_deal(self, last_winner):
        points = self.card_points()
        points[last_winner] += LAST_TRICK_POINTS
        points[self.dealer] += count_points(self.discards, self.values)
        for seat in range(3):
            self.score(seat, points[seat], "card-points")
        facts = {"turn_up": self.turn_up, "discards": list(self.discards), "last_trick_winner": last_winner,
                 "card_points": points}
        if self.deals < DEALS_PER_GAME:
            self.close_deal(facts)
            return
        payments = settlement(self.scores, self.opts["double_rule"])
        for payer, payee, owed in payments:
            if owed:
                self.ledger.pay(self.deals, payer, payee, owed, "settlement")
        facts["settlement"] = [{"from": payer, "to": payee, "stakes": owed} for payer, payee, owed in payments]
        best = max(self.scores)
        self.close_deal(facts, [seat for seat in range(3) if self.scores[seat] == best])

    # Views -------------------------------------------------------------------

    def in_deal(self):
        return self.phase in (PHASE_DISCARD, PHASE_PLAY)

    def hidden_from(self, seat):
        hidden = super().hidden_from(seat)
        if self.face_down in self.on_table:
            hidden.add(self.face_down)
        if seat != self.dealer and self.in_deal():
            hidden.update(self.discards)
        return hidden

    def card_places(self):
        places = super().card_places()
        places["discards"] = list(self.discards)
        places["table"] = list(self.on_table)
        return places

    def hand_view(self, seat):
        return sort_cards(self.hands[seat], HAND_ORDER, PLAIN_RANKS)

    def public_view(self, seat):
        return {
            "left_bower_suit": SAME_COLOUR[self.trump] if self.trump else None,
            "turn_up_on_table": self.turn_up in self.on_table,
            "face_down_on_table": self.face_down in self.on_table,
            "discards": list(self.discards) if seat == self.dealer and self.in_deal() else None,
            "discard_count": len(self.discards),
            "card_points": self.card_points(),
            "deals_in_game": DEALS_PER_GAME,
            "stakes": self.ledger.stakes_view(),
        }
