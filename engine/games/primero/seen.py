"""What a Primero seat sees: its cards, the table's counters, its hand's worth, the bids worth offering, and the
words of its buttons and hints for the variant in play."""

from ...cards import display
from .hands import KIND_WORDS, NUMERUS, TYPES, bid_words, evaluate, exception_covers, hand_worth, points, type_words
from .terms import (
    BID, DISCARD, ENGLISH, FOLD, ITALIAN, KEEP, LOSING, PASS, PHASE_BID, PHASE_EXCHANGE, PHASE_VYING, REST, SEE, VIE,
)

STATUS_WORDS = {"folded": "folded", "all_in": "all in", "to_move": "", "in": ""}
HINTS = {
    ITALIAN: {
        VIE: "match the bet and raise it, then name the hand you claim: it must beat the bid before, and the "
             "showdown holds you to it; you may exchange one or two cards after",
        SEE: "match the bet; you may exchange one or two cards after",
        PASS: "put nothing in now and exchange one or two cards (you must, unless you have matched the bet); "
              "only once after the latest vie",
        FOLD: "leave the deal and take back half of what you have bet, rounded down",
        BID: "the hand you claim: a higher kind of hand, or more points in the same kind; at the showdown only "
             "hands of the final bid's kind, worth at least its points, can win",
        DISCARD: "put the chosen cards aside face down and draw as many from the stock",
        KEEP: "exchange no cards",
    },
    ENGLISH: {
        VIE: "put in one stake more than the bet; you may exchange any number of cards after",
        f"{VIE} {REST}": "raise by the Rest and call for the showdown; nobody may vie over it",
        SEE: "match the bet; you may exchange any number of cards after",
        PASS: "put nothing in now; you may exchange any number of cards; only once after the latest vie",
        FOLD: "leave the deal; what you have put in stays in the pot",
        DISCARD: "put the chosen cards aside face down and draw as many from the stock",
        KEEP: "exchange no cards",
    },
}
HINTS[LOSING] = {
    **HINTS[ITALIAN],
    BID: "the hand you claim: a lower kind of hand, or fewer points in the same kind (the lowest hand wins); at "
         "the showdown only hands of the final bid's kind, worth at most its points, can win",
}


class PrimeroSeen:
    """What each seat of a `Primero` game may see and say."""

    def playing(self):
        return self.phase in (PHASE_VYING, PHASE_BID, PHASE_EXCHANGE)

    def visible_to(self, seat):
        """The cards of the deal `seat` may see: its own hand while it is in, and the hands shown at a showdown."""
        visible = {card for other in self.revealed for card in self.hands[other]}
        if self.playing() and seat not in self.round.out:
            visible.update(self.hands[seat])
        return visible

    def hidden_from(self, seat):
        located = {card for cards in self.card_places().values() for card in cards}
        return located - self.visible_to(seat)

    def card_places(self):
        return {"hands": [card for hand in self.hands for card in hand], "stock": list(self.stock),
                "discards": list(self.discards)}

    def move_seen_by(self, seat, move, hidden=None):
        """An exchange is face down: nobody is told its cards (the table shows how many each changed)."""
        return None if move.startswith(DISCARD) else move

    def hand_view(self, seat):
        if not self.playing() or seat in self.round.out:
            return []
        return self.sorted_hand(seat)

    def status(self, seat):
        if seat in self.round.out:
            return "folded"
        if seat in self.round.all_in:
            return "all_in"
        return "to_move" if self.to_move and seat == self.to_move[0] else "in"

    def own_view(self, seat):
        playing = self.playing()
        hand = self.hands[seat] if playing and seat not in self.round.out else []
        value = evaluate(hand) if len(hand) == 4 else None
        statuses = [self.status(other) for other in range(self.seat_count)] if playing else []
        exchanging = self.exchange_from[0] if self.phase == PHASE_EXCHANGE else None
        return {
            "variant": self.variant,
            "stage": self.stage if playing else 0,
            "staked": list(self.bets) if playing else [0] * self.seat_count,
            "level": self.round.level if playing else 0,
            "to_see": self.round.behind(seat) if playing and seat not in self.round.out else 0,
            "pot": self.ledger.pot,
            "carried": sum(self.carried),
            "bid": self.bid_view() if playing else None,
            "statuses": statuses,
            "actions": [dict(action) for action in self.actions] if playing else [],
            "actions_since": self.actions_since(seat) if playing else [],
            "exchange_after": self.exchange_from[1] if self.phase == PHASE_EXCHANGE else None,
            "exchanging": exchanging,
            "hand_value": {"type": TYPES[value[0]], "value": value[1]} if value else None,
            "hand_worth": hand_worth(hand) if hand else None,
            "hand_notes": [f"{worth['words']}: {worth['why']}" for worth in [hand_worth(hand)] if worth],
            "offered_bids": self.offered_bids(seat) if self.phase == PHASE_BID and self.to_move == [seat] else [],
            "stock_size": len(self.stock) if playing else 0,
            "payments": self.deal_payments() if playing else [],
            "winners": list(self.winners),
            "felt": self.felt(statuses) if playing else None,
        }

    def actions_since(self, seat):
        """The deal's public actions since the seat's own last one (all of them if it has not acted yet)."""
        mine = [index for index, action in enumerate(self.actions) if action["seat"] == seat]
        return [dict(action) for action in self.actions[mine[-1] + 1 if mine else 0:]]

    def felt(self, statuses):
        """What lies on the table (see templates/games/README.md): each player's bets before them, the pot or the
        bets' total in the middle, the stock."""
        english = self.variant == ENGLISH
        return {
            "counters": list(self.bets), "counters_label": "put in" if english else "bet",
            "card_labels": {},
            "notes": [STATUS_WORDS[status] for status in statuses],
            "pot": self.ledger.pot, "pot_label": "Pot" if english else "Bets on the table",
            "pot_note": f"{sum(self.carried)} left by earlier deals" if any(self.carried) else "",
            "stock": len(self.stock),
        }

    # Words for the seat to move ----------------------------------------------

    def hints(self):
        """The moves' hints of the variant in play only."""
        return HINTS[self.variant]

    def action_words(self, seat, move):
        """A button's words: what the move costs and does (`Vie: put in 2`, `See: 3 more`)."""
        words = move.split()
        verb = words[0]
        behind = self.round.behind(seat) if seat is not None and self.playing() else 0
        if verb == VIE:
            if words[1:] == [REST]:
                return f"Vie the Rest: put in {behind + self.rest()} and call for the showdown"
            raise_by = int(words[1]) if len(words) > 1 else self.opts["stake"]
            return f"Vie: put in {behind + raise_by}" + (f" ({behind} to match, {raise_by} more)" if behind else "")
        if verb == SEE:
            return f"See: {min(behind, self.scores[seat]) if seat is not None else behind} more"
        if verb == PASS:
            return "Pass: put nothing in"
        if verb == FOLD:
            refund = self.bets[seat] // 2 if seat is not None and self.variant != ENGLISH else 0
            return "Fold" + (f": take back {refund}" if refund else "")
        if verb == BID:
            kind = TYPES.index(words[1])
            return f"Claim {type_words(kind)} {words[2]}: {KIND_WORDS[kind]}"
        if verb == DISCARD:
            cards = words[1:]
            return f"Discard {' '.join(display(card.upper()) for card in cards)} and draw {len(cards)}"
        return "Keep your cards"

    def offered_bids(self, seat):
        """The few bids worth a button for the seat to bid: for each kind of hand it may claim, the one nearest the
        bid before, and its own hand where that is a bid it may make ({move, words, kind: what that kind is, why})."""
        allowed = self.bids_allowed(seat)
        hand = self.hands[seat]
        own = evaluate(hand) if len(hand) == 4 else None
        # Two cards of a suit already hold a Numerus: worth offering as it stands, though it is still a promise.
        so_far = (NUMERUS, points(hand)) if own is None and len({card[1] for card in hand}) == 1 else None
        sign = -1 if self.losing else 1
        offered = []
        for kind in sorted({kind for kind, _ in allowed}):
            values = sorted(value for other, value in allowed if other == kind)
            nearest = values[0] if not self.losing else values[-1]
            picks = {nearest}
            for held in (own, so_far):
                if held and held[0] == kind and held[1] in values:
                    picks.add(held[1])
            for value in sorted(picks, key=lambda found: sign * found):
                why = self.bid_reason((kind, value), own, so_far, value == nearest)
                offered.append({"move": f"{BID} {TYPES[kind]} {value}", "words": f"{type_words(kind)} {value}",
                                "kind": KIND_WORDS[kind], "why": why})
        return offered

    def bid_reason(self, bid, own, so_far, nearest):
        """Why a bid is offered: the bid it passes, and how it stands to the hand (nothing yet in the first round)."""
        if own is None:
            why = "what your two cards count now" if bid == so_far else ""
        elif bid == own:
            return "your hand exactly"
        elif bid[0] == own[0] and (bid[1] < own[1]) != self.losing:
            why = "your hand holds it"
        elif exception_covers(own[0], bid[0], self.losing):
            why = "your hand may claim it (an exception of the rules)"
        else:
            why = "a bluff: your hand is " + ("less" if not self.losing else "more") + " than that"
        return "; ".join(part for part in (f"just past {bid_words(self.bid)}" if nearest and self.bid else "", why)
                         if part)
