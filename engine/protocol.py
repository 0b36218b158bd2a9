"""What a game is, declared once: the facts of a game and what its state answers.

Everything outside a game module (the record, the service, the robots, the
arena, the conformance tests) talks to a game through these members alone.
A game is a subclass of `engine.state.GameState`, which implements this
protocol's shared parts; the class carries the game's facts, an instance is
one game in progress, built from a `start` event and folding `deal` and
`move` events (OpenSpiel's game and state, in one class as python-chess's
boards are).

Seats are numbered from 0 round the table. Every seat has a *controller*
(the seat whose person moves for it: itself, or a dummy's partner) and a
*side* (the scoring unit it plays for: its partnership, or the seat itself
in a game where each plays alone). Scores are kept per side.
"""

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

# What a state awaits.
AWAITING_MOVE = "move"
AWAITING_DEAL = "deal"

# The kinds of game: how a deal is played.
KIND_TRICKS = "tricks"    # cards played to tricks
KIND_VYING = "vying"      # draw or stand, stakes and a showdown against a bank or each other
KIND_OTHER = "other"

# What the running scores mean.
POINTS = "points"         # points won: higher is better
PENALTY = "penalty"       # penalty points: lower is better
COUNTERS = "counters"     # counters (stakes) won or lost: higher is better, and they sum to nothing


@dataclass(frozen=True)
class Seating:
    """Who sits where: each seat's controller and side, for one number of players and options."""

    controllers: tuple[int, ...]   # seat -> the seat whose person moves for it
    sides: tuple[int, ...]         # seat -> the side it scores for (its own number without partnerships)
    partnerships: bool             # whether seats share sides

    @property
    def seat_count(self) -> int:
        return len(self.controllers)

    @property
    def side_count(self) -> int:
        """How many scores are kept."""
        return max(self.sides) + 1

    def players(self) -> list[int]:
        """The seats that are people (or robots) rather than dummies."""
        return [seat for seat, controller in enumerate(self.controllers) if controller == seat]

    def seats_of(self, side: int) -> list[int]:
        """The player seats that play for `side`."""
        return [seat for seat in self.players() if self.sides[seat] == side]

    def controlled_by(self, player: int) -> list[int]:
        """The seats whose moves the person at `player` makes."""
        return [seat for seat, controller in enumerate(self.controllers) if controller == player]


def plain_seating(seats: int, sides: int | None = None, controllers: Sequence[int] | None = None) -> Seating:
    """Seats that play for themselves, or for `sides` sides alternating round the table."""
    return Seating(
        controllers=tuple(controllers) if controllers is not None else tuple(range(seats)),
        sides=tuple(seat % sides if sides else seat for seat in range(seats)),
        partnerships=bool(sides),
    )


@dataclass(frozen=True)
class Result:
    """Who won a finished game, as seats and as sides (several share a tie; none when nobody won)."""

    seats: tuple[int, ...]
    sides: tuple[int, ...]


class GameProtocol(ABC):
    """The declared interface of a game (its class) and of a game in progress (its instance)."""

    # The game's facts ---------------------------------------------------------------

    name: ClassVar[str]
    """The registry name used in records (`quinto`)."""
    title: ClassVar[str]
    """The name people read (`Quinto`)."""
    blurb: ClassVar[str]
    """One line for the lobby."""
    length: ClassVar[str]
    """How long a game lasts, in words, for the lobby."""
    players: ClassVar[tuple[int, ...]]
    """The numbers of players the game may be started with; the first is the usual one."""
    options: ClassVar[tuple]
    """The game's `engine.options.Option` declarations, each with its default."""
    kind: ClassVar[str]
    """How a deal is played: KIND_TRICKS, KIND_VYING or KIND_OTHER."""
    score_meaning: ClassVar[str]
    """What `scores` count: POINTS, PENALTY or COUNTERS."""

    @classmethod
    @abstractmethod
    def seating(cls, players: int, options: dict) -> Seating:
        """Each seat's controller and side for this many players and these (given or resolved) options."""

    @abstractmethod
    def full_pack(self) -> list[str]:
        """Every card of the pack this game (with its options) deals, each once, in a fixed order."""

    # What a state answers -------------------------------------------------------------

    awaiting: str | None
    """AWAITING_DEAL, AWAITING_MOVE, or None once the game is over."""
    to_move: Sequence[int]
    """The seats whose move is awaited, in order; empty unless a move is awaited."""
    over: bool
    """Whether the game has ended."""
    deals: int
    """How many deals have been dealt so far."""

    @abstractmethod
    def legal_moves(self, seat: int) -> list[str]:
        """The canonical moves `seat` may make now (empty if it is not to move)."""

    @abstractmethod
    def read_legal(self, seat: int) -> list[str]:
        """The same moves as `legal_moves`, for a reader of a shared state: never changes the state."""

    @abstractmethod
    def parse_move(self, seat: int, text: Any) -> str:
        """The canonical form of a move written in any accepted notation, or NotationError."""

    @abstractmethod
    def apply_deal(self, deck: Any) -> None:
        """Check a recorded pack (DealError) and deal it."""

    @abstractmethod
    def apply_move(self, seat: Any, text: Any) -> str:
        """Check a move from outside (turn, notation, legality) and make it; returns its canonical form."""

    @abstractmethod
    def play(self, seat: int, move: str) -> None:
        """Make a canonical move already known to be legal (no check: the robots' and replays' fast path)."""

    @property
    @abstractmethod
    def scores(self) -> Sequence[int]:
        """The running scores, one per side, as the rules count them (`score_meaning` says what they mean)."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's standing, higher always better: at the end, the game's outcome for that seat."""

    @abstractmethod
    def result(self) -> Result | None:
        """The winners as seats and sides once the game is over; None before."""

    @abstractmethod
    def view(self, seat: int) -> dict:
        """What `seat` may see: the common envelope (`engine.view.ENVELOPE`) and the game's own keys."""

    def watcher_view(self) -> dict:
        """What a watcher (no seat) may see: the envelope with `seat` None, no hand and no legal moves, and only
        what every seat's view shows alike; it holds no card hidden from any seat."""
        raise NotImplementedError

    @abstractmethod
    def hidden_from(self, seat: int) -> set[str]:
        """The cards `seat` may not see now: its view must hold none of them."""

    @abstractmethod
    def card_places(self) -> dict[str, list[str]]:
        """Where every card of the deal in progress lies, by place: none may be lost or doubled."""

    def held(self) -> list[list[str]]:
        """The cards in every seat's hand now, whatever the views show: for telling what a move drew or
        exchanged, where `hidden_from` allows it (everything, once the game is over)."""
        raise NotImplementedError

    def hints(self) -> dict[str, str]:
        """Each spoken move of the variant in play: what it does, in one line for players (no other variant's
        words, no placeholder)."""
        raise NotImplementedError

    def action_words(self, seat: int, move: str) -> str:
        """What a button for `move`, made by `seat` now, says it does, as a player reads it: `Play 8♥`,
        `Discard 8♥`, `Vie: put in 2`, `Stick at 27`. Never a seat number or bare notation."""
        raise NotImplementedError

    def move_done_words(self, seat: int, move: str) -> str:
        """What `move` did, as `seat` makes it now (asked just before it is made), in the past tense after the
        player's name: `played 8♥`, `said double`, `drew a card`, `took 7♣ with 7♥`. `move` is as the asking
        seat was told it (`move_seen_by`); the words name no card that seat may not see."""
        raise NotImplementedError

    @abstractmethod
    def summary(self) -> dict:
        """The replay tool's summary (DESIGN.md): its keys and their order are a contract."""

    @abstractmethod
    def clone(self) -> "GameProtocol":
        """An independent copy."""
