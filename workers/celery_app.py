"""The Celery application, wired to Flask: every task runs inside the Flask app's context.

The broker is REDIS_URL in production. Without it, kombu's filesystem
transport in the instance folder: web, worker and beat share the folder, and
nothing needs to be installed or started.
"""

import hashlib
from datetime import timedelta
from pathlib import Path

from celery import Celery, Task

TASK_MODULES = ["workers.tasks"]


def celery_init_app(flask_app):
    """Flask's `celery_init_app` pattern: one Celery app whose tasks run in `flask_app`'s context."""

    class FlaskTask(Task):
        def __call__(self, *args, **kwargs):
            with flask_app.app_context():
                return self.run(*args, **kwargs)

    config = flask_app.extensions["cachette"]["config"]
    celery = Celery(flask_app.name, task_cls=FlaskTask, include=TASK_MODULES)
    celery.conf.update(celery_settings(config))
    celery.set_default()
    flask_app.extensions["celery"] = celery
    import workers.tasks  # noqa: F401  (registers the shared tasks on this app)
    return celery


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
        },
    }
    if config.redis_url:
        settings.update(broker_url=config.redis_url, broker_transport="workers.redis_transport:Transport",
                        broker_transport_options={"visibility_timeout": 3600})
    else:
        settings.update(broker_url="filesystem://localhost/", broker_transport_options=filesystem_broker(config),
                        worker_enable_remote_control=False)
    return settings


def local_folder(config):
    """The embedded broker's folder (and beat's schedule file) for this database: two services side
    by side, each with its own database, never take each other's tasks."""
    return Path(config.instance_path) / "broker" / hashlib.sha256(config.database_url.encode()).hexdigest()[:12]


def filesystem_broker(config):
    """Transport options for the embedded broker: one queue folder that every process reads and writes."""
    root = local_folder(config)
    queue, control = root / "queue", root / "control"
    queue.mkdir(parents=True, exist_ok=True)
    control.mkdir(parents=True, exist_ok=True)
    return {"data_folder_in": str(queue), "data_folder_out": str(queue), "control_folder": str(control),
            "polling_interval": 0.2}
