"""A reply that answers a rematch: `rematch yes` or `rematch no` alone on the first line of the reply to the
game-over mail or to the rematch offer's mail (app.mail_in.replies calls it before reading a move).

`rematch yes` accepts the offer, or offers a rematch when nobody has yet; `rematch no` declines.
"""

import re

from app.context import settings
from app.play.links import seat_token
from app.social import rematches
from app.errors import BadInput, Conflict, Forbidden

REMATCH_LINE = re.compile(r"\s*rematch\s*[:,-]?\s*(?P<answer>yes|no|y|n)\s*[.!]*\s*", re.IGNORECASE)


def rematch_answer_in(line):
    """True for `rematch yes`, False for `rematch no` (any case, a stop after it), None for any other line."""
    match = REMATCH_LINE.fullmatch(line)
    return None if match is None else match["answer"].lower().startswith("y")


def act_on(seat, accept):
    """Answer (or, with yes and no offer yet, make) the rematch of `seat`'s game; the words telling what was
    done, for the reply's answer."""
    token = seat_token(settings().signing_keys, seat)
    try:
        try:
            return rematches.answer(token, accept)
        except Conflict as error:
            if error.code != "no_offer" or not accept:
                raise
            rematches.offer(token)
            return "You offered a rematch: the others are asked."
    except (BadInput, Conflict, Forbidden) as error:
        return f"Nothing done: {error.message}."
