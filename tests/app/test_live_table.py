"""The live table: the position a page polls, the part it swaps in, and the moves it announces."""

import re
from pathlib import Path

from app.play.moves import play_robot_turns

from app_helpers import ROBOTS3, counts, csrf_from, game_row, people_game, start, token_for


def test_the_position_is_the_games_seq_and_reading_it_changes_nothing(client):
    game, path = people_game()
    token = path.split("/")[2]
    before = counts()
    answer = client.get(f"/api/seats/{token}/position")
    assert answer.status_code == 200 and answer.json == {"seq": game.seq, "status": "active"}
    assert counts() == before and answer.headers["Cache-Control"] == "no-store"
    client.post(path + "/move", data={"csrf_token": csrf_from(client.get(path).get_data(as_text=True)),
                                      "seq": str(game.seq), "move": "double"})
    assert client.get(f"/api/seats/{token}/position").json["seq"] == game.seq + 1
    assert client.get(f"/api/seats/{token[:-2]}xx/position").status_code == 403


def test_the_live_part_is_the_table_without_the_page_and_announces_what_the_seat_may_see(client):
    game = start([{"name": "Ann", "email": "ann@example.org"}, *ROBOTS3])
    token = token_for(game.id, 0)
    page = client.get(f"/s/{token}").get_data(as_text=True)
    assert 'id="live" data-position="/api/seats/' in page and 'id="announcer"' in page and 'aria-live="polite"' in page
    part = client.get(f"/s/{token}/table").get_data(as_text=True)
    assert part.lstrip().startswith('<div id="live-part" data-seq="%d"' % game.seq)
    assert "<html" not in part and "mail-settings" not in part and 'id="news"' not in part
    assert len(re.findall(r'class="seat[ "]', part)) == 4 and 'id="felt"' in part
    # Ann, at the bottom, has her partner (seat 2) opposite at the top, seat 1 on her left and seat 3 on her right.
    felt = part[part.index('id="felt"'):]
    assert felt.index('id="seat-2"') < felt.index('id="seat-1"') < felt.index('id="seat-3"') < felt.index('id="seat-0"')
    since = game.seq
    while game_row(game.id).to_move and game_row(game.id).to_move[0] == 0:
        legal = client.get(f"/api/seats/{token}").json["view"]["legal"]
        client.post(f"/api/seats/{token}/moves", json={"move": legal[0], "seq": game_row(game.id).seq})
    play_robot_turns(game.id)
    now = game_row(game.id).seq
    assert now > since
    part = client.get(f"/s/{token}/table?since={since}").get_data(as_text=True)
    assert 'data-seq="%d"' % now in part
    news = re.findall(r"<li>([^<]*)</li>", part[part.index('id="news"'):part.index("</ul>", part.index('id="news"'))])
    assert 0 < len(news) <= now - since
    assert all(line.startswith(("Ann", "Robot", "A new deal")) for line in news), news
    assert 'id="news"' not in client.get(f"/s/{token}/table?since=x").get_data(as_text=True)


def test_the_trick_in_progress_shows_who_is_winning_it(client):
    game = start([{"name": "Ann", "email": "ann@example.org"}, *ROBOTS3])
    token = token_for(game.id, 0)
    for _ in range(200):
        view = client.get(f"/api/seats/{token}").json["view"]
        if view.get("trick"):
            break
        if view["legal"]:
            client.post(f"/api/seats/{token}/moves", json={"move": view["legal"][0], "seq": game_row(game.id).seq})
        play_robot_turns(game.id)
    assert view["trick"] and "winning" in view
    part = client.get(f"/s/{token}/table").get_data(as_text=True)
    if view["winning"] is not None:
        names = {0: "Ann", 1: "Robot 2", 2: "Robot 3", 3: "Robot 4"}
        assert f"<strong>{names[view['winning']]}</strong> is winning it" in part
        assert part.count("winning the trick") == 1
    for seat, card in view["trick"]:
        spot = part[part.index(f'id="spot-{seat}"'):]
        assert spot[:spot.index("</div>")].count('class="card ') >= 1


def relative_luminance(colour):
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_dimmed_cards_keep_wcag_aa_contrast():
    """A card that may not be played now is greyed by its colours, never by opacity, and its ink passes AA (4.5:1)."""
    css = (Path(__file__).resolve().parents[2] / "static" / "cachette.css").read_text(encoding="utf-8")
    dimmed = {rule.group(1): rule.group(2) for rule in re.finditer(r"\.card\.dim([.\w]*) \{([^}]*)\}", css)}
    assert "opacity" not in "".join(dimmed.values())
    background = re.search(r"background: (#[0-9a-f]{6})", dimmed[""]).group(1)
    inks = {suit: re.search(r"color: (#[0-9a-f]{6})", dimmed[suit]).group(1) for suit in (".red", ".black", ".joker")}
    for suit, ink in inks.items():
        light, dark = sorted((relative_luminance(background), relative_luminance(ink)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, suit
