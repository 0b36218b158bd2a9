"""Mail about now, never about the past: turn mails and reminders are dropped once their seat has moved past
their position or a newer one replaces them, whatever the seat's mail setting; a mail that goes later is written
for the position when it goes, with the seat's links as they are then; a turn mail tells what happened since
the player's last move, naming no card the player may not know. On SQLite and PostgreSQL, with a real SMTP
server on loopback."""

import re

import pytest

from app.play.links import read_reply_token, read_seat_token
from app.context import settings
from app.store.models import MAIL_DIGEST, MAIL_DROPPED, MAIL_QUEUED, MAIL_SENT, Outbox, Seat
from app.play import games, moves, new_links
from app.words.present import hand_order, move_label
from engine import all_games, find_game, replay
from engine.cards import parse_card
from engine.seat_record import cards_named, seat_record
from app.mail_out import outbox
from app.mail_out.outbox import close_sender

from conftest import app_in_context, confirmation_token, text_of
from worker_fixtures import smtp, worker_config  # noqa: F401  (fixtures)
from worker_helpers import (ANN, ROBOTS3, csrf_from, events_of, game_row, outbox as rows, person_moves,
                            play_until_person, seat_row, set_row, start, start_confirmed, token_for)
from worker_helpers import later, send_due, text_body

SHOWN_CARD = re.compile(r"(?:10|[2-9AKQJ])[♠♥♦♣]|Joker")


@pytest.fixture
def app(tmp_path, database_url, dispatched, smtp):
    """The worker tests' app, with replies by mail on (so turn mails carry a reply address)."""
    with app_in_context(worker_config(tmp_path, database_url, smtp, inbound_domain="localhost")) as application:
        yield application
        close_sender(application)


@pytest.fixture
def client(app):
    return app.test_client()


def legal_now(game_id):
    state = replay(events_of(game_id))
    return state, state.legal_moves(state.to_move[0])


def test_playing_at_the_table_then_leaving_brings_one_mail_about_the_position_now(app, client, smtp, monkeypatch):
    game = start()
    outbox.deliver(rows(kind="invite")[0].id)
    token = token_for(game.id, 0)
    for count in range(14):  # five moves or more at the table, the robots answering each
        state = play_until_person(game.id)
        if count >= 5 and [row for row in rows(kind="your_turn", game_id=game.id) if row.status != MAIL_DROPPED]:
            break            # (a turn won by Ann's own card brings her no mail: play on until one waits)
        page = client.get(f"/s/{token}").get_data(as_text=True)
        send_due()                                             # held: the player is at the table
        answer = client.post(f"/s/{token}/move", data={"csrf_token": csrf_from(page), "seq": game_row(game.id).seq,
                                                       "move": state.legal_moves(state.to_move[0])[0]})
        assert answer.status_code == 303
    turns = rows(kind="your_turn", game_id=game.id)
    assert len(turns) >= 3 and [row.status for row in turns[:-1]] == [MAIL_DROPPED] * (len(turns) - 1)
    later(monkeypatch, settings().presence_seconds + 1)
    before = len(smtp.recorder.messages())
    send_due()
    send_due()
    [message] = smtp.recorder.messages()[before:]                  # one mail, not a burst
    view = state.view(0)
    text = text_body(message)
    assert "Your hand: " + " ".join(move_label(card) for card in hand_order(view["hand"])) in text
    _, _, version, seq = read_reply_token(settings().signing_keys, message["Reply-To"].split("+")[1].split("@")[0])
    assert seq == game_row(game.id).seq and f"deal {view['deal']}" in message["Subject"]


@pytest.mark.parametrize("setting", ["away", "each", "digest", "none"])
def test_under_every_setting_turns_already_taken_are_never_mailed(app, smtp, setting):
    game = start()
    set_row(Seat, seat_row(game.id, 0).id, mail_preference=setting)
    outbox.deliver(rows(kind="invite")[0].id)
    for count in range(14):  # moves made through the API, no mail sent between them (a worker behind)
        play_until_person(game.id)
        unsent = [row for row in rows(kind="your_turn", game_id=game.id) if row.status != MAIL_DROPPED]
        if count >= 4 and unsent:      # (a turn won by Ann's own card brings her no mail)
            break
        _, legal = legal_now(game.id)
        moves.submit_move(token_for(game.id, 0), legal[0], game_row(game.id).seq)
    assert len(unsent) == 1 and unsent[0].seq == game_row(game.id).seq
    assert rows(kind="your_turn", game_id=game.id, status=MAIL_DROPPED)
    before = len(smtp.recorder.messages())
    outcomes = send_due()
    sent = smtp.recorder.messages()[before:]
    assert len(sent) == (1 if setting in ("away", "each") else 0)
    if setting == MAIL_DIGEST:
        assert list(outcomes.values()).count("held") == 1


def test_a_turn_mail_queued_for_a_position_passed_is_dropped_when_sent(app, smtp):
    """A row left queued for a position the seat has moved past (one a worker held in a race, or written
    before the outbox dropped them) is not sent, though the turn is the seat's again."""
    game = start()
    outbox.deliver(rows(kind="invite")[0].id)
    play_until_person(game.id)
    old = rows(kind="your_turn", game_id=game.id)[-1]
    state, legal = legal_now(game.id)
    moves.submit_move(token_for(game.id, 0), legal[0], game_row(game.id).seq)
    play_until_person(game.id)
    set_row(Outbox, old.id, status=MAIL_QUEUED)
    assert outbox.deliver(old.id) == MAIL_DROPPED
    assert smtp.recorder.messages()[1:] == []


def test_a_turn_mail_is_written_for_the_position_when_it_is_sent(app, smtp):
    game = start()
    state = play_until_person(game.id)
    turn = rows(kind="your_turn", game_id=game.id)[-1]
    stale = dict(turn.context, hand=["A♠"], choices="nothing")
    set_row(Outbox, turn.id, context=stale, subject="an old subject")
    assert outbox.deliver(turn.id) == MAIL_SENT
    [message] = [m for m in smtp.recorder.messages() if m["Message-ID"] == turn.message_id]
    text = text_body(message)
    assert "an old subject" not in message["Subject"] and "Your hand: A♠\n" not in text
    assert "Your hand: " + " ".join(move_label(card) for card in hand_order(state.view(0)["hand"])) in text
    assert rows(id=turn.id)[0].subject == message["Subject"]              # the row keeps what was sent


def test_no_mail_carries_a_link_replaced_after_it_was_queued(app, client, smtp):
    game = start()
    play_until_person(game.id)
    old_token = token_for(game.id, 0)
    invite, turn = rows(kind="invite")[0], rows(kind="your_turn", game_id=game.id)[-1]
    new_links.send_new_link(old_token)
    new_token = token_for(game.id, 0)
    assert client.get(f"/s/{old_token}").status_code == 403
    for row in (invite, turn):
        assert outbox.deliver(row.id) == MAIL_SENT
    for message in smtp.recorder.messages():
        text = text_body(message)
        assert f"/s/{old_token}" not in text and f"/s/{new_token}" in text
        reply_to = message["Reply-To"]
        if reply_to:
            _, _, version, _ = read_reply_token(settings().signing_keys, reply_to.split("+")[1].split("@")[0])
            assert version == read_seat_token(settings().signing_keys, new_token)[2]


def test_a_turn_mail_tells_the_calls_by_name_the_partners_too_and_who_won_each_trick(app, smtp):
    cy = {"name": "Cy", "email": "cy@example.org"}
    game = start_confirmed([ANN, ROBOTS3[0], cy, ROBOTS3[1]])    # Ann and Cy are partners
    cys_call, stories = None, []
    for _ in range(60):
        state = play_until_person(game.id)
        told_trick = any("won the trick." in story and " played " in story for story in stories)
        if state.over or (cys_call and told_trick):
            break
        mover, legal = state.controller(state.to_move[0]), state.legal_moves(state.to_move[0])
        if mover == 0:
            queued = [row for row in rows(kind="your_turn", seat=0, game_id=game.id) if row.status == MAIL_QUEUED]
            if queued and outbox.deliver(queued[-1].id) == MAIL_SENT:
                [message] = [m for m in smtp.recorder.messages() if m["Message-ID"] == queued[-1].message_id]
                stories.append(text_body(message))
            move = "pass" if "pass" in legal else legal[0]
        elif state.phase == "doubling":            # Cy, whose partner always passes, may double or redouble
            move = cys_call = "double" if "double" in legal else "redouble"
        else:
            move = legal[0]
        moves.submit_move(token_for(game.id, mover), move, game_row(game.id).seq)
    assert cys_call and any(f"Your partner Cy said {cys_call}." in story for story in stories), stories
    assert all("Since your last move:" in story for story in stories)
    # (a trick Ann won with the last card, her own, brings her a turn mail telling only that)
    trick_told = next(story for story in stories if "won the trick." in story and " played " in story)
    assert re.search(r"(Robot \d|Your partner Cy) played (10|[2-9AKQJ])[♠♥♦♣]\.", trick_told), trick_told
    assert re.search(r"\n  (You|Robot \d|Your partner Cy) won the trick\.\n", trick_told), trick_told


@pytest.mark.parametrize("name", sorted(all_games()))
def test_the_story_since_the_last_move_names_no_card_the_player_may_not_know(app, smtp, name):
    engine_game = find_game(name)
    players = engine_game.players[0]
    game = games.create_game({"game": name, "seats": [ANN] + [{"robot": "random"}] * (players - 1)})
    games.confirm_address(confirmation_token(game.creator_email))
    told = 0
    for _ in range(6):
        state = play_until_person(game.id)
        if state.over:
            break
        turn = [row for row in rows(kind="your_turn", seat=0, game_id=game.id) if row.status == MAIL_QUEUED]
        if turn and outbox.deliver(turn[-1].id) == MAIL_SENT:
            sent = rows(id=turn[-1].id)[0]
            known = cards_named(seat_record(events_of(game.id), 0)) | cards_named(state.view(0))
            for line in sent.context["since"]:
                named = {parse_card(shown.replace("10", "T")) for shown in SHOWN_CARD.findall(line)}
                assert named <= known, (line, named - known)
            told += len(sent.context["since"])
        legal = state.legal_moves(state.to_move[0])
        moves.submit_move(token_for(game.id, 0), legal[0], game_row(game.id).seq)
    assert told or state.over


def test_quintos_deal_end_mail_says_which_side_scored_each_quint(app):
    game = start()                         # Ann and three robots: Ann and Robot 3 against Robot 2 and Robot 4
    for _ in range(40):
        if rows(kind="deal_end", game_id=game.id, seat=0):
            break
        person_moves(game.id, 0)
    end = rows(kind="deal_end", game_id=game.id, seat=0)[0]
    quints = end.context["finished"]["quints"]
    assert quints, "a deal of Quinto without a quint"
    text = text_of(end)
    for quint in quints:
        side = "Ann and Robot 3" if quint["side"] == 0 else "Robot 2 and Robot 4"
        assert f"({quint['points']} to {side})" in text, text
