"""The blueprints, one per area, and the error pages."""

from flask import jsonify, render_template, request

from app.context import database
from app.errors import ServiceError


def register(app):
    from app.web.views import (api, consent, leave, mailbox, new_links, open_games, pages, records, rematch,
                               seat_settings, table, talk, watch)
    from app.web.views import standings

    app.register_blueprint(pages.bp)
    app.register_blueprint(consent.bp)
    app.register_blueprint(table.bp)
    app.register_blueprint(seat_settings.bp)
    app.register_blueprint(new_links.bp)
    app.register_blueprint(records.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(watch.bp)
    app.register_blueprint(talk.bp)
    app.register_blueprint(rematch.bp)
    app.register_blueprint(leave.bp)
    app.register_blueprint(standings.bp)
    app.register_blueprint(open_games.bp)
    if app.extensions["cachette"]["config"].dev_mailbox:
        app.register_blueprint(mailbox.bp)

    @app.errorhandler(ServiceError)
    def service_error(error):
        if wants_json():
            return jsonify(error={"code": error.code, "message": error.message}), error.status
        return render_template("pages/error.html", status=error.status, message=error.message), error.status

    for status in (400, 403, 404, 405, 413, 415, 429, 500):
        app.register_error_handler(status, http_error)

    @app.teardown_request
    def end_reading(_error):
        database().end_request()      # every part of a page read from one session (app.store.db.Database.reading)


def http_error(error):
    """The usual error body or page; any header the error carries (a 405's Allow) is kept. A 500 says
    nothing of its cause (Flask has logged it)."""
    headers = [(name, value) for name, value in error.get_headers() if name != "Content-Type"]
    if wants_json():
        body = jsonify(error={"code": error.name.lower().replace(" ", "_"), "message": error.description})
        return body, error.code, headers
    return render_template("pages/error.html", status=error.code, message=error.description), error.code, headers


def wants_json():
    return request.path.startswith("/api/") or request.path.endswith(".json")
