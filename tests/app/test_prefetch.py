"""Mail scanners open links: GET and HEAD on every link of every mail never move a game nor change a consent."""

from sqlalchemy import select

from app.context import database
from app.store.models import Consent
from app.play.moves import play_robot_turns, submit_move
from app.play.mygames import mail_my_games

from app_helpers import (ROBOTS3, counts, csrf_from, four_people, game_row, links_in, mails, set_up, start, state_of,
                         token_for)


def consents():
    with database().reading() as session:
        return sorted(session.execute(select(Consent.address, Consent.state, Consent.links_spent)).all())


def test_opening_every_mailed_link_ten_times_changes_nothing(client, dispatched):
    active = start([{"name": "Ann", "email": "ann@example.org"}, {"name": "Bo", "email": "bo@example.org"},
                    *ROBOTS3[:2]])
    set_up([dict(person, email="di@example.org") for person in four_people()])   # its confirm link stays live
    play_robot_turns(active.id)
    state = state_of(active.id)
    seat = state.to_move[0]
    submit_move(token_for(active.id, state.controller(seat)), state.legal_moves(seat)[0], game_row(active.id).seq)
    client.post("/my-games", data={"csrf_token": csrf_from(client.get("/my-games").get_data(as_text=True)),
                                   "email": "ann@example.org"})
    mail_my_games(*dispatched.my_games[0])
    assert {mail.kind for mail in mails()} >= {"confirm", "invite", "my_games"}
    paths = sorted({path for mail in mails() for path in links_in(mail)})
    assert {path.split("/")[1] for path in paths} >= {"confirm", "s", "my-games", "rules", "unsubscribe"}
    before = counts(), consents()
    for _ in range(10):                                       # Ann's spent confirmation link shows her game
        for path in paths:
            assert client.get(path).status_code == 200, path
            assert client.head(path).status_code == 200, path
    assert (counts(), consents()) == before
