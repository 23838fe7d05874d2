"""Match report: engine-vs-engine matches (``tav match``) and what they say about strength.

Input: a match directory's ``games.jsonl`` (``match_game`` records), ``summary.json``
(``match_summary``) and ``run.json`` (``match_run``); data/README.md has the schemas. For every
match (one directory) the report gives

* the Elo table: engines a and b, W/D/L, score, Elo of a over b with its 95% interval, LOS and
  the SPRT's decision, as ``tav match`` computed them (``summary.json``), with the W/D/L counted
  again from the games as a check;
* the score per opening: each opening is played twice with colours swapped, so a pair's score
  says whether the opening itself favours a side (1.0 or 0.0: the same engine won both);
* game-length and margin distributions (a figure per match).

Everything is from engine a's point of view (``a_points``, ``a_margin``).
"""

from __future__ import annotations

from dataclasses import replace

import pandas as pd

from . import plotting
from .load import Dataset, group_label
from .section import Section

ELO_COLUMNS = {"run": "match", "label": "game", "a": "a", "b": "b", "games": "games",
               "a_wins": "a wins", "draws": "draws", "b_wins": "b wins", "score": "score (a)",
               "elo": "Elo (a - b)", "elo_low": "Elo low (95%)", "elo_high": "Elo high (95%)",
               "los": "LOS", "decision": "SPRT", "mean_plies": "mean plies",
               "mean_a_margin": "mean margin (a)"}


def games_wdl(games: pd.DataFrame) -> pd.DataFrame:
    """W/D/L, score, mean length and margin per match, counted from the game records."""
    if not len(games):
        return pd.DataFrame(columns=["run", "games", "a_wins", "draws", "b_wins", "score"])
    points = games["a_points"].astype(float)
    frame = games.assign(win=points.eq(1.0), draw=points.eq(0.5), loss=points.eq(0.0),
                         points=points)
    return frame.groupby("run").agg(games=("points", "size"), a_wins=("win", "sum"),
                                    draws=("draw", "sum"), b_wins=("loss", "sum"),
                                    score=("points", "mean"), mean_plies=("plies", "mean"),
                                    mean_a_margin=("a_margin", "mean")).reset_index()


def elo_table(ds: Dataset) -> pd.DataFrame:
    """One row per match: the summary's figures, the engines from run.json or the games."""
    counted = games_wdl(ds.match_games)
    engines = ds.match_games.groupby("run")[["a", "b", "game", "variant", "board"]].first()
    if len(ds.match_summaries):
        table = ds.match_summaries.drop(columns=["file", "line"]).merge(
            counted[["run", "games"]].rename(columns={"games": "games_counted"}), on="run",
            how="left")
    else:  # summaries missing: what the games say (no interval, no SPRT)
        table = counted.assign(elo=None, elo_low=None, elo_high=None, los=None, decision=None)
    table = table.join(engines, on="run")
    table["label"] = table.apply(group_label, axis=1)
    for column in ELO_COLUMNS:
        if column not in table.columns:
            table[column] = None
    return table[list(ELO_COLUMNS)].rename(columns=ELO_COLUMNS).sort_values("match")


def opening_scores(games: pd.DataFrame) -> pd.DataFrame:
    """Per match and opening: games, a's score overall and with each colour, mean length."""
    frame = games.assign(opening_moves=games["opening"].map(
        lambda moves: " ".join(moves) if isinstance(moves, list) else ""),
        first=games["a_points"].where(games["a_first"].astype(bool)),
        second=games["a_points"].where(~games["a_first"].astype(bool)))
    table = frame.groupby(["run", "opening_index"]).agg(
        opening=("opening_moves", "first"), games=("a_points", "size"),
        score=("a_points", "mean"), score_a_first=("first", "mean"),
        score_a_second=("second", "mean"), mean_plies=("plies", "mean")).reset_index()
    return table.rename(columns={"run": "match", "opening_index": "opening #",
                                 "score": "score (a)", "score_a_first": "a first",
                                 "score_a_second": "a second", "mean_plies": "mean plies"})


def _figure(games: pd.DataFrame, title: str):
    fig, axes = plotting.figure(9.0, 3.4, 1, 2)
    length, margin = axes.flat
    length.hist(games["plies"], bins=min(30, max(5, games["plies"].nunique())), color="#4c72b0")
    length.set_xlabel("game length (plies)")
    length.set_ylabel("games")
    plotting.axes_title(length, "game length", fontsize=9)
    by_colour = [games.loc[games["a_first"].astype(bool), "a_margin"],
                 games.loc[~games["a_first"].astype(bool), "a_margin"]]
    margin.hist(by_colour, bins=min(30, max(5, games["a_margin"].nunique())), stacked=True,
                color=["#55a868", "#c44e52"], label=["a first", "a second"])
    margin.axvline(0, color="black", linewidth=0.8)
    margin.set_xlabel("final margin for a")
    margin.set_ylabel("games")
    margin.legend(fontsize=7)
    plotting.axes_title(margin, "margin for a", fontsize=9)
    plotting.title(fig, title)
    return fig


def matches_only(ds: Dataset) -> pd.DataFrame:
    """The match games less those of self-play runs (``tav selfplay`` writes its games as a match
    of a configuration against itself: their "Elo" would be the colour advantage, not strength;
    the self-play section reports them)."""
    games = ds.match_games
    if not len(games) or not len(ds.selfplay_games):
        return games
    return games[~games["run"].isin(ds.selfplay_games["run"])]


def build(ds: Dataset) -> Section:
    section = Section("match", "Match report: engine strength")
    games = matches_only(ds)
    if len(games) < len(ds.match_games):
        ds = replace(ds, match_games=games,
                     match_summaries=ds.match_summaries[
                         ds.match_summaries["run"].isin(games["run"])]
                     if len(ds.match_summaries) else ds.match_summaries)
    if not len(ds.match_games):
        section.note("*No match games yet* (`DIR/games.jsonl` of `tav match`). This section shows "
                     "the Elo of engine a over engine b with its 95% interval, the score per "
                     "opening and the game-length and margin distributions as soon as match "
                     "runs are committed (`data/match/`).")
        return section
    section.note("Logistic Elo of engine a over engine b with its 95% interval (the cutechess "
                 "model, `solver/match/elo.h`); each opening is played twice with colours "
                 "swapped. `games` counts the finished games of each match.")
    section.table("elo", "Elo per match", elo_table(ds))
    scores = opening_scores(ds.match_games)
    section.table("openings", "Score of a per opening (both colours)", scores, max_rows=40)
    for run, games in ds.match_games.groupby("run"):
        label = group_label(games.iloc[0].to_dict())
        name = section.stem(label, str(run).rstrip("/").rsplit("/", 1)[-1])
        a, b = games["a"].iloc[0], games["b"].iloc[0]
        section.plot(f"{name}_games", f"{label} ({run}): game lengths and margins, a = `{a}`, "
                     f"b = `{b}`", _figure(games, f"{label}: {run}"))
    return section
