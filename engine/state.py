"""The parts of the game protocol (`engine.protocol`) that all games share.

A state is built from a `start` event and then folds `deal` and `move`
events. `apply_move` checks a move (notation, turn, legality) before playing
it; the state never draws random numbers or reads a clock.
"""

import pickle

from .cards import display, is_card
from .dealing import check_deck
from .errors import DealError, OptionError, OutOfTurnError, RecordError, shown
from .options import resolve_options
from .protocol import (  # noqa: F401  (AWAITING_* are re-exported for the games)
    AWAITING_DEAL, AWAITING_MOVE, COUNTERS, KIND_TRICKS, PENALTY, POINTS, GameProtocol, Result, plain_seating,
)

DISCARD_PHASE = "discard"   # a phase of this name lays cards away (the table's discard hint reads it too)

_DEFAULT_OPTIONS = {}   # (game class, players) -> every option at its default, resolved once
_SEATINGS = {}          # (game class, players, options) -> its Seating, worked out once


class GameState(GameProtocol):
    """Base of every game's state. Subclasses declare the class attributes."""

    name = ""          # the registry name used in records
    title = ""         # the name people read
    blurb = ""         # one line for the lobby
    length = ""        # how long a game lasts, in words, for the lobby
    players = ()       # the numbers of players the game can be started with
    options = ()       # Option declarations
    sides = None       # how many partnerships; None when each seat plays for itself
    kind = KIND_TRICKS
    score_meaning = POINTS
    flagship = False   # whether the lobby lists this game first and offers it unless another is picked
    move_hints = {}    # each spoken move (a word, not a card): what it does, in one line for players
    turn_mail_keys = ()   # the keys of its own view section that its part of the turn mail reads (the mail keeps no more)

    def __init__(self, players, options, dealer):
        if players not in self.players:
            allowed = " or ".join(str(n) for n in self.players)
            raise RecordError(f"{self.title} is played by {allowed} players, not {shown(players)}")
        self.player_count = players
        if type(options) is dict and not options:   # the usual start: the defaults
            self.opts = self.default_options(players)
        else:
            self.opts = resolve_options(self.options, options, players)
        self.seat_count = self.seats_for(players)
        if type(dealer) is not int or not 0 <= dealer < self.seat_count:
            raise RecordError(f"dealer must be a seat from 0 to {self.seat_count - 1}, not {shown(dealer)}")
        self.dealer = dealer
        self.deals = 0
        self.over = False
        self.winner = None
        self.deal_moves = []   # (seat, move) of the deal in progress, as `apply_move` made them

    def hints(self):
        """The spoken moves' hints (see the protocol): the class's `move_hints`, unless a variant changes them."""
        return type(self).move_hints

    def action_words(self, seat, move):
        """A button's words (see the protocol): `Play 8♥` for a card (`Discard 8♥` in a phase named `discard`,
        where cards are laid away), the spoken move capitalised otherwise."""
        if is_card(move):
            return f"{'Discard' if getattr(self, 'phase', None) == DISCARD_PHASE else 'Play'} {display(move)}"
        return str(move).replace("_", " ").capitalize()

    def move_done_words(self, seat, move):
        """What a move did (see the protocol): `played 8♥` for a card, `said discard 7♠ 2♥` for a spoken move."""
        if is_card(move):
            return f"played {display(move)}"
        return "said " + " ".join(display(word) if is_card(word) else word.replace("_", " ")
                                  for word in str(move).split(" "))

    @classmethod
    def default_options(cls, players):
        """Every option at its default for this many players: a fresh copy for each state."""
        key = cls, players
        if key not in _DEFAULT_OPTIONS:
            _DEFAULT_OPTIONS[key] = resolve_options(cls.options, {}, players)
        return dict(_DEFAULT_OPTIONS[key])

    # Seats and sides: worked out here and nowhere else ----------------------

    @classmethod
    def seating(cls, players, options):
        """Each seat's controller and side (see `engine.protocol.Seating`), worked out once per options."""
        try:
            key = cls, players, tuple(sorted(options.items()))
            seating = _SEATINGS.get(key)
        except (TypeError, AttributeError):   # unhashable or not a dict: let resolve_options name it
            key, seating = None, None
        if seating is None:
            if players not in cls.players:
                raise OptionError(f"{cls.title} is played by {' or '.join(map(str, cls.players))} players")
            seating = cls.seat_plan(players, resolve_options(cls.options, options, players))
            if key is not None:
                _SEATINGS[key] = seating
        return seating

    @classmethod
    def seat_plan(cls, players, opts):
        """The seating for resolved options: a game with dummies or sides set by options refines this."""
        return plain_seating(cls.seats_for(players), cls.partnership_count(players, opts))

    @classmethod
    def partnership_count(cls, players, opts):
        """How many partnerships play (sides alternate round the table); None when each plays alone."""
        return cls.sides

    @classmethod
    def seats_for(cls, players):
        """How many seats (hands) the game uses for this many players."""
        return players

    @property
    def seats(self):
        """This game's seating."""
        return self.seating(self.player_count, self.opts)

    def controller(self, seat):
        """The seat whose person makes this seat's moves (a dummy's partner)."""
        return self.seats.controllers[seat]

    def side_of(self, seat):
        """The side `seat` scores for: its partnership, or itself."""
        return self.seats.sides[seat]

    def player_seats(self):
        """The seats that are people (or robots) rather than dummies."""
        return self.seats.players()

    def move_seen_by(self, seat, move, hidden=None):
        """What `seat` may be told of `move`, just made: the move, or None when it was made face down.

        Ask right after the move: a deal that follows may hide its card again.
        By default a move is face down when it put its card where `seat` may
        not look; a game whose face-down moves may be a card seen before (a
        turned-up card discarded) says so itself. `hidden`: `hidden_from(seat)`
        where the caller has it already (a view asks for every move at once).
        """
        return None if move in (self.hidden_from(seat) if hidden is None else hidden) else move

    def next_seat(self, seat):
        """The seat after `seat` in play and in the deal: the left, unless a game plays the other way."""
        return (seat + 1) % self.seat_count

    # The outcome ---------------------------------------------------------------

    def winning_sides(self):
        """The sides that won a finished game (several share a tie)."""
        return [] if self.winner is None else [self.winner]

    def result(self):
        if not self.over:
            return None
        sides = tuple(self.winning_sides())
        seats = tuple(seat for seat in self.player_seats() if self.side_of(seat) in sides)
        return Result(seats=seats, sides=sides)

    def returns(self):
        """Each seat's side's score against the mean of the other sides' (negated for penalties);
        counters are returned as they stand: what each seat holds."""
        scores = list(self.scores)
        if self.score_meaning == COUNTERS or len(scores) < 2:
            by_side = [float(score) for score in scores]
        else:
            total = sum(scores)
            sign = -1 if self.score_meaning == PENALTY else 1
            by_side = [sign * (score - (total - score) / (len(scores) - 1)) for score in scores]
        return [by_side[self.side_of(seat)] for seat in range(self.seat_count)]

    # What a subclass must provide besides the protocol's abstract members ----

    def explain_illegal(self, seat, move):
        """Why `move` (canonical, not legal) may not be made by `seat`: an IllegalMoveError."""
        raise NotImplementedError

    def deal_pack(self, cards):
        """Deal a checked, canonical pack."""
        raise NotImplementedError

    # Shared behaviour -------------------------------------------------------

    def apply_deal(self, deck):
        if self.awaiting != AWAITING_DEAL:
            raise DealError(f"a deal is not expected now: {self.waiting_for()}")
        self.deal_pack(check_deck(deck, self.full_pack()))
        self.deal_moves = []

    def apply_move(self, seat, text):
        """Check a move from outside (any accepted notation) and apply it."""
        move = self.checked_move(seat, text)
        self.play(seat, move)
        self.deal_moves.append((seat, move))
        return move

    def checked_move(self, seat, text):
        """The canonical move `text` names, if `seat` may make it now; else the error that says why."""
        if seat not in self.to_move or type(seat) is not int:
            raise self.turn_error(seat)
        legal = self.legal_moves(seat)
        if text in legal and type(text) is str:
            return text  # already canonical: the common case, kept cheap
        move = self.parse_move(seat, text)
        if move not in legal:
            raise self.explain_illegal(seat, move)
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

    # Views -------------------------------------------------------------------

    def check_seat(self, seat):
        if type(seat) is not int or not 0 <= seat < self.seat_count:
            raise RecordError(f"seat must be a number from 0 to {self.seat_count - 1}, not {seat!r}")

    def view(self, seat):
        self.check_seat(seat)
        view = self.envelope(seat)
        view.update(self.own_view(seat))
        return view

    def watcher_view(self):
        """What a watcher, who holds no seat, may see: what every seat's view shows alike (so no card hidden
        from any seat), with no hand, no moves to make, and each move of the deal only where every seat saw it."""
        views = [self.view(seat) for seat in range(self.seat_count)]
        public = {key: value for key, value in views[0].items() if all(view.get(key) == value for view in views[1:])}
        moves = [[mover, move if all(view["moves"][index][1] == move for view in views) else None]
                 for index, (mover, move) in enumerate(views[0]["moves"])]
        public.update(seat=None, controls=[], legal=[], hand=[], moves=moves)
        return public

    def envelope(self, seat):
        """The common part of a view (`engine.view.ENVELOPE`), filled the same way in every game."""
        seating = self.seats
        result = self.result()
        return {
            "game": self.name,
            "seat": seat,
            "players": self.player_count,
            "controls": seating.controlled_by(seating.controllers[seat]),
            "sides": list(seating.sides),
            "partnerships": seating.partnerships,
            "dealer": self.dealer,
            "deal": self.deals,
            "phase": self.phase,
            "awaiting": self.awaiting,
            "to_move": list(self.to_move) if self.awaiting == AWAITING_MOVE else [],
            "legal": self.legal_for(seat),
            "hand": self.hand_view(seat),
            "hand_sizes": self.hand_sizes(),
            "table": self.table_cards(),
            "scores": list(self.scores),
            "score_meaning": self.score_meaning,
            "history": self.history_view(),
            "moves": self.moves_seen_by(seat),
            "options": dict(self.opts),
            "over": self.over,
            "winner": self.winner,
            "result": {"seats": list(result.seats), "sides": list(result.sides)} if result else None,
        }

    def moves_seen_by(self, seat):
        """The moves of the deal in progress (or just over) as `seat` may know them: [seat, move or None].

        Asked when the view is made, which `move_seen_by` allows: within a deal a card
        put out of a seat's sight stays out of it.
        """
        hidden = self.hidden_from(seat)
        return [[mover, self.move_seen_by(seat, move, hidden)] for mover, move in self.deal_moves]

    def read_legal(self, seat):
        """The legal moves of `seat`, for a reader: a game whose `legal_moves` keeps a cache for the
        move path answers here without touching it, so that reading a shared state never changes it."""
        return self.legal_moves(seat)

    def legal_for(self, seat):
        """The moves the view of `seat` offers, sorted."""
        return sorted(self.read_legal(seat))

    def hand_view(self, seat):
        """The seat's hand as its view shows it (sorted as the game likes)."""
        return list(self.hands[seat])

    def hand_sizes(self):
        """How many cards each hand holds. Once the game is over a hand holds what its own view shows: a game
        whose hands go to the history with their deal (its `hand_view` then empty) holds none, so no table
        says "6 cards" beside "no cards"."""
        if self.over:
            return [len(self.hand_view(seat)) for seat in range(self.seat_count)]
        return [len(hand) for hand in self.hands]

    def held(self):
        """The cards in every hand now, whatever the views show: what a finished game's replay may tell
        (a move's draws and exchanges), and what a reader's own copy tells where `hidden_from` allows."""
        return [list(hand) for hand in self.hands]

    def table_cards(self):
        """The cards face up in play now: [seat it lies before, or None for the middle, card] pairs."""
        return []

    def history_view(self):
        """The finished deals as every seat may see them."""
        return []

    def own_view(self, seat):
        """The game's own section of the view (keys outside the envelope)."""
        return {}

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
            "legal": sorted(self.read_legal(to_move[0])) if to_move else [],
        }

    def clone(self):
        """An independent copy (pickling round trips several times faster than deepcopy)."""
        return pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))
