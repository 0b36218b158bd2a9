"""CSRF tokens for the HTML forms: a random value in the session cookie, echoed by each form.

The JSON API needs none: it only accepts `application/json`, which a
cross-site form cannot send.
"""

import hmac
import secrets

from flask import abort, request, session

FIELD = "csrf_token"


def token():
    if FIELD not in session:
        session[FIELD] = secrets.token_urlsafe(24)
    return session[FIELD]


def check():
    """Abort with 400 unless the posted form carries this session's token."""
    sent = request.form.get(FIELD, "")
    expected = session.get(FIELD, "")
    if not expected or not hmac.compare_digest(sent.encode(), expected.encode()):
        abort(400, description="This form has expired or did not come from this site. Reload the page and try again.")
