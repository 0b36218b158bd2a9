"""Open games: the public list (`/open`, `GET /api/open-games`), joining a seat, and blocking people by handle."""

from flask import Blueprint, jsonify, redirect, render_template, request

from engine import all_games

from app.web import csrf, limits
from app.context import external_url
from app.errors import BadInput, ServiceError
from app.social import joining, open_list
from app.social.open_seats import range_words
from app.web.views.api import json_body

bp = Blueprint("open_games", __name__)
# Asking for a seat may mail a confirmation: counted per client like new games.
joins_per_client = limits.per_client("limit_joins_per_client", "requests to join a game")


@bp.get("/open")
def open_page():
    name, after, limit = open_list.read_query(request.args)
    page = open_list.open_games(name, after, limit)
    return render_template("pages/open_games.html", page=page, games=all_games(), chosen=name,
                           range_words=range_words)


@bp.get("/open/<game_id>")
def open_game_page(game_id):
    return render_template("pages/open_game.html", entry=open_list.open_game(game_id), form={}, error=None,
                           range_words=range_words)


@bp.post("/open/<game_id>/join")
@joins_per_client
def join_by_form(game_id):
    """The page's form: the seat's table at once from a confirmed browser, else the page saying a mail went."""
    csrf.check()
    entry = open_list.open_game(game_id)
    try:
        joined = joining.join(game_id, {"name": request.form.get("name", ""), "email": request.form.get("email", "")},
                              confirmed_by=limits.confirmed_address())
    except ServiceError as problem:
        return render_template("pages/open_game.html", entry=entry, form=request.form, error=problem.message,
                               range_words=range_words), problem.status
    if joined.taken:
        return redirect(joined.table, 303)
    return render_template("pages/open_game_asked.html", entry=entry), 202


@bp.get("/api/open-games")
def list_api():
    return jsonify(open_list.open_games(*open_list.read_query(request.args)))


@bp.get("/api/open-games/<game_id>")
def one_api(game_id):
    return jsonify(open_list.open_game(game_id))


@bp.post("/api/open-games/<game_id>/join")
@joins_per_client
def join_api(game_id):
    joined = joining.join(game_id, json_body(), confirmed_by=limits.confirmed_address())
    if joined.taken:
        return jsonify(taken=True, started=joined.started, table_url=external_url(joined.table)), 201
    return jsonify(taken=False, started=False, table_url=None,
                   message="we mailed that address a link: the seat is taken when it is confirmed"), 202


@bp.get("/api/seats/<token>/blocks")
def blocks_api(token):
    return jsonify(handles=joining.blocks_of(token))


@bp.post("/api/seats/<token>/blocks")
def block_api(token):
    data = json_body()
    if not isinstance(data, dict) or set(data) != {"handle"}:
        raise BadInput("the request must be a JSON object with handle, and nothing else")
    joining.block(token, data["handle"])
    return jsonify(handles=joining.blocks_of(token)), 201


@bp.delete("/api/seats/<token>/blocks/<handle>")
def unblock_api(token, handle):
    joining.unblock(token, handle)
    return "", 204


@bp.get("/s/<token>/blocks")
def blocks_page(token):
    return render_template("pages/blocks.html", token=token, handles=joining.blocks_of(token), error=None)


@bp.post("/s/<token>/blocks")
def blocks_form(token):
    """Block the handle typed, or unblock the one whose button was pressed."""
    csrf.check()
    try:
        if "unblock" in request.form:
            joining.unblock(token, request.form["unblock"])
        else:
            joining.block(token, request.form.get("handle", ""))
    except ServiceError as problem:
        return render_template("pages/blocks.html", token=token, handles=joining.blocks_of(token),
                               error=problem.message), problem.status
    return redirect(f"/s/{token}/blocks", 303)
