"""The table (and the turn mail) show each game's public facts of the deal: trumps, the turn-up, card order, penalties."""

import html
import re

import pytest

from app.words.present import card_html, rank_order_words, suit_words
from app.play.moves import play_robot_turns, submit_move
from engine import all_games

from conftest import html_of, text_of
from app_helpers import game_row, mails, people, start, state_of, token_for

ANN = {"name": "Ann", "email": "ann@example.org"}


def table_page(client, name, players=None):
    game = all_games()[name]
    players = players or game.players[0]
    row = start([ANN] + [{"robot": "random"}] * (players - 1), game=name)
    play_robot_turns(row.id)
    page = client.get(f"/s/{token_for(row.id, 0)}").get_data(as_text=True)
    return state_of(row.id).view(0), html.unescape(page)


@pytest.mark.parametrize("name", sorted(set(all_games()) - {"quinto"}))
def test_trumps_and_the_turn_up_are_on_the_table(client, name):
    view, page = table_page(client, name)
    if "trump" not in view:     # a game without tricks has no trumps to speak of
        assert "Trumps" not in page and "No trumps" not in page
    elif view["trump"]:
        assert f"Trumps: {suit_words(view['trump'])}" in page.replace("<strong>", "").replace("</strong>", "")
    elif view.get("turn_up") and view.get("phase") != "play":     # a turn-up only proposes trumps
        assert "Trumps: not settled yet" in page and "No trumps" not in page
    else:
        assert "No trumps" in page
    if view.get("turn_up"):
        assert "Turned up" in page and html.unescape(card_html(view["turn_up"])) in page


def test_an_unusual_card_order_is_spelled_out(client):
    _, page = table_page(client, "polignac")
    assert "Card order in each suit, high to low: " + rank_order_words("KQJAT987") in page
    assert "Jack penalties taken this deal: Ann" in page


def test_two_handed_catch_the_ten_shows_the_hands_in_turn_and_the_counting_cards(client):
    view, page = table_page(client, "catch_the_ten", players=2)
    assert view["hands_each"] == 3
    assert "Each player plays 3 hands in turn" in page
    assert "Counting cards: " in page and "Counting points taken this deal: " in page


def test_quinto_has_no_trump_line(client):
    _, page = table_page(client, "quinto")
    assert "Trumps" not in page and "No trumps" not in page


def test_the_dealer_is_told_to_discard_in_reunion(client):
    view, page = table_page(client, "reunion")
    assert view["phase"] == "discard" and view["legal"]
    assert "As the dealer, lay away 2 cards" in page and "never an Ace or a Bower" in page


def turn_mails(name):
    row = start([ANN, *[{"robot": "random"}] * 3], game=name)
    play_robot_turns(row.id)
    return state_of(row.id).view(0), mails(kind="your_turn", game_id=row.id)


def test_the_turn_mail_names_trumps_in_a_trump_game_only(client):
    view, [turn] = turn_mails("sueca")
    assert f"Trumps: {suit_words(view['trump'])}." in text_of(turn)
    _, quinto_turns = turn_mails("quinto")
    assert quinto_turns and all("Trumps" not in text_of(mail) for mail in quinto_turns)


@pytest.mark.parametrize("name, spoken", [("quinto", "Double"), ("all_fours", "Stand")])
def test_spoken_moves_are_explained_beside_their_buttons(client, name, spoken):
    robot = {"robot": "random"}
    row = start([robot, ANN, *[robot] * (all_games()[name].players[0] - 2)], game=name)   # Ann speaks first
    assert state_of(row.id).to_move == [1]
    page = html.unescape(client.get(f"/s/{token_for(row.id, 1)}").get_data(as_text=True))
    assert f"<strong>{spoken}</strong>: {all_games()[name].move_hints[spoken.lower()]}" in page


def test_nobody_is_said_to_lead_while_quinto_calls_its_doubles(client):
    view, page = table_page(client, "quinto")
    assert view["phase"] == "doubling" and view["legal"]
    assert "to lead" not in page


@pytest.mark.parametrize("calls, reason", [
    (["double", "pass"], "You may only pass: {partner} doubled for your side, and a side cannot redouble its own double."),
    (["double", "redouble"], "You may only pass: {right} redoubled {partner}'s double, and a deal is doubled and "
                             "redoubled once at most."),
])
def test_quinto_says_why_a_seat_may_only_pass(client, calls, reason):
    row = start(people(4))
    state = state_of(row.id)
    names = [seat["name"] for seat in people(4)]
    eldest = state.to_move[0]
    for seat, call in zip((eldest, (eldest + 1) % 4), calls):
        submit_move(token_for(row.id, seat), call, game_row(row.id).seq)
    third = (eldest + 2) % 4     # the partner of the first to speak, who doubled
    assert state_of(row.id).view(third)["legal"] == ["pass"]
    words = reason.format(partner=names[eldest], right=names[(eldest + 1) % 4])
    page = html.unescape(client.get(f"/s/{token_for(row.id, third)}").get_data(as_text=True))
    assert words in re.sub(r"<[^>]+>", "", page)
    [turn] = [mail for mail in mails(kind="your_turn", game_id=row.id) if mail.seat == third]
    assert words in text_of(turn) and words in html.unescape(html_of(turn))
    other = html.unescape(client.get(f"/s/{token_for(row.id, (eldest + 3) % 4)}").get_data(as_text=True))
    assert "You may only pass" not in other, "no reason is given to a seat whose move it is not"
