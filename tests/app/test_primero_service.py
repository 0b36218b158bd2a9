"""Primero through the service: the lobby offers it, the table offers each vying move as a button or a labelled
list, a move posted from the table's form is recorded, and the turn mail names the bets and the choices."""

import html
import re

from app.play.moves import play_robot_turns
from conftest import confirm_address, text_of
from app_helpers import csrf_from, events_of, game_row, mails, people, state_of, token_for

ANN = {"name": "Ann", "email": "ann@example.org"}
ROBOT = {"robot": "simple"}


def test_primero_is_played_from_the_table(client):
    assert "Primero" in client.get("/lobby").get_data(as_text=True)
    assert client.get("/rules/primero").status_code == 200
    created = client.post("/api/games", json={"game": "primero", "seats": [ROBOT, ANN, ROBOT, ROBOT]})
    assert created.status_code == 201
    confirm_address(ANN["email"])
    game_id = created.json["id"]
    token = token_for(game_id, 1)
    moves_made = 0
    while moves_made < 6 and not state_of(game_id).over:
        play_robot_turns(game_id)
        state = state_of(game_id)
        if state.over or state.to_move != [1]:
            break
        page = client.get(f"/s/{token}").get_data(as_text=True)
        legal = state.legal_moves(1)
        # Moves are buttons and lists, never typed (the page's one text box is table talk).
        assert 'name="move"' in page and not re.search(r'<textarea[^>]*name="move"', page) and 'type="text"' not in page
        behind = state.round.behind(1)
        if any(move.startswith("vie ") for move in legal):        # a button for each vie, saying what it costs
            assert re.search(r'<button type="submit" name="move" value="vie 1">Vie: put in %d' % (behind + 1), page)
        if any(move.startswith("bid ") for move in legal):        # the few bids worth making, any other folded away
            offered = state.view(1)["offered_bids"]
            assert offered and len(offered) <= 10
            assert f'<button type="submit" name="move" value="{offered[0]["move"]}">Bid {offered[0]["words"]}' in page
            assert '<details id="other-bids">' in page and '<optgroup label="Primero">' in page
        if "fold" in legal:
            assert '<button type="submit" name="move" value="fold">Fold' in page
        if "see" in legal:
            see = f"See: {min(behind, state.scores[1])} more"
            assert f'<button type="submit" name="move" value="see">{see}</button>' in page
        text = re.sub(r"<[^>]+>", "", html.unescape(page))
        assert "The vying" in text and "The bet to match" in text
        # Ann stays in: a fold would leave her no turn (and no turn mail) for the rest of a deal the robots may
        # vie to the end of the game.
        move = "see" if "see" in legal else ("keep" if "keep" in legal else sorted(set(legal) - {"fold"})[0])
        before = game_row(game_id).seq
        answer = client.post(f"/s/{token}/move", data={"move": move, "seq": before, "csrf_token": csrf_from(page)})
        assert answer.status_code == 303
        assert events_of(game_id)[before + 1] == {"type": "move", "seat": 1, "move": move}
        moves_made += 1
    assert moves_made >= 1
    turns = mails(kind="your_turn", game_id=game_id)
    assert turns
    for mail in turns:
        body = text_of(mail)
        assert "The bet to match is" in body and "You may: " in body and "Bid: " in body
        assert "Your hand is worth " in body


def test_the_felt_holds_the_bets_and_only_the_exchanging_seat_is_asked_to_exchange(client):
    created = client.post("/api/games", json={"game": "primero", "seats": people(2)})
    confirm_address("ann@example.org")
    game_id = created.json["id"]
    tokens = [token_for(game_id, seat) for seat in range(2)]
    vier = state_of(game_id).to_move[0]
    other = 1 - vier
    names = ["Ann", "Bob"]
    for move in ("vie 2", "bid numerus 20"):
        page = client.get(f"/s/{tokens[vier]}").get_data(as_text=True)
        answer = client.post(f"/s/{tokens[vier]}/move", data={"move": move, "seq": game_row(game_id).seq,
                                                               "csrf_token": csrf_from(page)})
        assert answer.status_code == 303
    assert state_of(game_id).phase == "exchange"
    mine, theirs = (client.get(f"/s/{tokens[seat]}").get_data(as_text=True) for seat in (vier, other))
    assert "Exchange now" in mine and "Exchange now" not in theirs
    assert f"{names[vier]} may exchange cards now" in theirs
    for page in (mine, theirs):     # the bet lies before the vier, the bets' total in the middle
        assert f'id="chips-{vier}">bet <strong>2</strong>' in page
        assert 'id="felt-pot">Bets on the table <strong>2</strong>' in page and "in stock" in page
    for seat, page in ((vier, mine), (other, theirs)):   # each is told what its own two cards are worth
        worth = state_of(game_id).view(seat)["hand_worth"]
        assert html.escape(f"{worth['words']}: {worth['why']}", quote=False) in page
