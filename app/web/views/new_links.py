"""A seat's "send me a new link", and the creator's for any seat of their game: asked first, then done.

GET shows the question and changes nothing; only the POST of its form, which says it was answered
(`replace=yes`) and carries the CSRF token, replaces the link. A POST without that answer asks the question.
"""

from flask import Blueprint, render_template, request

from app.web import csrf, limits
from app.play import new_links
from app.play.seats import holds_link
from app.social import talk
from app.web.views.fields import whole_number

bp = Blueprint("new_links", __name__)
CONFIRMED = "yes"


def seat_asked(values):
    """The seat a form or query names (None for the link's own; what is not a number goes to the service as it
    is, to be refused)."""
    text = values.get("seat", "")
    number = whole_number(text)
    return None if text == "" else text if number is None else number


@bp.get("/s/<token>/new-link")
def ask(token):
    seat = seat_asked(request.args)
    target, own = new_links.replacement(token, seat)
    return render_template("pages/new_link_ask.html", name=target.name, own=own, token=token, seat=seat)


@bp.post("/s/<token>/new-link")
@limits.links_per_client
def new_link(token):
    csrf.check()
    seat = seat_asked(request.form)
    if request.form.get("replace") != CONFIRMED:
        target, own = new_links.replacement(token, seat)
        return render_template("pages/new_link_ask.html", name=target.name, own=own, token=token, seat=seat)
    replaced, own = new_links.send_new_link(token, seat, limits.admit_links)
    return render_template("pages/new_link_sent.html", name=replaced.name, own=own, token=token)

# Whether a table's seat is its game's creator's, for the forms only they see: the rule talk already asks.
bp.add_app_template_global(talk.is_creator, "is_creator_of")
# The seats whose links the creator may replace: those a person holds (app.play.seats.holds_link).
bp.add_app_template_test(holds_link, "holding_link")
