"""Bone-Ace: every test case of rules/bone_ace.md, the bone's two payments and what every seat sees."""

from engine.games.bone_ace import bone_winner
from tests.engine.games.test_one_and_thirty import dealt, play


def bone_deal(up_cards, options=None, stock=()):
    """Three players (seat 2 deals) whose face-up third cards are `up_cards`, seat by seat."""
    low = [["2S", "3S"], ["2C", "3C"], ["2H", "3H"]]
    return dealt([cards + [up] for cards, up in zip(low, up_cards)], list(stock), options, game="bone_ace")


def test_case_1_the_bone_ace_beats_every_other_card():
    state = bone_deal(["KS", "AC", "AD"])
    assert state.view(0)["bone"] == {"seat": 2, "card": "AD", "bone_ace": True}
    assert state.scores == [19, 19, 22]
    assert [entry["reason"] for entry in state.view(0)["payments"]] == ["the bone", "the bone"]


def test_case_1_with_the_ace_of_hearts_as_bone_ace_the_ace_of_clubs_wins():
    state = bone_deal(["KS", "AC", "AD"], {"bone_ace": "A_hearts"})
    assert state.view(0)["bone"] == {"seat": 1, "card": "AC", "bone_ace": False}    # level with A♦; seat 1 is elder
    assert bone_winner(["KS", "AD", "AH"], "AH") == 2


def test_case_2_level_up_cards_go_to_the_elder_hand():
    state = bone_deal(["QH", "5D", "QC"])
    assert state.view(1)["bone"] == {"seat": 0, "card": "QH", "bone_ace": False}


def test_case_3_ace_king_and_ten_make_31_at_once():
    state = dealt([["AS", "KD", "TC"], ["2C", "3C", "4C"], ["2H", "3H", "4H"]], [], game="bone_ace")
    deal = state.history[-1]
    assert deal["winner"] == 0 and deal["how"] == "31" and deal["bone"] == {"seat": 0, "card": "TC", "bone_ace": False}
    assert state.scores == [20 + 2 + 4, 17, 17]   # the bone, then a double stake from each


def test_the_ace_counts_one_with_the_option():
    state = dealt([["AS", "KD", "TC"], ["2C", "3C", "4C"], ["2H", "3H", "4H"]], [], {"ace_value": 1}, "bone_ace")
    assert state.view(0)["total"] == 21 and state.awaiting == "move"


def test_half_the_pool_to_the_bone_and_the_rest_to_the_deal_winner():
    state = bone_deal(["KS", "AC", "AD"], {"bone_payment": "half_pool"})
    view = state.view(0)
    assert view["pool"] == 2 and state.scores == [19, 19, 20]    # 3 in, half (1) to the bone, 2 left
    reasons = [entry["reason"] for entry in view["payments"]]
    assert reasons == ["a stake for the bone"] * 3 + ["the bone, half the pool"]
    play(state, (0, "stick"), (1, "stick"), (2, "stick"))          # 2+3+11 = 16 wins for seat 1
    assert state.history[-1]["winner"] == 1
    assert state.scores == [18, 19 + 2 + 2, 19] and state.ledger.pot == 0


def test_the_up_cards_are_shown_to_everyone_and_the_rest_is_hidden():
    state = bone_deal(["KS", "AC", "AD"])
    view = state.view(1)
    assert view["shown"] == [["KS"], ["AC"], ["AD"]]
    assert "KS" not in state.hidden_from(1) and "2S" in state.hidden_from(1)


def test_the_up_cards_are_labelled_on_the_felt_and_the_bone_says_so():
    state = bone_deal(["KS", "AC", "AD"])
    assert state.view(0)["felt"]["card_labels"] == {
        "KS": "up card", "AC": "up card", "AD": "up card: the bone (the Bone-Ace)"}
