"""Games of the service walked at random through their phases, stopping where a person should look.

For the presentation check (tests/app/test_presentation_every_game.py) and
the gallery (tools/gallery.py). A game is created through the service with a
person in every seat, all at one address, and confirmed as its creator
would; its play then goes on at random in the engine
(`engine.bench.next_random_event`, the random play of the bench and the
conformance suite), and the events up to each chosen position are written
to the game's log as the move path writes them. Pages and mails are then
made by the service itself, from the log.
"""

import random
from dataclasses import dataclass, field

from sqlalchemy import select

from app.context import database, settings
from app.play.links import seat_token
from app.store.models import Outbox
from app.play import games
from app.store.record import load_events, lock_game, save_summary, store_event, sync_summary
from app.play.seats import seats_of
from engine import AWAITING_DEAL, replay
from engine.bench import next_random_event
from engine.cards import is_card

ADDRESS = "gallery@example.org"
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo")
MOST_EVENTS = 4000      # a bound on a walk; random play ends every game well before it


@dataclass
class Position:
    """A game stopped at `seq`; `state` is the engine's state there (shared: read it only)."""
    game_id: str
    seq: int
    state: object
    why: str                         # what makes the position worth a look: `bid`, `deal 2 begins`, `over`
    tokens: dict                     # player seat -> its table link's token
    last_move: tuple = None          # (engine seat, canonical move) of the last move, if any
    told: dict = field(default_factory=dict)   # player seat -> the last move as it was shown to it (or None)
    ended_deal: int = None           # the deal the last move ended, if it ended one

    @property
    def mover(self):
        """The player seat to move, or None."""
        to_move = self.state.to_move if self.state.awaiting == "move" else []
        return self.state.controller(to_move[0]) if to_move else None

    @property
    def bystander(self):
        """A player seat with nothing to do now, or None."""
        acting = {self.state.controller(seat) for seat in self.state.to_move} if self.state.awaiting else set()
        return next((seat for seat in self.state.player_seats() if seat not in acting), None)


def new_game(name, players, options=None):
    """A started game of `name` with people in every seat (Ann, Bob… at one confirmed address): (id, tokens)."""
    seats = [{"name": person, "email": ADDRESS} for person in NAMES[:players]]
    created = games.create_game({"game": name, "seats": seats, "options": options or {}})
    with database().reading() as session:
        row = session.execute(select(Outbox).where(Outbox.recipient == ADDRESS, Outbox.kind == "confirm")
                              .order_by(Outbox.id.desc()).limit(1)).scalar_one_or_none()
    if row is not None:     # the address is confirmed once: later games start at once
        games.confirm_address(row.context["confirm_url"].rsplit("/", 1)[1])
    with database().reading() as session:
        tokens = {number: seat_token(settings().signing_keys, seat)
                  for number, seat in seats_of(session, created.id).items()}
    return created.id, tokens


def phase_of(state):
    """What kind of moment a state is at: `over`, the deal's phase, or what its legal moves say."""
    if state.awaiting is None:
        return "over"
    phase = getattr(state, "phase", None)
    if phase:
        return str(phase)
    moves = state.read_legal(state.to_move[0]) if state.to_move else []
    return "cards" if all(is_card(move) for move in moves) else "calls"


def walk(game_id, tokens, seed, extra=0, deals=2):
    """Play game `game_id` on at random and yield a Position at the first moment of each phase of its first
    `deals` deals, at the start of each deal after one of them (where the last deal's story shows), at the end
    of the game, and at `extra` more positions drawn at random. Each yielded position is in the log."""
    rng = random.Random(seed)
    with database().reading() as session:
        events = load_events(session, game_id)
    state = replay(events)
    written = len(events)
    seen = set()
    last_move, told, ended_deal = None, {}, None
    chances = extra / 150 if extra else 0
    while len(events) < MOST_EVENTS:
        key = phase_of(state)
        why = None
        if key == "over":
            why = "over"
        elif state.awaiting == "move" and ended_deal and state.deals <= deals + 1:
            seen.add((state.deals, key))
            why = f"deal {ended_deal} over, deal {state.deals} begins"
        elif state.awaiting == "move" and state.deals <= deals and (state.deals, key) not in seen:
            seen.add((state.deals, key))
            why = f"deal {state.deals}, {key}"
        elif state.awaiting == "move" and extra and rng.random() < chances:
            extra -= 1
            why = f"deal {state.deals}, {key}, at random"
        if why:
            write(game_id, events[written:], state)
            written = len(events)
            yield Position(game_id, len(events) - 1, state.clone(), why, tokens, last_move, told, ended_deal)
        if state.awaiting is None:
            return
        deals_before = state.deals
        event = next_random_event(state, rng)
        events.append(event)
        if event["type"] == "move":
            last_move = event["seat"], event["move"]
            told = {seat: state.move_seen_by(seat, event["move"]) for seat in state.player_seats()}
            ended_deal = None
            while state.awaiting == AWAITING_DEAL:     # the move path deals at once, as the service does
                events.append(next_random_event(state, rng))
            if state.deals > deals_before:
                ended_deal = deals_before


def write(game_id, events, state):
    """Append `events` (already applied to `state`) to the game's log, and its summary as the move path does."""
    with database().writing() as session:
        game = lock_game(session, game_id)
        for event in events:
            store_event(session, game, event)
        sync_summary(game, state)
        save_summary(session, game)
