"""Leaving a game before its end: handing a seat to a robot, resigning, abandoning by agreement, and the
creator's end of a game nobody moves in.

A person who leaves (hands over or resigns) gives their seat to a robot: it plays the seat for the rules' sake,
their link opens the table to read and does nothing else, and their mail stops but for the game-over mail. In a
partnership a resignation is a request that the side concede, which the partners (the persons of the side)
answer; a decline hands the asker's seat to a robot instead. Resigning alone, or with only robots as partners,
is done at once: once one side alone has not resigned, the game is over and that side wins; until then a
resigned side plays on by robot and never wins (app.play.outcome).

Any person may propose to abandon the game; once every person at the table agreed it ends with no result. A
proposal lapses when someone declines it or a new deal begins. Robots neither propose nor answer.

Each ending is a note in the log (app.play.outcome); the questions and their answers are service state
(`leave_request`). Every step is told to the others by mail, and on the table.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from sqlalchemy import delete, select

from engine import note_event

from app.live import positions
from app.context import database, settings
from app.store.models import STATUS_ACTIVE, STATUS_OVER, STATUS_PAUSED, STATUS_UNCONFIRMED, LeaveRequest
from app.play.outcome import ABANDONED, ENDED, HANDED_OVER, NO_MOVES, RESIGNED, outcome
from app.words.result_words import future_words, resigned_words
from app.mail_out import notices
from app.store import snapshots
from app.play.auto import TIMEOUT_ROBOT_LEVEL, moves_itself
from app.clock import utcnow
from app.errors import Conflict, Forbidden
from app.play.games import queue_robot_if_due
from app.mail_out.mail import drop_turn_mails
from app.mail_out.notify import people, queue_game_over
from app.store.record import load_timeouts_since_person_moved, store_event, sync_summary
from app.play.seats import creator_seat, is_creator, open_link

ABANDON, CONCEDE = "abandon", "concede"
STAND_IN_LEVEL = TIMEOUT_ROBOT_LEVEL    # the robot that plays a seat its person left: our best


# Reading --------------------------------------------------------------------------------------------------

@dataclass
class Leaving:
    """What a seat's table and API answer show of leaving: who left, the open questions, what `me` may do."""

    left: list            # [{"seat", "name", "how"}]: persons who left, "handed_over" or "resigned"
    abandon: dict | None  # the open proposal: {"proposer", "agreed", "waiting", "to_answer", "mine"}
    concede: dict | None  # a request to concede that `me` asked or must answer
    can: dict             # {"hand_over", "resign", "abandon", "end"}: what `me` may do now
    resign_words: str | None   # what resigning would do, in words
    idle_deadlines: int   # deadlines passed in a row without a person's move (for the creator)


def leaving_of(session, game, seats, me, state):
    """The Leaving that `me` (a seat row of `game`, its seat rows `seats`, its rules' `state`) is shown."""
    left = [{"seat": number, "name": seat.name, "how": seat.left} for number, seat in seats.items() if seat.left]
    playing = game.status in (STATUS_ACTIVE, STATUS_PAUSED) and me.robot is None
    requests = open_requests(session, game.id, state) if playing else []
    proposal = next((request for request in requests if request.kind == ABANDON), None)
    abandon = None
    if proposal is not None:
        persons = people(seats)
        abandon = {"proposer": seats[proposal.seat].name,
                   "agreed": [seat.name for seat in persons if seat.seat in proposal.agreed],
                   "waiting": [seat.name for seat in persons if seat.seat not in proposal.agreed],
                   "to_answer": me.seat not in proposal.agreed, "mine": proposal.seat == me.seat}
    concede = None
    for request in requests:
        if request.kind == CONCEDE and (request.seat == me.seat or me.seat in partners(state, seats, request.seat)):
            concede = {"asker": seats[request.seat].name, "mine": request.seat == me.seat,
                       "to_answer": request.seat != me.seat and me.seat not in request.agreed,
                       "waiting": [seats[seat].name for seat in partners(state, seats, request.seat)
                                   if seat not in request.agreed],
                       "if_agreed": resign_outcome_words(state, seats, request.seat),
                       "if_declined": f"a robot takes {seats[request.seat].name}'s seat and the game goes on"}
    idle = idle_deadlines(session, game, seats) if playing and is_creator(game, seats, me) else Idle(0, False)
    asked = concede is not None and concede["mine"]
    can = {"hand_over": playing, "resign": playing and not asked, "abandon": playing and proposal is None,
           "end": playing and is_creator(game, seats, me) and end_refusal(idle) is None}
    return Leaving(left, abandon, concede, can, resign_words(state, seats, me) if playing else None, idle.deadlines)


def partners(state, seats, seat):
    """The persons at the table (not robots) who play for the side of player seat `seat`, but `seat`."""
    seating = state.seats
    if not seating.partnerships:
        return []
    return [number for number in seating.seats_of(seating.sides[seat])
            if number != seat and seats[number].robot is None]


def resign_words(state, seats, me):
    """What resigning does for `me`, in words: `Resign: Ann and Cy win, the game ends`."""
    asked = partners(state, seats, me.seat)
    if asked:
        names = " and ".join(seats[seat].name for seat in asked)
        return (f"Resign: you ask {names} to agree that your side concedes. If they agree, "
                f"{resign_outcome_words(state, seats, me.seat)}; if not, a robot plays your seat to the end")
    return f"Resign: {resign_outcome_words(state, seats, me.seat, to_resigner=True)}"


def resign_outcome_words(state, seats, seat, to_resigner=False):
    """What the resignation of `seat` makes of the game, in words: `Ann and Cy win, the game ends`, or that a
    robot plays on for it (told to the one who resigns, `to_resigner`: of `your cards` and `you`)."""
    notes = [note_event(RESIGNED, seat=number) for number, other in seats.items() if other.left == RESIGNED]
    after = outcome(state, [*notes, note_event(RESIGNED, seat=seat)])
    if after.over:
        return f"{future_words(state.seats, {n: s.name for n, s in seats.items()}, after.sides)}, the game ends"
    if to_resigner:
        return "a robot plays your cards to the end, you cannot win, and the others play on"
    return f"a robot plays {seats[seat].name}'s cards to the end, {seats[seat].name} cannot win, and the others play on"


@dataclass
class Idle:
    """How long a game has stood still, for its creator's end of it (`idle_deadlines`)."""

    deadlines: int        # the deadlines others missed in a row, with no person moving since
    paused_by_creator: bool   # the game is paused because the creator missed their own deadline


def idle_deadlines(session, game, seats):
    """The Idle of `game` (its seat rows `seats`): the deadlines that passed in a row, up to now, without any
    person moving (a robot moved, or the game paused, for the absent), counting only those missed by people
    other than the creator, whose own silence never earns them the end: the timeouts noted since the last
    move a person made themselves, and for a game paused by its last one, each move time the pause has
    lasted since."""
    creator = creator_seat(game, seats).seat
    count, paused_by_creator = 0, False
    for newest_first, timeout in enumerate(load_timeouts_since_person_moved(session, game.id, game.seq)):
        paused = newest_first == 0 and game.status == STATUS_PAUSED
        if timeout.get("seat") == creator:
            paused_by_creator = paused_by_creator or paused
            continue
        count += 1 + (paused_deadlines(game, timeout) if paused else 0)
    return Idle(count, paused_by_creator)


def paused_deadlines(game, timeout):
    """The deadlines that would have passed since the `timeout` note that paused `game`: one a move time."""
    missed = datetime.fromisoformat(timeout["due_at"])
    missed = missed if missed.tzinfo else missed.replace(tzinfo=timezone.utc)
    return max(0, int((utcnow() - missed) / timedelta(seconds=game.move_time)))


def open_requests(session, game_id, state):
    """The game's open questions: a proposal to abandon lapses once a new deal has begun."""
    rows = session.execute(select(LeaveRequest).where(LeaveRequest.game_id == game_id)
                           .order_by(LeaveRequest.id)).scalars()
    return [row for row in rows if row.kind != ABANDON or row.deal == state.deals]


# Acting ---------------------------------------------------------------------------------------------------

def hand_over(token):
    """The seat behind `token` hands its seat to a robot for the rest of the game."""
    with database().writing() as session:
        link, state = open_in_play(session, token)
        leave_seat(session, link.game, link.seats, link.seat, HANDED_OVER)
        notices.queue_left(session, link.game, link.seats, f"{link.seat.name} handed their seat to a robot",
                           f"{link.seat.name} has handed their seat to a robot for the rest of the game. "
                           "The robot plays it from now on.")
        settle(session, link.game, link.seats, state)


def resign(token):
    """The seat behind `token` resigns; returns "asked" when its partners must agree first, else "resigned"."""
    with database().writing() as session:
        link, state = open_in_play(session, token)
        game, seats, me = link.game, link.seats, link.seat
        asked = partners(state, seats, me.seat)
        if asked:
            if any(request.kind == CONCEDE and request.seat == me.seat
                   for request in open_requests(session, game.id, state)):
                raise Conflict("you have asked your side to concede already: your partners have not answered yet",
                               "already_asked")
            session.add(LeaveRequest(game_id=game.id, kind=CONCEDE, seat=me.seat, deal=state.deals, agreed=[],
                                     created_at=utcnow()))
            store_event(session, game, note_event("concede_asked", seat=me.seat))   # moves open tables on
            notices.queue_left(session, game, seats, f"{me.name} asks to concede",
                               f"{me.name} wants to resign and asks you to agree that your side concedes: "
                               f"{resign_outcome_words(state, seats, me.seat)}. If you decline, a robot takes "
                               f"{me.name}'s seat and the game goes on. Answer at your table.",
                               only=asked)
            return "asked"
        resign_seat(session, game, seats, me, state)
        return "resigned"


def answer_concession(token, agree):
    """A partner answers their side's request to concede: yes concedes once every partner agreed, no hands the
    asker's seat to a robot."""
    with database().writing() as session:
        link, state = open_in_play(session, token)
        game, seats, me = link.game, link.seats, link.seat
        request = next((row for row in open_requests(session, game.id, state)
                        if row.kind == CONCEDE and me.seat in partners(state, seats, row.seat)), None)
        if request is None:
            raise Conflict("nobody on your side has asked to concede", "no_request")
        if me.seat in request.agreed:
            raise Conflict("you have agreed to concede already", "already_answered")
        asker = seats[request.seat]
        if not agree:
            session.delete(request)
            leave_seat(session, game, seats, asker, HANDED_OVER)
            notices.queue_left(session, game, seats, f"{me.name} declined to concede",
                               f"{me.name} declined to concede, so a robot has taken {asker.name}'s seat for the "
                               "rest of the game.", also=[asker])
            settle(session, game, seats, state)
            return
        request.agreed = [*request.agreed, me.seat]
        session.add(request)
        store_event(session, game, note_event("concede_agreed", seat=me.seat))   # moves open tables on
        settle(session, game, seats, state)


def abandon(token, agree=None):
    """Propose to abandon the game (`agree` None), agree to the open proposal (True), or decline or withdraw it
    (False)."""
    with database().writing() as session:
        link, state = open_in_play(session, token)
        game, seats, me = link.game, link.seats, link.seat
        requests = open_requests(session, game.id, state)
        proposal = next((request for request in requests if request.kind == ABANDON), None)
        if agree is None:
            if proposal is not None:
                raise Conflict("a proposal to abandon this game is open already: answer it with agree true or false",
                               "already_proposed")
            session.execute(delete(LeaveRequest).where(LeaveRequest.game_id == game.id, LeaveRequest.kind == ABANDON))
            session.add(LeaveRequest(game_id=game.id, kind=ABANDON, seat=me.seat, deal=state.deals, agreed=[me.seat],
                                     created_at=utcnow()))
            store_event(session, game, note_event("abandon_proposed", seat=me.seat))   # moves open tables on
            notices.queue_left(session, game, seats, f"{me.name} proposes to abandon the game",
                               f"{me.name} proposes to abandon the game: if every player agrees, it ends with no "
                               "result. Answer at your table; the proposal lapses if anyone declines or a new deal "
                               "begins.", skip=me)
        elif proposal is None:
            raise Conflict("nobody has proposed to abandon this game (or the proposal lapsed)", "no_proposal")
        elif not agree:
            session.delete(proposal)
            store_event(session, game, note_event("abandon_declined", seat=me.seat))
            notices.queue_left(session, game, seats, f"{me.name} declined to abandon the game",
                               f"{me.name} declined to abandon the game: it goes on.", skip=me)
            return
        elif me.seat in proposal.agreed:
            raise Conflict("you have agreed to abandon this game already", "already_answered")
        else:
            proposal.agreed = [*proposal.agreed, me.seat]
            session.add(proposal)
            store_event(session, game, note_event("abandon_agreed", seat=me.seat))
        session.flush()
        settle(session, game, seats, state)


def end_dead_game(token):
    """The creator ends a game in which no person has moved for the configured number of deadlines."""
    with database().writing() as session:
        link, state = open_in_play(session, token)
        if not is_creator(link.game, link.seats, link.seat):
            raise Forbidden("only the game's creator can end it", "not_creator")
        idle = idle_deadlines(session, link.game, link.seats)
        refusal = end_refusal(idle)
        if refusal is not None:
            raise Conflict(*refusal)
        finish(session, link.game, link.seats, state, note_event(ENDED, reason=NO_MOVES, deadlines=idle.deadlines))


def end_refusal(idle):
    """Why the creator may not end a game that stood still as `idle` says: (message, code), or None."""
    if idle.paused_by_creator:
        return ("the game is paused because your own time to move ran out: make your move and the game goes on "
                "(or resign, or propose to abandon it)", "paused_by_you")
    needed = settings().dead_game_deadlines
    if idle.deadlines < needed:
        return (f"a game can be ended once {needed} deadlines in a row have passed without the other players "
                f"moving; {idle.deadlines} have so far", "not_idle")
    return None


def open_in_play(session, token):
    """(SeatLink, state) of a game in play behind `token`, its row locked; a Conflict once it is over. The state
    is a copy: asking whose move it is may cache legal moves, and the snapshot is shared between requests."""
    link = open_link(session, token, lock=True)
    if link.game.status == STATUS_UNCONFIRMED:
        raise Conflict("the game has not been confirmed by its creator yet", "not_confirmed")
    if link.game.status == STATUS_OVER:
        raise Conflict("the game is over", "game_over")
    return link, snapshots.state_at(session, link.game.id, link.game.seq).clone()


def leave_seat(session, game, seats, seat, how):
    """`seat`'s person leaves (`how`: HANDED_OVER or RESIGNED): the seat is a robot's, its link reads only,
    and its unsent mail is dropped."""
    store_event(session, game, note_event(how, seat=seat.seat))
    seat.robot, seat.left = STAND_IN_LEVEL, how
    session.add(seat)
    positions.note_link(session, seat)
    drop_turn_mails(session, game.id, [(seat.seat, seat.email)], kinds=None)


def resign_seat(session, game, seats, seat, state):
    """`seat` resigns (for its side, in a partnership): the game ends if one side alone is left standing."""
    notes = [note_event(RESIGNED, seat=number) for number, other in seats.items() if other.left == RESIGNED]
    leave_seat(session, game, seats, seat, RESIGNED)
    if outcome(state, [*notes, note_event(RESIGNED, seat=seat.seat)]).over:
        finish(session, game, seats, state, None, [*notes, note_event(RESIGNED, seat=seat.seat)])
        return
    notices.queue_left(session, game, seats, f"{resigned_words(state.seats, names_of(seats), [seat.seat])}",
                       f"{seat.name} has resigned: a robot plays their cards to the end, and they cannot win. "
                       "The game goes on.")
    settle(session, game, seats, state)


def settle(session, game, seats, state):
    """After a change: carry out what the open questions now decide (every person agreed to abandon; every
    partner agreed to concede, or is a robot now), and let a robot make a move that is now its own."""
    for request in open_requests(session, game.id, state):
        if request.kind == ABANDON and all(seat.seat in request.agreed for seat in people(seats)):
            finish(session, game, seats, state, note_event(ABANDONED))
            return
        asker = seats[request.seat]
        if request.kind == CONCEDE and asker.robot is not None:
            session.delete(request)                      # the asker left meanwhile
        elif request.kind == CONCEDE and all(seat in request.agreed for seat in partners(state, seats, request.seat)):
            session.delete(request)
            resign_seat(session, game, seats, asker, state)
            return
    if game.status == STATUS_PAUSED and state.to_move and moves_itself(state, seats):
        game.status = STATUS_ACTIVE     # paused for a person who has left: their robot moves now
    queue_robot_if_due(session, game, state, seats)


def finish(session, game, seats, state, note, notes=None):
    """End the game with `note` (None: the resignation notes `notes` ended it): summary, questions, mails."""
    if note is not None:
        store_event(session, game, note)
        notes = [note]
    sync_summary(game, state, notes)
    session.execute(delete(LeaveRequest).where(LeaveRequest.game_id == game.id))
    queue_game_over(session, game, state, seats)


def names_of(seats):
    return {number: seat.name for number, seat in seats.items()}
