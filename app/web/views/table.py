"""A seat's table: GET shows it (and changes nothing), POST makes a move."""

from flask import Blueprint, redirect, render_template, request

from engine.cards import is_card

from app.web import csrf
from app.words.deal_story import table_story
from app.live.presence import note_present_by_link
from app.words.result_words import ending_context
from app.words.present import clock_words, deadline_words, hand_order
from app.play import moves, tables
from app.social import talk
from app.clock import utcnow
from app.errors import BadInput, Conflict
from app.words.news import moves_since
from app.web.views.fields import whole_number
from app.web.views.history import finished_deals_html
from app.web.views.leave import leaving_of
from app.web.views.rematch import next_game_of
from app.web.views.standings import seat_standings
from app.web.rendered_pages import RenderedPages, row_values

bp = Blueprint("table", __name__)
TABLE_PAGES = RenderedPages()
ANNOUNCED_MOVES = 12       # a table left further behind is told only the latest events
# A move the game's state refused (app.play.moves: Conflict) is answered with the table, at its own address
# and saying why by code, so that reloading it sends nothing again. The words by code: never the query's text.
REFUSED_MOVES = {
    "stale_seq": "The game had moved on since this page was loaded, so your move was not played: "
                 "here is the table as it is now.",
    "game_over": "The game is over, so your move was not played.",
    "not_confirmed": "The game has not been confirmed by its creator yet, so your move was not played.",
}


@bp.get("/s/<token>")
def show(token):
    refused = request.args.get("refused")
    if refused is not None and refused not in REFUSED_MOVES:
        raise BadInput("this link does not say why a move was refused; open the table without it", "bad_refused")
    table = tables.open_seat(token)
    note_present_by_link(token)
    error = REFUSED_MOVES.get(refused)
    return TABLE_PAGES.page(page_key(table, error), lambda: render_table(table, error))


def page_key(table, error):
    """Everything a seat's table page shows but its log up to the game's position (app.web.rendered_pages)."""
    return repr((request.view_args["token"], error, row_values(table.game),
                 [row_values(seat) for seat in table.seats.values()], csrf.token(),
                 utcnow().replace(second=0, microsecond=0), seat_standings(table), next_game_of(table)))


@bp.get("/s/<token>/table")
def live_part(token):
    """The changing part of the table, for the page's script to swap in when the log position moved on
    (static/table.js); `since` is the position the page showed, whose later moves are announced."""
    table = tables.open_seat(token)
    note_present_by_link(token)    # an open table polls: its player is at the table
    since = whole_number(request.args.get("since", ""))
    if since is None or since < 0:         # no position, or a bad one: the part alone, nothing to announce
        since = table.game.seq
    news = (moves_since(table.game, table.seats, table.seat, max(since, table.game.seq - ANNOUNCED_MOVES))
            if since < table.game.seq else [])
    context = table_context(table)
    news += talk.news(context["messages"], since)
    return render_template("pages/_table_live.html", **context, news=news)


@bp.post("/s/<token>/move")
def move(token):
    csrf.check()
    note_present_by_link(token)
    try:
        moves.submit_move(token, request.form.get("move", ""), whole_number(request.form.get("seq")))
    except BadInput as problem:       # what the form sent is wrong: said at once, nothing to reload
        return render_table(tables.open_seat(token), problem.message), problem.status
    except Conflict as problem:
        return redirect(f"/s/{token}?refused={problem.code}", 303)
    return redirect(f"/s/{token}", 303)


@bp.get("/s/<token>/replay")
def replay(token):
    table = tables.open_seat(token)
    step_text = request.args.get("step", "")
    step = whole_number(step_text) if step_text else tables.LAST_STEP
    names = seat_names(table)
    step, picture, event, total, story = tables.replay_step(table, step, names)
    return render_template("pages/replay.html", title=table.title, game_name=table.game.game, view=picture,
                           step=step, total=total, event=event, names=names, story=story, token=token)


def seat_names(table):
    """A label for every engine seat: the player's name, or "<partner>'s dummy" (`table`: a Table, or anything
    with `state` and `seats`, such as a watched game)."""
    names = []
    for seat in range(table.state.seat_count):
        player = table.state.controller(seat)
        name = table.seats[player].name
        names.append(name if player == seat else f"{name}'s dummy")
    return names


def mover_of(table):
    """The seat row of the person or robot to move (first of those awaited), or None."""
    to_move = table.state.to_move if table.game.status in ("active", "paused") else []
    return table.seats.get(table.state.controller(to_move[0])) if to_move else None


def seat_ring(seat_count, me):
    """Where the other seats sit on the screen, seen from `me` at the bottom: play passes to the left,
    so the next seat sits on the left, the last on the right and the rest across the top (the seat
    opposite, a partner in a four-hand partnership, in the middle of them)."""
    others = [(me + step) % seat_count for step in range(1, seat_count)]
    if len(others) == 1:
        return {"left": [], "top": others, "right": []}
    return {"left": others[:1], "top": others[1:-1], "right": others[-1:]}


def table_context(table):
    """Everything the table's templates read: the page and its live part alike."""
    view = table.view
    names = seat_names(table)
    ending = ending_context(table.game, table.state.seats, names, view)
    controls = view.get("controls") or [table.seat.seat]
    hands = view.get("hands") or []
    my_hands = [(seat, hands[seat] if seat < len(hands) and hands[seat] is not None else
                 (view.get("hand") if seat == table.seat.seat else None)) for seat in controls]
    my_hands = [(seat, None if hand is None else hand_order(hand)) for seat, hand in my_hands
                if not table.seat.left]      # one who left holds no hand: they read the table as a watcher
    legal = [] if ending["over"] or table.seat.left else view.get("legal") or []    # one who left moves no more
    acting = view["to_move"][0] if legal and view.get("to_move") else None
    in_front = {}
    for seat, card in view.get("table") or []:
        in_front.setdefault(seat, []).append(card)
    return dict(
        t=table, view=view, names=names, my_hands=my_hands, legal=legal, acting=acting,
        legal_actions=[move for move in legal if not is_card(move)], hints=table.state.hints(),
        action_words=(lambda move: table.state.action_words(acting, move)),
        story=table_story(view, names, controls),
        **ending,
        token=request.view_args["token"], ring=seat_ring(table.state.seat_count, table.seat.seat), in_front=in_front,
        deadline=deadline_words(table.game.due_at, utcnow(), table.seat.time_zone),
        clock=clock_words(table.game, mover_of(table), table.seat.time_zone, utcnow()),
        history=finished_deals_html(table.game.id, view["game"], table.seat.seat, view.get("history") or [], names,
                                    view["sides"] if view["partnerships"] else None),
        messages=talk.seat_messages(table), is_creator=talk.is_creator(table), leaving=leaving_of(table),
    )


def render_table(table, error=None):
    return render_template("pages/table.html", **table_context(table), error=error)
