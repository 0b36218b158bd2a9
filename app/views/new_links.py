"""A seat's "send me a new link", and the creator's for any seat of their game."""

from flask import Blueprint, render_template, request

from .. import csrf, limits
from ..services import new_links
from ..services.errors import BadInput
from .fields import whole_number

bp = Blueprint("new_links", __name__)


@bp.post("/s/<token>/new-link")
@limits.links_per_client
def new_link(token):
    csrf.check()
    seat_text = request.form.get("seat", "")
    seat = None if seat_text == "" else whole_number(seat_text)
    if seat_text and seat is None:
        raise BadInput("seat must be a seat number", "bad_seat")
    replaced, own = new_links.send_new_link(token, seat, limits.admit_links)
    return render_template("pages/new_link_sent.html", name=replaced.name, own=own, token=token)
