""""My games": a person asks by email and gets a link listing all their games."""

from sqlalchemy import func, select

from engine import PENALTY, find_game

from app import dispatch
from app.context import database, external_url, settings
from app.web.limits import admit_links
from app.play.links import REJECTED, BadLink, my_games_token, read_my_games_token
from app.store.models import STATUS_ACTIVE, STATUS_OVER, STATUS_UNCONFIRMED, Event, Game, Outbox, Seat
from app.words.present import clock_words, deadline_words, moment_words, names_words
from app.words.result_words import row_result_words
from app.clock import utcnow
from app.errors import Forbidden
from app.mail_out.mail import queue_mail
from app.mail_out.notify import named_scores
from app.social.rematches import series_tallies
from app.play.seats import seat_path
from app.play.spec import clean_email

LIST_MAIL = "my_games"


def request_my_games(email):
    """Check the address and hand the look-up to the workers (`mail_my_games`).

    The request reads and writes nothing, so it takes the same time whether
    or not the address plays, and the caller answers the same either way;
    the workers count the list mails actually sent, so that what a stranger
    asks for is sent within the address's limit or not at all, and says
    nothing either way. (A browser that confirmed the address is shown its
    games at once, `games_of`, and never asks.)
    """
    dispatch.request_my_games(clean_email(email, "email"), utcnow())


def mail_my_games(email, requested_at):
    """Queue the list mail if the address plays in a game it may hear about; returns whether it did.

    An address that only appears in unconfirmed games of someone else gets
    nothing (the creator has not vouched for it yet). A list mail queued
    since `requested_at` answers the request already: a task delivered twice
    mails once. A mail is counted against LIMIT_LINKS_PER_ADDRESS
    (limits.admit_links): TooManyRequests, and nothing queued, past it.
    """
    with database().writing() as session:
        answered = session.execute(select(Outbox.id).where(Outbox.recipient == email, Outbox.kind == LIST_MAIL,
                                                           Outbox.created_at >= requested_at).limit(1)).first()
        plays = session.execute(select(Seat.id).join(Game, Game.id == Seat.game_id)
                                .where(mailable_to(email)).limit(1)).first()
        if answered is not None or plays is None:
            return False
        admit_links([email])
        link = external_url(list_path(email))
        queue_mail(session, LIST_MAIL, email, "Your games on Cachette", {"email": email, "link": link})
    return True


def list_path(email):
    """The page listing the games of `email`, with its seat links: a link that works for a week."""
    return "/my-games/" + my_games_token(settings().signing_keys, email)


def games_for_token(token):
    """(email, games_of(email)) for a my-games link."""
    try:
        email = read_my_games_token(settings().signing_keys, token)
    except BadLink:
        raise Forbidden(REJECTED) from None
    return email, games_of(email)


def games_of(email):
    """[entry] of the games of `email`: those awaiting this person's move first, then the others in play, then
    those waiting for confirmation, then the finished ones, each group by its last move, newest first. An
    entry has the game, the seat, its title, the other players, whose turn it is, the deadline, the last
    move's time (in the seat's time zone) and the score, in words, and the seat link."""
    with database().reading() as session:
        rows = session.execute(select(Seat, Game).join(Game, Game.id == Seat.game_id).where(mailable_to(email))).all()
        game_ids = {game.id for _, game in rows}
        seats_by_game = {}
        for seat in session.execute(select(Seat).where(Seat.game_id.in_(game_ids)).order_by(Seat.seat)).scalars():
            seats_by_game.setdefault(seat.game_id, {})[seat.seat] = seat
        last_moves = dict(session.execute(select(Event.game_id, func.max(Event.created_at))
                                          .where(Event.game_id.in_(game_ids)).group_by(Event.game_id)).all())
        series = series_tallies(session, game_ids)
    now = utcnow()
    entries = [dict(entry_for(game, seat, seats_by_game[game.id], last_moves.get(game.id), now),
                    series=series.get(game.id, "")) for seat, game in rows]
    entries.sort(key=lambda entry: entry["last_at"] or entry["game"].created_at, reverse=True)
    entries.sort(key=lambda entry: (ORDER.index(entry["group"]), due_order(entry)))
    return entries


def due_order(entry):
    """Games awaiting your move come nearest deadline first (the next game waiting, app.social.next_game)."""
    due_at = entry["game"].due_at
    return (due_at is None, due_at.timestamp() if due_at else 0) if entry["group"] == YOUR_MOVE else (False, 0)


YOUR_MOVE, IN_PLAY, WAITING, OVER = "your_move", "in_play", "waiting", "over"
ORDER = (YOUR_MOVE, IN_PLAY, WAITING, OVER)


def entry_for(game, seat, seats, last_at, now):
    """One row of the list: `seat`'s view of `game` (whose seat rows are `seats`), in words."""
    engine_game = find_game(game.game)
    seating = engine_game.seating(game.players, game.options)
    mover = seats.get(seating.controllers[game.to_move[0]]) if game.to_move else None
    if game.status == STATUS_OVER:
        group, turn = OVER, f"over: {row_result_words(game, seats)}"
    elif game.status == STATUS_UNCONFIRMED and game.confirmed_at is not None:    # app.social.open_seats
        group, turn = WAITING, "waiting for players to take its open seats (it starts when the last is taken)"
    elif game.status == STATUS_UNCONFIRMED:
        group, turn = WAITING, "waiting for its creator to confirm it"
    elif mover is not None and mover.seat == seat.seat and game.status == STATUS_ACTIVE:
        group, turn = YOUR_MOVE, "your move"
    elif mover is not None and mover.robot is None and game.status == STATUS_ACTIVE:
        group, turn = IN_PLAY, f"{mover.name}'s move"
    else:
        group, turn = IN_PLAY, clock_words(game, mover, seat.time_zone, now)
    begun = group != WAITING            # a game not started has had no move and has no score yet
    others = [other.name for number, other in sorted(seats.items()) if number != seat.seat]
    lower = " (lower is better)" if engine_game.score_meaning == PENALTY else ""
    return {"game": game, "seat": seat, "title": engine_game.title, "url": seat_path(seat), "group": group,
            "others": names_words(others), "turn": turn,
            "deadline": (deadline_words(game.due_at, now, seat.time_zone)
                         if group in (YOUR_MOVE, IN_PLAY) and mover is not None and mover.robot is None else ""),
            "last_at": last_at, "last_move": moment_words(last_at, seat.time_zone) if last_at and begun else "",
            "score": named_scores(seating, seats, game.scores) + lower if game.scores and begun else ""}


def mailable_to(email):
    """Seats of `email` in games it may hear about: confirmed ones (those its creator confirmed that wait for their
    open seats to be taken too), or its own."""
    return (Seat.email == email) & ((Game.status != STATUS_UNCONFIRMED) | (Game.creator_email == email)
                                    | Game.confirmed_at.is_not(None))
