"""What a trick-taking game tells its robots: the per-game hook.

The simple and strong robots are written once for every trick game. A game
gives them a `TrickProfile` subclass in `engine/robots/games/<game>.py`
(decorated with `@register_profile`) that says what is special about it:
which cards carry points, how cards compare within a trick, which unseen
cards lie outside the hands (a cachette, a stock) and what the public record
of a deal implies about hidden hands. These are heuristics: the strong robot
rebuilds full states through the protocol alone (`engine.robots.worlds`). The defaults fit a plain game
with follow-suit, no jokers and no hidden piles. A game without tricks gives
a plain `Profile` whose `own_choice` makes the simple and strong decisions.
"""

import importlib
from dataclasses import dataclass

from ..registry import find_game

_PROFILES = {}


def register_profile(profile_class):
    """Class decorator: the robots' hook for the game named `profile_class.game`."""
    _PROFILES[profile_class.game] = profile_class
    return profile_class


def profile_for(game, options):
    """The robots' hook for `game` with the given option values, or None."""
    if game not in _PROFILES:
        try:
            importlib.import_module(f"{__package__}.games.{game}")
        except ModuleNotFoundError:
            return None
    profile_class = _PROFILES.get(game)
    return profile_class(options) if profile_class else None


@dataclass
class Layout:
    """What a public record tells of the pack: which hand each position reached, and when."""

    arrivals: dict    # position -> (seat, moves of the deal played before it reached that seat's hand)
    failures: list    # (move, seat, cards it held none of then), for each card played that showed a seat out


class Profile:
    """What every game tells its robots: its name, and the option values of the game in play."""

    game = ""
    # The strong robot's search: playouts (guessed deals × candidate moves) per decision, and the fewest
    # and most guessed deals each candidate is tried on.
    search_playouts = 24
    search_worlds = (3, 8)

    def __init__(self, options):
        self.options = dict(options)
        self.state_class = find_game(self.game)
        self.templates = {}       # (players, dealer) -> a fresh state (`template`)
        self.packs = {}           # (players, dealer) -> its pack (`pack`)
        self.partner_tables = {}  # seats -> `partners`' answer

    def own_choice(self, level, view, rng):
        """The move a robot of `level` makes, for games whose robots are not the shared trick players.

        A level that searches (`engine.robots.base.search_scale`) sizes the game's own search by it. None (the
        default) leaves the choice to the shared trick-game policy.
        """
        return None


class TrickProfile(Profile):
    """Defaults for a plain trick game; a game overrides what differs."""

    always_playable = frozenset()   # cards that may be played whatever was led
    # Share of the tricks' worth (as the profile weighs cards) added to the search's gain in returns: a
    # denser signal than the deal's score where that moves in whole points (All Fours' Game).
    taken_weight = 0.1
    # (sharpness, chance, pool) of the strong robot's inference of hands from the others' plays
    # (`engine.robots.inference.PlayModel`), or None: its guesses weigh alike.
    play_inference = None
    # Whether the strong robot searches one card of each group that plays alike (`engine.robots.alike`): only
    # where the profile's powers and points tell every rule that sets two cards apart.
    search_alike = False

    # Seats and sides -----------------------------------------------------------

    def side_of(self, seat, seats):
        """The side a seat plays for (its own seat number without sides)."""
        return seat % self.state_class.sides if self.state_class.sides else seat

    def partners(self, seats):
        """For each seat, whether each seat plays on its side (itself included): a table kept per number of
        seats."""
        if seats not in self.partner_tables:
            sides = [self.side_of(seat, seats) for seat in range(seats)]
            self.partner_tables[seats] = tuple(tuple(other == side for other in sides) for side in sides)
        return self.partner_tables[seats]

    def seats_after(self, seat, seats, trick, source):
        """The seats still to play to the trick after `seat`, in order; `source` is the view or the full
        state being played. By default every seat plays every trick, round to the left."""
        return [(seat + step) % seats for step in range(1, seats - len(trick))]

    # Cards --------------------------------------------------------------------

    def pack(self, view):
        """Every card of the pack being played."""
        key = (view["players"], view["dealer"])
        if key not in self.packs:
            self.packs[key] = self.template(view).full_pack()
        return list(self.packs[key])

    def card_points(self, cards):
        """The points the winner of a trick holding `cards` takes for them."""
        return 0

    def trick_value(self, view):
        """The points a trick is worth in itself, whatever it holds."""
        return 1

    def power(self, card, led_suit):
        """A number that orders the cards of a trick: the highest one wins.

        Cards that cannot win (off-suit discards, jokers) give -1.
        """
        raise NotImplementedError

    def strength(self, card):
        """How much a card is worth keeping for later tricks, from 0 to 1."""
        return 0.0

    def mates(self, card):
        """Cards that score together with `card` when they fall in one trick: (mate, points) pairs."""
        return ()

    def card_bonus(self, card, tricks_done, my_side_likely):
        """A game's extra reason to play (positive) or keep (negative) a card now."""
        return 0.0

    # Following ----------------------------------------------------------------

    def suit_to_follow(self, cards_before):
        """The suit a player had to follow after the (seat, card) pairs `cards_before` (None: free)."""
        return cards_before[0][1][1] if cards_before else None

    # Knowledge ----------------------------------------------------------------

    def public_cards(self, view):
        """Cards outside the tricks that every seat has seen (a turned-up card…)."""
        return []

    def hidden_piles(self, view):
        """Unseen cards that lie outside the hands: {pile name: size}."""
        return {}

    def telling_from(self, view):
        """The first trick of the deal whose failures to follow tell what the hands now held lack.

        Every trick of the deal by default; a game whose players pick up new hands mid-deal
        (Catch-the-Ten) counts only the tricks played from the hands held now.
        """
        return 0

    def extra_exclusions(self, view):
        """{seat: cards it cannot hold} that the game's special rules imply."""
        return {}

    def layout(self, view):
        """Where the record says each position of the pack went (a `Layout`), for a game whose every move
        is public; None (the default): the guesses start from where the deal alone puts each position."""
        return None

    # Full states ----------------------------------------------------------------

    def template(self, view):
        """A fresh state of this game with the view's players and options, for reading what a fresh game
        holds (its pack, its ranks): made once per players and dealer, since every robot asks for the pack
        before it weighs a card, and the inference of hands asks once for each card of the record."""
        key = (view["players"], view["dealer"])
        if key not in self.templates:
            self.templates[key] = self.state_class(view["players"], view["options"], view["dealer"])
        return self.templates[key]

    # Calls (moves that are not cards) ---------------------------------------------

    def hand_advantage(self, view):
        """Tricks the seat's side may expect beyond the other side's, judged from its hand."""
        return 0.0

    def call(self, view, legal, advantage):
        """A move that is not a card (a double, a bid), given the side's expected trick advantage."""
        return "pass" if "pass" in legal else sorted(legal)[0]
