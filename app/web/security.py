"""Security headers on every answer (Flask-Talisman), and nothing but the static files kept in a cache.

The content security policy allows nothing inline: scripts and styles come
from this site's own files only, forms post to it alone, and no site may
frame its pages. No Referer ever leaves, so a seat's secret link never
reaches a site a page links to; and no answer but a static file is stored by
a browser or a proxy, since pages and API answers carry secret links and
hidden cards. HTTPS is enforced only when BASE_URL is https, so never in
development or tests.
"""

from flask import Flask, request
from flask_talisman import Talisman

CONTENT_SECURITY_POLICY = {
    "default-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}
# The development mailbox shows each mail's HTML in a sandboxed frame, where no script runs; mail
# HTML carries its styles inline, as mail programs need, and the frame inherits the page's policy.
MAILBOX_POLICY = {**CONTENT_SECURITY_POLICY, "style-src": "'self' 'unsafe-inline'"}

# Per-view settings (Talisman's decorator); the headers themselves come from each app's own instance.
view_headers = Talisman()


def init_app(app, config):
    https = https_only(config)
    Talisman(app, force_https=https, session_cookie_secure=https, frame_options="DENY",
             content_security_policy=CONTENT_SECURITY_POLICY, referrer_policy="no-referrer")
    app.after_request(no_store)


def https_only(config):
    """Whether the service answers only over https (an http request is sent there)."""
    return config.base_url.startswith("https://")


def answer_headers(config, https):
    """[(header, value)] that these settings put on an answer but a static file, over https or not, for an
    answer made without Flask (app/web/position_polls.py): made by an app that has these settings alone, from
    a request that carries nothing, so that no header of one request is ever sent with another's answer."""
    bare = Flask(__name__)
    init_app(bare, config)
    bare.add_url_rule("/", "answer", lambda: "")
    answer = bare.test_client().get("/", base_url="https://localhost" if https else "http://localhost")
    return [(name, value) for name, value in answer.headers if name.lower() not in ("content-type", "content-length")]


def no_store(response):
    if request.endpoint != "static":
        response.headers["Cache-Control"] = "no-store"
    return response
