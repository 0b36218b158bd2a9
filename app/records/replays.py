"""Stepping through a finished game's record: a seat's own game, or any record a visitor pastes."""

from collections import Counter

from engine import EngineError, apply_event, note_event, replay
from engine.cards import display, is_card
from engine.record import ReplayError, fold, parse_line, start_state
from engine.seat_record import WATCHER, hidden_from_reader, reader_view

from app.words.deal_story import deal_story, holder_names
from app.play.outcome import ABANDONED, ENDED, HANDED_OVER, RESIGNED, left_at, leaving_notes, outcome
from app.words.present import hand_order, move_label, names_words
from app.words.result_words import result_words
from app.errors import BadInput
from app.play.spec import clean_name
from app.social.talk import TALK, TALK_REMOVED, without_removed

STEP_PROBLEM = "step must be a number from 1 to {count}"
# Bounds on a pasted record, checked line by line before anything is replayed, so that a hostile one costs
# little. A long finished game is some hundreds of events of a few hundred characters (the longest golden
# record: 630 lines, 31 KB, none over 340 characters); a service note is a timeout, a vacation or a step of
# leaving, at most a few a move. Table talk is counted apart: the rules pass it over, and a chatty game writes
# thousands of messages (LIMIT_TALK_PER_SEAT, 20 an hour a seat), each at most 500 characters (talk.py), so
# the characters allow that many of the longest beside the longest game.
RECORD_EVENTS = 5_000                # the rules' events and the service's notes, talk apart
RECORD_NOTES = 1_000                 # the service's notes, talk apart
RECORD_TALK_NOTES = 5_000            # messages at the table, a removed one too
RECORD_CHARACTERS = 4 * 1024 * 1024
RECORD_LINE_CHARACTERS = 2_000
RECORD_DEPTH = 3                     # an event holds a list (the pack) or an object (the options), no deeper
RECORD_LARGEST_NUMBER = 10 ** 9
TOO_LONG = (f"this record is longer than {RECORD_CHARACTERS:,} characters: a finished game's record is some tens "
            "of kilobytes, and a chatty one's some megabytes")
# The questions of leaving a game (app.social.leaving), noted so that open tables show them.
LEAVING_QUESTIONS = {"concede_asked": "asks their partners to concede the game",
                     "concede_agreed": "agrees to concede the game", "abandon_proposed":
                     "proposes to abandon the game", "abandon_agreed": "agrees to abandon the game",
                     "abandon_declined": "declines to abandon the game"}
PLAYERS_NOTE = "players"   # a note naming each seat's player: {"type": "note", "kind": "players", "names": [...]}


def replay_picture(events, step, seat=0):
    """(picture, event) of a finished game after its first `step` events, every hand shown.

    Once a game is over nothing is hidden any more, so the picture joins what
    each player seat's view shows at that point, seen from `seat`.
    """
    if type(step) is not int or not 1 <= step <= len(events):
        raise BadInput(STEP_PROBLEM.format(count=len(events)), "bad_step")
    state = replay(events[:step])
    views = {number: state.view(number) for number in state.player_seats()}
    picture = dict(views[seat])
    hands = [None] * state.seat_count
    for number, view in views.items():
        for held, hand in enumerate(view.get("hands") or []):
            if hand is not None:
                hands[held] = hand
        if hands[number] is None:   # games without a dummy show a seat only its own `hand`
            hands[number] = view.get("hand")
    picture["hands"] = hands
    return picture, events[step - 1]


def replay_story(events, step, names, seat=0):
    """The deal of event `step` told up to it, one entry per event (see `tell`)."""
    if type(step) is not int or not 1 <= step <= len(events):
        raise BadInput(STEP_PROBLEM.format(count=len(events)), "bad_step")
    first = max((number for number in range(1, step + 1) if events[number - 1].get("type") == "deal"), default=1)
    return list(tell(events, names, seat, range(first, step + 1)))


def tell(events, names, seat, numbers, told_events=None):
    """The events at `numbers` (a range of positions, from 1) in words, each {"number", "lines", "finished",
    "story"}.

    Each event's lines say what it was (a deal and its dealer, a card played or a word said, a note) and what
    it caused, read from `seat`'s views before and after it, so the same for every game: who won a trick, the
    cards each hand took or put down (a draw, an exchange), scores changing within a deal (immediate scores),
    the deal's end with the scores after it, and the game's result. `finished` is the history entry of a
    deal the event ended (for the game's own account of it) and `story` its account told the same way in
    every game (app.words.deal_story), else None.

    `told_events` are the events as `seat` may be told them while the game runs (its copy, whose withheld
    cards are null): then a card `hidden_from(seat)` is told as "a card". By default the record itself, of a
    finished game, where nothing is hidden.
    """
    secret = told_events is not None
    events = without_removed(events)
    told_events = without_removed(told_events) if secret else None
    left = left_at(enumerate(events), seat) if secret else None     # the reader's person left there: a watcher since

    def reader_at(number):
        return WATCHER if left is not None and number > left else seat

    state = replay(events[:numbers.start - 1]) if numbers.start > 1 else None
    view = None if state is None else reader_view(state, reader_at(numbers.start - 1))
    notes = leaving_notes(events[:numbers.start - 1])
    for number in numbers:
        event, reader = events[number - 1], reader_at(number)
        before = None if state is None else (view, state.held())
        action = (state.action_words(event["seat"], event["move"])
                  if state is not None and event.get("type") == "move" and is_card(event["move"]) else None)
        was_over = state is not None and outcome(state, notes).over
        if state is None:
            state = replay(events[:1])
        elif event.get("type") != "note":
            apply_event(state, event)
        if event.get("type") != "note" or reader != reader_at(number - 1):   # a note changes nothing the rules know
            view = reader_view(state, reader)
        notes += leaving_notes([event])
        ended = outcome(state, notes)
        hidden = hidden_from_reader(state, reader) if secret else set()
        entry = told(event, (told_events or events)[number - 1], number, before, state, view, names, hidden, action)
        if ended.over and not was_over:
            entry["lines"].append(f"The game is over: {result_words(state.seats, names, ended.sides, ended.ending)}.")
        yield entry


def told(event, shown, number, before, state, after, names, hidden, action=None):
    """One event of the record in words (see `tell`): `shown` is the event as the reader may be told it,
    `before` the reader's view and the hands before it (None for the first), `after` the reader's view after
    it, `action` what a card's button said it did (`Play 8♥`, `Discard 8♥`)."""
    kind = event.get("type")
    if kind == "start":
        lines = [f"The game begins: {names_words(names)}."]
    elif kind == "deal":
        lines = [f"Deal {after['deal']}: {names[after['dealer']]} deals." if after.get("dealer") is not None
                 else f"Deal {after['deal']} is dealt."]
    elif kind == "move":
        lines = [move_words(names[event["seat"]], shown.get("move"), action)]
        if event.get("by") == "forced":
            lines[0] = lines[0][:-1] + " (their only move, made for them)."
    else:
        lines = [note_words(event, names)]
    finished = story = None
    if before is not None:
        view_before, held_before = before
        trick = after.get("last_trick")
        if trick and trick != view_before.get("last_trick") and trick.get("winner") is not None:
            lines.append(f"{names[trick['winner']]} wins the trick.")
        deals_before, history = len(view_before.get("history") or []), after.get("history") or []
        ended = len(history) > deals_before or after.get("over")
        if kind == "move":
            lines.extend(hand_changes(event, held_before, state.held(), names, hidden, ended))
        if len(history) > deals_before:
            finished = history[-1]
            story = deal_story(after, names, finished.get("deal"))
            lines.append(f"Deal {finished.get('deal')} is over. Scores: "
                         f"{side_scores(after, names, finished.get('scores') or after['scores'])}.")
        elif after["scores"] != view_before["scores"]:
            lines.append(f"Scores now: {side_scores(after, names, after['scores'])}.")
    return {"number": number, "lines": lines, "finished": finished, "story": story}


def move_words(name, move, action=None):
    """`Ann plays 10♥.` (or discards it: the card's `action`, `Discard 10♥`, said of her), `Ann says Draw.`,
    or a card played out of the reader's sight."""
    if move is None:
        return f"{name} plays a card face down."
    if is_card(move) and action:
        verb, _, rest = action.partition(" ")
        verb = verb.lower() + ("es" if verb.endswith(("s", "sh", "ch", "x", "z")) else "s")
        return f"{name} {verb} {rest}."
    return f"{name} {'plays' if is_card(move) else 'says'} {move_label(move)}."


def note_words(note, names):
    """What a note of the service noted: a timeout, a vacation, the players' names."""
    kind, seat = note.get("kind"), note.get("seat")
    who = names[seat] if type(seat) is int and 0 <= seat < len(names) else "A player"
    if kind == PLAYERS_NOTE:
        return f"The record names the players: {names_words(name for name in note['names'] if name)}."
    if kind == "timeout":
        then = {"robot": "a robot makes the move for them", "pause": "the game is paused"}.get(note.get("policy"))
        return f"{who}'s time ran out" + (f": {then}." if then else ".")
    if kind == "vacation":
        return f"{who} took {note.get('days')} days of vacation."
    if kind == TALK and note.get("removed") is True:
        return f"{who} wrote a message that the creator removed."
    if kind == TALK:
        return f"{who} says at the table: {note.get('text')}"
    if kind == TALK_REMOVED:
        return "The creator removed a message."
    if kind == HANDED_OVER:
        return f"{who} hands their seat to a robot for the rest of the game."
    if kind == RESIGNED:
        return f"{who} resigns: a robot plays their seat from here."
    if kind == ABANDONED:
        return "Every player agrees to abandon the game."
    if kind == ENDED:
        return f"The creator ends the game: {note.get('deadlines')} deadlines passed without a player's own move."
    if kind in LEAVING_QUESTIONS:
        return f"{who} {LEAVING_QUESTIONS[kind]}."
    return "A note in the record" + (f": {kind}." if kind else ".")


def hand_changes(event, held_before, held_after, names, hidden, ended):
    """What a move did to the hands beyond the cards it names: `Ann takes 9♣.` (a draw), `Ann puts down 2♥ and
    takes 9♥.` (an exchange). Once the move ended its deal, cards leaving the hands are the deal's end, which
    its account tells, not the move's doing."""
    named = Counter(word for word in str(event["move"]).split(" ") if is_card(word))
    lines = []
    for holder, (old, new) in enumerate(zip(held_before, held_after)):
        gained = Counter(new) - Counter(old)
        lost = Counter() if ended else Counter(old) - Counter(new)
        if holder == event["seat"]:
            lost -= named
        parts = ([f"puts down {cards_words(lost, hidden)}"] if lost else []) + (
            [f"takes {cards_words(gained, hidden)}"] if gained else [])
        if parts:
            lines.append(f"{names[holder]} {' and '.join(parts)}.")
    return lines


def cards_words(cards, hidden):
    """`9♣ K♦`, with the cards of `hidden` told only as how many: `9♣ and a card`, `2 cards`."""
    seen = [display(card) for card in hand_order(cards.elements()) if card not in hidden]
    unseen = sum(count for card, count in cards.items() if card in hidden)
    parts = ([" ".join(seen)] if seen else []) + (["a card" if unseen == 1 else f"{unseen} cards"] if unseen else [])
    return " and ".join(parts)


def side_scores(view, names, scores):
    """`Ann and Cy 120, Bob and Di 85`: each side's score with the names of its seats."""
    return ", ".join(f"{holder_names(view, names, side)} {score}" for side, score in enumerate(scores))


def read_finished_record(text):
    """The events of a pasted record, checked by replaying it: it must be whole, legal and finished."""
    numbered = bounded_events(text)
    try:
        state = fold(numbered)
    except EngineError as error:
        raise BadInput(f"this record does not replay: {error}", "bad_record") from None
    for line, event in numbered:
        if event.get("type") == "note" and event.get("kind") == PLAYERS_NOTE:
            check_players_note(event, state, line)
        resigned = event.get("type") == "note" and event.get("kind") == RESIGNED
        if resigned and event.get("seat") not in state.player_seats():
            raise BadInput(f"line {line}: a resigned note names a player's seat", "bad_record")
    if not outcome(state, leaving_notes(event for _, event in numbered)).over:
        raise BadInput("this record's game is not over: only a finished game can be replayed here", "not_over")
    return [event for _, event in numbered]


def check_players_note(event, state, line):
    """A players note names every player seat (a dummy's entry is null), as `players_note` writes it."""
    names = event.get("names")
    if not isinstance(names, list) or len(names) != state.seat_count:
        raise BadInput(f"line {line}: a players note names each of the {state.seat_count} seats", "bad_record")
    for seat, name in enumerate(names):
        if state.controller(seat) != seat and name is None:
            continue
        clean_name(name, f"line {line}, seat {seat + 1}")


def players_note(seat_count, seats):
    """The note a record given away carries after its start: each player seat's name (null for a dummy), so
    that a record replayed elsewhere shows who played. `seats` are the game's seat rows by number."""
    return note_event(PLAYERS_NOTE, names=[seats[seat].name if seat in seats else None
                                           for seat in range(seat_count)])


def record_names(events):
    """A label for every seat of a checked record: the names its last players note holds, else `Player 1`…;
    a dummy is its partner's (`Ann's dummy`)."""
    seating = start_state(events[0]).seats
    noted = [event["names"] for event in events if event.get("type") == "note" and event.get("kind") == PLAYERS_NOTE]
    players = seating.players()
    names = noted[-1] if noted else [f"Player {players.index(seat) + 1}" if seat in players else None
                                     for seat in range(seating.seat_count)]
    return [names[seat] if controller == seat else f"{names[controller]}'s dummy"
            for seat, controller in enumerate(seating.controllers)]


def bounded_events(text):
    """(line number, event) pairs of a pasted record; BadInput naming the bound a record passes, or the line
    that is not JSON, before any event is replayed."""
    if len(text) > RECORD_CHARACTERS:
        raise BadInput(TOO_LONG, "record_too_long")
    numbered, counted = [], Counter()
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if len(line) > RECORD_LINE_CHARACTERS:
            raise BadInput(f"line {number} is longer than {RECORD_LINE_CHARACTERS:,} characters: "
                           "an event is one short line", "record_line_too_long")
        try:
            event = parse_line(number, line)
        except ReplayError as error:
            raise BadInput(f"this record does not replay: {error}", "bad_record") from None
        problem = out_of_bounds(event)
        if problem:
            raise BadInput(f"line {number} {problem}", "record_out_of_bounds")
        counted[note_count_kind(event)] += 1
        if len(numbered) + 1 - counted[TALK] > RECORD_EVENTS:
            raise BadInput(f"this record has more than {RECORD_EVENTS:,} events", "record_too_many_events")
        if counted[TALK] > RECORD_TALK_NOTES:
            raise BadInput(f"this record has more than {RECORD_TALK_NOTES:,} messages at the table",
                           "record_too_much_talk")
        if counted["note"] > RECORD_NOTES:
            raise BadInput(f"this record has more than {RECORD_NOTES:,} notes", "record_too_many_notes")
        numbered.append((number, event))
    return numbered


def note_count_kind(event):
    """Which bound an event counts toward: TALK for a message, "note" for another note, else "event"."""
    if not (isinstance(event, dict) and event.get("type") == "note"):
        return "event"
    return TALK if event.get("kind") == TALK else "note"


def out_of_bounds(value, depth=0):
    """What in an event's JSON value passes the bounds on nesting and numbers, in words; None if nothing."""
    if type(value) is int and abs(value) > RECORD_LARGEST_NUMBER:
        return f"holds a number larger than {RECORD_LARGEST_NUMBER:,}"
    if isinstance(value, (list, dict)):
        if depth == RECORD_DEPTH:
            return f"is nested more than {RECORD_DEPTH} levels deep"
        for inner in value.values() if isinstance(value, dict) else value:
            problem = out_of_bounds(inner, depth + 1)
            if problem:
                return problem
    return None
