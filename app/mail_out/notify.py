"""Which mails a change causes, and to whom. Called inside the change's transaction."""

from sqlalchemy import select

from engine import find_game
from engine.cards import is_card

from app.context import external_url, settings
from app.words.deal_story import deal_story, score_meaning_words
from app.words.present import (choices_words, deadline_words, duration_words, hand_order, move_label, names_words,
                               position_words, suit_words)
from app.words.result_words import game_result_words
from app.clock import utcnow
from app.store.models import Rematch
from app.mail_out.mail import drop_turn_mails, queue_mail
from app.play.seats import creator_seat, reply_address, seat_path
from app.standings.rating_updates import change_words, rate_finished_game


def game_context(game, seats):
    title = find_game(game.game).title
    return {
        "title": title,
        "game_id": game.id,
        "players": [{"name": seat.name, "robot": seat.robot, "seat": seat.seat} for seat in seats.values()],
        "move_time": duration_words(game.move_time),
        "rules_url": external_url(f"/rules/{game.game}"),
    }


def game_label(title, seats, seat):
    """Which game a mail to `seat` is about, told apart from the person's other games of it:
    `<title> with Bob, Carol and Dan` (every other player, robots too, in seat order)."""
    others = [other.name for number, other in sorted(seats.items()) if number != seat.seat]
    return f"{title} with {names_words(others)}" if others else title


def people(seats):
    """The persons at the table: not robots, nor those who left the game (a robot plays for them now)."""
    return [seat for seat in seats.values() if seat.email and seat.robot is None]


def everyone(seats):
    """Every person who played the game, those who left it too: whom its end is told."""
    return [seat for seat in seats.values() if seat.email]


def seat_context(game, seats, seat):
    context = game_context(game, seats)
    context.update(name=seat.name, table_url=external_url(seat_path(seat)),
                   settings_url=external_url(seat_path(seat) + "/mail"),
                   deadline=deadline_words(game.due_at, utcnow(), seat.time_zone))
    return context


def queue_invitations(session, game, seats, state):
    """The invitation of every person; the one who moves first is told how to answer it with their move."""
    creator = creator_seat(game, seats)
    # A rematch (app.social.rematches) is one a finished game's rematch row points to: its invitation says so.
    rematch = session.execute(select(Rematch.id).where(Rematch.new_game_id == game.id)).first() is not None
    for seat in people(seats):
        context = game_context(game, seats)
        context.update(name=seat.name, creator=creator.name, is_creator=seat is creator, rematch=rematch,
                       table_url=external_url(seat_path(seat)),
                       deadline=deadline_words(game.due_at, utcnow(), seat.time_zone))
        if game.to_move and state.controller(game.to_move[0]) == seat.seat:
            context.update(reply_context(game, state, seat, state.view(seat.seat)["legal"]))
        subject = invitation_subject(context["title"], creator.name, seat is creator, rematch)
        queue_mail(session, "invite", seat.email, subject, context, game_id=game.id, seat=seat.seat, seq=game.seq)


def invitation_subject(title, creator, is_creator, rematch):
    """`Ann invites you to a game of <title>`; to a rematch `A rematch of your game of <title>`; to the creator, that
    their game (or rematch) has started."""
    if is_creator:
        return f"Your rematch of {title} has started" if rematch else f"Your game of {title} has started"
    return f"A rematch of your game of {title}" if rematch else f"{creator} invites you to a game of {title}"


def move_told(state, seats, move, done):
    """What each person may be told of `move`, just made: what it did (`done`: the game's words for it, asked of
    the state before it, `state.move_done_words`), or None where it was made face down.

    Ask right after the move, before any deal it makes due: a new deal may put its card out of sight again.
    """
    told = {}
    for seat in people(seats):
        seen = state.move_seen_by(seat.seat, move)
        told[seat.seat] = None if seen is None else done
    return told


def queue_move_mails(session, game, state, seats, mover, told, ended_deal=None):
    """After a move: the result to every person once the game is over, else a turn mail to the next person,
    the mover too when the turn stays theirs (a bid then an exchange: held while they are at their table, it
    goes if they leave mid-way), and, when the move ended deal number `ended_deal`, that deal's result to every
    person. `told` is `move_told`'s answer."""
    context = game_context(game, seats)
    if ended_deal and not state.over:
        for seat in people(seats):
            queue_mail(session, "deal_end", seat.email,
                       f"{game_label(context['title'], seats, seat)}: deal {ended_deal} is over",
                       deal_end_context(game, state, seats, seat, ended_deal), game_id=game.id, seat=seat.seat,
                       seq=game.seq)
    next_seat = seats[state.controller(game.to_move[0])] if game.to_move and not state.over else None
    turn_to = next_seat if next_seat is not None and next_seat.robot is None else None
    # The mover has moved past every turn mail and reminder still unsent, and the next person's new turn
    # mail replaces theirs: one statement drops both.
    moved_past = {seat.seat: seat for seat in (mover, turn_to) if seat is not None and seat.robot is None}
    if moved_past:
        drop_turn_mails(session, game.id, [(seat.seat, seat.email) for seat in moved_past.values()])
    if state.over:
        queue_game_over(session, game, state, seats)
    elif turn_to is not None:
        queue_mail(session, "your_turn", turn_to.email, turn_subject(context["title"], seats, turn_to, state),
                   dict(turn_context(game, state, seats, turn_to), last_mover=mover.name,
                        last_move=told[turn_to.seat]),
                   game_id=game.id, seat=turn_to.seat, seq=game.seq, dropped=True)


def turn_context(game, state, seats, seat):
    """What a turn mail or a reminder to `seat`, whose move it is, shows of the game as it is in `state`: the
    deadline, the hand, the trick, the moves it may make and how to answer with one (the story since its last
    move is added when the mail is sent: app.mail_out.fresh_mail)."""
    return dict(game_context(game, seats), name=seat.name, table_url=external_url(seat_path(seat)),
                settings_url=external_url(seat_path(seat) + "/mail"),
                deadline=deadline_words(game.due_at, utcnow(), seat.time_zone),
                **seat_picture(game, state, seats, seat))


def seat_picture(game, state, seats, seat):
    """The position as a mail shows it to `seat` (`turn_picture`) and how to answer it (`reply_context`),
    from the seat's view, taken once."""
    acting = next((number for number in state.to_move if state.controller(number) == seat.seat), seat.seat)
    view = state.view(seat.seat)
    return dict(turn_picture(state, seats, view, acting), **reply_context(game, state, seat, view["legal"]))


def deal_end_context(game, state, seats, seat, number):
    """A deal-end mail's context for `seat`: deal `number`, just finished."""
    return dict(game_context(game, seats), name=seat.name, table_url=external_url(seat_path(seat)),
                **deal_result(state, seats, state.view(seat.seat), number))


def game_over_context(game, state, seats, seat):
    """A game-over mail's context for `seat` (`game`'s row holds the result: app.record.sync_summary)."""
    answerable = settings().inbound_domain and seat.robot is None    # "rematch yes"; one who left cannot act
    return dict(game_context(game, seats), name=seat.name, table_url=external_url(seat_path(seat)),
                result=game_result_words(state.seats, game, seats), left=seat.left,
                scores=named_scores(state.seats, seats, state.scores),
                **({"reply_to": reply_address(seat, game.seq)} if answerable else {}))


def queue_game_over(session, game, state, seats):
    """The result to every person, those who left the game too. Where a game becomes over: a rated game is
    rated here, in the same transaction and exactly once (app.standings), and each person told their rating."""
    title = find_game(game.game).title
    changes = rate_finished_game(session, game, state, seats)
    for seat in everyone(seats):
        context = game_over_context(game, state, seats, seat)
        if seat.email in changes:
            context["rating"] = change_words(changes[seat.email])
        queue_mail(session, "game_over", seat.email, f"{game_label(title, seats, seat)}: the game is over",
                   context, game_id=game.id, seat=seat.seat, seq=game.seq)


def turn_subject(title, seats, seat, state):
    """`<title> with Bob, Carol and Dan: your lead, deal 2`, from the seat's own view."""
    return f"{game_label(title, seats, seat)}: {position_words(state.view(seat.seat))}"


def queue_timeout(session, game, seats, absent, move):
    """Tell the absent person that a robot played `move` for them."""
    context = seat_context(game, seats, absent)
    context.update(move=move_label(move))
    queue_mail(session, "timeout", absent.email,
               f"{game_label(context['title'], seats, absent)}: time ran out, a robot moved for you",
               context, game_id=game.id, seat=absent.seat, seq=game.seq)


def turn_picture(state, seats, view, acting):
    """The hand to play from, the trick so far and the spoken moves the player may make, from the player seat's
    own `view` alone; the game's own section of the view goes along for its part of the mail
    (templates/games/<game>/your_turn.*: what has been bet so far, in a vying game)."""
    hands = view.get("hands") or []
    hand = hands[acting] if acting < len(hands) and hands[acting] is not None else view.get("hand") or []
    trick = [(seats[state.controller(seat)].name, move_label(card)) for seat, card in view.get("trick") or []]
    trump = suit_words(view["trump"]) if view.get("trump") else None
    # What was bet so far in the stage in play (a game's optional `bets`: [seat, move] pairs), the counters
    # and the pot where they are the score, and the spoken moves the player may make.
    name = [seats[state.controller(seat)].name for seat in range(state.seat_count)]
    bets = [(name[seat], move_label(move)) for seat, move in view.get("bets") or []]
    counters = ([(holder_words(state.seats, seats, number), held) for number, held in enumerate(view["scores"])]
                if view["score_meaning"] == "counters" else [])
    counters_words = score_meaning_words(view) if counters else None    # `lives left`, where a game names them
    return {"hand": [move_label(card) for card in hand_order(hand)], "trick": trick, "trump": trump, "count": view.get("total"),
            "bets": bets, "counters": counters, "counters_words": counters_words, "pot": view.get("pot"),
            "choices": choices_words(view["legal"]),
            "game": view["game"], "own": {key: view[key] for key in type(state).turn_mail_keys}, "names": name}


def reply_context(game, state, seat, legal):
    """What a mail that may be answered with a move carries (none while replies are off, or once the game is
    over): its Reply-To address for the position now and, when the move is the seat's (`legal`, from its view,
    not empty), a first line saying how to answer and the moves it may make, as labels (spoken moves first,
    then cards as the hand is held)."""
    if not settings().inbound_domain or state.over:
        return {}
    if not legal:     # the address still takes `help`, but nothing asks for a move that is not the seat's
        return {"reply_to": reply_address(seat, game.seq)}
    return {"reply_to": reply_address(seat, game.seq), "reply_hint": reply_hint(legal),
            "legal": [move_label(move) for move in [move for move in legal if not is_card(move)]
                      + hand_order([move for move in legal if is_card(move)])]}


def reply_hint(legal):
    """How to answer with one of the moves `legal` (canonical, not empty): `Reply with your card, e.g. 10♥ or
    10H`, `Reply with double or pass`, both joined."""
    cards = [move for move in legal if is_card(move)]
    words = choices_words(legal)
    example = f"e.g. {move_label(cards[0])} or {typed(cards[0])}" if cards else ""
    if cards and words:
        return f"Reply with your card ({example}), or with {words}."
    if cards:
        return f"Reply with your card, {example}."
    return f"Reply with {words}."


def typed(card):
    """A card as anyone can type it: `10H`, `QS`."""
    return ("10" if card[0] == "T" else card[0]) + card[1:]


def deal_result(state, seats, view, number):
    """Deal `number`, finished, from a seat's view: its story (app.words.deal_story), and its history entry (with the
    players' names, and each side's in `side_names`) for the game's own part of the mail
    (templates/games/<game>/deal_end.*). Not simply the last entry: the deal dealt after the move may have ended
    at once too (a vying game's natural 31)."""
    history = view.get("history") or [{}]
    finished = next((deal for deal in history if deal.get("deal") == number), history[-1])
    names = [seats[seat].name if seat in seats else f"seat {seat + 1}" for seat in range(state.seat_count)]
    return {"deal": finished.get("deal"), "game": view["game"], "finished": finished, "names": names,
            "side_names": [holder_words(state.seats, seats, side) for side in range(len(view["scores"]))],
            "story": deal_story(view, names, finished.get("deal"))}


def holder_words(seating, seats, number):
    """A side's players ("Ann and Cy") in a partnership game, else a seat's name (`seating`: the game's
    engine Seating)."""
    if seating.partnerships:
        names = [seat.name for seat_number, seat in seats.items() if seating.sides[seat_number] == number]
        return " and ".join(names) or f"side {number + 1}"
    return seats[number].name if number in seats else f"seat {number + 1}"


def named_scores(seating, seats, scores):
    """The scores with whose they are: `Ann and Cy 120, Bob and Di 85`."""
    return ", ".join(f"{holder_words(seating, seats, number)} {score}" for number, score in enumerate(scores))
