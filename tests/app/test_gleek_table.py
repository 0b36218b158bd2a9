"""Gleek through the service: the lobby offers it, the table offers bids as a choice of amount and the
vying as buttons, every payment is shown with its reason, and the turn mail says what was bet so far."""

import html
import re

from app.play.moves import play_robot_turns
from conftest import confirm_address, text_of
from app_helpers import csrf_from, events_of, game_row, mails, people, state_of, token_for


def page_text(client, token):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.unescape(client.get(f"/s/{token}").get_data(as_text=True))))


def post_move(client, token, move):
    page = client.get(f"/s/{token}").get_data(as_text=True)
    answer = client.post(f"/s/{token}/move", data={"move": move, "seq": game_row_seq(page),
                                                  "csrf_token": csrf_from(page)})
    assert answer.status_code == 303, answer.get_data(as_text=True)[:500]


def game_row_seq(page):
    return re.search(r'name="seq" value="(\d+)"', page).group(1)


def test_the_lobby_offers_gleek_and_its_rules_page_says_what_is_decided(client):
    lobby = html.unescape(client.get("/").get_data(as_text=True)) + html.unescape(client.get("/new").get_data(as_text=True))
    assert "Gleek" in lobby
    rules = html.unescape(client.get("/rules/gleek").get_data(as_text=True))
    assert "Tiddy" in rules and "our decision" in rules and "mournival of Aces" in rules


def test_a_deal_begins_through_the_table_and_the_mails(client):
    created = client.post("/api/games", json={"game": "gleek", "seats": people(3)})
    assert created.status_code == 201
    confirm_address("ann@example.org")
    game_id = created.json["id"]
    state = state_of(game_id)
    tokens = [token_for(game_id, seat) for seat in range(3)]
    bidder = state.to_move[0]
    page = client.get(f"/s/{tokens[bidder]}").get_data(as_text=True)
    # the bids are one choice of amounts, each saying what the buyer pays, with one button; pass is a button
    assert '<button type="submit" name="move" value="pass">Pass: out of the auction</button>' in page
    assert re.search(r'<select name="move" id="move-bid"><option value="bid 13">Bid 13: pay 6 to each other player '
                     r'and 1 to the pot</option>.*<option value="bid 22">Bid 22: pay 11 to each other player</option>'
                     r'</select>', page)
    text = page_text(client, tokens[bidder])
    assert "The deal: the auction for the stock" in text and "The bid stands at 12" in text
    assert "Bid : offer more than the last bid for the stock" in text and " N " not in text
    assert "Ruff" in text.split("Your hand")[1].split("Bid for the stock")[0]     # what the hand holds
    post_move(client, tokens[bidder], "bid 13")
    assert events_of(game_id)[-1] == {"type": "move", "seat": bidder, "move": "bid 13"}
    after = state_of(game_id).to_move[0]
    [turn] = [mail for mail in mails(kind="your_turn", game_id=game_id) if mail.seat == after][-1:]
    body = text_of(turn)
    names = ["Ann", "Bob", "Cy"]
    eldest = (state.dealer + 1) % 3
    assert f"Bets so far: {names[eldest]}: bid 12; {names[bidder]}: bid 13." in body
    assert "You may: bid (14 to 23, 10 choices) or pass." in body and "Counters: Ann " in body
    # both others pass: the bidder buys the stock and pays half the bid to each, the odd counter to the pot
    post_move(client, tokens[after], "pass")
    post_move(client, tokens[state_of(game_id).to_move[0]], "pass")
    state = state_of(game_id)
    assert state.buyer == bidder and state.phase == "discard"
    seen_by_other = page_text(client, tokens[eldest])
    assert f"{names[bidder]} pays {names[eldest]} 6 for the stock: half the bid of 13" in seen_by_other
    assert f"{names[bidder]} puts 1 in the pot for the stock: the odd counter of the bid of 13" in seen_by_other
    for card in sorted(state.hands[bidder])[:7]:
        post_move(client, tokens[bidder], card)
    state = state_of(game_id)
    assert state.phase == "ruff"
    opener = state.to_move[0]
    assert '<button type="submit" name="move" value="vie 2">Vie the ruff: put in 2</button>' in client.get(
        f"/s/{tokens[opener]}").get_data(as_text=True)
    post_move(client, tokens[opener], "vie 2")
    text = page_text(client, tokens[opener])
    assert f"{names[opener]} vied 2" in text and "puts 2 in the pot to vie the ruff" in text
    assert re.search(r'id="chips-%d">in the ruff <strong>2</strong>' % opener,
                     client.get(f"/s/{tokens[opener]}").get_data(as_text=True))
    play_robot_turns(game_id)
    assert game_row(game_id).seq == len(events_of(game_id)) - 1
