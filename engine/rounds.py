"""Trick games played as a series of deals.

The game waits for a recorded pack, may hold a phase of its own before the
cards are played (a bid, a ruff), plays the tricks, scores the deal into a
ledger, keeps the finished deal in a public history and passes the deal to
the next seat (`next_seat`: the left, unless a game plays the other way)
until the game's end rule names its winners. A subclass deals the
pack (`start_deal`), says what its own phases await (`phase_to_move`,
`phase_moves`, `play_phase_move`) and scores in `after_trick`.
"""

from .cards import SUITS, parse_card, sort_cards
from .errors import IllegalMoveError, RecordError
from .scoring import Ledger
from .state import AWAITING_DEAL, AWAITING_MOVE
from .tricks import TrickGame, trick_json

PHASE_DEAL, PHASE_PLAY, PHASE_OVER = "deal", "play", "over"


class DealSeriesGame(TrickGame):
    """A trick game of several deals, scored per seat or per side."""

    words = ()   # the game's actions that are not cards, in lower case

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.sides = self.side_count()
        self.phase = PHASE_DEAL
        self.next_dealer = dealer
        self.history = []         # finished deals, as every player may see them
        self.winners = []         # once over: the seats or sides sharing first place
        self.turn_up = None       # the card turned face up for trumps, if any
        self.ledger = Ledger(self.owner_count)
        self.start_tricks([[] for _ in range(self.seat_count)], None)

    # Sides -------------------------------------------------------------------

    def side_count(self):
        """How many sides play with these options: None when each seat plays for itself."""
        return type(self).sides

    @property
    def owner_count(self):
        """How many scores are kept: one per side, or one per seat."""
        return self.sides or self.seat_count

    def owner(self, seat):
        """The side (or, without sides, the seat) that scores for `seat`: sides alternate round the table."""
        return seat % self.sides if self.sides else seat

    @property
    def scores(self):
        return self.ledger.totals

    # Turn and moves ----------------------------------------------------------

    @property
    def awaiting(self):
        if self.phase == PHASE_OVER:
            return None
        return AWAITING_DEAL if self.phase == PHASE_DEAL else AWAITING_MOVE

    @property
    def to_move(self):
        if self.phase == PHASE_PLAY:
            return [self.turn]
        if self.phase in (PHASE_DEAL, PHASE_OVER):
            return []
        return self.phase_to_move()

    def legal_moves(self, seat):
        to_move = self.to_move
        if not to_move or seat != to_move[0]:
            return []
        if self.phase == PHASE_PLAY:
            return self.legal_cards(seat)
        return self.phase_moves(seat)

    def parse_move(self, seat, text):
        if isinstance(text, str) and text.strip().lower() in self.words:
            return text.strip().lower()
        return parse_card(text)

    def explain_illegal(self, seat, move):
        if self.phase == PHASE_PLAY:
            if move in self.words:
                return IllegalMoveError(f"seat {seat} cannot {move}: the play of the cards has begun", seat)
            return self.explain_card(seat, move)
        legal = " or ".join(sorted(self.phase_moves(seat)))
        action = move if move in self.words else f"play {move}"
        return IllegalMoveError(f"seat {seat} cannot {action} now: the {self.phase} allows only {legal}", seat)

    def play(self, seat, move):
        if self.phase == PHASE_PLAY:
            self.play_card(seat, move)
        else:
            self.play_phase_move(seat, move)

    # Hooks for a game's own phases -------------------------------------------

    def phase_to_move(self):
        return []

    def phase_moves(self, seat):
        return []

    def play_phase_move(self, seat, move):
        raise NotImplementedError

    # Deals -------------------------------------------------------------------

    def deal_pack(self, cards):
        self.dealer = self.next_dealer
        self.next_dealer = self.next_seat(self.dealer)
        self.deals += 1
        self.trump = None
        self.turn_up = None
        self.start_deal(cards)

    def start_deal(self, cards):
        """Deal the checked pack out and set the phase that follows."""
        raise NotImplementedError

    @property
    def eldest(self):
        return self.next_seat(self.dealer)

    def score(self, owner, points, reason):
        if points:
            self.ledger.add(self.deals, owner, points, reason)

    def close_deal(self, facts, winners=None):
        """Keep the finished deal's public facts; end the game if `winners` are named."""
        entry = {"deal": self.deals, "dealer": self.dealer, "trump": self.trump,
                 "tricks": [trick_json(trick) for trick in self.tricks]}
        entry.update(facts)
        entry["scores"] = list(self.scores)
        self.history.append(entry)
        if winners:
            self.finish(winners)
        else:
            self.phase = PHASE_DEAL

    def finish(self, winners):
        self.winners = list(winners)
        self.winner = self.winners[0] if len(self.winners) == 1 else None
        self.over = True
        self.phase = PHASE_OVER

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

    def view(self, seat):
        if type(seat) is not int or not 0 <= seat < self.seat_count:
            raise RecordError(f"seat must be a number from 0 to {self.seat_count - 1}, not {seat!r}")
        view = {
            "game": self.name,
            "seat": seat,
            "players": self.player_count,
            "sides": [self.owner(other) for other in range(self.seat_count)] if self.sides else None,
            "dealer": self.dealer,
            "deal": self.deals,
            "phase": self.phase,
            "to_move": self.to_move,
            "awaiting": self.awaiting,
            "legal": sorted(self.legal_moves(seat)),
            "hand": self.hand_view(seat),
            "trump": self.trump,
            "turn_up": self.turn_up,
            "scores": list(self.scores),
            "score_entries": self.ledger.view()["entries"],
            "over": self.over,
            "winner": self.winner,
            "winners": list(self.winners),
            "history": [dict(deal) for deal in self.history],
            "options": dict(self.opts),
        }
        view.update(self.trick_view())
        view.update(self.public_view(seat))
        return view
