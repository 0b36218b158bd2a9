"""Playing by replying to the mail, end to end with real servers and processes.

A game of one person and three robots is played to its end by replies: once
sent over SMTP to the receiver (`python -m workers.inbound`, its own
process), once put in a mailbox of a real IMAP server (dovecot) that the
worker's periodic task empties. The worker (a real `celery worker -B`) sends
the mail to a real SMTP server and plays the robots. Every reply is applied
once and answered once; every mail arrives once.

The receiver's doors, through SMTP sessions to the same process: a reply
address we did not sign is refused at RCPT, a session's recipients are
capped, a bounce is dropped, a doubtful From and a mail of too many MIME
parts are refused at DATA, and a reply buried under 10,000 blank lines is
read.
"""

import imaplib
import re
import smtplib
import time
from email.message import EmailMessage, Message
from email.utils import make_msgid
from types import SimpleNamespace

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP
from app import create_app
from app.context import database, settings
from app.play.links import reply_token
from app.store.models import Game
from app.mail_in.replies import ANSWER
from app.mail_out.consent import CONFIRM
from app.store.models import MAIL_DROPPED
from app.play.seats import seats_of
from app.mail_in.imap_poll import poll_once
from workers.inbound import COMMANDS_MAX, RECIPIENTS_MAX, start_receiver

from conftest import make_config
from imap_server import PASSWORD, USER, DovecotServer
from live import MOVES_LINE, Receiver, body_of, offers_to, reply_to
from smtp_sink import free_port
from test_end_to_end import REDIS_URL, Live, postgres_url  # noqa: F401  (a fixture)
from worker_fixtures import smtp  # noqa: F401  (fixtures)
from worker_helpers import events_of, outbox, play_until_person, start

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

DOMAIN = "cachette.test"
ANN = "ann@example.org"
REPLY_SETTINGS = {"INBOUND_DOMAIN": DOMAIN, "LIMIT_REPLIES_PER_SEAT": "1000 per hour"}


@pytest.fixture
def live(tmp_path, postgres_url, smtp):
    service = Live(tmp_path, postgres_url, REDIS_URL, smtp, **REPLY_SETTINGS)
    yield service
    service.close()


def turn_mails(live):
    """Ann's mails that offer moves, as (position, mail), from the reply address of each."""
    return offers_to(live.smtp.recorder.messages(), ANN)


def play_by_replies(live, game_id, deliver, wait=120):
    """Answer Ann's newest mail that offers moves with its first move, until the game is over; returns the
    Message-IDs of the replies sent."""
    sent, last_seq = [], -1
    deadline = time.monotonic() + wait
    while live.client.get(f"/api/games/{game_id}").get_json()["status"] != "over":
        assert time.monotonic() < deadline, f"the game stalled after {len(sent)} replies"
        newer = [(seq, message) for seq, message in turn_mails(live) if seq > last_seq]
        if not newer:
            time.sleep(0.05)
            continue
        last_seq, message = max(newer, key=lambda pair: pair[0])
        move = MOVES_LINE.search(body_of(message)).group(1).split()[0]
        reply = reply_to(message, move)
        deliver(reply)
        sent.append(reply["Message-ID"])
        assert len(sent) < 500
    return sent


def assert_each_reply_played_and_answered_once(live, game_id, sent):
    rows = live.assert_each_mail_arrived_once(dropped_kinds=(CONFIRM, "your_turn"))
    # A move that leaves the turn with its player queues a turn mail, which the reply's answer (it shows the
    # position and its moves) replaces in the same transaction: no other turn mail is dropped.
    with live.app.app_context():
        dropped = [row for row in outbox() if row.kind == "your_turn" and row.status == MAIL_DROPPED]
    answered = {(row.seat, row.seq) for row in rows if row.kind == ANSWER}
    assert all((row.seat, row.seq) in answered for row in dropped), [(row.seat, row.seq) for row in dropped]
    answers = [row for row in rows if row.kind == ANSWER]
    assert sorted(row.context["in_reply_to"] for row in answers) == sorted(sent)
    assert all(row.context["headline"].startswith("Played ") for row in answers)
    ann_moves = [event for event in events_of_game(live, game_id)
                 if event["type"] == "move" and event["seat"] == 0 and "by" not in event]
    assert len(ann_moves) == len(sent)
    threaded = {message["In-Reply-To"] for message in live.smtp.recorder.messages()
                if message["Auto-Submitted"] == "auto-replied"}
    assert threaded == set(sent)


def events_of_game(live, game_id):
    with live.app.app_context():
        return events_of(game_id)


def test_a_game_is_played_to_its_end_by_replies_over_smtp_to_the_receiver(live, tmp_path):
    receiver = Receiver(live.env, tmp_path)
    try:
        live.worker.start()
        game_id = live.start_game()
        sent = play_by_replies(live, game_id, receiver.send)
    finally:
        receiver.stop()
    assert_each_reply_played_and_answered_once(live, game_id, sent)


def test_a_game_is_played_to_its_end_by_replies_read_from_an_imap_mailbox(tmp_path, postgres_url, smtp):
    dovecot = DovecotServer().start()
    live = Live(tmp_path, postgres_url, REDIS_URL, smtp, IMAP_HOST="127.0.0.1", IMAP_PORT=str(dovecot.port),
                IMAP_USER=USER, IMAP_PASSWORD=PASSWORD, IMAP_SSL="0", IMAP_INTERVAL="1", **REPLY_SETTINGS)

    def deliver(message):
        """Put the reply in the mailbox as the delivering server would, with its Delivered-To."""
        message["Delivered-To"] = message["To"]
        mailbox = imaplib.IMAP4("127.0.0.1", dovecot.port)
        try:
            mailbox.login(USER, PASSWORD)
            assert mailbox.append("INBOX", None, None, message.as_bytes())[0] == "OK"
        finally:
            mailbox.logout()

    try:
        live.worker.start()
        game_id = live.start_game()
        sent = play_by_replies(live, game_id, deliver)
        assert_each_reply_played_and_answered_once(live, game_id, sent)
        mailbox = imaplib.IMAP4("127.0.0.1", dovecot.port)
        mailbox.login(USER, PASSWORD)
        mailbox.select("INBOX")
        assert mailbox.search(None, "UNSEEN")[1] == [b""]                 # every reply was taken
        assert len(mailbox.search(None, "ALL")[1][0].split()) == len(sent)
        mailbox.logout()
    finally:
        live.close()
        dovecot.stop()


def signed_address(live, game_id="g1", seat=0, version=1, seq=2):
    """A reply address signed with the service's key, for a seat that need not exist."""
    keys = live.app.extensions["cachette"]["config"].signing_keys
    place = SimpleNamespace(game_id=game_id, seat=seat, link_version=version)
    return f"play+{reply_token(keys, place, seq)}@{DOMAIN}"


def test_the_receiver_refuses_other_recipients_and_oversized_mail(live, tmp_path):
    receiver = Receiver(dict(live.env, REPLY_MAX_BYTES="100000"), tmp_path)
    address = signed_address(live)
    try:
        with smtplib.SMTP("127.0.0.1", receiver.port, timeout=30) as server:
            server.ehlo()
            server.mail(ANN)
            assert server.rcpt("postmaster@" + DOMAIN)[0] == 550
            assert server.rcpt(address.replace(DOMAIN, "elsewhere.example"))[0] == 550
            assert server.rcpt(address)[0] == 250
            code, _ = server.data(b"From: ann@example.org\r\nSubject: big\r\n\r\n" + (b"x" * 76 + b"\r\n") * 3000)
            assert code == 552
        big = EmailMessage()
        big["From"], big["To"], big["Subject"] = ANN, address, "big"
        big.set_content("QS")
        big.add_attachment(b"\0" * (10 * 1024 * 1024), maintype="application", subtype="octet-stream",
                           filename="big.bin")
        with pytest.raises(smtplib.SMTPException):
            receiver.send(big)
    finally:
        receiver.stop()
    with live.app.app_context():
        assert outbox(kind=ANSWER) == []


def test_the_receiver_checks_a_reply_addresss_signature_at_rcpt_and_caps_a_sessions_recipients(live, tmp_path):
    receiver = Receiver(live.env, tmp_path)
    signed = signed_address(live)
    local, _ = signed.split("@")
    forged = [f"play+g1.0.1.2.sig@{DOMAIN}", f"{local[:-1]}{'A' if local[-1] != 'A' else 'B'}@{DOMAIN}",
              signed_address(live, seq=3).split("@")[0].rsplit(".", 1)[0] + "." + local.rsplit(".", 1)[1]
              + "@" + DOMAIN]
    try:
        with smtplib.SMTP("127.0.0.1", receiver.port, timeout=30) as server:
            server.ehlo()
            server.mail(ANN)
            for address in forged:
                code, text = server.rcpt(address)
                assert code == 550 and b"incomplete or altered" in text, address
            codes = [server.rcpt(signed)[0] for _ in range(RECIPIENTS_MAX - len(forged))]
            assert codes == [250] * (RECIPIENTS_MAX - len(forged))
            code, text = server.rcpt(signed)
            assert code == 452 and b"Too many recipients" in text
            assert server.rcpt(forged[0])[0] == 452       # refused ones count too
            server.rset()
            server.mail(ANN)
            assert server.rcpt(signed)[0] == 452          # for the session, not the one mail
            asked = len(forged) + (RECIPIENTS_MAX - len(forged)) + 3
            assert {server.rcpt(signed)[0] for _ in range(COMMANDS_MAX["RCPT"] - asked)} == {452}
            code, text = server.rcpt(signed)
            assert code == 421 and b"RCPT sent too many times" in text   # and the session is closed
            with pytest.raises(smtplib.SMTPServerDisconnected):
                server.noop()
    finally:
        receiver.stop()


def many_parts(count, sender=ANN, to="", nested=False):
    """A multipart mail of `count` tiny parts, side by side or each inside the one before."""
    head = (f"From: {sender}\r\nTo: {to}\r\nSubject: Re: your move\r\nMessage-ID: {make_msgid()}\r\n"
            "MIME-Version: 1.0\r\n")
    if nested:
        opening = "".join(f"Content-Type: multipart/mixed; boundary=b{level}\r\n\r\n--b{level}\r\n"
                          for level in range(count))
        closing = "".join(f"\r\n--b{level}--\r\n" for level in reversed(range(count)))
        return (head + opening + "Content-Type: text/plain\r\n\r\nhelp\r\n" + closing).encode()
    parts = "".join("--b\r\nContent-Type: text/plain\r\n\r\nhelp\r\n" for _ in range(count))
    return (head + "Content-Type: multipart/mixed; boundary=b\r\n\r\n" + parts + "--b--\r\n").encode()


def plain(sender, to, text):
    """A plain text mail with its From exactly as given (EmailMessage would mend a broken one)."""
    head = f"From: {sender}\r\nTo: {to}\r\nSubject: Re: your move\r\nMessage-ID: {make_msgid()}\r\n"
    return (head + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + text.replace("\n", "\r\n")).encode()


def test_the_receiver_drops_bounces_refuses_a_doubtful_from_or_too_many_parts_and_reads_a_buried_help(live, tmp_path):
    game_id = live.start_game()
    with live.app.app_context(), database().reading() as session:
        keys = live.app.extensions["cachette"]["config"].signing_keys
        address = f"play+{reply_token(keys, seats_of(session, game_id)[0], session.get(Game, game_id).seq)}@{DOMAIN}"
    receiver = Receiver(live.env, tmp_path)

    def session(envelope_sender, mail):
        with smtplib.SMTP("127.0.0.1", receiver.port, timeout=120) as server:
            server.ehlo()
            server.mail(envelope_sender)
            assert server.rcpt(address)[0] == 250
            return server.data(mail)

    try:
        assert session("", plain(f"Ann <{ANN}>", address, "help")) == (250, b"OK: dropped")
        for sender in [f"{ANN} <mallory@evil.example>", f"\"{ANN}\" <mallory@evil.example>",
                       f"Ann <{ANN}>, Eve <eve@example.org>", f"Ann <{ANN}", f"{ANN} mallory@evil.example"]:
            code, text = session("mallory@evil.example", plain(sender, address, "help"))
            assert (code, text) == (550, b"5.7.1 Not taken: its From must name one address, plainly"), sender
        code, text = session(ANN, many_parts(20_000, to=address))
        assert (code, text) == (550, b"5.7.1 Not taken: it has more than 100 MIME parts")
        code, text = session(ANN, many_parts(12, to=address, nested=True))
        assert (code, text) == (550, b"5.7.1 Not taken: it has more than 8 multipart or message parts")
        assert session(ANN, many_parts(3, to=address)) == (250, b"OK: help")
        assert session(ANN, plain(f"Ann Q. Public <{ANN}>", address, "\n" * 10_000 + "help")) == (250, b"OK: help")
    finally:
        receiver.stop()
    with live.app.app_context():
        assert [row.context["headline"] for row in outbox(kind=ANSWER)] == ["Your hand."] * 2
        assert [event["type"] for event in events_of(game_id)].count("move") == 0


class Keeper:
    """A handler that keeps each mail's data as the server read it."""

    def __init__(self):
        self.contents = []

    async def handle_DATA(self, server, session, envelope):
        self.contents.append(envelope.content)
        return "250 OK"


@pytest.mark.parametrize("mail", [b"", b"QS", b".", b"..", b".QS\r\n..two\r\nend.\r\n.\r\nlast", b"\r\n.\r\n",
                                  (b"x" * 998 + b"\r\n") * 70 + b".\r\n" + b"y" * 998])
def test_the_receiver_reads_mail_data_as_sent_dots_unstuffed(mail):
    keeper, port = Keeper(), free_port()
    controller = Controller(keeper, hostname="127.0.0.1", port=port, data_size_limit=1_000_000)
    controller.start()
    try:
        with smtplib.SMTP("127.0.0.1", port, timeout=30) as server:
            server.ehlo()
            server.mail(ANN)
            server.rcpt("anyone@example.org")
            assert server.data(mail)[0] == 250            # smtplib doubles each leading dot and ends the last line
            server.mail(ANN)                              # the session goes on after the mail
            server.rcpt("anyone@example.org")
            assert server.data(b"second")[0] == 250
    finally:
        controller.stop()
    ending = b"" if mail.endswith(b"\r\n") else b"\r\n"
    assert keeper.contents == [mail + ending, b"second\r\n"]


def test_the_receiver_is_aiosmtpds_own_server_set_through_its_documented_interface(tmp_path, database_url,
                                                                                  dispatched):
    application = create_app(make_config(tmp_path, database_url, inbound_domain="localhost"))
    receiver = start_receiver(application, host="127.0.0.1", port=free_port())
    try:
        assert type(receiver) is Controller and type(receiver.smtpd) is SMTP
        assert receiver.smtpd.data_size_limit == application.extensions["cachette"]["config"].reply_max_bytes
    finally:
        receiver.stop()
        application.extensions["cachette"]["db"].dispose()


@pytest.fixture
def dev_service(tmp_path, database_url, dispatched):
    port = free_port()
    application = create_app(make_config(tmp_path, database_url, inbound_domain="localhost", inbound_port=port,
                                         limit_replies_per_seat="1000 per hour"))
    receiver = start_receiver(application, host="127.0.0.1", port=port)
    with application.app_context():
        yield application
    receiver.stop()
    application.extensions["cachette"]["db"].dispose()


def test_the_development_mailbox_lists_headers_and_replies_through_the_receiver(dev_service):
    client = dev_service.test_client()
    game = start()
    state = play_until_person(game.id)
    assert state.to_move == [0]
    mails = client.get("/dev/mailbox.json").get_json()["mails"]
    turn = next(mail for mail in mails if mail["headers"].get("Reply-To"))
    headers = turn["headers"]
    assert headers["To"] == ANN and headers["Message-ID"] == turn["message_id"]
    assert headers["Reply-To"].startswith("play+") and headers["Reply-To"].endswith("@localhost")
    assert headers["List-Unsubscribe"].startswith("<http://localhost/unsubscribe/")
    page = client.get("/dev/mailbox").get_data(as_text=True)
    assert f'action="/dev/mailbox/{turn["id"]}/reply"' in page
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    answer = client.post(f"/dev/mailbox/{turn['id']}/reply", data={"csrf_token": token, "text": "help"})
    assert answer.status_code == 303
    mails = client.get("/dev/mailbox.json").get_json()["mails"]
    (reply_answer,) = [mail for mail in mails if mail["kind"] == ANSWER]
    assert reply_answer["text"].startswith("Your hand.")
    assert reply_answer["headers"]["In-Reply-To"].endswith("@example.org>")
    assert reply_answer["headers"]["Auto-Submitted"] == "auto-replied"


def test_the_imap_poller_hands_a_mail_over_unparsed_so_a_strangers_many_parts_cost_no_parsing(tmp_path, postgres_url,
                                                                                               monkeypatch):
    dovecot = DovecotServer().start()
    app = create_app(make_config(tmp_path, postgres_url, inbound_domain=DOMAIN, imap_host="127.0.0.1",
                                 imap_port=dovecot.port, imap_user=USER, imap_password=PASSWORD, imap_ssl=False))
    try:
        with app.app_context():
            keys = settings().signing_keys
            address = f"play+{reply_token(keys, SimpleNamespace(game_id='g1', seat=0, version=1, link_version=1), 2)}@{DOMAIN}"
            mailbox = imaplib.IMAP4("127.0.0.1", dovecot.port)
            mailbox.login(USER, PASSWORD)
            hostile = many_parts(20_000, sender="mallory@evil.example", to=address)
            assert mailbox.append("INBOX", None, None, hostile)[0] == "OK"
            parts_read = []
            attach = Message.attach
            monkeypatch.setattr(Message, "attach", lambda message, part: (parts_read.append(1), attach(message, part)))
            counts = poll_once(settings())
            assert sum(counts.values()) == 1 and len(parts_read) < 100     # refused from its header alone
            mailbox.select("INBOX")
            assert mailbox.search(None, "UNSEEN")[1] == [b""]
            mailbox.logout()
    finally:
        app.extensions["cachette"]["db"].dispose()
        dovecot.stop()
