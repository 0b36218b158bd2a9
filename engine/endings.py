"""How a game of several deals ends.

Penalty games (Polignac, Slobberhannes) end after an agreed number of deals,
or when someone's penalties reach a threshold; the fewest penalties win.
Target games end when someone reaches the target; the highest score wins.
"""

from .errors import OptionError
from .options import Option
from .scoring import reaching

FIXED_DEALS = "fixed_deals"
THRESHOLD = "threshold"


def penalty_end_options(threshold):
    """The options `end`, `deals` and `threshold` of a penalty game (the rules' `end = fixed_deals(N) | threshold(T)`)."""
    return (
        Option("end", FIXED_DEALS, "when the game ends", choices=(FIXED_DEALS, THRESHOLD),
               values=(("After a number of deals", "play the agreed number of deals"),
                       ("At a penalty total", "stop once someone's penalties reach it"))),
        Option("deals", lambda players: 2 * players,
               "how many deals, when the game ends after a number of them (a multiple of the number of players, "
               "so that all deal equally)", minimum=1, maximum=100),
        Option("threshold", threshold,
               "when the game ends at a penalty total: the total that ends (and loses) the game",
               minimum=1, maximum=500, label="Penalty total"),
    )


def check_penalty_end(opts, players):
    if opts["end"] == FIXED_DEALS and opts["deals"] % players:
        raise OptionError(f"option deals must be a multiple of the number of players ({players}), not {opts['deals']}")


def penalty_winners(opts, deals_played, penalties):
    """None while the game goes on; once over, the seats with the fewest penalties (several share a tie)."""
    if opts["end"] == FIXED_DEALS:
        over = deals_played >= opts["deals"]
    else:
        over = max(penalties) >= opts["threshold"]
    if not over:
        return None
    fewest = min(penalties)
    return [owner for owner, points in enumerate(penalties) if points == fewest]


def target_winner(scores, target):
    """The one owner with the highest score at or above `target`; None if none, or if the best are level."""
    reached = reaching(scores, target)
    if not reached or (len(reached) > 1 and scores[reached[0]] == scores[reached[1]]):
        return None
    return reached[0]
