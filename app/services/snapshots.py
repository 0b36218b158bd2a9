"""A per-process cache of replayed states, keyed by (game, seq).

The log is append-only and each (game, seq) is written once, so the state
after event `seq` never changes: a cached state is always what a full replay
gives (tests/app/test_snapshots.py checks this). Cached states are shared and
read-only; code that applies a move works on a clone and stores it only
after its transaction has committed.
"""

import threading
from collections import OrderedDict

from sqlalchemy import select

from engine import replay

from ..models import Event

CACHE_SIZE = 2000
_states = OrderedDict()
_lock = threading.Lock()


def state_at(session, game_id, seq):
    """The state after event `seq` (read-only): from the cache, else a full replay of the log up to `seq`."""
    with _lock:
        hit = _states.get(game_id)
        if hit is not None and hit[0] == seq:
            _states.move_to_end(game_id)
            return hit[1]
    events = load_events(session, game_id, seq)
    state = replay(events)
    remember(game_id, seq, state)
    return state


def load_events(session, game_id, seq):
    query = select(Event.data).where(Event.game_id == game_id, Event.seq <= seq).order_by(Event.seq)
    return list(session.execute(query).scalars())


def remember(game_id, seq, state):
    """Keep `state` as the state after event `seq`; only call this for committed events."""
    with _lock:
        _states[game_id] = (seq, state)
        _states.move_to_end(game_id)
        if len(_states) > CACHE_SIZE:
            _states.popitem(last=False)
