"""The open tables' polls, answered in front of Flask.

Every open table asks for its game's position every few seconds (static/table.js): at scale these polls are
nearly every request the service gets, and nearly every one gets the answer it had before. Flask's handling
of a request (its contexts, the session, the security headers built anew) costs more than that answer, so
this WSGI layer answers the common case itself: a GET of `/api/seats/<token>/position` whose good link
matches what is kept beside the log (`tables.kept_seat_position`, no database). Anything else, a bad or
replaced link, nothing kept, a query string, goes on to the Flask view, which answers it the slow way.

Its headers are made once, at the start, from the same security settings as Flask's answers
(`security.answer_headers`), never learnt from a request; a poll over http of a service that answers only
over https goes through Flask, which sends it to https.
"""

import re

from werkzeug.http import parse_etags

from app.web.security import answer_headers, https_only
from app.play import tables

ROUTE = re.compile(r"/api/seats/(?P<token>[^/]+)/position")
STATUS_LINES = {200: "200 OK", 304: "304 NOT MODIFIED"}


class PositionPolls:
    """WSGI middleware: `flask_app.wsgi_app = PositionPolls(flask_app)`."""

    def __init__(self, flask_app):
        self.flask_app, self.flask = flask_app, flask_app.wsgi_app
        config = flask_app.extensions["cachette"]["config"]
        self.https_only = https_only(config)
        self.headers = {https: answer_headers(config, https) for https in (True, False)}   # by whether over https
        self.content_type = flask_app.json.mimetype

    def __call__(self, environ, start_response):
        route = ROUTE.fullmatch(environ.get("PATH_INFO", ""))
        https = environ.get("wsgi.url_scheme") == "https" or environ.get("HTTP_X_FORWARDED_PROTO") == "https"
        if (route is None or environ.get("REQUEST_METHOD") != "GET" or environ.get("QUERY_STRING")
                or (self.https_only and not https)):
            return self.flask(environ, start_response)
        with self.flask_app.app_context():
            position = tables.kept_seat_position(route["token"])
            if position is None:
                return self.flask(environ, start_response)
            tag = tables.position_tag(position)
            status = 304 if parse_etags(environ.get("HTTP_IF_NONE_MATCH")).contains(tag) else 200
            body = b"" if status == 304 else self.flask_app.json.response(position).get_data()
        answer = [("ETag", f'"{tag}"'), *self.headers[https]]
        if status == 200:
            answer[:0] = [("Content-Type", self.content_type), ("Content-Length", str(len(body)))]
        start_response(STATUS_LINES[status], answer)
        return [body]
