"""Retrograde report: win/loss(/draw) counts by remoteness for every solved game and tier.

Input: ``retro_stats`` records (``DIR/stats.json`` of ``tav retro``). For each solved game
(game, variant, board) the report gives

* an overview (positions, tiers, time, throughput, the start position's result and the longest
  win);
* the remoteness table GamesmanOne prints -- positions by distance to the end (plies) and result,
  for each side to move -- as Markdown, CSV and a log-scale bar chart;
* a per-tier table (positions, time, wins/losses/draws, longest win) from ``tiers[]``.

``result`` is from the side to move's point of view (data/README.md), so "buffalo to move: win"
counts positions where the buffalo side, to move, wins.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from . import plotting
from .load import Dataset, group_label
from .section import Section
from .summary import PLURAL

PLAYERS = {"prairie": ("buffalo", "light"), "cathedral": ("dark", "light"),
           "othello": ("black", "white"), "desdemona": ("black", "white")}
RESULTS = ("win", "loss", "draw")


def player(game: str, side) -> str:
    names = PLAYERS.get(game, ("first player", "second player"))
    try:
        return names[int(side)]
    except (TypeError, ValueError, IndexError):
        return "either side"


NO_DISTANCE = "any (win/loss only)"


def remoteness_table(long: pd.DataFrame, game: str) -> pd.DataFrame:
    """Rows: plies; columns: '<side> to move: <result>' counts and a total.

    Win/loss-only tables (``wl1``) store no distance (``plies`` null): their counts form one row,
    ``plies`` = NO_DISTANCE, instead of vanishing from the pivot.
    """
    if not len(long):
        return pd.DataFrame(columns=["plies", "total"])
    part = long.copy()
    part["plies"] = part["plies"].fillna(-1)
    part["column"] = [f"{player(game, s)} to move: {r}" for s, r in zip(part["side_to_move"], part["result"])]
    order = [f"{player(game, s)} to move: {r}" for s in sorted(part["side_to_move"].dropna().unique())
             for r in RESULTS]
    order += [c for c in dict.fromkeys(part["column"]) if c not in order]
    table = part.pivot_table(index="plies", columns="column", values="count", aggfunc="sum",
                             fill_value=0)
    table = table[[c for c in order if c in table.columns]]
    table["total"] = table.sum(axis=1)
    table = table.reset_index()
    plies = table["plies"].astype(int)
    table["plies"] = plies.astype(object).where(plies >= 0, NO_DISTANCE)
    total = {"plies": "total", **{c: table[c].sum() for c in table.columns if c != "plies"}}
    return pd.concat([table, pd.DataFrame([total])], ignore_index=True)


def tier_table(ds: Dataset, run: str) -> pd.DataFrame:
    """One row per tier of ``run``: positions, seconds, wins/losses/draws, longest win (plies).

    All tiers at once: one group-by over the run's per-tier remoteness counts, joined onto the
    tier list (a run has tens of thousands of tiers, so no per-tier filtering). A run whose
    rows are brief (``--tier-stats=brief``: tier, positions, seconds) has no counts to show: the
    table then has only those columns, not counts of zero.
    """
    tiers = ds.retro_tiers.loc[ds.retro_tiers["run"] == run, ["tier", "positions", "seconds"]]
    if not len(tiers):
        return pd.DataFrame()
    long = ds.retro_remoteness[(ds.retro_remoteness["run"] == run)
                               & ds.retro_remoteness["tier"].notna()]
    if not len(long):
        return tiers.reset_index(drop=True)
    counts = long.groupby(["tier", "result"])["count"].sum().unstack("result")
    counts = counts.reindex(columns=list(RESULTS)).rename(columns=PLURAL)
    longest = long[long["result"] == "win"].groupby("tier")["plies"].max()
    table = tiers.reset_index(drop=True).join(counts, on="tier")
    for result in RESULTS:
        table[PLURAL[result]] = table[PLURAL[result]].fillna(0).astype(int)
    table["longest win (plies)"] = table["tier"].map(longest)
    return table


def overview(ds: Dataset) -> pd.DataFrame:
    columns = {"game": "game", "variant": "variant", "board": "board", "selection": "tiers solved",
               "encoding": "encoding", "positions": "positions",
               "tiers": "tiers", "seconds": "seconds", "positions_per_second": "positions/s",
               "threads": "threads", "peak_memory_mb": "peak MB", "start_result": "start: result",
               "start_plies": "start: plies", "longest_win_plies": "longest win: plies",
               "longest_win_position": "longest win: position", "run": "run"}
    return ds.retro[list(columns)].rename(columns=columns)


def _figure(long: pd.DataFrame, game: str, title: str):
    sides = sorted(long["side_to_move"].dropna().unique()) or [None]
    fig, axes = plotting.figure(5.2 * len(sides), 3.8, 1, len(sides))
    colours = plotting.OUTCOME_COLOURS
    for ax, side in zip(axes.flat, sides):
        part = long if side is None else long[long["side_to_move"] == side]
        present = [r for r in RESULTS if (part["result"] == r).any()]
        width = 0.8 / max(1, len(present))
        for index, result in enumerate(present):
            counts = part[part["result"] == result].groupby("plies")["count"].sum()
            counts = counts[counts > 0]
            ax.bar(counts.index + (index - (len(present) - 1) / 2) * width, counts.values,
                   width=width, color=colours[result], label=result)
        plotting.log_scale_y(ax)
        ax.set_ylim(bottom=0.7)
        plotting.integer_x(ax)
        ax.set_xlabel("remoteness (plies to the end)")
        ax.set_ylabel("positions")
        plotting.axes_title(ax, f"{player(game, side)} to move", fontsize=9)
        ax.legend(fontsize=7)
        ax.grid(True, axis="y", alpha=0.3)
    plotting.title(fig, title)
    return fig


def build(ds: Dataset) -> Section:
    section = Section("retro", "Retrograde report: results by remoteness")
    if not len(ds.retro):
        section.note("*No retrograde statistics yet* (`DIR/stats.json` of `tav retro`). This "
                     "section shows, for each solved game and tier, the wins and losses by "
                     "distance to the end as soon as such files are committed.")
        return section
    section.note("Counts of positions by remoteness (plies to the end under optimal play: the "
                 "winner hurries, the loser delays) and result for the side to move.")
    section.table("overview", "Solved games", overview(ds))
    section.table("remoteness_long", "All remoteness counts, per game and tier (long format; "
                  "tier empty = totals)", ds.retro_remoteness.drop(columns=["size"]), max_rows=0)
    for row in ds.retro.to_dict("records"):
        run, game = row["run"], row["game"]
        label = group_label(row)
        long = ds.retro_remoteness[(ds.retro_remoteness["run"] == run)
                                   & ds.retro_remoteness["tier"].isna()]
        name = section.stem(label, run.rstrip("/").rsplit("/", 1)[-1])
        section.table(f"{name}_remoteness", f"{label} ({run}): positions by remoteness",
                      remoteness_table(long, game), max_rows=130)
        if long["plies"].notna().any():  # distances to plot (not a win/loss-only table)
            section.plot(f"{name}_remoteness",
                         f"{label} ({run}): positions by remoteness and result (log scale)",
                         _figure(long, game, f"{label}: positions by remoteness, per side to move"))
        tiers = tier_table(ds, run)
        if len(tiers):
            section.table(f"{name}_tiers", f"{label} ({run}): per tier", tiers, max_rows=40)
    return section
