"""Run summary tables and the few-line text summary."""

from __future__ import annotations

from analysis import summary
from analysis.load import display_path

from .conftest import GOOD


def test_runs_table_counts_every_record_and_totals_nodes_and_time(good):
    runs = summary.runs_table(good).set_index("run")
    total = runs.loc["total"]
    assert total["positions"] == 7 + 5 + 2 + 2 + 4 + 4
    suite_nodes = 1.0e8 + 2.0e8 + 1.2e8 + 2.2e8
    assert total["nodes"] == 21000 + 20000 + 40000 + 40000 + 1234 + 99999 + 500000 + 560000 + suite_nodes
    lehmann = runs.loc[display_path(GOOD / "explore" / "cathedral-lehmann-5x5")]
    assert (lehmann["exact"], lehmann["bound"], lehmann["heuristic"]) == (1, 1, 3)


def test_backups_are_left_out_of_distribution_and_outcomes(good):
    frame = summary.searched_positions(good)
    assert "backup" not in set(frame["origin"])
    shares = summary.outcome_shares(frame).set_index("game")
    assert shares.loc["cathedral classic 5x5", "first player wins"] == 1.0
    assert shares.loc["cathedral lehmann 5x5", "first player losses"] == 0.5  # -2 and <= -1
    assert shares.loc["cathedral lehmann 5x5", "proven"] == 1


def test_slowest_position_first(good):
    slowest = summary.slowest(summary.searched_positions(good))
    assert list(slowest["seconds"][:2]) == [20.0, 10.0]


def test_text_summary_of_one_exploration(good):
    import analysis

    ds = analysis.load([GOOD / "explore" / "cathedral-classic-5x5"])
    lines = summary.text_summary(ds)
    assert lines[0].endswith("explore cathedral classic 5x5, 1 ply from the start, mode exact, "
                             "status complete")
    assert lines[1] == "  positions: 7 (6 searched, 1 backed up); value kinds: exact 6, wld 1"
    assert lines[2] == "  root: value -1 for the side to move (exact), best move Ynb5"
    assert lines[3] == "  nodes: 21,000 in 2.10 s (10,000 nodes/s), 1 thread"


def test_text_summary_of_a_single_solve_and_a_retro_solve():
    import analysis

    ds = analysis.load([GOOD / "solve" / "prairie-3.json", GOOD / "retro"])
    text = "\n".join(summary.text_summary(ds))
    assert "solve prairie standard 3x7, the given position: value +1 for the side to move " \
           "(exact, win in 3 plies), best move b7-b6" in text
    assert "retro prairie standard 3x7, 29 positions in 2 tiers" in text
    assert "start: win in 3 plies" in text


def test_optional_keys_may_be_missing(tmp_path):
    import json

    import analysis
    from analysis import lehmann

    minimal = {"schema": 1, "kind": "solve", "game": "cathedral", "variant": "classic", "size": 5,
               "value": 1, "side_to_move": 1}  # no moves, mode, best move, statistics
    both = [minimal, {**minimal, "moves": "Ynb4", "value": 3, "side_to_move": 0}]
    (tmp_path / "few.jsonl").write_text("".join(json.dumps(r) + "\n" for r in both))
    ds = analysis.load([tmp_path])
    assert "solved positions" in summary.text_summary(ds)[0]
    table, _ = lehmann.placement_records(ds)
    assert list(table["dark_value"]) == [3]  # dark to move after the Cathedral
