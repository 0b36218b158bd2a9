"""Replacing a seat's link: its person asks ("send me a new link"), or the game's creator does for any seat.

Replacing is asked first (`replacement`, which writes nothing), then done
(`send_new_link`). The seat's old links stop working at once
(seats.revoke_links), in the mails already sent too, and the new one goes
only to the seat's mailbox, so a link that leaked is closed by whoever
still holds a good one and reaches the right person only. A person who left
the game keeps a link that reads its table, so theirs can be replaced too.
"""

from app.context import database, external_url
from app.web.limits import OWNER
from app.errors import BadInput, Forbidden
from app.mail_out.mail import queue_mail
from app.mail_out.notify import game_context
from app.play.seats import holds_link, is_creator, open_link, revoke_links, seat_path

NEW_LINK = "new_link"


def replacement(token, seat_number=None):
    """(the seat whose link would be replaced, whether it is the link's own) for the question asked before
    replacing it; the same refusals as `send_new_link`, and nothing is written."""
    with database().reading() as session:
        return target_of(open_link(session, token, left_too=True), seat_number)


def send_new_link(token, seat_number=None, admit=None):
    """Revoke the links of seat `seat_number` (the link's own seat when None) and mail its person the new one.

    Another seat's link may be replaced only from a seat of the game's
    creator. `admit(addresses, bucket)` may refuse (a rate limit) before anything is
    written. Returns (the seat replaced, whether it was the link's own).
    """
    with database().writing() as session:
        link = open_link(session, token, lock=True, left_too=True)
        target, own = target_of(link, seat_number)
        if admit is not None:       # asked from the seat's own link: its owner's own allowance
            admit([target.email], OWNER if own else "")
        revoke_links(session, target)
        context = dict(game_context(link.game, link.seats), name=target.name,
                       table_url=external_url(seat_path(target)), by=None if own else link.seat.name)
        queue_mail(session, NEW_LINK, target.email, f"Your new link to {context['title']}", context,
                   game_id=link.game.id, seat=target.seat, seq=link.game.seq)
        return target, own


def target_of(link, seat_number):
    """(the seat row `seat_number` names, or the link's own when None; whether it is the link's own), if the
    link's person may replace its link: BadInput for no such person, Forbidden for another's unless the creator."""
    if seat_number is not None and type(seat_number) is not int:
        raise BadInput("seat must be a seat number", "bad_seat")
    target = link.seat if seat_number is None else link.seats.get(seat_number)
    if target is None or not holds_link(target):
        raise BadInput("there is no player at that seat", "bad_seat")
    own = target is link.seat
    if not own and (link.seat.left or not is_creator(link.game, link.seats, link.seat)):
        raise Forbidden("only the game's creator, while at the table, can replace another player's link",
                        "not_creator")
    return target, own
