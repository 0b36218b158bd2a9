"""The Celery application, wired to Flask: every task runs inside the Flask app's context.

The broker is the Redis at REDIS_URL, which a production start requires;
`make run` starts a private one (workers/devserver.py).
"""

from datetime import timedelta

from celery import Celery, Task, bootsteps

TASK_MODULES = ["workers.tasks"]
# Just after the broker came back, a pooled connection may still be the one it dropped: make it again, briefly.
RECONNECTING = {"max_retries": 3, "interval_start": 0.2, "interval_step": 0.5, "interval_max": 1}
PRUNE_EVERY = timedelta(hours=1)
# A broker that hangs holds a publish (on the dispatcher's thread, never a request's) this long, not for ever.
BROKER_SOCKET_TIMEOUT = 1


def celery_init_app(flask_app):
    """Flask's `celery_init_app` pattern: one Celery app whose tasks run in `flask_app`'s context."""

    class FlaskTask(Task):
        def __call__(self, *args, **kwargs):
            with flask_app.app_context():
                return self.run(*args, **kwargs)

    config = flask_app.extensions["cachette"]["config"]
    celery = Celery(flask_app.name, task_cls=FlaskTask, include=TASK_MODULES)
    celery.conf.update(celery_settings(config))
    celery.steps["consumer"].add(PickUpOnConnect)
    celery.set_default()
    flask_app.extensions["celery"] = celery
    import workers.tasks  # noqa: F401  (registers the shared tasks on this app)
    return celery


class PickUpOnConnect(bootsteps.StartStopStep):
    """Each time a worker connects to the broker (at its start, and again after the broker was away), it
    queues `pick_up_due_work`: what fell due while the broker was away goes out within seconds of its
    return, not at the next sweep."""

    requires = {"celery.worker.consumer.tasks:Tasks"}

    def start(self, consumer):
        try:
            consumer.app.tasks["cachette.pick_up_due_work"].apply_async(retry=True, retry_policy=RECONNECTING)
        except Exception:                   # the sweeps still come; the connection is not to be dropped for this
            consumer.app.log.get_default_logger().exception("could not queue the pick-up of due work")


def celery_settings(config):
    every = timedelta(seconds=config.sweep_interval)
    settings = {
        "task_ignore_result": True,
        # A task is acknowledged once done, so one lost with its worker is delivered again;
        # every task is idempotent, and the sweeps catch what the broker loses.
        "task_acks_late": True,
        "task_reject_on_worker_lost": True,
        "worker_prefetch_multiplier": 4,
        "task_default_queue": config.celery_queue,
        "broker_connection_retry_on_startup": True,
        "broker_connection_timeout": 1,
        "worker_hijack_root_logger": False,
        "beat_schedule": {
            "sweep-deadlines": {"task": "cachette.sweep_deadlines", "schedule": every},
            "sweep-outbox": {"task": "cachette.sweep_outbox", "schedule": every},
            "send-digests": {"task": "cachette.send_digests", "schedule": every},
            "prune": {"task": "cachette.prune", "schedule": PRUNE_EVERY},
        },
    }
    if config.imap_host:
        settings["beat_schedule"]["poll-replies"] = {"task": "cachette.poll_replies",
                                                     "schedule": timedelta(seconds=config.imap_interval)}
    if config.redis_url:
        settings.update(broker_url=config.redis_url, broker_transport="workers.redis_transport:Transport",
                        broker_transport_options={"visibility_timeout": 3600,
                                                  "socket_timeout": BROKER_SOCKET_TIMEOUT,
                                                  "socket_connect_timeout": BROKER_SOCKET_TIMEOUT})
    return settings
