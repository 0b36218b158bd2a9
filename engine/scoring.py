"""Scoring that many games share: counting cards, ledgers, targets, the deal passing round."""

from .cards import SUITS


def point_table(rank_values, suits=SUITS):
    """Each card's card-points, from the points of each rank (ranks not named count 0)."""
    return {rank + suit: points for suit in suits for rank, points in rank_values.items()}


def count_points(cards, values):
    return sum(values.get(card, 0) for card in cards)


def points_in_tricks(tricks, values, owners, owner_of=lambda seat: seat):
    """Card-points of the tricks each owner (seat or side) won; tricks are (leader, cards, winner)."""
    totals = [0] * owners
    for _, cards, winner in tricks:
        totals[owner_of(winner)] += count_points((card for _, card in cards), values)
    return totals


def next_dealer(dealer, seats, step=1):
    """The seat that deals after `dealer` when the deal passes `step` seats round the table."""
    return (dealer + step) % seats


def reaching(scores, target):
    """The indices whose score has reached `target`, best first (ties by index)."""
    return sorted((i for i, score in enumerate(scores) if score >= target), key=lambda i: (-scores[i], i))


class Ledger:
    """The books of a series of deals: points per side, and counters (stakes) per seat with a pot.

    Every change is kept as an entry so that views can show where each point
    and each counter came from. Points and counters are separate accounts: a
    game scores in one or both.
    """

    def __init__(self, sides, seats=0, opening=None, purses=None):
        self.totals = list(opening) if opening else [0] * sides
        self.entries = []
        self.counters = list(purses) if purses else [0] * seats
        self.pot = 0
        self.payments = []

    def add(self, deal, owner, points, reason):
        """Score `points` to a side."""
        self.totals[owner] += points
        self.entries.append((deal, owner, points, reason))   # a tuple: Quinto scores on its move path

    def pay(self, deal, payer, payee, amount, reason):
        """A transfer of counters between seats: the payee gains what the payer loses."""
        self.counters[payer] -= amount
        self.counters[payee] += amount
        self.payments.append({"deal": deal, "from": payer, "to": payee, "points": amount, "reason": reason})

    def stake(self, deal, seat, amount, reason):
        """A seat puts counters into the pot."""
        self.counters[seat] -= amount
        self.pot += amount
        self.payments.append({"deal": deal, "from": seat, "to": None, "points": amount, "reason": reason})

    def take_pot(self, deal, seat, reason, amount=None):
        """A seat takes the pot (or `amount` of it)."""
        amount = self.pot if amount is None else amount
        self.pot -= amount
        self.counters[seat] += amount
        self.payments.append({"deal": deal, "from": None, "to": seat, "points": amount, "reason": reason})

    def copy(self):
        """An independent copy (entries are never changed once written, so they are shared)."""
        twin = Ledger(0)
        twin.totals, twin.entries = list(self.totals), list(self.entries)
        twin.counters, twin.pot, twin.payments = list(self.counters), self.pot, list(self.payments)
        return twin

    def view(self):
        entries = [{"deal": deal, "to": owner, "points": points, "reason": reason}
                   for deal, owner, points, reason in self.entries]
        return {"totals": list(self.totals), "entries": entries}

    def stakes_view(self):
        return {"totals": list(self.counters), "pot": self.pot, "entries": [dict(entry) for entry in self.payments]}
