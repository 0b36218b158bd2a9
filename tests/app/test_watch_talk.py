"""Table talk on the watch page: each player decides whether watchers read their own messages; nobody's are
shown by default, a removed one stays removed, and the watch API carries the same."""

from app_helpers import ROBOTS3, counts, csrf_from, people, start, token_for


def watched_game(client):
    """Ann (seat 0, the creator) and Bob (seat 1), two robots, open to watchers: (Ann's, Bob's, watch token)."""
    game = start([*people(2), *ROBOTS3[:2]])
    ann, bob = token_for(game.id, 0), token_for(game.id, 1)
    url = client.post(f"/api/seats/{ann}/watch-links", json={}).json["url"]
    return ann, bob, url.rsplit("/", 1)[1]


def let_watchers_read(client, token, allowed):
    page = client.get(f"/s/{token}").get_data(as_text=True)
    data = {"csrf_token": csrf_from(page), **({"watched": "yes"} if allowed else {})}
    return client.post(f"/s/{token}/talk/watchers", data=data)


def test_watchers_read_only_the_messages_of_players_who_let_them(client):
    ann, bob, watch = watched_game(client)
    client.post(f"/api/seats/{ann}/messages", json={"text": "Ann's <b>bold</b> plan"})
    client.post(f"/api/seats/{bob}/messages", json={"text": "Bob's secret"})
    page = client.get(f"/w/{watch}").get_data(as_text=True)
    assert "plan" not in page and "secret" not in page
    assert "The players keep their table talk to themselves." in page
    assert client.get(f"/api/watch/{watch}").json["messages"] == []

    assert let_watchers_read(client, ann, True).status_code == 303
    page = client.get(f"/w/{watch}").get_data(as_text=True)
    assert "Ann&#39;s &lt;b&gt;bold&lt;/b&gt; plan" in page and "<b>bold</b>" not in page and "secret" not in page
    assert "who let watchers read them: Ann." in page and "/talk/remove" not in page
    part = client.get(f"/w/{watch}/table").get_data(as_text=True)
    assert "bold" in part and "secret" not in part
    assert [message["text"] for message in client.get(f"/api/watch/{watch}").json["messages"]] == [
        "Ann's <b>bold</b> plan"]
    ann_table = client.get(f"/s/{ann}").get_data(as_text=True)
    assert 'name="watched" value="yes" checked' in ann_table

    assert let_watchers_read(client, ann, False).status_code == 303
    assert "plan" not in client.get(f"/w/{watch}").get_data(as_text=True)


def test_a_message_the_creator_removed_stays_removed_for_watchers(client):
    ann, bob, watch = watched_game(client)
    let_watchers_read(client, bob, True)
    client.post(f"/api/seats/{bob}/messages", json={"text": "Something rude"})
    seq = client.get(f"/api/seats/{bob}").json["messages"][0]["seq"]
    page = client.get(f"/s/{ann}").get_data(as_text=True)
    client.post(f"/s/{ann}/talk/remove", data={"csrf_token": csrf_from(page), "seq": str(seq)})
    watch_page = client.get(f"/w/{watch}").get_data(as_text=True)
    assert "rude" not in watch_page and "(message removed by the creator)" in watch_page
    assert client.get(f"/api/watch/{watch}").json["messages"] == [
        {"seq": seq, "deal": 1, "name": "Bob", "text": None, "removed": True}]


def test_letting_watchers_read_needs_the_seat_and_its_form(client):
    ann, _, _ = watched_game(client)
    before = counts()
    assert client.post(f"/s/{ann}/talk/watchers", data={"watched": "yes"}).status_code == 400   # no CSRF token
    page = client.get(f"/s/{ann}").get_data(as_text=True)
    assert client.post(f"/s/{ann[:-2]}xx/talk/watchers",
                       data={"csrf_token": csrf_from(page), "watched": "yes"}).status_code == 403
    assert counts() == before
    assert 'name="watched" value="yes" checked' not in client.get(f"/s/{ann}").get_data(as_text=True)
