"""Helpers for the app tests: starting games, reading the outbox, following links."""

import re

from sqlalchemy import func, select

from app.context import database, settings
from app.play.links import seat_token
from app.store.models import Event, Game, Outbox
from app.play import games, tables
from app.play.seats import seats_of
from engine import replay
from engine.cards import parse_card

from conftest import confirmation_token, html_of, text_of

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
LINK = re.compile(r"http://localhost(/[^\s\"'<>]*)")
# A card as people read it (10♥, A♠, Joker) or in the notation (TH, JK), standing alone; and the secret
# links and tokens, whose random letters may hold a card's two.
SHOWN_CARD = re.compile(r"(?<![\w♠♣♦♥])(?:(?:10|[AKQJ2-9])[♠♣♦♥]|Joker)")
WRITTEN_CARD = re.compile(r"(?<![\w])(?:[AKQJT2-9][SCDH]|JK)(?![\w])")
SECRET = re.compile(r'/(?:s|w|api/seats|api/watch|confirm|my-games)/[^\s"\'<>]+|name="csrf_token" value="[^"]*"|play\+[^\s@"]+@')

ROBOTS3 = [{"robot": "random"}] * 3


def set_up(seats=None, game="quinto", **extra):
    """Create a game through the service, waiting for its creator; by default Ann and three robots."""
    seats = seats if seats is not None else [{"name": "Ann", "email": "ann@example.org"}, *ROBOTS3]
    return games.create_game({"game": game, "seats": seats, **extra})


NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo")


def people(count):
    """Seats for `count` people (up to ten), Ann first."""
    return [{"name": name, "email": f"{name.lower()}@example.org"} for name in NAMES[:count]]
def start(seats=None, game="quinto", **extra):
    """Create a game and confirm it from its creator's confirmation mail, as the creator would."""
    created = set_up(seats, game, **extra)
    games.confirm_address(confirmation_token(created.creator_email))
    return game_row(created.id)


def confirm_by_page(client, address):
    """Open the newest confirmation link mailed to `address` and press its button; returns the answer."""
    link = "/confirm/" + confirmation_token(address)
    return client.post(link, data={"csrf_token": csrf_from(client.get(link).get_data(as_text=True))})


def four_people():
    return people(4)


def mails(**where):
    with database().reading() as session:
        query = select(Outbox).order_by(Outbox.id)
        for field, value in where.items():
            query = query.where(getattr(Outbox, field) == value)
        return list(session.execute(query).scalars())


def links_in(mail):
    """Every site path linked from a mail's text and HTML bodies."""
    return sorted(set(LINK.findall(text_of(mail))) | set(LINK.findall(html_of(mail))))


def seat_path(mail):
    return next(path for path in LINK.findall(text_of(mail)) if path.startswith("/s/"))


def token_of(path):
    return path.split("/")[2]


def token_for(game_id, seat):
    """The current seat link token of a game's seat."""
    with database().reading() as session:
        return seat_token(settings().signing_keys, seats_of(session, game_id)[seat])


def counts():
    """How many games, events and mails there are, and every game's seq: what must not move."""
    with database().reading() as session:
        return (
            session.scalar(select(func.count()).select_from(Event)),
            session.scalar(select(func.count()).select_from(Outbox)),
            sorted(session.execute(select(Game.id, Game.seq, Game.status, Game.due_at)).all()),
        )


def game_row(game_id):
    with database().reading() as session:
        return session.get(Game, game_id)


def events_of(game_id):
    with database().reading() as session:
        return list(session.execute(select(Event.data).where(Event.game_id == game_id).order_by(Event.seq)).scalars())


def state_of(game_id):
    return replay(events_of(game_id))


def play_to_the_end(client, game_id, token):
    """Ann (behind `token`) plays her first legal move each turn through the API, robots theirs, to the end."""
    from app.play.moves import play_robot_turns

    while True:
        play_robot_turns(game_id)
        row = game_row(game_id)
        if row.status == "over":
            return
        legal = client.get(f"/api/seats/{token}").json["view"]["legal"]
        client.post(f"/api/seats/{token}/moves", json={"move": legal[0], "seq": row.seq})


def table_for(token):
    return tables.open_seat(token)


def csrf_from(html):
    return CSRF.search(html).group(1)


def lobby_form(client, **fields):
    """A filled-in lobby form for Quinto (Ann and three robots) with its CSRF token, changed by `fields`."""
    page = client.get("/lobby/quinto").get_data(as_text=True)
    form = {"csrf_token": csrf_from(page), "players": "4", "seat0_kind": "person", "seat0_name": "Ann",
            "seat0_email": "ann@example.org", "move_time": "24h", "timeout_policy": "robot",
            "option_target": "300", "option_dummy_exposed_after_opening_lead": "false"}
    for seat in (1, 2, 3):
        form[f"seat{seat}_kind"] = "random"
    form.update(fields)
    return form


def people_game():
    """Ann (seat 0) and Bo (seat 1), same inbox, two robots: Bo calls first."""
    game = start([{"name": "Ann", "email": "ann@example.org"}, {"name": "Bo", "email": "ann@example.org"},
                  *ROBOTS3[:2]])
    return game, f"/s/{token_for(game.id, 1)}"


def cards_named(text):
    """Every card `text` names, as people read it or in the notation, once its secret links are taken out."""
    text = SECRET.sub(" ", text)
    return {parse_card(found) for found in SHOWN_CARD.findall(text) + WRITTEN_CARD.findall(text)}
