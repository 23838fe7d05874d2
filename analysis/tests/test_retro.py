"""Retrograde report: remoteness tables per game and per tier."""

from __future__ import annotations

import dataclasses

from analysis import retro


def test_remoteness_table_per_side_and_result_with_totals(good):
    long = good.retro_remoteness[good.retro_remoteness["tier"].isna()]
    table = retro.remoteness_table(long, "prairie").set_index("plies")
    assert table.loc[1, "buffalo to move: win"] == 10
    assert table.loc[1, "light to move: loss"] == 4
    assert table.loc["total", "total"] == 29 == good.retro["positions"].iloc[0]


def test_win_loss_only_tables_keep_their_counts_in_one_row_without_distance(good):
    # wl1 stats.json stores plies null: the counts must not vanish from the table.
    long = good.retro_remoteness[good.retro_remoteness["tier"].isna()].assign(plies=None)
    table = retro.remoteness_table(long, "prairie").set_index("plies")
    assert list(table.index) == [retro.NO_DISTANCE, "total"]
    assert table.loc[retro.NO_DISTANCE, "buffalo to move: win"] == long.loc[
        (long["side_to_move"] == 0) & (long["result"] == "win"), "count"].sum() > 0
    assert table.loc["total", "total"] == 29


def test_brief_tier_rows_show_no_counts_rather_than_zeros(good):
    run = good.retro["run"].iloc[0]
    brief = good.retro_remoteness[good.retro_remoteness["tier"].isna()]
    tiers = retro.tier_table(dataclasses.replace(good, retro_remoteness=brief), run)
    assert len(tiers) and list(tiers.columns) == ["tier", "positions", "seconds"]


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


def test_the_overview_says_which_tiers_a_run_solved_and_how_they_are_stored(good):
    # A run of some tiers (tav retro --tiers=...) must not read as the whole game solved.
    overview = retro.overview(good)
    assert overview["tiers solved"].tolist() == ["all"] * len(overview)
    partial = good.retro.assign(selection="buffalo<=1", encoding="dtw8")
    part = retro.overview(dataclasses.replace(good, retro=partial))
    assert part[["tiers solved", "encoding"]].values.tolist() == [["buffalo<=1", "dtw8"]] * len(part)
