"""The trick loop that trick-taking games share.

This class keeps the hands, the trick in progress and the tricks of the
deal. The game gives it two rules through narrow hooks with defaults: which
cards may follow (`follow_rule` and `card_suit`, see `engine.trumps`) and
how strong each card of a trick is (`card_power(card, context)`, the one
hook that decides who wins a trick: ranked suits, Bowers, beaters that
depend on the led card, "the first of a kind wins"), and says what happens
when a trick is won (`after_trick`). Games with a trump suit set `trump`
and `strength` and need no hook of their own.
"""

from .cards import display
from .errors import IllegalMoveError
from .state import GameState
from typing import NamedTuple

from .trumps import FOLLOW, follow_reason, playable


def follow_suit(hand, suit):
    """The cards of `hand` that obey "follow suit if you can"."""
    following = [card for card in hand if card[1] == suit]
    return following or list(hand)


class TrickContext(NamedTuple):
    """What `card_power` may weigh besides the card: the trick as it stands when the card is played."""

    led: str            # the card led
    led_suit: str       # the suit to follow (after `card_suit`)
    trump: str | None   # the trump suit, if any
    leader: int         # the seat that led
    player: int         # the seat that played the card being weighed
    position: int       # the card's place in the trick, 0 for the lead


def trick_json(trick):
    leader, cards, winner = trick
    return {"leader": leader, "cards": [[seat, card] for seat, card in cards], "winner": winner}


class TrickGame(GameState):
    """A game played in tricks, one card per hand, leader chosen by the last winner."""

    trump = None           # the trump suit of the deal in progress, if any
    follow_rule = FOLLOW   # one of engine.trumps' following rules
    strength = None        # card -> strength within its suit, for the default card_power

    def card_suit(self, card):
        """The suit a card belongs to for following and trumping (a Bower may change it)."""
        return card[1]

    def start_tricks(self, hands, leader):
        self.hands = hands
        self.trick = []           # (seat, card) pairs of the trick in progress
        self.tricks = []          # completed tricks of this deal: (leader, cards, winner)
        self.leader = leader
        self.turn = leader

    @property
    def trick_size(self):
        return self.seat_count

    def led_card(self):
        return self.trick[0][1] if self.trick else None

    def legal_cards(self, seat):
        """The cards `seat` may play to the trick in progress."""
        hand = self.hands[seat]
        if not self.trick:
            return list(hand)
        return playable(hand, self.card_suit(self.trick[0][1]), self.trump, self.follow_rule, self.card_suit)

    def card_power(self, card, context):
        """How strongly `card` bids for the trick: the highest power wins, the first of equals
        keeps it, and None cannot win. By default: a trump by its strength, then the suit led."""
        suit = self.card_suit(card)
        if suit == context.trump:
            return 2, self.strength[card]
        if suit == context.led_suit:
            return 1, self.strength[card]
        return None

    def trick_winner(self, cards):
        """The seat that wins a complete trick of (seat, card) pairs, by `card_power`."""
        return self.strongest_seat(cards)

    def strongest_seat(self, cards):
        """The seat whose card bids strongest among (seat, card) pairs, a whole trick or one in progress,
        by `card_power`; None while no card played can win."""
        leader, led = cards[0]
        led_suit, trump = self.card_suit(led), self.trump
        winner, best, tied = None, None, None
        for position, (seat, card) in enumerate(cards):
            power = self.card_power(card, TrickContext(led, led_suit, trump, leader, seat, position))
            if power is None:
                continue
            if best is None or power > best:
                winner, best, tied = seat, power, None
            elif power == best:
                tied = (tied or [winner]) + [seat]
        return winner if tied is None else self.tied_trick(cards, tied)

    def tied_trick(self, cards, tied):
        """Who takes a complete trick whose best cards are equal in power; `tied` lists their seats in the
        order played. By default the first of them keeps it; a game may return None to set the trick
        aside, taken by nobody for now (its leader then leads again, see `play_card`)."""
        return tied[0]

    def after_trick(self, winner, cards):
        """Scoring and phase changes once a trick is complete."""

    def play_card(self, seat, card):
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append((seat, card))
        if len(trick) < self.trick_size:
            self.turn = self.next_seat(seat)
            return
        cards = tuple(trick)
        winner = self.trick_winner(cards)
        self.tricks.append((self.leader, cards, winner))
        self.trick = []
        if winner is not None:   # a trick set aside (`tied_trick`) is led again by the same seat
            self.leader = winner
        self.turn = self.leader
        self.after_trick(winner, cards)

    def explain_card(self, seat, card):
        """An IllegalMoveError saying why `card` may not be played by `seat`."""
        if card not in self.hands[seat]:
            reason = "it is not in their hand"
        elif self.trick and card not in playable(self.hands[seat], self.card_suit(self.trick[0][1]),
                                                  self.trump, self.follow_rule, self.card_suit):
            reason = follow_reason(self.hands[seat], self.card_suit(self.trick[0][1]),
                                   self.trump, self.follow_rule, self.card_suit)
        else:
            legal = " ".join(display(c) for c in sorted(self.legal_cards(seat)))
            reason = f"the rules allow only {legal}"
        return IllegalMoveError(f"seat {seat} cannot play {card}: {reason}", seat)

    def visible_seats(self, seat):
        """The seats whose hands the person at `seat` may look at now."""
        player = self.controller(seat)
        return [other for other in range(self.seat_count) if self.controller(other) == player]

    def hidden_from(self, seat):
        """The cards `seat` may not see now: its view must show none of them."""
        visible = self.visible_seats(seat)
        return {card for other, hand in enumerate(self.hands) if other not in visible for card in hand}

    def card_places(self):
        """Where the cards of the deal in progress are, by place: none may be lost or doubled."""
        return {
            "hands": [card for hand in self.hands for card in hand],
            "trick": [card for _, card in self.trick],
            "tricks": [card for _, cards, _ in self.tricks for _, card in cards],
        }

    def table_cards(self):
        return [[seat, card] for seat, card in self.trick]

    def trick_view(self):
        """The public picture of the deal's tricks, for views."""
        return {
            "leader": self.leader,
            "trick": [[seat, card] for seat, card in self.trick],
            "winning": self.strongest_seat(self.trick) if self.trick else None,
            "last_trick": trick_json(self.tricks[-1]) if self.tricks else None,
            "tricks": [trick_json(trick) for trick in self.tricks],
        }
