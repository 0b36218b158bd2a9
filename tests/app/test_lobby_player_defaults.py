"""Options whose default depends on the number of players (deals, so that each player deals alike) follow that
number in the lobby form (without JavaScript), the API and a rematch, unless the creator set them."""

import re

from sqlalchemy import select

from app.context import database
from app.store.models import Rematch

from app_helpers import csrf_from, game_row, token_for
from conftest import confirm_address
from test_rematch import play_out

DEALS = re.compile(r'name="option_deals" type="number"[^>]* value="([^"]*)"')


def lobby_form(page, players, **changes):
    """What the browser posts from the lobby page `page` (One-and-Thirty): its fields as shown, `changes` on."""
    form = {"csrf_token": csrf_from(page), "players": str(players), "option_counters": "20",
            "option_deals": DEALS.search(page).group(1), "move_time": "72h", "timeout_policy": "robot"}
    form |= dict(re.findall(r'type="hidden" name="(defaults_for)" value="(\d+)"', page))
    for seat, email in enumerate(("ann@example.org", "bob@example.org", "cy@example.org")[:players]):
        form |= {f"seat{seat}_kind": "person", f"seat{seat}_name": email.split("@")[0].title(),
                 f"seat{seat}_email": email}
    return form | changes


def test_the_lobby_deals_follow_the_number_of_players_unless_the_creator_set_them(client):
    two = client.get("/lobby/one_and_thirty?players=2").get_data(as_text=True)
    assert DEALS.search(two).group(1) == "2"
    three = client.post("/lobby/one_and_thirty", data=lobby_form(two, 3, change_players="1")).get_data(as_text=True)
    assert DEALS.search(three).group(1) == "3"                 # the default for three, not the two shown before
    set_by_hand = client.post("/lobby/one_and_thirty", data=lobby_form(two, 3, change_players="1", option_deals="5"))
    assert DEALS.search(set_by_hand.get_data(as_text=True)).group(1) == "5"
    started = client.post("/lobby/one_and_thirty", data=lobby_form(two, 3))   # a straight submit with 3 players
    assert started.status_code == 303
    game_id = started.location.rsplit("/", 1)[-1]
    assert game_row(game_id).options["deals"] == 3


def test_the_api_gives_the_default_deals_for_the_number_of_players(client):
    seats = [{"name": name, "email": f"{name.lower()}@example.org"} for name in ("Ann", "Bob", "Cy")]
    answer = client.post("/api/games", json={"game": "maw", "seats": seats})
    assert answer.status_code == 201 and game_row(answer.json["id"]).options["deals"] == 6


def test_a_rematch_of_a_lobby_game_deals_once_to_each_of_its_three_players(client):
    two = client.get("/lobby/one_and_thirty?players=2").get_data(as_text=True)
    three = client.post("/lobby/one_and_thirty", data=lobby_form(two, 3, change_players="1")).get_data(as_text=True)
    started = client.post("/lobby/one_and_thirty", data=lobby_form(three, 3))
    game_id = started.location.rsplit("/", 1)[-1]
    for email in ("ann@example.org", "bob@example.org", "cy@example.org"):
        confirm_address(email)
    game = play_out(client, game_id)
    for seat, body in ((0, {}), (1, {"answer": "yes"}), (2, {"answer": "yes"})):
        client.post(f"/api/seats/{token_for(game.id, seat)}/rematch", json=body)
    with database().reading() as session:
        new_id = session.execute(select(Rematch.new_game_id).where(Rematch.game_id == game.id)).scalar()
    assert game_row(new_id).options["deals"] == 3
