"""A soak of the service as it runs on several machines: two web processes and two workers on one PostgreSQL
and one Redis, people and robots playing many games at once, a worker killed and a web process restarted
midway; then the proofs that nothing was lost or doubled.

Used by tests/workers/test_soak.py (a few games) and bench/soak.py (200 games). Each game has Ann, who plays
through the API as fast as the service answers (each request to either web process in turn) and now and
then says something at the table; in every third game she plays by replying to her turn mails instead, a
`say` line above her move, and each reply is delivered twice to the SMTP receiver (a mail server retrying).
The games of Ann and robots alone are rated: each is rated exactly once, however the workers crossed, and
the ratings come out the same when recomputed from the logs. In half of the games Bo never answers: his deadlines are brought forward (the harness moves his game's
clock) so that the deadline sweep hands his moves to a robot. The other seats are robots, played by the
workers.
"""

import http.client
import json
import os
import random
import re
import time
import uuid
from collections import Counter

from sqlalchemy import create_engine, text

from app import create_app
from app.config import Config
from app.context import settings
from app.play.links import seat_token
from app.store.models import MAIL_CLAIMED, MAIL_QUEUED, MAIL_SENT
from app.play.outcome import ABANDONED, NO_MOVES, log_outcome
from app.standings.recompute import recompute
from app.play import games
from app.play.seats import seats_of
from app.mail_out.outbox import close_sender
from workers.web import attach

from conftest import confirmation_token

from live import MOVES_LINE, Receiver, WebProcess, WorkerProcess, body_of, offers_to, reply_to, wait_until
from smtp_sink import SmtpSink, free_port

SHORT_GAME = {"target": 50, "match": "single_game"}
INBOUND_DOMAIN = "cachette.test"
TALK_CARRIERS = ("your_turn", "deal_end", "digest", "answer", "talk")   # the mails that tell a seat the talk


class Soak:
    def __init__(self, folder, database_url, redis_url, games_count, seed=1):
        self.folder, self.database_url, self.games_count = folder, database_url, games_count
        self.random = random.Random(seed)
        self.smtp = SmtpSink().start()
        self.queue = f"cachette-soak-{uuid.uuid4().hex[:8]}"
        self.env = dict(os.environ, DATABASE_URL=database_url, REDIS_URL=redis_url, CELERY_QUEUE=self.queue,
                        SMTP_HOST="127.0.0.1", SMTP_PORT=str(self.smtp.port), SECRET_KEY="soak-secret",
                        BASE_URL="http://localhost", SWEEP_INTERVAL="1", MAIL_RETRY_BASE="1",
                        MAIL_CLAIM_TIMEOUT="4", ROBOT_TURN_TIME="3", PRESENCE_SECONDS="5",
                        LIMIT_GAMES_PER_CLIENT="10000 per hour", LIMIT_GAMES_PER_ADDRESS="10000 per day",
                        INBOUND_DOMAIN=INBOUND_DOMAIN, LIMIT_REPLIES_PER_SEAT="100000 per hour",
                        LIMIT_TALK_PER_SEAT="100000 per hour")
        self.env.pop("DEV_MAILBOX", None)
        self.app = attach(create_app(Config.from_env(str(folder), self.env)))
        self.webs = [WebProcess(self.env, folder, free_port()) for _ in range(2)]
        self.workers = [WorkerProcess(self.env, folder, name="soak-a", beat=True),
                        WorkerProcess(self.env, folder, name="soak-b", beat=False)]
        self.engine = create_engine(database_url)
        self.accepted = []          # (game id, engine seat, move, the position it was made at) answered 201
        self.pushed = Counter()     # game id -> deadlines the harness brought forward
        self.requests = 0
        self.said = []              # (game id, text): each message Ann said, by the API or in a reply
        self.replies = []           # (game id, Message-ID): each reply of Ann's, delivered twice
        self.replied_upto = Counter()   # game id -> the position of the newest turn mail Ann answered
        self.receiver = None
        self.kills = 0              # workers killed mid-work

    # The service ---------------------------------------------------------------------------------------

    def start(self):
        for process in self.webs + self.workers:
            process.start()
        self.receiver = Receiver(self.env, self.folder)
        return self

    def close(self):
        if self.receiver is not None:
            self.receiver.stop()
        for process in self.webs + self.workers:
            process.stop()
        close_sender(self.app)
        self.app.extensions["cachette"]["db"].dispose()
        self.engine.dispose()
        self.smtp.stop()

    def faults(self):
        """Kill the worker with the beat as a machine failure would (the other carries on), restart a web
        process, then bring the worker back."""
        self.workers[0].kill()
        self.kills += 1
        self.webs[1].stop()
        self.webs[1].start()
        self.workers[0].start()

    def call(self, method, path, body=None):
        """One request to the web processes in turn; another one is tried while one is away (restarting)."""
        self.requests += 1
        for attempt in range(40):
            web = self.webs[(self.requests + attempt) % len(self.webs)]
            connection = http.client.HTTPConnection("127.0.0.1", web.port, timeout=30)
            try:
                connection.request(method, path, body=None if body is None else json.dumps(body),
                                   headers={"Content-Type": "application/json"} if body is not None else {})
                response = connection.getresponse()
                data = response.read()
                return response.status, json.loads(data) if data.startswith((b"{", b"[")) else data
            except OSError:
                time.sleep(0.25)
            finally:
                connection.close()
        raise AssertionError(f"no web process answered {method} {path}")

    # The games -----------------------------------------------------------------------------------------

    def create_games(self):
        """The games, each confirmed by its own creator; returns {game id: {"ann": token, "bo": token|None}}."""
        self.games = {}
        for number in range(self.games_count):
            ann = {"name": "Ann", "email": f"ann{number}@example.org"}
            absent = number % 2 == 1
            seats = [ann, {"name": "Bo", "email": f"bo{number}@example.org"} if absent else {"robot": "random"},
                     {"robot": "random"}, {"robot": "random"}]
            status, answer = self.call("POST", "/api/games", {"game": "quinto", "seats": seats, "rated": not absent,
                                                              "options": SHORT_GAME, "move_time": "1h"})
            assert status == 201, answer
            with self.app.app_context():
                if answer["status"] != "active":
                    games.confirm_address(confirmation_token(ann["email"]))
                with self.app.extensions["cachette"]["db"].reading() as session:
                    rows = seats_of(session, answer["id"])
                keys = settings().signing_keys
                self.games[answer["id"]] = {"ann": seat_token(keys, rows[0]), "address": ann["email"],
                                            "bo": seat_token(keys, rows[1]) if absent else None,
                                            "by_reply": number % 3 == 2}
        return self.games

    def play(self, steps, midway=None):
        """`steps` rounds over the games: Ann moves where it is her turn, Bo's overdue turns are brought
        forward. `midway()` runs once, half way."""
        for step in range(steps):
            if midway is not None and step == steps // 2:
                midway()
            if step == steps // 4:
                self.leave()
            for game_id, tokens in self.random.sample(sorted(self.games.items()), len(self.games)):
                if tokens["by_reply"]:
                    if not tokens.get("resigned"):
                        self.reply_to_newest_turn_mail(game_id, tokens)
                    continue
                status, seat = self.call("GET", f"/api/seats/{tokens['ann']}")
                assert status == 200, seat
                if seat["status"] == "over":
                    continue
                legal = seat["view"]["legal"]
                if legal and self.random.random() < 0.2:
                    self.say(game_id, tokens)
                elif legal:
                    move = self.random.choice(legal)
                    status, answer = self.call("POST", f"/api/seats/{tokens['ann']}/moves",
                                               {"move": move, "seq": seat["seq"]})
                    if status == 201:
                        self.accepted.append((game_id, seat["view"]["to_move"][0], answer["move"], seat["seq"]))
                    else:
                        assert status in (409, 422), (status, answer)   # a robot or the sweep moved first
                elif tokens["bo"] is not None:
                    self.bring_forward(game_id, seat["seq"])

    def say(self, game_id, tokens):
        text = f"soak-said-{len(self.said)}"
        status, answer = self.call("POST", f"/api/seats/{tokens['ann']}/messages", {"text": text})
        assert status in (201, 409), (status, answer)   # 409: the game ended meanwhile
        if status == 201:
            self.said.append((game_id, text))

    def reply_to_newest_turn_mail(self, game_id, tokens):
        """Ann answers her newest turn mail not answered yet with its first move and a line of talk, and the
        reply reaches the receiver twice, as from a mail server that retries (Ann never opens her table, so
        every turn of hers is mailed)."""
        newer = [(seq, message) for seq, message in offers_to(self.smtp.recorder.messages(), tokens["address"])
                 if seq > self.replied_upto[game_id]]
        if not newer:
            status, game = self.call("GET", f"/api/games/{game_id}")
            assert status == 200, game
            if tokens["bo"] is not None and game["status"] == "active" and 0 not in game["to_move"]:
                self.bring_forward(game_id, game["seq"])     # never Ann's own deadline: her replies would be late
            return
        seq, message = max(newer, key=lambda pair: pair[0])
        self.replied_upto[game_id] = seq
        text = f"soak-said-{len(self.said)}"
        reply = reply_to(message, f"say {text}\n{MOVES_LINE.search(body_of(message)).group(1).split()[0]}")
        for _ in range(2):
            self.receiver.send(reply)
        self.said.append((game_id, text))
        self.replies.append((game_id, reply["Message-ID"]))

    def leave(self):
        """Players leave two games, so that the proof that every log replays to its row covers endings outside
        the rules: Bo hands his seat to a robot in the first game he sits in, and Ann resigns the last of the
        rated games she plays at the table (without Bo, not by reply): her partner is a robot, so her side
        concedes and the game is over, with a result to rate however far the others got."""
        ids = sorted(self.games)
        bo = next((self.games[game_id]["bo"] for game_id in ids if self.games[game_id]["bo"]), None)
        resigned = [game_id for game_id, game in sorted(self.games.items())
                    if not game["bo"] and not game["by_reply"]][-1]
        answers = [self.call("POST", f"/api/seats/{self.games[resigned]['ann']}/resign", {})]
        self.games[resigned]["resigned"] = True    # a reply of hers would now be a stranger's, refused each time
        if bo is not None:
            answers.append(self.call("POST", f"/api/seats/{bo}/hand-over", {}))
        assert all(status in (201, 409) for status, _ in answers), answers    # 409: that game was over already

    def bring_forward(self, game_id, seq):
        """Make Bo's (or anyone's) person deadline due now, if the game has not moved since `seq`."""
        with self.engine.begin() as connection:
            changed = connection.execute(text(
                "UPDATE game SET due_at = now() AT TIME ZONE 'UTC' - interval '1 second', remind_at = NULL "
                "WHERE id = :id AND seq = :seq AND status = 'active' "
                "AND due_at > now() AT TIME ZONE 'UTC' + interval '1 minute'"), {"id": game_id, "seq": seq}).rowcount
        self.pushed[game_id] += changed

    def settle(self, timeout=120):
        """Wait until the workers have nothing left: no mail waiting, no robot or overdue turn pending."""
        def settled():
            with self.engine.connect() as connection:
                waiting = connection.execute(text("SELECT count(*) FROM outbox WHERE status IN (:q, :c)"),
                                             {"q": MAIL_QUEUED, "c": MAIL_CLAIMED}).scalar()
                due = connection.execute(text(
                    "SELECT count(*) FROM game WHERE status = 'active' AND due_at IS NOT NULL "
                    "AND due_at < now() AT TIME ZONE 'UTC' + interval '1 minute'")).scalar()
                sent = connection.execute(text("SELECT count(*) FROM outbox WHERE status = :s"),
                                          {"s": MAIL_SENT}).scalar()
            return waiting == 0 and due == 0 and len(self.smtp.recorder.received) >= sent
        wait_until(settled, timeout, "the workers did not settle")

    # The proofs ----------------------------------------------------------------------------------------

    def proofs(self):
        """Check every invariant; returns the figures. Raises AssertionError naming the first broken one."""
        with self.engine.connect() as connection:
            events = {}
            for game_id, seq, data in connection.execute(text("SELECT game_id, seq, data FROM event ORDER BY game_id, seq")):
                events.setdefault(game_id, []).append((seq, data if isinstance(data, dict) else json.loads(data)))
            rows = {row.id: row for row in connection.execute(text("SELECT * FROM game"))}
            attempts = dict(connection.execute(
                text("SELECT message_id, attempts FROM outbox WHERE status = :s"), {"s": MAIL_SENT}).all())
            sent = list(attempts)
        for game_id, logged in events.items():
            assert [seq for seq, _ in logged] == list(range(len(logged))), f"{game_id}: a gap or a double in the log"
        # No move lost or applied twice: each accepted move is in the log once, at the seq after its position.
        for game_id, seat, move, seq in self.accepted:
            data = dict(events[game_id])[seq + 1]
            assert data.get("type") == "move" and data.get("move") == move and data.get("seat") == seat, \
                f"{game_id}: the move {move} accepted at {seq} is not in the log"
        assert len({(game_id, seq) for game_id, _, _, seq in self.accepted}) == len(self.accepted)
        # Every deadline fired once: no two timeouts of one game for the same deadline.
        timeouts = Counter((game_id, data.get("due_at")) for game_id, logged in events.items()
                           for _, data in logged if data.get("type") == "note" and data.get("kind") == "timeout")
        assert all(count == 1 for count in timeouts.values()), timeouts.most_common(2)
        # Every game's log replays to its summary row: the rules' state, then the notes of players leaving.
        for game_id, logged in events.items():
            state, ended = log_outcome([data for _, data in logged])
            row = rows[game_id]
            scores, to_move, winners, ending = (json.loads(value) if isinstance(value, str) else value
                                                for value in (row.scores, row.to_move, row.winners, row.ending))
            awaiting = None if ended.over else state.awaiting
            assert (row.seq, row.awaiting, scores, row.winner) == (len(logged) - 1, awaiting,
                                                                   list(state.scores), ended.winner), game_id
            sides = None if ended.sides is None else list(ended.sides)
            assert (row.status == "over", winners, ending) == (ended.over, sides, ended.ending), game_id
            assert to_move == (list(state.to_move) if awaiting == "move" else []), game_id
        self.prove_replies_and_talk_once(events)
        rated = self.prove_rated_once(rows)
        # No mail sent twice but one a killed worker had handed to the server and not yet marked sent (taken over
        # and sent again, with its same Message-ID), and every mail sent arrived.
        arrived = Counter(self.smtp.recorder.message_ids())
        doubled = [message_id for message_id, count in arrived.items() if count > 1]
        assert len(doubled) <= self.kills and all(arrived[message_id] == 2 and attempts[message_id] >= 2
                                                  for message_id in doubled), arrived.most_common(2)
        assert set(arrived) == set(sent)
        return {"games": len(events), "events": sum(len(logged) for logged in events.values()),
                "accepted moves": len(self.accepted), "timeouts": len(timeouts), "mails": len(sent),
                "over": sum(row.status == "over" for row in rows.values()), "replies": len(self.replies), "rated": rated,
                "said": len(self.said)}

    def prove_replies_and_talk_once(self, events):
        """Each reply, delivered twice, made one move and got one answer; each message is in the log once and in
        at most one mail to each other person, and in exactly one when a later mail told that person the talk."""
        with self.engine.connect() as connection:
            rows = list(connection.execute(text(
                "SELECT message_id, game_id, recipient, kind, seq, context FROM outbox WHERE status = :s"),
                {"s": MAIL_SENT}))
        answered = Counter((json.loads(row.context) if isinstance(row.context, str) else row.context)["in_reply_to"]
                           for row in rows if row.kind == "answer")
        assert all(answered[message_id] == 1 for _, message_id in self.replies), answered.most_common(2)
        for game_id in {game_id for game_id, _ in self.replies}:
            own_moves = sum(data.get("type") == "move" and data.get("seat") == 0 and "by" not in data
                            for _, data in events[game_id])
            assert own_moves == sum(replied == game_id for replied, _ in self.replies), game_id
        logged = {}
        for game_id, text_said in self.said:
            seqs = [seq for seq, data in events[game_id] if data.get("kind") == "talk" and data.get("text") == text_said]
            assert len(seqs) == 1, (game_id, text_said, seqs)
            logged[text_said] = (game_id, seqs[0])
        by_message_id = {row.message_id: row for row in rows}
        told = Counter()            # (recipient, text) -> mails that told it
        told_upto = {}              # (game id, recipient) -> the newest position a sent mail told the talk up to
        distinct = {message["Message-ID"]: message for message in self.smtp.recorder.messages()}
        for message_id, message in distinct.items():
            row = by_message_id.get(message_id)
            if row is None or row.game_id is None:
                continue
            if row.kind in TALK_CARRIERS:
                key = (row.game_id, row.recipient)
                told_upto[key] = max(told_upto.get(key, -1), row.seq)
            for text_said in set(re.findall(r"soak-said-\d+", body_of(message))):
                told[(row.recipient, text_said)] += 1
        assert all(count == 1 for count in told.values()), told.most_common(2)
        for (game_id, recipient), upto in told_upto.items():
            if recipient == self.games[game_id]["address"]:
                continue
            missed = [text_said for text_said, (said_in, seq) in logged.items()
                      if said_in == game_id and seq <= upto and not told[(recipient, text_said)]]
            assert not missed, (game_id, recipient, missed)

    def prove_rated_once(self, games):
        """Each finished rated game changed its one person's rating once, and recomputing every rating from the
        logs gives the ratings the workers arrived at; returns how many games were rated."""
        with self.engine.connect() as connection:
            changes = Counter(connection.execute(text("SELECT game_id FROM rating_change")).scalars())
            played = dict(connection.execute(text("SELECT address, games FROM rating")).all())
            ratings = connection.execute(text("SELECT address, game, mu, sigma FROM rating ORDER BY address")).all()
        finished_rated = {game_id for game_id, row in games.items() if row.rated and row.status == "over"
                          and (json.loads(row.ending) if isinstance(row.ending, str) else row.ending or {})
                          .get("kind") not in (ABANDONED, NO_MOVES)}
        assert set(changes) == finished_rated and all(count == 1 for count in changes.values()), changes
        assert sum(played.values()) == len(changes), (played, changes)
        with self.app.app_context():
            with self.app.extensions["cachette"]["db"].writing() as session:
                recompute(session)
        with self.engine.connect() as connection:
            again = connection.execute(text("SELECT address, game, mu, sigma FROM rating ORDER BY address")).all()
        assert [tuple(row) for row in again] == [tuple(row) for row in ratings]
        return len(changes)
