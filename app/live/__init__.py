"""The live state kept in Redis beside the log: never the truth, always
rebuilt from the database when it is missing.

Owns: each game's log position as the poll reads it (`positions`), who is at
an open table now (`presence`), and the short timeouts and the breaker every
Redis call of a request goes through (`redis_breaker`).

May import: app.store, app.play
"""
