"""What a newcomer met on the pages and in the mails (the issue "Smaller things a newcomer met"): each test reads
the page as it was served or the mail as it was written."""

import re

from app_helpers import ROBOTS3, csrf_from, people, start, token_for


def words_of(html):
    """A page's text without its tags and with its spaces folded, as a reader sees it."""
    return " ".join(re.sub(r"<[^>]+>", "", html).split())


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
