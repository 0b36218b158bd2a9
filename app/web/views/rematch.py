"""Rematch on a seat's table (the forms that offer, answer and fill a declined seat) and in the JSON API, and
the next game waiting, for the table's templates."""

from flask import Blueprint, jsonify, redirect, request

from engine import shown

from app.web import csrf, limits
from app.context import database, external_url
from app.live.presence import note_present_by_link
from app.social import rematches
from app.play import tables
from app.errors import BadInput
from app.social.next_game import next_game
from app.web.views.api import json_body, seat_answer
from app.web.views.fields import whole_number
from app.web.views.lobby_form import DEFAULT_ROBOT
from app.web.views.standings import once_a_request

bp = Blueprint("rematch", __name__)


@bp.post("/s/<token>/rematch")
def offer(token):
    csrf.check()
    rematches.offer(token)
    return redirect(f"/s/{token}#rematch", 303)


@bp.post("/s/<token>/rematch/answer")
def answer(token):
    csrf.check()
    rematches.answer(token, {"yes": True, "no": False}.get(request.form.get("answer")))
    return redirect(f"/s/{token}#rematch", 303)


@bp.post("/s/<token>/rematch/fill")
def fill(token):
    csrf.check()
    seat = whole_number(request.form.get("seat"))
    if request.form.get("with") == "robot":
        fill_seat(token, seat, robot=DEFAULT_ROBOT)
    else:
        fill_seat(token, seat, name=request.form.get("name"), email=request.form.get("email"))
    return redirect(f"/s/{token}#rematch", 303)


def fill_seat(token, seat, **stand_in):
    """Fill a declined seat: it makes a new game, so it counts against the limits on new games, per client and
    (for a new invitee) per address, as the lobby and `POST /api/games` do."""
    with limits.games_per_client:
        rematches.fill(token, seat, admit=limits.admit_games, **stand_in)


@bp.post("/api/seats/<token>/rematch")
def api_rematch(token):
    """Offer a rematch (`{}`), answer one (`{"answer": "yes"|"no"}`), or, for the offerer, put a robot or a new
    invitee in a declined seat (`{"seat": 1, "robot": "strong"}`, `{"seat": 1, "name": ..., "email": ...}`)."""
    data = json_body() if request.get_data() else {}
    if not isinstance(data, dict):
        raise BadInput("send {}, {\"answer\": \"yes\" or \"no\"}, or a seat to fill", "invalid")
    unknown = sorted(set(data) - {"answer", "seat", "robot", "name", "email"})
    if unknown:
        raise BadInput(f"unknown field {shown(unknown[0])}", "unknown_field")
    note_present_by_link(token)
    if "answer" in data:
        if set(data) != {"answer"} or data["answer"] not in ("yes", "no"):
            raise BadInput('answer must be "yes" or "no", alone', "bad_answer")
        rematches.answer(token, data["answer"] == "yes")
    elif "seat" in data:
        if type(data["seat"]) is not int:
            raise BadInput("seat must be a whole number", "bad_seat")
        if "robot" in data and ("name" in data or "email" in data):
            raise BadInput("fill a seat with a robot or with a person (name and email), not both", "bad_seats")
        if "robot" in data:
            fill_seat(token, data["seat"], robot=data["robot"])
        else:
            fill_seat(token, data["seat"], name=data.get("name"), email=data.get("email"))
    elif data:
        raise BadInput("send {} to offer a rematch", "invalid")
    else:
        rematches.offer(token)
    table = tables.open_seat(token)
    return jsonify(seat_answer(table) | {"url": external_url(f"/api/seats/{token}")}), 201


@bp.app_template_global()
def rematch_of(table):
    """What the table shows of a rematch (templates/pages/_rematch.html): while the game goes on, only its
    series' tally (`ongoing`), if it belongs to one; None when there is nothing to show."""
    with database().reading() as session:
        state = rematches.rematch_state(session, table.game, table.seats, table.seat)
        if state is None:
            tally = rematches.tally_of(session, table.game.id)
            return {"ongoing": True, "tally_words": rematches.tally_words(tally)} if tally else None
    if state["tally"] is not None:
        state["tally_words"] = rematches.tally_words(state["tally"])
    return state


@bp.app_template_global()
def next_game_of(table):
    """The next game waiting for the table's person (templates/pages/_next_game.html), or None: none while it is
    their move at this table (the flag the next game waiting is found by, app.social.next_game). Read once a
    request."""
    if table.seat.to_move and not table.seat.left:
        return None

    def read():
        with database().reading() as session:
            return next_game(session, table.seat)
    return once_a_request("next_game", (table.seat.game_id, table.seat.seat), read)
