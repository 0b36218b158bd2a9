"""A bounded schemathesis run over the JSON API: no answer is a 5xx, and every answer matches app/openapi.json."""

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

from app_helpers import events_of, people_game, token_of
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
