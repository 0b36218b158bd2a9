"""The Redis transport keeps one publishing client per connection pool (against the local Redis)."""

import os
import uuid

import pytest
import redis
from kombu import Connection

REDIS_URL = os.environ.get("CACHETTE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


@pytest.fixture
def queue():
    name = f"cachette_test_{uuid.uuid4().hex[:8]}"
    yield name
    redis.Redis.from_url(REDIS_URL).delete(name)


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
