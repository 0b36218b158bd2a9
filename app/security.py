"""Security headers on every answer (Flask-Talisman), and nothing but the static files kept in a cache.

The content security policy allows nothing inline: scripts and styles come
from this site's own files only, forms post to it alone, and no site may
frame its pages. No Referer ever leaves, so a seat's secret link never
reaches a site a page links to; and no answer but a static file is stored by
a browser or a proxy, since pages and API answers carry secret links and
hidden cards. HTTPS is enforced only when BASE_URL is https, so never in
development or tests.
"""

from flask import request
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
    https = config.base_url.startswith("https://")
    Talisman(app, force_https=https, session_cookie_secure=https, frame_options="DENY",
             content_security_policy=CONTENT_SECURITY_POLICY, referrer_policy="no-referrer")
    app.after_request(no_store)


def no_store(response):
    if request.endpoint != "static":
        response.headers["Cache-Control"] = "no-store"
    return response
