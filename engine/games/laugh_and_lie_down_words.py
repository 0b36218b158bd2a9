"""Laugh and Lie Down's moves in words: a button's (what a move will do) and a story's (what it did), both as
the table's list of the deal tells them, every card in them face up."""

from ..cards import display

LAY, CLAIM, LIE_DOWN = "lay", "claim", "lie down"


def capture_why(taken):
    """What a capture of the table cards `taken` makes, as the deal's list says it."""
    return "a mournival" if len(taken) == 3 else "a pair"


class LaughAndLieDownWords:
    """The words part of `LaughAndLieDown`: reads its `taken_by` and `lay_down_of`."""

    def action_words(self, seat, move):
        """`Take 7♣ with 7♥`, `Lay by your sevens: …`, `Claim the mournival of sevens`, `Lie down: …`."""
        if move == LIE_DOWN:
            return "Lie down: your hand goes face up on the table"
        word, _, rank_word = move.partition(" ")
        if word == LAY:
            cards, why = self.lay_down_of(seat, rank_word)
            return f"Lay by {' '.join(map(display, cards))}: {why}"
        if word == CLAIM:
            return f"Claim the mournival of {rank_word} from the table"
        taken = self.taken_by(move)
        return f"Take {' '.join(map(display, taken))} with {display(move)}" + (": a mournival" if len(taken) == 3 else "")

    def move_done_words(self, seat, move):
        """`captured 7♣ with 7♥ (a pair)`, `laid by 7♣ 7♥ (…)`, `claimed the mournival of sevens`, `lay down`."""
        if move == LIE_DOWN:
            return "lay down, hand face up on the table"
        word, _, rank_word = move.partition(" ")
        if word == LAY:
            cards, why = self.lay_down_of(seat, rank_word)
            return f"laid by {' '.join(map(display, cards))} ({why})"
        if word == CLAIM:
            return f"claimed the mournival of {rank_word} from the table"
        taken = self.taken_by(move)
        return f"captured {' '.join(map(display, taken))} with {display(move)} ({capture_why(taken)})"
