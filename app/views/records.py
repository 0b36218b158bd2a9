"""A game's record to take away (a seat's copy as readable text) and the replay of any pasted record."""

from flask import Blueprint, Response, render_template, request

from engine import find_game
from engine.cards import display

from .. import csrf
from ..present import move_label
from ..services import downloads, replays
from ..services.errors import BadInput
from ..services.talk import without_removed
from .fields import whole_number
from .table import seat_names

bp = Blueprint("records", __name__)
PASTED_RECORD_LIMIT = 512 * 1024   # a long finished game is some tens of kilobytes


@bp.get("/s/<token>/record.txt")
def seat_record_text(token):
    table, events = downloads.seat_copy(token)
    names = seat_names(table)
    text = render_template("pages/record.txt", title=table.title, names=names, over=table.view["over"],
                           reader=names[table.seat.seat], lines=story_lines(events, names))
    return Response(text, mimetype="text/plain",
                    headers={"Content-Disposition": f'attachment; filename="cachette-{table.game.id}.txt"'})


def story_lines(events, names):
    """One line of words per event after the start, from what the record holds (null marks a withheld card)."""
    lines, deals = [], 0
    for event in without_removed(events)[1:]:
        if event["type"] == "deal":
            deals += 1
            seen = [display(card) for card in event["deck"] if card is not None]
            if len(seen) == len(event["deck"]):
                lines.append(f"Deal {deals}. The pack, top card first: {' '.join(seen)}")
            else:
                lines.append(f"Deal {deals}. Cards you saw dealt: {' '.join(seen) or 'none'}")
        elif event["type"] == "move":
            who = names[event["seat"]] + (" (robot)" if event.get("by") == "robot" else "")
            move = event["move"]
            lines.append(f"{who}: {move_label(move)}" if move is not None else f"{who} played a card face down")
        elif event.get("kind") == "timeout":
            lines.append(f"{names[event['seat']]}'s time ran out")
        elif event.get("kind") == "vacation":
            lines.append(f"{names[event['seat']]} took {event['days']} days of vacation")
        elif event.get("kind") == "talk":
            lines.append(f"{names[event['seat']]} said at the table: {event['text']}")
        elif event.get("kind") == "talk_removed":
            lines.append(f"The creator removed the message at position {event['seq']}")
    return lines


@bp.get("/replay")
def replay_form():
    return render_template("pages/replay_paste.html")


@bp.post("/replay")
def replay_pasted():
    request.max_content_length = PASTED_RECORD_LIMIT
    csrf.check()
    upload = request.files.get("record_file")
    if upload and upload.filename:
        text = upload.read().decode("utf-8", "replace")
    else:
        text = request.form.get("record", "")
    if not text.strip():
        raise BadInput("paste a record or choose a file: JSON Lines, as the replay tool and the downloads give it",
                       "no_record")
    events = replays.read_finished_record(text)
    step_text = request.form.get("step", "")
    step = whole_number(step_text) if step_text else 1
    picture, event = replays.replay_picture(events, step)
    names = [f"Seat {number + 1}" for number in range(len(picture["hand_sizes"]))]
    return render_template("pages/replay.html", title=find_game(events[0]["game"]).title, game_name=events[0]["game"],
                           view=picture, step=step, total=len(events), event=event, names=names,
                           story=replays.replay_story(events, step, names),
                           record=downloads.json_lines(events))
