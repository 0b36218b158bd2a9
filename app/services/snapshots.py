"""A per-process cache of replayed states, one per game, with the seq it stands at.

The log is append-only and each (game, seq) is written once, so the state
after event `seq` never changes: a cached state is always what a full replay
gives (tests/app/test_snapshots.py checks this). A process that finds an
older state of a game (another process took the moves since) applies only
the events it missed. Cached states are shared and read-only; code that
applies a move works on a clone and stores it only after its transaction
has committed.
"""

import threading
from collections import OrderedDict

from engine import apply_event, replay

from .record import load_events

CACHE_SIZE = 2000
_states = OrderedDict()
_lock = threading.Lock()


def state_at(session, game_id, seq):
    """The state after event `seq` (read-only): from the cache, caught up from an older cached
    state with the events since, or else a full replay of the log up to `seq`."""
    with _lock:
        hit = _states.get(game_id)
        if hit is not None and hit[0] == seq:
            _states.move_to_end(game_id)
            return hit[1]
    if hit is not None and hit[0] < seq:
        state = hit[1].clone()
        for event in load_events(session, game_id, upto=seq, after=hit[0]):
            apply_event(state, event)
    else:
        state = replay(load_events(session, game_id, upto=seq))
    remember(game_id, seq, state)
    return state


def remember(game_id, seq, state):
    """Keep `state` as the state after event `seq`, unless a later one is kept; only for committed events."""
    with _lock:
        kept = _states.get(game_id)
        if kept is not None and kept[0] > seq:
            return
        _states[game_id] = (seq, state)
        _states.move_to_end(game_id)
        if len(_states) > CACHE_SIZE:
            _states.popitem(last=False)
