"""What a table page costs the database (one session; the next game waiting in one query, kept right by every
move) and a move the game refused, answered by a redirect to the table: on SQLite and PostgreSQL."""

from contextlib import contextmanager

from sqlalchemy import event

from app.context import database
from app.store.models import Game
from app.social.next_game import next_game
from app.play.seats import seat_to_move, seats_of
from engine import replay

from app_helpers import counts, csrf_from, events_of, game_row, people_game, play_to_the_end, start, token_for

PEOPLE3 = [{"name": name, "email": "ann@example.org"} for name in ("Ann", "Bo", "Cy")]


@contextmanager
def database_use():
    """What the database is asked meanwhile: {"sessions": connections taken from the pool, "statements": SQL}."""
    used = {"sessions": 0, "statements": []}
    engine = database().engine

    def checkout(*_):
        used["sessions"] += 1

    def statement(_connection, _cursor, sql, *_):
        used["statements"].append(sql)
    event.listen(engine, "checkout", checkout)
    event.listen(engine, "before_cursor_execute", statement)
    try:
        yield used
    finally:
        event.remove(engine, "checkout", checkout)
        event.remove(engine, "before_cursor_execute", statement)


def test_a_table_page_reads_the_database_in_one_session(client):
    waiting = start([{"robot": "random"}, {"name": "Ann", "email": "ann@example.org"}, *[{"robot": "random"}] * 2])
    idle = start([{"name": "Ann", "email": "ann@example.org"}, *[{"robot": "random"}] * 3])
    path = f"/s/{token_for(idle.id, 0)}"
    with database_use() as used:
        page = client.get(path).get_data(as_text=True)
    assert "1 other game awaits your move" in page and f"/s/{token_for(waiting.id, 1)}" in page
    assert used["sessions"] == 1
    with database_use() as used:
        assert client.get(path + "/table").status_code == 200
    assert used["sessions"] == 1


def test_the_next_game_waiting_is_one_query_however_many_games_the_person_has(client):
    seats = [{"robot": "random"}, {"name": "Ann", "email": "ann@example.org"}, *[{"robot": "random"}] * 2]
    here = start(seats)          # Ann, in seat 1 of Quinto, speaks first: hers to move in every game
    for count, more in ((1, 1), (4, 3)):
        for _ in range(more):
            start(seats)
        with database().reading() as session:
            me = seats_of(session, here.id)[1]
            with database_use() as used:
                found = next_game(session, me)
        assert found is not None and found.count == count
        assert len(used["statements"]) == 1


def test_every_move_keeps_whose_turn_on_the_seat_rows_a_dummys_turn_its_partners(client):
    """Three-hand Quinto: seat 0 plays the dummy too; every seat's flag agrees with the game's whose-turn rule."""
    game = start(PEOPLE3)
    with database().reading() as session:
        tokens = {seat: token_for(game.id, seat) for seat in seats_of(session, game.id)}   # the dummy has no row
    dummy_turns = 0
    for _ in range(40):
        row = game_row(game.id)
        if row.status != "active":
            break
        with database().reading() as session:
            flags = {number: seat.to_move for number, seat in seats_of(session, game.id).items()}
        assert flags == {number: seat_to_move(row, number) for number in flags}
        assert sum(flags.values()) >= 1
        dummy_turns += 2 in row.to_move
        state = replay(events_of(game.id))
        mover = state.to_move[0]
        answer = client.post(f"/api/seats/{tokens[state.controller(mover)]}/moves",
                             json={"move": state.legal_moves(mover)[0], "seq": row.seq})
        assert answer.status_code == 201
    assert dummy_turns, "the dummy was to move at least once"


def test_a_finished_game_leaves_no_seat_to_move(client):
    game = start([{"name": "Ann", "email": "ann@example.org"}, *[{"robot": "random"}] * 3], options={"target": 50})
    play_to_the_end(client, game.id, token_for(game.id, 0))
    with database().reading() as session:
        assert not any(seat.to_move for seat in seats_of(session, game.id).values())
        assert session.get(Game, game.id).status == "over"


def test_a_stale_move_by_form_redirects_to_the_table_which_says_why(client):
    game, path = people_game()
    page = client.get(path).get_data(as_text=True)
    before = counts()
    answer = client.post(path + "/move", data={"csrf_token": csrf_from(page), "seq": "0", "move": "pass"})
    assert answer.status_code == 303 and answer.location.endswith(path + "?refused=stale_seq")
    table = client.get(answer.location)
    text = table.get_data(as_text=True)
    assert table.status_code == 200 and "you are Bo" in text
    assert "The game had moved on since this page was loaded, so your move was not played" in text
    assert counts() == before


def test_a_move_on_a_finished_game_redirects_to_the_table_which_says_it_is_over(client):
    game = start([{"name": "Ann", "email": "ann@example.org"}, *[{"robot": "random"}] * 3], options={"target": 50})
    token = token_for(game.id, 0)
    page = client.get(f"/s/{token}").get_data(as_text=True)
    play_to_the_end(client, game.id, token)
    before = counts()
    answer = client.post(f"/s/{token}/move", data={"csrf_token": csrf_from(page), "seq": str(game_row(game.id).seq),
                                                   "move": "pass"})
    assert answer.status_code == 303 and answer.location.endswith(f"/s/{token}?refused=game_over")
    assert "The game is over, so your move was not played." in client.get(answer.location).get_data(as_text=True)
    assert counts() == before


def test_a_refusal_the_table_does_not_know_is_refused_and_not_repeated(client):
    game, path = people_game()
    before = counts()
    for text in ("<b>you won</b>", "stale", "", "game_over "):
        answer = client.get(path, query_string={"refused": text})
        assert answer.status_code == 422 and "does not say why a move was refused" in answer.get_data(as_text=True)
        assert "you won" not in answer.get_data(as_text=True)
    assert counts() == before
