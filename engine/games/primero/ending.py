"""The end of a Primero deal: the showdown, the bets paid out or left on the table, the deal's facts."""

from ..one_and_thirty import ranking
from .hands import TYPES, bid_words, evaluate, share_bets, showdown_rank
from .terms import ENGLISH, FOLDS, NO_QUALIFIER, SHOWDOWN, THROWN_IN


class PrimeroEnding:
    """The showdown and the settling of a deal, for `Primero`."""

    def showdown(self):
        """Everyone still in shows; the best qualifying hand takes the bets (and what earlier deals left)."""
        staying = self.round.in_deal()
        self.revealed = staying
        values = {seat: evaluate(self.hands[seat]) for seat in staying}
        if self.variant == ENGLISH or self.bid is None:
            ranks = {seat: (values[seat][0], values[seat][1]) if not self.losing else
                     (-values[seat][0], -values[seat][1]) for seat in staying}
        else:
            ranks = {seat: showdown_rank(values[seat], self.bid, self.losing) for seat in staying}
            ranks = {seat: rank for seat, rank in ranks.items() if rank is not None}
        ranked = sorted(ranks, key=lambda seat: (tuple(-part for part in ranks[seat]), staying.index(seat)))
        self.settle_deal(SHOWDOWN if ranked else NO_QUALIFIER, ranked)

    def settle_deal(self, how, ranked):
        """Pay the bets to the ranked seats (best first), keep the rest on the table, close the deal."""
        bets = {seat: amount for seat, amount in enumerate(self.bets) if amount}
        taken, left = share_bets(bets, ranked, self.round.all_in)
        why = self.win_words(how)
        if ranked and any(self.carried):
            taken[ranked[0]] = taken.get(ranked[0], 0) + sum(self.carried)
            self.carried = [0] * self.seat_count
        for seat in ranked:
            if taken.get(seat):
                self.ledger.take_pot(self.deals, seat, why if seat == ranked[0] else ("the bets above the all-in "
                                     "winner's, as the next best hand"), taken[seat])
        for seat, amount in left.items():
            if how == NO_QUALIFIER or how == THROWN_IN:
                self.carried[seat] += amount
            else:
                self.ledger.take_pot(self.deals, seat, "takes back the bet nobody above could claim", amount)
        self.round.turn = None
        shown = [list(self.hands[seat]) if seat in self.revealed else None for seat in range(self.seat_count)]
        facts = {
            "variant": self.variant, "how": how, "winner": ranked[0] if ranked else None,
            "bid": self.bid_view(), "shown": shown,
            "values": [list(evaluate(hand)) if hand else None for hand in shown],
            "bets": list(self.bets), "folded": sorted(self.round.out), "left_on_table": sum(self.carried),
            "payments": self.deal_payments(),
        }
        ended = self.deals >= self.opts["deals"] or min(self.scores) == 0
        if ended and any(self.carried):
            for seat, amount in enumerate(self.carried):
                if amount:
                    self.ledger.take_pot(self.deals, seat, "takes back the bets left on the table at the end", amount)
            self.carried = [0] * self.seat_count
            facts["payments"] = self.deal_payments()
        self.close_deal(facts, ranking(self.scores) if ended else None)

    def win_words(self, how):
        if how == FOLDS:
            return "wins the bets: everyone else folded"
        if self.variant == ENGLISH or self.bid is None:
            return "wins the pot with the " + ("lowest" if self.losing else "best") + " hand"
        return f"wins the bets: best hand for the bid {bid_words(self.bid)}"

    def deal_payments(self):
        return [dict(entry) for entry in self.ledger.payments[self.payments_before:]] if self.deals else []

    def bid_view(self):
        return None if self.bid is None else {"type": TYPES[self.bid[0]], "value": self.bid[1], "seat": self.bid[2]}

