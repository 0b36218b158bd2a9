"""Every page through the Flask test client: lobby, table, moves by form, rules, my games, mailbox."""

import re

import pytest
from markupsafe import escape
from sqlalchemy import select

from app import create_app
from app.context import database
from app.standings.anchors import anchor_rating
from app.store.models import Seat
from engine import all_games
from engine.robots import robot_levels

from conftest import html_of, make_config, text_of
from app_helpers import (ROBOTS3, confirm_by_page, counts, csrf_from, events_of, four_people, game_row, lobby_form,
                         mails, people_game, play_to_the_end, seat_path, set_up, start, token_for)


def test_health_answers_ok(client):
    assert client.get("/health").data == b"ok\n"


def test_every_page_names_its_icon_and_favicon_ico_leads_to_it(client):
    href = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', client.get("/").get_data(as_text=True))[1]
    icon = client.get(href)
    assert icon.status_code == 200 and icon.mimetype == "image/svg+xml" and b"<svg" in icon.data
    icon.close()
    answer = client.get("/favicon.ico")
    assert answer.status_code == 302 and answer.location == href


def test_home_and_lobby_list_every_game_quinto_first(client):
    home = client.get("/").get_data(as_text=True)
    assert re.findall(r'href="/lobby/(\w+)"', home)[0] == "quinto"
    assert sorted(set(re.findall(r'href="/lobby/(\w+)"', home))) == sorted(all_games())
    lobby = client.get("/lobby").get_data(as_text=True)
    choices = re.findall(r'<input type="radio" id="game_\w+" name="game" value="(\w+)"( checked)?>', lobby)
    assert choices[0] == ("quinto", " checked"), "Quinto is listed first and chosen"
    assert [name for name, checked in choices if checked] == ["quinto"]
    assert sorted(name for name, _ in choices) == sorted(all_games())
    for game in all_games().values():
        assert game.title in home and game.title in lobby


def test_the_lobby_leads_to_the_chosen_games_form(client):
    answer = client.get("/lobby?game=sueca")
    assert answer.status_code == 303 and answer.location.endswith("/lobby/sueca")
    assert client.get("/lobby?game=whist").status_code == 404


def test_robot_seats_default_to_the_good_player_and_offer_the_expert(client):
    page = client.get("/lobby/quinto").get_data(as_text=True)
    chosen = dict(re.findall(r'<select id="(seat\d_kind)".*?<option value="(\w+)" selected>', page))
    assert chosen == {"seat0_kind": "person", "seat1_kind": "strong", "seat2_kind": "strong", "seat3_kind": "strong"}
    assert robot_levels()[-1] == "expert", "the levels are registered weakest first"
    assert '<option value="expert">a robot (expert): an expert</option>' in page
    expert = round(anchor_rating("quinto", "expert"))
    assert f"a little harder to beat (rated {expert:,})." in page and 'href="/ratings/quinto"' in page
    form = lobby_form(client)
    form.update(chosen)
    answer = client.post("/lobby/quinto", data=form)
    assert answer.status_code == 303
    with database().reading() as session:
        game_id = answer.location.rsplit("/", 1)[1]
        robots = session.execute(select(Seat.robot).where(Seat.game_id == game_id).order_by(Seat.seat)).scalars()
        assert list(robots) == [None, "strong", "strong", "strong"]


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_game_has_a_lobby_form_and_a_rules_page(client, name):
    game = all_games()[name]
    for players in game.players:
        page = client.get(f"/lobby/{name}?players={players}").get_data(as_text=True)
        for option in game.options:
            assert (f'name="option_{option.name}"' in page) == option.applies_to(players)
            if option.applies_to(players):
                assert option.title in page and str(escape(option.help)) in page
        assert page.count('name="seat') >= 3 * players
    rules = client.get(f"/rules/{name}")
    rules_page = rules.get_data(as_text=True)
    assert rules.status_code == 200 and game.title in rules_page
    assert re.findall(r"<h1\b[^>]*>(.*?)</h1>", rules_page) == [game.title], "one heading: the fragment's"


def test_unknown_game_pages_are_404(client):
    assert client.get("/rules/whist").status_code == 404
    assert b"no game called" in client.get("/lobby/whist").data


def test_starting_a_game_from_the_lobby(client):
    answer = client.post("/lobby/quinto", data=lobby_form(client))
    assert answer.status_code == 303 and "/started/" in answer.location
    assert b"mailbox" in client.get(answer.location).data
    game_id = answer.location.rsplit("/", 1)[1]
    row = game_row(game_id)
    assert row.options["target"] == 300 and row.move_time == 86400 and row.status == "unconfirmed"
    assert events_of(game_id)[0]["options"]["dummy_exposed_after_opening_lead"] is False
    assert [mail.kind for mail in mails()] == ["confirm"]
    confirmed = confirm_by_page(client, "ann@example.org")
    assert confirmed.status_code == 303 and confirmed.location == seat_path(mails(kind="invite")[0])
    assert game_row(game_id).status == "active"


def test_lobby_errors_are_shown_and_write_nothing(client):
    before = counts()
    answer = client.post("/lobby/quinto", data=lobby_form(client, seat0_email="nobody"))
    assert answer.status_code == 422 and b"is not an email address" in answer.data
    assert b'value="nobody"' in answer.data            # the form keeps what was typed
    assert counts() == before


def test_forms_need_the_csrf_token(client):
    before = counts()
    form = lobby_form(client)
    form["csrf_token"] = "forged"
    assert client.post("/lobby/quinto", data=form).status_code == 400
    del form["csrf_token"]
    assert client.post("/lobby/quinto", data=form).status_code == 400
    assert counts() == before


def test_the_table_shows_the_seat_and_its_legal_moves(client):
    game, path = people_game()
    page = client.get(path).get_data(as_text=True)
    assert "you are Bo" in page and "Your move" in page
    assert 'value="double"' in page and 'value="pass"' in page and 'value="redouble"' not in page
    assert page.count('class="card ') >= 12
    assert 'name="seq" value="1"' in page
    assert all(re.fullmatch(r'<script src="/static/[\w.]+\.js" defer>', tag)
               for tag in re.findall(r"<script[^>]*>", page))                 # no inline script: it works without
    assert client.head(path).status_code == 200


def test_a_move_by_form_redirects_back_to_the_table(client):
    game, path = people_game()
    page = client.get(path).get_data(as_text=True)
    answer = client.post(path + "/move", data={"csrf_token": csrf_from(page), "seq": "1", "move": "double"})
    assert answer.status_code == 303 and answer.location.endswith(path)
    assert events_of(game.id)[-1] == {"type": "move", "seat": 1, "move": "double"}
    assert "Bo double" in client.get(path).get_data(as_text=True)


@pytest.mark.parametrize("fields, status, message", [
    ({"seq": "1", "move": "AS"}, 422, "cannot play"),
    ({"seq": "1", "move": "nonsense"}, 422, "not a card"),
    ({"seq": "x", "move": "pass"}, 422, "seq must be"),
])
def test_refused_form_moves_show_the_table_with_a_message(client, fields, status, message):
    game, path = people_game()
    page = client.get(path).get_data(as_text=True)
    before = counts()
    answer = client.post(path + "/move", data={"csrf_token": csrf_from(page), **fields})
    assert answer.status_code == status
    assert message in answer.get_data(as_text=True) and "you are Bo" in answer.get_data(as_text=True)
    assert counts() == before


def test_names_are_escaped_in_pages_and_mails(client):
    start([{"name": "<script>alert(1)</script>", "email": "ann@example.org"}, *ROBOTS3])
    for sent in mails():
        assert "<script>" not in html_of(sent) and "&lt;script&gt;" in html_of(sent)
    mail = mails(kind="invite")[0]
    page = client.get(seat_path(mail)).get_data(as_text=True)
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    box = client.get("/dev/mailbox").get_data(as_text=True)
    assert "<script>" not in box


def test_a_finished_game_reveals_hands_and_replays_step_by_step(client):
    game = start([{"name": "Ann", "email": "ann@example.org"}, *ROBOTS3], options={"target": 50})
    token = token_for(game.id, 0)
    assert client.get(f"/s/{token}/replay?step=1").status_code == 403
    play_to_the_end(client, game.id, token)
    page = client.get(f"/s/{token}").get_data(as_text=True)
    assert "The game is over" in page and "All hands" in page and "/replay?step=1" in page
    total = len(events_of(game.id))
    first = client.get(f"/s/{token}/replay?step=1").get_data(as_text=True)
    assert f"Event 1 of {total}" in first and "The game begins: Ann, " in first
    third = client.get(f"/s/{token}/replay?step=3").get_data(as_text=True)
    assert "Robot 2" in third and len(re.findall(r'class="card ', third)) == 53 - 5
    assert client.get(f"/s/{token}/replay?step={total + 1}").status_code == 422


def test_the_replay_shows_every_hand_in_a_game_without_a_dummy(client):
    game = start([{"name": "Ann", "email": "ann@example.org"}, *ROBOTS3], game="sueca")
    token = token_for(game.id, 0)
    play_to_the_end(client, game.id, token)
    assert f"/s/{token}/replay?step=1" in client.get(f"/s/{token}").get_data(as_text=True)
    hands = client.get(f"/s/{token}/replay?step=3").get_data(as_text=True).split("<h2>Hands</h2>")[1]
    assert "none" not in hands and len(re.findall(r'class="card ', hands)) == 40 - 1


def test_confirmation_page_and_button(client):
    game = set_up(four_people())
    link = re.search(r"http://localhost(/confirm/\S+)", text_of(mails()[0])).group(1)
    before = counts()
    for _ in range(3):
        page = client.get(link)
        assert page.status_code == 200 and b"Confirm and start" in page.data and b"Quinto, set up" in page.data
    assert counts() == before
    answer = client.post(link, data={"csrf_token": csrf_from(page.get_data(as_text=True))})
    assert answer.status_code == 303 and answer.location.startswith("/s/")
    assert len(mails(kind="invite")) == 4 and game_row(game.id).status == "active"
    used = client.get(link)                                        # once used, it shows the game it started
    assert used.status_code == 200 and b"This link started your game" in used.data and answer.location.encode() in used.data
    assert client.get("/confirm/forged.token").status_code == 403


def test_my_games_by_mail(client, dispatched):
    from app.play.mygames import mail_my_games

    set_up(four_people())
    page = client.get("/my-games").get_data(as_text=True)
    for email in ("bob@example.org", "ann@example.org"):
        answer = client.post("/my-games", data={"csrf_token": csrf_from(page), "email": email})
        assert answer.status_code == 200 and b"on its way" in answer.data
    # The requests only handed look-ups to the workers; Bob is not mailed before Ann confirms.
    assert mails(kind="my_games") == [] and [email for email, _ in dispatched.my_games] == [
        "bob@example.org", "ann@example.org"]
    assert [mail_my_games(*request) for request in dispatched.my_games] == [False, True]
    (mail,) = mails(kind="my_games")
    link = re.search(r"http://localhost(/my-games/\S+)", text_of(mail)).group(1)
    listing = client.get(link).get_data(as_text=True)
    assert "Quinto" in listing and 'href="/s/' in listing
    bad = client.post("/my-games", data={"csrf_token": csrf_from(page), "email": "x"})
    assert bad.status_code == 422
    assert client.get("/my-games/forged").status_code == 403


def test_mailbox_shows_every_mail_with_clickable_links(client):
    start()
    page = client.get("/dev/mailbox").get_data(as_text=True)
    assert '<a href="http://localhost/s/' in page and '<a href="http://localhost/unsubscribe/' in page
    listed = client.get("/dev/mailbox.json").json["mails"]
    assert listed[0]["kind"] == "invite" and listed[0]["to"] == "ann@example.org" and "/s/" in listed[0]["text"]


def test_the_mailbox_is_off_with_smtp_settings(tmp_path, database_url):
    production = create_app(make_config(tmp_path, database_url, dev_mailbox=False, smtp_host="smtp.example.org"))
    assert production.test_client().get("/dev/mailbox").status_code == 404
    assert production.test_client().get("/dev/mailbox.json").status_code == 404
    assert b"Mailbox" not in production.test_client().get("/").data
    production.extensions["cachette"]["db"].dispose()


def test_players_are_listed_plainly_a_robot_marked_only_where_its_name_does_not_say_it(client):
    game = start([{"name": "Ann", "email": "ann@example.org"}, {"robot": "random", "name": "Hal"}, *ROBOTS3[:2]])
    listed = "Ann, Hal (robot), Robot 3, Robot 4"
    assert f"Players: {listed}." in client.get(f"/s/{token_for(game.id, 0)}").get_data(as_text=True)
    [invite] = mails(kind="invite")
    assert f"Players: {listed}" in text_of(invite) and f"Players: {listed}." in html_of(invite)
    assert "(robot)" not in text_of(mails(kind="confirm")[0]).replace("Hal (robot)", "")


def test_a_finished_game_offers_no_deadline_vacation_or_time_settings(client):
    game = start([{"name": "Ann", "email": "ann@example.org"}, *ROBOTS3], options={"target": 50})
    token = token_for(game.id, 0)
    playing = client.get(f"/s/{token}").get_data(as_text=True)
    assert 'id="seat-settings"' in playing and "days left in this game" in playing and "Time per move" in playing
    play_to_the_end(client, game.id, token)
    for path in (f"/s/{token}", f"/s/{token}/mail"):
        page = client.get(path).get_data(as_text=True)
        assert "The game is over" in page or "This game is over" in page
        for offered in ('id="seat-settings"', "vacation", "days left", "Time per move", "time zone", ", due "):
            assert offered not in page, (path, offered)
    assert client.get(f"/s/{token}/table").get_data(as_text=True).count("due") == 0
