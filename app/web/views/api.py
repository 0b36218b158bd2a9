"""The JSON API (documented in app/openapi.json, served at /api/openapi.json)."""

import json
from dataclasses import asdict
from functools import lru_cache
from pathlib import Path

from flask import Blueprint, Response, jsonify, request

from engine import all_games, shown
from engine.robots import level_words, robot_levels

from app.web import limits
from app.context import database, external_url
from app.live.presence import note_present_by_link
from app.words.result_words import game_result_answer
from app.records import downloads
from app.play import games, moves, tables
from app.social import leaving, rematches, talk, watching
from app.social.next_game import next_game
from app.errors import BadInput
from app.play.seats import seats_of
from app.standings.table_standings import standings_json
from app.store.models import Game

bp = Blueprint("api", __name__, url_prefix="/api")
OPENAPI = Path(__file__).resolve().parent.parent / "openapi.json"


def json_body():
    if not request.is_json:
        raise BadInput("send the request body as application/json", "bad_content_type")
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # the json module gives up about 1,000 levels deep
        raise BadInput("the request body is nested too deeply", "bad_json") from None
    if data is None:
        raise BadInput("the request body is not valid JSON", "bad_json")
    return data


@bp.get("/openapi.json")
def openapi():
    return Response(described_api(), mimetype="application/json")


@lru_cache(maxsize=1)
def described_api():
    """app/openapi.json with what only the engine knows filled in: game names, robot levels, seat counts."""
    spec = json.loads(OPENAPI.read_text(encoding="utf-8"))
    schemas = spec["components"]["schemas"]
    games = all_games()
    schemas["NewGame"]["properties"]["game"]["enum"] = list(games)
    robot = schemas["RobotSeat"]["properties"]["robot"]
    robot["enum"] = robot_levels()
    robot["description"] = "a robot level, weakest first: " + "; ".join(
        f"{level} ({plays_like}): {words}" for level, (plays_like, words) in level_words().items())
    seat_counts = [count for game in games.values() for count in game.players]
    schemas["NewGame"]["properties"]["seats"].update(minItems=min(seat_counts), maxItems=max(seat_counts))
    return json.dumps(spec, ensure_ascii=False)


@bp.post("/games")
@limits.games_per_client
def create():
    game = games.create_game(json_body(), limits.admit_games, confirmed_by=limits.confirmed_address())
    body = {"id": game.id, "url": external_url(f"/api/games/{game.id}"), "status": game.status}
    return jsonify(body), 201, {"Location": body["url"]}


@bp.get("/games/<game_id>")
def summary(game_id):
    """A game's public facts; its `ratings` name only the players who chose a handle, by their handle."""
    answer = tables.public_summary(game_id)
    with database().reading() as session:
        game = session.get(Game, answer["id"])
        answer["ratings"] = standings_json(session, game, seats_of(session, game.id), public=True)
    return jsonify(answer)


@bp.get("/games/<game_id>/record")
def finished_record(game_id):
    return json_lines_answer(downloads.finished_record(game_id), game_id)


@bp.get("/seats/<token>/record")
def seat_record(token):
    table, events = downloads.seat_copy(token)
    return json_lines_answer(events, table.game.id)


def json_lines_answer(events, game_id):
    """A record in the replay tool's format, offered as a file to keep."""
    return Response(downloads.json_lines(events), mimetype="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="cachette-{game_id}.jsonl"'})


def seat_answer(table):
    messages = talk.seat_messages(table)
    return {"game_id": table.game.id, "status": table.game.status, "seat": table.seat.seat,
            "seq": table.game.seq, "due_at": table.game.due_at.isoformat() if table.game.due_at else None,
            "result": game_result_answer(table.state.seats, table.game, table.seats), "view": table.view,
            "messages": messages, "earlier_messages": messages.earlier, "leaving": leaving_json(table),
            "rematch": rematch_json(table), "next_game": next_game_json(table), "ratings": ratings_json(table)}


def ratings_json(table):
    """The seat view's `ratings`: each person's handle and rating, and their change once a rated game is over."""
    with database().reading() as session:
        return standings_json(session, table.game, table.seats)


def rematch_json(table):
    """The seat view's `rematch`, as the table shows it: None while the game goes on."""
    with database().reading() as session:
        state = rematches.rematch_state(session, table.game, table.seats, table.seat)
    if state is None:
        return None
    tally = state.pop("tally")
    new_url = state.pop("new_url")
    return state | {"new_url": external_url(new_url) if new_url else None,
                    "tally": None if tally is None else {"wins": [{"name": name, "wins": wins} for name, wins in tally.wins],
                                                         "finished": tally.finished}}


def next_game_json(table):
    """The seat view's `next_game`: the person's other games awaiting their move, the most urgent one's link."""
    with database().reading() as session:
        waiting = next_game(session, table.seat)
    return waiting and {"count": waiting.count, "words": waiting.words, "url": external_url(waiting.path)}


def leaving_json(table):
    """The seat view's `leaving`: who left, the open questions, and what the seat may do now."""
    with database().reading() as session:
        return asdict(leaving.leaving_of(session, table.game, table.seats, table.seat, table.state))


@bp.get("/seats/<token>")
def seat(token):
    answer = seat_answer(tables.open_seat(token))
    note_present_by_link(token)   # a client reading its seat is at its table
    return jsonify(answer)


@bp.post("/seats/<token>/moves")
def move(token):
    data = json_body()
    if not isinstance(data, dict):
        raise BadInput("the request must be a JSON object with move and seq", "invalid")
    unknown = sorted(set(data) - {"move", "seq"})
    if unknown:
        raise BadInput(f"unknown field {shown(unknown[0])}", "unknown_field")
    note_present_by_link(token)
    result = moves.submit_move(token, data.get("move"), data.get("seq"))
    return jsonify(move=result.move, moved_for=result.moved_for, seq=result.seq, view=result.view,
                   url=external_url(f"/api/seats/{token}")), 201


@bp.get("/seats/<token>/messages")
def messages(token):
    """The whole talk of the seat's table, as it reads it (the seat view carries the latest messages only)."""
    return jsonify(messages=talk.whole_talk(tables.open_seat(token)))


@bp.post("/seats/<token>/messages")
def say(token):
    """A message to the table, answered with the seat view (its talk ending with the message)."""
    data = json_body()
    if not isinstance(data, dict) or set(data) != {"text"}:
        raise BadInput("the request must be a JSON object with text, and nothing else", "invalid")
    note_present_by_link(token)
    talk.say(token, data["text"])
    return jsonify(seat_answer(tables.open_seat(token))), 201


@bp.post("/seats/<token>/watch-links")
def make_watch_link(token):
    """Open the seat's game to watchers with a new watch link (the old one stops working): its URL."""
    data = json_body() if request.get_data() else {}
    if not isinstance(data, dict) or set(data) - {"by_players"} or not isinstance(data.get("by_players", False), bool):
        raise BadInput("send {} or {\"by_players\": true or false}", "invalid")
    url = watching.open_watching(token, by_players=data.get("by_players"))
    watch_token = url.rsplit("/", 1)[1]
    return jsonify(url=url, api=external_url(f"/api/watch/{watch_token}")), 201


@bp.delete("/seats/<token>/watch-links")
def revoke_watch_link(token):
    """Close the seat's game to watchers: every watch link stops working."""
    watching.close_watching(token)
    return "", 204


@bp.get("/watch/<watch_token>")
def watch_view(watch_token):
    """What a watcher sees: the game's public facts, the engine's watcher view (no card held or face down) and
    the talk of the players who let watchers read it."""
    watched = watching.open_watch(watch_token)
    messages, _ = talk.watched_messages(watched)
    return jsonify(tables.public_summary(watched.game.id) | {"view": watched.view, "messages": messages})


@bp.get("/watch/<watch_token>/position")
def watch_position(watch_token):
    return jsonify(watching.watch_position(watch_token))


@bp.get("/seats/<token>/position")
def seat_position(token):
    """The game's log position, for a table page to poll: read from what is kept beside the log (no query in
    the common case), and answered 304 without a body when it is the one the page named in If-None-Match."""
    position = tables.seat_position(token)
    tag = tables.position_tag(position)
    if request.if_none_match.contains(tag):
        return Response(status=304, headers={"ETag": f'"{tag}"'})
    return jsonify(position), {"ETag": f'"{tag}"'}
