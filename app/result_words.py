"""Who won a game, in words: the one way the table, every mail, "My games", the API, the replay and the
records say it. The winners come from the engine's `state.result()` (its sides), kept on the game row as
`winners` for lists that read no log."""

from engine import find_game

from .present import names_words


def winning_names(seating, names, sides):
    """Each winning side's players, one entry a side: `["Ann and Cy"]` in a partnership, `["Ann", "Bob"]` for
    two who share first place alone. `seating` is the game's engine Seating, `names` a player seat's name by
    its number (a list or a dict of them), `sides` the winning sides (the engine's `Result.sides`)."""
    return [names_words(names[seat] for seat in seating.seats_of(side)) for side in sides or ()]


def result_words(seating, names, sides):
    """`Ann won`, `Ann and Cy won` (a side), `Ann and Bob shared first place`, `nobody won`: what follows
    "The game is over: " wherever a finished game is told."""
    winners = winning_names(seating, names, sides)
    if not winners:
        return "nobody won"
    if len(winners) == 1:
        return f"{winners[0]} won"
    if seating.partnerships:
        return f"the sides of {' and of '.join(winners)} shared first place"
    return f"{names_words(winners)} shared first place"


def result_answer(seating, names, sides):
    """The API's `result` of a finished game: the winners as names (each player of a winning side) and in
    words."""
    winners = [names[seat] for side in sides for seat in seating.seats_of(side)]
    return {"winners": winners, "words": result_words(seating, names, sides)}


def seat_row_names(seats):
    """A player seat's name by its number, from the game's seat rows."""
    return {number: seat.name for number, seat in seats.items()}


def state_result_words(state, seats):
    """The result of a finished game's engine state, with the names of its seat rows `seats`."""
    return result_words(state.seats, seat_row_names(seats), state.result().sides)


def row_result_words(game, seats):
    """The result of a finished game's row (its `winners`), with the names of its seat rows `seats`."""
    return result_words(row_seating(game), seat_row_names(seats), game.winners)


def row_result_answer(game, seats):
    """The API's `result` of a game row (None before its end), with the names of its seat rows `seats`."""
    return None if game.winners is None else result_answer(row_seating(game), seat_row_names(seats), game.winners)


def row_seating(game):
    return find_game(game.game).seating(game.players, game.options)


def state_result_answer(state, seats):
    """The API's `result` of an engine state (None before its end), with the names of its seat rows `seats`."""
    result = state.result()
    return None if result is None else result_answer(state.seats, seat_row_names(seats), result.sides)
