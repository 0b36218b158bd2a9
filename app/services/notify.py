"""Which mails a change causes, and to whom. Called inside the change's transaction."""

from engine import find_game

from ..context import external_url
from engine.view import own_section

from ..present import choices_words, deadline_words, duration_words, move_label, suit_words
from .clock import utcnow
from .mail import queue_mail
from .seats import seat_path


def game_context(game, seats):
    title = find_game(game.game).title
    return {
        "title": title,
        "game_id": game.id,
        "players": [{"name": seat.name, "robot": seat.robot, "seat": seat.seat} for seat in seats.values()],
        "move_time": duration_words(game.move_time),
        "rules_url": external_url(f"/rules/{game.game}"),
    }


def people(seats):
    return [seat for seat in seats.values() if seat.email]


def creator_of(game, seats):
    return next(seat for seat in people(seats) if seat.email == game.creator_email)


def seat_context(game, seats, seat):
    context = game_context(game, seats)
    context.update(name=seat.name, table_url=external_url(seat_path(seat)),
                   settings_url=external_url(seat_path(seat) + "/mail"),
                   deadline=deadline_words(game.due_at, utcnow()))
    return context


def queue_invitations(session, game, seats):
    creator = creator_of(game, seats)
    for seat in people(seats):
        context = game_context(game, seats)
        context.update(name=seat.name, creator=creator.name, is_creator=seat is creator,
                       table_url=external_url(seat_path(seat)),
                       deadline=deadline_words(game.due_at, utcnow()))
        subject = (f"Your game of {context['title']} has started" if seat is creator
                   else f"{creator.name} invites you to a game of {context['title']}")
        queue_mail(session, "invite", seat.email, subject, context, game_id=game.id, seat=seat.seat, seq=game.seq)


def move_told(state, seats, move):
    """What each person may be told of `move`, just made: its label, or None where it was made face down.

    Ask right after the move, before any deal it makes due: a new deal may put its card out of sight again.
    """
    told = {}
    for seat in people(seats):
        seen = state.move_seen_by(seat.seat, move)
        told[seat.seat] = None if seen is None else move_label(seen)
    return told


def queue_move_mails(session, game, state, seats, mover, told, ended_deal=None):
    """After a move: the result to every person once the game is over, else a turn mail to the next person
    (and, when the move ended deal number `ended_deal`, that deal's result to every person). `told` is
    `move_told`'s answer."""
    context = game_context(game, seats)
    if ended_deal and not state.over:
        for seat in people(seats):
            queue_mail(session, "deal_end", seat.email, f"A deal of {context['title']} is over",
                       dict(context, name=seat.name, table_url=external_url(seat_path(seat)),
                            **deal_result(state, seats, state.view(seat.seat), ended_deal)),
                       game_id=game.id, seat=seat.seat, seq=game.seq)
    if state.over:
        for seat in people(seats):
            queue_mail(session, "game_over", seat.email, f"Your game of {context['title']} is over",
                       dict(context, name=seat.name, table_url=external_url(seat_path(seat)),
                            winner=winner_words(state, seats), scores=named_scores(state, seats, state.scores)),
                       game_id=game.id, seat=seat.seat, seq=game.seq)
        return
    if not game.to_move:
        return
    next_seat = seats[state.controller(game.to_move[0])]
    if next_seat.robot is None and next_seat is not mover:
        queue_mail(session, "your_turn", next_seat.email, f"Your move in {context['title']}",
                   dict(context, name=next_seat.name, table_url=external_url(seat_path(next_seat)),
                        last_mover=mover.name, last_move=told[next_seat.seat],
                        deadline=deadline_words(game.due_at, utcnow()),
                        **turn_picture(state, seats, next_seat.seat, game.to_move[0])),
                   game_id=game.id, seat=next_seat.seat, seq=game.seq)


def queue_timeout(session, game, seats, absent, move):
    """Tell the absent person that a robot played `move` for them."""
    context = seat_context(game, seats, absent)
    context.update(move=move_label(move))
    queue_mail(session, "timeout", absent.email, f"Time ran out in {context['title']}: a robot moved for you",
               context, game_id=game.id, seat=absent.seat, seq=game.seq)


def turn_picture(state, seats, player, acting):
    """The hand to play from, the trick so far and the spoken moves the player may make, from the player seat's
    own view alone; the game's own section of the view goes along for its part of the mail
    (templates/games/<game>/your_turn.*: what has been bet so far, in a vying game)."""
    view = state.view(player)
    hands = view.get("hands") or []
    hand = hands[acting] if acting < len(hands) and hands[acting] is not None else view.get("hand") or []
    trick = [(seats[state.controller(seat)].name, move_label(card)) for seat, card in view.get("trick") or []]
    trump = suit_words(view["trump"]) if view.get("trump") else None
    return {"hand": [move_label(card) for card in hand], "trick": trick, "trump": trump, "count": view.get("total"),
            "choices": choices_words(view["legal"]), "game": view["game"], "own": own_section(view),
            "names": [seats[state.controller(seat)].name for seat in range(state.seat_count)]}


def deal_result(state, seats, view, number):
    """Deal `number`, finished, from a seat's view: the scores after it, and its history entry (with the
    players' names) for the game's own part of the mail (templates/games/<game>/deal_end.*). Not simply the
    last entry: the deal dealt after the move may have ended at once too (a vying game's natural 31)."""
    history = view.get("history") or [{}]
    finished = next((deal for deal in history if deal.get("deal") == number), history[-1])
    names = [seats[seat].name if seat in seats else f"seat {seat + 1}" for seat in range(state.seat_count)]
    return {"deal": finished.get("deal"), "game": view["game"], "finished": finished, "names": names,
            "scores": named_scores(state, seats, finished.get("scores") or view.get("scores") or [])}


def holder_words(state, seats, number):
    """A side's players ("Ann and Cy") in a partnership game, else a seat's name."""
    if state.seats.partnerships:
        names = [seat.name for seat_number, seat in seats.items() if state.side_of(seat_number) == number]
        return " and ".join(names) or f"side {number + 1}"
    return seats[number].name if number in seats else f"seat {number + 1}"


def winner_words(state, seats):
    """Who won, in words."""
    return "nobody" if state.winner is None else holder_words(state, seats, state.winner)


def named_scores(state, seats, scores):
    """The scores with whose they are: `Ann and Cy 120, Bob and Di 85`."""
    return ", ".join(f"{holder_words(state, seats, number)} {score}" for number, score in enumerate(scores))
