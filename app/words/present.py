"""How things are shown to people: cards, moves, durations and deadlines."""

import math
import re
from datetime import UTC
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from markupsafe import Markup, escape

from engine.cards import JOKER, SUIT_NAMES, SUIT_SYMBOLS, display, is_card, sort_cards

from app.store.models import STATUS_PAUSED


def move_label(move):
    """`10♥` for a card (a canonical card of the notation), `Double` for a spoken move, `Discard 7♠ 2♥` for one
    that names cards."""
    if is_card(move):
        return display(move)
    verb, *rest = str(move).replace("_", " ").split(" ")
    return " ".join([verb.capitalize(), *(display(word) if is_card(word) else word for word in rest)])


def move_choices(moves):
    """Spoken moves grouped by their first word, in order: [(verb, [moves…])]. A verb with one move is a
    button; a verb with several (`vie 1` … `vie 5`, `bid seven 3` …, `discard 7S 2H` …) is one list to
    pick from, so no move of a known list is ever typed."""
    groups = {}
    for move in moves:
        verb, _, rest = str(move).partition(" ")
        groups.setdefault((verb, bool(rest)), []).append(move)   # a bare `vie` stays apart from `vie rest`
    return [(verb, group) for (verb, _), group in groups.items()]


def choice_label(move):
    """What a list of one verb's moves shows for `move`: the words after the verb, cards as people read them."""
    words = str(move).split(" ")[1:]
    return " ".join(display(word) if is_card(word) else word for word in words) or move_label(move)


def choice_groups(moves):
    """A verb's moves for a list, grouped by their second word where they have three or more words
    (`bid seven 3` under `seven`): [(group or None, [moves…])]."""
    if not all(str(move).count(" ") >= 2 for move in moves):
        return [(None, list(moves))]
    groups = {}
    for move in moves:
        groups.setdefault(str(move).split(" ")[1], []).append(move)
    return list(groups.items())


def choices_words(moves):
    """What a player may say, in words for a mail: `vie (1 to 5), see, pass or fold`."""
    parts = []
    for verb, group in move_choices([move for move in moves if not is_card(move)]):
        if len(group) == 1:
            parts.append(group[0])
        else:
            parts.append(f"{verb} ({choice_label(group[0])} to {choice_label(group[-1])}, {len(group)} choices)")
    if len(parts) < 2:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " or " + parts[-1]


SEAT_NUMBER = re.compile(r"\b[Ss]eat (\d+)\b")
NOTATION_CARD = re.compile(r"(?<![\w])(?:[AKQJT2-9][SCDH]|JK)(?![\w])")


def cards_in_words(text):
    """The engine's words (a reason such as `High (QS)`) with their cards as people read them (`High (Q♠)`)."""
    return NOTATION_CARD.sub(lambda found: display(found.group(0)), str(text))


def engine_message_words(message, name_of):
    """An engine's message (`seat 0 does not hold QS`) in words for people (`Ann does not hold Q♠`): its seats
    by name (`name_of(seat)`), its cards as people read them."""
    return cards_in_words(SEAT_NUMBER.sub(lambda found: name_of(int(found.group(1))), message))


def suit_class(card):
    """CSS classes for a card's colour and suit (the suit draws the card face's big pip)."""
    if card == JOKER:
        return "joker"
    return ("red" if card[1] in "DH" else "black") + " suit-" + card[1].lower()


def players_words(counts):
    """`2 to 8 players`, `3 or 4 players`, `2 players` for the player counts a game allows."""
    low, high = min(counts), max(counts)
    if low == high:
        return f"{low} players"
    if len(counts) == 2:
        return f"{low} or {high} players"
    if sorted(counts) == list(range(low, high + 1)):
        return f"{low} to {high} players"
    numbers = [str(n) for n in sorted(counts)]
    return f"{', '.join(numbers[:-1])} or {numbers[-1]} players"


def names_words(names):
    """`Bob, Carol and Dan`."""
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}" if names else ""


def player_words(name, robot, left=None):
    """A player as a list of players names them: `Hal (robot)`, but `Robot 2` alone, whose name says it; a
    person who left (`left`: how, app.play.outcome) as `Cy (resigned: a robot plays on)`."""
    if left:
        return f"{name} ({'resigned' if left == 'resigned' else 'left'}: a robot plays on)"
    return f"{name} (robot)" if robot and "robot" not in name.lower() else name


def position_words(view):
    """Where a seat's view stands, for the seat to move: `your lead, deal 2`, `your turn to play, deal 1`,
    `your call in the doubling, deal 3` (from the view's envelope alone, so the same for every game)."""
    legal = view.get("legal") or []
    phase = view.get("phase") or ""
    if legal and all(is_card(move) for move in legal):
        if phase == "play":
            where = "your turn to play" if view.get("table") else "your lead"
        else:
            where = f"your move in the {phase}"
    elif legal:
        where = "your call" if phase == "play" else f"your call in the {phase}"
    else:
        where = "your move"
    return f"{where}, deal {view['deal']}" if view.get("deal") else where


def suit_words(suit):
    """`♥ hearts` for `H`."""
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"


def rank_order_words(order):
    """`K Q J A 10 9 8 7` for a game's rank order `KQJAT987`, high to low."""
    return " ".join("10" if rank == "T" else rank for rank in order)


def hand_order(cards):
    """A hand as people hold it: by suit, black and red alternating (♠ ♥ ♣ ♦), high cards first, Jokers last."""
    return sort_cards(cards, "SHCD")


def card_words(card):
    """`10 of hearts`, `ace of spades`, `Joker`: a card as a screen reader should say it."""
    if card == JOKER:
        return "Joker"
    rank = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"}.get(card[0], card[0])
    return f"{rank} of {SUIT_NAMES[card[1]]}"


def card_html(card, dim=False):
    """A card as shown on pages: a card face coloured by suit, its words for screen readers
    (a plain function: it is drawn hundreds of times a page). `dim` marks a card that may not be played now."""
    extra = " dim" if dim else ""
    words = card_words(card) + (", not playable now" if dim else "")
    return Markup(f'<span class="card {suit_class(card)}{extra}" role="img" aria-label="{words}">'
                  f'{escape(move_label(card))}</span>')


def cards_html(cards):
    return Markup(" ").join(card_html(card) for card in cards)


def duration_words(seconds):
    if seconds % 86400 == 0:
        days = seconds // 86400
        return f"{days} day" + ("s" if days != 1 else "")
    if seconds % 3600 == 0:
        hours = seconds // 3600
        return f"{hours} hour" + ("s" if hours != 1 else "")
    minutes = max(1, seconds // 60)
    return f"{minutes} minute" + ("s" if minutes != 1 else "")


def time_zone(name):
    """The ZoneInfo a seat chose (`Europe/Paris`), or None for none or a name this machine does not know."""
    if not name:
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def moment_words(moment, zone_name=None):
    """`Thu 26 Nov at 19:00` in the seat's zone, or `Thu 26 Nov at 19:00 UTC` without one."""
    zone = time_zone(zone_name)
    shown = moment.astimezone(zone or UTC)
    return shown.strftime("%a %-d %b at %H:%M") + ("" if zone else " UTC")


def time_left_words(seconds):
    """`3 days`, `2 days 5 hours`, `4 hours 10 minutes`, `12 minutes`: rounded to the nearest hour beyond a
    day and the nearest minute beyond an hour, so that a fresh three-day clock reads three days."""
    if seconds >= 86400 - 1800:
        days, hours = divmod(round(seconds / 3600), 24)
        return duration_words(days * 86400) + (f" {duration_words(hours * 3600)}" if hours else "")
    if seconds >= 3600 - 30:
        hours, minutes = divmod(round(seconds / 60), 60)
        return duration_words(hours * 3600) + (f" {duration_words(minutes * 60)}" if minutes else "")
    return duration_words(max(60, math.ceil(seconds / 60) * 60))


def deadline_words(due_at, now, zone_name=None):
    """`in 3 days, Thu 26 Nov at 19:00` (in the seat's time zone), or `overdue since …`."""
    if due_at is None:
        return "no deadline"
    left = (due_at - now).total_seconds()
    if left <= 0:
        return f"overdue since {moment_words(due_at, zone_name)}"
    return f"in {time_left_words(left)}, {moment_words(due_at, zone_name)}"


def clock_words(game, mover, zone_name, now):
    """What the clock of `game` says to a seat (in its time zone): who is thinking while a robot moves, why a
    paused game waits, or when the person `mover` (the Seat row to move, None if nobody) must move by."""
    if game.status == STATUS_PAUSED:
        who = mover.name if mover is not None else "a player"
        return f"Paused: {who}'s time to move ran out, and the game goes on when {who} moves"
    if mover is None or game.due_at is None:
        return "no deadline"
    if mover.robot is not None:
        return f"{mover.name} is thinking"
    return f"{mover.name} to move, due {deadline_words(game.due_at, now, zone_name)}"


URL = re.compile(r"https?://[^\s<>\"']+")


def linkify(text):
    """Plain text, escaped, with its http(s) addresses made into links."""
    escaped = str(escape(text))
    return Markup(URL.sub(lambda m: f'<a href="{m.group(0)}">{m.group(0)}</a>', escaped))
