"""A seat's own settings, set from its table page: how it is mailed, forced moves, a vacation."""

from datetime import timedelta

from engine import AWAITING_MOVE, note_event

from app.context import database, external_url, settings
from app.store.models import MAIL_PREFERENCES, STATUS_ACTIVE, STATUS_PAUSED
from app.words.present import moment_words, time_zone
from app.clock import utcnow
from app.errors import BadInput, Conflict
from app.play.games import queue_robot_if_due
from app.mail_out.mail import queue_mail
from app.mail_out.notify import game_context, people
from app.store.record import full_move_time, reminder_time, replay_game, store_event
from app.play.seats import open_link, seat_path


def change_mail_settings(token, preference, auto_forced, zone_name=None, talk_mail=None):
    """Mail for a turn only while away from the table, for every turn, a daily digest or none; whether
    forced moves are played for this person; the time zone their deadlines are told in (`zone_name`, a
    zoneinfo name; "" for none, told in UTC; None leaves it as it is); and whether each message said at the
    table is mailed to them (None leaves it as it is)."""
    if zone_name and time_zone(zone_name) is None:
        raise BadInput("time_zone must be a time zone name such as Europe/Paris", "bad_time_zone")
    if preference not in MAIL_PREFERENCES:
        raise BadInput(f"mail must be one of {', '.join(MAIL_PREFERENCES)}", "bad_mail_preference")
    if type(auto_forced) is not bool:
        raise BadInput("auto_forced must be true or false", "bad_auto_forced")
    with database().writing() as session:
        link = open_link(session, token, lock=True)
        game, seat = link.game, link.seat
        seat.mail_preference = preference
        if talk_mail is not None:
            seat.talk_mail = talk_mail
        if zone_name is not None:
            seat.time_zone = zone_name or None
        turned_off = seat.auto_forced and not auto_forced
        seat.auto_forced = auto_forced
        if game.status == STATUS_ACTIVE and game.awaiting == AWAITING_MOVE and (auto_forced or turned_off):
            _, state = replay_game(session, game.id)
            if auto_forced:
                queue_robot_if_due(session, game, state, link.seats)
            elif state.controller(state.to_move[0]) == seat.seat:
                # The forced move it awaited had the service's short deadline: the person's own clock starts again.
                game.due_at = full_move_time(game, utcnow())
                game.remind_at = reminder_time(game)
        return seat


def vacation_days_left(seat):
    return max(0, settings().vacation_days - seat.vacation_days_used)


def take_vacation(token, days):
    """Stop this seat's clock for `days` days (up to the game's allowance), recorded as a note and told by mail."""
    if type(days) is not int or days < 1:
        raise BadInput("days must be a whole number of days, at least 1", "bad_days")
    with database().writing() as session:
        link = open_link(session, token, lock=True)
        game, seat, seats = link.game, link.seat, link.seats
        session.refresh(seat, with_for_update=True)  # the days used are counted from the row as it is now
        if game.status not in (STATUS_ACTIVE, STATUS_PAUSED):
            raise Conflict("a vacation can only be taken in a game in play", "not_in_play")
        left = vacation_days_left(seat)
        if days > left:
            raise BadInput(f"you have {left} day{'s' if left != 1 else ''} of vacation left in this game", "too_long")
        now = utcnow()
        seat.away_until = max(now, seat.away_until or now) + timedelta(days=days)
        seat.vacation_days_used += days
        store_event(session, game, note_event("vacation", seat=seat.seat, days=days,
                                               until=seat.away_until.isoformat()))
        _, state = replay_game(session, game.id)
        if state.awaiting == AWAITING_MOVE and state.controller(state.to_move[0]) == seat.seat:
            push_past_vacation(game, seat, timedelta(days=days))
        for other in people(seats):
            if other.seat != seat.seat:
                queue_mail(session, "vacation", other.email, f"{seat.name} is away from {game_context(game, seats)['title']}",
                           dict(game_context(game, seats), name=other.name, away=seat.name, until=moment_words(seat.away_until, other.time_zone),
                                table_url=external_url(seat_path(other)),
                                settings_url=external_url(seat_path(other) + "/mail")),
                           game_id=game.id, seat=other.seat, seq=game.seq)
        return seat


def push_past_vacation(game, seat, taken=timedelta(0)):
    """No deadline falls while its player is away: one that would is due a full move time after they
    return, and one after their return moves on by the vacation just `taken`, their clock being stopped."""
    if game.due_at is None or seat.away_until is None:
        return
    if game.due_at <= seat.away_until:
        game.due_at = full_move_time(game, seat.away_until)
    else:
        game.due_at += taken
    game.remind_at = reminder_time(game)
