"""A game's record to take away (a seat's copy as readable text) and the replay of any pasted record."""

from flask import Blueprint, Response, render_template, request
from werkzeug.exceptions import RequestEntityTooLarge

from engine import find_game
from engine.cards import display

from app.web import csrf, limits
from app.store.models import STATUS_OVER
from app.words.present import names_words
from app.words.result_words import result_words
from app.records import downloads, replays
from app.errors import BadInput
from app.web.views.fields import whole_number
from app.web.views.table import seat_names

bp = Blueprint("records", __name__)
PASTED_RECORD_LIMIT = replays.RECORD_CHARACTERS + 128 * 1024   # the request; the record's own bounds are replays.RECORD_*


@bp.get("/s/<token>/record.txt")
def seat_record_text(token):
    table, events, copy = downloads.seat_events(token)
    names = seat_names(table)
    view = table.view
    entries = list(replays.tell(events, names, table.seat.seat, range(1, len(events) + 1),
                                None if copy is events else copy))
    for entry, shown in zip(entries, copy):
        entry["lines"][:1] = [first_line(shown, entry["lines"][0])]
    over = table.game.status == STATUS_OVER
    text = render_template("pages/record.txt", title=table.title, players=names_words(names), over=over,
                           game=view["game"], names=names, reader=names[table.seat.seat], entries=entries,
                           scores=replays.side_scores(view, names, view["scores"]),
                           result=over and result_words(table.state.seats, names, table.game.winners,
                                                        table.game.ending))
    return Response(text, mimetype="text/plain",
                    headers={"Content-Disposition": f'attachment; filename="cachette-{table.game.id}.txt"'})


def first_line(shown, told):
    """A deal's line names the pack as the reader saw it dealt (all of it once the game is over); other events
    read as the replay tells them."""
    if shown["type"] != "deal":
        return told
    seen = [display(card) for card in shown["deck"] if card is not None]
    if len(seen) == len(shown["deck"]):
        return f"{told} The pack, top card first: {' '.join(seen)}"
    return f"{told} Cards you saw dealt: {' '.join(seen) or 'none'}"


@bp.get("/replay")
def replay_form():
    return render_template("pages/replay_paste.html")


@bp.post("/replay")
@limits.replays_per_client
def replay_pasted():
    request.max_content_length = PASTED_RECORD_LIMIT
    try:
        request.files, request.form           # read now, so that a body too large is refused naming the bound
    except RequestEntityTooLarge:
        raise RequestEntityTooLarge(replays.TOO_LONG) from None
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
    names = replays.record_names(events)
    return render_template("pages/replay.html", title=find_game(events[0]["game"]).title, game_name=events[0]["game"],
                           view=picture, step=step, total=len(events), event=event, names=names,
                           story=replays.replay_story(events, step, names),
                           record=downloads.json_lines(events))
