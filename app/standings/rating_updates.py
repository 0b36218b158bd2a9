"""Rating a finished game, exactly once: called where a game becomes over (the game-over mail is queued there,
app.mail_out.notify.queue_game_over), in the same transaction.

A game's `rating_change` rows, one per (game, address), are inserted before any rating moves: the unique key
makes a second rating of the same game (another worker, a retry, a race) fail cleanly at that insert, inside
a savepoint, and it then changes nothing. The people's rating rows are locked in address order first, so that
two games ending at once for the same person queue rather than lose an update.
"""

from sqlalchemy import insert, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError

from app.standings.rated_games import rated_game
from app.standings.ratings import MODEL, START_MU, START_SIGMA, anchor_player, idle_sigma, shown_of
from app.store.models import Consent, Event, Rating, RatingChange
from app.store.record import load_events


def rate_finished_game(session, game, state, seats, events=None):
    """Rate `game` (its row says it is over; `state`: the rules' state after its log; `seats`: its seat rows by
    number) if it is rated. Returns its {address: RatingChange}, made now or when it was rated before: empty
    when the game is not rated."""
    if not game.rated:
        return {}
    events = load_events(session, game.id) if events is None else events
    addresses = sorted({seat.email for seat in seats.values() if seat.email})
    first_move_at = session.scalar(select(Event.created_at).where(
        Event.game_id == game.id, Event.data["type"].as_string() == "move").order_by(Event.seq).limit(1))
    confirmed_at = dict(session.execute(select(Consent.address, Consent.confirmed_at)
                                        .where(Consent.address.in_(addresses))).all())
    rated = rated_game(game, seats, events, state, first_move_at, confirmed_at)
    if rated is None:
        return {}
    return apply_ratings(session, rated, game.finished_at)


def apply_ratings(session, rated, now):
    """Move the ratings of a RatedGame's people as OpenSkill says, at `now`; {address: RatingChange}, those
    written before if the game was rated before (and nothing moves)."""
    people = sorted(rated.people, key=lambda seat: seat.address)
    rows = locked_ratings(session, [seat.address for seat in people], rated.game, now)
    before = {address: MODEL.rating(mu=row.mu, sigma=idle_sigma(row.sigma, row.rated_at, now))
              for address, row in rows.items()}
    new = new_ratings(rated, before)
    changes = {seat.address: RatingChange(
        game_id=rated.game_id, address=seat.address, game=rated.game, seat=seat.seat, rank=rated.ranks[seat.side],
        weight=seat.weight, mu_before=before[seat.address].mu, sigma_before=before[seat.address].sigma,
        mu_after=new[seat.address].mu, sigma_after=new[seat.address].sigma,
        shown_before=shown_of(before[seat.address].mu), shown_after=shown_of(new[seat.address].mu), rated_at=now)
        for seat in people}
    try:
        with session.begin_nested():
            session.execute(insert(RatingChange), [change_values(change) for change in changes.values()])
    except IntegrityError:          # rated before: the guard held, nothing moves
        return game_changes(session, rated.game_id)
    for address, row in rows.items():
        row.mu, row.sigma, row.shown = new[address].mu, new[address].sigma, shown_of(new[address].mu)
        row.games += 1
        row.rated_at = now
    session.flush()
    return changes


def new_ratings(rated, before):
    """{address: OpenSkill rating after the game} of a RatedGame's people, from `before` ({address: rating});
    each side a team, robots at their anchors (whose own new ratings are dropped: an anchor never moves)."""
    sides = sorted(rated.ranks)
    teams = [[seat for seat in rated.seats if seat.side == side] for side in sides]
    players = [[before[seat.address] if seat.address else anchor_player(rated.game, seat.robot) for seat in team]
               for team in teams]
    after = MODEL.rate(players, ranks=[rated.ranks[side] for side in sides],
                       weights=[[seat.weight for seat in team] for team in teams])
    return {seat.address: rating for team, ratings in zip(teams, after) for seat, rating in zip(team, ratings)
            if seat.address}


def change_values(change):
    return {column.name: getattr(change, column.name) for column in RatingChange.__table__.columns
            if column.name != "id"}


def locked_ratings(session, addresses, game_name, now):
    """{address: Rating row} in a game for `addresses`, locked for the transaction; a newcomer's row is made
    (a concurrent maker of the same row waits for it, then makes none)."""
    if not addresses:
        return {}
    dialect = session.get_bind().dialect.name
    make = postgresql_insert if dialect == "postgresql" else sqlite_insert
    session.execute(make(Rating).values([
        {"address": address, "game": game_name, "mu": START_MU, "sigma": START_SIGMA, "shown": shown_of(START_MU),
         "games": 0, "rated_at": now} for address in addresses]).on_conflict_do_nothing())
    rows = session.execute(select(Rating).where(Rating.game == game_name, Rating.address.in_(addresses))
                           .order_by(Rating.address).with_for_update()
                           .execution_options(populate_existing=True)).scalars()
    return {row.address: row for row in rows}


def game_changes(session, game_id):
    """{address: RatingChange} of a game rated, {} for one that is not."""
    rows = session.execute(select(RatingChange).where(RatingChange.game_id == game_id)).scalars()
    return {row.address: row for row in rows}


def change_words(change):
    """A rating change as a mail tells it: {"before": "1,512", "after": "1,538"}."""
    return {"before": f"{change.shown_before:,}", "after": f"{change.shown_after:,}"}
