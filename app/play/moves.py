"""Moves: the one path by which people and robots change a game."""

from dataclasses import dataclass

from sqlalchemy.exc import IntegrityError

from engine import AWAITING_MOVE, EngineError, move_event

from app.context import database
from app.store.models import STATUS_ACTIVE, STATUS_OVER, STATUS_PAUSED, STATUS_UNCONFIRMED
from app.words.present import engine_message_words
from app.mail_out import notify
from app.store import snapshots
from app.play.auto import automatic_move
from app.errors import BadInput, Conflict, NotFound
from app.play.games import queue_robot_if_due
from app.store.record import (deal_while_awaited, load_events, lock_game, save_summary, store_event, summary_notes,
                              sync_summary)
from app.play.seat_settings import push_past_vacation
from app.play.seats import open_link, seats_of

ROBOT_MOVES_PER_CALL = 500  # a safety bound: no game needs this many robot moves in a row
SEQ_MAX = 2 ** 31 - 1       # the event table's seq is a PostgreSQL integer


@dataclass
class MoveResult:
    game_id: str
    seat: int          # the player seat that acted
    moved_for: int     # the engine seat whose move it was (a dummy's, for its partner)
    move: str          # canonical
    seq: int           # the game's seq after the move (and any deal it caused)
    view: dict         # what the acting seat sees now
    retried: bool = False   # the same move sent again: it was accepted before, nothing was written now


def submit_move(token, move, seq, answer=None):
    """A person's move through their seat link, made against log position `seq`.

    Forbidden (403) for a bad link, BadInput (422) for a malformed or illegal
    move (with the engine's code), Conflict (409) when `seq` is not the
    current position or the game is not in play. Nothing is written unless
    the move is accepted. The same move sent again from the same position
    after it was accepted is answered as if accepted now (see `retried_move`).
    `answer(session, link, result, state)`, if given, is called in the move's
    own transaction once it is accepted (or found retried), with the state
    now (read it only): a mail saying so is written exactly when the move is.
    """
    if type(seq) is not int or not 0 <= seq <= SEQ_MAX:
        raise BadInput("seq must be a whole number: the position the move was made against", "bad_seq")
    if not isinstance(move, str) or not move.strip() or len(move) > 20:
        raise BadInput("move must be a card or action in the notation, such as 5H or pass", "bad_notation")
    with database().writing() as session:
        link = open_link(session, token, lock=True)
        game = link.game
        retried = retried_move(session, game, link.seat.seat, move, seq) if seq < game.seq else None
        if retried is not None:
            if answer is not None:
                answer(session, link, retried, snapshots.state_at(session, game.id, game.seq))
            return retried
        check_in_play(session, game, seq)
        state = snapshots.state_at(session, game.id, game.seq).clone()
        result = apply_move(session, game, state, link.seats, link.seat.seat, move)
        if answer is not None:
            answer(session, link, result, state)
    snapshots.remember(result.game_id, result.seq, state)
    return result


def play_robot_turns(game_id):
    """Play every robot move (a robot seat's, a forced move of a person who asked, a move whose
    time ran out) now awaited in `game_id`, each in its own transaction.

    Robots move through the same path as people, choosing from their seat's
    view alone. Returns the number of moves played. Meant for a worker (it is
    what the dispatcher's robot game ids are for): never call it inside a web
    request.
    """
    played = 0
    while played < ROBOT_MOVES_PER_CALL:
        with database().writing() as session:
            game = lock_game(session, game_id)
            if game is None:
                raise NotFound(f"no game {game_id!r}")
            if game.status != STATUS_ACTIVE or game.awaiting != AWAITING_MOVE:
                return played
            state = snapshots.state_at(session, game.id, game.seq).clone()
            seats = seats_of(session, game.id)
            automatic = automatic_move(session, game, state, seats)
            if automatic is None:
                return played
            if automatic.timed_out:
                notify.queue_timeout(session, game, seats, automatic.player, automatic.move)
            result = apply_move(session, game, state, seats, automatic.player.seat, automatic.move, by=automatic.by)
        snapshots.remember(game_id, result.seq, state)
        played += 1
    return played


def check_in_play(session, game, seq):
    """Conflict unless the game is in play at the position `seq` the move was made against.

    Notes (a timeout noticed, a vacation taken) move the log but not the
    table, so a page loaded before one is still current.
    """
    if game.status == STATUS_UNCONFIRMED:
        raise Conflict("the game has not been confirmed by its creator yet", "not_confirmed")
    if game.status == STATUS_OVER:
        raise Conflict("the game is over", "game_over")
    if seq != game.seq and not (0 <= seq < game.seq and only_notes_since(session, game, seq)):
        raise Conflict(f"the game has moved on since this page was loaded (position {seq}, now {game.seq}); "
                       "reload to see the table", "stale_seq")


def retried_move(session, game, player_seat, move, seq):
    """The success answer, with the table as it is now, if `move` made at `seq` is the move this seat
    already made there (the first move recorded after `seq`); else None. Writes nothing.

    A person whose answer was lost (a dropped connection, a second click)
    sends the move again; it was accepted once, so it is not an error.
    """
    made = next((event for event in load_events(session, game.id, upto=game.seq, after=seq)
                 if event["type"] != "note"), None)
    if made is None or made["type"] != "move" or "by" in made:
        return None
    before = snapshots.state_at(session, game.id, seq)
    try:
        canonical = before.parse_move(made["seat"], move)
    except EngineError:
        return None
    if canonical != made["move"] or before.controller(made["seat"]) != player_seat:
        return None
    view = snapshots.state_at(session, game.id, game.seq).view(player_seat)
    return MoveResult(game.id, player_seat, made["seat"], canonical, game.seq, view, retried=True)


def seat_name(state, seats, seat):
    """The name of the player who moves for engine seat `seat` (`a player` for a number the game has no seat of)."""
    return seats[state.controller(seat)].name if 0 <= seat < state.seat_count else "a player"


def only_notes_since(session, game, seq):
    return all(event["type"] == "note" for event in load_events(session, game.id, upto=game.seq, after=seq))


def apply_move(session, game, state, seats, player_seat, move, by=None):
    """Check and record one move by `player_seat` (for whichever seat it controls that is to move).

    The caller holds the game row locked and has replayed `state` to its seq.
    Records any deal the move makes due, updates the summary row, queues the
    mails; a robot to move next is queued for the dispatcher unless a robot
    loop is already running. `by` ("robot", "forced") is recorded with a move
    the service made itself.
    """
    mover = player_seat
    if state.awaiting == AWAITING_MOVE:
        mover = next((s for s in state.to_move if state.controller(s) == player_seat), player_seat)
    try:
        deals_before = state.deals
        canonical = state.checked_move(mover, move)
        done = state.move_done_words(mover, canonical)    # told from the state before the move, as its story is
        state.apply_move(mover, canonical)
    except EngineError as error:
        raise BadInput(engine_message_words(str(error), lambda seat: seat_name(state, seats, seat)),
                       error.code) from None
    event = move_event(mover, canonical, by=by) if by else move_event(mover, canonical)
    try:
        store_event(session, game, event)
    except IntegrityError:  # the unique (game, seq) guards a caller that did not lock the game row
        raise Conflict("another move was recorded at the same moment; reload to see the table", "stale_seq") from None
    told = notify.move_told(state, seats, canonical, done)   # before the deal: a new deal may hide the card again
    deal_while_awaited(session, game, state)
    if game.status == STATUS_PAUSED:
        game.status = STATUS_ACTIVE
    sync_summary(game, state, summary_notes(session, game, state))
    if game.to_move:   # a turn that comes while its player is away falls due after their return
        push_past_vacation(game, seats[state.controller(game.to_move[0])])
    notify.queue_move_mails(session, game, state, seats, seats[player_seat], told,
                            ended_deal=deals_before if state.deals > deals_before else None)
    queue_robot_if_due(session, game, state, seats, dispatch=by is None)
    save_summary(session, game)
    return MoveResult(game.id, player_seat, mover, canonical, game.seq, state.view(player_seat))
