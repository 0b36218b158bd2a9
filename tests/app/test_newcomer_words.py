"""What a newcomer met on the pages and in the mails (the issue "Smaller things a newcomer met"): each test reads
the page as it was served or the mail as it was written."""

import html
import re

from app.play.moves import play_robot_turns

from app_helpers import ROBOTS3, game_row, people, start, state_of, token_for


def words_of(page):
    """A page's text without its tags and with its spaces folded, as a reader sees it."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", page)).split())


def test_the_watch_page_of_a_finished_game_says_its_result_and_marks_nobody_to_play(client):
    game = start([people(1)[0], ROBOTS3[0]], game="one_and_thirty")
    ann = token_for(game.id, 0)
    url = client.post(f"/api/seats/{ann}/watch-links", json={}).get_json()["url"]
    watch = url.rsplit("/", 1)[1]
    assert client.post(f"/api/seats/{ann}/resign", json={}).status_code == 201
    for path in (f"/w/{watch}", f"/w/{watch}/table"):
        page = client.get(path).get_data(as_text=True)
        assert "The game is over. Ann resigned: Robot 2 won." in words_of(page)
        assert 'class="tag turn"' not in page and "to-move" not in page and "to lead" not in page



def test_losing_loadum_calls_its_counters_lives_left_beside_each_score(client):
    game = start([people(1)[0], *ROBOTS3[:2]], game="losing_loadum")
    page = words_of(client.get(f"/s/{token_for(game.id, 0)}").get_data(as_text=True))
    assert "Lives left: 3" in page and "scores in lives left" in page and "The scores are lives left." in page
    assert "Counters:" not in page and "scores in counters" not in page


def test_quintos_quints_this_deal_say_which_side_scored_each(client):
    game = start()                     # Ann and three robots: Ann and Robot 3 against Robot 2 and Robot 4
    ann = token_for(game.id, 0)
    for _ in range(60):
        play_robot_turns(game.id)
        quints = state_of(game.id).view(0).get("quints")
        if quints:
            break
        legal = client.get(f"/api/seats/{ann}").json["view"]["legal"]
        client.post(f"/api/seats/{ann}/moves", json={"move": legal[0], "seq": game_row(game.id).seq})
    assert quints, "a deal of Quinto without a quint"
    page = words_of(client.get(f"/s/{ann}").get_data(as_text=True))
    facts = page.split("Quints this deal: ", 1)[1]
    for quint in quints:
        side = "Ann & Robot 3" if quint["side"] == 0 else "Robot 2 & Robot 4"
        assert f"({quint['points']} to {side})" in facts, facts


def test_harjans_stock_lies_on_the_felt(client):
    game = start([people(1)[0], ROBOTS3[0]], game="harjan")
    page = client.get(f"/s/{token_for(game.id, 0)}").get_data(as_text=True)
    felt = words_of(page.split('id="felt"', 1)[1].split("</section>", 1)[0])
    assert f"{state_of(game.id).view(0)['stock_size']} in stock" in felt


def test_a_robbed_maw_turn_up_shows_as_in_the_robbers_hand_not_turned_up(client):
    for _ in range(10):                 # a game whose deals turn up nobody's chance to rob is followed by another
        game = start(game="maw")        # Ann and three robots; Ann robs whenever she may (her first legal move)
        ann = token_for(game.id, 0)
        for _ in range(200):
            play_robot_turns(game.id)
            view = state_of(game.id).view(0)
            still_held = all(move != view.get("turn_up") for _, move in view["moves"])   # the robber has not led it
            if view["over"] or (view.get("robbed_by") is not None and view["phase"] == "play" and still_held):
                break
            client.post(f"/api/seats/{ann}/moves", json={"move": view["legal"][0], "seq": game_row(game.id).seq})
        if not view["over"]:
            break
    robber = view["robbed_by"]
    assert robber is not None, "nobody robbed in ten whole games of Maw"
    page = client.get(f"/s/{ann}").get_data(as_text=True)
    felt = words_of(page.split('id="felt"', 1)[1].split("</section>", 1)[0])
    whose, who = ("your", "You") if robber == 0 else (f"Robot {robber + 1}’s", f"Robot {robber + 1}")
    assert f"turn-up, in {whose} hand" in felt and "turned up" not in felt
    facts = words_of(page.split('id="robbed">', 1)[1].split("</li>", 1)[0])
    assert facts.startswith(f"{who} robbed the turned-up ") and "hand" in facts
