"""The replay tells every event in words: deals, calls, every card, who won each trick, immediate scores,
each deal's result and the game's; it steps with the keyboard and shows no glyph a font may lack."""

import random
import re

import pytest

from engine import replay
from engine.bench import random_game
from engine.cards import display, is_card

from app.words.present import move_label
from app.records.replays import replay_story, tell

from app_helpers import ROBOTS3, events_of, play_to_the_end, start, token_for

NAMES = ["Ann", "Bob", "Cy", "Di"]


def finished_game(client):
    game = start([{"name": "Ann", "email": "ann@example.org"}, *ROBOTS3], options={"target": 50})
    token = token_for(game.id, 0)
    play_to_the_end(client, game.id, token)
    return game, token, events_of(game.id)


def test_every_event_of_a_whole_game_is_told(client):
    _, _, events = finished_game(client)
    told = [replay_story(events, step, NAMES)[-1] for step in range(1, len(events) + 1)]
    assert [entry["number"] for entry in told] == list(range(1, len(events) + 1))
    score_changes = 0
    for step, (event, entry) in enumerate(zip(events, told), 1):
        if event["type"] == "move":
            verb = "plays" if is_card(event["move"]) else "says"
            assert entry["lines"][0].startswith(f"{NAMES[event['seat']]} {verb} {move_label(event['move'])}")
        elif event["type"] == "deal":
            assert re.fullmatch(r"Deal \d+: \w+ deals\.", entry["lines"][0])
        if step > 1:
            before, after = replay(events[:step - 1]), replay(events[:step])
            ended = len(after.view(0)["history"]) > len(before.view(0)["history"])
            score_changes += not ended and list(after.scores) != list(before.scores)
            assert (entry["finished"] is not None) == ended
    lines = [line for entry in told for line in entry["lines"]]
    history = replay(events).view(0)["history"]
    assert sum(line.endswith("wins the trick.") for line in lines) == sum(len(deal["tricks"]) for deal in history)
    assert [line.split(" is over")[0] for line in lines if " is over. Scores: " in line] == [
        f"Deal {deal['deal']}" for deal in history]
    assert sum(line.startswith("Scores now: ") for line in lines) == score_changes
    assert any(" says " in line for line in lines), "the calls and doubles are told"
    assert told[-1]["lines"][-1].startswith("The game is over: ") and told[-1]["lines"][-1].endswith(" won.")


def test_the_replay_page_steps_with_the_keyboard_and_tells_the_deal_so_far(client):
    _, token, events = finished_game(client)
    total = len(events)
    last = client.get(f"/s/{token}/replay?step={total}").get_data(as_text=True)
    assert 'rel="prev" accesskey="p"' in last and 'rel="next"' not in last
    middle = client.get(f"/s/{token}/replay?step=5").get_data(as_text=True)
    assert '<a class="button" href="?step=4" rel="prev" accesskey="p">' in middle
    assert '<a class="button" href="?step=6" rel="next" accesskey="n">' in middle
    assert not re.search("[⏮⏭◀▶]", middle)
    story = re.search(r'<ol class="story">(.*?)</ol>', middle, re.S).group(1)
    assert re.findall(r'<li value="(\d+)"', story) == ["2", "3", "4", "5"]      # from the deal on
    assert 'aria-current="step"' in story.split('<li value="5"')[1]
    assert "The game is over: " in last and "The deal's account" in last


@pytest.mark.parametrize("game, verb", [("one_and_thirty", "draw"), ("bone_ace", "draw"), ("primero", "discard")])
def test_a_finished_game_s_replay_names_every_card_drawn_or_exchanged(game, verb):
    events = random_game(game, random.Random(4))
    names = [f"P{seat + 1}" for seat in range(replay(events[:1]).seat_count)]
    told = list(tell(events, names, 0, range(1, len(events) + 1)))
    moves = 0
    for number, event in enumerate(events[1:], 2):
        if event["type"] == "move" and event["move"].split()[0] == verb:
            moves += 1
            before, after = replay(events[:number - 1]).held(), replay(events[:number]).held()
            seat, words = event["seat"], " ".join(told[number - 1]["lines"])
            taken = sorted(set(after[seat]) - set(before[seat]))
            assert words.startswith(f"{names[seat]} says {move_label(event['move'])}.")
            assert all(display(card) in words.split(f"{names[seat]} takes ")[1] for card in taken), words
            assert "(" not in move_label(event["move"]) and not re.search(r"\b\d[sdch]\b", words), words
    assert moves
