"""The words of a Gleek seat's table: its buttons and hints for the stage in play, what its own hand holds for the
ruff and the sets, and what lies on the felt."""

from ...cards import SUIT_NAMES, display, is_card
from .rules import (
    BID, PASS, PHASE_AUCTION, PHASE_DISCARD, PHASE_RUFF, RAISE_WORD, SEE, VIE, has_mournival_of_aces, pip_value,
    ruff_of, set_payment, set_words, sets_in,
)

AUCTION_HINTS = {
    BID: "offer more than the last bid for the stock's seven cards; the buyer pays half the bid to each other "
         "player and lays out seven cards",
    PASS: "drop out of the auction: a pass is final",
}
RUFF_HINTS = {
    VIE: "open the ruff at its stake: the best total of card values in one suit wins the stakes",
    SEE: "match the stake and call for the showdown of the ruffs",
    RAISE_WORD: "put 2 more on the stake than it stood",
    PASS: "before anyone has vied, check; after a vie, fold, owing the winner the stake as it stood",
}
BURTON_HINTS = {
    VIE: "put in 1 more: the best ruff among those who vie takes the antes and the vies",
    PASS: "stay out of the ruff (your ante stays in)",
}


class GleekSeen:
    """Buttons, hints, the hand's worth and the felt, for `Gleek`."""

    def hints(self):
        """The hints of the stage in play and the way of vying chosen."""
        if self.phase == PHASE_AUCTION:
            return AUCTION_HINTS
        if self.phase == PHASE_RUFF:
            return BURTON_HINTS if self.burton else RUFF_HINTS
        return {}

    def action_words(self, seat, move):
        """`Discard 8♥` while the buyer lays out, `Bid 14: pay 7 to each other player`, `See: 2 more`."""
        if is_card(move):
            return f"{'Discard' if self.phase == PHASE_DISCARD else 'Play'} {display(move)}"
        verb, _, amount = move.partition(" ")
        put = self.put[seat] if seat is not None else 0
        if verb == BID:
            half, odd = divmod(int(amount), 2)
            return f"Bid {amount}: pay {half} to each other player" + (" and 1 to the pot" if odd else "")
        if verb == VIE:
            return f"Vie the ruff: put in {amount}"
        if verb == SEE:
            return f"See at {amount}: {int(amount) - put} more"
        if verb == RAISE_WORD:
            return f"Raise to {amount}: {int(amount) - put} more"
        if self.phase == PHASE_AUCTION:
            return "Pass: out of the auction"
        if self.phase == PHASE_RUFF and not self.burton and self.opener is not None:
            owed = self.level - put
            return "Fold" + (f": owe {owed} to the ruff's winner" if owed > 0 else "")
        return "Pass" if self.burton else "Check: put nothing in"

    def hand_notes(self, seat):
        """What the seat's own hand holds that pays before the tricks: its ruff, and its gleeks and mournivals."""
        hand = self.hands[seat]
        if not hand or self.phase not in (PHASE_AUCTION, PHASE_DISCARD, PHASE_RUFF):
            return []
        value, suit = ruff_of(hand)
        suited = sorted((card for card in hand if card[1] == suit), key=lambda card: -pip_value(card))
        notes = [f"Ruff {value} in {SUIT_NAMES[suit]}: " + " + ".join(
            f"{display(card)} {pip_value(card)}" for card in suited)]
        if has_mournival_of_aces(hand):
            notes.append("A mournival of Aces: it beats any ruff")
        for rank, size in sets_in(hand):
            each = set_payment(rank, size)
            words = set_words(rank, size)
            notes.append(f"{words[0].upper()}{words[1:]}: {each} from each other player")
        return notes

    def felt(self):
        """What lies on the table (see templates/games/README.md)."""
        ruff = self.phase == PHASE_RUFF
        return {
            "counters": list(self.put) if ruff else None, "counters_label": "in the ruff",
            "notes": ["folded" if other in self.folded else "" for other in range(3)] if ruff else None,
            "pot": self.ledger.pot or None, "pot_label": "Pot", "pot_note": "",
            "stock": len(self.stock) or None,
            "card_labels": {self.turn_up: "turn-up: trumps"} if self.turn_up else {},
        }
