"""A round of vying: whose turn it is, what a seat may say, and when the round is over.

The old vying games (Primero; Gleek's vying for the ruff) share one shape:
in turn to the left, each seat still in the deal vies (raises the bet that
everyone must match), sees (matches it), passes or folds (leaves the deal).
This component keeps that bookkeeping for one round, and nothing else: a
game decides the amounts, moves the counters in its ledger, and asks the
round what is allowed and what comes next.

The shared rules it implements:

- `bets` holds what each seat has put in during the deal (it may carry on
  from an earlier round of the same deal); `level` is the bet to match.
- After the latest vie, a seat behind the level may pass only once; the
  next time the turn reaches it, it must see or fold.
- The last-player rule: if the turn reaches the last seat before the
  latest vier and nobody has seen that vie, that seat must see (it may
  re-vie, but not pass or fold).
- A seat with no counters left is all in: it stays in the deal, takes no
  more turns, and counts as having matched.
- After a capping vie (English Primero's Rest) nobody may vie again.

The round ends (`after` answers) when one seat is left in (`WON`), when
there has been a vie and no seat that can act is behind it (`SETTLED`),
or when every seat that can act has passed with nobody vying (`NO_VIE`).
"""

WON, SETTLED, NO_VIE = "won", "settled", "no_vie"


class VyingRound:
    """One round of vying among the seats of `order` (turn order) not in `out`."""

    def __init__(self, order, bets, out=(), all_in=()):
        self.order = list(order)
        self.bets = bets                 # shared with the game: seat -> counters put in this deal
        self.out = set(out)              # folded seats
        self.all_in = set(all_in)        # seats with nothing left to put in
        self.level = max((bets[seat] for seat in self.order if seat not in self.out), default=0)
        self.vied = False
        self.capped = False
        self.last_vier = None
        self.passed_since_vie = set()
        self.seen_since_vie = set()
        self.passed_before_vie = set()
        acting = self.acting()
        self.turn = acting[0] if acting else None

    # Who is where ------------------------------------------------------------

    def in_deal(self):
        """The seats still in the deal, in turn order."""
        return [seat for seat in self.order if seat not in self.out]

    def acting(self):
        """The seats that still take turns: in the deal and not all in."""
        return [seat for seat in self.order if seat not in self.out and seat not in self.all_in]

    def behind(self, seat):
        """What `seat` must put in to match the level (0 when matched or all in)."""
        return 0 if seat in self.all_in else max(0, self.level - self.bets[seat])

    def next_acting(self, seat):
        """The first seat after `seat` in turn order that still takes turns (None when none does)."""
        position = self.order.index(seat)
        for step in range(1, len(self.order) + 1):
            other = self.order[(position + step) % len(self.order)]
            if other not in self.out and other not in self.all_in:
                return other
        return None

    # What a seat may say -------------------------------------------------------

    def must_see(self, seat):
        """The last-player rule: the vie came round to the seat before the vier unseen."""
        return (self.vied and not self.seen_since_vie and self.behind(seat) > 0
                and self.next_acting(seat) == self.last_vier)

    def may_pass(self, seat):
        """A matched seat may always pass; a seat behind the latest vie only once."""
        if self.must_see(seat):
            return False
        return not self.behind(seat) or seat not in self.passed_since_vie

    def may_fold(self, seat):
        return not self.must_see(seat)

    def may_vie(self):
        return not self.capped

    # What a seat did -------------------------------------------------------------

    def vie(self, seat, raise_by, capping=False):
        """The seat matches the level and raises it by `raise_by`: what it puts in."""
        put = self.behind(seat) + raise_by
        self.bets[seat] += put
        self.level = self.bets[seat]
        self.vied = True
        self.capped = self.capped or capping
        self.last_vier = seat
        self.passed_since_vie = set()
        self.seen_since_vie = set()
        return put

    def see(self, seat, holding):
        """The seat matches the level with what it holds (all of it, if short): what it puts in."""
        put = min(self.behind(seat), holding)
        self.bets[seat] += put
        self.seen_since_vie.add(seat)
        return put

    def pass_turn(self, seat):
        (self.passed_since_vie if self.vied else self.passed_before_vie).add(seat)

    def fold(self, seat):
        self.out.add(seat)

    def goes_all_in(self, seat):
        self.all_in.add(seat)

    # What comes next ---------------------------------------------------------------

    def after(self, seat):
        """After `seat`'s turn: WON, SETTLED or NO_VIE when the round is over (`turn` None), else None
        with `turn` the next seat to act."""
        self.turn = None
        if len(self.in_deal()) == 1:
            return WON
        acting = self.acting()
        if not any(self.behind(other) for other in acting) and (self.vied or len(acting) <= 1):
            return SETTLED
        if not self.vied and set(acting) <= self.passed_before_vie:
            return NO_VIE
        self.turn = self.next_acting(seat)
        return None
