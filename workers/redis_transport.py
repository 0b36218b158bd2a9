"""kombu's Redis transport, keeping one publishing client per connection pool.

kombu builds a new redis-py client (with its table of response callbacks)
for every message it publishes: a third of the cost of queueing a task after
each move. A redis-py client is thread-safe and only borrows connections from
its pool, so one per pool serves every publish; a new pool (after a fork or
a reconnect) gets a new client.

When the broker goes away, celery closes the consumer's connection again
while it reconnects, and closing a channel restores its unacknowledged
messages through a new client; by then the connection has no server to
name, and kombu's AttributeError killed the worker ("Unrecoverable error").
That case is now a connection error, which closing ignores: the messages
stay in Redis's unacked set and come back after the visibility timeout.
"""

from contextlib import contextmanager

import redis as redis_py
from kombu.transport import redis


class Channel(redis.Channel):
    _publishing_client = None

    @contextmanager
    def conn_or_acquire(self, client=None):
        if client:
            yield client
            return
        if self.connection.client is None:
            raise redis_py.ConnectionError("the broker connection is closed")
        pool = self.pool
        if self._publishing_client is None or self._publishing_client.connection_pool is not pool:
            self._publishing_client = self._create_client()
        yield self._publishing_client


class Transport(redis.Transport):
    Channel = Channel
