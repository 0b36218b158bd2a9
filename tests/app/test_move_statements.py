"""What one move sends to the database: the statements the move path is allowed, and no more."""

from sqlalchemy import event

from app.context import database
from app.play import moves

from app_helpers import game_row, start, state_of, token_for

PEOPLE_SAME_INBOX = [{"name": name, "email": "all@example.org"} for name in ("Ann", "Bob", "Cy", "Di")]


def statements_of(action):
    sent = []

    def record(_connection, _cursor, statement, _parameters, _context, _executemany):
        words = statement.split()
        sent.append(" ".join(words[:3]).lower())

    engine = database().engine
    event.listen(engine, "before_cursor_execute", record)
    try:
        action()
    finally:
        event.remove(engine, "before_cursor_execute", record)
    return [statement for statement in sent if not statement.startswith("begin")]


def test_a_move_reads_the_table_once_and_writes_the_event_the_mail_and_the_summary(app):
    game = start(PEOPLE_SAME_INBOX)                          # one inbox: no confirmation
    mover = state_of(game.id).to_move[0]
    token = token_for(game.id, mover)
    moves.submit_move(token, "pass", game_row(game.id).seq)  # the state is now cached in this process
    token, seq = token_for(game.id, state_of(game.id).to_move[0]), game_row(game.id).seq
    sent = statements_of(lambda: moves.submit_move(token, "pass", seq))
    assert sent == ["select game.id, game.game,", "insert into event",
                    "update seat set",              # whose turn, on the seat rows (the next game waiting reads it)
                    "update outbox set",            # in one statement, the mover's own unsent turn mails (it moved
                                                    # past them) and the next seat's older ones (this one replaces them)
                    "insert into outbox",           # its talk is added when it is sent, not now
                    "update game set"]
