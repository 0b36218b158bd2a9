"""The after-commit hook: what happens once a transaction has committed.

The service calls `after_commit` after every committing transaction that
queued mail or left a robot to move. By default nothing happens: mail stays
in the outbox (shown on /dev/mailbox) and robots wait. The workers plug in
with `set_dispatcher` (workers/dispatcher.py): Celery tasks that send the
outbox rows and play each game's robot turns (`play_robot_turns(game_id)`),
gathered over a short window under load. A dispatcher must not raise:
the work is already committed, and the sweeps pick up anything it misses.
"""

_dispatcher = None


def set_dispatcher(dispatcher):
    """Install `dispatcher(outbox_ids=[...], robot_game_ids=[...], my_games=[(email, requested_at)])` (the last
    argument only when there are look-ups); None restores the default."""
    global _dispatcher
    _dispatcher = dispatcher


def get_dispatcher():
    return _dispatcher


def after_commit(outbox_ids, robot_game_ids):
    """Hand committed work (outbox row ids, ids of games with a robot to move) to the dispatcher."""
    if _dispatcher is not None:
        _dispatcher(outbox_ids=outbox_ids, robot_game_ids=robot_game_ids)


def request_my_games(email, requested_at):
    """Hand the dispatcher a look-up of `email`'s games, for the workers to mail it the list if it plays."""
    if _dispatcher is not None:
        _dispatcher(outbox_ids=[], robot_game_ids=[], my_games=[(email, requested_at)])
