"""Search performance: per-position and whole-run speedups, medians by work left."""

from __future__ import annotations

import pytest

from analysis import performance


def test_speedup_per_position_uses_the_fewest_threads_as_base(good):
    table = performance.position_speedup(performance.timed_positions(good))
    two = table[table["threads"] == 2].set_index("position")["speedup"]
    ffo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"
    assert two[ffo40] == pytest.approx(10.0 / 6.0)
    assert two["-----OX--XO----- X"] == pytest.approx(0.5 / 0.3)
    assert len(two) == 4  # FFO 40, 41, Desdemona 4x4, the explored Othello 4x4 position


def test_total_speedup_is_the_ratio_of_summed_times(good):
    table = performance.position_speedup(performance.timed_positions(good))
    total = performance.aggregate_speedup(table).set_index("threads")
    one = 10.0 + 20.0 + 0.5 + 3.9
    two = 6.0 + 8.0 + 0.3 + 2.4
    assert total.loc[2, "speedup"] == pytest.approx(one / two)
    assert total.loc[2, "positions"] == 4


def test_whole_explorations_with_equal_settings_are_compared(good):
    runs = performance.run_speedup(good)
    assert list(runs["threads"]) == [1, 2]
    assert runs["speedup"].iloc[1] == pytest.approx(4.0 / 2.5)


def test_medians_by_empties(good):
    frame = performance.timed_positions(good)
    table = performance.by_axis(frame.dropna(subset=["remaining"]), "remaining")
    ffo = table[(table["game"] == "othello 8x8") & (table["remaining"] == 20)].iloc[0]
    assert ffo["positions"] == 2 and ffo["median_seconds"] == pytest.approx(8.0)
    heuristic = performance.by_axis(frame[frame["remaining"].isna()], "depth")
    assert list(heuristic["depth"]) == [4]
