"""The common envelope of every seat's view: the same key for the same thing in every game.

A view is what one seat may see, as JSON-ready data. Every game fills the
envelope below the same way; the remaining keys are the game's own section
(`own_section`), which only that game's presentation reads.
"""

ENVELOPE = {
    "game": "the game's registry name",
    "seat": "the seat the view is for",
    "players": "the number of players",
    "controls": "the seats whose moves this seat's person makes (itself, and a dummy)",
    "sides": "each seat's side (its own number where each plays alone)",
    "partnerships": "whether seats share sides",
    "dealer": "the seat that dealt (or deals next before the first deal)",
    "deal": "how many deals have been dealt",
    "phase": "the game's name for what is going on (deal, play, a bidding round…)",
    "awaiting": "'move', 'deal', or null once over",
    "to_move": "the seats whose move is awaited",
    "legal": "the moves this seat's person may make now, canonical and sorted",
    "hand": "this seat's hand as it may see it",
    "hand_sizes": "how many cards every hand holds",
    "table": "the cards face up in play now, each as [seat it lies before or null, card]",
    "scores": "the running scores, one per side",
    "score_meaning": "'points', 'penalty' (lower is better) or 'counters'",
    "history": "the finished deals, as every seat may see them",
    "moves": "the moves of the deal in progress (or just over), each as [seat, move], move null where unseen",
    "options": "every option's value",
    "over": "whether the game is over",
    "winner": "the winning side once over (null for a tie or before the end)",
    "result": "once over, the winners as {'seats': [...], 'sides': [...]}; null before",
}


def own_section(view):
    """The game's own part of a view: every key outside the envelope."""
    return {key: value for key, value in view.items() if key not in ENVELOPE}


def envelope_problems(view, seat_count):
    """What is wrong with a view's envelope, in words (empty when it is whole and well typed)."""
    problems = [f"missing {key}" for key in ENVELOPE if key not in view]
    if problems:
        return problems
    checks = {
        "hand": isinstance(view["hand"], list),
        "hand_sizes": isinstance(view["hand_sizes"], list) and len(view["hand_sizes"]) == seat_count,
        "sides": isinstance(view["sides"], list) and len(view["sides"]) == seat_count,
        "controls": view["seat"] in view["controls"] or view["controls"] == [],
        "table": all(isinstance(pair, list) and len(pair) == 2 for pair in view["table"]),
        "scores": len(view["scores"]) == max(view["sides"]) + 1,
        "score_meaning": view["score_meaning"] in ("points", "penalty", "counters"),
        "legal": view["legal"] == sorted(view["legal"]),
        "to_move": isinstance(view["to_move"], list),
        "moves": all(isinstance(pair, list) and len(pair) == 2 and type(pair[0]) is int for pair in view["moves"]),
        "result": (view["result"] is None) == (not view["over"]),
    }
    return [f"bad {key}: {view[key]!r}" for key, good in checks.items() if not good]
