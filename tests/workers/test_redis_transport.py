"""The Redis transport keeps one publishing client per connection pool (against the local Redis), and closes
without raising once the broker has gone."""

import os
import uuid

import pytest
import redis
from kombu import Connection

from live import RedisServer
from smtp_sink import free_port

REDIS_URL = os.environ.get("CACHETTE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


@pytest.fixture
def queue():
    name = f"cachette_test_{uuid.uuid4().hex[:8]}"
    yield name
    client = redis.Redis.from_url(REDIS_URL)
    client.delete(name)
    client.close()


def test_closing_a_connection_the_broker_dropped_with_a_message_unacknowledged_does_not_raise(tmp_path):
    """What celery does when Redis goes away: collect the connection, then close it. Closing the channel
    restores its unacknowledged message through a connection with no server left to name: kombu raised an
    AttributeError there, which killed the worker ("Unrecoverable error"), seen in the end-to-end test."""
    server = RedisServer(free_port(), tmp_path).start()
    try:
        connection = Connection(server.url, transport="workers.redis_transport:Transport")
        waiting = connection.SimpleQueue("cachette_test")
        waiting.put({"n": 1})
        assert waiting.get(timeout=2).payload == {"n": 1}          # delivered, not acknowledged
        server.stop()
        # celery's collect() closes the channel with a bounded timeout and, if that times out (as it does against
        # a Redis that stopped answering), gives up on it and lets go of the transport: this last step alone.
        connection._do_close_transport()
        connection.close()
        assert connection.connected is False
    finally:
        server.stop()


def test_publishes_reuse_one_client_until_the_pool_is_replaced(queue):
    with Connection(REDIS_URL, transport="workers.redis_transport:Transport") as connection:
        channel = connection.default_channel
        producer = connection.Producer(channel)
        producer.publish({"n": 1}, routing_key=queue, declare=[connection.SimpleQueue(queue).queue])
        first = channel._publishing_client
        producer.publish({"n": 2}, routing_key=queue)
        assert channel._publishing_client is first
        channel._disconnect_pools()                     # what kombu does after a fork
        producer.publish({"n": 3}, routing_key=queue)
        assert channel._publishing_client is not first
        assert channel._publishing_client.connection_pool is channel.pool
        received = connection.SimpleQueue(queue)
        assert [received.get(timeout=2).payload["n"] for _ in range(3)] == [1, 2, 3]
        received.close()
