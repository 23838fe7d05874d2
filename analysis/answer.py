"""Lehmann's question at a glance: every kind of evidence the data holds, one row per run, with
proof, heuristic search and engine play kept apart (column ``evidence``).

* ``proof``: a run whose every value is exact or win/draw/loss (``lehmann.verdicts``): dark's
  value under best play is a theorem about that board. Where a board has two or more proof
  runs, one more row (kind ``combined``) gives what they prove together (``combined.py``).
* ``heuristic search``: a run of depth-limited estimates (its search and depth given): what one
  search sees, which can swing with the depth (the Lehmann report's depth-swing table).
* ``engine play``: a self-play run (``selfplay.overall``): dark's score over the games with its
  Wilson 95% interval, the mean margin, and how many openings dark did not win on average
  (score below 1/2) -- evidence of how the engine plays, not of best play.

The detail behind each row is in the Lehmann report and the self-play section; this table only
puts them side by side, so it computes nothing of its own.
"""

from __future__ import annotations

import pandas as pd

from . import combined, lehmann, selfplay
from .load import Dataset
from .section import Section

COLUMNS = ["board", "variant", "evidence", "run", "dark under best play", "kind", "search",
           "games", "dark's score", "score 95%", "mean margin (dark)",
           "openings dark scored below 1/2", "what it says"]


def _search_rows(placements: pd.DataFrame) -> pd.DataFrame:
    if not len(placements):
        return pd.DataFrame(columns=COLUMNS)
    table = lehmann.verdicts(placements)
    # Exact values, signs and bounds are all proven (a threshold run is bounds
    # only); one heuristic value makes a run's answer an estimate.
    proven = table["heuristic"].eq(0)
    search = table["search"].fillna("") + " depth " + table["depth"].astype("Int64").astype(str)
    return pd.DataFrame({
        "board": table["board"], "variant": table["variant"],
        "evidence": proven.map({True: "proof", False: "heuristic search"}),
        "run": table["run"], "dark under best play": table["dark's value (best play)"],
        "kind": table["its kind"], "search": search.where(~proven, None),
        "what it says": table["verdict"]})


def _combined_rows(placements: pd.DataFrame) -> pd.DataFrame:
    """Per board with two or more proof runs, what they prove together (combined.py): the
    start's proven interval for dark and its verdict."""
    classes = combined.classes(placements, lehmann.expand)
    if not len(classes):
        return pd.DataFrame(columns=COLUMNS)
    summary = combined.summary(classes)
    proofs = placements[placements["value_kind"].isin(combined.PROOF_KINDS)]
    runs = proofs.groupby(["variant", "board"])["run"].nunique()
    summary["runs"] = [runs.get((v, b), 0) for v, b in zip(summary["variant"], summary["board"])]
    summary = summary[summary["runs"] >= 2]
    return pd.DataFrame({
        "board": summary["board"], "variant": summary["variant"], "evidence": "proof",
        "run": "all " + summary["runs"].astype(str) + " proof runs together",
        "dark under best play": summary["start: dark's value"], "kind": "combined",
        "what it says": summary["verdict"]})


def _selfplay_rows(ds: Dataset) -> pd.DataFrame:
    games = selfplay.cathedral_games(ds)
    if not len(games):
        return pd.DataFrame(columns=COLUMNS)
    overall = selfplay.overall(games, ds.selfplay_summaries)
    per_opening = selfplay.placements(games)
    below = per_opening[per_opening["score"] < 0.5].groupby("run").size()
    openings = per_opening.groupby("run").size()
    interval = ("[" + overall["score_low"].round(3).astype(str) + ", "
                + overall["score_high"].round(3).astype(str) + "]")
    return pd.DataFrame({
        "board": overall["board"], "variant": overall["variant"], "evidence": "engine play",
        "run": overall["run"], "search": overall["config"], "games": overall["games"],
        "dark's score": overall["score"].round(3), "score 95%": interval,
        "mean margin (dark)": overall["mean_margin"].round(2),
        "openings dark scored below 1/2": (overall["run"].map(below).fillna(0).astype(int).astype(str)
                                           + " of " + overall["run"].map(openings).astype(str)),
        "what it says": "engine play, not proof"})


def table(ds: Dataset) -> pd.DataFrame:
    """The rows described in the module docstring, by board, variant, then proof, heuristic
    search, engine play."""
    placements, _ = lehmann.placement_records(ds)
    rows = pd.concat([_search_rows(placements), _combined_rows(placements), _selfplay_rows(ds)],
                     ignore_index=True)
    order = {"proof": 0, "heuristic search": 1, "engine play": 2}
    size = pd.to_numeric(rows["board"].str.extract(r"^(\d+)x", expand=False))
    return (rows.assign(_size=size, _order=rows["evidence"].map(order))
            .sort_values(["_size", "variant", "_order", "run"], kind="stable")
            .drop(columns=["_size", "_order"]).reindex(columns=COLUMNS).reset_index(drop=True))


def build(ds: Dataset) -> Section:
    section = Section("answer", "Lehmann's question at a glance: proof, search and engine play")
    rows = table(ds)
    if not len(rows):
        section.note("*No Cathedral results yet:* this table puts the proven values, the "
                     "heuristic searches and the self-play runs side by side once any is "
                     "committed under data/.")
        return section
    section.note("Each row is one run. **proof**: every value exact or win/draw/loss, a theorem "
                 "about that board. **heuristic search**: depth-limited estimates, which can "
                 "swing with the depth. **engine play**: one engine playing both sides with "
                 "noise, evidence of how it plays, not of best play. Dark's value under best "
                 "play: light's best Cathedral placement (classic), dark's best first building "
                 "(Lehmann variant). Lehmann's claim: dark wins by 2 to 4 whatever the "
                 "placement (classic).")
    section.table("table", "Lehmann's question: every kind of evidence, kept apart", rows,
                  max_rows=60)
    return section
