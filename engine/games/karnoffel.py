"""Karnöffel (the seed's SCA version), as `rules/karnoffel.md` specifies.

Four players in two partnerships (seats 0 and 2 against 1 and 3), 48 cards
(no Aces), plain order K Q J 10 … 2. Each player is dealt one card face up,
from the dealer's left; the suit of the lowest (2 lowest; the first dealt of
equals) is the chosen suit, trumps. The face-up cards are turned down and
kept, four more cards each follow, and the other 28 are set aside unseen.
Five tricks: eldest leads, the winner leads next, and any card may be played
at any time (no obligation to follow).

The winner of a trick is the card of highest power (`card_power`), the
file's resolved order (W2/W3): J of trumps (the Karnöffel) 100; 7 of trumps
(the Devil) 90 when led, powerless otherwise; 6 of trumps (Pope) 80; 2 of
trumps (Kaiser) 70; King of the suit led 65; 3 of trumps 60; Queen of the
suit led 55; 4 of trumps 50; Jack of the suit led 45; 5 of trumps 40; the
suit led's other cards by rank; anything else cannot win. A partnership
taking 3 or more tricks wins the hand (5 tricks: two hands with option
`five_tricks_counts_double`); the first to 12 hands wins the game.

The deal stops once its result is settled (a side holds 3 tricks and, where
five tricks count double, the five can no longer all go to one side): the
tricks left could not change it.

Moves are cards only. Partners may talk openly at the table; nothing in
play depends on it, so the engine has no move for it.

Dealing a recorded pack: one card at a time from the dealer's left, five
rounds; the first round is the face-up one; the last 28 cards are set aside.
"""

from ..cards import pack, sort_cards
from ..dealing import deal_round
from ..errors import IllegalMoveError
from ..options import Option
from ..registry import register
from ..rounds import PHASE_PLAY, DealSeriesGame

RANKS = "KQJT98765432"
HAND_SIZE = 5
TRICKS_TO_WIN = 3
HANDS_TO_WIN = 12
HAND_ORDER = "SHCD"

# Beaters of the chosen suit t and of the suit led L (`rules/karnoffel.md` §6).
KARNOFFEL, DEVIL = 100, 90
TRUMP_BEATERS = {"6": 80, "2": 70, "3": 60, "4": 50, "5": 40}   # rank of t -> power
LED_COURTS = {"K": 65, "Q": 55, "J": 45}                         # rank of L -> power
MINOR_TRUMPS = {"K": 35, "Q": 34, "T": 33, "9": 32, "8": 31}     # with `minor_trumps_beat_plain`, when L != t
PLAIN = {rank: int(rank) for rank in "98765432"} | {"T": 10}     # other cards of L
POWERLESS, AS_SEVEN = "powerless", "as_seven_of_led_suit"


def lowest_face_up(cards):
    """The index of the lowest card in plain order (2 lowest), the first dealt of equals."""
    return min(range(len(cards)), key=lambda index: (-RANKS.index(cards[index][0]), index))


def karnoffel_power(card, led_suit, trump, led, non_led_devil=POWERLESS, minor_trumps=False):
    """A card's power in a trick (None: it cannot win), by the file's table."""
    rank, suit = card[0], card[1]
    if suit == trump:
        if rank == "J":
            return KARNOFFEL
        if rank == "7":
            if led:
                return DEVIL
            return PLAIN["7"] if non_led_devil == AS_SEVEN else None
        if rank in TRUMP_BEATERS:
            return TRUMP_BEATERS[rank]
        if suit != led_suit:
            return MINOR_TRUMPS[rank] if minor_trumps else None
    if suit != led_suit:
        return None
    if rank in LED_COURTS:
        return LED_COURTS[rank]
    return PLAIN[rank]


@register
class Karnoffel(DealSeriesGame):
    name = "karnoffel"
    title = "Karnöffel"
    blurb = "Partners play five-card hands where the lowest face-up card picks trumps and beaters outrank Kings."
    length = "a race to 12 hands won, some fifteen to twenty short deals"
    players = (4,)
    sides = 2
    options = (
        Option("non_led_devil", POWERLESS,
               "what the 7 of trumps (the Devil) is worth when it is not led: nothing (the published order), "
               "or a plain 7 of the suit led (the seed)",
               choices=(POWERLESS, AS_SEVEN), label="Devil not led",
               values=(("Worth nothing", ""), ("A 7 of the suit led", ""))),
        Option("minor_trumps_beat_plain", False,
               "whether the King, Queen, 10, 9 and 8 of trumps beat the plain 10s and below of another suit led "
               "(the seed's reading); by default they are plain cards",
               choices=(False, True), label="Low trumps beat plain cards"),
        Option("five_tricks_counts_double", False,
               "whether taking all five tricks wins two hands instead of one",
               choices=(False, True), label="Five tricks count double"),
        Option("devil_cannot_lead_first_trick", False,
               "whether the Devil (7 of trumps) is barred from leading to the first trick of a deal",
               choices=(False, True), label="No Devil lead to the first trick"),
    )

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.face_up = []       # [seat, card] of the cards dealt face up, in dealing order
        self.set_aside = []

    def full_pack(self):
        return pack(RANKS)

    # The deal and the chosen suit ---------------------------------------------

    def start_deal(self, cards):
        hands, used = deal_round(cards, 4, self.eldest, [1] * HAND_SIZE)
        order = [(self.eldest + step) % 4 for step in range(4)]
        self.face_up = [[seat, hands[seat][0]] for seat in order]
        self.trump = self.chosen_by()[1][1]
        self.set_aside = list(cards[used:])
        self.start_tricks(hands, self.eldest)
        self.phase = PHASE_PLAY

    def chosen_by(self):
        """The face-up card that fixed trumps, as [seat, card]."""
        return self.face_up[lowest_face_up([card for _, card in self.face_up])]

    # Play --------------------------------------------------------------------

    def devil(self):
        return "7" + self.trump

    def legal_cards(self, seat):
        """No obligation to follow: any card of the hand (but the Devil's first lead, by option)."""
        hand = self.hands[seat]
        if (not self.trick and not self.tricks and self.opts["devil_cannot_lead_first_trick"]
                and self.devil() in hand and len(hand) > 1):
            return [card for card in hand if card != self.devil()]
        return list(hand)

    def explain_card(self, seat, card):
        if card in self.hands[seat]:
            return IllegalMoveError(f"seat {seat} cannot play {card}: the Devil may not lead to the first trick", seat)
        return super().explain_card(seat, card)

    def card_power(self, card, context):
        return karnoffel_power(card, context.led_suit, context.trump, context.position == 0,
                               self.opts["non_led_devil"], self.opts["minor_trumps_beat_plain"])

    def after_trick(self, winner, cards):
        won = self.tricks_won()
        leading = max(range(2), key=lambda side: won[side])
        settled = won[leading] >= TRICKS_TO_WIN and (
            not self.opts["five_tricks_counts_double"] or won[1 - leading] > 0)
        if settled or len(self.tricks) == HAND_SIZE:
            self.score_deal(leading, won)

    def tricks_won(self):
        sides = self.seats.sides   # looked up once: robots' playouts ask after every trick
        won = [0, 0]
        for _, _, winner in self.tricks:
            won[sides[winner]] += 1
        return won

    def score_deal(self, side, won):
        double = won[side] == HAND_SIZE and self.opts["five_tricks_counts_double"]
        hands = 2 if double else 1
        self.score(side, hands, "all five tricks" if double else f"{won[side]} tricks")
        facts = {"chosen_by": self.chosen_by(), "face_up": [list(pair) for pair in self.face_up],
                 "tricks_won": won, "side": side, "hands_won": hands}
        self.close_deal(facts, [side] if self.scores[side] >= HANDS_TO_WIN else None)

    # Views -------------------------------------------------------------------

    def hidden_from(self, seat):
        """Other hands and the cards set aside; the face-up cards were seen by all."""
        shown = {card for _, card in self.face_up}
        return (super().hidden_from(seat) - shown) | set(self.set_aside)

    def card_places(self):
        places = super().card_places()
        places["set_aside"] = list(self.set_aside)
        return places

    def hand_view(self, seat):
        suits = HAND_ORDER.replace(self.trump, "") + self.trump if self.trump else HAND_ORDER
        return sort_cards(self.hands[seat], suits, RANKS)

    def public_view(self, seat):
        in_deal = self.phase == PHASE_PLAY
        return {
            "face_up": [list(pair) for pair in self.face_up] if in_deal else [],
            "chosen_by": self.chosen_by() if in_deal else None,
            "tricks_won": self.tricks_won(),
            "target": HANDS_TO_WIN,
            "set_aside_count": len(self.set_aside) if in_deal else 0,
        }
