"""The web layer: what faces HTTP.

Owns: the blueprints and their pages and JSON API (`views/`, `openapi.json`),
the security headers (`security`), CSRF (`csrf`), the request limits
(`limits`), and the WSGI layer that answers the common position poll in front
of Flask (`position_polls`). Views are thin: they parse a request, call the
room that owns the work, and render.

May import: app.store, app.live, app.play, app.social, app.mail_out, app.records, app.words, app.standings
"""
