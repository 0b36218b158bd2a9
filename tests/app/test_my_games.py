""""My games" hands the look-up to the workers: the request reads and writes nothing, so its answer and its
work are the same whether or not the address plays; the task mails players only, once per request."""

from sqlalchemy import event

from app.context import database
from app.play.mygames import request_my_games
from workers.celery_app import celery_init_app

from app_helpers import csrf_from, mails, start


def test_my_games_answers_alike_without_a_look_at_the_database(client, dispatched):
    start()
    page = client.get("/my-games").get_data(as_text=True)
    statements = []
    engine = database().engine

    def listen(connection, cursor, statement, *rest):
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", listen)
    try:
        answers = [client.post("/my-games", data={"csrf_token": csrf_from(page), "email": email})
                   for email in ("ann@example.org", "nobody@example.org")]
    finally:
        event.remove(engine, "before_cursor_execute", listen)
    assert statements == []
    assert [answer.status_code for answer in answers] == [200, 200] and answers[0].data == answers[1].data
    assert [email for email, _ in dispatched.my_games] == ["ann@example.org", "nobody@example.org"]


def test_the_look_up_task_mails_a_player_once_and_a_stranger_never(app, dispatched):
    start()
    task = celery_init_app(app).tasks["cachette.mail_my_games"]
    for email in ("ann@example.org", "nobody@example.org"):
        request_my_games(email)
    requests = [(email, at.isoformat()) for email, at in dispatched.my_games]
    assert [task.apply(args=request).get() for request in requests + requests] == [True, False, False, False]
    assert [mail.recipient for mail in mails(kind="my_games")] == ["ann@example.org"]
