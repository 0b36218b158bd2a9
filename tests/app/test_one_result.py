"""One result, said the same way everywhere: a One-and-Thirty game that ends 20 to 20 reads "Ann and Bob shared
first place" on the table, in the game-over mail, a reply's answer and the digest, in "My games", in the API,
in the replay and in the readable record; and its finished felt counts the cards the hands hold."""

import re

from sqlalchemy import update

from app.context import database
from app.store.models import MAIL_HELD, Outbox
from app.mail_out import digests
from app.play import moves
from app.store import record
from app.play.mygames import list_path

from app_helpers import game_row, mails, people, start, state_of, token_for
from conftest import text_of, html_of
from test_service import StackedShuffle

WORDS = "Ann and Bob shared first place"


def tied_game(monkeypatch):
    """Ann and Bob, two deals of the same pack: the hands change places with the dealer, both always stick,
    so each wins the deal the other loses and both end with the 20 counters they began with."""
    monkeypatch.setattr(record.secrets, "SystemRandom", StackedShuffle(1))
    game = start(people(2), game="one_and_thirty")
    while (row := game_row(game.id)).status != "over":
        seat = row.to_move[0]
        legal = state_of(game.id).legal_moves(seat)
        moves.submit_move(token_for(game.id, seat), "stick" if "stick" in legal else legal[0], row.seq)
    return game_row(game.id)


def test_a_shared_first_place_reads_the_same_everywhere(client, monkeypatch):
    game = tied_game(monkeypatch)
    assert game.scores == [20, 20] and game.winner is None and game.winners == [0, 1]
    token = token_for(game.id, 0)

    table = client.get(f"/s/{token}").get_data(as_text=True)
    assert f"The game is over. <strong>{WORDS}</strong>." in table
    [over] = mails(kind="game_over", recipient="ann@example.org")
    assert f"is over: {WORDS}." in text_of(over) and f"is over: <strong>{WORDS}</strong>." in html_of(over)

    listed = client.get(list_path("ann@example.org")).get_data(as_text=True)
    assert f"over: {WORDS}" in listed and "nobody" not in listed

    expected = {"winners": ["Ann", "Bob"], "words": WORDS}
    assert client.get(f"/api/games/{game.id}").json["result"] == expected
    assert client.get(f"/api/seats/{token}").json["result"] == expected

    last = client.get(f"/s/{token}/replay?step={game.seq + 1}").get_data(as_text=True)
    assert f"The game is over: {WORDS}." in last
    text = client.get(f"/s/{token}/record.txt").get_data(as_text=True)
    assert f"The game is over: {WORDS}." in text and f"Final scores: Ann 20, Bob 20.\nResult: {WORDS}." in text


def test_a_digest_of_a_finished_game_says_who_won(client, monkeypatch):
    game = tied_game(monkeypatch)
    with database().writing() as session:       # the game-over mail held, as for a seat that takes a digest
        session.execute(update(Outbox).where(Outbox.kind == "game_over", Outbox.seat == 0).values(status=MAIL_HELD))
    assert digests.queue_digest(game.id, 0) == 1
    [digest] = mails(kind="digest")
    assert f"The game is over: {WORDS}." in text_of(digest) and "your move" not in text_of(digest)


def test_a_running_game_has_no_result_yet(client):
    game = start(people(2), game="one_and_thirty")
    assert game.winners is None
    assert client.get(f"/api/games/{game.id}").json["result"] is None
    assert client.get(f"/api/seats/{token_for(game.id, 0)}").json["result"] is None


def test_the_finished_felt_counts_the_cards_the_hands_show(client, monkeypatch):
    game = tied_game(monkeypatch)
    table = client.get(f"/s/{token_for(game.id, 0)}").get_data(as_text=True)
    boxes = re.findall(r'<div class="seat[^"]*" id="seat-\d">(.*?)</div>', table, re.S)
    assert len(boxes) == 2 and all("0 cards" in box for box in boxes)
    assert re.search(r'<h2 class="hand-title">Your hand</h2>\s*<p class="muted">No cards.</p>', table)
