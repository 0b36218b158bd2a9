"""The JSON API (documented in app/openapi.json, served at /api/openapi.json)."""

from pathlib import Path

from flask import Blueprint, Response, jsonify, request

from ..context import external_url
from ..services import games, moves, tables
from ..services.errors import BadInput

bp = Blueprint("api", __name__, url_prefix="/api")
OPENAPI = Path(__file__).resolve().parent.parent / "openapi.json"


def json_body():
    if not request.is_json:
        raise BadInput("send the request body as application/json", "bad_content_type")
    data = request.get_json(silent=True)
    if data is None:
        raise BadInput("the request body is not valid JSON", "bad_json")
    return data


@bp.get("/openapi.json")
def openapi():
    return Response(OPENAPI.read_text(encoding="utf-8"), mimetype="application/json")


@bp.post("/games")
def create():
    game = games.create_game(json_body())
    body = {"id": game.id, "url": external_url(f"/api/games/{game.id}"), "status": game.status}
    return jsonify(body), 201, {"Location": body["url"]}


@bp.get("/games/<game_id>")
def summary(game_id):
    return jsonify(tables.public_summary(game_id))


def seat_answer(table):
    return {"game_id": table.game.id, "status": table.game.status, "seat": table.seat.seat,
            "seq": table.game.seq, "due_at": table.game.due_at.isoformat() if table.game.due_at else None,
            "view": table.view}


@bp.get("/seats/<token>")
def seat(token):
    return jsonify(seat_answer(tables.open_seat(token)))


@bp.post("/seats/<token>/moves")
def move(token):
    data = json_body()
    if not isinstance(data, dict):
        raise BadInput("the request must be a JSON object with move and seq", "invalid")
    unknown = sorted(set(data) - {"move", "seq"})
    if unknown:
        raise BadInput(f"unknown field {unknown[0]!r}", "unknown_field")
    result = moves.submit_move(token, data.get("move"), data.get("seq"))
    return jsonify(move=result.move, moved_for=result.moved_for, seq=result.seq, view=result.view,
                   url=external_url(f"/api/seats/{token}")), 201
