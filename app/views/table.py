"""A seat's table: GET shows it (and changes nothing), POST makes a move."""

from flask import Blueprint, redirect, render_template, request

from engine.cards import is_card

from .. import csrf
from ..presence import note_present_by_link
from ..present import clock_words, deadline_words
from ..services import moves, tables
from ..services.clock import utcnow
from ..services.errors import BadInput, Conflict
from .fields import whole_number
from .history import finished_deals_html

bp = Blueprint("table", __name__)


@bp.get("/s/<token>")
def show(token):
    table = tables.open_seat(token)
    note_present_by_link(token)
    return render_table(table)


@bp.post("/s/<token>/move")
def move(token):
    csrf.check()
    note_present_by_link(token)
    try:
        moves.submit_move(token, request.form.get("move", ""), whole_number(request.form.get("seq")))
    except (BadInput, Conflict) as problem:
        return render_table(tables.open_seat(token), problem.message), problem.status
    return redirect(f"/s/{token}", 303)


@bp.get("/s/<token>/replay")
def replay(token):
    table = tables.open_seat(token)
    step_text = request.args.get("step", "")
    step = whole_number(step_text) if step_text else table.game.seq + 1
    names = seat_names(table)
    picture, event, total, story = tables.replay_step(table, step, names)
    return render_template("pages/replay.html", title=table.title, game_name=table.game.game, view=picture,
                           step=step, total=total, event=event, names=names, story=story, token=token)


def seat_names(table):
    """A label for every engine seat: the player's name, or "<partner>'s dummy"."""
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


def render_table(table, error=None):
    view = table.view
    names = seat_names(table)
    controls = view.get("controls") or [table.seat.seat]
    hands = view.get("hands") or []
    my_hands = [(seat, hands[seat] if seat < len(hands) and hands[seat] is not None else
                 (view.get("hand") if seat == table.seat.seat else None)) for seat in controls]
    legal = view.get("legal") or []
    acting = view["to_move"][0] if legal and view.get("to_move") else None
    return render_template(
        "pages/table.html", t=table, view=view, names=names, my_hands=my_hands, legal=legal, acting=acting,
        legal_actions=[move for move in legal if not is_card(move)], hints=type(table.state).move_hints, error=error, token=request.view_args["token"],
        deadline=deadline_words(table.game.due_at, utcnow(), table.seat.time_zone),
        clock=clock_words(table.game, mover_of(table), table.seat.time_zone, utcnow()),
        history=finished_deals_html(table.game.id, view["game"], table.seat.seat, view.get("history") or [], names,
                                    view["sides"] if view["partnerships"] else None),
    )
