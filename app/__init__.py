"""Cachette's web service: the application factory.

The rooms of app/ are its packages (web, store, live, play, social, mail_out, mail_in, words, records); each
says in its docstring what it owns and which rooms it may import. The modules beside them (config, context,
clock, errors, dispatch) are shared by all."""

from pathlib import Path

from flask import Flask

from app.config import Config
from app.store.db import Database

ROOT = Path(__file__).resolve().parent.parent
INSTANCE_PATH = ROOT / "instance"


def create_app(config=None):
    """The Flask app; `config` defaults to the environment's settings (see app.config)."""
    app = Flask(__name__, template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"),
                instance_path=str(INSTANCE_PATH))
    config = config or Config.from_env(app.instance_path)
    app.secret_key = config.secret_key
    app.config["SECRET_KEY_FALLBACKS"] = config.secret_key_fallbacks
    app.config["TESTING"] = config.testing
    app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.config["MAX_CONTENT_LENGTH"] = config.max_content_length
    app.config["SESSION_COOKIE_SECURE"] = config.base_url.startswith("https://")
    app.extensions["cachette"] = {"config": config, "db": Database(config.database_url)}

    from engine.cards import is_card

    from app.web import csrf, limits, security, views
    from app.words.deal_story import score_meaning_words
    from app.web.position_polls import PositionPolls
    from app.words.present import (card_html, card_words, cards_html, cards_in_words, choice_groups, choice_label,
                                   duration_words, linkify, move_choices, move_label, names_words,
                                   player_words, players_words, rank_order_words, suit_class, suit_words)

    app.jinja_env.globals.update(csrf_token=csrf.token, move_label=move_label, suit_class=suit_class,
                                 duration_words=duration_words, card=card_html, card_words=card_words, cards=cards_html,
                                 suit_words=suit_words, rank_order_words=rank_order_words, players_words=players_words,
                                 player_words=player_words, names_words=names_words,
                                 is_card=is_card, move_choices=move_choices, choice_label=choice_label,
                                 choice_groups=choice_groups,
                                 score_meaning_words=score_meaning_words,
                                 dev_mailbox=config.dev_mailbox)
    app.jinja_env.filters["linkify"] = linkify
    app.jinja_env.filters["cards_in_words"] = cards_in_words
    security.init_app(app, config)
    limits.init_app(app, config)
    views.register(app)
    app.wsgi_app = PositionPolls(app)
    return app
