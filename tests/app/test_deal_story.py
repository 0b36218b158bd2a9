"""Every deal has its ending: the table tells the deal's story until the player moves on in the next deal,
and the deal-end mail tells the same story."""

import random

from app.words.deal_story import deal_story
from engine import all_games
from engine.robots import make_robot
from engine.state import AWAITING_MOVE
from app.play import moves

from conftest import text_of
from app_helpers import events_of, game_row, mails, start, state_of, token_for


def play_until_deal_two(game_id, token):
    """Ann plays her first legal move, robots in between, until the second deal is dealt."""
    while sum(event["type"] == "deal" for event in events_of(game_id)) < 2:
        moves.play_robot_turns(game_id)
        if sum(event["type"] == "deal" for event in events_of(game_id)) >= 2:
            break
        moves.submit_move(token, state_of(game_id).legal_moves(0)[0], game_row(game_id).seq)


def test_the_story_counts_tricks_and_the_deals_change_from_the_view():
    state = all_games()["quinto"](4, {}, 0)
    pack = state.full_pack()
    random.Random(3).shuffle(pack)
    state.apply_deal(pack)
    robot = make_robot("random", "quinto", "3")
    while state.awaiting == AWAITING_MOVE:
        seat = state.to_move[0]
        state.apply_move(seat, robot.choose(state.view(seat)))
    view = state.view(0)
    story = deal_story(view, ["Ann", "Bob", "Cy", "Di"])
    finished = view["history"][-1]
    assert story["number"] == 1 and story["meaning"] == "points"
    assert [who for who, _ in story["tricks"]] == ["Ann and Cy", "Bob and Di"]
    assert [count for _, count in story["tricks"]] == finished["tricks_won"]
    assert [change for _, change in story["changes"]] == finished["scores"]      # the first deal: from nothing
    assert story["scores"] == list(zip(["Ann and Cy", "Bob and Di"], finished["scores"]))


def test_penalty_scores_say_lower_is_better_and_changes_follow_the_previous_deal():
    view = {"sides": [0, 1, 2], "score_meaning": "penalty", "scores": [5, 2, 9],
            "history": [{"deal": 1, "scores": [2, 2, 4]}, {"deal": 2, "scores": [5, 2, 9]}]}
    story = deal_story(view, ["Ann", "Bob", "Cy"])
    assert story["changes"] == [("Ann", 3), ("Bob", 0), ("Cy", 5)] and story["tricks"] == []
    assert "lower is better" in story["meaning"]
    assert deal_story(dict(view, history=[]), ["Ann", "Bob", "Cy"]) is None


def test_counters_of_a_first_deal_have_no_change_to_tell():
    view = {"sides": [0, 1], "score_meaning": "counters", "scores": [18, 22],
            "history": [{"deal": 1, "scores": [18, 22]}]}
    assert deal_story(view, ["Ann", "Bob"])["changes"] == []


def test_the_table_tells_the_deal_until_the_player_moves_in_the_next(app, client):
    game = start()
    token = token_for(game.id, 0)
    assert "its story" not in client.get(f"/s/{token}").get_data(as_text=True)
    play_until_deal_two(game.id, token)
    moves.play_robot_turns(game.id)
    page = client.get(f"/s/{token}").get_data(as_text=True)
    finished = state_of(game.id).view(0)["history"][-1]
    assert 'id="deal-story"' in page and "Deal 1 is over: its story" in page
    assert f"Tricks taken: Ann and Robot 3 <strong>{finished['tricks_won'][0]}</strong>" in page
    assert "The cachette" in page or "Cachette" in page                        # Quinto's own part of the story
    [mail] = mails(kind="deal_end")
    assert f"Tricks taken: Ann and Robot 3 {finished['tricks_won'][0]}, Robot 2 and Robot 4 " \
           f"{finished['tricks_won'][1]}." in text_of(mail)
    assert "Scores after it (points): " in text_of(mail)
    while state_of(game.id).to_move != [0]:
        moves.play_robot_turns(game.id)
    moves.submit_move(token, state_of(game.id).legal_moves(0)[0], game_row(game.id).seq)
    assert 'id="deal-story"' not in client.get(f"/s/{token}").get_data(as_text=True)


def test_card_points_are_told_where_the_game_counts_them():
    view = {"sides": [0, 1, 0, 1], "score_meaning": "points", "scores": [1, 0],
            "history": [{"deal": 1, "card_points": [61, 59], "tricks_won": [6, 4], "scores": [1, 0]}]}
    story = deal_story(view, ["Ann", "Bob", "Cy", "Di"])
    assert story["card_points"] == [("Ann and Cy", 61), ("Bob and Di", 59)]
    assert story["tricks"] == [("Ann and Cy", 6), ("Bob and Di", 4)]
