"""The tables: games, seats, the append-only event log, the mail outbox and the addresses' consent.

A game's truth is its event log; the `game` row is a summary kept in step
with the log in the same transaction (whose turn, the deadline, the scores),
so that lists and the deadline sweep need no replay.
"""

from datetime import datetime

from sqlalchemy import JSON, Column, Index, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

STATUS_UNCONFIRMED = "unconfirmed"   # waiting for the creator to confirm from their mailbox
STATUS_ACTIVE = "active"
STATUS_PAUSED = "paused"             # a deadline passed under the "pause" policy
STATUS_OVER = "over"

TIMEOUT_ROBOT = "robot"              # a robot plays for an absent person
TIMEOUT_PAUSE = "pause"
TIMEOUT_POLICIES = (TIMEOUT_ROBOT, TIMEOUT_PAUSE)

MAIL_QUEUED = "queued"
MAIL_CLAIMED = "claimed"
MAIL_SENT = "sent"
MAIL_FAILED = "failed"
MAIL_HELD = "held"                   # waiting for the seat's daily digest
MAIL_DIGESTED = "digested"           # told in a digest instead
MAIL_SUPPRESSED = "suppressed"       # the seat stopped mail, or the address asked never to be mailed
MAIL_UNCONFIRMED = "unconfirmed"     # held until its address is confirmed
MAIL_DROPPED = "dropped"             # never sent: a newer mail of its seat replaced it, or its link was spent

MAIL_AWAY = "away"                   # a turn mail only while not at the table (the default; app/live/presence.py)
MAIL_EACH = "each"                   # a mail for every turn
MAIL_DIGEST = "digest"               # one digest a day
MAIL_NONE = "none"                   # no mail for this seat
MAIL_PREFERENCES = (MAIL_AWAY, MAIL_EACH, MAIL_DIGEST, MAIL_NONE)

ADDRESS_UNCONFIRMED = "unconfirmed"  # gets nothing but a confirmation mail, at most one a day
ADDRESS_CONFIRMED = "confirmed"
ADDRESS_SUPPRESSED = "suppressed"    # asked never to be mailed again: gets nothing at all


class Game(SQLModel, table=True):
    __tablename__ = "game"
    __table_args__ = (Index("ix_game_due_at", "due_at"), Index("ix_game_remind_at", "remind_at"),
                      Index("ix_game_creator_email_status", "creator_email", "status"))

    id: str = Field(primary_key=True, max_length=32)
    game: str = Field(max_length=64)                     # the engine's registry name
    players: int
    options: dict = Field(sa_column=Column(JSON, nullable=False))
    status: str = Field(max_length=16)
    creator_email: str = Field(max_length=320)
    move_time: int                                       # seconds allowed per move
    timeout_policy: str = Field(default=TIMEOUT_ROBOT, max_length=16)
    seq: int = 0                                         # seq of the last event
    awaiting: str | None = Field(default=None, max_length=16)
    to_move: list = Field(sa_column=Column(JSON, nullable=False))
    scores: list = Field(sa_column=Column(JSON, nullable=False))
    winner: int | None = None
    winners: list | None = Field(default=None, sa_column=Column(JSON))   # the winning sides once over (a tie: several)
    ending: dict | None = Field(default=None, sa_column=Column(JSON))    # how it ended outside its rules (app.play.outcome)
    due_at: datetime | None = None                       # deadline of the current move
    remind_at: datetime | None = None                    # when to remind the mover; None once reminded
    created_at: datetime
    confirmed_at: datetime | None = None
    confirm_link: int | None = None                      # the creator's confirmation link it waited for
    finished_at: datetime | None = None
    watch_version: int = 0                               # bumping it revokes every watch link made before
    watch_open: bool = False                             # whether the newest watch link works
    watch_by_players: bool = False                       # any player may make watch links, not only the creator
    rated: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})   # created rated (app.standings)


class Seat(SQLModel, table=True):
    """A player seat: a person with a link, or a robot. Dummies have no row."""

    __tablename__ = "seat"
    __table_args__ = (UniqueConstraint("game_id", "seat", name="uq_seat_game_seat"),
                      Index("ix_seat_email", "email"), Index("ix_seat_email_to_move", "email", "to_move"))

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", max_length=32)
    seat: int
    name: str = Field(max_length=80)
    email: str | None = Field(default=None, max_length=320)
    robot: str | None = Field(default=None, max_length=32)   # robot level, None for a person
    link_version: int = 1                                  # bumping it revokes the seat's links
    mail_preference: str = Field(default=MAIL_AWAY, max_length=16)
    auto_forced: bool = False                              # play this person's forced moves for them
    away_until: datetime | None = None                     # on vacation until then: no deadline falls before
    vacation_days_used: int = 0
    time_zone: str | None = Field(default=None, max_length=64)   # a zoneinfo name for the seat's deadlines
    talk_mail: bool = False                                # mail this person each message said at the table
    talk_hidden: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False, server_default="[]"))
    # the seats whose table talk this person hid
    talk_watched: bool = False                             # let the game's watchers read this person's messages
    left: str | None = Field(default=None, max_length=16)  # "handed_over" or "resigned": a robot plays the seat now
    to_move: bool = False        # this seat (or a dummy it plays for) is to move: game.to_move by player (app.record)


class LeaveRequest(SQLModel, table=True):
    """A question put to the table that ends a game when answered yes (app.social.leaving): a proposal to
    abandon it (every person answers), or a player's request that their side concede (their partners answer).

    Service state, not the log's: only what the answers decide is noted. `deal` is the deal it was made in; an
    abandonment proposal lapses when a new deal begins. `agreed` lists the seats that said yes so far.
    """

    __tablename__ = "leave_request"
    __table_args__ = (Index("ix_leave_request_game_id", "game_id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", max_length=32)
    kind: str = Field(max_length=16)                       # "abandon" or "concede"
    seat: int                                              # the player seat that asked
    deal: int
    agreed: list = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    created_at: datetime


class ReplyTaken(SQLModel, table=True):
    """A reply by mail that was acted on (app.mail_in.replies), by its seat and Message-ID, with what became of
    it: the same mail delivered again (a sending server retrying after a lost or temporary answer) changes
    nothing and is answered as the first delivery was."""

    __tablename__ = "reply_taken"
    __table_args__ = (UniqueConstraint("game_id", "seat", "message_id", name="uq_reply_taken"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", max_length=32)
    seat: int
    message_id: str = Field(max_length=256)
    what: str = Field(max_length=16)                       # app.mail_in.replies's PLAYED, REFUSED, ...
    detail: str = Field(sa_column=Column(Text, nullable=False))
    taken_at: datetime


class Event(SQLModel, table=True):
    """One event of a game's record, exactly as the record format writes it."""

    __tablename__ = "event"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_event_game_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", max_length=32)
    seq: int                                               # 0 for the start event
    data: dict = Field(sa_column=Column(JSON, nullable=False))
    created_at: datetime


class Outbox(SQLModel, table=True):
    """A mail to send, written in the transaction of the event that causes it.

    The row holds the template context its kind is rendered with when the
    mail is sent or shown (app.mail_out.mail.mail_bodies), not the rendered
    bodies: a move pays for working out what to say, not for the markup.
    Workers claim a row (status `claimed`, `claimed_at`), send it with its
    stable `message_id`, and mark it `sent` with `sent_at`; `attempts`
    counts tries for back-off.
    """

    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_status", "status"), Index("ix_outbox_game_recipient_id", "game_id", "recipient", "id"),
                      Index("ix_outbox_recipient_status", "recipient", "status"),
                      Index("ix_outbox_game_seat_status", "game_id", "seat", "status"))

    id: int | None = Field(default=None, primary_key=True)
    message_id: str = Field(max_length=200, unique=True)
    recipient: str = Field(max_length=320)
    kind: str = Field(max_length=32)
    game_id: str | None = Field(default=None, foreign_key="game.id", max_length=32)
    seat: int | None = None
    seq: int | None = None
    subject: str = Field(max_length=300)
    context: dict | None = Field(default=None, sa_column=Column(JSON))
    text_body: str | None = Field(default=None, sa_column=Column(Text))   # rendered: rows queued before 0004 only
    html_body: str | None = Field(default=None, sa_column=Column(Text))
    status: str = Field(default=MAIL_QUEUED, max_length=16)
    attempts: int = 0
    claimed_at: datetime | None = None
    next_attempt_at: datetime | None = None                # back-off: not retried before then
    sent_at: datetime | None = None
    last_error: str | None = Field(default=None, sa_column=Column(Text))
    created_at: datetime


class Consent(SQLModel, table=True):
    """What an address has agreed to (app.mail_out.consent): one row per address, as clean_email writes it.

    Confirmation links are numbered per address; each is single use: using
    one spends it and every link numbered before it.
    """

    __tablename__ = "consent"

    address: str = Field(primary_key=True, max_length=320)
    state: str = Field(default=ADDRESS_UNCONFIRMED, max_length=16)
    links_issued: int = 0                                  # the number of the newest confirmation link
    links_spent: int = 0                                   # every link numbered up to this one has been used
    confirm_sent_at: datetime | None = None                # the newest confirmation link was made then
    confirmed_at: datetime | None = None
    suppressed_at: datetime | None = None
    created_at: datetime


class Heartbeat(SQLModel, table=True):
    """When a periodic job last ran: a gap longer than expected means the service was down."""

    __tablename__ = "heartbeat"

    name: str = Field(primary_key=True, max_length=32)
    beat_at: datetime


class Rematch(SQLModel, table=True):
    """An offer to play a finished game again (app.social.rematches): one a game, started once all accept.

    `series_id` is the first game of the series the finished game belongs to; `new_game_id` is the rematch,
    once started.
    """

    __tablename__ = "rematch"
    __table_args__ = (Index("ix_rematch_series_id", "series_id"), Index("ix_rematch_new_game_id", "new_game_id"))

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", max_length=32, unique=True)
    series_id: str = Field(foreign_key="game.id", max_length=32)
    offered_by: int                                        # the offerer's player seat in the finished game
    new_game_id: str | None = Field(default=None, foreign_key="game.id", max_length=32)
    created_at: datetime
    started_at: datetime | None = None


class RematchAnswer(SQLModel, table=True):
    """One seat's answer to a rematch offer, and, for a seat declined, who the offerer put in it instead."""

    __tablename__ = "rematch_answer"
    __table_args__ = (UniqueConstraint("rematch_id", "seat", name="uq_rematch_answer_seat"),)

    id: int | None = Field(default=None, primary_key=True)
    rematch_id: int = Field(foreign_key="rematch.id")
    seat: int                                              # a player seat of the finished game
    answer: str = Field(max_length=8)                      # "yes" or "no"
    stand_in_name: str | None = Field(default=None, max_length=80)    # who takes a declined seat
    stand_in_email: str | None = Field(default=None, max_length=320)  # None with a robot level
    stand_in_robot: str | None = Field(default=None, max_length=32)
    answered_at: datetime


class Handle(SQLModel, table=True):
    """A confirmed address's public name (app.standings.handles): unique regardless of case (`handle_key`)."""

    __tablename__ = "handle"
    __table_args__ = (UniqueConstraint("handle_key", name="uq_handle_key"),)

    address: str = Field(primary_key=True, max_length=320)
    handle: str = Field(max_length=20)                     # as its owner wrote it
    handle_key: str = Field(max_length=20)                 # lower-cased, for uniqueness and look-up
    chosen_at: datetime


class Rating(SQLModel, table=True):
    """A person's OpenSkill rating in one game (app.standings.ratings), as of their last rated game there.

    `shown` is the Elo-like figure of `mu`, kept in the row so that the leaderboard reads an index.
    """

    __tablename__ = "rating"
    __table_args__ = (UniqueConstraint("address", "game", name="uq_rating_address_game"),
                      Index("ix_rating_game_shown", "game", "shown"))

    id: int | None = Field(default=None, primary_key=True)
    address: str = Field(max_length=320)
    game: str = Field(max_length=64)                       # the engine's registry name: variants share it
    mu: float
    sigma: float
    shown: int
    games: int = 0                                         # rated games played
    rated_at: datetime                                     # when the last of them was rated


class RatingChange(SQLModel, table=True):
    """What one finished game did to one person's rating. Unique by (game, address): inserting a game's rows
    is the guard that rates it exactly once, whatever the number of workers and retries."""

    __tablename__ = "rating_change"
    __table_args__ = (UniqueConstraint("game_id", "address", name="uq_rating_change_game_address"),
                      Index("ix_rating_change_address_game_rated_at", "address", "game", "rated_at"))

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", max_length=32)
    address: str = Field(max_length=320)
    game: str = Field(max_length=64)
    seat: int                                              # the player seat the person held
    rank: int                                              # 1 is first; equal ranks tie
    weight: float                                          # the share of the seat's moves the person made
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    shown_before: int
    shown_after: int
    rated_at: datetime


OPEN_WAITING = "waiting"             # an open game whose creator has not confirmed it yet: not listed
OPEN_LISTED = "listed"               # listed on /open until its last open seat is taken or it expires
OPEN_STARTED = "started"
OPEN_EXPIRED = "expired"             # not all its open seats were taken in time: ended without a result
JOIN_PENDING = "pending"             # asked, waiting for the address to be confirmed
JOIN_TAKEN = "taken"
JOIN_LAPSED = "lapsed"               # confirmed too late: the seats were taken, or the game had ended


class OpenGame(SQLModel, table=True):
    """A game with seats left open for anyone (app.social.open_seats), listed while it waits for them.

    The list reads the indexes alone: by state, seats still open (the soonest to start first) and id (the
    newest first), with or without the game's name in front.
    """

    __tablename__ = "open_game"
    __table_args__ = (Index("ix_open_game_listing", "state", "seats_open", "id"),
                      Index("ix_open_game_game_listing", "game", "state", "seats_open", "id"),
                      Index("ix_open_game_state_expires_at", "state", "expires_at"),
                      Index("ix_open_game_creator_email_state", "creator_email", "state"))

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", max_length=32, unique=True)
    game: str = Field(max_length=64)                       # the engine's registry name, as on the game row
    creator_email: str = Field(max_length=320)
    seats_open: int                                        # open seats not yet taken
    min_rating: int | None = None                          # who may take a seat, by their shown rating
    max_rating: int | None = None
    state: str = Field(max_length=16)
    expires_at: datetime
    created_at: datetime


class OpenJoin(SQLModel, table=True):
    """A person's request to take an open seat (app.social.joining): taken at once from a confirmed browser,
    else once the address is confirmed. One a person and game."""

    __tablename__ = "open_join"
    __table_args__ = (UniqueConstraint("open_game_id", "email", name="uq_open_join_game_email"),
                      Index("ix_open_join_email_state", "email", "state"))

    id: int | None = Field(default=None, primary_key=True)
    open_game_id: int = Field(foreign_key="open_game.id")
    email: str = Field(max_length=320)
    name: str = Field(max_length=80)
    state: str = Field(max_length=16)
    seat: int | None = None                                # the player seat taken
    created_at: datetime


class JoinBlock(SQLModel, table=True):
    """A person (`blocker`, an address) keeps another (`blocked`, named by handle when blocked) out of the open
    seats of the games they create."""

    __tablename__ = "join_block"
    __table_args__ = (UniqueConstraint("blocker", "blocked", name="uq_join_block"),)

    id: int | None = Field(default=None, primary_key=True)
    blocker: str = Field(max_length=320)
    blocked: str = Field(max_length=320)
    handle: str = Field(max_length=20)                     # the handle it was blocked by, to show and unblock
    created_at: datetime
