"""Probes of a game, played once per game, players, options and dealer and kept: where a known pack puts each
position (`probe`), and which view keys earlier deals shape (`carried_keys`), found by experiment so that
guessed states (`engine.robots.worlds`) know no rule of any game."""

import json
import random
from ..errors import EngineError, RecordError
from ..events import start_event
from ..record import start_state
from ..state import AWAITING_MOVE

class WorldError(EngineError):
    """No guessed deal could be made to fit the seat's record."""

    code = "robot_world"


ELSEWHERE = "elsewhere"   # a place of the pack outside every hand (a stock, a cachette, a discard)
PROBE_SEED = 20240614
PROBE_GAMES = 8           # games played to find the keys that earlier deals shape (a carried pool is rare)
CARRIED = frozenset({"history", "scores", "deal"})   # keys that earlier deals shape in every game
PATHS_OF_MOVES = ("moves", "table")   # where a view shows cards as they are played, not as dealt

_PROBES = {}   # (game, players, options, dealer, seat) -> (probe pack, position -> seat or None, [(path, position)])
_CARRIED = {}  # (game, players, options) -> the view keys that earlier deals shape
_OPENINGS = {}  # (game, players, options, dealer) -> a state awaiting that dealer's deal


def game_start(view):
    """The start event of a game whose first deal is the view's deal, with its options."""
    return start_event(view["game"], view["players"], view["options"], view["dealer"])


def opening(view):
    """A state awaiting a deal by the view's dealer: a new game's, or, where a game must start with
    another dealer (three-handed Quinto's dummy deals first), one after deals played at random."""
    key = (view["game"], view["players"], json.dumps(view["options"], sort_keys=True), view["dealer"])
    if key not in _OPENINGS:
        try:
            _OPENINGS[key] = start_state(game_start(view))
        except RecordError:
            _OPENINGS[key] = after_deals_to(view)
    return _OPENINGS[key].clone()


def after_deals_to(view):
    """A game from its usual start, its deals played at random until the next is the view's dealer's."""
    for attempt in range(PROBE_GAMES * 4):   # a game may end before the deal comes round: try others
        rng = random.Random(f"{PROBE_SEED}|{attempt}")
        state = start_state(start_event(view["game"], view["players"], view["options"]))
        for _ in range(len(view["hand_sizes"]) + 1):
            before = state.clone()
            deck = state.full_pack()
            rng.shuffle(deck)
            state.apply_deal(deck)
            if state.view(view["seat"])["dealer"] == view["dealer"]:
                return before
            while state.awaiting == AWAITING_MOVE:
                mover = state.to_move[0]
                state.apply_move(mover, rng.choice(sorted(state.legal_moves(mover))))
            if state.awaiting is None:
                break
    raise WorldError(f"no game of {view['game']} reaches a deal by seat {view['dealer']}")


def probe(view):
    """Where the game deals each position of a pack: a known pack dealt once, and read back."""
    key = (view["game"], view["players"], json.dumps(view["options"], sort_keys=True), view["dealer"], view["seat"])
    if key not in _PROBES:
        state = opening(view)
        deck = state.full_pack()
        random.Random(PROBE_SEED).shuffle(deck)
        state.apply_deal(list(deck))
        holders = [None] * len(deck)
        where = positions_of(deck)
        for seat in range(state.seat_count):
            for card in state.view(seat)["hand"]:
                holders[where[card].pop()] = seat
        where = positions_of(deck)
        shown = card_paths(state.view(view["seat"]), set(deck))
        revealed = [(path, where[card].pop()) for path, card in shown if path[0] not in PATHS_OF_MOVES
                    and where.get(card)]
        _PROBES[key] = (deck, holders, revealed)
    return _PROBES[key]


def carried_keys(view):
    """The view's keys that earlier deals shape (the scores, the history), which a guessed state cannot match.

    Found by experiment: the second deal of a game played at random is replayed, move by move beside
    it, as the first deal of a new game, and the seat's views of the two are compared all along.
    """
    key = (view["game"], view["players"], json.dumps(view["options"], sort_keys=True))
    if key not in _CARRIED:
        carried = set(CARRIED)
        for seed in range(PROBE_GAMES):
            carried |= keys_that_differ(view, random.Random(f"{PROBE_SEED}|{seed}"))
        _CARRIED[key] = frozenset(carried)
    return _CARRIED[key]


def keys_that_differ(view, rng):
    whole = opening(view)
    while whole.deals < 2:
        if whole.awaiting is None:
            return set()
        if whole.awaiting == AWAITING_MOVE:
            mover = whole.to_move[0]
            whole.apply_move(mover, rng.choice(sorted(whole.legal_moves(mover))))
        else:
            deck = whole.full_pack()
            rng.shuffle(deck)
            whole.apply_deal(deck)
    seat = view["seat"]
    alone = opening(dict(view, dealer=whole.view(seat)["dealer"]))
    alone.apply_deal(deck)
    differ = set()
    while whole.awaiting == AWAITING_MOVE and alone.awaiting == AWAITING_MOVE:
        mine, theirs = whole.view(seat), alone.view(seat)
        differ.update(key for key in mine if mine[key] != theirs.get(key))
        mover = whole.to_move[0]
        move = rng.choice(sorted(whole.legal_moves(mover)))
        if move not in alone.legal_moves(mover):   # what earlier deals left (a doubled stake) changes the moves
            differ.add("legal")
            break
        whole.apply_move(mover, move)
        alone.apply_move(mover, move)
    return differ


def card_paths(value, cards, path=()):
    """(path, card) for every card of `cards` in a view, in order; a path is the keys and indices down to it."""
    if isinstance(value, str):
        if value in cards:
            yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in ("history", "hand", "legal"):
                yield from card_paths(item, cards, path + (key,))
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            yield from card_paths(item, cards, path + (index,))


def at_path(view, path):
    """What a view holds at `path`, or None."""
    for step in path:
        try:
            view = view[step]
        except (KeyError, IndexError, TypeError):
            return None
    return view


def positions_of(deck):
    """card -> its positions in `deck` (a pack may hold copies)."""
    where = {}
    for position, card in enumerate(deck):
        where.setdefault(card, []).append(position)
    return where
