"""Primero's words shared by its modules: the variants, the phases of a deal, the moves, how a deal ended."""

ITALIAN, ENGLISH, LOSING = "italian", "english", "losing"
PHASE_VYING, PHASE_BID, PHASE_EXCHANGE = "vying", "bid", "exchange"
VIE, SEE, PASS, FOLD, KEEP, BID, DISCARD, REST = "vie", "see", "pass", "fold", "keep", "bid", "discard", "rest"
SPOKEN = {"hold": SEE, "stand": KEEP}
DEALT = 2
# How a deal ended, for its history entry.
SHOWDOWN, FOLDS, NO_QUALIFIER, THROWN_IN = "showdown", "folds", "no_qualifier", "thrown_in"
