"""A face-down move is never named to the others: the next player's mail says a card was discarded, not which."""

import json

from app.play.moves import submit_move

from conftest import html_of, text_of
from app_helpers import cards_named, four_people, game_row, mails, start, state_of, token_for

GAMES_TO_TRY = 40   # fresh deals until one gives the ruff to a person other than eldest: each does with p > 0.6


def start_people(game, players, **options):
    return start(four_people()[:players], game=game, options=options)


def move(game_id, seat, card):
    submit_move(token_for(game_id, seat), card, game_row(game_id).seq)


def names_none_of(mail, cards):
    """Neither body, nor the context the outbox row keeps, names any of `cards` in any notation."""
    return not cards_named(text_of(mail) + html_of(mail) + json.dumps(mail.context, ensure_ascii=False)) & set(cards)


def test_the_reunion_dealers_discards_are_not_named_to_eldest(app):
    game = start_people("reunion", 3)
    state = state_of(game.id)
    dealer = state.to_move[0]
    discards = state.legal_moves(dealer)[:2]
    for card in discards:
        move(game.id, dealer, card)
    [mail] = mails(kind="your_turn", game_id=game.id, seat=state.eldest)   # the dealer's own turn mails aside
    assert "Ann discarded a card." in text_of(mail) + html_of(mail)
    assert names_none_of(mail, discards)


def ruffed_by_a_person_not_eldest():
    """A game of Ruff and Honours whose first deal gives the ruff to someone other than eldest, and its state."""
    for _ in range(GAMES_TO_TRY):
        game = start_people("ruff_and_honours", 4)
        state = state_of(game.id)
        if state.phase == "ruff" and state.ruff_right != state.eldest:
            return game, state
    raise AssertionError(f"no ruff for a person other than eldest in {GAMES_TO_TRY} deals")


def test_the_ruffers_discards_are_not_named_even_the_turned_up_card(app):
    game, state = ruffed_by_a_person_not_eldest()
    ruffer, turn_up = state.ruff_right, state.turn_up
    move(game.id, ruffer, "ruff")
    hand = state_of(game.id).hands[ruffer]
    discards = [card for card in hand if card != turn_up][:3] + [turn_up]   # the last one everyone has seen
    for card in discards:
        move(game.id, ruffer, card)
    [mail] = mails(kind="your_turn", game_id=game.id, seat=state.eldest)   # the ruffer's own turn mails aside
    ruffer_name = four_people()[ruffer]["name"]
    assert f"{ruffer_name} discarded a card." in text_of(mail)
    assert names_none_of(mail, discards)
    assert mail.context["last_move"] is None
