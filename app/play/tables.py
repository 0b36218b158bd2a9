"""Reading games: what a seat's page and API answer are built from. Nothing here writes."""

from dataclasses import dataclass

from engine import find_game, shown
from engine.seat_record import WATCHER, reader_view

from app.live import positions
from app.context import database, settings
from app.play.links import REJECTED, BadLink, read_seat_token
from app.store.models import STATUS_OVER, Game, Seat
from app.play.outcome import left_at
from app.words.result_words import row_result_answer
from app.errors import Forbidden, NotFound
from app.store import snapshots
from app.store.record import load_events
from app.records.record_talk import talk_told
from app.records.replays import replay_picture, replay_story
from app.play.seats import open_link, seats_of


@dataclass
class Table:
    game: Game
    seat: Seat          # the player seat the link stands for
    seats: dict         # engine seat number -> Seat row, player seats only
    state: object       # the engine state after the whole log (shared: read it, never change it)
    handles: dict = None    # {address: handle} of its persons that have one (app.play.seats.SeatLink)

    @property
    def reader(self):
        return reader_of(self.seat)

    @property
    def view(self):
        """What this link may see: the engine's view of its reader, the only source for a seat's page."""
        return reader_view(self.state, self.reader)

    @property
    def title(self):
        return find_game(self.game.game).title


def reader_of(seat):
    """Who reads through a seat's link (engine.seat_record): the seat, or a watcher once its person left it
    (handed it to a robot, or resigned), so that they learn nothing more of the cards the robot plays."""
    return WATCHER if seat.left else seat.seat


def open_seat(token):
    """The Table behind a seat link; Forbidden if the link is bad."""
    with database().reading() as session:
        link = open_link(session, token, left_too=True)
        state = snapshots.state_at(session, link.game.id, link.game.seq)
        return Table(link.game, link.seat, link.seats, state, link.handles)


def kept_seat_position(token):
    """The game's position behind a good seat link, from what is kept beside the log alone (app.live.positions); None
    when only the database can say (nothing kept, a link newer than what is kept) or the link is not good."""
    try:
        number, version, position = link_and_kept(token)
    except BadLink:
        return None
    return answer_of(position) if position is not None and position.versions.get(number) == version else None


def seat_position(token):
    """The game's log position and status behind a seat link, for tables that poll for moves: kept beside the
    log, so that the common poll reads no database; the database answers when nothing is kept for the game, or
    the link is newer than what is kept, and what it says is kept."""
    try:
        number, version, position = link_and_kept(token)
    except BadLink:
        raise Forbidden(REJECTED) from None
    kept_version = position.versions.get(number, -1) if position is not None else -1
    if kept_version == version:
        return answer_of(position)
    if kept_version > version:
        raise Forbidden(REJECTED)          # a link replaced since
    with database().reading() as session:
        link = open_link(session, token, left_too=True)   # a seat whose person left still reads its table
    positions.publish(link.game.id, link.game.seq, link.game.status,
                      {seat.seat: positions.version_of(seat) for seat in link.seats.values()})
    return {"seq": link.game.seq, "status": link.game.status}


def link_and_kept(token):
    """(seat number, link version, kept Position or None) of a seat link; BadLink if it is not ours."""
    game_id, number, version = read_seat_token(settings().signing_keys, token)
    return number, version, positions.kept(game_id)


def answer_of(position):
    return {"seq": position.seq, "status": position.status}


def position_tag(position):
    """The ETag of a position answer: a table that names it is answered 304, without a body."""
    return f'{position["seq"]}-{position["status"]}'


LAST_STEP = "last"      # the step a replay opens at unless asked: its last event


def replay_step(table, step, names):
    """(step, picture, event, event count, story): a finished game after its first `step` events (or LAST_STEP),
    every hand shown, and its deal so far in words with the players' `names` (replays.replay_story), with the
    talk the seat could read (record_talk)."""
    if table.game.status != STATUS_OVER:
        raise Forbidden("the replay opens once the game is over")
    with database().reading() as session:
        events = load_events(session, table.game.id, upto=table.game.seq)
    [events] = talk_told(table.seats, left_at(enumerate(events), table.seat.seat), events)
    step = len(events) if step == LAST_STEP else step
    picture, event = replay_picture(events, step, table.seat.seat)
    return step, picture, event, len(events), replay_story(events, step, names, table.seat.seat)


def public_summary(game_id):
    """The public facts of a game: no hidden cards, no email addresses."""
    with database().reading() as session:
        # No game id holds a control character, and PostgreSQL refuses a NUL in a query.
        game = session.get(Game, game_id) if isinstance(game_id, str) and game_id.isprintable() else None
        if game is None:
            raise NotFound(f"no game {shown(game_id)}")
        seats = seats_of(session, game.id)
        seating = find_game(game.game).seating(game.players, game.options)
    return {
        "id": game.id,
        "game": game.game,
        "title": find_game(game.game).title,
        "players": game.players,
        "options": game.options,
        "status": game.status,
        "seq": game.seq,
        "awaiting": game.awaiting,
        "to_move": game.to_move,
        "scores": game.scores,
        "winner": game.winner,
        "result": row_result_answer(game, seats),
        "move_time": game.move_time,
        "timeout_policy": game.timeout_policy,
        "due_at": game.due_at.isoformat() if game.due_at else None,
        "seats": [{"seat": number, "name": seat.name, "robot": seat.robot,
                   "controls": seating.controlled_by(number)}
                  for number, seat in seats.items()],
    }
