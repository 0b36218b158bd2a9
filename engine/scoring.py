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
    """A running score per owner (seat or side), with an entry for every change.

    Entries are kept so that views can show where each point came from.
    """

    def __init__(self, owners):
        self.totals = [0] * owners
        self.entries = []

    def add(self, deal, owner, points, reason):
        self.totals[owner] += points
        self.entries.append({"deal": deal, "to": owner, "points": points, "reason": reason})

    def pay(self, deal, payer, payee, amount, reason):
        """A transfer of stakes: the payee gains what the payer loses."""
        self.totals[payer] -= amount
        self.totals[payee] += amount
        self.entries.append({"deal": deal, "from": payer, "to": payee, "points": amount, "reason": reason})

    def view(self):
        return {"totals": list(self.totals), "entries": [dict(entry) for entry in self.entries]}
