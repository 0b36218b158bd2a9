"""A per-process cache of replayed states, one per game, with the seq it stands at.

The log is append-only and each (game, seq) is written once, so the state
after event `seq` never changes: a cached state is always what a full replay
gives (tests/app/test_snapshots.py checks this). A process that finds an
older state of a game (another process took the moves since) applies only
the events it missed. A few earlier states of each game are kept too, so
that telling a table what happened since the position it showed replays
the moves since then, not the whole log. Cached states are shared and read-only; code that
applies a move works on a clone and stores it only after its transaction
has committed.
"""

import threading
from collections import OrderedDict

from engine import apply_event, replay

from app.store.record import load_events

CACHE_SIZE = 2000
EARLIER = 3        # earlier states kept per game: a table asks what happened since the position it showed
_states = OrderedDict()    # game id -> (seq, state, ((seq, state), ...) earlier ones, newest first)
_lock = threading.Lock()


def state_at(session, game_id, seq):
    """The state after event `seq` (read-only): from the cache, caught up from the nearest older cached
    state with the events since, or else a full replay of the log up to `seq`."""
    with _lock:
        kept = _states.get(game_id)
        if kept is not None:
            _states.move_to_end(game_id)
    start = nearest(kept, seq)
    if start is not None and start[0] == seq:
        return start[1]
    if start is not None:
        state = start[1].clone()
        for event in load_events(session, game_id, upto=seq, after=start[0]):
            apply_event(state, event)
    else:
        state = replay(load_events(session, game_id, upto=seq))
    remember(game_id, seq, state)
    return state


def nearest(kept, seq):
    """The (seq, state) kept for a game at the latest position not after `seq`, or None."""
    if kept is None:
        return None
    newest, state, earlier = kept
    return next(((at, older) for at, older in ((newest, state), *earlier) if at <= seq), None)


def remember(game_id, seq, state):
    """Keep `state` as the state after event `seq` (only for committed events): the newest kept moves to the
    earlier ones when a later one comes; an earlier one joins them."""
    with _lock:
        kept = _states.get(game_id)
        if kept is None:
            _states[game_id] = (seq, state, ())
        elif seq > kept[0]:
            _states[game_id] = (seq, state, ((kept[0], kept[1]), *kept[2])[:EARLIER])
        elif seq < kept[0] and all(at != seq for at, _ in kept[2]):
            earlier = sorted(((seq, state), *kept[2]), key=lambda pair: pair[0], reverse=True)
            _states[game_id] = (kept[0], kept[1], tuple(earlier[:EARLIER]))
        _states.move_to_end(game_id)
        if len(_states) > CACHE_SIZE:
            _states.popitem(last=False)
