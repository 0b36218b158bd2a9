"""The calibrated rating anchors (engine/robots/anchors.json) and the command that writes them."""

import json
import math
from argparse import Namespace

import pytest

from engine import registry
from engine.strength import calibration
from engine.strength.arena import play_block
from engine.strength.calibration import ANCHORS_FILE, calibrated_pairs, pair_edges, tally, winner_open
from engine.strength.rating_fit import difference_variance, fit_ratings, rating_difference, rating_uncertainties
from engine.cli import main
from engine.registry import all_games
from tests.engine.tiny_game import HighCard

ANCHORS = json.loads(ANCHORS_FILE.read_text(encoding="utf-8"))


def test_the_file_rates_every_game_and_says_how_it_was_measured():
    assert set(ANCHORS["games"]) == set(all_games())
    assert ANCHORS["anchor"] == {"level": "simple", "rating": 1500.0}
    assert ANCHORS["deals"] >= 24 and isinstance(ANCHORS["seed"], int) and ANCHORS["date"]
    for game in ANCHORS["games"].values():
        most = game.get("most_deals", ANCHORS["deals"])   # entries measured before close pairs took more deals
        for record in game["pairs"]:
            doublings = record["deals"] // ANCHORS["deals"]   # a close pair doubles its deals up to the most
            doubled = record["deals"] == ANCHORS["deals"] * doublings and doublings & (doublings - 1) == 0
            assert (doubled or record["deals"] == most) and record["deals"] <= most


@pytest.mark.parametrize("game", sorted(ANCHORS["games"]))
def test_each_games_ratings_are_recomputed_from_its_tallies(game):
    entry = ANCHORS["games"][game]
    for record in entry["pairs"]:
        assert record["wins"] + record["losses"] + record["ties"] == record["deals"]
    assert fit_ratings(ANCHORS["levels"], entry["pairs"]) == entry["ratings"]
    assert rating_uncertainties(ANCHORS["levels"], entry["pairs"]) == entry["uncertainties"]


@pytest.mark.parametrize("game", ["bone_ace", "polignac"])
def test_the_first_recorded_deals_replay_to_the_same_edges(game):
    entry = ANCHORS["games"][game]
    record = next(record for record in entry["pairs"] if (record["a"], record["b"]) == ("random", "simple"))
    kept = len(record["first_edges"])
    replayed = play_block(game, entry["players"], "random", "simple", ANCHORS["seed"], list(range(kept)))
    assert replayed["pairs"] == record["first_edges"]


def test_a_pair_whose_winner_is_open_plays_the_next_packs_until_it_shows(tmp_path, monkeypatch):
    monkeypatch.setitem(registry._GAMES, HighCard.name, HighCard)
    output = tmp_path / "anchors.json"
    assert main(["calibrate", "--deals", "4", "--most-deals", "64", "--seed", "1", "--games", HighCard.name,
                 "--output", str(output)]) == 0
    written = json.loads(output.read_text(encoding="utf-8"))
    entry = written["games"][HighCard.name]
    assert written["most_deals"] == entry["most_deals"] == 64
    played = {(record["a"], record["b"]): record["deals"] for record in entry["pairs"]}
    assert set(played.values()) == {32, 64}

    def edges(record, most):
        return pair_edges(HighCard.name, entry["players"], record["a"], record["b"],
                          Namespace(deals=4, most_deals=most, seed=1, jobs=1))

    for record in entry["pairs"]:
        played = edges(record, record["deals"])
        assert tally(record["a"], record["b"], played) == {key: record[key] for key in tally("", "", [0])}
        assert winner_open(edges(record, record["deals"] // 2))   # it took more deals only while open
        if record["deals"] < 64:
            assert not winner_open(played)


def test_a_pair_is_open_while_its_interval_of_results_holds_zero():
    assert winner_open([1.0, -2.0, 0.5, 3.0])
    assert not winner_open([1.0, 2.0, 0.5, 3.0, 1.0, 1.0])
    assert not winner_open([0.0] * 6)   # every deal tied: the two are even


def test_a_rating_difference_is_elo_like_from_the_share_of_deals_won():
    even = {"a": "x", "b": "y", "deals": 10, "wins": 4, "losses": 4, "ties": 2}
    assert rating_difference(even) == 0
    sweep = {"a": "x", "b": "y", "deals": 3, "wins": 3, "losses": 0, "ties": 0}
    assert rating_difference(sweep) == pytest.approx(400 * math.log10(0.875 / 0.125))


def test_the_fit_holds_the_anchor_and_splits_disagreeing_pairs_by_least_squares():
    records = [{"a": "strong", "b": "simple", "deals": 3, "wins": 3, "losses": 0, "ties": 0},
               {"a": "simple", "b": "random", "deals": 3, "wins": 3, "losses": 0, "ties": 0},
               {"a": "strong", "b": "random", "deals": 3, "wins": 3, "losses": 0, "ties": 0}]
    step = 400 * math.log10(7)
    ratings = fit_ratings(["random", "simple", "strong"], records)
    assert ratings["simple"] == 1500.0
    # strong - random is measured at one step but implied at two: least squares meets them at 4/3 each way.
    assert ratings["strong"] == round(1500 + 2 * step / 3, 1) and ratings["random"] == round(1500 - 2 * step / 3, 1)


def test_a_pair_on_more_deals_weighs_more_in_the_fit():
    # strong - simple measured directly on 90 deals, and through random on 30 deals each.
    records = [{"a": "strong", "b": "simple", "deals": 90, "wins": 60, "losses": 20, "ties": 10},
               {"a": "simple", "b": "random", "deals": 30, "wins": 27, "losses": 3, "ties": 0},
               {"a": "strong", "b": "random", "deals": 30, "wins": 24, "losses": 6, "ties": 0}]
    direct = rating_difference(records[0])
    through_random = rating_difference(records[2]) - rating_difference(records[1])
    strong = fit_ratings(["random", "simple", "strong"], records)["strong"] - 1500
    # Least squares on the triangle, simple fixed: the direct pair weighs 90, the path through random 30 / 2.
    assert strong == pytest.approx((90 * direct + 15 * through_random) / 105, abs=0.05)
    assert through_random < (2 * direct + through_random) / 3 < strong < direct


def test_a_rating_is_as_uncertain_as_its_pairs_results_and_shrinks_with_more_deals():
    pair = {"a": "strong", "b": "simple", "deals": 30, "wins": 15, "losses": 10, "ties": 5}
    # One pair: the fitted rating's standard error is the pair's own (the half deal a side counts as a tie).
    score = (15 + 6 / 2) / 31
    spread = ((15 + 6 / 4) / 31 - score ** 2) / 31
    expected = math.sqrt(spread) * 400 / (math.log(10) * score * (1 - score))
    assert difference_variance(pair) == pytest.approx(expected ** 2)
    errors = rating_uncertainties(["simple", "strong"], [pair])
    assert errors["simple"] == 0 and errors["strong"] == round(expected, 1)
    four_times = dict(pair, deals=120, wins=60, losses=40, ties=20)
    assert rating_uncertainties(["simple", "strong"], [four_times])["strong"] == pytest.approx(expected / 2, rel=0.05)
    swept = dict(pair, wins=30, losses=0, ties=0)   # a clean sweep is far from sure of its size
    assert rating_uncertainties(["simple", "strong"], [swept])["strong"] > 100


def test_the_calibrate_command_writes_a_file_that_agrees_with_itself(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(registry._GAMES, HighCard.name, HighCard)
    output = tmp_path / "anchors.json"
    assert main(["calibrate", "--deals", "4", "--seed", "5", "--games", HighCard.name, "--output", str(output)]) == 0
    written = json.loads(output.read_text(encoding="utf-8"))
    assert (written["deals"], written["seed"]) == (4, 5)
    entry = written["games"][HighCard.name]
    assert [(record["a"], record["b"]) for record in entry["pairs"]] == calibrated_pairs(written["levels"])
    assert fit_ratings(written["levels"], entry["pairs"]) == entry["ratings"]
    assert rating_uncertainties(written["levels"], entry["pairs"]) == entry["uncertainties"]
    assert f"wrote {output}" in capsys.readouterr().out


def test_calibrating_some_games_keeps_the_others_and_refuses_other_deals(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(registry._GAMES, HighCard.name, HighCard)
    output = tmp_path / "anchors.json"
    assert main(["calibrate", "--deals", "4", "--seed", "5", "--games", HighCard.name, "--output", str(output)]) == 0
    first = json.loads(output.read_text(encoding="utf-8"))
    other = dict(first["games"][HighCard.name], date="2026-01-01", commit="abc")
    first["games"]["other_game"] = other
    output.write_text(json.dumps(first), encoding="utf-8")

    assert main(["calibrate", "--deals", "4", "--seed", "5", "--games", HighCard.name, "--output", str(output)]) == 0
    written = json.loads(output.read_text(encoding="utf-8"))
    assert written["games"]["other_game"] == other
    assert written["games"][HighCard.name]["date"] == written["date"]

    before = output.read_text(encoding="utf-8")
    assert main(["calibrate", "--deals", "6", "--seed", "5", "--games", HighCard.name, "--output", str(output)]) == 2
    assert "--deals 4 --seed 5" in capsys.readouterr().err
    assert output.read_text(encoding="utf-8") == before


def test_the_expert_is_rated_against_strong_alone_and_every_other_pair_is_played():
    assert calibrated_pairs(["random", "simple", "strong", "expert"]) == [
        ("random", "simple"), ("random", "strong"), ("simple", "strong"), ("strong", "expert")]
    assert calibrated_pairs(["random", "simple", "strong", "expert"], "expert") == [("strong", "expert")]


def test_a_new_level_is_added_to_every_game_keeping_the_other_pairs(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(registry._GAMES, HighCard.name, HighCard)
    output = tmp_path / "anchors.json"
    assert main(["calibrate", "--deals", "4", "--seed", "5", "--games", HighCard.name, "--output", str(output)]) == 0
    full = json.loads(output.read_text(encoding="utf-8"))
    before = json.loads(output.read_text(encoding="utf-8"))
    before["levels"].remove("expert")
    entry = before["games"][HighCard.name]
    entry["pairs"] = [record for record in entry["pairs"] if "expert" not in (record["a"], record["b"])]
    entry["ratings"] = fit_ratings(before["levels"], entry["pairs"])
    output.write_text(json.dumps(dict(before, games={**before["games"], "other_game": entry})), encoding="utf-8")

    adding = ["calibrate", "--deals", "4", "--seed", "5", "--level", "expert", "--games", HighCard.name,
              "--output", str(output)]
    assert main(adding) == 2
    assert "add it to every game (other_game too)" in capsys.readouterr().err
    output.write_text(json.dumps(before), encoding="utf-8")
    assert main(adding) == 0
    added = json.loads(output.read_text(encoding="utf-8"))
    assert added["levels"] == full["levels"]
    pairs = added["games"][HighCard.name]["pairs"]
    assert [record for record in pairs if record["b"] != "expert"] == [
        {"date": entry["date"], "commit": entry["commit"], **record} for record in entry["pairs"]]
    assert [(record["a"], record["b"], record["wins"]) for record in pairs if record["b"] == "expert"] == [
        (record["a"], record["b"], record["wins"]) for record in full["games"][HighCard.name]["pairs"]
        if record["b"] == "expert"]
    assert added["games"][HighCard.name]["ratings"] == full["games"][HighCard.name]["ratings"]


def test_a_run_cut_short_keeps_what_it_measured_and_the_games_it_did_not_reach(tmp_path, monkeypatch):
    monkeypatch.setitem(registry._GAMES, HighCard.name, HighCard)
    monkeypatch.setitem(registry._GAMES, "high_card_too", HighCard)
    output = tmp_path / "anchors.json"
    both = ["calibrate", "--deals", "4", "--seed", "5", "--games", HighCard.name, "high_card_too",
            "--output", str(output)]
    assert main(both) == 0
    before = json.loads(output.read_text(encoding="utf-8"))["games"]
    played = []

    def measure_then_fail(name, *args, **kwargs):
        if name == "high_card_too":
            raise KeyboardInterrupt
        played.append(name)
        return {"pairs": [1.0, 2.0, 0.5, 1.0]}   # won each deal: no more deals asked

    monkeypatch.setattr(calibration, "measure", measure_then_fail)
    with pytest.raises(KeyboardInterrupt):
        main(both)
    after = json.loads(output.read_text(encoding="utf-8"))["games"]
    assert played and after["high_card_too"] == before["high_card_too"]
    assert after[HighCard.name]["pairs"][0]["wins"] == 4 != before[HighCard.name]["pairs"][0]["wins"]


def test_the_calibrate_command_refuses_a_bad_count(capsys):
    assert main(["calibrate", "--deals", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err
