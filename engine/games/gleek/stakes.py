"""The stages of a Gleek deal before the tricks: the auction for the stock, the exchange, vying the ruff, and the
gleeks and mournivals paid."""

from ...rounds import PHASE_PLAY
from .rules import (
    BURTON_CHIP, PASS, PHASE_DISCARD, PHASE_RUFF, RAISE, RAISE_WORD, SEE, STOCK_SIZE, TAKE_THEN_DISCARD, VIE,
    best_set_holder, has_mournival_of_aces, ruff_of, ruff_winner, set_payment, set_words, sets_in,
)


class GleekStakes:
    """The auction, the exchange, the ruff and the sets, for `Gleek`."""

    # Stage 1: the auction and the exchange -------------------------------------

    def auction_move(self, seat, move):
        self.calls.append([seat, move])
        if move == PASS:
            self.out.append(seat)
        else:
            self.high_bid, self.high_bidder = int(move.split()[1]), seat
        if len(self.out) == 2:
            self.sell_stock()
            return
        turn = self.next_seat(seat)
        while turn in self.out:
            turn = self.next_seat(turn)
        self.stage_turn = turn

    def sell_stock(self):
        """The last bidder pays half their bid to each opponent, the odd counter where `odd_penny` says."""
        buyer, bid = self.high_bidder, self.high_bid
        self.buyer = buyer
        half, odd = divmod(bid, 2)
        for seat in self.order:
            if seat != buyer:
                self.pay(buyer, seat, half, f"for the stock: half the bid of {bid}")
        if odd:
            reason = f"for the stock: the odd counter of the bid of {bid}"
            if self.opts["odd_penny"] == "pot":
                self.put_in(buyer, odd, reason)
            else:
                self.pay(buyer, self.eldest if self.opts["odd_penny"] == "eldest" else self.out[-1], odd, reason)
        if self.opts["exchange_order"] == TAKE_THEN_DISCARD:
            self.take_stock()
        self.phase = PHASE_DISCARD

    def take_stock(self):
        self.hands[self.buyer].extend(self.stock)
        self.stock = []

    def discard(self, seat, card):
        self.hands[seat].remove(card)
        self.discards.append(card)
        if len(self.discards) < STOCK_SIZE:
            return
        if self.stock:
            self.take_stock()
        self.open_ruff()

    # Stage 2: vying the ruff ---------------------------------------------------

    @property
    def burton(self):
        return self.opts["vying"] == "burton"

    @property
    def ruff_stake(self):
        return self.opts["ruff_stake"] * (2 if self.ruff_doubled else 1)

    def open_ruff(self):
        self.phase = PHASE_RUFF
        self.stage_start = len(self.calls)
        self.stage_turn = self.eldest
        self.put = [0] * 3
        if self.burton:
            for seat in self.order:
                self.ruff_pool += self.put_in(seat, BURTON_CHIP, "as an ante for the ruff")

    def ruff_moves(self, seat):
        held = self.ledger.counters[seat]
        if self.burton:
            return [PASS, f"{VIE} {BURTON_CHIP}"] if held >= BURTON_CHIP else [PASS]
        if self.opener is None:
            return [PASS, f"{VIE} {self.ruff_stake}"] if held >= self.ruff_stake else [PASS]
        moves = [PASS]
        if held >= self.level - self.put[seat]:
            moves.append(f"{SEE} {self.level}")
        if held >= self.level + RAISE - self.put[seat]:
            moves.append(f"{RAISE_WORD} {self.level + RAISE}")
        return moves

    def ruff_move(self, seat, move):
        self.calls.append([seat, move])
        if self.burton:
            self.burton_move(seat, move)
        elif self.opener is None:
            self.ruff_opening(seat, move)
        else:
            self.ruff_vying(seat, move)

    def ruff_opening(self, seat, move):
        if move == PASS:
            if seat == self.dealer:   # all three checked
                self.ruff_doubled = True
                self.ruff_result = {"winner": None, "how": "nobody_vied"}
                self.pay_sets()
                return
            self.stage_turn = self.next_seat(seat)
            return
        self.opener = seat
        self.ruff_doubled = False
        self.level = int(move.split()[1])
        self.stake_to(seat, self.level, "to vie the ruff")
        self.to_act = [self.next_seat(seat), self.next_seat(self.next_seat(seat))]
        self.stage_turn = self.to_act[0]

    def stake_to(self, seat, level, reason):
        self.put[seat] += self.put_in(seat, level - self.put[seat], reason)

    def ruff_vying(self, seat, move):
        self.to_act.remove(seat)
        if move == PASS:
            self.folded[seat] = self.level
            standing = [other for other in self.order if other not in self.folded]
            if len(standing) == 1:
                self.settle_ruff(standing[0], "uncontested")
                return
        elif move.startswith(SEE):
            self.stake_to(seat, self.level, f"to see the ruff at {self.level}")
        else:
            self.level = int(move.split()[1])
            self.stake_to(seat, self.level, f"to raise the ruff to {self.level}")
            after = [self.next_seat(seat), self.next_seat(self.next_seat(seat))]
            self.to_act = [other for other in after if other not in self.folded]
        if self.to_act:
            self.stage_turn = self.to_act[0]
            return
        contenders = [other for other in self.order if other not in self.folded]
        self.settle_ruff(ruff_winner(self.hands, contenders), "showdown")

    def settle_ruff(self, winner, how):
        if how == "showdown":
            self.keep_ruff_values()
        self.take_out(winner, sum(self.put), "for the ruff: the stakes")
        for seat, level in self.folded.items():
            owed = level - self.put[seat]
            if owed > 0:
                self.pay(seat, winner, owed, f"for the ruff: folded at {level}")
        self.ruff_result = {"winner": winner, "how": how, "mournival": how == "showdown"
                            and has_mournival_of_aces(self.hands[winner])}
        self.pay_sets()

    def burton_move(self, seat, move):
        if move != PASS:
            self.put[seat] += 1
            self.ruff_pool += self.put_in(seat, BURTON_CHIP, "to vie the ruff")
        if seat != self.dealer:
            self.stage_turn = self.next_seat(seat)
            return
        viers = [other for other in self.order if self.put[other]]
        if not viers:
            self.ruff_result = {"winner": None, "how": "nobody_vied"}
        else:
            how = "uncontested" if len(viers) == 1 else "showdown"
            if how == "showdown":
                self.keep_ruff_values()
            winner = ruff_winner(self.hands, viers)
            self.ruff_pool -= self.take_out(winner, self.ruff_pool, "for the ruff: the antes and vies")
            self.ruff_result = {"winner": winner, "how": how, "mournival": how == "showdown"
                                and has_mournival_of_aces(self.hands[winner])}
        self.pay_sets()

    def keep_ruff_values(self):
        self.ruff_values = {seat: list(ruff_of(self.hands[seat])) for seat in self.order
                            if seat not in self.folded and (not self.burton or self.put[seat])}

    # Stage 3: gleeks and mournivals -------------------------------------------

    def pay_sets(self):
        self.stage_turn = None
        holders = self.order
        if self.opts["sets_paid"] == "best_only":
            best = best_set_holder(self.hands)
            holders = [] if best is None else [best]
        for holder in holders:
            for rank, size in sets_in(self.hands[holder]):
                each = set_payment(rank, size)
                self.sets.append({"seat": holder, "set": set_words(rank, size), "each": each})
                for payer in self.order:
                    self.pay(payer, holder, each, f"for {set_words(rank, size)}")
        self.phase = PHASE_PLAY
        self.leader = self.turn = self.eldest
