"""A seat's settings: mail (every turn, digest, none), forced moves, vacation; and one-click unsubscribe."""

from flask import Blueprint, redirect, render_template, request

from .. import csrf
from ..services import seat_settings, tables
from ..services.errors import BadInput, Conflict

bp = Blueprint("seat_settings", __name__)
ONE_CLICK = "One-Click"


@bp.app_context_processor
def vacation_allowance():
    return {"vacation_days_left": seat_settings.vacation_days_left}


@bp.get("/s/<token>/mail")
def show(token):
    return render_template("pages/seat_settings.html", t=tables.open_seat(token), token=token, error=None)


@bp.post("/s/<token>/mail")
def change(token):
    if request.form.get("List-Unsubscribe") == ONE_CLICK:
        # RFC 8058: a mail client posts this alone, with no session; the secret link is the proof.
        seat_settings.unsubscribe(token)
        return "", 204
    csrf.check()
    try:
        seat_settings.change_mail_settings(token, request.form.get("mail", ""), request.form.get("auto_forced") == "on")
    except BadInput as problem:
        return render_template("pages/seat_settings.html", t=tables.open_seat(token), token=token,
                               error=problem.message), problem.status
    return redirect(f"/s/{token}", 303)


@bp.post("/s/<token>/vacation")
def vacation(token):
    csrf.check()
    days_text = request.form.get("days", "").strip()
    days = int(days_text) if days_text.isdigit() else days_text
    try:
        seat_settings.take_vacation(token, days)
    except (BadInput, Conflict) as problem:
        return render_template("pages/seat_settings.html", t=tables.open_seat(token), token=token,
                               error=problem.message), problem.status
    return redirect(f"/s/{token}", 303)
