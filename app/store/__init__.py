"""The store: what is written down, and the cache beside it.

Owns: the database connection and its transactions (`db`), the tables
(`models`), their migrations (`migrations/`, applied by `migrate`), the
game's event log and its summary row (`record`), the cache of states folded
from the log (`snapshots`), and throwaway databases for tests and benches
(`scratch_database`).

May import: app.live, app.play
"""
