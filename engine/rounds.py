"""Trick games played as a series of deals: the series (`engine.series`) with trick play (`engine.tricks`).

The game waits for a recorded pack, may hold a phase of its own before the
cards are played (a bid, a ruff), plays the tricks, scores the deal into the
series' ledger and keeps the finished deal in its history. A subclass deals
the pack (`start_deal`), says what its own phases await (`phase_to_move`,
`phase_moves`, `play_phase_move`) and scores in `after_trick`.
"""

from .cards import SUITS, sort_cards
from .errors import IllegalMoveError
from .series import PHASE_DEAL, PHASE_OVER, PhasedDeal
from .tricks import TrickGame, trick_json

PHASE_PLAY = "play"
__all__ = ["PHASE_DEAL", "PHASE_OVER", "PHASE_PLAY", "DealSeriesGame"]


class DealSeriesGame(PhasedDeal, TrickGame):
    """A trick game of several deals, scored per side (a seat playing alone is its own side)."""

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.sides = self.seats.side_count if self.seats.partnerships else None
        self.turn_up = None       # the card turned face up for trumps, if any
        self.start_tricks([[] for _ in range(self.seat_count)], None)

    @property
    def owner_count(self):
        """How many scores are kept: one per side."""
        return self.seats.side_count

    def owner(self, seat):
        """The side that scores for `seat`."""
        return self.side_of(seat)

    # Turn and moves: the tricks, or the game's own phases ------------------------

    @property
    def to_move(self):
        if self.phase == PHASE_PLAY:
            return [self.turn]
        return super().to_move

    def legal_moves(self, seat):
        if self.phase == PHASE_PLAY:
            return self.legal_cards(seat) if seat == self.turn else []
        return super().legal_moves(seat)

    def explain_illegal(self, seat, move):
        if self.phase == PHASE_PLAY:
            if move in self.move_hints:
                return IllegalMoveError(f"seat {seat} cannot {move}: the play of the cards has begun", seat)
            return self.explain_card(seat, move)
        return super().explain_illegal(seat, move)

    def play(self, seat, move):
        if self.phase == PHASE_PLAY:
            self.play_card(seat, move)
        else:
            self.play_phase_move(seat, move)

    # Deals -------------------------------------------------------------------

    def deal_pack(self, cards):
        self.trump = None
        self.turn_up = None
        super().deal_pack(cards)

    def deal_record(self):
        return {"trump": self.trump, "tricks": [trick_json(trick) for trick in self.tricks]}

    # Views -------------------------------------------------------------------

    def hidden_from(self, seat):
        return super().hidden_from(seat) - {self.turn_up}

    def hand_view(self, seat):
        """The seat's hand sorted by suit, trumps last."""
        suits = SUITS.replace(self.trump, "") + self.trump if self.trump else SUITS
        return sort_cards(self.hands[seat], suits)

    def public_view(self, seat):
        """The game's own public state (and this seat's own extras) for the view."""
        return {}

    def table_cards(self):
        cards = super().table_cards()
        if self.turn_up is not None and self.phase != PHASE_DEAL:
            holder = next((seat for seat, hand in enumerate(self.hands) if self.turn_up in hand), None)
            cards.append([holder, self.turn_up])
        return cards

    def own_view(self, seat):
        view = {
            "trump": self.trump,
            "turn_up": self.turn_up,
            "score_entries": self.ledger.view()["entries"],
            "winners": list(self.winners),
        }
        view.update(self.trick_view())
        view.update(self.public_view(seat))
        return view
