"""One settings object, read from the environment.

Development is asked for with DEV_MAILBOX=1 (`make run` sets it): mail is
shown on /dev/mailbox instead of sent, and without SECRET_KEY a random key is
kept in the instance folder so that links survive a restart. Any other start
is production and fails closed: it refuses to start unless SECRET_KEY,
SMTP_HOST and REDIS_URL are set and not empty.
"""

import os
import secrets
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

# What a production start (DEV_MAILBOX not set) cannot do without.
PRODUCTION_SETTINGS = ("SECRET_KEY", "SMTP_HOST", "REDIS_URL")


class ConfigError(Exception):
    """The environment cannot start the service; the message is one line for whoever starts it."""


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
    # Development only (DEV_MAILBOX=1): the outbox is shown on /dev/mailbox, and no mail is sent.
    dev_mailbox: bool = False
    testing: bool = False
    # The largest request body accepted (bytes); a bigger one is refused with 413.
    max_content_length: int = 64 * 1024
    # Workers (see workers/): the share of a move's time left when the reminder goes,
    # how often the sweeps run, mail back-off and claims, the grace after an outage.
    reminder_share: float = 0.25
    sweep_interval: int = 60
    mail_retry_base: int = 30
    mail_max_attempts: int = 12
    mail_claim_timeout: int = 300
    outage_grace: int = 6 * 3600
    robot_turn_time: int = 120
    # The creator may end a game once this many deadlines in a row passed without any person moving.
    dead_game_deadlines: int = 3
    vacation_days: int = 14
    digest_period: int = 86400
    # A seat counts as at its table for this long after it last opened or polled its table or moved there:
    # no turn mail or reminder reaches a seat that asked to be mailed only when away (app/live/presence.py).
    presence_seconds: int = 300
    # Pruning (app/mail_out/pruning.py, hourly): mail done with after this many days (once its game is over),
    # confirmation mails (their links expire in a week) after this many, presence marks this long past.
    prune_mail_days: int = 90
    prune_confirmations_days: int = 8
    prune_presence_seconds: int = 3600
    # Rate limits on the requests that make the service mail someone (app/web/limits.py), in Flask-Limiter's
    # notation ("10 per hour", several joined by ";"): per client address, and per address mailed.
    limit_games_per_client: str = "10 per hour"
    limit_games_per_address: str = "10 per day"
    limit_links_per_client: str = "10 per hour"
    limit_links_per_address: str = "5 per day"
    limit_replies_per_seat: str = "60 per hour; 600 per day"
    limit_replays_per_client: str = "300 per hour"
    limit_talk_per_seat: str = "20 per hour"
    limit_joins_per_client: str = "20 per hour"
    limit_handles_per_client: str = "20 per hour"
    # Open seats (app.social.open_seats): games with open seats one address may have waiting or listed at once,
    # and open seats one address may hold or have asked for in games not yet started; a confirmed address more.
    open_games_per_address: int = 2
    open_games_per_confirmed_address: int = 10
    open_joins_per_address: int = 2
    open_joins_per_confirmed_address: int = 10
    # Play by replying (app/mail_in/replies.py): the domain of the reply addresses (`play+<token>@domain`;
    # empty turns replies off), the SMTP receiver's address and port (workers/inbound.py), the largest
    # mail taken, and the mailbox an IMAP poller empties every `imap_interval` seconds (off without a host).
    inbound_domain: str = ""
    inbound_host: str = "127.0.0.1"
    inbound_port: int = 2525
    reply_max_bytes: int = 1024 * 1024
    imap_host: str = ""
    imap_port: int = 993
    imap_user: str = ""
    imap_password: str = ""
    imap_ssl: bool = True
    imap_folder: str = "INBOX"
    imap_interval: int = 60

    @classmethod
    def from_env(cls, instance_path, environ=None):
        """The settings in `environ` (default: os.environ); ConfigError when they cannot start the service."""
        env = os.environ if environ is None else environ
        dev_mailbox = flag(env, "DEV_MAILBOX")
        missing = [name for name in PRODUCTION_SETTINGS if not env.get(name, "").strip()]
        if missing and not dev_mailbox:
            raise ConfigError(f"{' and '.join(missing)} must be set (DEV_MAILBOX=1 is for development only)")
        Path(instance_path).mkdir(parents=True, exist_ok=True)
        secret_key = env.get("SECRET_KEY", "")
        return cls(
            instance_path=instance_path,
            database_url=database_url_from_env(instance_path, env),
            redis_url=env.get("REDIS_URL", ""),
            celery_queue=env.get("CELERY_QUEUE") or cls.celery_queue,
            secret_key=secret_key if secret_key.strip() else instance_secret(instance_path),
            secret_key_fallbacks=[key for key in env.get("SECRET_KEY_FALLBACKS", "").split(",") if key],
            base_url=(env.get("BASE_URL") or f"http://127.0.0.1:{env.get('PORT', '5000')}").rstrip("/"),
            smtp_host=env.get("SMTP_HOST", ""),
            smtp_port=int(env.get("SMTP_PORT", "25")),
            smtp_user=env.get("SMTP_USER", ""),
            smtp_password=env.get("SMTP_PASSWORD", ""),
            smtp_starttls=flag(env, "SMTP_STARTTLS"),
            mail_from=env.get("MAIL_FROM", cls.mail_from),
            dev_mailbox=dev_mailbox,
            reminder_share=float(env.get("REMINDER_SHARE", cls.reminder_share)),
            max_content_length=int(env.get("MAX_CONTENT_LENGTH", cls.max_content_length)),
            # Development answers its own reply addresses (make run starts the receiver): on by default there.
            inbound_domain=env.get("INBOUND_DOMAIN", "localhost" if dev_mailbox else "").strip().lower(),
            inbound_host=env.get("INBOUND_HOST") or cls.inbound_host,
            imap_host=env.get("IMAP_HOST", ""),
            imap_user=env.get("IMAP_USER", ""),
            imap_password=env.get("IMAP_PASSWORD", ""),
            imap_ssl=flag({"IMAP_SSL": "1", **env}, "IMAP_SSL"),
            imap_folder=env.get("IMAP_FOLDER") or cls.imap_folder,
            **{name: int(env[name.upper()]) for name in WHOLE_NUMBERS if env.get(name.upper())},
            **{name: env[name.upper()] for name in RATE_LIMITS if env.get(name.upper())},
        )

    @property
    def signing_keys(self):
        """Keys for itsdangerous: the oldest first, the one that signs last."""
        return [*self.secret_key_fallbacks, self.secret_key]


# Whole-number settings that the environment may set (upper-cased names): seconds, a port, bytes.
WHOLE_NUMBERS = ("sweep_interval", "mail_retry_base", "mail_max_attempts", "mail_claim_timeout", "outage_grace",
                  "robot_turn_time", "dead_game_deadlines", "vacation_days", "digest_period", "presence_seconds",
                  "prune_mail_days", "prune_confirmations_days", "prune_presence_seconds", "inbound_port",
                  "reply_max_bytes", "imap_port", "imap_interval", "open_games_per_address",
                  "open_games_per_confirmed_address", "open_joins_per_address", "open_joins_per_confirmed_address")


def flag(env, name):
    return env.get(name, "").strip().lower() in ("1", "true", "yes")


def database_url_from_env(instance_path, environ=None):
    """DATABASE_URL, or SQLite in the instance folder."""
    env = os.environ if environ is None else environ
    return env.get("DATABASE_URL") or f"sqlite:///{Path(instance_path) / 'cachette.sqlite'}"
# Rate limit settings that the environment may set (upper-cased names).
RATE_LIMITS = ("limit_games_per_client", "limit_games_per_address", "limit_links_per_client",
               "limit_links_per_address", "limit_replies_per_seat", "limit_replays_per_client",
               "limit_talk_per_seat", "limit_joins_per_client", "limit_handles_per_client")


def instance_secret(instance_path):
    """A random key made once and kept in the instance folder (development only).

    Processes starting together may each find no key: each writes its own to a
    temporary file and links it into place, which only the first one manages,
    so all of them read the same whole key and none ever reads a part of one.
    """
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        with tempfile.NamedTemporaryFile("w", dir=instance_path, prefix=".secret_key.", delete=False) as draft:
            draft.write(secrets.token_urlsafe(32))                   # a mkstemp file: readable by its owner only
        try:
            os.link(draft.name, path)
        except FileExistsError:
            pass
        finally:
            os.unlink(draft.name)
    key = path.read_text().strip()
    if not key:
        raise ConfigError(f"the key file {path} is empty: delete it, and a new key is made on start")
    return key


@contextmanager
def stop_on_config_error():
    """For a process starting up: a ConfigError ends it with one line on stderr, not a traceback."""
    try:
        yield
    except ConfigError as error:
        sys.exit(f"cachette cannot start: {error}")
