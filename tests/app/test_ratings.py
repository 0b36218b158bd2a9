"""Rated games: created rated (API and lobby), rated where they end, exactly once whatever the retries or
races, told in the game-over mail, the seat view and the game's summary; and recomputed from the logs alike."""

import threading

import pytest
from sqlalchemy import func, select, update

from engine import replay

from app.context import database
from app.play.seats import seats_of
from app.standings.rating_updates import rate_finished_game
from app.standings.recompute import main as recompute_main, recompute
from app.store.models import Game, Rating, RatingChange
from app.store.record import load_events

from app_helpers import counts, csrf_from, game_row, lobby_form, mails, play_to_the_end, start, token_for
from conftest import text_of, html_of
from standings_helpers import (changes_of, confirmed, give_handle, no_standings_left, rated_game_against_robots,  # noqa: F401
                               rating_rows)


def test_a_rated_game_against_a_robot_moves_the_persons_rating_and_tells_them(client):
    confirmed("ann@example.org")
    game_id = rated_game_against_robots(client)
    [change] = changes_of(game_id)
    winners = game_row(game_id).winners
    assert change.address == "ann@example.org" and change.shown_before == 1500 and change.weight == 1.0
    assert (change.shown_after > 1500) == (winners == [0]) and change.shown_after != 1500
    assert rating_rows() == {("ann@example.org", "one_and_thirty"): (change.mu_after, change.sigma_after, 1)}
    [mail] = mails(kind="game_over", recipient="ann@example.org")
    told = f"Your One-and-Thirty rating: 1,500 → {change.shown_after:,}."
    assert told in text_of(mail) and "1,500 → " in html_of(mail)


def test_a_casual_game_moves_no_rating(client):
    confirmed("ann@example.org")
    game_id = rated_game_against_robots(client, rated=False)
    assert game_row(game_id).rated is False and changes_of(game_id) == [] and rating_rows() == {}
    [mail] = mails(kind="game_over", recipient="ann@example.org")
    assert "rating" not in text_of(mail)


@pytest.mark.parametrize("rated", ["yes", 1, None, [True]])
def test_rated_must_be_true_or_false_and_nothing_is_written(client, rated):
    before = counts()
    answer = client.post("/api/games", json={"game": "one_and_thirty", "rated": rated,
                                             "seats": [{"name": "Ann", "email": "ann@example.org"}, {"robot": "random"}]})
    assert answer.status_code == 422 and answer.json["error"]["code"] == "bad_rated"
    assert counts() == before


def test_the_api_and_the_lobby_create_rated_games(client):
    made = client.post("/api/games", json={"game": "one_and_thirty", "rated": True,
                                           "seats": [{"name": "Ann", "email": "ann@example.org"}, {"robot": "random"}]})
    assert made.status_code == 201 and game_row(made.json["id"]).rated is True
    page = client.get("/lobby/quinto").get_data(as_text=True)
    assert 'name="rated"' in page and "/ratings/quinto" in page
    for fields, rated in (({"rated": "yes"}, True), ({}, False)):
        answer = client.post("/lobby/quinto", data=lobby_form(client, seat0_email="bo@example.org", **fields))
        assert answer.status_code in (302, 303)
        with database().reading() as session:
            newest = session.execute(select(Game).where(Game.creator_email == "bo@example.org")
                                     .order_by(Game.created_at.desc()).limit(1)).scalar_one()
        assert newest.rated is rated


def test_a_game_with_a_person_unconfirmed_before_the_first_move_is_not_rated(client):
    confirmed("ann@example.org")
    game = start([{"name": "Ann", "email": "ann@example.org"}, {"name": "Cy", "email": "cy@example.org"}],
                 "one_and_thirty", rated=True)
    play_by_first_moves(client, game.id, [token_for(game.id, 0), token_for(game.id, 1)])
    assert game_row(game.id).status == "over" and changes_of(game.id) == [] and rating_rows() == {}


def test_two_confirmed_people_are_rated_against_each_other(client):
    confirmed("ann@example.org", "cy@example.org")
    game = start([{"name": "Ann", "email": "ann@example.org"}, {"name": "Cy", "email": "cy@example.org"}],
                 "one_and_thirty", rated=True)
    play_by_first_moves(client, game.id, [token_for(game.id, 0), token_for(game.id, 1)])
    changes = {change.seat: change for change in changes_of(game.id)}
    winners = game_row(game.id).winners
    if winners == [0, 1]:
        assert changes[0].shown_after == changes[1].shown_after == 1500        # a tie between equals moves nobody
    else:
        [winner] = winners
        assert changes[winner].shown_after > 1500 > changes[1 - winner].shown_after
        assert changes[winner].rank == 1 and changes[1 - winner].rank == 2


def play_by_first_moves(client, game_id, tokens):
    """Every person plays their first legal move, through the API, until the game is over."""
    while game_row(game_id).status != "over":
        for token in tokens:
            seat = client.get(f"/api/seats/{token}").json
            if seat["view"]["legal"]:
                client.post(f"/api/seats/{token}/moves", json={"move": seat["view"]["legal"][0], "seq": seat["seq"]})
                break


def rate_again(game_id):
    with database().writing() as session:
        game = session.get(Game, game_id)
        events = load_events(session, game_id)
        return rate_finished_game(session, game, replay(events), seats_of(session, game_id), events)


def test_rating_the_same_game_again_changes_nothing(client):
    confirmed("ann@example.org")
    game_id = rated_game_against_robots(client)
    ratings, [change] = rating_rows(), changes_of(game_id)
    again = rate_again(game_id)
    assert list(again) == ["ann@example.org"] and again["ann@example.org"].shown_after == change.shown_after
    assert rating_rows() == ratings and len(changes_of(game_id)) == 1


def test_two_transactions_racing_to_rate_a_game_rate_it_once(app, client):
    confirmed("ann@example.org")
    game_id = rated_game_against_robots(client, rated=False)        # over, and not rated yet ...
    with database().writing() as session:
        session.execute(update(Game).where(Game.id == game_id).values(rated=True))   # ... until now
    racers = 2
    barrier = threading.Barrier(racers)
    answers = []

    def racer():
        with app.app_context():
            queued = database().is_sqlite      # SQLite's write transactions queue from their start: race to it
            if queued:
                barrier.wait(30)
            with database().writing() as session:
                game = session.get(Game, game_id)
                events = load_events(session, game_id)
                state, seats = replay(events), seats_of(session, game_id)
                if not queued:               # PostgreSQL's run side by side: both have read all before rating
                    barrier.wait(30)
                answers.append(rate_finished_game(session, game, state, seats, events))

    threads = [threading.Thread(target=racer) for _ in range(racers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(answers) == racers and all(list(answer) == ["ann@example.org"] for answer in answers)
    [change] = changes_of(game_id)
    assert rating_rows()[("ann@example.org", "one_and_thirty")] == (change.mu_after, change.sigma_after, 1)


def test_recomputing_from_the_logs_arrives_at_the_same_ratings(client, capsys):
    confirmed("ann@example.org", "bob@example.org")
    for robot in ("random", "simple", "strong", "random"):
        rated_game_against_robots(client, robot=robot)
    rated_game_against_robots(client, email="bob@example.org", name="Bob")
    rated_game_against_robots(client, rated=False)
    before = rating_rows()
    with database().reading() as session:
        changes = sorted(session.execute(select(RatingChange.game_id, RatingChange.address, RatingChange.shown_after,
                                                RatingChange.mu_after)).all())
    assert before[("ann@example.org", "one_and_thirty")][2] == 4
    with database().writing() as session:
        session.execute(update(Rating).values(mu=0.0, games=99))       # ratings gone wrong: the logs put them right
    recompute_main([database().url])
    assert "rated 5 games again from their logs: 2 ratings" in capsys.readouterr().out
    assert rating_rows() == before
    with database().reading() as session:
        assert sorted(session.execute(select(RatingChange.game_id, RatingChange.address, RatingChange.shown_after,
                                             RatingChange.mu_after)).all()) == changes
    with database().writing() as session:
        assert recompute(session) == (5, 2)


def test_the_seat_view_and_the_summary_give_ratings_before_and_after(client):
    confirmed("ann@example.org")
    game_id = rated_game_against_robots(client)
    [change] = changes_of(game_id)
    seat_view = client.get(f"/api/seats/{token_for(game_id, 0)}").json
    assert seat_view["ratings"] == {"rated": True, "players": [
        {"seat": 0, "handle": None, "rating": None, "provisional": None,
         "before": 1500, "after": change.shown_after}]}
    assert client.get(f"/api/games/{game_id}").json["ratings"] == {"rated": True, "players": []}   # no handle
    give_handle("ann@example.org", "ann")
    public = client.get(f"/api/games/{game_id}").json["ratings"]["players"]
    assert public == [{"seat": 0, "handle": "ann", "rating": change.shown_after, "provisional": True,
                       "before": 1500, "after": change.shown_after}]
    page = client.get(f"/s/{token_for(game_id, 0)}").get_data(as_text=True)
    assert f"Ann 1,500 → {change.shown_after:,}" in page
    assert f'<a href="/players/ann">ann</a> · rated {change.shown_after:,}' in page


def test_my_games_shows_ratings_and_each_rated_games_change(client, app):
    from app.play.links import my_games_token
    confirmed("ann@example.org")
    game_id = rated_game_against_robots(client)
    [change] = changes_of(game_id)
    token = my_games_token(app.extensions["cachette"]["config"].signing_keys, "ann@example.org")
    page = client.get(f"/my-games/{token}").get_data(as_text=True)
    assert f"Your rating: 1,500 → {change.shown_after:,}" in page
    assert "Your ratings" in page and f"One-and-Thirty</a>: {change.shown_after:,}" in page
    with database().reading() as session:
        assert session.scalar(select(func.count()).select_from(RatingChange)) == 1
    assert csrf_from(page)


def test_a_rematch_of_a_rated_game_is_rated(client):
    confirmed("ann@example.org")
    game_id = rated_game_against_robots(client)
    answer = client.post(f"/api/seats/{token_for(game_id, 0)}/rematch", json={})
    assert answer.status_code == 201 and answer.json["rematch"]["new_url"]     # the robots accepted at once
    with database().reading() as session:
        rematch = session.execute(select(Game).where(Game.id != game_id)).scalar_one()
    assert rematch.rated is True
