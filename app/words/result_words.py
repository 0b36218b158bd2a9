"""Who won a game, in words: the one way the table, every mail, "My games", the API, the replay and the
records say it. The winners and how the game ended come from the log's outcome (app.play.outcome: the engine's
`state.result()`, then any resignation, abandonment or end by the creator), kept on the game row as `winners`
and `ending` for lists that read no log."""

from engine import find_game

from app.store.models import STATUS_OVER
from app.play.outcome import ABANDONED, EXPIRED, NO_MOVES, NOBODY_MOVED
from app.words.present import names_words


def winning_names(seating, names, sides):
    """Each winning side's players, one entry a side: `["Ann and Cy"]` in a partnership, `["Ann", "Bob"]` for
    two who share first place alone. `seating` is the game's engine Seating, `names` a player seat's name by
    its number (a list or a dict of them), `sides` the winning sides (the engine's `Result.sides`)."""
    return [names_words(names[seat] for seat in seating.seats_of(side)) for side in sides or ()]


def result_words(seating, names, sides, ending=None):
    """`Ann won`, `Ann and Cy won` (a side), `Ann and Bob shared first place`, `nobody won`, and for a game
    that ended outside its rules (`ending`, as app.play.outcome gives it) `Bob resigned: Ann won`, `Bob and Di
    conceded: Ann and Cy won`, `Bob resigned; nobody else finished first`, `abandoned by agreement: no result`:
    what follows "The game is over: " wherever a finished game is told."""
    if ending is None:
        return winners_words(seating, names, sides)
    if ending["kind"] == ABANDONED:
        return "abandoned by agreement: no result"
    if ending.get("reason") == EXPIRED:
        return "its open seats were not all taken in time, so it never began: no result"
    if ending.get("reason") == NOBODY_MOVED:
        return "nobody moved before the first deadline, so it was called off: no result"
    if ending["kind"] == NO_MOVES:
        count = ending.get("deadlines")
        deadlines = f"{count} deadline{'s' if count != 1 else ''}"
        return f"ended by its creator after {deadlines} passed without a move: no result"
    left = resigned_words(seating, names, ending["resigned"])
    if ending["ended"]:
        return f"{left}: {winners_words(seating, names, sides)}"
    if not sides:
        return f"{left}; nobody else finished first"
    return f"{left}; {winners_words(seating, names, sides)}"


def resigned_words(seating, names, seats):
    """`Bob resigned`, `Bob and Cy resigned`; a side in a partnership `Bob and Di conceded`."""
    if seating.partnerships:
        sides = dict.fromkeys(seating.sides[seat] for seat in seats)
        return f"{names_words(names_words(names[seat] for seat in seating.seats_of(side)) for side in sides)} conceded"
    return f"{names_words(names[seat] for seat in seats)} resigned"


def winners_words(seating, names, sides):
    winners = winning_names(seating, names, sides)
    if not winners:
        return "nobody won"
    if len(winners) == 1:
        return f"{winners[0]} won"
    if seating.partnerships:
        return f"the sides of {' and of '.join(winners)} shared first place"
    return f"{names_words(winners)} shared first place"


def future_words(seating, names, sides):
    """`Ann wins`, `Ann and Cy win`, `Ann and Bob share first place`, `nobody wins`: a result a step would
    bring, for the words that ask before it."""
    winners = winning_names(seating, names, sides)
    if not winners:
        return "nobody wins"
    if len(winners) == 1:
        return f"{winners[0]} {'wins' if len(seating.seats_of(sides[0])) == 1 else 'win'}"
    return f"{names_words(winners)} share first place"


def ending_context(game, seating, names, view):
    """What a page of a game row says of its end: `over` (by the rules, or by a player's leaving: app.play.outcome),
    `to_move` (nobody once over: a game ended outside its rules awaits nobody) and `result` (its words, or None
    while it is played), with the engine Seating `seating`, the names by seat `names` and the `view` shown."""
    over = game.status == STATUS_OVER
    return {"over": over, "to_move": [] if over else view["to_move"],
            "result": result_words(seating, names, game.winners, game.ending) if over else None}


def result_answer(seating, names, sides, ending=None):
    """The API's `result` of a finished game: the winners as names (each player of a winning side) and in
    words."""
    winners = [names[seat] for side in sides for seat in seating.seats_of(side)]
    return {"winners": winners, "words": result_words(seating, names, sides, ending)}


def seat_row_names(seats):
    """A player seat's name by its number, from the game's seat rows."""
    return {number: seat.name for number, seat in seats.items()}


def game_result_words(seating, game, seats):
    """The result of a finished game's row (its `winners` and `ending`), with the engine Seating `seating` and
    the names of its seat rows `seats` (for a row read without its options: a seat link's)."""
    return result_words(seating, seat_row_names(seats), game.winners, game.ending)


def row_result_words(game, seats):
    """The result of a finished game's row, with the names of its seat rows `seats`."""
    return game_result_words(row_seating(game), game, seats)


def game_result_answer(seating, game, seats):
    """The API's `result` of a game row (None before its end), with the engine Seating `seating` and the names
    of its seat rows `seats`."""
    if game.status != STATUS_OVER or game.winners is None:
        return None
    return result_answer(seating, seat_row_names(seats), game.winners, game.ending)


def row_result_answer(game, seats):
    """The API's `result` of a game row (None before its end), with the names of its seat rows `seats`."""
    return game_result_answer(row_seating(game), game, seats)


def row_seating(game):
    return find_game(game.game).seating(game.players, game.options)

