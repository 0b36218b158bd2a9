"""Mail scanners open links: GET and HEAD on every link of every mail never move a game."""

from app.services.games import confirm_game
from app.services.moves import play_robot_turns, submit_move

from conftest import text_of
from app_helpers import ROBOTS3, counts, csrf_from, four_people, game_row, links_in, mails, start, state_of, token_for

CONFIRM = "http://localhost/confirm/"


def test_opening_every_mailed_link_ten_times_changes_nothing(client):
    start(four_people())                                   # stays unconfirmed: its confirm link is still live
    active = start([{"name": "Ann", "email": "ann@example.org"}, {"name": "Bo", "email": "bo@example.org"},
                    *ROBOTS3[:2]])
    confirm_game(text_of(mails(kind="confirm", game_id=active.id)[0]).split(CONFIRM)[1].split()[0])
    play_robot_turns(active.id)
    state = state_of(active.id)
    seat = state.to_move[0]
    submit_move(token_for(active.id, state.controller(seat)), state.legal_moves(seat)[0], game_row(active.id).seq)
    client.post("/my-games", data={"csrf_token": csrf_from(client.get("/my-games").get_data(as_text=True)),
                                   "email": "ann@example.org"})
    assert {mail.kind for mail in mails()} >= {"confirm", "invite", "my_games"}
    paths = sorted({path for mail in mails() for path in links_in(mail)})
    assert {path.split("/")[1] for path in paths} >= {"confirm", "s", "my-games", "rules"}
    before = counts()
    for _ in range(10):
        for path in paths:
            assert client.get(path).status_code == 200, path
            assert client.head(path).status_code == 200, path
    assert counts() == before
