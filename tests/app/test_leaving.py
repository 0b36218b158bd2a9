"""Leaving a game (app.social.leaving) on SQLite and PostgreSQL: handing a seat to a robot, resigning alone
and in a partnership, abandoning by agreement, and the creator's end of a dead game; through the table's forms
and the JSON API, each told the same way on the table, in mail, in "My games", the API, the replay and
record.txt."""

from datetime import timedelta

from sqlalchemy import select

from app.context import database, settings
from app.play.links import my_games_token
from app.store.models import LeaveRequest, Rematch
from app.play.outcome import log_outcome
from app.play.deadlines import enforce_deadline
from app.play.moves import play_robot_turns
from app.social import leaving, talk
from app.play.mygames import games_for_token
from app.play.seats import seats_of
from app.web.views import table as table_view

from app_helpers import ROBOTS3, counts, csrf_from, events_of, game_row, mails, people, start, text_of, token_for
from conftest import confirm_address


def clock_at(monkeypatch, moment):
    """The clock of leaving and of the table page (which keeps a page for the minute it is in) at `moment`."""
    for module in (leaving, table_view):
        monkeypatch.setattr(module, "utcnow", lambda: moment)

TRIO = people(3)     # Ann, Bob, Cy
QUARTET = people(4)  # Quinto: Ann and Cy (seats 0 and 2) against Bob and Di (1 and 3)


def game_of(seats, game):
    row = start(seats, game=game)
    for person in seats[1:]:
        confirm_address(person["email"])
    return row


def form_post(client, token, path, **fields):
    page = client.get(f"/s/{token}").get_data(as_text=True)
    return client.post(f"/s/{token}{path}", data={"csrf_token": csrf_from(page), **fields})


def notes_of(game_id, kind):
    return [event for event in events_of(game_id) if event.get("type") == "note" and event.get("kind") == kind]


def requests_of(game_id):
    with database().reading() as session:
        return list(session.execute(select(LeaveRequest).where(LeaveRequest.game_id == game_id)).scalars())


def play_out(client, game_id, seats):
    """Every person still at the table plays their first legal move (robots theirs) until the game is over."""
    while True:
        play_robot_turns(game_id)
        row = game_row(game_id)
        if row.status == "over":
            return row
        for seat in seats:
            token = token_for(game_id, seat)
            legal = client.get(f"/api/seats/{token}").json["view"]["legal"]
            if legal and not game_row(game_id).to_move == []:
                answer = client.post(f"/api/seats/{token}/moves", json={"move": legal[0], "seq": game_row(game_id).seq})
                assert answer.status_code == 201, answer.json
                break


def test_handing_over_asks_first_makes_the_seat_a_robots_and_keeps_the_table_readable(client):
    game = game_of(TRIO, "one_and_thirty")
    bob = token_for(game.id, 1)
    before = counts()
    asked = client.get(f"/s/{bob}/leave/hand-over")
    assert asked.status_code == 200
    assert "a robot plays your seat for the rest of the game" in asked.get_data(as_text=True)
    assert counts() == before                                    # asking changes nothing
    assert client.post(f"/s/{bob}/hand-over", data={}).status_code in (400, 403)   # no CSRF token: refused
    assert counts() == before

    assert form_post(client, bob, "/hand-over").status_code == 303
    assert notes_of(game.id, "handed_over") == [{"type": "note", "kind": "handed_over", "seat": 1}]
    left = [mail for mail in mails(game_id=game.id, kind="leaving")]
    assert sorted(mail.recipient for mail in left) == ["ann@example.org", "cy@example.org"]
    assert all("Bob has handed their seat to a robot" in text_of(mail) for mail in left)

    page = client.get(f"/s/{bob}")
    assert page.status_code == 200 and "You handed your seat to a robot" in page.get_data(as_text=True)
    assert "Bob (left: a robot plays on)" in page.get_data(as_text=True)
    assert 'action="/s/' + bob + '/move"' not in page.get_data(as_text=True)
    assert client.get(f"/api/seats/{bob}/position").status_code == 200
    assert "Bob handed their seat to a robot" in client.get(f"/s/{token_for(game.id, 0)}").get_data(as_text=True)
    before = counts()
    again = client.post(f"/api/seats/{bob}/hand-over", json={})
    assert again.status_code == 403 and counts() == before       # the seat is a robot's: the link acts no more
    assert client.post(f"/api/seats/{bob}/messages", json={"text": "hi"}).status_code == 403

    row = play_out(client, game.id, [0, 2])
    assert row.status == "over" and row.ending is None           # handing over changes no result
    over_mails = mails(game_id=game.id, kind="game_over")
    assert sorted(mail.recipient for mail in over_mails) == sorted(person["email"] for person in TRIO)
    bobs = next(mail for mail in over_mails if mail.recipient == "bob@example.org")
    assert "rematch" not in text_of(bobs) and "reply_to" not in bobs.context


def test_resigning_alone_plays_on_by_robot_until_one_player_is_left_who_wins(client):
    game = game_of(TRIO, "one_and_thirty")
    bob, cy = token_for(game.id, 1), token_for(game.id, 2)
    asked = client.get(f"/s/{bob}/leave/resign").get_data(as_text=True)
    assert "Resign: a robot plays your cards to the end, you cannot win, and the others play on" in asked
    assert "Bob" not in asked.split('id="leave-words">', 1)[1].split("</p>", 1)[0]     # Bob is told of himself as you
    answer = client.post(f"/api/seats/{bob}/resign", json={})
    assert answer.status_code == 201 and answer.json["status"] == "active" and answer.json["result"] is None
    assert answer.json["leaving"]["left"] == [{"seat": 1, "name": "Bob", "how": "resigned"}]
    assert game_row(game.id).status == "active"
    assert "Resign: Ann wins, the game ends" in client.get(f"/s/{cy}/leave/resign").get_data(as_text=True)

    assert form_post(client, cy, "/resign").status_code == 303
    row = game_row(game.id)
    words = "Bob and Cy resigned: Ann won"
    assert row.status == "over" and row.winners == [0] and row.ending["kind"] == "resigned"
    assert client.get(f"/api/games/{game.id}").json["result"] == {"winners": ["Ann"], "words": words}
    assert f"{words[0].upper()}{words[1:]}" in client.get(f"/s/{token_for(game.id, 0)}").get_data(as_text=True)
    assert all(f"is over: {words}." in text_of(mail) for mail in mails(game_id=game.id, kind="game_over"))
    assert len(mails(game_id=game.id, kind="game_over")) == 3
    assert f"Result: {words}." in client.get(f"/s/{bob}/record.txt").get_data(as_text=True)
    assert f"The game is over: {words}." in client.get(f"/s/{bob}/replay").get_data(as_text=True)
    _, entries = games_for_token(my_games_token(settings().signing_keys, "bob@example.org"))
    assert [entry["turn"] for entry in entries] == [f"over: {words}"]
    state, ended = log_outcome(events_of(game.id))
    assert (ended.over, list(ended.sides), ended.ending) == (True, row.winners, row.ending)


def test_a_resigned_player_never_shares_the_win_when_the_rules_end_the_game(client):
    game = game_of(TRIO, "one_and_thirty")
    assert client.post(f"/api/seats/{token_for(game.id, 1)}/resign", json={}).status_code == 201
    row = play_out(client, game.id, [0, 2])
    assert 1 not in row.winners and row.ending == {"kind": "resigned", "resigned": [1], "ended": False}
    words = client.get(f"/api/games/{game.id}").json["result"]["words"]
    assert words.startswith("Bob resigned; ")
    state, ended = log_outcome(events_of(game.id))
    assert list(ended.sides) == row.winners == [side for side in state.result().sides if side != 1]


def test_a_partnership_concedes_when_the_partner_agrees_by_the_api(client):
    game = game_of(QUARTET, "quinto")
    bob, di = token_for(game.id, 1), token_for(game.id, 3)
    asked = client.get(f"/s/{bob}/leave/resign").get_data(as_text=True)
    assert "you ask Di to agree that your side concedes" in asked and "Ann and Cy win, the game ends" in asked
    assert client.post(f"/api/seats/{bob}/resign", json={}).status_code == 201
    assert [mail.recipient for mail in mails(game_id=game.id, kind="leaving")] == ["di@example.org"]
    before = counts()
    repeated = client.post(f"/api/seats/{bob}/resign", json={})
    assert repeated.status_code == 409 and repeated.json["error"]["code"] == "already_asked" and counts() == before
    assert client.post(f"/api/seats/{token_for(game.id, 0)}/resign", json={"agree": True}).status_code == 409
    assert counts() == before
    table = client.get(f"/s/{di}").get_data(as_text=True)
    assert "Bob wants to resign and asks you to agree" in table and "Agree: Ann and Cy win, the game ends" in table

    answer = client.post(f"/api/seats/{di}/resign", json={"agree": True})
    assert answer.status_code == 201 and answer.json["status"] == "over"
    assert answer.json["result"] == {"winners": ["Ann", "Cy"], "words": "Bob and Di conceded: Ann and Cy won"}
    assert notes_of(game.id, "resigned") == [{"type": "note", "kind": "resigned", "seat": 1}]
    assert requests_of(game.id) == []


def test_a_partner_who_declines_at_the_table_hands_the_askers_seat_to_a_robot(client):
    game = game_of(QUARTET, "quinto")
    bob, di = token_for(game.id, 1), token_for(game.id, 3)
    assert form_post(client, bob, "/resign").status_code == 303
    assert form_post(client, di, "/concede", agree="no").status_code == 303
    assert game_row(game.id).status == "active"
    assert notes_of(game.id, "handed_over") == [{"type": "note", "kind": "handed_over", "seat": 1}]
    told = mails(game_id=game.id, kind="leaving")[1:]
    assert sorted(mail.recipient for mail in told) == [f"{name}@example.org" for name in ("ann", "bob", "cy", "di")]
    to_bob = next(mail for mail in told if mail.recipient == "bob@example.org")
    assert "/mail" not in text_of(to_bob)                          # no settings for a seat Bob left
    assert all("/mail" in text_of(mail) for mail in told if mail is not to_bob)
    players = client.get(f"/s/{token_for(game.id, 0)}").get_data(as_text=True)
    assert "Bob (left: a robot plays on)" in players
    move = client.post(f"/api/seats/{bob}/moves", json={"move": "pass", "seq": game_row(game.id).seq})
    assert move.status_code == 403


def test_resigning_with_a_robot_partner_concedes_at_once(client):
    game = start([{"name": "Ann", "email": "ann@example.org"}, *ROBOTS3])
    answer = client.post(f"/api/seats/{token_for(game.id, 0)}/resign")
    assert answer.status_code == 201
    assert answer.json["result"]["words"] == "Ann and Robot 3 conceded: Robot 2 and Robot 4 won"


def test_abandoning_needs_every_person_and_a_decline_ends_the_proposal(client):
    game = game_of(TRIO, "one_and_thirty")
    ann, bob, cy = (token_for(game.id, seat) for seat in range(3))
    assert client.post(f"/api/seats/{ann}/abandon", json={}).status_code == 201
    before = counts()
    for token, body, code in ((ann, {}, "already_proposed"), (ann, {"agree": True}, "already_answered")):
        answer = client.post(f"/api/seats/{token}/abandon", json=body)
        assert answer.status_code == 409 and answer.json["error"]["code"] == code
    for bad in ({"agree": "yes"}, {"agree": True, "more": 1}, [True]):
        assert client.post(f"/api/seats/{bob}/abandon", json=bad).status_code == 422
    assert counts() == before
    agreed = client.post(f"/api/seats/{bob}/abandon", json={"agree": True})
    assert agreed.json["leaving"]["abandon"]["waiting"] == ["Cy"]
    assert form_post(client, cy, "/abandon", agree="no").status_code == 303
    assert requests_of(game.id) == [] and game_row(game.id).status == "active"
    assert client.post(f"/api/seats/{bob}/abandon", json={"agree": True}).status_code == 409

    assert form_post(client, bob, "/abandon").status_code == 303
    assert client.post(f"/api/seats/{ann}/abandon", json={"agree": True}).status_code == 201
    assert form_post(client, cy, "/abandon", agree="yes").status_code == 303
    row = game_row(game.id)
    words = "abandoned by agreement: no result"
    assert (row.status, row.winners, row.ending) == ("over", [], {"kind": "abandoned"})
    assert notes_of(game.id, "abandoned") == [{"type": "note", "kind": "abandoned"}]
    assert client.get(f"/api/seats/{ann}").json["result"] == {"winners": [], "words": words}
    assert f"Abandoned by agreement: no result" in client.get(f"/s/{cy}").get_data(as_text=True)
    assert all(f"is over: {words}." in text_of(mail) for mail in mails(game_id=game.id, kind="game_over"))
    assert f"The game is over: {words}." in client.get(f"/s/{ann}/replay").get_data(as_text=True)
    assert f"Result: {words}." in client.get(f"/s/{ann}/record.txt").get_data(as_text=True)
    assert client.post(f"/api/seats/{ann}/abandon", json={}).status_code == 409


def test_a_proposal_to_abandon_lapses_when_a_new_deal_begins(client):
    game = game_of(TRIO, "one_and_thirty")
    assert client.post(f"/api/seats/{token_for(game.id, 0)}/abandon", json={}).status_code == 201
    deal = requests_of(game.id)[0].deal
    while game_row(game.id).status == "active" and log_outcome(events_of(game.id))[0].deals == deal:
        play_out_one(client, game.id)
    if game_row(game.id).status == "active":
        assert client.get(f"/api/seats/{token_for(game.id, 1)}").json["leaving"]["abandon"] is None
        assert client.post(f"/api/seats/{token_for(game.id, 1)}/abandon", json={"agree": True}).status_code == 409


def play_out_one(client, game_id):
    play_robot_turns(game_id)
    for seat in range(3):
        token = token_for(game_id, seat)
        legal = client.get(f"/api/seats/{token}").json["view"]["legal"]
        if legal:
            client.post(f"/api/seats/{token}/moves", json={"move": legal[0], "seq": game_row(game_id).seq})
            return


def last_timeout_seat(game_id):
    return notes_of(game_id, "timeout")[-1]["seat"]


def test_the_creator_ends_a_game_the_others_missed_three_deadlines_in(client):
    game = start(people(2) + ROBOTS3[:2], game="one_and_thirty")
    confirm_address("bob@example.org")
    ann = token_for(game.id, 0)
    refused = client.post(f"/api/seats/{ann}/end", json={})
    assert refused.status_code == 409 and refused.json["error"]["code"] == "not_idle"
    missed = {0: 0, 1: 0}
    while missed[1] < 3:                                # Ann's own missed deadlines never count
        assert "End this game" not in client.get(f"/s/{ann}").get_data(as_text=True)
        play_robot_turns(game.id)
        row = game_row(game.id)
        assert enforce_deadline(game.id, row.due_at + timedelta(seconds=1)) == "robot"
        missed[last_timeout_seat(game.id)] += 1
        play_robot_turns(game.id)
    assert "End this game" in client.get(f"/s/{ann}").get_data(as_text=True)
    assert "the other players have let 3 deadlines in a row pass without a move of their own" in client.get(f"/s/{ann}/leave/end").get_data(as_text=True)
    assert form_post(client, ann, "/end").status_code == 303
    row = game_row(game.id)
    assert (row.status, row.winners, row.ending) == ("over", [], {"kind": "no_moves", "deadlines": 3})
    assert notes_of(game.id, "ended") == [{"type": "note", "kind": "ended", "reason": "no_moves", "deadlines": 3}]
    assert client.get(f"/api/seats/{ann}").json["result"]["words"] == (
        "ended by its creator after 3 deadlines passed without a move: no result")


def test_the_creators_own_missed_deadlines_never_let_them_end_the_game(client):
    # A Quinto to 1,000 points: four of Ann's turns cannot finish it, whatever the deal.
    game = start([{"name": "Ann", "email": "ann@example.org"}, *ROBOTS3], options={"target": 1000})
    ann = token_for(game.id, 0)
    for _ in range(4):
        play_robot_turns(game.id)
        row = game_row(game.id)
        assert enforce_deadline(game.id, row.due_at + timedelta(seconds=1)) == "robot"
        play_robot_turns(game.id)
    assert {note["seat"] for note in notes_of(game.id, "timeout")} == {0}
    assert "End this game" not in client.get(f"/s/{ann}").get_data(as_text=True)
    before = counts()
    refused = client.post(f"/api/seats/{ann}/end", json={})
    assert refused.status_code == 409 and refused.json["error"]["code"] == "not_idle" and counts() == before


def test_a_creator_whose_own_silence_paused_the_game_cannot_end_it(client, monkeypatch):
    game = start(people(2) + ROBOTS3[:1], game="one_and_thirty", timeout_policy="pause", move_time="24h")
    confirm_address("bob@example.org")
    ann, bob = token_for(game.id, 0), token_for(game.id, 1)
    while True:                                         # Bob moves himself until the move is Ann's
        play_robot_turns(game.id)
        if client.get(f"/api/seats/{ann}").json["view"]["legal"]:
            break
        legal = client.get(f"/api/seats/{bob}").json["view"]["legal"]
        assert client.post(f"/api/seats/{bob}/moves", json={"move": legal[0], "seq": game_row(game.id).seq}).status_code == 201
    missed = game_row(game.id).due_at
    assert enforce_deadline(game.id, missed + timedelta(seconds=1)) == "pause" and last_timeout_seat(game.id) == 0
    clock_at(monkeypatch, missed + timedelta(days=30))
    assert "End this game" not in client.get(f"/s/{ann}").get_data(as_text=True)
    before = counts()
    refused = client.post(f"/api/seats/{ann}/end", json={})
    assert refused.status_code == 409 and refused.json["error"]["code"] == "paused_by_you" and counts() == before
    assert "your own time to move ran out" in refused.json["error"]["message"]


def test_the_creator_ends_a_game_paused_for_as_long_as_three_deadlines(client, monkeypatch):
    game = start(people(2) + ROBOTS3[:1], game="one_and_thirty", timeout_policy="pause", move_time="24h")
    confirm_address("bob@example.org")
    ann = token_for(game.id, 0)
    play_robot_turns(game.id)
    missed = game_row(game.id).due_at
    assert enforce_deadline(game.id, missed + timedelta(seconds=1)) == "pause"
    assert game_row(game.id).status == "paused"
    clock_at(monkeypatch, missed + timedelta(hours=47))    # 1 deadline, and 1 more
    assert "End this game" not in client.get(f"/s/{ann}").get_data(as_text=True)
    assert client.post(f"/api/seats/{ann}/end", json={}).status_code == 409
    clock_at(monkeypatch, missed + timedelta(hours=49))    # 1, and 2 more move times
    assert "End this game" in client.get(f"/s/{ann}").get_data(as_text=True)
    assert client.post(f"/api/seats/{ann}/end", json={}).status_code == 201
    assert game_row(game.id).ending == {"kind": "no_moves", "deadlines": 3}


def test_only_the_creator_may_end_a_game(client):
    game = game_of(TRIO, "one_and_thirty")
    before = counts()
    answer = client.post(f"/api/seats/{token_for(game.id, 1)}/end")
    assert answer.status_code == 403 and answer.json["error"]["code"] == "not_creator" and counts() == before


def test_a_rematch_puts_a_robot_in_the_seat_of_a_player_who_left_and_mails_them_nothing(client):
    game = game_of(TRIO, "one_and_thirty")
    assert client.post(f"/api/seats/{token_for(game.id, 1)}/hand-over").status_code == 201
    play_out(client, game.id, [0, 2])
    assert client.post(f"/api/seats/{token_for(game.id, 0)}/rematch", json={}).status_code == 201
    assert client.post(f"/api/seats/{token_for(game.id, 2)}/rematch", json={"answer": "yes"}).status_code == 201
    with database().reading() as session:
        new_id = session.execute(select(Rematch.new_game_id).where(Rematch.game_id == game.id)).scalar()
        seats = seats_of(session, new_id)
    robots = [(seat.name, seat.email) for seat in seats.values() if seat.robot]
    assert robots == [("Robot for Bob", None)]
    assert not mails(game_id=new_id, recipient="bob@example.org")


def test_a_pasted_record_of_an_abandoned_game_replays_and_a_resigned_note_must_name_a_player(client):
    game = game_of(TRIO, "one_and_thirty")
    for seat in range(3):
        body = {} if seat == 0 else {"agree": True}
        assert client.post(f"/api/seats/{token_for(game.id, seat)}/abandon", json=body).status_code == 201
    record = client.get(f"/api/games/{game.id}/record").get_data(as_text=True)
    token = csrf_from(client.get("/replay").get_data(as_text=True))
    last = client.post("/replay", data={"csrf_token": token, "record": record, "step": str(len(record.splitlines()))})
    assert last.status_code == 200
    assert "The game is over: abandoned by agreement: no result." in last.get_data(as_text=True)
    unfinished = record.replace('"kind": "abandoned"}', '"kind": "resigned", "seat": 7}')
    assert unfinished != record
    refused = client.post("/replay", data={"csrf_token": token, "record": unfinished})
    assert refused.status_code == 422 and "a resigned note names a player&#39;s seat" in refused.get_data(as_text=True)


def test_one_who_left_reads_later_talk_as_a_watcher_does(client):
    game = start(people(3) + ROBOTS3[:1])
    for address in ("bob@example.org", "cy@example.org"):
        confirm_address(address)
    ann, bob, cy = (token_for(game.id, number) for number in range(3))
    talk.let_watchers_read(ann, True)
    assert client.post(f"/api/seats/{cy}/messages", json={"text": "before Bob left"}).status_code == 201
    assert client.post(f"/api/seats/{bob}/hand-over").status_code == 201
    for token, text in ((cy, "Cy, for the players only"), (ann, "Ann, for anyone")):
        assert client.post(f"/api/seats/{token}/messages", json={"text": text}).status_code == 201
    read = [message["text"] for message in client.get(f"/api/seats/{bob}").json["messages"]]
    whole = [message["text"] for message in client.get(f"/api/seats/{bob}/messages").json["messages"]]
    page = client.get(f"/s/{bob}").get_data(as_text=True)
    assert read == whole == ["before Bob left", "Ann, for anyone"]
    assert "before Bob left" in page and "Ann, for anyone" in page and "Cy, for the players only" not in page
    assert "Cy, for the players only" in [message["text"] for message in
                                          client.get(f"/api/seats/{ann}/messages").json["messages"]]
