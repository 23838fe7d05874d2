"""Retrograde report: remoteness tables per game and per tier."""

from __future__ import annotations

from analysis import retro


def test_remoteness_table_per_side_and_result_with_totals(good):
    long = good.retro_remoteness[good.retro_remoteness["tier"].isna()]
    table = retro.remoteness_table(long, "prairie").set_index("plies")
    assert table.loc[1, "buffalo to move: win"] == 10
    assert table.loc[1, "light to move: loss"] == 4
    assert table.loc["total", "total"] == 29 == good.retro["positions"].iloc[0]


def test_per_tier_counts_add_up_to_the_totals(good):
    run = good.retro["run"].iloc[0]
    tiers = retro.tier_table(good, run).set_index("tier")
    assert (tiers.loc["t0", "wins"], tiers.loc["t0", "losses"]) == (10, 2)
    assert tiers["wins"].sum() + tiers["losses"].sum() == 29
    assert tiers.loc["t1", "longest win (plies)"] == 3


def test_section_has_a_table_and_a_plot_per_game(good):
    section = retro.build(good)
    assert any(name.endswith("_remoteness") for name in section.plots)
    assert "retro_overview" in section.tables
