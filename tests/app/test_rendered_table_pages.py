"""A table page kept rendered (app.web.rendered_pages) is the page a new rendering gives: after each kind of
change a table shows (a move, talk, a seat's settings, a handle, the next game waiting, the time, a refused
move's words, another browser), the page served equals one rendered afresh; and a reload of an unchanged
table renders nothing."""

from datetime import timedelta

from flask import template_rendered

from app.clock import utcnow
from app.web.views import table as table_view

from app_helpers import csrf_from, four_people, start, state_of, token_for


def served_and_fresh(client, path):
    """(the page served now, the page rendered afresh): equal unless what was kept is stale."""
    served = client.get(path).get_data(as_text=True)
    table_view.TABLE_PAGES.clear()
    return served, client.get(path).get_data(as_text=True)


def assert_kept_page_is_fresh(client, path):
    served, fresh = served_and_fresh(client, path)
    assert served == fresh


def renders(client, path):
    """How many templates a GET of `path` renders."""
    rendered = []

    def note(_sender, template, **_):
        rendered.append(template.name)
    template_rendered.connect(note, client.application)
    try:
        assert client.get(path).status_code == 200
    finally:
        template_rendered.disconnect(note, client.application)
    return len(rendered)


def post_form(client, path, page, **fields):
    answer = client.post(path, data={"csrf_token": csrf_from(page), **fields})
    assert answer.status_code in (200, 201, 303), answer.get_data(as_text=True)[:300]


def test_a_reload_of_an_unchanged_table_renders_nothing(client):
    game = start(four_people())
    path = f"/s/{token_for(game.id, 1)}"
    assert renders(client, path) > 0
    assert renders(client, path) == 0


def test_every_change_a_table_shows_reaches_the_page_kept(client, monkeypatch):
    game = start(four_people())
    tokens = {seat: token_for(game.id, seat) for seat in range(4)}
    path = f"/s/{tokens[0]}"
    page = client.get(path).get_data(as_text=True)

    post_form(client, f"/s/{tokens[1]}/talk", client.get(f"/s/{tokens[1]}").get_data(as_text=True),
              text="Good luck, all")                             # talk: noted in the log
    assert_kept_page_is_fresh(client, path)
    page = client.get(path).get_data(as_text=True)
    assert "Good luck, all" in page

    post_form(client, f"{path}/mail", page, mail="each", time_zone="Europe/Paris")    # the seat's own row
    assert_kept_page_is_fresh(client, path)

    post_form(client, f"{path}/handle", client.get(path).get_data(as_text=True), handle="AnnOfTheTable")
    assert_kept_page_is_fresh(client, path)                     # standings, read each request
    assert "AnnOfTheTable" in client.get(path).get_data(as_text=True)

    state = state_of(game.id)
    mover = state.controller(state.to_move[0])
    moved = client.post(f"/api/seats/{tokens[mover]}/moves",
                        json={"move": state.legal_moves(state.to_move[0])[0], "seq": game.seq})
    assert moved.status_code == 201
    assert_kept_page_is_fresh(client, path)

    start([{"robot": "random"}, {"name": "Ann", "email": "ann@example.org"}, *[{"robot": "random"}] * 2])
    assert_kept_page_is_fresh(client, path)       # the next game waiting: Ann, in seat 1, speaks first there
    assert "1 other game awaits your move" in client.get(path).get_data(as_text=True)

    later = utcnow() + timedelta(minutes=61)
    monkeypatch.setattr(table_view, "utcnow", lambda: later)    # deadlines said from now
    assert_kept_page_is_fresh(client, path)

    assert_kept_page_is_fresh(client, path + "?refused=stale_seq")
    with client.application.test_client() as other_browser:     # its own session: its own form token
        assert csrf_from(other_browser.get(path).get_data(as_text=True)) != csrf_from(
            client.get(path).get_data(as_text=True))
