"""Gleek, as `rules/gleek.md` specifies.

Three players, each for themselves, 44 cards (no Twos or Threes), ranked
A K Q J 10 9 8 7 6 5 4 in every suit. A deal has four stages, all paid in
counters (the file's pence):

1. The auction for the stock. Eldest opens at `opening_bid` (he may not
   pass, so their opening is made for them); then, to the left, each bids more
   or passes, and a pass is final. The last bidder pays half their bid to each
   opponent (the odd counter as `odd_penny` says), takes the seven face-down
   stock cards and lays out seven (`exchange_order`). Nobody sees the
   discards until the deal is over.
2. Vying the ruff (the best total of card values in one suit: A 11, courts
   10, numerals their pips). From eldest, each may open (`vie N`) or pass;
   before an open a pass is only a check. After an open, each in turn from
   the opener's left passes (folds, owing the winner the stake as it stood),
   sees or raises by 2, until two have folded or everybody left has matched
   the last raise: then the best ruff (a mournival of Aces beats any;
   ties go to the elder hand) wins the stakes. If nobody opens, the next
   deal's stake is doubled (once). `vying = burton` is Jeffrey Burton's
   reading instead: everyone antes 1, those who vie put in 1 more, the best
   ruff among them takes it all (the antes wait in the pot when nobody vies).
3. Gleeks (three of a rank) and mournivals (four) of Aces, Kings, Queens and
   Jacks are paid by each opponent to the holder (`sets_paid`).
4. Twelve tricks, eldest leading: follow suit if you can (`must_play_highest`
   for Willughby's rule); trumps win. Tib (Ace of trumps) counts 15, King and
   Queen 3, Tom (Jack) 9, to the player who played them (`honours_basis`),
   and 3 a trick; the dealer counts the turn-up if it is one. Each settles
   their count against 22 with the pot, 1 counter a point. Tiddy (the Four of
   trumps) turned up earns the dealer 4 from each opponent and, played,
   2 from each (`tiddy_payment`); with `tumbler_towser`, Towser (Five) and
   Tumbler (Six) earn 5 and 6 both ways.

Stakes are counters: every seat starts with `counters`; a seat that owes
more than it holds pays what it holds (a Cachette decision). The game lasts
`rounds` rounds of three deals (two by default: six deals, the rules file's
session), or ends after a deal that leaves a player with nothing; what the
pot still holds is then shared out (odd counters to
the elder hands) and the most counters win.

Moves: `bid N` and `pass` in the auction; a card to discard; `vie N` (open
at stake N), `see N` (match stake N), `raise N` (raise the stake to N) and
`pass` in the ruff; cards in the tricks.

Dealing a recorded pack: from the dealer's left in batches of 4-4-4; the
37th card is the turn-up and the last seven are the stock, top first.

The package: `rules` (the cards' values, the ruff, the sets, the count),
`stakes` (the auction, the exchange, the ruff and the sets: the stages before
the tricks), `game` (the deal, the tricks and the settlement, what each seat
sees and the words of its buttons).
"""

from .game import Gleek  # noqa: F401  (importing the module registers the game)
from .rules import (  # noqa: F401  (the rules, for the robots and the tests)
    HAND_SIZE, HONOUR_POINTS, PASS, PHASE_AUCTION, PHASE_DISCARD, PHASE_RUFF, RANKS, deal_count,
    has_mournival_of_aces, ruff_of, ruff_winner, set_payment, sets_in,
)
