"""Leaving a game on a seat's table (each step asked first, then a POSTed form) and in the JSON API."""

from flask import Blueprint, abort, jsonify, redirect, render_template, request

from app.web import csrf
from app.context import database, settings
from app.live.presence import note_present_by_link
from app.social import leaving
from app.play import tables
from app.errors import BadInput
from app.web.views.api import json_body, seat_answer

bp = Blueprint("leave", __name__)
ASKED = ("hand-over", "resign", "abandon", "end")     # the steps whose page asks before the form does them
ANSWERS = {"yes": True, "no": False}


@bp.get("/s/<token>/leave/<step>")
def ask(token, step):
    """What the step would do, in words, and the form that does it: a GET that changes nothing."""
    if step not in ASKED:
        abort(404)
    table = tables.open_seat(token)
    found = leaving_of(table)
    allowed = found.can[step.replace("-", "_")]
    return render_template("pages/leave_ask.html", t=table, token=token, step=step, allowed=allowed, leaving=found,
                           dead_game_deadlines=settings().dead_game_deadlines)


@bp.post("/s/<token>/hand-over")
def hand_over(token):
    csrf.check()
    leaving.hand_over(token)
    return back(token)


@bp.post("/s/<token>/resign")
def resign(token):
    csrf.check()
    leaving.resign(token)
    return back(token)


@bp.post("/s/<token>/concede")
def concede(token):
    csrf.check()
    leaving.answer_concession(token, answer_of(request.form.get("agree")))
    return back(token)


@bp.post("/s/<token>/abandon")
def abandon(token):
    csrf.check()
    agree = request.form.get("agree")
    leaving.abandon(token, None if agree is None else answer_of(agree))
    return back(token)


@bp.post("/s/<token>/end")
def end(token):
    csrf.check()
    leaving.end_dead_game(token)
    return back(token)


def answer_of(word):
    if word not in ANSWERS:
        raise BadInput('agree must be "yes" or "no"', "bad_answer")
    return ANSWERS[word]


def back(token):
    return redirect(f"/s/{token}#leaving", 303)


@bp.post("/api/seats/<token>/hand-over")
def api_hand_over(token):
    """Hand the seat to a robot for the rest of the game (`{}`)."""
    only_empty(body())
    note_present_by_link(token)
    leaving.hand_over(token)
    return seat_view(token)


@bp.post("/api/seats/<token>/resign")
def api_resign(token):
    """Resign (`{}`); a partner answers their side's request to concede with `{"agree": true}` or false."""
    data = body()
    note_present_by_link(token)
    if data:
        leaving.answer_concession(token, agreement(data))
    else:
        leaving.resign(token)
    return seat_view(token)


@bp.post("/api/seats/<token>/abandon")
def api_abandon(token):
    """Propose to abandon the game (`{}`), agree (`{"agree": true}`), or decline or withdraw (`false`)."""
    data = body()
    note_present_by_link(token)
    leaving.abandon(token, agreement(data) if data else None)
    return seat_view(token)


@bp.post("/api/seats/<token>/end")
def api_end(token):
    """The creator ends a game nobody has moved in for the set number of deadlines (`{}`)."""
    only_empty(body())
    note_present_by_link(token)
    leaving.end_dead_game(token)
    return seat_view(token)


def body():
    data = json_body() if request.get_data() else {}
    if not isinstance(data, dict):
        raise BadInput('send {} or {"agree": true or false}', "invalid")
    return data


def only_empty(data):
    if data:
        raise BadInput("send {} or no body", "invalid")


def agreement(data):
    if set(data) != {"agree"} or not isinstance(data["agree"], bool):
        raise BadInput('send {} or {"agree": true or false}, and nothing else', "invalid")
    return data["agree"]


def seat_view(token):
    return jsonify(seat_answer(tables.open_seat(token))), 201


def leaving_of(table):
    """What the table shows of leaving (templates/pages/_leaving.html), and the asking pages."""
    with database().reading() as session:
        return leaving.leaving_of(session, table.game, table.seats, table.seat, table.state)
