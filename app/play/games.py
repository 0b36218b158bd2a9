"""Starting games, and confirming them (with their creator's address) from the creator's mailbox."""

import secrets
from datetime import timedelta

from engine import AWAITING_MOVE, start_event, start_state

from app.live import positions
from app.context import database, settings
from app.store.db import queue_after_commit
from app.store.models import ADDRESS_CONFIRMED, STATUS_ACTIVE, STATUS_UNCONFIRMED, Game, Seat
from app.mail_out import consent, notify
from app.play.auto import moves_itself
from app.clock import utcnow
from app.store.record import deal_while_awaited, replay_game, sync_summary, write_event
from app.play.seats import creator_seat, seat_path, seats_of
from app.play.spec import parse_game_spec
from app.social import open_seats

FIRST_DEALER = 0  # seats are assigned by the creator, so who deals first is theirs to choose too


def create_game(data, admit=None, confirmed_by=None):
    """Start a game from API-shaped data; returns the Game row.

    `admit(addresses)` may refuse the request (a rate limit) once it is
    checked and before anything is written. One transaction: the start
    event, the first deal (drawn with `secrets`), the seats, and one mail:
    the creator's confirmation. Every game waits for its creator to confirm
    it from their mailbox, so that nobody can start a game, and its mail, in
    someone else's name; nobody else is mailed before that. Only a request
    from a browser that has just confirmed the creator's address
    (`confirmed_by`, read from its signed cookie) starts the game at once.
    """
    spec = parse_game_spec(data)
    if admit is not None:
        admit(spec.addresses)
    now = utcnow()
    with database().writing() as session:
        game = insert_game(session, spec, spec.creator_email, now)
        game.rated = spec.rated
        book = consent.locked(session, [spec.creator_email], now)
        if confirmed_by == spec.creator_email and book[confirmed_by].state == ADDRESS_CONFIRMED:
            start_confirmed(session, game)
        else:
            queue_game_confirmation(session, game, seats_of(session, game.id), book[spec.creator_email], now)
    return game


def insert_game(session, spec, creator_email, now):
    """Write a checked GameSpec's game, waiting for its creator (`creator_email`, a person of its seats): the
    start event, the first deal and the seats. Returns the Game row."""
    state = start_state(start_event(spec.game, len(spec.seats), spec.options, FIRST_DEALER))
    start = start_event(spec.game, len(spec.seats), state.opts, FIRST_DEALER)
    game = Game(id=secrets.token_urlsafe(9), game=spec.game, players=len(spec.seats), options=dict(state.opts),
                status=STATUS_UNCONFIRMED, creator_email=creator_email, move_time=spec.move_time,
                timeout_policy=spec.timeout_policy, seq=0, to_move=[], scores=list(state.scores), created_at=now)
    session.add(game)
    session.flush()
    write_event(session, game.id, 0, start)
    for number, seat in zip(state.player_seats(), spec.seats):
        session.add(Seat(game_id=game.id, seat=number, name=seat.name, email=seat.email, robot=seat.robot))
    deal_while_awaited(session, game, state)
    sync_summary(game, state)
    game.status = STATUS_UNCONFIRMED     # even a game its first deal ended: its players hear of it once confirmed
    session.flush()
    if spec.open_terms is not None:
        open_seats.write_open_game(session, game, spec, now)
    return game


def queue_game_confirmation(session, game, seats, creator_consent, now):
    """The creator's confirmation mail (none if their address had one within the day that is still unused: that
    mail's link starts this game too); the game remembers which link it waits for."""
    creator = creator_seat(game, seats)
    context = dict(notify.game_context(game, seats), name=creator.name, reason="own_game")
    consent.queue_confirmation(session, creator_consent, f"Confirm your game of {context['title']}", context, now)
    game.confirm_link = creator_consent.links_issued


def confirm_address(token):
    """The one way to confirm: the owner of an address opens a confirmation link mailed to it.

    The address is confirmed and its held mail released (app.mail_out.consent),
    and every game it set up that waits starts: its players are invited.
    Returns (address, [the creator's seat in each game started]), or
    (address, None) for a link used before, which changes nothing.
    """
    with database().writing() as session:
        address, number = consent.use_confirmation(session, token)
        if number is None:
            return address, None
        started = [start_confirmed(session, game) for game in consent.waiting_games(session, address, lock=True)]
        for game in open_seats.take_joins_of(session, address):     # its requests to take an open seat
            start_confirmed(session, game)
    return address, started


def creator_table(game_id):
    """The path of the table of the creator of a game."""
    with database().reading() as session:
        game = session.get(Game, game_id)
        return seat_path(creator_seat(game, seats_of(session, game_id)))


def start_confirmed(session, game):
    """Start a game its creator has confirmed (one with open seats is listed until they are taken); returns the
    creator's seat."""
    seats = seats_of(session, game.id)
    if open_seats.waits_for_players(session, game, seats):
        return creator_seat(game, seats)
    _, state = replay_game(session, game.id)
    game.status = STATUS_ACTIVE
    game.confirmed_at = utcnow()
    positions.note_game(session, game)
    sync_summary(game, state)
    notify.queue_invitations(session, game, seats, state)
    if state.over:       # the first deal ended it (a count or a natural on the deal)
        notify.queue_game_over(session, game, state, seats)
    queue_robot_if_due(session, game, state, seats)
    return creator_seat(game, seats)


def queue_robot_if_due(session, game, state, seats, dispatch=True, timed_out=False):
    """If the awaited move is the service's to make (a robot's, a forced move, or one whose time ran
    out), ask the dispatcher to play it after the commit (unless `dispatch` is off: a robot loop
    already runs).

    Its deadline becomes short, so that the deadline sweep queues it again should the task be lost.
    """
    if game.status == STATUS_ACTIVE and state.awaiting == AWAITING_MOVE and moves_itself(state, seats, timed_out):
        game.due_at = utcnow() + timedelta(seconds=settings().robot_turn_time)
        game.remind_at = None
        if dispatch:
            queue_after_commit(session, robot_game_id=game.id)
