"""Primero, as `rules/primero.md` specifies: Italian (default), English and Losing Primero.

Two to eight players, a 40-card pack (no 8s, 9s or 10s). Cards are worth
A 16, 2 12, 3 13, 4 14, 5 15, 6 18, 7 21, courts 10. A four-card hand is
valued by its type, low to high Numerus (the best suit of two or three
cards), Primero (a card of each suit), Supremus (A, 6, 7 of a suit: 55),
Fluxus (four of a suit), Chorus (four of a rank), then by its points.

A deal: two cards each, face down (one at a time from the dealer's left),
a first round of vying, two more cards to each player still in, a second
round, the showdown. The rounds are `engine.vying.VyingRound`: in turn
each player vies, sees, passes or folds; a vie may be seen or passed once,
the last player before the vier must see an unseen vie, and a round ends
when a vie has been matched by everyone still in. A first round with
nobody vying goes on to the second (a decision: the rules leave it open);
a second round with nobody vying throws the hands in (English swigging,
applied to every variant) and the bets stay on the table for the next deal.

- Italian (`variant` `italian`): every vie names a bid, a type and a value
  that beat the bid before; vie, see and pass may be followed by an
  exchange of one or two cards (a pass must exchange unless it has matched
  the bet); in the second round a player may not bid below their hand's
  type but for the two exceptions (a Supremus may claim Primero, a Chorus
  Primero or Fluxus, once that type is bid), and one who vies at Numerus
  or Supremus must exchange (option `numerus_exchange`). At the showdown
  only hands of the final bid's type, at least its value, qualify (the
  exceptions qualify and rank above them); a folder takes back half their
  bets; with no qualifier the bets stay for the next deal.
- English (`english`): a vie is one stake (`stake`), no bids, exchanges
  of any number of cards, no refund on folding; in the second round one
  may vie the Rest (`rest` stakes), over which nobody may vie, and only the
  Rest calls for the showdown: a vie seen by everyone starts another round
  of the second phase (vie again, pass, fold or vie the Rest), and a round
  in which nobody vies throws the hands in; the highest hand takes the pot.
- Losing (`losing`): Cachette's invented mirror of the Italian game: the
  lowest hand wins, bids go down, and the exceptions are mirrored.

Moves (one each; a vie is followed by its bid, then the exchange): `vie N`
(Italian, Losing: match the bet and raise it N counters), `vie` and
`vie rest` (English), `see`, `pass`, `fold`, `bid TYPE VALUE`
(`bid primero 45`), `discard CARDS` (`discard 7S 2H`: draw as many from the
stock) and `keep`. Counters are the score; a seat whose counters run out
stays in without adding more (all in: it takes from each other player at
most what it put in; the rest goes to the next hand). The game ends after
`deals` deals or a deal that leaves a player with no counters; bets left
on the table then go back to those who put them there.

The package: `hands` (the pure rules of hands, bids and the showdown, a hand's
worth in words), `terms` (the words of the moves), `game` (the deal and its
moves), `ending` (the showdown and the payments), `seen` (what each seat sees,
the hints and the buttons' words, the bids worth offering).
"""

from .game import Primero  # noqa: F401  (importing the module registers the game)
from .hands import (  # noqa: F401  (the rules, for the robots and the tests)
    CHORUS, FLUXUS, NUMERUS, POINTS, PRIMERO, RANKS, SUPREMUS, SUPREMUS_POINTS, TYPES, beats, bid_words, evaluate,
    exception_covers, hand_worth, may_claim, points, share_bets, showdown_rank, type_values,
)
from .terms import (  # noqa: F401
    BID, DEALT, DISCARD, ENGLISH, FOLD, FOLDS, ITALIAN, KEEP, LOSING, NO_QUALIFIER, PASS, PHASE_BID,
    PHASE_EXCHANGE, PHASE_VYING, REST, SEE, SHOWDOWN, SPOKEN, THROWN_IN, VIE,
)
