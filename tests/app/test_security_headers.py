"""Security headers on every answer: a strict content security policy, no framing, no Referer, no
sniffing, and nothing but static files stored in a cache; HTTPS forced only when BASE_URL is https."""

import re
from pathlib import Path

import pytest

from app import create_app

from app_helpers import csrf_from, mails, seat_path, start
from conftest import make_config

ROOT = Path(__file__).resolve().parents[2]
INLINE = re.compile(r"<script(?![^>]*\bsrc=)|<style|\sstyle=|\son[a-z]+=", re.IGNORECASE)


def policy(answer):
    """The Content-Security-Policy header as {directive: [sources]}."""
    directives = (part.split() for part in answer.headers["Content-Security-Policy"].split(";") if part.strip())
    return {name: sources for name, *sources in directives}


def sources_for(rules, directive):
    return rules.get(directive, rules["default-src"])


@pytest.fixture
def samples(app, client):
    """A sample of answers: pages, a seat's table, API answers and errors, a form's redirect."""
    start()
    table = seat_path(mails(kind="invite")[0])
    token = table.split("/")[2]
    page = client.get(table).get_data(as_text=True)
    return {
        "home": client.get("/"),
        "lobby": client.get("/lobby"),
        "rules": client.get("/rules/quinto"),
        "seat page": client.get(table),
        "seat settings": client.post(table + "/mail", data={"csrf_token": csrf_from(page), "mail": "each"}),
        "API seat": client.get(f"/api/seats/{token}"),
        "API game": client.get(f"/api/games/{mails(kind='invite')[0].game_id}"),
        "API refusal": client.post(f"/api/seats/{token}/moves", json={"move": "nonsense"}),
        "API forged link": client.get("/api/seats/forged"),
        "page not found": client.get("/no-such-page"),
        "forged seat link": client.get("/s/forged"),
    }


def test_every_answer_carries_the_security_headers(samples):
    assert {name: answer.status_code for name, answer in samples.items()} == {
        "home": 200, "lobby": 200, "rules": 200, "seat page": 200, "seat settings": 303, "API seat": 200,
        "API game": 200, "API refusal": 422, "API forged link": 403, "page not found": 404,
        "forged seat link": 403}
    for name, answer in samples.items():
        rules = policy(answer)
        for directive in ("script-src", "style-src"):
            assert sources_for(rules, directive) == ["'self'"], (name, directive)
        assert rules["frame-ancestors"] == ["'none'"] and rules["object-src"] == ["'none'"], name
        assert rules["base-uri"] == ["'none'"] and rules["form-action"] == ["'self'"], name
        assert answer.headers["X-Frame-Options"] == "DENY", name
        assert answer.headers["Referrer-Policy"] == "no-referrer", name
        assert answer.headers["X-Content-Type-Options"] == "nosniff", name
        assert answer.headers["Cache-Control"] == "no-store", name
        assert "Strict-Transport-Security" not in answer.headers, name


def test_pages_carry_no_inline_script_or_style(samples):
    for name, answer in samples.items():
        if answer.mimetype == "text/html":
            assert not INLINE.findall(answer.get_data(as_text=True)), name


def test_no_page_template_has_inline_script_or_style():
    """Mails keep their inline styles (mail programs need them); pages may have none."""
    templates = [path for path in (ROOT / "templates").rglob("*.html") if "mail" not in path.parts]
    assert len(templates) > 10
    assert {path.name: INLINE.findall(path.read_text()) for path in templates if INLINE.search(path.read_text())} == {}


def test_the_stylesheet_is_a_static_file_that_may_be_cached(client):
    answer = client.get("/static/cachette.css")
    assert answer.status_code == 200 and answer.mimetype == "text/css" and b".card" in answer.data
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert "no-store" not in answer.headers.get("Cache-Control", "")
    answer.close()


def test_the_mailbox_alone_lets_mail_html_keep_its_inline_styles(client):
    start()
    rules = policy(client.get("/dev/mailbox"))
    assert rules["style-src"] == ["'self'", "'unsafe-inline'"]
    assert sources_for(rules, "script-src") == ["'self'"] and rules["frame-ancestors"] == ["'none'"]
    assert client.get("/dev/mailbox").headers["Cache-Control"] == "no-store"


def test_https_is_forced_only_when_the_base_url_is_https(tmp_path, database_url):
    secure = create_app(make_config(tmp_path, database_url, base_url="https://cachette.example.org"))
    client = secure.test_client()
    answer = client.get("/lobby")
    assert answer.status_code == 302 and answer.location == "https://localhost/lobby"
    behind_a_proxy = client.get("/lobby", headers={"X-Forwarded-Proto": "https"})
    assert behind_a_proxy.status_code == 200
    assert behind_a_proxy.headers["Strict-Transport-Security"].startswith("max-age=")
    secure.extensions["cachette"]["db"].dispose()
