"""What a record given away, or a seat's replay, tells of the table talk.

A seat reads every message while seated; from the moment its person left, and the public from the start, only
those of the players who let watchers read theirs (as the watch page shows them). A message the creator removed
keeps its place, without its text, in every record, download and replay.
"""

from app.social.talk import TALK, TALK_REMOVED, told_to_reader

FROM_THE_START = 0     # the position from which the public reads the talk as a watcher does


def talk_told(seats, watcher_from, log, *copies):
    """The game's `log` (from its start, so that a position is its seq) and its `copies` (its events as a
    reader was told them, position for position), as a record given away tells the talk: a message written
    from position `watcher_from` on (None: never) only if its writer let watchers read theirs (`seats`: the
    game's seat rows), a removed message in its place without its text (`"removed": true`), and no removal
    notes, which that says. Every list loses the same positions, so they stay side by side."""
    removed = {event.get("seq") for event in log if is_note(event, TALK_REMOVED)}
    kept = [position for position, event in enumerate(log)
            if not is_note(event, TALK_REMOVED) and not (
                is_note(event, TALK) and not told_to_reader(seats, event.get("seat"), position, watcher_from))]
    return [[without_text(events[position]) if position in removed and is_note(log[position], TALK)
             else events[position] for position in kept] for events in (log, *copies)]


def is_note(event, kind):
    return event.get("type") == "note" and event.get("kind") == kind


def without_text(message):
    """A removed message as a record tells it: its writer, no text."""
    return {key: value for key, value in message.items() if key != "text"} | {"removed": True}
