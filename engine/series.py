"""A game as a series of deals: one component, whatever a deal's play is.

The series waits for a recorded pack, passes the deal round the table
(`next_seat`: to the left unless a game plays the other way), keeps the
books (`Ledger`: points per side, counters per seat and a pot), keeps each
finished deal's public facts in a history, and ends the game when the
game's end rule names its winners. How a deal is played is the other
component: a subclass deals the pack (`start_deal`), says who is to move in
each of its phases and what they may do (`phase_to_move`, `phase_moves`,
`play_phase_move`), and calls `close_deal` when the deal is over. Trick
games get their play from `engine.rounds.DealSeriesGame`; a vying round or
any other kind of deal plugs in the same way, through `PhasedDeal`.
"""

from .cards import parse_card
from .errors import IllegalMoveError
from .scoring import Ledger
from .state import AWAITING_DEAL, AWAITING_MOVE, COUNTERS, GameState

PHASE_DEAL, PHASE_OVER = "deal", "over"


class DealSeries(GameState):
    """A game of several deals, scored into one ledger.

    It leaves `awaiting` and `to_move` to the deal's play: `PhasedDeal` works
    them out from the phase; a game may keep them as attributes instead (Quinto).
    """

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.phase = PHASE_DEAL
        self.next_dealer = dealer
        self.history = []         # finished deals, as every player may see them
        self.winners = []         # once over: the sides sharing first place
        opening = self.opening_scores()
        self.ledger = Ledger(len(opening), self.seat_count, opening, self.opening_counters())

    def opening_scores(self):
        """The scores a game starts from, one per side: all zero unless a game gives a handicap."""
        return [0] * self.seats.side_count

    def opening_counters(self):
        """The counters each seat starts with: a game that hands out a purse declares a `counters` option."""
        return [self.opts.get("counters", 0)] * self.seat_count

    @property
    def order(self):
        """The seats in turn order: eldest (the dealer's left) first, the dealer last."""
        return [(self.dealer + 1 + step) % self.seat_count for step in range(self.seat_count)]

    @property
    def scores(self):
        """Points per side; in a game scored in counters, each seat's counters."""
        return self.ledger.counters if self.score_meaning == COUNTERS else self.ledger.totals

    # Hooks for how a deal is played --------------------------------------------

    def start_deal(self, cards):
        """Deal the checked pack out and set the phase that follows."""
        raise NotImplementedError

    def deal_record(self):
        """Facts every finished deal of this kind keeps, besides the game's own (the tricks…)."""
        return {}

    # The series ------------------------------------------------------------------

    def deal_pack(self, cards):
        self.dealer = self.next_dealer
        self.next_dealer = self.next_seat(self.dealer)
        self.deals += 1
        self.start_deal(cards)

    @property
    def eldest(self):
        return self.next_seat(self.dealer)

    def set_phase(self, phase):
        self.phase = phase

    def score(self, owner, points, reason):
        if points:
            self.ledger.add(self.deals, owner, points, reason)

    def close_deal(self, facts, winners=None):
        """Keep the finished deal's public facts; end the game if `winners` are named."""
        entry = {"deal": self.deals, "dealer": self.dealer, **self.deal_record(), **facts,
                 "scores": list(self.scores)}
        self.history.append(entry)
        if winners:
            self.finish(winners)
        else:
            self.set_phase(PHASE_DEAL)

    def finish(self, winners):
        self.winners = list(winners)
        self.winner = self.winners[0] if len(self.winners) == 1 else None
        self.over = True
        self.set_phase(PHASE_OVER)

    def winning_sides(self):
        return list(self.winners)

    def history_view(self):
        return [dict(deal) for deal in self.history]


class PhasedDeal(DealSeries):
    """A series whose deals are played in named phases: the hooks say who moves and what they may do."""


    # Turn and moves ----------------------------------------------------------

    @property
    def awaiting(self):
        if self.phase == PHASE_OVER:
            return None
        return AWAITING_DEAL if self.phase == PHASE_DEAL else AWAITING_MOVE

    @property
    def to_move(self):
        if self.phase in (PHASE_DEAL, PHASE_OVER):
            return []
        return self.phase_to_move()

    def legal_moves(self, seat):
        to_move = self.to_move
        if not to_move or seat != to_move[0]:
            return []
        return self.phase_moves(seat)

    def parse_move(self, seat, text):
        if isinstance(text, str) and text.strip().lower() in self.move_hints:
            return text.strip().lower()
        return parse_card(text)

    def explain_illegal(self, seat, move):
        legal = " or ".join(sorted(self.phase_moves(seat)))
        action = move if move in self.move_hints else f"play {move}"
        return IllegalMoveError(f"seat {seat} cannot {action} now: the {self.phase} allows only {legal}", seat)

    def play(self, seat, move):
        self.play_phase_move(seat, move)

    # Hooks for the deal's phases -----------------------------------------------

    def phase_to_move(self):
        """The seats to move in the deal's current phase."""
        return []

    def phase_moves(self, seat):
        """The moves of the seat to move in the deal's current phase."""
        return []

    def play_phase_move(self, seat, move):
        """Make a legal move of the deal's current phase."""
        raise NotImplementedError
