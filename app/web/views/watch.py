"""Watching a game: the watch page and its live part for anyone with the watch link, and the forms by which a
player makes or revokes that link."""

from flask import Blueprint, redirect, render_template, request

from app.web import csrf
from app.words.result_words import ending_context
from app.social import talk, watching
from app.play.seats import is_creator
from app.web.views.table import seat_names, seat_ring

bp = Blueprint("watch", __name__)


def watch_context(watched, token):
    view = watched.view
    in_front = {}
    for seat, card in view.get("table") or []:
        in_front.setdefault(seat, []).append(card)
    messages, talkers = talk.watched_messages(watched)
    names = seat_names(watched)
    return dict(w=watched, view=view, names=names, token=token, in_front=in_front,
                **ending_context(watched.game, watched.state.seats, names, view),
                ring=seat_ring(watched.state.seat_count, 0), messages=messages, talkers=talkers, is_creator=False)


@bp.get("/w/<token>")
def show(token):
    watched = watching.open_watch(token)
    return render_template("pages/watch.html", title=watched.title, **watch_context(watched, token))


@bp.get("/w/<token>/table")
def live_part(token):
    """The watch page's changing part, for the page's script to swap in when the game moved on."""
    return render_template("pages/_watch_live.html", **watch_context(watching.open_watch(token), token))


@bp.post("/s/<token>/watch-link")
def open_watching(token):
    csrf.check()
    # An unticked box sends nothing: the creator's form says it showed the box.
    shown = request.form.get("by_players_shown") == "yes"
    watching.open_watching(token, by_players=request.form.get("by_players") == "yes" if shown else None)
    return redirect(f"/s/{token}#watchers", 303)


@bp.post("/s/<token>/watch-link/revoke")
def close_watching(token):
    csrf.check()
    watching.close_watching(token)
    return redirect(f"/s/{token}#watchers", 303)


@bp.app_template_global()
def watching_of(table):
    """What a seat's table shows of watching (templates/pages/_watchers.html): whether the seat may make and
    revoke watch links, the open link, and whether players besides the creator may."""
    game = table.game
    return {"may_manage": watching.may_manage(table), "url": watching.watch_url(game),
            "by_players": game.watch_by_players, "creator": is_creator(game, table.seats, table.seat)}
