"""Table talk from a seat's table page: a message to the table, hiding a player's messages, letting watchers
read one's own, the creator removing one (the API's message is in app/web/views/api.py)."""

from flask import Blueprint, redirect, render_template, request

from app.web import csrf
from app.live.presence import note_present_by_link
from app.play import tables
from app.social import talk
from app.errors import ServiceError
from app.web.views.fields import whole_number
from app.web.views.table import render_table

bp = Blueprint("talk", __name__)


@bp.get("/s/<token>/talk")
def whole_talk(token):
    """The whole talk of the table, as this seat reads it (the table shows the latest messages only)."""
    table = tables.open_seat(token)
    return render_template("pages/talk_whole.html", t=table, token=token, messages=talk.whole_talk(table),
                           is_creator=talk.is_creator(table))


@bp.post("/s/<token>/talk")
def say(token):
    csrf.check()
    note_present_by_link(token)
    return acted(token, lambda: talk.say(token, request.form.get("text", "")))


@bp.post("/s/<token>/talk/hide")
def hide(token):
    """Hide the messages of the players ticked (and show again those of the players not ticked)."""
    csrf.check()
    chosen = [whole_number(value) for value in request.form.getlist("hide")]
    return acted(token, lambda: talk.hide(token, chosen))


@bp.post("/s/<token>/talk/watchers")
def let_watchers_read(token):
    """Let the game's watchers read this player's messages, or no longer."""
    csrf.check()
    return acted(token, lambda: talk.let_watchers_read(token, request.form.get("watched") == "yes"))


@bp.post("/s/<token>/talk/remove")
def remove(token):
    """The creator removes a message for everyone."""
    csrf.check()
    return acted(token, lambda: talk.remove(token, whole_number(request.form.get("seq"))))


def acted(token, action):
    """Do `action`, then back to the table's talk; a refusal is shown on the table with its status."""
    try:
        action()
    except ServiceError as problem:
        if problem.status == 403 and problem.code == "bad_link":
            raise
        return render_table(tables.open_seat(token), problem.message), problem.status
    return redirect(f"/s/{token}#talk", 303)
