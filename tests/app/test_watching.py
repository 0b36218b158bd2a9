"""Watchers: the creator opens a game with a watch link and revokes it; the watch page, its live part and the
watch API show the table as no seat sees it; other players make links only when the creator lets them."""

from app_helpers import ROBOTS3, counts, csrf_from, game_row, people_game, start, token_for


def watch_token(url):
    return url.rsplit("/", 1)[1]


def test_the_creator_opens_the_game_to_watchers_who_see_no_hand(client):
    game, bo_path = people_game()                 # Ann (seat 0) created it; Bo (seat 1) sits at her inbox too
    ann = token_for(game.id, 0)
    table = client.get(f"/s/{ann}").get_data(as_text=True)
    assert "Nobody can watch this game." in table and 'action="/s/%s/watch-link"' % ann in table
    assert client.post(f"/s/{ann}/watch-link", data={"csrf_token": csrf_from(table)}).status_code == 303
    table = client.get(f"/s/{ann}").get_data(as_text=True)
    url = table.split('id="watch-link">', 1)[1].split("<", 1)[0]
    watch = watch_token(url)
    before = counts()
    page = client.get(f"/w/{watch}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "watching" in text and "Ann" in text and 'id="felt"' in text and "Your hand" not in text
    assert 'data-position="/api/watch/%s/position"' % watch in text
    seen = client.get(f"/api/watch/{watch}").get_json()
    assert seen["view"]["seat"] is None and seen["view"]["hand"] == [] and seen["view"]["legal"] == []
    assert seen["id"] == game.id and "email" not in str(seen)
    assert client.get(f"/api/watch/{watch}/position").get_json() == {"seq": game.seq, "status": "active"}
    assert client.get(f"/w/{watch}/table").get_data(as_text=True).lstrip().startswith('<div id="live-part"')
    assert counts() == before                        # watching writes nothing


def test_a_revoked_or_replaced_watch_link_stops_working(client):
    game, _ = people_game()
    ann = token_for(game.id, 0)
    first = watch_token(client.post(f"/api/seats/{ann}/watch-links", json={}).get_json()["url"])
    second = watch_token(client.post(f"/api/seats/{ann}/watch-links", json={}).get_json()["url"])
    assert client.get(f"/w/{first}").status_code == 403
    assert client.get(f"/api/watch/{second}").status_code == 200
    assert client.delete(f"/api/seats/{ann}/watch-links").status_code == 204
    for path in (f"/w/{second}", f"/w/{second}/table", f"/api/watch/{second}", f"/api/watch/{second}/position"):
        assert client.get(path).status_code == 403, path
    assert client.get(f"/w/{second[:-3]}abc").status_code == 403


def test_other_players_make_watch_links_only_when_the_creator_lets_them(client):
    game = start([{"name": "Ann", "email": "ann@example.org"}, {"name": "Bo", "email": "bo@example.org"},
                  *ROBOTS3[:2]])
    ann, bo = token_for(game.id, 0), token_for(game.id, 1)
    before = counts()
    refused = client.post(f"/api/seats/{bo}/watch-links", json={})
    assert refused.status_code == 403 and counts() == before
    assert client.post(f"/api/seats/{bo}/watch-links", json={"by_players": True}).status_code == 403
    assert client.post(f"/api/seats/{ann}/watch-links", json={"by_players": True}).status_code == 201
    assert client.post(f"/api/seats/{bo}/watch-links", json={}).status_code == 201
    table = client.get(f"/s/{bo}").get_data(as_text=True)
    assert "Close the game to watchers" in table and "Let the other players" not in table


def test_a_bad_watch_link_request_is_a_clear_4xx_and_writes_nothing(client):
    game, _ = people_game()
    ann = token_for(game.id, 0)
    before = counts()
    for body in ({"by_players": "yes"}, {"other": 1}, [1]):
        answer = client.post(f"/api/seats/{ann}/watch-links", json=body)
        assert answer.status_code == 422 and answer.get_json()["error"]["message"]
    assert client.post(f"/api/seats/{ann}/watch-links", data="x", content_type="text/plain").status_code == 422
    assert client.post(f"/api/seats/{ann}x/watch-links", json={}).status_code == 403
    assert counts() == before and game_row(game.id).watch_version == 0
