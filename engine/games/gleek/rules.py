"""Gleek's pure rules: the cards' values, the ruff, gleeks and mournivals, the count against 22."""


RANKS = "AKQJT987654"
BATCHES = (4, 4, 4)
HAND_SIZE = 12
STOCK_SIZE = 7
TARGET_COUNT = 22
TRICK_POINTS = 3
HONOUR_POINTS = {"A": 15, "K": 3, "Q": 3, "J": 9}
TRUMP_NAMES = {"A": "Tib", "J": "Tom", "6": "Tumbler", "5": "Towser", "4": "Tiddy"}
TURNED_PAYMENTS = {"4": 4, "5": 5, "6": 6}    # each opponent pays the dealer, for the trump turned up
PLAYED_PAYMENTS = {"4": 2, "5": 5, "6": 6}    # each opponent pays the player, for the trump played
SET_PAYMENTS = {"A": (4, 8), "K": (3, 6), "Q": (2, 4), "J": (1, 2)}   # (gleek, mournival), from each opponent
RANK_NAMES = {"A": "Aces", "K": "Kings", "Q": "Queens", "J": "Jacks"}
RAISE = 2
MAX_RAISE = 10                # a bid raises the last by 1 to 10 (a Cachette bound on "larger raises")
BURTON_CHIP = 1

PHASE_AUCTION, PHASE_DISCARD, PHASE_RUFF = "auction", "discard", "ruff"
PASS, BID, VIE, SEE, RAISE_WORD = "pass", "bid", "vie", "see", "raise"
TAKE_THEN_DISCARD, DISCARD_THEN_TAKE = "take_then_discard", "discard_then_take"


def pip_value(card):
    """A card's value in the ruff: Ace 11, courts and Ten 10, numerals their pips."""
    rank = card[0]
    if rank == "A":
        return 11
    if rank in "KQJT":
        return 10
    return int(rank)


def ruff_of(cards):
    """(value, suit) of the best suit total in `cards` (the first suit in SCDH order among equals)."""
    totals = {}
    for card in cards:
        totals[card[1]] = totals.get(card[1], 0) + pip_value(card)
    return max(((value, suit) for suit, value in totals.items()), key=lambda pair: (pair[0], -"SCDH".index(pair[1])))


def has_mournival_of_aces(cards):
    return sum(1 for card in cards if card[0] == "A") == 4


def ruff_winner(hands, contenders):
    """The seat among `contenders` (in elder-hand order) with the best ruff; a mournival of Aces beats any."""
    def strength(seat):
        return (has_mournival_of_aces(hands[seat]), ruff_of(hands[seat])[0])
    best = None
    for seat in contenders:
        if best is None or strength(seat) > strength(best):
            best = seat
    return best


def sets_in(cards):
    """The gleeks and mournivals in `cards`: [(rank, size)], Aces first."""
    found = []
    for rank in "AKQJ":
        size = sum(1 for card in cards if card[0] == rank)
        if size >= 3:
            found.append((rank, size))
    return found


def set_payment(rank, size):
    """What each opponent pays for one set."""
    return SET_PAYMENTS[rank][size - 3]


def set_words(rank, size):
    return f"{'a mournival' if size == 4 else 'a gleek'} of {RANK_NAMES[rank]}"


def best_set_holder(hands):
    """The seat holding the best set (a mournival before a gleek, then Aces down to Jacks), or None."""
    best, holder = None, None
    for seat, hand in enumerate(hands):
        for rank, size in sets_in(hand):
            key = (size, -"AKQJ".index(rank))
            if best is None or key > best:
                best, holder = key, seat
    return holder


def deal_count(tricks, trump, dealer, turn_up, basis, seats=3):
    """Each seat's count: 3 a trick and the honours (played, or won in tricks), the dealer the turned honour."""
    counts = [0] * seats
    for _, cards, winner in tricks:
        counts[winner] += TRICK_POINTS
        for seat, card in cards:
            if card[1] == trump and card[0] in HONOUR_POINTS:
                counts[seat if basis == "played" else winner] += HONOUR_POINTS[card[0]]
    if turn_up and turn_up[0] in HONOUR_POINTS:
        counts[dealer] += HONOUR_POINTS[turn_up[0]]
    return counts


def ranking(counters):
    most = max(counters)
    return [seat for seat, held in enumerate(counters) if held == most]
