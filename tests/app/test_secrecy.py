"""No seat's page, API answer or mail holds another seat's hidden cards, over random games.

The truth comes from a full replay of the log: the cards in hands the seat's
view does not show, and the cachette until it is taken. Only the first deal
is checked, since later deals' histories legitimately show the same cards
played in earlier deals.
"""

import json
import random
import re

import pytest

from app.services.games import confirm_game
from engine.cards import display

from conftest import html_of, text_of
from app_helpers import four_people, mails, start, state_of, token_for

CONFIRM = "http://localhost/confirm/"


def hidden_from(state, seat):
    view = state.view(seat)
    hidden = set()
    for other, hand in enumerate(view["hands"]):
        if hand is None:
            hidden |= set(state.hands[other])
    if not state.cachette_taken:
        hidden |= set(state.cachette)
    return hidden


def unseen_by_a_player_of_four(state, seat):
    played = {card for _, cards, _ in state.tricks for _, card in cards} | {card for _, card in state.trick}
    taken = set(state.cachette) if state.cachette_taken else set()
    return set(state.full_pack()) - set(state.hands[seat]) - played - taken


def shown_labels(html):
    return set(re.findall(r">(10[♠♣♦♥]|[AKQJ2-9][♠♣♦♥]|Joker)<", html))


def shown_in_text(text, cards):
    return [card for card in cards if re.search(rf"(?<![0-9A-Za-z]){re.escape(display(card))}", text)]


@pytest.mark.parametrize("players, seed", [(4, 1), (4, 2), (3, 3)])
def test_no_seat_sees_hidden_cards(client, players, seed):
    rng = random.Random(seed)
    game = start(four_people()[:players])
    confirm_game(text_of(mails(kind="confirm")[0]).split(CONFIRM)[1].split()[0])
    state = state_of(game.id)
    tokens = {seat: token_for(game.id, seat) for seat in state.player_seats()}
    checked_mails = set()
    checks = 0
    while state.deals == 1 and not state.over:
        for seat, token in tokens.items():
            hidden = hidden_from(state, seat)
            if players == 4:
                assert hidden == unseen_by_a_player_of_four(state, seat)
            page = client.get(f"/s/{token}").get_data(as_text=True)
            leaked = shown_labels(page) & {display(card) for card in hidden}
            assert {display(card) for card in state.view(seat)["hand"]} <= shown_labels(page)  # the check can see cards
            assert not leaked, (seat, leaked)
            answer = json.dumps(client.get(f"/api/seats/{token}").json)
            assert not [card for card in hidden if f'"{card}"' in answer], seat
            for mail in mails(seat=seat):
                if mail.id not in checked_mails:
                    checked_mails.add(mail.id)
                    assert not shown_in_text(text_of(mail) + html_of(mail), hidden), (seat, mail.kind)
            checks += 1
        mover = state.to_move[0]
        token = tokens[state.controller(mover)]
        seq = client.get(f"/api/seats/{token}").json["seq"]
        move = rng.choice(state.legal_moves(mover))
        assert client.post(f"/api/seats/{token}/moves", json={"move": move, "seq": seq}).status_code == 201
        state = state_of(game.id)
    assert checks > 100 and (state.deals == 2 or state.over)
