"""The service layer on both databases: starting, confirming, moving, dealing, robots."""

import random

import pytest

from app.store.models import STATUS_ACTIVE, STATUS_OVER, STATUS_UNCONFIRMED
from app.play import games, moves
from app.store import record
from app.errors import BadInput, Conflict
from app.store.record import replay_game
from app.context import database
from engine import all_games

from conftest import confirmation_token, text_of
from app_helpers import ROBOTS3, counts, events_of, four_people, game_row, mails, set_up, start, state_of, token_for


def test_start_writes_start_deal_seats_and_one_mail(app, dispatched):
    game = start()
    events = events_of(game.id)
    assert [event["type"] for event in events] == ["start", "deal"]
    assert events[0]["options"]["target"] == 250          # defaults are recorded
    assert sorted(events[1]["deck"]) == sorted(all_games()["quinto"](4, {}, 0).full_pack())
    row = game_row(game.id)
    assert row.status == STATUS_ACTIVE and row.seq == 1 and row.due_at is not None
    sent = mails()
    assert [(mail.kind, mail.recipient) for mail in sent] == [("confirm", "ann@example.org"),
                                                               ("invite", "ann@example.org")]
    assert dispatched.outbox_ids == [mail.id for mail in sent]


def test_deals_are_shuffled_differently(app):
    decks = {tuple(events_of(start().id)[1]["deck"]) for _ in range(3)}
    assert len(decks) == 3


def test_robot_to_move_is_handed_to_the_dispatcher(app, dispatched):
    # Seat 1 (eldest hand, left of dealer 0) calls first: a robot here.
    game = start()
    assert dispatched.robot_game_ids == [game.id]


def test_nobody_but_the_creator_is_mailed_before_confirmation(app, dispatched):
    game = set_up(four_people())
    assert game_row(game.id).status == STATUS_UNCONFIRMED
    assert game_row(game.id).due_at is None
    assert [(mail.kind, mail.recipient) for mail in mails()] == [("confirm", "ann@example.org")]
    token = text_of(mails()[0]).split("/confirm/")[1].split()[0]
    address, [creator] = games.confirm_address(token)
    assert address == "ann@example.org" and creator.name == "Ann"
    assert game_row(game.id).status == STATUS_ACTIVE
    invites = mails(kind="invite")
    assert sorted(mail.recipient for mail in invites) == sorted(f"{n}@example.org" for n in ("ann", "bob", "cy", "di"))
    assert games.confirm_address(token) == ("ann@example.org", None)   # a link used before changes nothing
    assert len(mails(kind="invite")) == 4


def test_moves_wait_for_confirmation(app):
    game = set_up(four_people())
    with pytest.raises(Conflict) as refused:
        moves.submit_move(token_for(game.id, 1), "pass", 1)
    assert refused.value.code == "not_confirmed"


@pytest.mark.parametrize("data, code", [
    ({"game": "nope", "seats": []}, "unknown_game"),
    ({"game": "quinto", "seats": [{"name": "A", "email": "a@example.org"}]}, "bad_seats"),
    ({"game": "quinto", "seats": [{"robot": "random"}] * 4}, "no_creator"),
    ({"game": "quinto", "seats": [{"name": "A", "email": "not-an-address"}, *ROBOTS3]}, "bad_email"),
    ({"game": "quinto", "seats": [{"name": "", "email": "a@example.org"}, *ROBOTS3]}, "bad_name"),
    ({"game": "quinto", "seats": [{"name": "A\x07", "email": "a@example.org"}, *ROBOTS3]}, "bad_name"),
    ({"game": "quinto", "seats": [{"name": "A", "email": "a@example.org"}, {"robot": "genius"}, *ROBOTS3[:2]]},
     "bad_robot"),
    ({"game": "quinto", "options": {"target": 5}, "seats": [{"name": "A", "email": "a@example.org"}, *ROBOTS3]},
     "bad_option"),
    ({"game": "quinto", "options": {"colour": 1}, "seats": [{"name": "A", "email": "a@example.org"}, *ROBOTS3]},
     "bad_option"),
    ({"game": "quinto", "move_time": "soon", "seats": [{"name": "A", "email": "a@example.org"}, *ROBOTS3]},
     "bad_move_time"),
    ({"game": "quinto", "move_time": "1m", "seats": [{"name": "A", "email": "a@example.org"}, *ROBOTS3]},
     "bad_move_time"),
    ({"game": "quinto", "timeout_policy": "forfeit", "seats": [{"name": "A", "email": "a@example.org"}, *ROBOTS3]},
     "bad_timeout_policy"),
    ({"game": "quinto", "seats": [{"name": "A", "email": "a@example.org"}, *ROBOTS3], "extra": 1}, "unknown_field"),
])
def test_bad_start_requests_write_nothing(app, data, code):
    before = counts()
    with pytest.raises(BadInput) as refused:
        games.create_game(data)
    assert refused.value.code == code
    assert counts() == before


def test_a_move_appends_one_event_and_updates_the_summary(app):
    game = start([{"name": "Ann", "email": "ann@example.org"}, {"name": "Bo", "email": "ann@example.org"},
                  *ROBOTS3[:2]])
    token = token_for(game.id, 1)          # seat 1 calls first
    result = moves.submit_move(token, "PASS", 1)
    assert result.move == "pass" and result.seq == 2
    assert events_of(game.id)[-1] == {"type": "move", "seat": 1, "move": "pass"}
    row = game_row(game.id)
    assert row.seq == 2 and row.to_move == [2]


@pytest.mark.parametrize("move, seq, error, code", [
    ("pass", 0, Conflict, "stale_seq"),
    ("pass", 5, Conflict, "stale_seq"),
    ("AS", 1, BadInput, None),            # a card during the doubling round
    ("redouble", 1, BadInput, "illegal_move"),
    ("ZZ", 1, BadInput, "bad_notation"),
    ("", 1, BadInput, "bad_notation"),
    (None, 1, BadInput, "bad_notation"),
    ("pass", "1", BadInput, "bad_seq"),
    ("pass", None, BadInput, "bad_seq"),
])
def test_refused_moves_write_nothing(app, dispatched, move, seq, error, code):
    game = start([{"name": "Ann", "email": "ann@example.org"}, {"name": "Bo", "email": "ann@example.org"},
                  *ROBOTS3[:2]])
    before, dispatched_before = counts(), list(dispatched.outbox_ids)
    with pytest.raises(error) as refused:
        moves.submit_move(token_for(game.id, 1), move, seq)
    if code:
        assert refused.value.code == code
    assert counts() == before
    assert dispatched.outbox_ids == dispatched_before


def test_a_seat_out_of_turn_is_refused(app):
    game = start()
    with pytest.raises(BadInput) as refused:
        moves.submit_move(token_for(game.id, 0), "pass", 1)    # seat 1 calls first
    assert refused.value.code == "not_your_turn"


def test_robots_play_until_a_person_is_to_move_and_deals_follow(app, dispatched):
    game = start()
    assert moves.play_robot_turns(game.id) == 3            # seats 1, 2, 3 call; Ann (seat 0) is next
    row = game_row(game.id)
    assert row.to_move == [0]
    assert all(event.get("by") == "robot" for event in events_of(game.id)[2:])
    assert moves.play_robot_turns(game.id) == 0
    # Play Ann's moves until the first deal is over: the service draws the next deal itself.
    token = token_for(game.id, 0)
    while sum(event["type"] == "deal" for event in events_of(game.id)) < 2:
        state = state_of(game.id)
        moves.submit_move(token, state.legal_moves(0)[0], game_row(game.id).seq)
        moves.play_robot_turns(game.id)
    state = state_of(game.id)
    assert state.deals == 2
    with database().reading() as session:
        _, replayed = replay_game(session, game.id)
    row = game_row(game.id)
    assert row.scores == list(replayed.scores) and row.to_move == list(replayed.to_move)
    assert any(mail.kind == "your_turn" for mail in mails())


def test_a_whole_robot_game_ends_with_result_mails(app):
    game = start([{"name": "Ann", "email": "ann@example.org"}, *ROBOTS3[:2]],
                 options={"target": 50})
    token = token_for(game.id, 0)
    while game_row(game.id).status != STATUS_OVER:
        moves.play_robot_turns(game.id)
        row = game_row(game.id)
        if row.status == STATUS_OVER:
            break
        state = state_of(game.id)
        seat = row.to_move[0]
        assert state.controller(seat) == 0             # only Ann (and her dummy, seat 2) is left to move
        moves.submit_move(token, state.legal_moves(seat)[0], row.seq)
    row = game_row(game.id)
    assert row.winner in (0, 1) and row.due_at is None and row.finished_at is not None
    [over] = mails(kind="game_over")
    assert over.recipient == "ann@example.org"
    names = {0: "Ann", 1: "Robot 2 and Robot 3"}              # three-handed: Ann's side is Ann and her dummy
    assert f"Final scores: Ann {row.scores[0]}, Robot 2 and Robot 3 {row.scores[1]}." in text_of(over)
    assert f"{names[row.winner]} won" in text_of(over)
    with pytest.raises(Conflict) as refused:
        moves.submit_move(token, "pass", row.seq)
    assert refused.value.code == "game_over"


class StackedShuffle:
    """A shuffler that deals the deck a seeded `random.Random` would: a game's first deal chosen by a test."""

    def __init__(self, seed):
        self.seed = seed

    def __call__(self):
        return self

    def shuffle(self, deck):
        random.Random(self.seed).shuffle(deck)


def test_a_game_its_first_deal_ends_waits_for_its_creator_then_tells_everyone(app, monkeypatch):
    # Four-handed Noddy to 15: with this deal a side counts 15 in its hands before anyone moves.
    monkeypatch.setattr(record.secrets, "SystemRandom", StackedShuffle(19))
    created = set_up(four_people(), game="noddy", options={"target": 15, "after_go": "end_play",
                                                            "noddy_in_play": True})
    assert game_row(created.id).status == STATUS_UNCONFIRMED and state_of(created.id).over
    games.confirm_address(confirmation_token("ann@example.org"))
    assert game_row(created.id).status == STATUS_OVER
    assert sorted(mail.recipient for mail in mails(kind="invite")) == sorted(mail.recipient for mail in
                                                                              mails(kind="game_over"))
    assert len(mails(kind="game_over")) == 4
