"""A finished deal told from a seat's view, the same way in every game: who took how many tricks, what the
deal changed in the score, the scores after it and what they mean. The table shows it until the seat moves
on, and the deal-end mail carries it; the game's own part (quints, the cachette, a showdown) is its
templates/games/<game>/deal.html, fed the same history entry."""

from app.words.present import names_words

SCORE_MEANINGS = {"points": "points", "penalty": "penalty points, lower is better", "counters": "counters"}


def score_meaning_words(view):
    """What the scores of `view` count, in words: `points`, `penalty points, lower is better`, `counters`, or a
    game's own name for its counters (its view's `counters_name`, such as `lives left`)."""
    if view["score_meaning"] == "counters" and view.get("counters_name"):
        return view["counters_name"]
    return SCORE_MEANINGS[view["score_meaning"]]


def holder_names(view, names, side):
    """Who holds a score: the players of a side, or the one player where each plays alone."""
    sides = view["sides"]
    return names_words(names[seat] for seat in range(len(sides)) if sides[seat] == side)


def deal_story(view, names, number=None):
    """Deal `number` (the last finished one by default) of `view`'s history as
    {"number", "entry", "tricks", "card_points", "changes", "scores", "meaning"}, or None if no deal is over.

    `tricks`, `card_points` (what the cards taken count, where the game counts them) and `changes` are
    [(holders, figure)], or empty where the game has no tricks or counts no cards, or where the change
    cannot be known (counters before a game's first deal depend on the stake each began with).
    """
    history = view.get("history")
    if not history:
        return None
    at = next((index for index, entry in enumerate(history) if entry.get("deal") == number), len(history) - 1)
    entry = history[at]
    holders = range(len(view["scores"]))
    after = entry.get("scores") or view["scores"]
    before = history[at - 1].get("scores") if at > 0 and history[at - 1].get("game") == entry.get("game") else None
    if before is None and view["score_meaning"] != "counters":
        before = [0] * len(after)
    taken = entry.get("tricks_won")
    # The game's own count wins where it keeps one: a pile taken with the last trick counts as a trick.
    if not (isinstance(taken, list) and len(taken) == len(after)):
        taken = [0] * len(after)
        for trick in entry.get("tricks") or []:
            if trick.get("winner") is not None:
                taken[view["sides"][trick["winner"]]] += 1
    counted = entry.get("card_points") or entry.get("counting_points")
    return {
        "number": entry.get("deal"),
        "card_points": ([(holder_names(view, names, side), counted[side]) for side in holders]
                        if isinstance(counted, list) and len(counted) == len(after) else []),
        "entry": entry,
        "tricks": ([(holder_names(view, names, side), taken[side]) for side in holders]
                   if entry.get("tricks") or entry.get("tricks_won") else []),
        "changes": ([(holder_names(view, names, side), after[side] - before[side]) for side in holders]
                    if before and len(before) == len(after) else []),
        "scores": [(holder_names(view, names, side), after[side]) for side in holders],
        "meaning": score_meaning_words(view),
    }


def table_story(view, names, seats_played):
    """The story the table shows, or None: the last finished deal's, until one of `seats_played` (the seats
    the player moves for) has made a move in the deal after it; the last deal's once the game is over."""
    history = view.get("history")
    if not history:
        return None
    next_deal_begun = history[-1].get("deal") != view.get("deal") and not view.get("over")
    if next_deal_begun and any(seat in seats_played for seat, _ in view.get("moves") or []):
        return None
    return deal_story(view, names)
