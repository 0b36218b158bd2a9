"""Bone-Ace, as `rules/bone_ace.md` specifies: One-and-Thirty with a face-up card and a first prize.

Everything is as in One-and-Thirty (see `one_and_thirty.py`: the moves
`draw` and `stick`, the stakes as counters, the end of the game) except:

- Each player's third card is dealt face up, for everyone to see.
- The bone, settled as soon as the cards are dealt: the best face-up card
  wins it. Aces rank high (A K Q … 2) and suits do not count, except that
  the Bone-Ace (option `bone_ace`: `A_diamonds`, Cotton's, by default, or
  Willughby's `A_hearts`) beats every other card. Equal ranks go to the
  elder hand. With `bone_payment` = `stake_from_each` (Willughby) every
  other player pays its holder one stake; with `half_pool` (Cotton) every
  player first puts one stake into a pool, the bone's winner takes half of
  it (rounded down) and the rest goes to the winner of the deal.
- Then the deal is played and paid exactly as One-and-Thirty, with the Ace
  counting 11 by default (option `ace_value`).

Dealing a recorded pack: as One-and-Thirty (one card at a time, three
rounds from the dealer's left); the third round is the face-up one.
"""

from ..cards import RANKS
from ..options import Option
from ..registry import register
from .one_and_thirty import DEALT, PHASE_PLAY, OneAndThirty, common_options, settle

BONE_ACES = {"A_diamonds": "AD", "A_hearts": "AH"}
STAKE_FROM_EACH, HALF_POOL = "stake_from_each", "half_pool"


def bone_winner(up_cards, bone_ace):
    """The index of the best up card: the Bone-Ace above all, then rank, Ace high; the first of equals (the elder)."""
    def strength(card):
        return (card == bone_ace, len(RANKS) - RANKS.index(card[0]))

    best = 0
    for index, card in enumerate(up_cards):
        if strength(card) > strength(up_cards[best]):
            best = index
    return best


@register
class BoneAce(OneAndThirty):
    name = "bone_ace"
    title = "Bone-Ace"
    blurb = "One-and-Thirty with a card face up: the best up card takes the bone, then race for 31."
    options = common_options(11) + (
        Option("bone_ace", "A_diamonds", "the Ace that beats every other up card", choices=tuple(BONE_ACES),
               values=(("The Ace of diamonds", "Cotton"), ("The Ace of hearts", "Willughby"))),
        Option("bone_payment", STAKE_FROM_EACH, "what winning the bone earns", choices=(STAKE_FROM_EACH, HALF_POOL),
               values=(("A stake from each", "every other player pays the bone's winner a stake"),
                       ("Half the pool", "everyone puts a stake in a pool; the bone takes half, the deal's winner "
                        "the rest"))),
    )

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.bone = None

    def before_play(self):
        order = self.order
        for seat in order:
            self.shown[seat] = [self.hands[seat][DEALT - 1]]
        stake = self.opts["stake"]
        bone_ace = BONE_ACES[self.opts["bone_ace"]]
        winner = order[bone_winner([self.shown[seat][0] for seat in order], bone_ace)]
        self.bone = {"seat": winner, "card": self.shown[winner][0], "bone_ace": self.shown[winner][0] == bone_ace}
        if self.opts["bone_payment"] == HALF_POOL:
            for payer, amount in settle(self.scores, None, order, stake):
                self.ledger.stake(self.deals, payer, amount, "a stake for the bone")
            half = self.ledger.pot // 2
            if half:
                self.ledger.take_pot(self.deals, winner, "the bone, half the pool", half)
        else:
            for payer, amount in settle(self.scores, winner, order, stake):
                self.ledger.pay(self.deals, payer, winner, amount, "the bone")

    def card_labels(self):
        """Each up card says so; the bone's says whose it is."""
        labels = {shown[0]: "up card" for shown in self.shown if shown}
        if self.bone:
            labels[self.bone["card"]] = "up card: the bone" + (" (the Bone-Ace)" if self.bone["bone_ace"] else "")
        return labels

    def deal_facts(self):
        return {"bone": dict(self.bone)}

    def own_view(self, seat):
        return {**super().own_view(seat), "bone": dict(self.bone) if self.bone and self.phase == PHASE_PLAY else None}
