"""Maw, as `rules/maw.md` specifies.

Two to ten players, each for himself, 52 cards. Everyone antes a stake into
the pool at the start of every deal. Each player gets five cards (2 then 3)
and the next card is turned up for trumps. Trumps run: the Five, the Jack,
the Ace of hearts (always a trump), the Ace of trumps, King, Queen, then the
rest, red from the 10 down and black from the 2 up. Plain suits: red K Q J
10 … 2 A (the A♦ lowest), black K Q J A 2 3 … 10.

Robbing (option `robbing`, on): before the first lead the holder of the Ace
of trumps (the dealer, when the turn-up is an Ace) may give up any card face
down and take the turn-up (`pass` declines). Eldest leads. Following (option
`follow`): `seed` — follow suit if you can, else trump if you can, a trump
led calls for a trump; `spoil_five` — to a plain suit led, follow or trump as
you like. Either way the Five, the Jack and the Ace of hearts need never be
played to obey, unless a higher one of the three was led (reneging).

Three tricks win the pool, and the deal ends as soon as someone takes his
third. A player who takes the first three says `claim` (the pool, and the
deal ends) or `jink` (play on for all five: the pool and a stake from each
other player; losing a trick ends the deal and he pays into the pool as much
as it holds). When nobody can reach three tricks any more, the deal is
spoiled and the pool carries over. The game lasts `deals` deals (each player
deals twice by default); a pool left at the end is shared equally (what
cannot be shared goes one counter each to the players from the last
dealer's left). The scores are the counters each player has won or lost.

Dealing a recorded pack: from the dealer's left, two cards each then three;
the next card is the turn-up, the rest the stock (never played from).
"""

from ..cards import SUIT_NAMES, display, pack
from ..dealing import deal_round
from ..errors import IllegalMoveError
from ..options import Option
from ..protocol import COUNTERS
from ..registry import register
from ..rounds import PHASE_DEAL, PHASE_OVER, PHASE_PLAY, DealSeriesGame

BATCHES = (2, 3)
HAND_SIZE = 5
TRICKS_TO_WIN = 3
ANTE = 1
JINK_STAKE = 1
ACE_OF_HEARTS = "AH"
RED, BLACK = "DH", "SC"
PLAIN_RED = "KQJT98765432A"
PLAIN_BLACK = "KQJA23456789T"
LOW_RED_TRUMPS = "T9876432"
LOW_BLACK_TRUMPS = "2346789T"
PHASE_ROB, PHASE_CHOICE = "rob", "choice"
PASS, CLAIM, JINK = "pass", "claim", "jink"
SEED, SPOIL_FIVE = "seed", "spoil_five"
HAND_ORDER = "SHCD"


def trump_order(trump):
    """The trumps, high to low: the Five, the Jack, the Ace of hearts, the Ace, K, Q, then the rest."""
    low = LOW_RED_TRUMPS if trump in RED else LOW_BLACK_TRUMPS
    order = ["5" + trump, "J" + trump, ACE_OF_HEARTS]
    if trump != "H":
        order.append("A" + trump)
    return order + ["K" + trump, "Q" + trump] + [rank + trump for rank in low]


def plain_order(suit):
    """A plain suit's cards, high to low (without the Ace of hearts, always a trump)."""
    ranks = PLAIN_RED if suit in RED else PLAIN_BLACK
    return [rank + suit for rank in ranks if rank + suit != ACE_OF_HEARTS]


def strengths(trump):
    """Each card's strength within its suit (trumps among the trumps) for a deal with `trump` trumps."""
    table = {}
    for suit in "SCDH":
        order = trump_order(trump) if suit == trump else plain_order(suit)
        table.update((card, len(order) - index) for index, card in enumerate(order))
    return table


def top_trumps(trump):
    """The three trumps that may renege, high to low."""
    return trump_order(trump)[:3]


def exempt(card, led, trump):
    """Whether `card` need not be played to obey: one of the top three, unless a higher one of them was led."""
    top = top_trumps(trump)
    return card in top and not (led in top and top.index(led) < top.index(card))


def maw_suit(card, trump):
    return trump if card == ACE_OF_HEARTS else card[1]


def obliged(hand, led, trump, follow):
    """The cards a follower's obligation names (before reneging): the suit led, or trumps."""
    led_suit = maw_suit(led, trump)
    trumps = [card for card in hand if maw_suit(card, trump) == trump]
    if led_suit == trump:
        return trumps
    following = [card for card in hand if maw_suit(card, trump) == led_suit]
    if following:
        return following + trumps if follow == SPOIL_FIVE else following
    return trumps


def maw_playable(hand, led, trump, follow):
    """The cards of `hand` that may be played to a trick led by `led`."""
    required = obliged(hand, led, trump, follow)
    if any(not exempt(card, led, trump) for card in required):
        return required
    return list(hand)


@register
class Maw(DealSeriesGame):
    name = "maw"
    title = "Maw"
    blurb = "Five cards each, the Five of trumps on top: take three tricks to win the pool, or jink for all five."
    length = "an agreed number of deals: by default each player deals twice"
    players = (4, 2, 3, 5, 6, 7, 8, 9, 10)
    sides = None
    score_meaning = COUNTERS
    move_hints = {
        PASS: "leave the turned-up card where it is instead of robbing it",
        CLAIM: "take the pool now with your three tricks; the deal ends",
        JINK: "play on for all five tricks: win them and take the pool and a stake from everyone, lose one and pay",
    }
    options = (
        Option("robbing", True,
               "whether the holder of the Ace of trumps (or the dealer, when an Ace is turned) may exchange a card "
               "for the turned-up trump before the first lead",
               choices=(True, False), label="Robbing the turn-up"),
        Option("follow", SEED,
               "what a player must play to a card led", choices=(SEED, SPOIL_FIVE), label="Following",
               values=(("Follow, else trump", "follow suit, else trump if you can"),
                       ("As in Spoil Five", "to a plain suit led, follow or trump as you like (the top three trumps "
                        "need never be played either way)"))),
        Option("deals", lambda players: 2 * players,
               "how many deals the game lasts; by default each player deals twice",
               minimum=1, maximum=100, label="Deals"),
    )

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.stock = []            # undealt cards, face down (a robbed discard joins them)
        self.turn_up_on_table = False
        self.robber = None         # the seat entitled to rob in the deal in play
        self.robbed = None         # {"seat", "discard"} once the turn-up is robbed
        self.jinker = None
        self.payments_before = 0

    def full_pack(self):
        return pack()

    def card_suit(self, card):
        return maw_suit(card, self.trump)

    # The deal and robbing -----------------------------------------------------

    def start_deal(self, cards):
        hands, used = deal_round(cards, self.seat_count, self.eldest, BATCHES)
        self.payments_before = len(self.ledger.payments)
        for seat in range(self.seat_count):
            self.ledger.stake(self.deals, seat, ANTE, "ante")
        self.turn_up = cards[used]
        self.turn_up_on_table = True
        self.stock = list(cards[used + 1:])
        self.trump = self.turn_up[1]
        self.strength = strengths(self.trump)
        self.robbed = None
        self.jinker = None
        self.start_tricks(hands, self.eldest)
        self.robber = self.rob_right() if self.opts["robbing"] else None
        self.phase = PHASE_ROB if self.robber is not None else PHASE_PLAY

    def rob_right(self):
        """The seat that may rob: the dealer when the turn-up is an Ace, else whoever holds the Ace of trumps."""
        if self.turn_up[0] == "A":
            return self.dealer
        ace = "A" + self.trump
        return next((seat for seat, hand in enumerate(self.hands) if ace in hand), None)

    def phase_to_move(self):
        if self.phase == PHASE_ROB:
            return [self.robber]
        return [self.turn]

    def phase_moves(self, seat):
        if self.phase == PHASE_ROB:
            return [PASS] + list(self.hands[seat])
        return [CLAIM, JINK]

    def play_phase_move(self, seat, move):
        if self.phase == PHASE_ROB:
            if move != PASS:
                self.hands[seat].remove(move)
                self.hands[seat].append(self.turn_up)
                self.stock.append(move)
                self.turn_up_on_table = False
                self.robbed = {"seat": seat, "discard": move}
            self.phase = PHASE_PLAY
        elif move == CLAIM:
            self.win_pool(seat, "claimed after the first three tricks")
        else:
            self.jinker = seat
            self.phase = PHASE_PLAY

    def action_words(self, seat, move):
        if self.phase == PHASE_ROB and move != PASS:
            return f"Give up {display(move)} for the turned-up {display(self.turn_up)}"
        return super().action_words(seat, move)

    def explain_illegal(self, seat, move):
        if self.phase == PHASE_ROB and move not in (PASS, CLAIM, JINK):
            return IllegalMoveError(f"seat {seat} cannot give up {move}: it is not in their hand", seat)
        return super().explain_illegal(seat, move)

    # Play ----------------------------------------------------------------------

    def legal_cards(self, seat):
        hand = self.hands[seat]
        if not self.trick:
            return list(hand)
        return maw_playable(hand, self.trick[0][1], self.trump, self.opts["follow"])

    def explain_card(self, seat, card):
        if card not in self.hands[seat]:
            return super().explain_card(seat, card)
        led = self.trick[0][1]
        led_suit = self.card_suit(led)
        if led_suit == self.trump:
            reason = f"a trump was led ({display(led)}), so must play a trump"
        elif any(self.card_suit(other) == led_suit for other in self.hands[seat]):
            reason = f"must follow suit ({SUIT_NAMES[led_suit]})"
            if self.opts["follow"] == SPOIL_FIVE:
                reason += f" or trump ({SUIT_NAMES[self.trump]})"
        else:
            reason = f"cannot follow suit ({SUIT_NAMES[led_suit]}), so must trump ({SUIT_NAMES[self.trump]})"
        return IllegalMoveError(f"seat {seat} cannot play {card}: {reason}", seat)

    def tricks_won(self):
        won = [0] * self.seat_count
        for _, _, winner in self.tricks:
            won[winner] += 1
        return won

    def after_trick(self, winner, cards):
        won = self.tricks_won()
        played = len(self.tricks)
        if self.jinker is not None:
            if winner != self.jinker:
                self.ledger.stake(self.deals, self.jinker, self.ledger.pot, "jinked and lost a trick: matches the pool")
                self.end_deal(None, "jink_lost")
            elif played == HAND_SIZE:
                for seat in range(self.seat_count):
                    if seat != winner:
                        self.ledger.pay(self.deals, seat, winner, JINK_STAKE, "jinked and won all five")
                self.win_pool(winner, "jinked and won all five", "jink_won")
        elif won[winner] == TRICKS_TO_WIN:
            if played == TRICKS_TO_WIN:
                self.phase = PHASE_CHOICE
            else:
                self.win_pool(winner, "three tricks")
        elif max(won) + HAND_SIZE - played < TRICKS_TO_WIN:
            self.end_deal(None, "spoiled")

    def win_pool(self, seat, reason, how="three_tricks"):
        self.ledger.take_pot(self.deals, seat, reason)
        self.end_deal(seat, how)

    def end_deal(self, winner, how):
        facts = {"turn_up": self.turn_up, "robbed_by": self.robbed["seat"] if self.robbed else None,
                 "winner": winner, "how": how, "jinker": self.jinker, "tricks_won": self.tricks_won()}
        if self.deals < self.opts["deals"]:
            facts["payments"] = self.deal_payments()
            self.close_deal(facts)
            return
        self.share_pool()
        facts["payments"] = self.deal_payments()
        most = max(self.scores)
        self.close_deal(facts, [seat for seat in range(self.seat_count) if self.scores[seat] == most])

    def share_pool(self):
        """The game is over: the pool left is shared equally, the odd counters from the dealer's left."""
        pot, seats = self.ledger.pot, self.seat_count
        for step in range(seats):
            seat = (self.dealer + 1 + step) % seats
            share = pot // seats + (1 if step < pot % seats else 0)
            if share:
                self.ledger.take_pot(self.deals, seat, "the pool left at the end, shared", share)

    def deal_payments(self):
        """The counters that changed hands in the deal in play (or the one just finished)."""
        return [dict(entry) for entry in self.ledger.payments[self.payments_before:]]

    # Views -----------------------------------------------------------------------

    def in_deal(self):
        return self.phase not in (PHASE_DEAL, PHASE_OVER)

    def hidden_from(self, seat):
        """Other hands (not the robbed turn-up) and the stock (a robber knows their own discard)."""
        hidden = super().hidden_from(seat) | set(self.stock)
        if self.robbed and self.robbed["seat"] == seat and self.in_deal():
            hidden.discard(self.robbed["discard"])
        return hidden

    def card_places(self):
        places = super().card_places()
        places["stock"] = list(self.stock)
        places["turn_up"] = [self.turn_up] if self.turn_up_on_table else []
        return places

    def table_cards(self):
        cards = [[seat, card] for seat, card in self.trick]
        if self.in_deal() and self.turn_up_on_table:
            cards.append([None, self.turn_up])
        elif self.in_deal() and self.robbed and self.turn_up in self.hands[self.robbed["seat"]]:
            cards.append([self.robbed["seat"], self.turn_up])
        return cards

    def hand_view(self, seat):
        suits = HAND_ORDER.replace(self.trump, "") + self.trump if self.trump else HAND_ORDER
        return sorted(self.hands[seat], key=lambda card: (suits.index(self.card_suit(card)), -self.strength[card]))

    def public_view(self, seat):
        in_deal = self.in_deal()
        robbed = self.robbed if in_deal else None
        return {
            "turn_up_on_table": in_deal and self.turn_up_on_table,
            "robber": self.robber if in_deal else None,   # whose turn it was to rob: public by the rules
            "robbed_by": robbed["seat"] if robbed else None,
            "my_discard": robbed["discard"] if robbed and robbed["seat"] == seat else None,
            "stock_size": len(self.stock) if in_deal else 0,
            "tricks_won": self.tricks_won() if in_deal else [0] * self.seat_count,
            "jinker": self.jinker if in_deal else None,
            "chooser": self.turn if self.phase == PHASE_CHOICE else None,
            "pool": self.ledger.pot,
            "payments": self.deal_payments() if in_deal else [],
            "stakes": self.ledger.stakes_view(),
            "deals_in_game": self.opts["deals"],
        }
