"""The retrograde report on a committed solve (data/prairie/w3): the per-tier table against
the writer's own per-tier figures, read straight from stats.json."""

from __future__ import annotations

import json

import analysis
from analysis import retro

from .conftest import ROOT

W3 = ROOT / "data" / "prairie" / "w3"


def test_tier_table_matches_every_tier_of_stats_json():
    ds = analysis.load([W3])
    table = retro.tier_table(ds, ds.retro["run"].iloc[0])
    tiers = json.loads((W3 / "stats.json").read_text())["tiers"]
    assert list(table["tier"]) == [t["tier"] for t in tiers]  # the writer's order, every tier
    for row, tier in zip(table.to_dict("records"), tiers):
        for result, column in retro.PLURAL.items():
            expected = sum(e["count"] for e in tier["remoteness"] if e["result"] == result)
            assert row[column] == expected, (tier["tier"], result)
        wins = [e["plies"] for e in tier["remoteness"] if e["result"] == "win"]
        if wins:  # the writer's longest win of the tier is the longest of its win counts
            assert row["longest win (plies)"] == max(wins) == tier["longest_win"]["plies"]
        else:
            assert row["longest win (plies)"] != row["longest win (plies)"]  # NaN
        assert row["positions"] == tier["positions"]
