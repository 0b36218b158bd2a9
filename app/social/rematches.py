"""Rematch and series: a finished game offered again to its players, and the running tally of a series.

Any person of a finished game may offer a rematch (one offer a game). Each other person accepts or declines,
from the table, the API or a reply to the offer's mail (`rematch yes` / `rematch no`), at any time: nobody
needs to be present at once. The offerer puts a robot or a new invitee in a declined seat. Once every seat
is settled, the new game is written by the creation path (app.play.games) with the offerer as its
creator, and started at once when the offerer's address is confirmed: everyone gets its invitation, and
nothing else (a new invitee confirms their address first, like any invitee).

The same game, options, time per move and timeout policy; the seats turn one place (the player after each
sits in their seat), so the first deal passes on to the next player while partners stay partners: a series
is played between the same sides, and the tally counts the games each player's side won.

Offers, answers and stand-ins are kept in the `rematch` and `rematch_answer` tables; each step is noted in
the finished game's log too (notes the rules pass over), and the new game's log opens with a note naming
its series and the game it follows. A note moves the game's position on, so every open table shows the
step live.
"""

from dataclasses import dataclass

from sqlalchemy import func, select

from engine import find_game, note_event
from engine.robots import robot_levels

from app.context import database, external_url, settings
from app.store.models import ADDRESS_CONFIRMED, STATUS_OVER, Consent, Game, Rematch, RematchAnswer, Seat
from app.mail_out import consent
from app.clock import utcnow
from app.errors import BadInput, Conflict, Forbidden
from app.play.games import insert_game, queue_game_confirmation, start_confirmed
from app.mail_out.mail import queue_mail
from app.mail_out.notify import game_context, game_label, people
from app.store.record import store_event
from app.play.seats import open_link, reply_address, seat_path, seats_of
from app.play.outcome import EXPIRED
from app.play.spec import GameSpec, SeatSpec, clean_email, clean_name

YES, NO = "yes", "no"
OFFER_MAIL = "rematch_offer"


@dataclass
class Tally:
    """Games won in a series, by each player of its newest game: [(name, wins)], and the games finished."""

    wins: list
    finished: int


# Reading --------------------------------------------------------------------------------------------------

def rematch_state(session, game, seats, me):
    """What `me` (a Seat of `game`, over or not) is shown of its rematch: None before the game is over, else a
    dict: whether an offer was made, by whom, each other player's answer in words, whether `me` still has
    to answer, which declined seats the offerer (`me`) may fill, the new game's link for `me` once it started,
    and the series' tally."""
    if game.status != STATUS_OVER or never_began(game):
        return None
    rematch = session.execute(select(Rematch).where(Rematch.game_id == game.id)).scalar()
    answers = answers_of(session, rematch)
    state = {"offered": rematch is not None, "offerer": None, "offered_by_me": False, "started": False,
             "answers": [], "to_answer": False, "to_fill": [], "new_url": None, "tally": tally_of(session, game.id)}
    if rematch is None:
        return state
    state["offerer"] = seats[rematch.offered_by].name
    for number, seat in sorted(seats.items()):
        answer = answers.get(number)
        state["answers"].append({"seat": number, "name": seat.name, "words": answer_words(seat, answer, rematch)})
        if answer is not None and answer.answer == NO and answer.stand_in_name is None:
            state["to_fill"].append({"seat": number, "name": seat.name})
    state["to_answer"] = rematch.new_game_id is None and me.seat not in answers
    state["offered_by_me"] = rematch.offered_by == me.seat
    if rematch.new_game_id is not None:
        mine = None
        if continues(seats[me.seat], answers.get(me.seat)):
            mine = session.execute(select(Seat).where(Seat.game_id == rematch.new_game_id,
                                                      Seat.seat == turned_seats(seats)[me.seat])).scalar()
        state["new_url"] = seat_path(mine) if mine is not None and mine.robot is None else None
        state["started"] = True
    return state


def turned_seats(numbers):
    """{seat: its player's seat in the rematch}: the seats turn one place (the player after each sits in their
    seat). A rematch has the game's players and options, so the same seat numbers."""
    numbers = sorted(numbers)
    return dict(zip(numbers[1:] + numbers[:1], numbers))


def continues(seat, answer):
    """Whether `seat`'s player plays on in the rematch (its person, or its robot), not someone put in their
    place (a stand-in for a person who declined or left)."""
    return not seat.left and (answer is None or answer.answer == YES)


def answer_words(seat, answer, rematch):
    if seat.robot is not None:
        return "a robot: always plays again"
    if answer is None:
        return "has not answered yet"
    if answer.answer == YES:
        return "offered it" if seat.seat == rematch.offered_by else "accepted"
    if answer.stand_in_name is None:
        return "declined"
    return f"declined; {answer.stand_in_name} takes the seat" + (" (a robot)" if answer.stand_in_robot else "")


def answers_of(session, rematch):
    if rematch is None:
        return {}
    rows = session.execute(select(RematchAnswer).where(RematchAnswer.rematch_id == rematch.id)).scalars()
    return {row.seat: row for row in rows}


def series_id_of(game_id):
    """The first game of the series `game_id` belongs to (itself, unless it is a rematch), as a SQL expression."""
    return func.coalesce(select(Rematch.series_id).where(Rematch.new_game_id == game_id).scalar_subquery(), game_id)


def tally_of(session, game_id):
    """The running tally of the series `game_id` belongs to, or None while it is the series' only game.

    Wins follow seats, not addresses: a seat's player carries their wins into the rematch seat they turn to
    (`turned_seats`); someone put in a seat's place starts from none."""
    steps = session.execute(select(Rematch).where(Rematch.series_id == series_id_of(game_id),
                                                  Rematch.new_game_id.is_not(None))).scalars().all()
    if not steps:
        return None
    follows = {step.game_id: step for step in steps}
    series = steps[0].series_id
    chain = [series]
    while chain[-1] in follows:
        chain.append(follows[chain[-1]].new_game_id)
    if len(chain) < 2:
        return None
    games = {game.id: game for game in session.execute(select(Game).where(Game.id.in_(chain))).scalars()}
    seats_by_game = {}
    for seat in session.execute(select(Seat).where(Seat.game_id.in_(chain))).scalars():
        seats_by_game.setdefault(seat.game_id, {})[seat.seat] = seat
    answers = {}
    for row in session.execute(select(RematchAnswer).where(
            RematchAnswer.rematch_id.in_([step.id for step in follows.values()]))).scalars():
        answers.setdefault(row.rematch_id, {})[row.seat] = row
    players = {number: (series, number) for number in seats_by_game[series]}   # seat: whose wins it carries
    wins, finished = {}, 0
    for index, game_id_in_chain in enumerate(chain):
        game = games[game_id_in_chain]
        seats = seats_by_game[game.id]
        if index:
            step = follows[chain[index - 1]]
            before = seats_by_game[step.game_id]
            turned = turned_seats(before)
            carried = {turned[old]: players[old] for old, seat in before.items()
                       if continues(seat, answers.get(step.id, {}).get(old))}
            players = {number: carried.get(number, (game.id, number)) for number in seats}
        if game.status != STATUS_OVER:
            continue
        finished += 1
        seating = find_game(game.game).seating(game.players, game.options)
        for number in seats:
            won = game.winner is not None and (seating.sides[number] if seating.partnerships else number) == game.winner
            wins[players[number]] = wins.get(players[number], 0) + won
    newest = seats_by_game[chain[-1]]
    return Tally([(seat.name, wins.get(players[number], 0)) for number, seat in sorted(newest.items())], finished)


def series_tallies(session, game_ids):
    """{game id: its series' tally in words} for those of `game_ids` in a series of more than one game."""
    linked = session.execute(select(Rematch.game_id, Rematch.new_game_id).where(
        Rematch.new_game_id.is_not(None) & (Rematch.game_id.in_(game_ids) | Rematch.new_game_id.in_(game_ids)))).all()
    in_series = {game_id for pair in linked for game_id in pair} & set(game_ids)
    return {game_id: tally_words(tally_of(session, game_id)) for game_id in in_series}


def tally_words(tally):
    """`Ann 2, Bob 1 (3 games played)`."""
    played = f"{tally.finished} game{'s' if tally.finished != 1 else ''} played"
    return ", ".join(f"{name} {wins}" for name, wins in tally.wins) + f" ({played})"


# Acting ---------------------------------------------------------------------------------------------------

def offer(token):
    """The seat behind `token` offers its finished game again; returns nothing. A second offer is a Conflict."""
    with database().writing() as session:
        link = open_link(session, token, lock=True)
        game = link.game
        if game.status != STATUS_OVER:
            raise Conflict("a rematch can be offered once the game is over", "not_over")
        if never_began(game):
            raise Conflict("this game never began, as its open seats were not all taken: set up a new one instead",
                           "never_began")
        if session.execute(select(Rematch.id).where(Rematch.game_id == game.id)).first() is not None:
            raise Conflict("a rematch of this game was offered already", "already_offered")
        now = utcnow()
        rematch = Rematch(game_id=game.id, series_id=session.scalar(select(series_id_of(game.id))), offered_by=link.seat.seat,
                          created_at=now)
        session.add(rematch)
        session.flush()
        session.add(RematchAnswer(rematch_id=rematch.id, seat=link.seat.seat, answer=YES, answered_at=now))
        store_event(session, game, note_event("rematch_offered", seat=link.seat.seat))
        for seat in people(link.seats):
            if seat.seat != link.seat.seat:
                queue_offer_mail(session, game, link.seats, seat, link.seat)
        start_if_settled(session, game, link.seats, rematch)


def queue_offer_mail(session, game, seats, seat, offerer):
    title = game_context(game, seats)["title"]
    context = dict(game_context(game, seats), name=seat.name, offerer=offerer.name,
                   table_url=external_url(seat_path(seat)))
    if settings().inbound_domain:
        context["reply_to"] = reply_address(seat, game.seq)
    queue_mail(session, OFFER_MAIL, seat.email, f"{game_label(title, seats, seat)}: {offerer.name} offers a rematch",
               context, game_id=game.id, seat=seat.seat, seq=game.seq)


def answer(token, accept):
    """The seat behind `token` accepts (`accept` true) or declines the offer of its game; returns the words
    that tell what was done. No offer, a started rematch or a second answer is a Conflict."""
    if not isinstance(accept, bool):
        raise BadInput('answer must be "yes" or "no"', "bad_answer")
    with database().writing() as session:
        link = open_link(session, token, lock=True)
        rematch = open_offer(session, link.game)
        if session.execute(select(RematchAnswer.id).where(RematchAnswer.rematch_id == rematch.id,
                                                          RematchAnswer.seat == link.seat.seat)).first():
            raise Conflict("you have answered this rematch already", "already_answered")
        word = YES if accept else NO
        session.add(RematchAnswer(rematch_id=rematch.id, seat=link.seat.seat, answer=word, answered_at=utcnow()))
        session.flush()
        store_event(session, link.game, note_event("rematch_answered", seat=link.seat.seat, answer=word))
        started = start_if_settled(session, link.game, link.seats, rematch)
    if not accept:
        return "You declined the rematch."
    return "You accepted the rematch: it has started." if started else "You accepted the rematch."


def fill(token, seat_number, robot=None, name=None, email=None, admit=None):
    """The offerer puts a robot (`robot`, a level) or a new invitee (`name`, `email`) in the seat `seat_number`
    whose person declined. Bad input is a BadInput; anyone but the offerer, Forbidden; a seat not declined
    or filled already, a Conflict. A new invitee is invited to a new game: `admit([email])` may refuse it (the
    creation limit per address, as for any new game) once all is checked and before anything is written."""
    if robot is not None:
        if robot not in robot_levels():
            raise BadInput(f"robot must be one of {', '.join(robot_levels())}", "bad_robot")
        if email is not None:
            raise BadInput("a robot has no email address", "bad_seats")
    else:
        email = clean_email(email, "the new player")
    with database().writing() as session:
        link = open_link(session, token, lock=True)
        rematch = open_offer(session, link.game)
        if rematch.offered_by != link.seat.seat:
            raise Forbidden("only the player who offered the rematch can fill a seat", "not_offerer")
        declined = link.seats.get(seat_number) if isinstance(seat_number, int) else None
        row = answers_of(session, rematch).get(seat_number) if declined is not None else None
        if row is None or row.answer != NO:
            raise Conflict("that seat's player has not declined the rematch", "not_declined")
        if row.stand_in_name is not None:
            raise Conflict("that seat is filled already", "already_filled")
        if email is not None and admit is not None:
            admit([email])
        row.stand_in_robot = robot
        row.stand_in_name = clean_name(name or f"Robot for {declined.name}"[:40], "the new player")
        row.stand_in_email = None if robot is not None else email
        session.add(row)
        session.flush()
        store_event(session, link.game, note_event("rematch_seat_filled", seat=seat_number,
                                                   robot=robot is not None))
        start_if_settled(session, link.game, link.seats, rematch)


def open_offer(session, game):
    rematch = session.execute(select(Rematch).where(Rematch.game_id == game.id)).scalar()
    if rematch is None:
        raise Conflict("no rematch of this game has been offered", "no_offer")
    if rematch.new_game_id is not None:
        raise Conflict("the rematch has started already", "started")
    return rematch


def start_if_settled(session, game, seats, rematch):
    """Start the rematch once every person accepted or was replaced; returns whether it started."""
    answers = answers_of(session, rematch)
    for number, seat in seats.items():
        answer = answers.get(number)
        if seat.robot is None and (answer is None or (answer.answer == NO and answer.stand_in_name is None)):
            return False
    turned = turned_seats(seats)
    specs = [stand_in(seats[old], answers.get(old)) for old in sorted(turned, key=turned.get)]
    options = session.execute(select(Game.options).where(Game.id == game.id)).scalar()   # a seat link leaves it unread
    spec = GameSpec(game.game, dict(options), specs, game.move_time, game.timeout_policy)
    now = utcnow()
    new = insert_game(session, spec, seats[rematch.offered_by].email, now)
    new.rated = game.rated              # played as the game was: rated or casual
    store_event(session, new, note_event("series", series=rematch.series_id, follows=game.id))
    rematch.new_game_id = new.id
    rematch.started_at = now
    session.add(rematch)
    store_event(session, game, note_event("rematch_started", game=new.id, series=rematch.series_id))
    new_seats = seats_of(session, new.id)
    creator = session.execute(select(Consent.state).where(Consent.address == new.creator_email)).scalar()
    if creator == ADDRESS_CONFIRMED:
        start_confirmed(session, new)
    else:
        book = consent.locked(session, [new.creator_email], now)
        queue_game_confirmation(session, new, new_seats, book[new.creator_email], now)
    return True


def never_began(game):
    """Whether a game ended before it started: its open seats were not all taken in time (app.social.open_endings).
    It has no rematch: a seat of it may never have had a person."""
    return (game.ending or {}).get("reason") == EXPIRED


def stand_in(seat, answer):
    """Who sits in `seat`'s place in the rematch: its person, or whom the offerer put there."""
    if answer is not None and answer.answer == NO:
        return SeatSpec(name=answer.stand_in_name, email=answer.stand_in_email, robot=answer.stand_in_robot)
    if seat.left:      # its person left the game: the robot that played for them plays again, mailing nobody
        return SeatSpec(name=f"Robot for {seat.name}"[:40], email=None, robot=seat.robot)
    return SeatSpec(name=seat.name, email=seat.email, robot=seat.robot)
