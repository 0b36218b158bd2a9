"""Ratings: one per person per game (variants share it), OpenSkill's Plackett–Luce model, shown on an Elo-like
scale. The mathematics is the library's; here are its settings and how a rating is shown.

The shown rating is `1500 + SCALE·(mu − 25)`: a new player shows 1500, as the simple robot anchors do, and
SCALE (about 29.5 points a unit of mu) makes a gap mean what it means in engine/robots/anchors.json, where
400·log10 of the odds separates two levels. The shown figure follows mu alone, so a leaderboard's order never
changes while nobody plays; the uncertainty (sigma, shown as ± SCALE·sigma) decides the provisional mark, and
grows a little with each month a person does not play (applied whenever a rating is read or updated).
"""

import math
from dataclasses import dataclass
from datetime import timedelta

from openskill.models import PlackettLuce
from sqlalchemy import select

from app.clock import utcnow
from app.standings.anchors import ANCHOR_SIGMA, anchor_rating
from app.store.models import Rating


def rating_model():
    """Plackett–Luce with its defaults (mu 25, sigma 25/3, beta 25/6), its weights taken as given: a weight is
    the share of a seat's moves its person made (app.standings.rated_games), not rescaled within a team."""
    model = PlackettLuce()
    model.weight_bounds = None
    return model


MODEL = rating_model()
START_MU, START_SIGMA = MODEL.mu, MODEL.sigma
SHOWN_START = 1500
SCALE = 400 / (math.log(10) * math.sqrt(2) * MODEL.beta)   # Elo's logistic against the model's, two players
PROVISIONAL_SIGMA = 5.0              # about ± 150: roughly the first ten games against anchors
IDLE_SIGMA_PER_MONTH = 0.8           # sigma² grows by its square each idle month (about 24 points)
MONTH = timedelta(days=30.44)


def shown_of(mu):
    return round(SHOWN_START + SCALE * (mu - START_MU))


def mu_of(shown):
    return START_MU + (shown - SHOWN_START) / SCALE


def plus_minus(sigma):
    return round(SCALE * sigma)


def is_provisional(sigma):
    return sigma > PROVISIONAL_SIGMA


def idle_sigma(sigma, rated_at, now):
    """`sigma` grown for the months since `rated_at`, never past a newcomer's."""
    months = max(0.0, (as_naive(now) - as_naive(rated_at)) / MONTH)
    return min(START_SIGMA, math.sqrt(sigma ** 2 + months * IDLE_SIGMA_PER_MONTH ** 2))


def as_naive(moment):
    """SQLite gives back naive UTC times, PostgreSQL aware ones: compare them alike."""
    return moment.replace(tzinfo=None) if moment.tzinfo else moment


def anchor_player(game_name, level):
    """A robot level's fixed rating as an OpenSkill player."""
    return MODEL.rating(mu=mu_of(anchor_rating(game_name, level)), sigma=ANCHOR_SIGMA)


@dataclass(frozen=True)
class Shown:
    """A rating as people read it."""

    rating: int
    uncertainty: int
    provisional: bool
    games: int
    rated_at: object

    def as_json(self):
        return {"rating": self.rating, "uncertainty": self.uncertainty, "provisional": self.provisional,
                "games": self.games, "rated_at": self.rated_at.isoformat() if self.rated_at else None}


def shown(row, now=None):
    """A Rating row as people read it, its uncertainty grown for the months since its last game."""
    sigma = idle_sigma(row.sigma, row.rated_at, now or utcnow())
    return Shown(row.shown, plus_minus(sigma), is_provisional(sigma), row.games, row.rated_at)


def shown_rating(session, email, game_name):
    """The shown rating of address `email` in a game, or None if never rated there."""
    if not email:
        return None
    return session.scalar(select(Rating.shown).where(Rating.address == email, Rating.game == game_name))


def ratings_of(session, email):
    """{game name: Rating row} of an address."""
    rows = session.execute(select(Rating).where(Rating.address == email).order_by(Rating.game)).scalars()
    return {row.game: row for row in rows}


def ratings_at_table(session, emails, game_name):
    """{address: Rating row} in a game for the addresses `emails`: one query."""
    emails = sorted({email for email in emails if email})
    if not emails:
        return {}
    rows = session.execute(select(Rating).where(Rating.game == game_name, Rating.address.in_(emails))).scalars()
    return {row.address: row for row in rows}


def rating_words(value):
    """1512 as people read it: `1,512`."""
    return f"{value:,}"
