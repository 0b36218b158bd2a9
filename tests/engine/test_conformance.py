"""The conformance suite: properties every registered game must have, checked on random legal play.

It reaches a game through the protocol (`engine.protocol`) alone, so it runs
unchanged against every game the registry finds, and against High Card
(`tiny_game.py`), a small game without tricks on the bare protocol, and
Pot High Card (`tiny_vying.py`), a banking game on the shared series,
both registered only here. Each
game is tried with its defaults at every player count it allows, and with
each other value of each of its choice options (combinations a game refuses
at the start are left out). A game added to the registry gets these tests
for free.
"""

import json
import pickle
import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from engine import registry
from engine.bench import random_game
from engine.cards import is_card
from engine.events import deal_event, move_event, start_event
from engine.errors import EngineError, RecordError
from engine.record import apply_event, replay, replay_lines, start_state
from engine.seat_record import seat_record
from engine.registry import all_games
from engine.state import AWAITING_DEAL
from engine.view import envelope_problems
from tests.engine.tiny_game import HighCard
from tests.engine.tiny_vying import PotHighCard

MAX_DEALS = 2
MAX_EVENTS = 400
SWAPS = 6          # exchanges of hidden cards tried per seat and position


TINY_GAMES = {HighCard.name: HighCard, PotHighCard.name: PotHighCard}
GAMES = {**all_games(), **TINY_GAMES}


@pytest.fixture(autouse=True)
def tiny_games_registered(monkeypatch):
    """The tiny games are findable by name during these tests only."""
    for name, game in TINY_GAMES.items():
        monkeypatch.setitem(registry._GAMES, name, game)


def cases():
    found = []
    for name, game in GAMES.items():
        variants = [(players, {}) for players in game.players]
        for option in game.options:
            for value in option.choices:
                if value != option.default_for(game.players[0]):
                    variants.append((game.players[0], {option.name: value}))
        for players, options in variants:
            try:
                game(players, options, 0)
            except RecordError:
                continue
            found.append(pytest.param(name, players, options, id=f"{name}-{players}-{json.dumps(options)}"))
    return found


def random_events(name, players, options, seed, dealer, check=None):
    """A record of random legal play (a couple of deals), calling `check(state)` after every event."""
    rng = random.Random(seed)
    events = [start_event(name, players, options, dealer)]
    state = start_state(events[0])
    while state.awaiting is not None and len(events) < MAX_EVENTS:
        if state.awaiting == AWAITING_DEAL:
            if state.deals == MAX_DEALS:
                break
            deck = state.full_pack()
            rng.shuffle(deck)
            state.apply_deal(deck)
            events.append(deal_event(deck))
        else:
            seat = state.to_move[0]
            move = rng.choice(sorted(state.legal_moves(seat)))
            state.apply_move(seat, move)
            events.append(move_event(seat, move))
        if check:
            check(state)
    return events, state


def strings_in(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings_in(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings_in(item)


CASES = cases()
SEEDS = st.integers(min_value=0, max_value=2**32)
DEALERS = st.integers(min_value=0, max_value=2)


@pytest.mark.parametrize(("name", "players", "options"), CASES)
@settings(max_examples=6, deadline=None)
@given(seed=SEEDS, dealer=DEALERS)
def test_random_play_is_consistent(name, players, options, seed, dealer):
    """Random legal play never raises; every state offers a legal move or a deal, the same to the move
    path (which may work it out ahead) as to a reader; views are JSON."""
    def check(state):
        assert state.awaiting in ("move", "deal", None)
        if state.awaiting == "move":
            assert state.to_move and state.legal_moves(state.to_move[0])
            assert state.legal_moves(state.to_move[0]) == state.read_legal(state.to_move[0])
        summary = state.summary()
        assert summary["over"] == (summary["awaiting"] is None)
        assert len(summary["scores"]) == state.seats.side_count
        json.dumps(summary)
        for seat in range(state.seat_count):
            assert not envelope_problems(state.view(seat), state.seat_count)
        if state.over:
            result = state.result()
            assert set(result.sides) == set(state.winning_sides())
            assert all(state.side_of(seat) in result.sides for seat in result.seats)
            assert len(state.returns()) == state.seat_count

    dealer = dealer % GAMES[name].seating(players, options).seat_count
    try:
        start_state(start_event(name, players, options, dealer))
    except RecordError:
        dealer = 0   # a game that fixes the first dealer (three-handed Quinto)
    random_events(name, players, options, seed, dealer, check)


@pytest.mark.parametrize(("name", "players", "options"), CASES)
@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
def test_replay_equals_stepwise_application(name, players, options, seed):
    events, state = random_events(name, players, options, seed, 0)
    replayed = replay(events)
    assert replayed.summary() == state.summary()
    for seat in range(state.seat_count):
        assert replayed.view(seat) == state.view(seat)
    from_lines = replay_lines(json.dumps(event) + "\n" for event in events)
    assert from_lines.summary() == state.summary()


@pytest.mark.parametrize(("name", "players", "options"), CASES)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS, cut=st.floats(min_value=0, max_value=1))
def test_a_clone_is_independent_of_its_original(name, players, options, seed, cut):
    """Playing on a clone leaves the original as it was, and the clone ends where a replay does."""
    events, _ = random_events(name, players, options, seed, 0)
    split = max(1, int(len(events) * cut))
    original = replay(events[:split])
    before = (original.summary(), [original.view(seat) for seat in range(original.seat_count)])
    copy = original.clone()
    for event in events[split:]:
        if event["type"] == "deal":
            copy.apply_deal(event["deck"])
        else:
            copy.apply_move(event["seat"], event["move"])
    assert (original.summary(), [original.view(seat) for seat in range(original.seat_count)]) == before
    assert copy.summary() == replay(events).summary()


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_a_pack_holds_each_card_once(name, players, options):
    """The deal check (engine.dealing.same_cards) relies on it."""
    pack = GAMES[name](players, options, 0).full_pack()
    assert len(set(pack)) == len(pack)


@pytest.mark.parametrize(("name", "players", "options"), CASES)
@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
def test_cards_are_conserved(name, players, options, seed):
    """Within a deal no card is lost, doubled or invented."""
    counts = {}

    def check(state):
        if not state.deals:
            return
        located = [card for cards in state.card_places().values() for card in cards]
        assert not Counter(located) - Counter(state.full_pack())
        counts.setdefault(state.deals, len(located))
        assert len(located) == counts[state.deals]

    random_events(name, players, options, seed, 0, check)


@pytest.mark.parametrize(("name", "players", "options"), CASES)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_a_view_carries_the_moves_of_the_deal_as_its_seat_saw_them(name, players, options, seed):
    """The envelope's `moves` are the record's moves since the last deal, each as the seat was told of it."""
    told = []   # [mover, what each seat was told] for the moves of the deal, asked right after each move

    def check(state):
        if len(state.deal_moves) < len(told):   # a new deal
            told.clear()
        if len(state.deal_moves) > len(told):
            mover, move = state.deal_moves[-1]
            told.append([mover, [state.move_seen_by(seat, move) for seat in range(state.seat_count)]])
        for seat in range(state.seat_count):
            moves = state.view(seat)["moves"]
            if state.awaiting == "move":
                assert moves == [[mover, seen[seat]] for mover, seen in told]
            else:   # once the deal is over its face-down cards may be shown
                assert [mover for mover, _ in moves] == [mover for mover, _ in told]
                assert all(move in (None, made) for (_, move), (_, made) in zip(moves, state.deal_moves))

    events, _ = random_events(name, players, options, seed, 0, check)
    last_deal = max(number for number, event in enumerate(events) if event["type"] == "deal")
    recorded = [[event["seat"], event["move"]] for event in events[last_deal + 1:] if event["type"] == "move"]
    state = replay(events)
    assert [[mover, move] for mover, move in state.deal_moves] == recorded


@pytest.mark.parametrize(("name", "players", "options"), CASES)
@settings(max_examples=4, deadline=None)
@given(seed=SEEDS)
def test_no_view_shows_a_hidden_card(name, players, options, seed):
    """No view shows a card hidden from its seat, and every card of the deal a view does not show is declared
    hidden from it. Checked in the first deal: a later deal's cards are already in the public history of earlier
    ones."""
    def check(state):
        if state.deals != 1:
            return
        located = {card for cards in state.card_places().values() for card in cards}
        for seat in range(state.seat_count):
            view = state.view(seat)
            shown = set(strings_in(view))
            leaked = shown & state.hidden_from(seat)
            assert not leaked, f"seat {seat} sees {sorted(leaked)}"
            unshown = located - shown - set(json.dumps(view).split('"'))   # dictionary keys name cards too
            assert unshown <= state.hidden_from(seat), f"seat {seat} is shown nothing of {sorted(unshown)}"

    random_events(name, players, options, seed, 0, check)


@pytest.mark.parametrize(("name", "players", "options"), CASES)
@settings(max_examples=2, deadline=None)
@given(seed=SEEDS)
def test_the_watchers_view_holds_no_card_hidden_from_any_seat(name, players, options, seed):
    """A watcher's view shows nothing any seat may not see (a card held, a card face down), keeps the envelope,
    and still shows what is public: the scores and the cards face up in play. Checked in the first deal, as
    above: a later deal's cards are already in the public history of earlier ones."""
    def check(state):
        if state.deals != 1:
            return
        public = state.watcher_view()
        hidden = set().union(*(state.hidden_from(seat) for seat in range(state.seat_count)))
        leaked = set(strings_in(public)) & hidden
        assert not leaked, f"a watcher sees {sorted(leaked)}"
        assert envelope_problems(public, state.seat_count) == [] and public["hand"] == public["legal"] == []
        assert public["scores"] == list(state.scores) and public["table"] == state.table_cards()

    random_events(name, players, options, seed, 0, check)


def swapped(events, one, other):
    """`events` with the cards `one` and `other` exchanged wherever they are named."""
    exchange = {one: other, other: one}
    changed = []
    for event in events:
        if event["type"] == "deal":
            event = dict(event, deck=[exchange.get(card, card) for card in event["deck"]])
        elif event["type"] == "move":
            event = dict(event, move=exchange.get(event["move"], event["move"]))
        changed.append(event)
    return changed


def public_facts(state):
    """What every seat sees alike: the summary but for the legal moves of the seat to move, and the deal's
    phase (whether a ruff is offered tells who holds the trump Ace, by the rules)."""
    facts = {key: value for key, value in state.summary().items() if key != "legal"}
    return dict(facts, phase=getattr(state, "phase", None))


@pytest.mark.parametrize(("name", "players", "options"), CASES)
@settings(max_examples=5, deadline=None)
@given(seed=SEEDS, cut=st.floats(min_value=0, max_value=1))
def test_a_view_does_not_depend_on_where_the_cards_hidden_from_its_seat_lie(name, players, options, seed, cut):
    """Exchange two cards now hidden from a seat in the deal in play's pack and moves: the seat cannot tell
    the two deals apart, so its view must not either.

    Exchanges the seat could tell are left out: those that break a rule the
    recorded moves obeyed, those that show it a card the other does not (a hand
    bust from the deal is shown; a pair laid by at once from a pair royal may
    be two other cards of the hand), and those that change the public facts (honours
    announced at once change the score). This catches what no search for card
    names can: a count, a side or a flag that tells where hidden cards lie.
    """
    events, _ = random_events(name, players, options, seed, 0)
    events = events[:max(2, int(len(events) * cut))]
    last_deal = max(number for number, event in enumerate(events) if event["type"] == "deal")
    before = replay(events[:last_deal])
    state = replay(events)
    rng = random.Random(seed)
    for seat in range(state.seat_count):
        hidden = sorted(state.hidden_from(seat))
        for _ in range(SWAPS if len(hidden) >= 2 else 0):
            one, other = rng.sample(hidden, 2)
            world = before.clone()
            try:
                for event in swapped(events[last_deal:], one, other):
                    apply_event(world, event)
            except EngineError:
                continue   # the exchange breaks a rule the recorded moves obeyed: the seat could tell
            revealed = state.hidden_from(seat) ^ world.hidden_from(seat)   # one shows the seat a card: it could tell
            if not revealed and public_facts(world) == public_facts(state):
                assert world.view(seat) == state.view(seat), f"seat {seat}'s view tells where {one} or {other} lies"


@pytest.mark.parametrize(("name", "players", "options"), CASES)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_notation_round_trips(name, players, options, seed):
    """Every legal move reads back as itself, in its canonical form and in the other case."""
    def check(state):
        if state.awaiting != "move":
            return
        seat = state.to_move[0]
        for move in state.legal_moves(seat):
            assert state.parse_move(seat, move) == move
            assert state.parse_move(seat, move.swapcase()) == move

    random_events(name, players, options, seed, 0, check)


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_the_seating_names_a_controller_and_a_side_for_every_seat(name, players, options):
    seating = GAMES[name].seating(players, options)
    state = GAMES[name](players, options, 0)
    assert seating.seat_count == state.seat_count
    assert all(seating.controllers[controller] == controller for controller in seating.controllers)
    assert sorted(set(seating.sides)) == list(range(seating.side_count))
    assert set(seating.players()) == set(state.player_seats())


@pytest.mark.parametrize(("name", "players", "options"), CASES)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS, cut=st.floats(min_value=0, max_value=1))
def test_reading_a_state_never_changes_it(name, players, options, seed, cut):
    """What a cached state shared between requests is asked (views, summary, outcome) leaves it byte for byte as it was."""
    events, _ = random_events(name, players, options, seed, 0)
    state = replay(events[:max(1, int(len(events) * cut))])
    if state.awaiting == "move":   # a move path's cache, if the game keeps one, holds another seat's moves
        state.legal_moves((state.to_move[0] + 1) % state.seat_count)
    before = pickle.dumps(state)
    for seat in range(state.seat_count):
        state.view(seat)
        state.hidden_from(seat)
    state.summary(), state.result(), state.returns(), state.card_places()
    assert pickle.dumps(state) == before


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_declares_its_words_for_people(name):
    """Options carry a label and help, spoken moves a hint, and the lobby's facts are filled in."""
    game = GAMES[name]
    assert game.title and game.blurb and game.length and game.players
    assert all(option.title and option.help for option in game.options)
    assert all(word == word.lower() and not is_card(word) for word in game.move_hints)


def test_an_option_reads_as_its_label_or_its_name_in_words():
    from engine.games.quinto import Quinto

    titles = {option.name: option.title for option in Quinto.options}
    assert titles["joker_trick11_compulsion"] == "Joker at trick 11"
    assert titles["joker_lead"] == "Joker lead"


def test_a_banking_round_keeps_its_counters_in_the_ledger_and_the_pot_clears():
    """Pot High Card on the series: stakes go to the pot, the showdown takes it, counters sum to nothing."""
    state = replay(random_game(PotHighCard.name, random.Random(7), players=3))
    assert state.over and state.deals == 3
    assert state.ledger.pot == 0 and sum(state.scores) == 0
    assert [entry["reason"] for entry in state.ledger.stakes_view()["entries"][:3]] == ["stake", "stake", "showdown"]
    assert state.returns() == [float(score) for score in state.scores]
    assert set(state.result().seats) == {seat for seat in range(3) if state.scores[seat] == max(state.scores)}


@pytest.mark.parametrize(("name", "players", "options"), CASES)
@settings(max_examples=3, deadline=None)
@given(seed=SEEDS)
def test_a_seats_copy_of_the_record_keeps_only_what_it_saw(name, players, options, seed):
    """A seat's copy (the download of a game in progress) names no card hidden from the seat when it was dealt,
    keeps the seat's own hand, hides exactly the moves made face down to it, and keeps every other event."""
    events, state = random_events(name, players, options, seed, 0)
    for seat in state.player_seats():
        copy = seat_record(events, seat)
        assert len(copy) == len(events) and copy[0] == events[0]
        stepped = start_state(events[0])
        for event, told in zip(events[1:], copy[1:]):
            canonical = apply_event(stepped, event)
            if event["type"] == "deal":
                kept = {card for card in told["deck"] if card is not None}
                leaked = kept & stepped.hidden_from(seat)
                assert not leaked, f"seat {seat} is told {sorted(leaked)}"
                assert set(stepped.view(seat)["hand"]) <= kept
                withheld = [card if card in kept else None for card in event["deck"]]
                assert told["deck"] == withheld
            elif event["type"] == "move":
                assert told["move"] == stepped.move_seen_by(seat, canonical)
            else:
                assert told == event
