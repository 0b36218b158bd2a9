"""Confirming an address (and the games it set up), remembering the browser that did, and stopping all mail to it
(RFC 8058 one-click)."""

from flask import Blueprint, redirect, render_template, request

from app.web import csrf
from app.context import settings
from app.play.links import BROWSER_MAX_AGE, CONFIRMED_COOKIE, browser_token
from app.mail_out import consent
from app.play import games, mygames
from app.play.seats import seat_path

bp = Blueprint("consent", __name__)
ONE_CLICK = "One-Click"


@bp.get("/confirm/<token>")
def confirm_page(token):
    address, spent, listed = consent.confirmation_preview(token)
    return render_template("pages/confirm.html", token=token, address=address, spent=spent, games=listed)


@bp.post("/confirm/<token>")
def confirm(token):
    """Confirm, then go to the table of the one game this started, or to the list of the address's games; a link
    used before shows again the games it started. The browser is remembered for the next games it sets up."""
    csrf.check()
    address, creators = games.confirm_address(token)
    if creators is None:
        return redirect(f"/confirm/{token}", 303)
    answer = redirect(seat_path(creators[0]) if len(creators) == 1 else mygames.list_path(address), 303)
    answer.set_cookie(CONFIRMED_COOKIE, browser_token(settings().signing_keys, address), max_age=BROWSER_MAX_AGE,
                      httponly=True, secure=settings().base_url.startswith("https://"), samesite="Lax")
    return answer


@bp.get("/unsubscribe/<token>")
def unsubscribe_page(token):
    address = consent.unsubscribed_address(token)
    return render_template("pages/unsubscribe.html", token=token, address=address,
                           stopped=consent.is_suppressed(address))


@bp.post("/unsubscribe/<token>")
def unsubscribe(token):
    # RFC 8058: a mail client posts `List-Unsubscribe=One-Click` alone, with no session: the secret link is the proof.
    if request.form.get("List-Unsubscribe") != ONE_CLICK:
        csrf.check()
    address = consent.suppress(token)
    return render_template("pages/unsubscribe.html", token=token, address=address, stopped=True)


@bp.post("/unsubscribe/<token>/resume")
def resume(token):
    csrf.check()
    address = consent.resume(token)
    return render_template("pages/unsubscribe.html", token=token, address=address, stopped=False, resumed=True)
