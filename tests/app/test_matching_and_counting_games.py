"""Noddy and Laugh and Lie Down through the service: lobby, table, moves by form and API, robots, the end."""

import html
import re


from app.store.models import STATUS_OVER
from app.words.present import choice_label, move_choices, move_label
from app.play.moves import play_robot_turns
from conftest import confirm_address, text_of
from app_helpers import csrf_from, events_of, game_row, mails, state_of, token_for

ANN = {"name": "Ann", "email": "ann@example.org"}
STRONG = {"robot": "strong"}


def words(page):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html.unescape(page)))


def play_to_the_end(client, game_id, token, expect_on_page):
    """Ann plays her first legal move by form (the buttons) each turn, robots in between; returns her pages."""
    pages = []
    while True:
        play_robot_turns(game_id)
        if game_row(game_id).status == STATUS_OVER:
            return pages
        page = client.get(f"/s/{token}").get_data(as_text=True)
        pages.append(page)
        view = client.get(f"/api/seats/{token}").json["view"]
        move = view["legal"][0]
        assert re.search(rf'<button type="submit" name="move" value="{re.escape(move)}"', page), "a button per move"
        for text in expect_on_page:
            assert text in words(page), text
        answer = client.post(f"/s/{token}/move", data={"move": move, "seq": game_row(game_id).seq,
                                                       "csrf_token": csrf_from(page)})
        assert answer.status_code == 303


def start(client, game, seats, options=None):
    lobby = words(client.get("/lobby").get_data(as_text=True))
    assert "Matching and counting games" in lobby
    assert client.get(f"/lobby/{game}").status_code == 200 and client.get(f"/rules/{game}").status_code == 200
    created = client.post("/api/games", json={"game": game, "seats": seats, "options": options or {}})
    assert created.status_code == 201
    confirm_address(ANN["email"])
    return created.json["id"]


def test_noddy_is_played_to_the_end_with_its_counts_in_words(client):
    game_id = start(client, "noddy", [ANN, STRONG])
    token = token_for(game_id, 0)
    pages = play_to_the_end(client, game_id, token, ["Up card", "Count of the play", "The count of the play is",
                                                      "Your hand's count:", "The count of the hands"])
    state = state_of(game_id)
    assert state.over and max(state.scores) >= 31 and pages
    assert any("Knave Noddy is the Jack of" in words(page) for page in pages)
    final = words(client.get(f"/s/{token}").get_data(as_text=True))
    assert "Last deal" in final and "The game is over." in final
    counts = [count["words"] for deal in state.history for count in deal["counts"]]
    assert any(text.startswith(("fifteen", "a pair", "a run", "a flush")) for text in counts)
    assert any(count["words"] in final for count in state.history[-1]["counts"])
    turns = mails(kind="your_turn", game_id=game_id)
    assert turns and not any("(count " in text_of(mail) for mail in turns), "no count read as the hand's"
    assert all("The count of the play is " in text_of(mail) and "You may lay:" in text_of(mail) for mail in turns)
    assert all("Your hand's count (your three cards as dealt, with the up card) was " in text_of(mail) for mail in turns)
    deal_ends = mails(kind="deal_end", game_id=game_id)
    assert all("'s count: " in text_of(mail) for mail in deal_ends)
    assert client.get(f"/s/{token}/replay?step=3").status_code == 200


def test_noddys_up_card_lies_apart_labelled_and_each_card_says_the_count_it_makes(client):
    game_id = start(client, "noddy", [ANN, STRONG])
    token = token_for(game_id, 0)
    play_robot_turns(game_id)
    while not state_of(game_id).view(0)["pile"]:     # Ann lays a card, so the pile is not empty
        view = state_of(game_id).view(0)
        if view["legal"]:
            client.post(f"/api/seats/{token}/moves", json={"move": view["legal"][0], "seq": game_row(game_id).seq})
        play_robot_turns(game_id)
    state = state_of(game_id)
    view = state.view(0)
    page = html.unescape(client.get(f"/s/{token}").get_data(as_text=True))
    felt = page[page.index('id="felt"'):page.index("</section>")]
    up_card = felt[felt.index('id="felt-up-card"'):]
    up_card = words(up_card[:up_card.index("</div>")])
    assert "Up card" in up_card and move_label(view["up_card"]) in up_card, "the up card lies apart, labelled"
    assert words(felt).count(move_label(view["up_card"])) == 1, "and only there, not among the played cards"
    assert f'Count of the play</span><strong class="felt-number">{view["play_count"]}</strong>' in felt
    if view["legal"]:
        lay = view["lays"][0]
        assert f'aria-label="Lay {move_label(lay["card"])} (count {lay["count"]})' in page


def test_laugh_and_lie_down_shows_the_table_the_captures_and_every_payment(client):
    game_id = start(client, "laugh_and_lie_down", [ANN] + [STRONG] * 4, {"deals": 2})
    token = token_for(game_id, 0)
    pages = play_to_the_end(client, game_id, token, ["Pot:", "On the table, face up, to match by rank", "Laid by:",
                                                      "Counters:", "What your cards can take from the table now"])
    assert all("aria-label=\"Take " in page for page in pages), "each capture button says what it takes"
    state = state_of(game_id)
    assert state.over and sum(state.scores) == 100 and state.ledger.pot == 0
    assert pages, "Ann had a turn"
    final = words(client.get(f"/s/{token}").get_data(as_text=True))
    assert "Last settlement (deal 2)" in final and "was the last player in" in final
    assert "puts 2 in the pool: a player's stake" in final or "puts 3 in the pool: the dealer's stake" in final
    [over] = mails(kind="game_over", game_id=game_id)
    assert "Final scores: Ann " in text_of(over)
    assert all("was the last player in" in text_of(mail) for mail in mails(kind="deal_end", game_id=game_id))
    turns = [text_of(mail) for mail in mails(kind="your_turn", game_id=game_id)]
    assert turns and all("On the table, face up: " in text and "Your cards can take: " in text for text in turns)
    assert all("the pot holds " in text for text in turns)


def test_declared_lay_downs_are_buttons_with_their_words(client):
    game_id = start(client, "laugh_and_lie_down", [ANN] + [{"robot": "random"}] * 4, {"lay_downs": "declared"})
    token = token_for(game_id, 0)
    for _ in range(40):
        play_robot_turns(game_id)
        state = state_of(game_id)
        if state.over:
            break
        legal = client.get(f"/api/seats/{token}").json["view"]["legal"]
        spoken = [move for move in legal if " " in move]
        page = client.get(f"/s/{token}").get_data(as_text=True)
        for _, verb_moves in move_choices(spoken):   # a lay-down alone is a button; several of one verb, a list
            for move in verb_moves:
                if len(verb_moves) == 1:
                    assert f'value="{move}">{html.escape(state.action_words(0, move))}</button>' in page
                else:
                    assert f'<option value="{move}">{choice_label(move)}</option>' in page
        seq = game_row(game_id).seq
        assert client.post(f"/api/seats/{token}/moves", json={"move": (spoken or legal)[0], "seq": seq}).status_code == 201
    assert [event for event in events_of(game_id) if event["type"] == "move" and event["seat"] == 0]
