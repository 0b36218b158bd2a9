"""The interface every game's state offers, and the parts all games share.

A state is built from a `start` event and then folds `deal` and `move`
events. `apply_move` checks a move (notation, turn, legality) before playing
it; the state never draws random numbers or reads a clock.
"""

import pickle

from .dealing import check_deck
from .errors import DealError, OutOfTurnError, RecordError
from .options import resolve_options

AWAITING_MOVE = "move"
AWAITING_DEAL = "deal"

_DEFAULT_OPTIONS = {}   # (game class, players) -> every option at its default, resolved once


class GameState:
    """Base of every game's state. Subclasses declare the class attributes."""

    name = ""          # the registry name used in records
    title = ""         # the name people read
    blurb = ""         # one line for the lobby
    length = ""        # how long a game lasts, in words, for the lobby
    players = ()       # the numbers of players the game can be started with
    options = ()       # Option declarations
    sides = None       # None when each seat plays for itself

    def __init__(self, players, options, dealer):
        if players not in self.players:
            allowed = " or ".join(str(n) for n in self.players)
            raise RecordError(f"{self.title} is played by {allowed} players, not {players}")
        self.player_count = players
        if type(options) is dict and not options:   # the usual start: the defaults
            self.opts = self.default_options(players)
        else:
            self.opts = resolve_options(self.options, options, players)
        self.seat_count = self.seats_for(players)
        if type(dealer) is not int or not 0 <= dealer < self.seat_count:
            raise RecordError(f"dealer must be a seat from 0 to {self.seat_count - 1}, not {dealer!r}")
        self.dealer = dealer
        self.deals = 0
        self.over = False
        self.winner = None

    @classmethod
    def default_options(cls, players):
        """Every option at its default for this many players: a fresh copy for each state."""
        key = cls, players
        if key not in _DEFAULT_OPTIONS:
            _DEFAULT_OPTIONS[key] = resolve_options(cls.options, {}, players)
        return dict(_DEFAULT_OPTIONS[key])

    # Facts a subclass may refine -------------------------------------------

    @classmethod
    def seats_for(cls, players):
        """How many seats (hands) the game uses for this many players."""
        return players

    def controller(self, seat):
        """The seat whose person makes this seat's moves (a dummy's partner)."""
        return seat

    def player_seats(self):
        """The seats that are people (or robots) rather than dummies."""
        return [seat for seat in range(self.seat_count) if self.controller(seat) == seat]

    # What a subclass must provide ------------------------------------------
    #
    # Besides the methods below, two attributes (or properties):
    # `awaiting`: AWAITING_MOVE, AWAITING_DEAL, or None once the game is over;
    # `to_move`: the seats whose move is awaited, in order; empty unless a move is awaited.

    def full_pack(self):
        """Every card of the pack this game deals, in a fixed order."""
        raise NotImplementedError

    def legal_moves(self, seat):
        """The canonical moves `seat` may make now (empty if not its turn)."""
        raise NotImplementedError

    def parse_move(self, seat, text):
        """The canonical form of a move text, or NotationError."""
        raise NotImplementedError

    def explain_illegal(self, seat, move):
        """Why `move` (canonical, not legal) may not be made by `seat`: an IllegalMoveError."""
        raise NotImplementedError

    def play(self, seat, move):
        """Apply a move already known to be legal."""
        raise NotImplementedError

    def deal_pack(self, cards):
        """Deal a checked, canonical pack."""
        raise NotImplementedError

    @property
    def scores(self):
        raise NotImplementedError

    def view(self, seat):
        """What `seat` may see, as plain JSON-ready data."""
        raise NotImplementedError

    # Shared behaviour -------------------------------------------------------

    def apply_deal(self, deck):
        if self.awaiting != AWAITING_DEAL:
            raise DealError(f"a deal is not expected now: {self.waiting_for()}")
        self.deal_pack(check_deck(deck, self.full_pack()))

    def apply_move(self, seat, text):
        """Check a move from outside (any accepted notation) and apply it."""
        if seat not in self.to_move or type(seat) is not int:
            raise self.turn_error(seat)
        legal = self.legal_moves(seat)
        if text in legal and type(text) is str:
            move = text  # already canonical: the common case, kept cheap
        else:
            move = self.parse_move(seat, text)
            if move not in legal:
                raise self.explain_illegal(seat, move)
        self.play(seat, move)
        return move

    def turn_error(self, seat):
        if type(seat) is not int or not 0 <= seat < self.seat_count:
            return RecordError(f"seat must be a number from 0 to {self.seat_count - 1}, not {seat!r}")
        return OutOfTurnError(f"seat {seat} cannot move now: {self.waiting_for()}", seat)

    def waiting_for(self):
        if self.awaiting is None:
            return "the game is over"
        if self.awaiting == AWAITING_DEAL:
            return "awaiting a deal"
        seats = ", ".join(str(seat) for seat in self.to_move)
        return f"awaiting a move from seat {seats}"

    def summary(self):
        """The replay tool's summary (DESIGN.md): keys and order are a contract."""
        to_move = list(self.to_move) if self.awaiting == AWAITING_MOVE else []
        return {
            "game": self.name,
            "over": self.over,
            "winner": self.winner,
            "scores": list(self.scores),
            "deal": self.deals,
            "to_move": to_move,
            "awaiting": self.awaiting,
            "legal": sorted(self.legal_moves(to_move[0])) if to_move else [],
        }

    def clone(self):
        """An independent copy (pickling round trips several times faster than deepcopy)."""
        return pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))
