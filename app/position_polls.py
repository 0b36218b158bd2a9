"""The open tables' polls, answered in front of Flask.

Every open table asks for its game's position every few seconds (static/table.js): at scale these polls are
nearly every request the service gets, and nearly every one gets the answer it had before. Flask's handling
of a request (its contexts, the session, the security headers built anew) costs more than that answer, so
this WSGI layer answers the common case itself: a GET of `/api/seats/<token>/position` whose good link
matches what is kept beside the log (`tables.kept_seat_position`, no database). Anything else, a bad or
replaced link, nothing kept, a query string, goes on to the Flask view, which answers it the slow way.

The headers are Flask's own: the first answer of each kind (200 or 304, over https or not) in a process goes
through Flask, and its headers, but those of that one answer (its length, ETag, date), are kept and sent with
every later answer of that kind. A kind Flask answers otherwise (a redirect to https) is never learnt, so it
always goes through Flask.
"""

import re
import threading

from werkzeug.http import parse_etags

from .services import tables

ROUTE = re.compile(r"/api/seats/(?P<token>[^/]+)/position")
PER_ANSWER = {"content-length", "etag", "date"}
STATUS_LINES = {200: "200 OK", 304: "304 NOT MODIFIED"}


class PositionPolls:
    """WSGI middleware: `flask_app.wsgi_app = PositionPolls(flask_app)`."""

    def __init__(self, flask_app):
        self.flask_app, self.flask = flask_app, flask_app.wsgi_app
        self.learnt = {}             # (status, over https) -> [(header, value)] Flask sent with such an answer
        self.lock = threading.Lock()

    def __call__(self, environ, start_response):
        route = ROUTE.fullmatch(environ.get("PATH_INFO", ""))
        if route is None or environ.get("REQUEST_METHOD") != "GET" or environ.get("QUERY_STRING"):
            return self.flask(environ, start_response)
        with self.flask_app.app_context():
            position = tables.kept_seat_position(route["token"])
            if position is None:
                return self.flask(environ, start_response)
            tag = tables.position_tag(position)
            status = 304 if parse_etags(environ.get("HTTP_IF_NONE_MATCH")).contains(tag) else 200
            body = b"" if status == 304 else self.flask_app.json.response(position).get_data()
        kind = (status, environ.get("wsgi.url_scheme") == "https" or environ.get("HTTP_X_FORWARDED_PROTO") == "https")
        headers = self.learnt.get(kind)
        if headers is None:
            return self.flask(environ, self.learning(kind, start_response))
        answer = [*headers, ("ETag", f'"{tag}"')]
        if status == 200:
            answer.append(("Content-Length", str(len(body))))
        start_response(STATUS_LINES[status], answer)
        return [body]

    def learning(self, kind, start_response):
        """A start_response that keeps the headers of Flask's answer when it is of the kind expected."""
        def learn(status_line, headers, exc_info=None):
            # An answer that sets a cookie is that one browser's: never one to repeat to others.
            sets_cookie = any(name.lower() == "set-cookie" for name, _ in headers)
            if status_line.split(" ", 1)[0] == str(kind[0]) and not sets_cookie:
                with self.lock:
                    self.learnt[kind] = [(name, value) for name, value in headers if name.lower() not in PER_ANSWER]
            return start_response(status_line, headers, exc_info)
        return learn
