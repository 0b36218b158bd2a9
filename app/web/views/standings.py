"""Standings on the web: the leaderboards, players' profiles, choosing a handle (from a table, "My games" or a
browser that confirmed its address), and what tables and "My games" show of ratings."""

from flask import Blueprint, jsonify, redirect, render_template, request

from engine import all_games, find_game, shown
from engine.robots import level_words

from app.web import csrf, limits
from app.clock import utcnow
from app.context import database, settings
from app.errors import BadInput, Forbidden, NotFound
from app.play.links import REJECTED, BadLink, read_my_games_token
from app.standings import handles
from app.standings.chart import history_chart
from app.standings.leaderboard import ACTIVE_DAYS, MIN_GAMES, anchors, leaderboard
from app.standings.profile import profile
from app.standings.ratings import ratings_of, shown as shown_rating_of
from app.standings.table_standings import rating_changes_of, table_standings
from app.web.views.api import json_body

bp = Blueprint("standings", __name__)
# A handle taken or given up is seen by everyone looking for it: counted per client, so that nobody cycles
# through names to hold them or to learn which are taken.
handles_per_client = limits.per_client("limit_handles_per_client", "changes of public name")


def known_game(name):
    games = all_games()
    if name not in games:
        raise NotFound(f"no game {shown(name)}")
    return games[name]


@bp.get("/ratings")
def ratings_index():
    return render_template("pages/ratings_index.html", games=all_games())


@bp.get("/ratings/<name>")
def ratings_page(name):
    game = known_game(name)
    with database().reading() as session:
        board = leaderboard(session, name, utcnow())
    return render_template("pages/ratings.html", game=game, board=board, anchors=anchors(name),
                           plays_like={level: plays_like for level, (plays_like, _) in level_words().items()},
                           min_games=MIN_GAMES, active_days=ACTIVE_DAYS)


@bp.get("/api/ratings/<game>")
def ratings_api(game):
    title = known_game(game).title
    with database().reading() as session:
        board = leaderboard(session, game, utcnow())
    return jsonify(game=game, title=title, players=board, anchors=anchors(game),
                   rules={"min_games": MIN_GAMES, "active_days": ACTIVE_DAYS})


@bp.get("/players/<handle>")
def player_page(handle):
    with database().reading() as session:
        player = profile(session, handle, utcnow())
    charts = {entry["game"]: history_chart([entry["history"][0]["before"]] + [step["after"] for step in entry["history"]],
                                           f"{entry['title']} rating of {player['handle']}, oldest to newest")
              for entry in player["ratings"] if entry["history"]}
    return render_template("pages/player.html", player=player, charts=charts)


@bp.get("/api/players/<handle>")
def player_api(handle):
    with database().reading() as session:
        return jsonify(profile(session, handle, utcnow()))


@bp.post("/api/seats/<token>/handle")
@handles_per_client
def seat_handle_api(token):
    data = json_body()
    if not isinstance(data, dict) or set(data) != {"handle"}:
        raise BadInput('send {"handle": "your-name"}, or {"handle": null} to remove yours', "invalid")
    handle = handles.choose_at_seat(token, data["handle"])
    return jsonify(handle=handle, profile=f"/players/{handle}" if handle else None)


@bp.post("/s/<token>/handle")
@handles_per_client
def seat_handle_form(token):
    csrf.check()
    handles.choose_at_seat(token, form_handle())
    return redirect(f"/s/{token}#handle", 303)


@bp.post("/my-games/handle")
@handles_per_client
def confirmed_browser_handle():
    csrf.check()
    owner = limits.confirmed_address()
    if owner is None:
        raise Forbidden("this browser has not confirmed an address: open a confirmation link first", "unconfirmed")
    handles.choose_for_address(owner, form_handle())
    return redirect("/my-games#handle", 303)


@bp.post("/my-games/<token>/handle")
@handles_per_client
def my_games_link_handle(token):
    csrf.check()
    try:
        owner = read_my_games_token(settings().signing_keys, token)
    except BadLink:
        raise Forbidden(REJECTED) from None
    handles.choose_for_address(owner, form_handle())
    return redirect(f"/my-games/{token}#handle", 303)


def form_handle():
    """The handle a form sends: None when its "remove" button was pressed."""
    return None if request.form.get("remove") else request.form.get("handle", "")


@bp.app_template_global()
def seat_standings(t):
    """{player seat: standing} of a table's persons (app.standings.table_standings), read once a request."""
    def read():
        with database().reading() as session:
            return table_standings(session, t.game, t.seats, handles=getattr(t, "handles", None))
    return once_a_request("seat_standings", t.game.id, read)


@bp.app_template_global()
def own_standing(email):
    """(handle, [(game title, shown rating)]) of an address, for its own "My games" and table."""
    with database().reading() as session:
        handle = handles.handle_of(session, email)
        rows = ratings_of(session, email)
    now = utcnow()
    return handle, [(find_game(name).title, name, shown_rating_of(row, now)) for name, row in rows.items()]


@bp.app_template_global()
def my_rating_changes(email):
    """{game id: (rating before, after)} of an address's rated games, for its "My games": read once a request."""
    def read():
        with database().reading() as session:
            return rating_changes_of(session, email)
    return once_a_request("my_rating_changes", email, read)


def once_a_request(name, key, read):
    """`read()`'s answer for `key`, kept for the rest of the request: in its WSGI environ, which dies with it
    (an app context, where `g` lives, may outlast a request: a test's does)."""
    cache = request.environ.setdefault(f"cachette.{name}", {})
    if key not in cache:
        cache[key] = read()
    return cache[key]
