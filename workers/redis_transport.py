"""kombu's Redis transport, keeping one publishing client per connection pool.

kombu builds a new redis-py client (with its table of response callbacks)
for every message it publishes: a third of the cost of queueing a task after
each move. A redis-py client is thread-safe and only borrows connections from
its pool, so one per pool serves every publish; a new pool (after a fork or
a reconnect) gets a new client.
"""

from contextlib import contextmanager

from kombu.transport import redis


class Channel(redis.Channel):
    _publishing_client = None

    @contextmanager
    def conn_or_acquire(self, client=None):
        if client:
            yield client
            return
        pool = self.pool
        if self._publishing_client is None or self._publishing_client.connection_pool is not pool:
            self._publishing_client = self._create_client()
        yield self._publishing_client


class Transport(redis.Transport):
    Channel = Channel
