"""The Celery tasks: thin wrappers that take ids and call the modules that do the work.

Every task is idempotent: delivered twice, it does no more than once.
"""

from datetime import datetime

from celery import shared_task
from flask import current_app

from app.web.limits import TooManyRequests
from app.play.moves import play_robot_turns
from app.play.mygames import mail_my_games as queue_list_mail

from app.play import deadlines
from app.mail_out import digests, pruning
from app.social import open_endings

from app.mail_in import imap_poll
from app.mail_out import outbox
from workers.celery_app import RECONNECTING


SEND_BATCH = 50  # rows per task when many are handed out at once


@shared_task(name="cachette.send_mail", ignore_result=True)
def send_mail(outbox_ids):
    """Send outbox rows over one connection (a claim on each row makes a second delivery a no-op)."""
    return outbox.deliver_batch(outbox_ids)


@shared_task(name="cachette.sweep_outbox", ignore_result=True)
def sweep_outbox():
    """Hand out again the rows never handed to a worker, due for a retry, or held by a worker that died."""
    ids = outbox.stranded_ids()
    queue_send_mail(ids)
    return len(ids)


def queue_send_mail(outbox_ids, retry=False):
    """Queue `send_mail` for these rows, in tasks of at most SEND_BATCH so that workers share a backlog; with
    `retry`, a connection the broker dropped is made again (RECONNECTING) rather than given up."""
    for start in range(0, len(outbox_ids), SEND_BATCH):
        send_mail.apply_async((outbox_ids[start:start + SEND_BATCH],), retry=retry, retry_policy=RECONNECTING)


@shared_task(name="cachette.pick_up_due_work", ignore_result=True)
def pick_up_due_work():
    """Queue the mail and robot turns that fell due while this worker had no broker, and enforce the deadlines
    that passed meanwhile, at once rather than at the next sweep (a worker queues this on every connection
    to the broker: workers/celery_app.py)."""
    ids = outbox.claimable_ids()
    queue_send_mail(ids, retry=True)
    games = deadlines.robot_turn_ids()
    for game_id in games:
        play_robots.apply_async((game_id,), retry=True, retry_policy=RECONNECTING)
    sweep_deadlines()
    return {"mails": len(ids), "games": len(games)}


@shared_task(name="cachette.play_robots", ignore_result=True)
def play_robots(game_id):
    """Play the robot (and forced) moves now awaited in a game, through the same path as people's moves."""
    try:
        return play_robot_turns(game_id)
    except Exception:
        # A collision with a person's move is harmless: the move queues the robot again,
        # and a robot turn left waiting is played by the deadline sweep.
        current_app.logger.exception("robot moves for game %s stopped", game_id)
        return 0


@shared_task(name="cachette.sweep_deadlines", ignore_result=True)
def sweep_deadlines():
    report = deadlines.sweep_deadlines()
    expired = open_endings.end_expired()     # open games whose seats were not all taken in time
    return {"extended": report.extended, "reminded": report.reminded, "enforced": len(report.outcomes),
            "expired": len(expired)}


@shared_task(name="cachette.send_digests", ignore_result=True)
def send_digests():
    return digests.send_digests()


@shared_task(name="cachette.prune", ignore_result=True)
def prune():
    """Delete the mail, confirmation mails and presence marks older than their settings allow."""
    return pruning.prune()


@shared_task(name="cachette.mail_my_games", ignore_result=True)
def mail_my_games(email, requested_at):
    """Look up an address's games and queue the list mail if it plays (the web request did not look), within
    what others may have mailed to the address: past it, nothing is sent."""
    try:
        return queue_list_mail(email, datetime.fromisoformat(requested_at))
    except TooManyRequests:
        return False


@shared_task(name="cachette.poll_replies", ignore_result=True)
def poll_replies():
    """Act on the replies waiting in the IMAP mailbox (scheduled only while IMAP_HOST is set)."""
    return imap_poll.poll_mailbox()
