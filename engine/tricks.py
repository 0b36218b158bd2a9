"""The trick loop that trick-taking games share.

A subclass says which cards may be played (`legal_cards`), who wins a full
trick (`trick_winner`) and what happens when a trick is won (`after_trick`);
this class keeps the hands, the trick in progress and the tricks of the deal.
Games with a trump suit set `trump`, `follow_rule` and `strength` (see
`engine.trumps`) and get both rules from here.
"""

from .cards import display
from .errors import IllegalMoveError
from .state import GameState
from .trumps import FOLLOW, follow_reason, playable, trick_winner


def follow_suit(hand, suit):
    """The cards of `hand` that obey "follow suit if you can"."""
    following = [card for card in hand if card[1] == suit]
    return following or list(hand)


def trick_json(trick):
    leader, cards, winner = trick
    return {"leader": leader, "cards": [[seat, card] for seat, card in cards], "winner": winner}


class TrickGame(GameState):
    """A game played in tricks, one card per hand, leader chosen by the last winner."""

    trump = None           # the trump suit of the deal in progress, if any
    follow_rule = FOLLOW   # one of engine.trumps' following rules
    strength = None        # card -> strength within its suit, for the default trick_winner

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

    def next_seat(self, seat):
        return (seat + 1) % self.seat_count

    def led_card(self):
        return self.trick[0][1] if self.trick else None

    def legal_cards(self, seat):
        """The cards `seat` may play to the trick in progress."""
        hand = self.hands[seat]
        if not self.trick:
            return list(hand)
        return playable(hand, self.card_suit(self.trick[0][1]), self.trump, self.follow_rule, self.card_suit)

    def trick_winner(self, cards):
        """The seat that wins a complete trick of (seat, card) pairs."""
        return trick_winner(cards, self.trump, self.strength, self.card_suit)

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
        self.leader = self.turn = winner
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

    def trick_view(self):
        """The public picture of the deal's tricks, for views."""
        return {
            "leader": self.leader,
            "trick": [[seat, card] for seat, card in self.trick],
            "last_trick": trick_json(self.tricks[-1]) if self.tricks else None,
            "tricks": [trick_json(trick) for trick in self.tricks],
            "hand_sizes": [len(hand) for hand in self.hands],
        }
