"""Quinto's doubling round (`rules/quinto.md` §4): each player speaks once, eldest first; a double
doubles every trick of the deal and a redouble doubles it again."""

from ...errors import IllegalMoveError
from .rules import BASE_TRICK_VALUE, CALLS, PHASE_PLAY, side_of


class Doubling:
    """The doubling round's part of `Quinto`: its calls, their legality, and the trick value they make."""

    @property
    def trick_value(self):
        """5 a trick, doubled by a double and again by a redouble: each call but a pass doubles it."""
        calls = [call for _, call in self.calls]
        return BASE_TRICK_VALUE << (len(calls) - calls.count("pass"))

    def legal_calls(self, seat):
        doubler = None
        for caller, call in self.calls:
            if call == "redouble":
                return ["pass"]
            if call == "double":
                doubler = caller
        if doubler is None:
            return ["double", "pass"]
        if side_of(doubler) != side_of(seat):
            return ["pass", "redouble"]
        return ["pass"]

    def call(self, seat, move):
        """A call of the doubling round, and the next seat's moves worked out (see `apply_move`)."""
        calls = self.calls
        calls.append((seat, move))
        if len(calls) == 4:
            self.set_phase(PHASE_PLAY)
            seat = self.turn
            self.legal_cache = seat, self.legal_cards(seat)
        else:   # `update_turn`'s rule: the calls go round the table
            seat = (seat + 1) % 4
            self.to_move = [seat]
            self.legal_cache = seat, self.legal_calls(seat)

    def explain_call(self, seat, move):
        """Why `move` cannot be said in the doubling round now."""
        if move not in CALLS:
            return IllegalMoveError(f"seat {seat} cannot play {move}: the doubling round is not over", seat)
        called = [call for _, call in self.calls]
        if "redouble" in called:
            reason = "the deal is already redoubled"
        elif move == "double":
            reason = "the deal is already doubled"
        elif "double" not in called:
            reason = "nobody has doubled"
        else:
            reason = "their partner doubled"
        return IllegalMoveError(f"seat {seat} cannot {move}: {reason}", seat)
