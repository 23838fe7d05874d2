"""Run summary: what was solved, with which kind of value, how it came out, and what it cost.

Tables (one row per run: an exploration directory, a JSONL file, or a folder of solve files):

* ``runs``: positions by value kind, nodes and time, status and root value;
* ``value_distribution``: how many positions have each value (first player's view) per game;
* ``outcomes``: shares of first-player wins, draws and losses per game (proven values only and
  all values);
* ``slowest``: the positions that took longest.

Exploration records backed up from their children (``origin: "backup"``) count as positions but
not in the value distribution, the outcome shares or the slowest list: those describe the
positions that were actually searched.

:func:`text_summary` is the few-line version for one run directory (``python3 -m analysis
summary DIR``).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from . import plotting
from .load import Dataset, group_label
from .schema import VALUE_KINDS
from .section import Section, format_cell

PROVEN = ("exact", "wld")
PLURAL = {"win": "wins", "draw": "draws", "loss": "losses"}

UNIFIED = ["run", "kind", "group", "label", "value", "value_first_player", "value_kind", "bound",
           "depth", "remaining", "nodes", "seconds", "nps", "tt_hit_rate", "threads", "origin",
           "game", "variant", "size", "board", "position", "mode"]


def searched_positions(ds: Dataset, include_backups: bool = False) -> pd.DataFrame:
    """Solve, suite and exploration records in one table (the columns of ``UNIFIED``)."""
    parts = []
    if len(ds.solves):
        frame = ds.solves.copy()
        frame["kind"] = "solve"
        frame["label"] = [m if isinstance(m, str) and m else p
                          for m, p in zip(frame["moves"], frame["position"])]
        frame["origin"] = "search"
        parts.append(frame)
    if len(ds.suite):
        frame = ds.suite.copy()
        frame["kind"] = "suite"
        frame["label"] = frame["id"].astype(str)
        frame["origin"], frame["mode"] = "search", "exact"
        parts.append(frame)
    if len(ds.positions):
        frame = ds.positions.copy()
        frame["kind"] = "explore"
        frame["label"] = [" ".join(line) if line else "(root)" for line in frame["game_moves"]]
        frame["origin"] = frame["origin"].fillna("search")
        run_modes = dict(zip(ds.runs["run"], ds.runs["mode"]))
        frame["mode"] = frame["run"].map(run_modes)
        if not include_backups:
            frame = frame[frame["origin"] != "backup"]
        parts.append(frame)
    if not parts:
        return pd.DataFrame(columns=UNIFIED)
    base = [c for c in UNIFIED if c != "group"]
    frame = pd.concat([p.reindex(columns=base) for p in parts], ignore_index=True)
    frame["group"] = [group_label(r) for r in frame.to_dict("records")]
    for column in ("value", "value_first_player", "nodes", "seconds", "nps", "tt_hit_rate",
                   "threads", "remaining", "depth"):
        frame[column] = pd.to_numeric(frame[column], errors="coerce")
    return frame[UNIFIED]


def outcome(value) -> str | None:
    if value is None or not np.isfinite(value):
        return None
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def runs_table(ds: Dataset) -> pd.DataFrame:
    everything = searched_positions(ds, include_backups=True)
    rows = []
    run_rows = {r["run"]: r for r in ds.runs.to_dict("records")}
    for run, frame in everything.groupby("run", sort=True):
        kinds = frame["value_kind"].value_counts()
        info = run_rows.get(run, {})
        root = None
        if info.get("root_value") is not None and info.get("root_value") == info.get("root_value"):
            root = f"{format_cell(info['root_value'])} ({info.get('root_value_kind') or '?'})"
        rows.append({
            "run": run,
            "kind": ", ".join(sorted(frame["kind"].unique())),
            "games": ", ".join(sorted(frame["group"].unique())),
            "positions": len(frame),
            **{k: int(kinds.get(k, 0)) for k in VALUE_KINDS},
            "nodes": frame["nodes"].sum(min_count=1),
            "seconds": frame["seconds"].sum(min_count=1),
            "threads": ", ".join(str(int(t)) for t in sorted(frame["threads"].dropna().unique())),
            "status": info.get("status"),
            "root value (side to move)": root,
        })
    for row in ds.runs.to_dict("records"):  # an exploration that has not written a result yet
        if row["run"] not in set(everything["run"]):
            rows.append({"run": row["run"], "kind": "explore", "games": group_label(row),
                         "positions": 0, "status": row.get("status")})
    table = pd.DataFrame(rows)
    if len(table):
        total = {"run": "total", "positions": table["positions"].sum(),
                 **{k: table[k].sum() for k in VALUE_KINDS if k in table},
                 "nodes": table["nodes"].sum(min_count=1), "seconds": table["seconds"].sum(min_count=1)}
        table = pd.concat([table, pd.DataFrame([total])], ignore_index=True)
    return table


def value_distribution(frame: pd.DataFrame) -> pd.DataFrame:
    known = frame.dropna(subset=["value_first_player"])
    if not len(known):
        return pd.DataFrame(columns=["game", "value_first_player", "value_kind", "positions"])
    table = (known.groupby(["group", "value_first_player", "value_kind"]).size()
             .rename("positions").reset_index().rename(columns={"group": "game"}))
    return table.sort_values(["game", "value_first_player", "value_kind"], ignore_index=True)


def outcome_shares(frame: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for group, part in frame.dropna(subset=["value_first_player"]).groupby("group"):
        outcomes = part["value_first_player"].map(outcome)
        proven = part["value_kind"].isin(PROVEN)
        row = {"game": group, "positions": len(part), "proven": int(proven.sum())}
        for name in ("win", "draw", "loss"):
            row[f"first player {PLURAL[name]}"] = (outcomes == name).mean()
        for name in ("win", "draw", "loss"):
            share = (outcomes[proven] == name).mean() if proven.any() else np.nan
            row[f"{PLURAL[name]} (proven only)"] = share
        rows.append(row)
    return pd.DataFrame(rows, columns=["game", "positions", "proven", "first player wins",
                                       "first player draws", "first player losses",
                                       "wins (proven only)", "draws (proven only)",
                                       "losses (proven only)"])


def slowest(frame: pd.DataFrame, count: int = 10) -> pd.DataFrame:
    timed = frame.dropna(subset=["seconds"]).sort_values("seconds", ascending=False).head(count)
    return timed[["run", "group", "label", "value", "value_kind", "nodes", "seconds", "nps",
                  "threads"]].rename(columns={"group": "game", "label": "position / moves",
                                              "value": "value (side to move)"})


def _distribution_plot(table: pd.DataFrame):
    groups = list(dict.fromkeys(table["game"]))
    shown = groups[:12]
    rows, columns = plotting.grid(len(shown), 3)
    fig, axes = plotting.figure(4.2 * columns, 2.8 * rows + 0.4, rows, columns)
    for ax, group in zip(axes.flat, shown):
        part = table[table["game"] == group]
        pivot = part.pivot_table(index="value_first_player", columns="value_kind",
                                 values="positions", aggfunc="sum", fill_value=0)
        bottom = np.zeros(len(pivot))
        width = 0.8 if len(pivot) < 2 else 0.8 * float(np.min(np.diff(pivot.index.values)))
        for kind in VALUE_KINDS:
            if kind in pivot:
                ax.bar(pivot.index, pivot[kind], width=width, bottom=bottom, label=kind,
                       color=plotting.VALUE_KIND_COLOURS[kind])
                bottom += pivot[kind].values
        ax.axvline(0, color="black", linewidth=0.6)
        plotting.integer_x(ax)
        plotting.axes_title(ax, group, fontsize=9)
        ax.set_xlabel("value, first player's view")
        ax.set_ylabel("positions")
        ax.legend(fontsize=7)
    plotting.hide_unused(axes, len(shown))
    plotting.title(fig, "Value distribution of the searched positions (bar colour: kind of value)", 11)
    return fig


def _outcome_plot(table: pd.DataFrame):
    labels = [f"{g} (n={n})" for g, n in zip(table["game"], table["positions"])]
    # Room for the longest label at the default 10-point tick labels (~0.6 em a character).
    width = max([len(label) for label in labels] + [4]) * 10 * 0.6 / 72
    fig, axes = plotting.figure(7.5 + width, 0.5 * len(table) + 1.6, left=width + 0.3)
    ax = axes[0, 0]
    left = np.zeros(len(table))
    for name in ("win", "draw", "loss"):
        shares = table[f"first player {PLURAL[name]}"].values
        ax.barh(labels, shares, left=left, color=plotting.OUTCOME_COLOURS[name],
                label=f"first player {PLURAL[name]}")
        left += shares
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_xlabel("share of searched positions (all value kinds)")
    ax.legend(fontsize=7, loc="lower right")
    plotting.axes_title(ax, "First-player outcomes")
    return fig


def build(ds: Dataset) -> Section:
    section = Section("summary", "Run summary")
    frame = searched_positions(ds)
    if ds.empty:
        section.note("*No result records found yet* (solve, suite, exploration or retrograde "
                     "records; see data/README.md). This section fills in as soon as results "
                     "are committed.")
        return section
    runs = runs_table(ds)
    if len(runs):
        section.table("runs", "Runs: positions by kind of value, nodes and time", runs)
    if not len(frame):
        section.note("No searched positions (only retrograde statistics, see below).")
        return section
    section.note("Values are from the first player's point of view (black, dark, buffalo). "
                 "`exact`/`wld` values are proven, `bound` a proven bound, `heuristic` a "
                 "depth-limited estimate. Backed-up exploration records are left out below.")
    distribution = value_distribution(frame)
    section.table("value_distribution", "Value distribution", distribution, max_rows=60)
    if len(distribution):
        section.plot("value_distribution", "Value distribution per game (first player's view)",
                     _distribution_plot(distribution))
    shares = outcome_shares(frame)
    if len(shares):
        section.table("outcomes", "First-player outcome shares", shares)
        section.plot("outcomes", "First-player win/draw/loss shares per game", _outcome_plot(shares))
    section.table("slowest", "Slowest positions", slowest(frame))
    return section


# --- The few-line text summary ------------------------------------------------------------------

def _number(value, unit: str = "") -> str:
    return f"{format_cell(value)}{unit}" if value is not None and value == value else "?"


def _cost(nodes, seconds, threads=None) -> str:
    text = f"nodes: {_number(nodes)} in {_number(seconds, ' s')}"
    if nodes and seconds and nodes == nodes and seconds == seconds and seconds > 0:
        text += f" ({format_cell(float(round(nodes / seconds)))} nodes/s)"
    if threads is not None and threads == threads:
        text += f", {int(threads)} thread{'s' if threads != 1 else ''}"
    return text


def _kinds(frame: pd.DataFrame) -> str:
    counts = frame["value_kind"].value_counts()
    return ", ".join(f"{k} {int(counts[k]):,}" for k in VALUE_KINDS if k in counts) or "none"


def _signed(value) -> str:
    return f"{int(value):+d}" if float(value).is_integer() else f"{value:+.2f}"


def text_summary(ds: Dataset) -> list[str]:
    """A few lines per run: positions, kinds of value, root value, nodes, time."""
    lines = []
    everything = searched_positions(ds, include_backups=True)
    runs = {r["run"]: r for r in ds.runs.to_dict("records")}
    for run in sorted(set(everything["run"]) | set(runs)):
        frame = everything[everything["run"] == run]
        info = runs.get(run)
        if info is not None:
            root = "the start" if not info.get("root_moves") else f"'{info['root_moves']}'"
            plies = info.get("plies")
            lines.append(f"{run}: explore {group_label(info)}, {_number(plies)} "
                         f"pl{'y' if plies == 1 else 'ies'} "
                         f"from {root}, mode {info.get('mode') or '?'}, "
                         f"status {info.get('status') or '?'}")
            backups = int((frame["origin"] == "backup").sum())
            lines.append(f"  positions: {len(frame):,} ({len(frame) - backups:,} searched, "
                         f"{backups:,} backed up); value kinds: {_kinds(frame)}")
            rooted = frame[frame["label"] == "(root)"]
            value, kind, best = info.get("root_value"), info.get("root_value_kind"), info.get("root_best_move")
            if (value is None or value != value) and len(rooted):
                value, kind = rooted["value"].iloc[0], rooted["value_kind"].iloc[0]
            if value is not None and value == value:
                lines.append(f"  root: value {_signed(value)} for the side to move ({kind or '?'})"
                             + (f", best move {best}" if best else ""))
            nodes = info.get("nodes") if info.get("nodes") == info.get("nodes") else None
            seconds = info.get("seconds") if info.get("seconds") == info.get("seconds") else None
            lines.append("  " + _cost(nodes if nodes is not None else frame["nodes"].sum(),
                                      seconds if seconds is not None else frame["seconds"].sum(),
                                      info.get("threads")))
            continue
        kinds = set(frame["kind"])
        if kinds == {"solve"} and len(frame) == 1:
            row = frame.iloc[0]
            record = ds.solves[ds.solves["run"] == run].iloc[0]
            where = f"moves '{record['moves']}'" if record.get("moves") else "the given position"
            result = record.get("result") or outcome(row["value"]) or "?"
            plies = record.get("plies")
            lines.append(f"{run}: solve {row['group']}, {where}: value {_signed(row['value'])} "
                         f"for the side to move ({row['value_kind']}, {result}"
                         + (f" in {int(plies)} plies" if plies is not None and plies == plies else "")
                         + ")" + (f", best move {record['best_move']}" if record.get("best_move") else ""))
            lines.append("  " + _cost(row["nodes"], row["seconds"], row["threads"]))
        elif kinds == {"suite"}:
            suite = ds.suite[ds.suite["run"] == run]
            ok = int(suite["ok"].fillna(False).astype(bool).sum())
            lines.append(f"{run}: suite of {len(frame)} positions ({', '.join(sorted(set(frame['group'])))}), "
                         f"{ok}/{len(frame)} ok")
            lines.append("  " + _cost(frame["nodes"].sum(), frame["seconds"].sum()))
        else:
            lines.append(f"{run}: {len(frame)} solved positions "
                         f"({', '.join(sorted(set(frame['group'])))}); value kinds: {_kinds(frame)}")
            lines.append("  " + _cost(frame["nodes"].sum(), frame["seconds"].sum()))
    for row in ds.retro.to_dict("records"):
        start = (f"start: {row['start_result']} in {_number(row['start_plies'])} plies"
                 if row.get("start_result") else "start: ?")
        lines.append(f"{row['run']}: retro {group_label(row)}, {_number(row.get('positions'))} "
                     f"positions in {row['tiers']} tiers, {_number(row.get('seconds'), ' s')}; "
                     f"{start}; longest win {_number(row.get('longest_win_plies'))} plies")
    for row in _match_rows(ds):
        lines.append(f"{row['run']}: match {row['label']}, {int(row['games'])} games: a "
                     f"{int(row['a_wins'])} wins, {int(row['draws'])} draws, b {int(row['b_wins'])} "
                     f"wins; score {row['score']:.3f} for a")
        lines.append(f"  a = {row['a']}; b = {row['b']}")
    if ds.warnings:
        lines.append(f"({len(ds.warnings)} input warning(s), see above)")
    return lines


def _match_rows(ds: Dataset) -> list[dict]:
    """Per match directory: its label, the engines and the W/D/L counted from the games."""
    from .match import games_wdl  # the match section's counting, shared

    games = ds.match_games
    if not len(games):
        return []
    first = games.groupby("run")[["a", "b", "game", "variant", "board"]].first()
    table = games_wdl(games).join(first, on="run")
    table["label"] = table.apply(group_label, axis=1)
    return table.to_dict("records")
