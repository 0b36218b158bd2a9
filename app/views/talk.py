"""Table talk from a seat's table page: a message to the table (the API's is in app/views/api.py)."""

from flask import Blueprint, redirect, request

from .. import csrf
from ..presence import note_present_by_link
from ..services import tables, talk
from ..services.errors import ServiceError
from .table import render_table

bp = Blueprint("talk", __name__)


@bp.post("/s/<token>/talk")
def say(token):
    csrf.check()
    note_present_by_link(token)
    try:
        talk.say(token, request.form.get("text", ""))
    except ServiceError as problem:
        if problem.status == 403:
            raise
        return render_table(tables.open_seat(token), problem.message), problem.status
    return redirect(f"/s/{token}#talk", 303)
