"""bench/oracle_regret.py: the decisions it keeps and the oracle's judgment of them."""

from bench.oracle_regret import card_decisions, judged, regrets
from engine.robots.profile import profile_for
from engine.robots.simple import is_call_round


def test_it_keeps_the_card_choices_of_side_a_only_and_judges_every_legal_card():
    decisions = card_decisions("quinto", "simple", "random", 3, [0])
    assert decisions
    for state, seat in decisions:
        view = state.view(seat)
        profile = profile_for("quinto", view["options"])
        assert len(view["legal"]) > 1 and not is_call_round(profile, view, view["legal"])
        assert set(judged("quinto", state, seat, view)) == set(view["legal"])
    # The pack's first table seats A on side 0, the second on side 1: kept in that order, one side after the other.
    sides = [seat % 2 for _, seat in decisions]
    assert sides == sorted(sides) and sides[0] == 0 and sides[-1] == 1


def test_a_regret_is_the_best_judgment_less_the_chosen_card_s():
    decisions = list(enumerate(card_decisions("quinto", "simple", "random", 3, [1])))[:12]
    rows = regrets(("quinto", ["simple"], 3, decisions))
    assert [number for number, _, _ in rows] == [number for number, _ in decisions]
    for (number, _, chosen), (_, (state, seat)) in zip(rows, decisions):
        regret, on_best, _ = chosen["simple"]
        values = judged("quinto", state, seat, state.view(seat))
        assert regret >= 0 and on_best == (regret == 0)
        assert regret in {max(values.values()) - value for value in values.values()}
