"""A seat's settings: mail (every turn, digest, none), forced moves, vacation."""

from functools import lru_cache
from zoneinfo import available_timezones

from flask import Blueprint, redirect, render_template, request
from markupsafe import Markup, escape

from app.web import csrf
from app.words.present import moment_words
from app.play import seat_settings, tables
from app.errors import BadInput, Conflict
from app.web.views.fields import whole_number

bp = Blueprint("seat_settings", __name__)
# The zones a seat may choose from, by name; read once (the machine's zone database does not change).
TIME_ZONES = sorted(zone for zone in available_timezones() if "/" in zone and not zone.startswith(("Etc/", "SystemV/")))


@bp.app_context_processor
def seat_settings_helpers():
    return {"vacation_days_left": seat_settings.vacation_days_left, "time_zone_options": time_zone_options,
            "moment_words": moment_words}


@lru_cache(maxsize=128)
def time_zone_options(chosen):
    """The <option>s of every zone, `chosen` selected: written once per zone in use, not on every table page
    (six hundred options were a tenth of a page's cost)."""
    return Markup("\n").join(Markup("<option{}>{}</option>").format(Markup(" selected") if zone == chosen else "",
                                                                      escape(zone)) for zone in TIME_ZONES)


@bp.get("/s/<token>/mail")
def show(token):
    return render_template("pages/seat_settings.html", t=tables.open_seat(token), token=token, error=None)


@bp.post("/s/<token>/mail")
def change(token):
    csrf.check()
    try:
        seat_settings.change_mail_settings(token, request.form.get("mail", ""), request.form.get("auto_forced") == "on",
                                           request.form.get("time_zone"), request.form.get("talk_mail") == "on")
    except BadInput as problem:
        return render_template("pages/seat_settings.html", t=tables.open_seat(token), token=token,
                               error=problem.message), problem.status
    return redirect(f"/s/{token}", 303)


@bp.post("/s/<token>/vacation")
def vacation(token):
    csrf.check()
    try:
        seat_settings.take_vacation(token, whole_number(request.form.get("days")))
    except (BadInput, Conflict) as problem:
        return render_template("pages/seat_settings.html", t=tables.open_seat(token), token=token,
                               error=problem.message), problem.status
    return redirect(f"/s/{token}", 303)
