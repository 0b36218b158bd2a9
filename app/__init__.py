"""Cachette's web service: the application factory."""

from pathlib import Path

from flask import Flask

from .config import Config
from .db import Database

ROOT = Path(__file__).resolve().parent.parent


def create_app(config=None):
    """The Flask app; `config` defaults to the environment's settings (see app.config)."""
    app = Flask(__name__, template_folder=str(ROOT / "templates"), instance_path=str(ROOT / "instance"))
    config = config or Config.from_env(app.instance_path)
    app.secret_key = config.secret_key
    app.config["SECRET_KEY_FALLBACKS"] = config.secret_key_fallbacks
    app.config["TESTING"] = config.testing
    app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.config["SESSION_COOKIE_SECURE"] = config.base_url.startswith("https://")
    app.extensions["cachette"] = {"config": config, "db": Database(config.database_url)}

    from . import csrf, views
    from .present import (ACTION_HINTS, card_html, cards_html, duration_words, linkify, move_label, players_words,
                          rank_order_words, suit_class, suit_words)

    app.jinja_env.globals.update(csrf_token=csrf.token, move_label=move_label, suit_class=suit_class,
                                 duration_words=duration_words, card=card_html, cards=cards_html,
                                 suit_words=suit_words, rank_order_words=rank_order_words, players_words=players_words,
                                 action_hints=ACTION_HINTS,
                                 dev_mailbox=config.dev_mailbox)
    app.jinja_env.filters["linkify"] = linkify
    views.register(app)
    return app
