"""The new-game form: options that apply, with their labels and help; partners and seats numbered 1 to n;
the number of players changed without losing what was typed."""

import re

from engine import all_games

from app_helpers import counts, csrf_from, lobby_form


def options_offered(page):
    return re.findall(r'name="option_(\w+)"', page)


def test_an_option_for_four_players_only_is_offered_for_four_only(client):
    [game] = [game for game in all_games().values() if any(option.players for option in game.options)][:1]
    limited = next(option for option in game.options if option.players)
    for players in game.players:
        page = client.get(f"/lobby/{game.name}?players={players}").get_data(as_text=True)
        assert (limited.name in options_offered(page)) == (players in limited.players)
        assert len(options_offered(page)) == sum(option.applies_to(players) for option in game.options)


def test_every_option_declares_a_label_and_a_line_of_help():
    for game in all_games().values():
        for option in game.options:
            assert option.title and option.help and "\n" not in option.help, (game.name, option.name)


def test_seats_are_numbered_one_to_n_and_partners_are_shown_as_partners(client):
    for game in all_games().values():
        for players in game.players:
            page = client.get(f"/lobby/{game.name}?players={players}").get_data(as_text=True)
            numbers = [int(number) for number in re.findall(r"<legend>Seat (\d+)", page)]
            assert numbers == list(range(1, players + 1)), (game.name, players)
            seating = game.seating(players, {name: option.default_for(players) for name, option in
                                             ((option.name, option) for option in game.options)})
            assert ("partner of seat" in page) == seating.partnerships, (game.name, players)


def test_a_four_seat_partnership_names_the_partner_opposite(client):
    page = client.get("/lobby/quinto?players=4").get_data(as_text=True)
    legends = re.findall(r"<legend>(Seat \d[^<]*)</legend>", page)
    assert legends == ["Seat 1 (partner of seat 3)", "Seat 2 (partner of seat 4)", "Seat 3 (partner of seat 1)",
                       "Seat 4 (partner of seat 2)"]


def test_changing_the_number_of_players_keeps_what_was_typed_and_starts_nothing(client):
    game = next(game for game in all_games().values() if len(game.players) > 1)
    few, many = sorted(game.players)[0], sorted(game.players)[-1]
    page = client.get(f"/lobby/{game.name}?players={few}").get_data(as_text=True)
    assert 'name="change_players"' in page and "<form method=\"get\"" not in page
    before = counts()
    form = {"csrf_token": csrf_from(page), "players": str(many), "change_players": "1", "seat0_kind": "person",
            "seat0_name": "Ann <&>", "seat0_email": "ann@example.org", "seat1_name": "Bob", "move_time": "7d",
            "timeout_policy": "pause"}
    answer = client.post(f"/lobby/{game.name}", data=form)
    again = answer.get_data(as_text=True)
    assert answer.status_code == 200 and counts() == before
    assert again.count("<legend>Seat ") == many
    assert 'value="Ann &lt;&amp;&gt;"' in again and 'value="ann@example.org"' in again and 'value="Bob"' in again
    assert '<option value="7d" selected>' in again and '<option value="pause" selected>' in again
    assert f'<option value="{many}" selected>' in again


def test_changing_the_number_of_players_is_not_counted_as_a_new_game(client):
    page = client.get("/lobby/quinto").get_data(as_text=True)
    for _ in range(12):       # more than the ten new games an hour a client may start
        form = {"csrf_token": csrf_from(page), "players": "4", "change_players": "1"}
        assert client.post("/lobby/quinto", data=form).status_code == 200
    assert client.post("/lobby/quinto", data=lobby_form(client)).status_code == 303
