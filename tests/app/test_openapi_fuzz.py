"""A bounded schemathesis run over the JSON API: no answer is a 5xx, and every answer matches app/openapi.json;
and a hypothesis run over every other page and form: no answer is a 5xx. Every route is one or the other."""

import io
import json
import re
import socket
from pathlib import Path
from urllib.parse import quote

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

from app.config import RATE_LIMITS
from app.play.links import my_games_token, unsubscribe_token
from app.social import watching
from app.web.views.api import OPENAPI
from app_helpers import ROBOTS3, csrf_from, events_of, mails, people_game, set_up, token_for, token_of
from conftest import app_in_context, confirmation_token, make_config
from engine import all_games
from engine.robots import robot_levels

EXAMPLES = 100       # per operation and generation mode: at 100 the run finds the 500s of the old code, in seconds
BO_DOUBLES = {"move": "double", "seq": 1}
CHECKS = [not_a_server_error, response_schema_conformance, status_code_conformance]


def real_path_values(operation, game_id, token):
    """Path values naming a real game and a real seat link, so that cases reach past the 404 and 403."""
    names = {parameter.name for parameter in operation.path_parameters}
    return {name: value for name, value in (("game_id", game_id), ("token", token)) if name in names}


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE], ids=lambda mode: mode.value)
def test_the_api_answers_every_generated_request_by_its_schema(app, mode):
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
    game, path = people_game()
    for result in schema.get_all_operations():
        operation = result.ok()
        if mode == GenerationMode.NEGATIVE and not (operation.path_parameters or operation.body):
            continue                        # nothing in the request can be made wrong
        real = real_path_values(operation, game.id, token_of(path))
        strategy = operation.as_strategy(generation_mode=mode)
        if real:
            strategy = st.one_of(strategy, operation.as_strategy(generation_mode=mode, path_parameters=real))
        if "token" in real and operation.body:     # Bo's first call: a move the server accepts
            strategy = st.one_of(strategy, operation.as_strategy(path_parameters=real, body=BO_DOUBLES))

        @settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
                  suppress_health_check=list(HealthCheck))
        @given(case=strategy)
        def answers_by_its_schema(case):
            case.call_and_validate(checks=CHECKS)

        answers_by_its_schema()
    assert {"type": "move", "seat": 1, "move": "double"} in events_of(game.id)   # the real link was reached


def test_the_description_names_the_engines_games_robots_and_seat_counts(client):
    schemas = client.get("/api/openapi.json").json["components"]["schemas"]
    new_game = schemas["NewGame"]["properties"]
    assert new_game["game"]["enum"] == list(all_games()) and "quinto" in new_game["game"]["enum"]
    assert schemas["RobotSeat"]["properties"]["robot"]["enum"] == robot_levels()
    counts = [count for game in all_games().values() for count in game.players]
    assert new_game["seats"]["minItems"] == min(counts) == 2 and new_game["seats"]["maxItems"] == max(counts) == 10


# The pages and their forms: each route of the site that is not the API, with the form fields its page sends
# (or the query arguments it reads). Hypothesis fills them, and the path's parts, with values both ordinary
# and odd; with the session's CSRF token mostly, so that cases reach past the check.
FORM_EXAMPLES = 400       # some seconds a database; 2,500 unseeded examples found nothing more
PAGE_ROUTES = {
    ("/", "GET"): [], ("/health", "GET"): [], ("/lobby", "GET"): ["game"],
    ("/lobby/<name>", "GET"): ["players"],
    ("/lobby/<name>", "POST"): ["players", "change_players", "move_time", "timeout_policy", "option_target",
                                "option_joker_lead", "option_match", *[f"seat{n}_{part}" for n in range(6)
                                                                       for part in ("kind", "name", "email")]],
    ("/started/<game_id>", "GET"): [], ("/rules/<name>", "GET"): [],
    ("/my-games", "GET"): [], ("/my-games", "POST"): ["email"], ("/my-games/<token>", "GET"): [],
    ("/confirm/<token>", "GET"): [], ("/confirm/<token>", "POST"): [],
    ("/unsubscribe/<token>", "GET"): [], ("/unsubscribe/<token>", "POST"): ["List-Unsubscribe"],
    ("/unsubscribe/<token>/resume", "POST"): [],
    ("/s/<token>", "GET"): ["refused"], ("/s/<token>/table", "GET"): ["since"], ("/s/<token>/move", "POST"): ["move", "seq"],
    ("/s/<token>/replay", "GET"): ["step"], ("/s/<token>/record.txt", "GET"): [], ("/s/<token>/talk", "GET"): [],
    ("/s/<token>/new-link", "POST"): ["seat", "replace"],
    ("/s/<token>/mail", "GET"): [], ("/s/<token>/mail", "POST"): ["mail", "auto_forced", "time_zone"],
    ("/s/<token>/vacation", "POST"): ["days"],
    ("/replay", "GET"): [], ("/replay", "POST"): ["record", "record_file", "step"],
    ("/dev/mailbox", "GET"): [], ("/dev/mailbox.json", "GET"): [],
    ("/dev/mailbox/<int(max=2147483647):mail_id>/reply", "POST"): ["text"],
    ("/favicon.ico", "GET"): [],
    ("/w/<token>", "GET"): [], ("/w/<token>/table", "GET"): [],
    ("/s/<token>/watch-link", "POST"): ["by_players", "by_players_shown"], ("/s/<token>/watch-link/revoke", "POST"): [],
    ("/s/<token>/new-link", "GET"): ["seat"],
    ("/s/<token>/talk", "POST"): ["text"], ("/s/<token>/talk/hide", "POST"): ["hide"],
    ("/s/<token>/talk/remove", "POST"): ["seq"], ("/s/<token>/talk/watchers", "POST"): ["watched"],
    ("/s/<token>/rematch", "POST"): [], ("/s/<token>/rematch/answer", "POST"): ["answer"],
    ("/s/<token>/rematch/fill", "POST"): ["seat", "with", "name", "email"],
    ("/s/<token>/leave/<step>", "GET"): [], ("/s/<token>/hand-over", "POST"): [], ("/s/<token>/resign", "POST"): [],
    ("/s/<token>/concede", "POST"): ["agree"], ("/s/<token>/abandon", "POST"): ["agree"], ("/s/<token>/end", "POST"): [],
    ("/open", "GET"): ["game", "after", "limit"], ("/open/<game_id>", "GET"): [], ("/open/<game_id>/join", "POST"): ["name", "email"],
    ("/s/<token>/blocks", "GET"): [], ("/s/<token>/blocks", "POST"): ["handle", "unblock"],
    ("/ratings", "GET"): [], ("/ratings/<name>", "GET"): [], ("/players/<handle>", "GET"): [],
    ("/s/<token>/handle", "POST"): ["handle", "remove"], ("/my-games/handle", "POST"): ["handle", "remove"],
    ("/my-games/<token>/handle", "POST"): ["handle", "remove"],
}
FINISHED = (Path(__file__).resolve().parents[1] / "golden" / "alouette" / "full_game_4.jsonl").read_text()
ODD_VALUES = ["", " ", "0", "1", "4", "-1", "²", "٣", "9" * 5000, "1_0", "0x1", "1e9", "\x00", "a\x1bb", "\ud7ff",
              "[" * 2000, "on", "pass", "double", "5H", "10♥", "JK", "UTC", "Europe/Paris", "Mars/Olympus",
              "each", "digest", "none", "away", "person", "random", "strong", "robot", "pause", "24h", "1h",
              "quinto", "ann@example.org", "Ann", "One-Click", "yes", "no", "x" * 3000]
RECORDS = [FINISHED, FINISHED + '{"type": "note", "kind": "timeout", "seat": 0}\n' * 1001, "[" * 50_000 + "]" * 50_000,
           '{"type": "start", "game": "quinto", "seats": ' + "9" * 5000 + "}",
           '{"type": "start", "game": "quinto", "seats": 4, "dealer": ' + "1" * 1500 + "}", "not json"]


def odd_text():
    return st.one_of(st.sampled_from(ODD_VALUES), st.text(max_size=30), st.integers(-10 ** 12, 10 ** 12).map(str))


def field_value(field):
    if field in ("record", "record_file"):
        return st.one_of(st.sampled_from(RECORDS), odd_text())
    return odd_text()


def page_request(real):
    """(method, path, query, form) for one of PAGE_ROUTES, `real` giving each path part's real values."""
    @st.composite
    def build(draw):
        (rule, method), fields = draw(st.sampled_from(sorted(PAGE_ROUTES.items())))
        path = rule
        for part, values in real.items():
            if part in path:
                value = draw(st.one_of(st.sampled_from(values), odd_text().filter(bool)))
                path = path.replace(part, quote(value, safe=""))
        chosen = draw(st.lists(st.sampled_from(fields), unique=True)) if fields else []
        values = {field: draw(field_value(field)) for field in chosen}
        if method == "GET":
            return method, path, values, {}
        form = {name: (io.BytesIO(value.encode("utf-8", "surrogatepass")), "record.jsonl") if name == "record_file"
                else value for name, value in values.items()}
        token = draw(st.sampled_from(["valid", "valid", "valid", "missing", "wrong"]))
        if token != "missing":
            form["csrf_token"] = real["csrf"][0] if token == "valid" else draw(odd_text())
        return method, path, {}, form
    return build()


def real_values(client, app):
    """Real values for each part of a page's path: seat links, a game, confirmation, unsubscribe and my-games
    links, games' names, mails' ids; and the session's CSRF token."""
    game, path = people_game()
    keys = app.extensions["cachette"]["config"].signing_keys
    set_up([{"name": "Cy", "email": "cy@example.org"}, *ROBOTS3])
    watch = watching.open_watching(token_for(game.id, 0)).rsplit("/", 1)[1]
    return {
        "<token>": [token_of(path), token_for(game.id, 0), confirmation_token("cy@example.org"), watch,
                    unsubscribe_token(keys, "ann@example.org"), my_games_token(keys, "ann@example.org")],
        "<name>": ["quinto", "sueca", "primero"], "<game_id>": [game.id], "<step>": ["hand-over", "resign", "abandon", "end"],
        "<int(max=2147483647):mail_id>": [str(mail.id) for mail in mails()[:3]] + ["0", "99999999999999999999"],
        "csrf": [csrf_from(client.get("/replay").get_data(as_text=True))],
    }


@pytest.fixture
def roomy(tmp_path, database_url, dispatched):
    """The app with limits high enough for every generated request to be read, and replies sent to a closed
    port: nothing the fuzzing does leaves this process."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    with app_in_context(make_config(tmp_path, database_url, inbound_port=closed, **{
            name: "100000 per hour" for name in RATE_LIMITS})) as application:
        yield application


def test_every_page_and_form_answers_generated_input_without_a_server_error(roomy):
    client = roomy.test_client()
    real = real_values(client, roomy)

    @settings(max_examples=FORM_EXAMPLES, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(request=page_request(real))
    def never_a_server_error(request):
        method, path, query, form = request
        if method == "GET":
            answer = client.get(path, query_string=query)
        else:
            answer = client.post(path, data=form, content_type="multipart/form-data")
        relay = path.startswith("/dev/mailbox/") and answer.status_code == 502     # no receiver: the one 5xx
        assert answer.status_code < 500 or relay, (method, path, answer.status_code, answer.get_data(as_text=True)[:99])

    never_a_server_error()


def test_every_route_is_fuzzed(app):
    """A route added to the site without joining PAGE_ROUTES or the OpenAPI description fails here."""
    described = {re.sub(r"\{(\w+)\}", r"<\1>", path) for path in json.loads(OPENAPI.read_text())["paths"]}
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert rule.rule in described or (rule.rule, method) in PAGE_ROUTES, (rule.rule, method)
