"""Search performance: nodes, nodes/s, TT hit rate and time against the work left, and speedup.

Inputs: ``solve`` and ``suite_result`` records and the searched (not backed-up) exploration
records. The x axis is ``remaining`` (empties for Othello/Desdemona, the game's work measure
otherwise; for Othello/Desdemona position strings the analysis counts the empties itself when a
writer left the key out). Heuristic exploration records without ``remaining`` are plotted against
their search ``depth`` instead.

Speedup against thread count compares the same position solved with different ``--threads``
(records grouped by game, variant, size, position and mode; the fastest time per thread count
counts), and explorations with the same settings run with different ``--threads`` (their
``run.json`` totals). Speedup is time(fewest threads) / time(T); the node ratio shows the search
overhead parallelism costs. Timings are whatever the machine gave: compare runs from one machine.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from . import plotting
from .load import Dataset, group_label
from .section import Section
from .summary import searched_positions

METRICS = [("nodes", "nodes", True), ("nps", "nodes per second", True),
           ("tt_hit_rate", "TT hit rate", False), ("seconds", "seconds per position", True)]


def timed_positions(ds: Dataset) -> pd.DataFrame:
    frame = searched_positions(ds)
    return frame[frame["nodes"].fillna(0) > 0].reset_index(drop=True)


def by_axis(frame: pd.DataFrame, axis: str) -> pd.DataFrame:
    part = frame.dropna(subset=[axis])
    if not len(part):
        return pd.DataFrame()
    grouped = part.groupby(["group", axis])
    table = grouped.agg(positions=("nodes", "size"), median_nodes=("nodes", "median"),
                        median_nps=("nps", "median"), median_tt_hit_rate=("tt_hit_rate", "median"),
                        median_seconds=("seconds", "median"), total_seconds=("seconds", "sum"))
    table = table.reset_index().rename(columns={"group": "game"})
    table[axis] = table[axis].astype(int)
    return table


def time_per_run(frame: pd.DataFrame) -> pd.DataFrame:
    if not len(frame):
        return pd.DataFrame()
    table = frame.groupby("run").agg(positions=("seconds", "size"), mean_s=("seconds", "mean"),
                                     median_s=("seconds", "median"), max_s=("seconds", "max"),
                                     total_s=("seconds", "sum"), nodes=("nodes", "sum"))
    table["nodes/s"] = table["nodes"] / table["total_s"].where(table["total_s"] > 0)
    return table.reset_index()


def position_speedup(frame: pd.DataFrame) -> pd.DataFrame:
    """Per position and thread count: best time, nodes, speedup over the fewest threads."""
    columns = ["game", "position", "mode", "threads", "seconds", "nodes", "speedup", "node ratio",
               "runs"]
    part = frame.dropna(subset=["threads", "seconds"])
    part = part[part["seconds"] > 0].copy()
    if not len(part):
        return pd.DataFrame(columns=columns)
    part["key"] = [p if isinstance(p, str) and p else l for p, l in zip(part["position"], part["label"])]
    part["mode"] = part["mode"].fillna("exact")
    rows = []
    for (group, key, mode), same in part.groupby(["group", "key", "mode"], sort=True):
        if same["threads"].nunique() < 2:
            continue
        best = same.sort_values("seconds").groupby("threads", sort=True).head(1).sort_values("threads")
        base = best.iloc[0]
        for row in best.itertuples(index=False):
            rows.append({"game": group, "position": key, "mode": mode, "threads": int(row.threads),
                         "seconds": row.seconds, "nodes": row.nodes,
                         "speedup": base.seconds / row.seconds,
                         "node ratio": row.nodes / base.nodes if base.nodes else np.nan,
                         "runs": ", ".join(sorted(set(same["run"])))})
    return pd.DataFrame(rows, columns=columns)


def aggregate_speedup(table: pd.DataFrame) -> pd.DataFrame:
    """Total time of the fewest-thread solves / total time with T threads, same positions."""
    if not len(table):
        return pd.DataFrame(columns=["threads", "positions", "seconds", "speedup"])
    base_threads = table.groupby(["game", "position", "mode"])["threads"].transform("min")
    lowest = int(base_threads.min())
    usable = table[base_threads == lowest]
    base = usable[usable["threads"] == lowest].set_index(["game", "position", "mode"])["seconds"]
    rows = []
    for threads, part in usable.groupby("threads"):
        keyed = part.set_index(["game", "position", "mode"])["seconds"]
        rows.append({"threads": int(threads), "positions": len(keyed), "seconds": keyed.sum(),
                     "speedup": base.loc[keyed.index].sum() / keyed.sum()})
    return pd.DataFrame(rows)


def run_speedup(ds: Dataset) -> pd.DataFrame:
    """Explorations with equal settings and different thread counts (complete runs only)."""
    columns = ["settings", "threads", "run", "positions", "seconds", "nodes", "speedup"]
    runs = ds.runs[(ds.runs["status"] == "complete") & ds.runs["seconds"].notna()
                   & ds.runs["threads"].notna()].copy()
    if not len(runs):
        return pd.DataFrame(columns=columns)
    runs["settings"] = [
        f"{group_label(r)}, plies {r.get('plies')}, {r.get('mode')}"
        + (f" depth {r['depth']}" if r.get("depth") == r.get("depth") and r.get("depth") is not None else "")
        + (f", from '{r['root_moves']}'" if r.get("root_moves") else "")
        for r in runs.to_dict("records")]
    rows = []
    for settings, same in runs.groupby("settings"):
        if same["threads"].nunique() < 2:
            continue
        best = same.sort_values("seconds").groupby("threads").head(1).sort_values("threads")
        base = best.iloc[0]["seconds"]
        for row in best.to_dict("records"):
            rows.append({"settings": settings, "threads": int(row["threads"]), "run": row["run"],
                         "positions": row["positions"], "seconds": row["seconds"],
                         "nodes": row["nodes"],
                         "speedup": base / row["seconds"] if row["seconds"] else np.nan})
    return pd.DataFrame(rows, columns=columns)


def _metric_figure(frame: pd.DataFrame, axis: str, xlabel: str, title: str):
    fig, axes = plotting.figure(11, 7.5, 2, 2)
    groups = sorted(frame["group"].unique())
    colours = plotting.matplotlib.colormaps["tab10"]
    for ax, (column, name, log) in zip(axes.flat, METRICS):
        for index, group in enumerate(groups):
            part = frame[(frame["group"] == group)].dropna(subset=[axis, column])
            if log:
                part = part[part[column] > 0]
            if not len(part):
                continue
            colour = colours(index % 10)
            # Markers of a line without lines, as scatter(s=14) draws them: a scatter
            # collection solves its marker's curves for their extent at every draw.
            ax.plot(part[axis], part[column], linestyle="none", marker="o",
                    markersize=math.sqrt(14), markeredgewidth=1.5, alpha=0.55, color=colour,
                    label=group)
            medians = part.groupby(axis)[column].median()
            ax.plot(medians.index, medians.values, color=colour, linewidth=1.2)
        if log:
            plotting.log_y(ax, frame[column].dropna())
        else:
            ax.set_ylim(0, 1.02)
        ax.set_xlabel(xlabel)
        plotting.integer_x(ax)
        ax.set_ylabel(name)
        ax.grid(True, which="major", alpha=0.3)
    axes[0, 0].legend(fontsize=7)
    plotting.title(fig, title + " (dots: positions, lines: medians)", 11)
    return fig


def _speedup_figure(table: pd.DataFrame, total: pd.DataFrame, runs: pd.DataFrame):
    fig, axes = plotting.figure(7, 5)
    ax = axes[0, 0]
    top = 1
    for (game, position, mode), part in table.groupby(["game", "position", "mode"]):
        ax.plot(part["threads"], part["speedup"], marker="o", alpha=0.35, linewidth=0.8,
                color="#5b8fd6")
        top = max(top, part["threads"].max())
    if len(total):
        ax.plot(total["threads"], total["speedup"], marker="s", linewidth=2.2, color="#1f4e99",
                label="solves: total time ratio")
    for settings, part in runs.groupby("settings") if len(runs) else []:
        ax.plot(part["threads"], part["speedup"], marker="^", linewidth=1.8, label=f"explore: {settings}")
        top = max(top, part["threads"].max())
    lowest = int(min(list(table["threads"]) + list(runs["threads"]) or [1]))
    ideal = np.array([lowest, top])
    ax.plot(ideal, ideal / lowest, linestyle="--", color="grey", label="ideal")
    ax.set_xlabel("threads")
    plotting.integer_x(ax)
    ax.set_ylabel(f"speedup over {lowest} thread{'s' if lowest > 1 else ''}")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7)
    plotting.axes_title(ax, "Speedup against thread count (thin lines: single positions)")
    return fig


def build(ds: Dataset) -> Section:
    section = Section("performance", "Search performance")
    frame = timed_positions(ds)
    runs = run_speedup(ds)
    if not len(frame) and not len(runs):
        section.note("*No searched positions with statistics yet* (`tav solve --json`, "
                     "`tav solve --suite --json`, `tav explore` results). This section plots "
                     "nodes, nodes/s, TT hit rate and time against the empties left, and the "
                     "speedup against thread count, as soon as such results are committed.")
        return section
    with_remaining = frame.dropna(subset=["remaining"])
    if len(with_remaining):
        section.table("by_remaining", "Medians by work left (`remaining`: empties for "
                      "Othello/Desdemona)", by_axis(with_remaining, "remaining"), max_rows=60)
        section.plot("by_remaining", "Nodes, nodes/s, TT hit rate and seconds per position "
                     "against the work left (log scales where the data span decades)",
                     _metric_figure(with_remaining, "remaining", "remaining (empties / work left)",
                                    "Search statistics against the work left"))
    by_depth = frame[frame["remaining"].isna() & frame["depth"].notna()]
    if len(by_depth):
        section.table("by_depth", "Heuristic searches: medians by search depth",
                      by_axis(by_depth, "depth"), max_rows=60)
        section.plot("by_depth", "Nodes, nodes/s, TT hit rate and seconds against search depth",
                     _metric_figure(by_depth, "depth", "search depth (plies)",
                                    "Heuristic searches against depth"))
    if len(frame) and frame["remaining"].isna().all() and frame["depth"].isna().all():
        section.note("No record gives `remaining` or a search depth: no plots against them.")
    if len(frame):
        section.table("time_per_run", "Time per position, per run", time_per_run(frame))
    speedups = position_speedup(frame)
    total = aggregate_speedup(speedups)
    if len(speedups) or len(runs):
        if len(total):
            section.table("speedup_total", "Speedup over all positions solved with every thread "
                          "count (total time ratio)", total)
        if len(speedups):
            section.table("speedup", "Speedup per position", speedups, max_rows=40)
        if len(runs):
            section.table("speedup_runs", "Speedup of whole explorations", runs)
        section.plot("speedup", "Speedup against thread count", _speedup_figure(speedups, total, runs))
    else:
        section.note("No position has been solved with more than one thread count yet: no "
                     "speedup table (run the same solves with `--threads=1` and `--threads=2`).")
    return section
