"""A reply that leaves the game, or answers a question about leaving, as the table's buttons do
(app.social.leaving): app.mail_in.replies calls it before reading a move.

`hand over`, `resign` and `abandon` are asked first, as the table asks on a page of its own: the answer says
what the step would do, and the step is done by replying the same word with `yes` (`resign yes`). `agree` and
`decline` answer at once, as the table's buttons do, the open question put to this player: a partner's request
that their side concede first, else a proposal to abandon the game (`decline` withdraws one's own proposal).
"""

import re

from app.context import database, settings
from app.errors import BadInput, Conflict, Forbidden
from app.play.links import seat_token
from app.play.seats import seats_of
from app.social import leaving
from app.store import snapshots
from app.store.models import Game

LEAVE_LINE = re.compile(r"\s*(?P<step>hand[ -]?over|resign|abandon|agree|decline)(?:\s*[:,-]?\s*(?P<yes>yes|y))?"
                        r"\s*[.!]*\s*", re.IGNORECASE)
HAND_OVER, RESIGN, ABANDON, AGREE, DECLINE = "hand over", "resign", "abandon", "agree", "decline"
ASKED_FIRST = {HAND_OVER: "hand_over", RESIGN: "resign", ABANDON: "abandon"}     # step: its key in Leaving.can
QUESTIONS = {
    HAND_OVER: "Hand over: a robot plays your seat for the rest of the game, and the others are told. You can "
               "still follow the game at your table, and you get one last mail when it ends.",
    ABANDON: "Propose to abandon: if every other player agrees, the game ends with no result. The proposal stays "
             "open until someone declines it or a new deal begins.",
}


def leave_step_in(line):
    """(step, confirmed) for a line `hand over`, `resign yes`, `agree`... (any case, a stop after it); None for
    any other line."""
    match = LEAVE_LINE.fullmatch(line)
    if match is None:
        return None
    step = match["step"].lower()
    return (HAND_OVER if step.startswith("hand") else step), match["yes"] is not None


def act_on(seat, step, confirmed):
    """Do (or, for a step asked first and not `confirmed`, ask about) `step` for `seat`; the words telling what
    was done, for the reply's answer."""
    token = seat_token(settings().signing_keys, seat)
    now = leaving_now(seat)
    try:
        if step in ASKED_FIRST:
            refusal = not_now(now, step)
            if refusal:
                return refusal
            if not confirmed:
                words = QUESTIONS.get(step) or now.resign_words + "."
                return f"{words} To do it, reply “{step} yes”."
            return DONE[step](token, now)
        return answered(token, now, step == AGREE)
    except (BadInput, Conflict, Forbidden) as error:
        return f"Nothing done: {error.message}."


def leaving_now(seat):
    """The leaving.Leaving `seat`'s table shows now."""
    with database().reading() as session:
        game = session.get(Game, seat.game_id)
        seats = seats_of(session, game.id)
        state = snapshots.state_at(session, game.id, game.seq).clone()
        return leaving.leaving_of(session, game, seats, seats[seat.seat], state)


def not_now(now, step):
    """Why `step` cannot be taken now, in words, or None."""
    if now.can[ASKED_FIRST[step]]:
        return None
    if step == ABANDON and now.abandon:
        return (f"Nothing done: {now.abandon['proposer']} proposed to abandon the game already. Reply “agree” to "
                "end it with no result, or “decline” to play on.")
    if step == RESIGN and now.concede and now.concede["mine"]:
        return "Nothing done: you have asked your side to concede already, and your partners have not answered yet."
    return "Nothing done: the game is not being played now."


def hand_over(token, _now):
    leaving.hand_over(token)
    return ("You handed your seat to a robot: it plays your seat from now on. You can still follow the game at "
            "your table, and you get one last mail when it ends.")


def resign(token, now):
    if leaving.resign(token) == "asked":
        return ("You asked your partners to agree that your side concedes. If they decline, a robot plays your "
                "seat to the end.")
    return f"You resigned: {now.resign_words.removeprefix('Resign: ')}."


def abandon(token, _now):
    leaving.abandon(token)
    return "You proposed to abandon the game: the others are asked. If every player agrees, it ends with no result."


DONE = {HAND_OVER: hand_over, RESIGN: resign, ABANDON: abandon}


def answered(token, now, agree):
    """`agree` or `decline`: the answer to the question open to this player, as the table's buttons give it."""
    if now.concede and now.concede["to_answer"]:
        leaving.answer_concession(token, agree)
        return ("You agreed that your side concedes." if agree
                else f"You declined to concede: {now.concede['if_declined']}.")
    if now.abandon and (now.abandon["to_answer"] or not agree):
        leaving.abandon(token, agree)
        if agree:
            return "You agreed to abandon the game."
        if now.abandon["mine"]:
            return "You withdrew your proposal to abandon the game: it goes on."
        return "You declined to abandon the game: it goes on."
    return "Nothing done: no question about leaving the game waits for your answer now."
