"""The expert robot: the strong robot's search, given three times the budget.

Before each card it searches it guesses three times as many deals and plays
three times as many playouts as the strong robot does (`search_scale`), so
its choice rests less on the luck of a few guesses. Its decisions are the
strong robot's in every other respect: calls by the hand, and a game's own
decisions (an auction, a draw) made as the strong robot makes them. How much
the extra search is worth differs by game; `python -m engine calibrate`
measures it (engine/robots/anchors.json).
"""

from .base import register_robot
from .strong import StrongRobot


@register_robot
class ExpertRobot(StrongRobot):
    level = "expert"
    plays_like = "an expert"
    words = ("imagines three times as many ways the hidden cards may lie as the strong robot does before each "
             "move: slower to answer, and in most games a little harder to beat")
    search_scale = 3
    # It differs from strong by its budget alone, so its pair with strong places it; its pairs with random and
    # simple would cost hours of calibration at three times strong's search.
    rated_against = ("strong",)
