"""A turn mail says what the scores count and what the last move did the way the table and the story do."""

from app.play.moves import play_robot_turns

from app_helpers import ROBOTS3, game_row, html_of, mails, people, start, text_of, token_for


def first_turn_mail(client, game_id, seat=0, tries=40):
    """The first turn mail to the person at `seat`, who plays their first legal move until one comes."""
    token = token_for(game_id, seat)
    for _ in range(tries):
        play_robot_turns(game_id)
        turns = mails(kind="your_turn", game_id=game_id, seat=seat)
        if turns:
            return turns[0]
        legal = client.get(f"/api/seats/{token}").json["view"]["legal"]
        client.post(f"/api/seats/{token}/moves", json={"move": legal[0], "seq": game_row(game_id).seq})
    raise AssertionError("no turn mail came")


def test_losing_loadums_turn_mail_calls_its_counters_lives_left(client):
    game = start([people(1)[0], *ROBOTS3[:2]], game="losing_loadum")
    turn = first_turn_mail(client, game.id)
    assert "Lives left: Ann 3, " in text_of(turn)
    assert "Lives left: Ann <strong>3</strong>, " in html_of(turn)
    assert "Counters:" not in text_of(turn)


def test_one_and_thirtys_turn_mail_tells_the_last_move_in_the_games_own_words(client):
    game = start([people(1)[0], ROBOTS3[0]], game="one_and_thirty")
    turn = first_turn_mail(client, game.id)
    [done] = [words for words in ("drew a card", "stuck, taking no more cards") if f"Robot 2 {words}." in text_of(turn)]
    assert f"Robot 2 {done}." in html_of(turn)
    assert "said" not in text_of(turn)
