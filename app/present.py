"""How things are shown to people: cards, moves, durations and deadlines."""

import re

from markupsafe import Markup, escape

from engine.cards import JOKER, SUIT_NAMES, SUIT_SYMBOLS, display, is_card, sort_cards


def move_label(move):
    """`10♥` for a card (a canonical card of the notation), `Double` for a spoken move."""
    if is_card(move):
        return display(move)
    return str(move).replace("_", " ").capitalize()


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


def deadline_words(due_at, now):
    """`in 2 days (Mon 3 Mar, 14:00 UTC)`, or `overdue since …`."""
    if due_at is None:
        return "no deadline"
    stamp = due_at.strftime("%a %-d %b, %H:%M UTC")
    left = int((due_at - now).total_seconds())
    if left <= 0:
        return f"overdue since {stamp}"
    if left >= 86400:
        amount = duration_words(left // 86400 * 86400)
    elif left >= 3600:
        amount = duration_words(left // 3600 * 3600)
    else:
        amount = duration_words(max(60, left // 60 * 60))
    return f"in {amount} ({stamp})"


URL = re.compile(r"https?://[^\s<>\"']+")


def linkify(text):
    """Plain text, escaped, with its http(s) addresses made into links."""
    escaped = str(escape(text))
    return Markup(URL.sub(lambda m: f'<a href="{m.group(0)}">{m.group(0)}</a>', escaped))
