"""Leaderboards and profiles: handles only, at least 5 rated games and one in the last 90 days, the robots
apart as fixed anchors; a profile by handle with its ratings, chart and recent games, never an address."""

from datetime import timedelta

from app.clock import utcnow
from app.context import database
from app.standings.anchors import anchor_ratings, anchor_uncertainties
from app.standings.ratings import mu_of
from app.store.models import Rating

from standings_helpers import (changes_of, confirmed, give_handle, no_standings_left, rated_game_against_robots,  # noqa: F401
                               rating_rows)


def seed(address, shown, games=5, days_ago=1, game="quinto", sigma=2.0):
    with database().writing() as session:
        session.add(Rating(address=address, game=game, mu=mu_of(shown), sigma=sigma, shown=shown, games=games,
                           rated_at=utcnow() - timedelta(days=days_ago)))


def test_the_leaderboard_lists_handles_with_enough_recent_games_best_first(client):
    confirmed("ann@example.org", "bob@example.org", "cy@example.org", "di@example.org", "ed@example.org")
    seed("ann@example.org", 1600)
    seed("bob@example.org", 1700, sigma=6.0)
    seed("cy@example.org", 1800, games=4)            # too few games
    seed("di@example.org", 1900, days_ago=91)        # none in the last 90 days
    seed("ed@example.org", 2000)                     # no handle: never shown
    seed("ann@example.org", 2100, game="sueca")      # another game's rating
    for address in ("ann", "bob", "cy", "di"):
        give_handle(f"{address}@example.org", address.capitalize() + "_x")
    board = client.get("/api/ratings/quinto").json
    assert [(row["rank"], row["handle"], row["rating"], row["provisional"]) for row in board["players"]] == [
        (1, "Bob_x", 1700, True), (2, "Ann_x", 1600, False)]
    written = anchor_ratings("quinto")         # engine/robots/anchors.json
    errors = anchor_uncertainties("quinto")
    assert board["anchors"] == [{"robot": level, "rating": round(written[level]), "uncertainty": round(errors[level])}
                                for level in sorted(written, key=written.get, reverse=True)]
    assert errors["simple"] == 0 < errors["strong"]
    assert written["expert"] > written["strong"] > written["simple"] == 1500 > written["random"]
    assert board["rules"] == {"min_games": 5, "active_days": 90} and board["title"] == "Quinto"
    page = client.get("/ratings/quinto").get_data(as_text=True)
    assert page.index(">Bob_x</a>") < page.index(">Ann_x</a>") and "Robot (strong)" in page and f"{round(written['strong']):,}" in page
    assert f"± {round(errors['strong'])}" in page and "the scale's fixed point" in page
    assert 'Robot (strong) <span class="muted">a good player</span>' in page   # what the lobby calls each level
    assert "example.org" not in page and "Cy_x" not in page and "2,000" not in page


def test_an_unknown_game_has_no_leaderboard(client):
    assert client.get("/api/ratings/chess").status_code == 404
    assert client.get("/ratings/chess").status_code == 404
    assert "Quinto" in client.get("/ratings").get_data(as_text=True)


def test_a_profile_shows_ratings_history_and_games_with_handles_only(client):
    confirmed("ann@example.org", "bob@example.org")
    game_ids = [rated_game_against_robots(client, robot=robot) for robot in ("random", "strong")]
    give_handle("ann@example.org", "Ann")
    profile = client.get("/api/players/ANN").json
    [rating] = profile["ratings"]
    after = changes_of(game_ids[-1])[0].shown_after
    assert profile["handle"] == "Ann" and profile["games_finished"] == 2
    assert rating["game"] == "one_and_thirty" and rating["games"] == 2 and rating["rating"] == after
    assert rating["provisional"] is True and rating["uncertainty"] > 0
    assert [step["game_id"] for step in rating["history"]] == game_ids and rating["history"][0]["before"] == 1500
    assert [game["id"] for game in profile["recent_games"]] == game_ids[::-1]
    assert profile["recent_games"][0]["players"] == [{"seat": 0, "handle": "Ann", "robot": None},
                                                     {"seat": 1, "handle": None, "robot": "strong"}]
    page = client.get("/players/ann").get_data(as_text=True)
    assert "<svg" in page and 'role="img"' in page and f"{after:,}" in page and "example.org" not in page
    assert client.get("/api/players/nobody").status_code == 404 and client.get("/players/x").status_code == 404


def test_a_game_with_a_person_without_a_handle_is_left_out_of_profiles(client):
    from app_helpers import start, token_for
    from test_ratings import play_by_first_moves
    confirmed("ann@example.org", "bob@example.org")
    give_handle("ann@example.org", "Ann")
    game = start([{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}],
                 "one_and_thirty", rated=True)
    play_by_first_moves(client, game.id, [token_for(game.id, 0), token_for(game.id, 1)])
    profile = client.get("/api/players/ann").json
    assert profile["games_finished"] == 1 and profile["recent_games"] == []
    assert profile["ratings"][0]["games"] == 1
    give_handle("bob@example.org", "Bob")
    assert [game_row["id"] for game_row in client.get("/api/players/ann").json["recent_games"]] == [game.id]
    assert set(rating_rows()) == {("ann@example.org", "one_and_thirty"), ("bob@example.org", "one_and_thirty")}
