"""The "my games" list: a card per game (the game, the other players, whose turn, the deadline, the last move and
the score, and its table's link), the games awaiting your move first."""

import re

from sqlalchemy import select, update

from app.context import database
from app.store.models import STATUS_OVER, Game, Seat
from app.play import moves
from app.play.mygames import list_path

from app_helpers import ROBOTS3, game_row, start, state_of, token_for

ANN = {"name": "Ann", "email": "ann@example.org"}


def seats_of(game_id):
    with database().reading() as session:
        return {seat.seat: seat for seat in session.execute(select(Seat).where(Seat.game_id == game_id)).scalars()}


def person_to_move(game_id):
    """Run the robots until a person is to move; that person's seat number."""
    moves.play_robot_turns(game_id)
    state = state_of(game_id)
    return state.controller(state.to_move[0])


def play_until(game_id, seat):
    """Play first legal moves (robots answering) until the person at `seat` is to move."""
    while (mover := person_to_move(game_id)) != seat:
        state = state_of(game_id)
        moves.submit_move(token_for(game_id, mover), state.legal_moves(state.to_move[0])[0], game_row(game_id).seq)


def rows_of(page):
    """(whether it awaits your move, its card's markup) for each game's card, in order."""
    assert "<table" not in page, "a list of cards, not a wide table, reads well on a phone"
    return re.findall(r'<li class="game-card( your-move)?">(.*?)</li>', page, re.S)


def field(card, label):
    """The value a game's card gives for `label` (None when the card has no such line)."""
    found = re.search(rf"<dt>{label}</dt><dd>(.*?)</dd>", card, re.S)
    return found and found[1]


def test_the_list_tells_games_apart_with_ann_s_moves_first(client):
    ids = [start([ANN, {"name": name, "email": f"{name.lower()}@example.org"}, *ROBOTS3[:2]]).id
           for name in ("Bob", "Cy", "Di")]
    play_until(ids[0], 1)                 # Bob's move
    play_until(ids[1], 0)                 # Ann's move
    with database().writing() as session:
        session.execute(update(Game).where(Game.id == ids[2]).values(status=STATUS_OVER, winner=0, winners=[0], to_move=[]))
    page = client.get(list_path("ann@example.org")).get_data(as_text=True)
    rows = rows_of(page)
    assert [bool(mine) for mine, _ in rows] == [True, False, False]
    order = [next(game_id for game_id in ids if f"/s/{token_for(game_id, 0)}" in row) for _, row in rows]
    assert order == [ids[1], ids[0], ids[2]]                     # your move, then in play, then over
    for (_, row), game_id in zip(rows, order):
        seats = seats_of(game_id)
        others = [seats[number].name for number in (1, 2, 3)]
        assert field(row, "With") == f"{others[0]}, {others[1]} and {others[2]}"
        assert re.fullmatch(r"\w{3} \d+ \w{3} at \d\d:\d\d UTC", field(row, "Last move")), "the last move's time"
        assert re.match(rf"(Ann and {others[1]}|{others[0]} and {others[2]}) \d+, ", field(row, "Score")), "by side"
        assert f'<a class="button" href="/s/{token_for(game_id, 0)}">Open the table of Quinto</a>' in row
    assert field(rows[0][1], "Turn") == "<strong>Your move</strong>" and field(rows[0][1], "Deadline").startswith("in 3 days, ")
    assert field(rows[1][1], "Turn") == "Bob&#39;s move" and field(rows[1][1], "Deadline").startswith("in 3 days, ")
    assert "over: Ann and " in rows[2][1] and " won" in rows[2][1] and field(rows[2][1], "Deadline") is None


def test_a_robot_s_turn_in_the_list_is_thinking_with_no_deadline(client):
    game = start([ANN, *ROBOTS3])
    state = state_of(game.id)
    while state.controller(state.to_move[0]) == 0:     # robots are not run: Ann plays until one is to move
        moves.submit_move(token_for(game.id, 0), state.legal_moves(state.to_move[0])[0], game_row(game.id).seq)
        state = state_of(game.id)
    [(_, row)] = rows_of(client.get(list_path("ann@example.org")).get_data(as_text=True))
    robot = seats_of(game.id)[state.controller(state.to_move[0])]
    assert field(row, "Turn") == f"{robot.name} is thinking" and field(row, "Deadline") is None
