"""One settings object, read from the environment, with embedded defaults.

The defaults need nothing installed: SQLite in the instance folder, the
development mailbox instead of SMTP, and a secret key kept in the instance
folder so that links survive a restart.
"""

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Config:
    instance_path: str
    database_url: str = ""
    redis_url: str = ""
    celery_queue: str = "cachette"     # services sharing one Redis each use their own queue
    secret_key: str = ""
    # Older keys still accepted when checking links, so that keys can be rotated.
    secret_key_fallbacks: list = field(default_factory=list)
    base_url: str = "http://127.0.0.1:5000"
    smtp_host: str = ""
    smtp_port: int = 25
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_starttls: bool = False
    mail_from: str = "Cachette <cachette@localhost>"
    # With no SMTP server the outbox is only shown on /dev/mailbox.
    dev_mailbox: bool = True
    testing: bool = False
    # Workers (see workers/): the share of a move's time left when the reminder goes,
    # how often the sweeps run, mail back-off and claims, the grace after an outage.
    reminder_share: float = 0.25
    sweep_interval: int = 60
    mail_retry_base: int = 30
    mail_max_attempts: int = 12
    mail_claim_timeout: int = 300
    outage_grace: int = 6 * 3600
    robot_turn_time: int = 120
    vacation_days: int = 14
    digest_period: int = 86400

    @classmethod
    def from_env(cls, instance_path, environ=None):
        env = os.environ if environ is None else environ
        Path(instance_path).mkdir(parents=True, exist_ok=True)
        smtp_host = env.get("SMTP_HOST", "")
        return cls(
            instance_path=instance_path,
            database_url=env.get("DATABASE_URL") or f"sqlite:///{Path(instance_path) / 'cachette.sqlite'}",
            redis_url=env.get("REDIS_URL", ""),
            celery_queue=env.get("CELERY_QUEUE") or cls.celery_queue,
            secret_key=env.get("SECRET_KEY") or instance_secret(instance_path),
            secret_key_fallbacks=[key for key in env.get("SECRET_KEY_FALLBACKS", "").split(",") if key],
            base_url=(env.get("BASE_URL") or f"http://127.0.0.1:{env.get('PORT', '5000')}").rstrip("/"),
            smtp_host=smtp_host,
            smtp_port=int(env.get("SMTP_PORT", "25")),
            smtp_user=env.get("SMTP_USER", ""),
            smtp_password=env.get("SMTP_PASSWORD", ""),
            smtp_starttls=env.get("SMTP_STARTTLS", "") in ("1", "true", "yes"),
            mail_from=env.get("MAIL_FROM", cls.mail_from),
            dev_mailbox=not smtp_host,
            reminder_share=float(env.get("REMINDER_SHARE", cls.reminder_share)),
            **{name: int(env[name.upper()]) for name in WORKER_SECONDS if env.get(name.upper())},
        )

    @property
    def signing_keys(self):
        """Keys for itsdangerous: the oldest first, the one that signs last."""
        return [*self.secret_key_fallbacks, self.secret_key]


# Whole-number worker settings that the environment may set (upper-cased names).
WORKER_SECONDS = ("sweep_interval", "mail_retry_base", "mail_max_attempts", "mail_claim_timeout", "outage_grace",
                  "robot_turn_time", "vacation_days", "digest_period")


def instance_secret(instance_path):
    """A random key made once and kept in the instance folder (development only)."""
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(32))
        path.chmod(0o600)
    return path.read_text().strip()
