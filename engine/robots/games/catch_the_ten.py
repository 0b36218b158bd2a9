"""Catch-the-Ten's hook for the trick-game robots: counting trumps, sides by option, face-down hands."""

from ...games.catch_the_ten import card_strengths
from ..profile import register_profile
from ..trump_profile import TrumpProfile

TRICK_WORTH = 4   # with the arena: 1 left the robot shedding cards it could have won tricks with


@register_profile
class CatchTheTenProfile(TrumpProfile):
    game = "catch_the_ten"
    search_playouts = 96        # four times the default: the share of the gap to the oracle went from 0.23 to 0.37
    search_worlds = (8, 24)

    def read_trump(self, view):
        super().read_trump(view)
        self.values = dict(view["counting_values"])
        self.strengths = card_strengths(self.template(view).ranks(), self.trump or "")

    def side_of(self, seat, seats):
        teams = self.options.get("teams")
        if teams == "two_teams":
            return seat % 2
        return seat % (seats // 2) if teams == "pairs" else seat

    def trick_value(self, view):
        """Cards taken beyond those dealt score too; the worth was measured with the arena."""
        return TRICK_WORTH

    def public_cards(self, view):
        return [view["turn_up"]] if view["turn_up_on_table"] else []

    def hidden_piles(self, view):
        face_down = sum(view["face_down_hands"]) * self.hand_size(view) - (1 if view["turn_up_on_table"] else 0)
        return {"face_down": face_down}

    def hand_size(self, view):
        return len(self.pack(view)) // view["players"] // view["hands_each"]

    def telling_from(self, view):
        """Only the tricks of the hands held now: a player void in one hand may hold the suit in the next."""
        size = self.hand_size(view)
        return len(view["tricks"]) // size * size

    def extra_exclusions(self, view):
        """Once picked up, the turned card is in the dealer's hand until he plays it."""
        if not view["turn_up"] or view["turn_up_on_table"]:
            return {}
        holders = [seat for seat in range(view["players"]) if seat != view["dealer"]] + ["face_down"]
        return {holder: {view["turn_up"]} for holder in holders}
