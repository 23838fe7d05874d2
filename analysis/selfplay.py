"""Self-play evidence for Lehmann's claim: how dark fares in engine play from every Cathedral
placement, and under the Lehmann variant from dark's first buildings (``tav selfplay``). Evidence from engine play, not proof: the proven values are the
Lehmann report's (``lehmann.py``), and this section stays apart from them.

Input: a self-play directory's ``selfplay.jsonl`` (``selfplay_game`` records) and
``selfplay_summary.json`` (``selfplay_summary``); data/README.md has the schemas. Cathedral runs
are shown: classic (the opening is light's Cathedral placement, then dark moves) and Lehmann
variant (the opening is dark's first building, then light answers with the Cathedral and a
building); runs of other games are named in a note.

Everything is dark's: a record's ``margin`` is dark's (side 0's) in schema 2; in schema 1 it was
the mover's (the side to move after the opening), so dark's margin is then ``margin`` when
``mover`` is 0 (always, from a Cathedral placement) and ``-margin`` otherwise (from a Lehmann
first building, where light moves next). A win is a margin above 0, a draw half a point; the
score's 95% interval is Wilson's, as ``tav selfplay`` computes it (``solver/match/selfplay.cc``).
For every run the section gives

* the overall tally (games, wins, draws, losses, score with its interval, mean margin, games that
  ended in exact play) and whether it agrees with the tool's ``selfplay_summary.json``;
* per placement the same tally, a board heatmap of dark's score in the layout of the Lehmann
  report's classic pictures (one board per direction of the Cathedral's head, each cell the
  Cathedral's active square; the openings are symmetry classes, so each score is spread over
  the placements its opening stands for, as ``lehmann.expand`` spreads values), and the
  placements that come closest to refuting "dark wins by 2 to 4 whatever the placement";
* the distribution of dark's final margins, as a table and a histogram.

Lehmann-variant runs get the tally per first building (best for dark first: the question there
is whether dark still wins with its best building) and the margins, without the placement boards.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.colors import Normalize

from . import cathedral, lehmann, plotting
from .load import Dataset, group_label
from .section import Section

Z = 1.959963984540054  # the 97.5% quantile of the normal law, as in selfplay.cc
TALLY = ["games", "wins", "draws", "losses", "score", "score_low", "score_high", "mean_margin"]
CLAIM = (2, 4)  # Lehmann: dark wins by 2 to 4 points (RULES.md)
CLOSEST = 10  # placements listed as the closest to refuting the claim
DISPLAY = {"run": "run", "board": "board", "config": "configuration", "opening": "placement",
           "squares": "squares", "games": "games", "wins": "dark wins", "draws": "draws",
           "losses": "dark losses", "score": "dark's score", "score_low": "score low (95%)",
           "score_high": "score high (95%)", "mean_margin": "mean margin (dark)",
           "min_margin": "min margin", "max_margin": "max margin",
           "exact_games": "exact ends", "summary_check": "selfplay_summary.json"}


def wilson(points, games) -> tuple[np.ndarray, np.ndarray]:
    """The Wilson score interval at 95% of ``points`` out of ``games`` (arrays alike), clipped to
    [0, 1]; (0, 1) where ``games`` is 0 -- ``WilsonInterval`` of ``solver/match/selfplay.cc``."""
    points, games = np.asarray(points, dtype=float), np.asarray(games, dtype=float)
    n = np.where(games > 0, games, 1.0)
    p, z2n = points / n, Z * Z / n
    centre = (p + z2n / 2) / (1 + z2n)
    half = Z * np.sqrt(p * (1 - p) / n + z2n / (4 * n)) / (1 + z2n)
    low = np.where(games > 0, np.maximum(0.0, centre - half), 0.0)
    high = np.where(games > 0, np.minimum(1.0, centre + half), 1.0)
    return low, high


def cathedral_games(ds: Dataset) -> pd.DataFrame:
    """The Cathedral self-play games (classic and Lehmann variant), one row each, with
    ``variant`` filled in (``classic`` where a writer left it out), ``opening`` as text (moves
    joined by spaces), ``dark_margin`` (the record's ``margin``, turned round in a schema-1
    record whose mover is light), and ``size`` and ``board`` filled in where a writer left them
    out (from each other, else the 10x10 board), next to the record's keys."""
    games = ds.selfplay_games
    if not len(games):
        return games.assign(dark_margin=pd.Series(dtype=float))
    variant = games["variant"].fillna("classic")
    keep = games["game"].eq("cathedral") & variant.isin(["classic", "lehmann"])
    games, variant = games[keep], variant[keep]
    margin = games["margin"].astype(float)
    from_board = pd.to_numeric(games["board"].str.extract(r"^(\d+)x", expand=False))
    size = pd.to_numeric(games["size"]).fillna(from_board).fillna(10).astype(int)
    board = games["board"].fillna(size.astype(str) + "x" + size.astype(str))
    # Adding 0.0 turns the -0.0 of a drawn game turned round into 0.0.
    darks = games["mover"].eq(0) | pd.to_numeric(games["schema"]).ge(2)
    dark_margin = margin.where(darks, -margin) + 0.0
    return games.assign(opening=games["opening"].str.join(" "), variant=variant, size=size,
                        board=board, dark_margin=dark_margin)


def tally(games: pd.DataFrame, keys: list[str], margin: str) -> pd.DataFrame:
    """Per group of ``keys``: games, wins, draws, losses (the sign of column ``margin``), score
    (points per game, a draw half), its Wilson interval, and the mean, lowest and highest margin.
    One row per group with games; none for an empty ``games``."""
    if not len(games):
        return pd.DataFrame(columns=keys + TALLY + ["min_margin", "max_margin"])
    values = games[margin].astype(float)
    frame = games.assign(win=values.gt(0), draw=values.eq(0), loss=values.lt(0),
                         points=values.gt(0) + 0.5 * values.eq(0), value=values)
    table = frame.groupby(keys, sort=True).agg(
        games=("value", "size"), wins=("win", "sum"), draws=("draw", "sum"),
        losses=("loss", "sum"), points=("points", "sum"), mean_margin=("value", "mean"),
        min_margin=("value", "min"), max_margin=("value", "max")).reset_index()
    low, high = wilson(table["points"], table["games"])
    table = table.assign(score=table["points"] / table["games"], score_low=low, score_high=high)
    return table[keys + TALLY + ["min_margin", "max_margin"]]


def _placement(opening: str, size: int) -> tuple:
    """(orientation, active square, squares) of an opening that is one Cathedral placement,
    in its canonical spelling; three Nones for any other opening."""
    try:
        piece, orientation, active = cathedral.parse_move(opening)
    except ValueError:
        return None, None, None
    if piece != "Y" or not cathedral.on_board(cathedral.squares(piece, orientation, active), size):
        return None, None, None
    orientation, active = cathedral.canonical_spelling(piece, orientation, active, size)
    cells = sorted(cathedral.square_name(*s) for s in cathedral.squares(piece, orientation, active))
    return orientation, cathedral.square_name(*active), " ".join(cells)


def placements(games: pd.DataFrame) -> pd.DataFrame:
    """Dark's tally per run and opening (rows of :func:`cathedral_games`), with the placement's
    ``orientation``, ``active`` square and ``squares`` (None for an opening that is not a single
    Cathedral placement), in opening order."""
    table = tally(games, ["run", "variant", "board", "size", "opening_index", "opening"],
                  "dark_margin")
    where = [_placement(o, int(s)) for o, s in zip(table["opening"], table["size"])]
    columns = pd.DataFrame(where, columns=["orientation", "active", "squares"], index=table.index)
    return pd.concat([table, columns], axis=1)


def closest_to_refuting(table: pd.DataFrame, count: int = CLOSEST) -> pd.DataFrame:
    """The ``count`` placements of :func:`placements` that come closest to refuting "dark wins
    by 2 to 4 whatever the placement": lowest score first, then lowest mean margin."""
    return (table.sort_values(["score", "mean_margin", "opening_index"], kind="stable")
            .head(count).reset_index(drop=True))


def margin_distribution(games: pd.DataFrame) -> pd.DataFrame:
    """Games per run and dark's final margin, with each margin's share of the run's games."""
    counts = games.groupby(["run", "board", "dark_margin"]).size().rename("games").reset_index()
    share = counts["games"] / counts.groupby("run")["games"].transform("sum")
    return counts.assign(share=share).rename(columns={"dark_margin": "margin"})


def summary_openings(summaries: pd.DataFrame) -> pd.DataFrame:
    """The ``per_opening`` entries of ``selfplay_summary`` records, one row each with the run,
    as ``tav selfplay`` wrote them (side 0's tally; schema 1: the mover's; ``margins`` as
    ``margins.<m>`` columns)."""
    if not len(summaries):
        return pd.DataFrame(columns=["run", "opening_index"] + TALLY)
    return pd.json_normalize(summaries[["run", "per_opening"]].to_dict("records"),
                             record_path="per_opening", meta=["run"])


def summary_overall(summaries: pd.DataFrame) -> pd.DataFrame:
    """The ``overall`` tally of each ``selfplay_summary`` record, one row per run."""
    if not len(summaries):
        return pd.DataFrame(columns=["run"] + TALLY)
    overall = pd.json_normalize(summaries["overall"].tolist())
    return overall.assign(run=summaries["run"].to_numpy())


def _differences(counted: pd.DataFrame, written: pd.DataFrame, keys: list[str]) -> pd.Series:
    """Per run: the number of groups (``keys``) where the counted tally and the written one
    differ (a group on one side only counts too)."""
    both = counted.merge(written, on=keys, how="outer", suffixes=("", "_written"),
                         indicator=True)
    differ = both["_merge"].ne("both")
    for column in TALLY:
        counted_values = both[column].astype(float)
        written_values = both[f"{column}_written"].astype(float)
        differ |= ~np.isclose(counted_values, written_values, rtol=1e-9, atol=1e-9)
    return differ.groupby(both["run"]).sum()


def summary_check(games: pd.DataFrame, summaries: pd.DataFrame) -> pd.Series:
    """Per run of ``games``: ``agrees`` when the tally counted from the records' margins equals the
    tool's ``selfplay_summary.json`` for every opening and overall, else what differs, or
    ``no summary``."""
    runs = pd.Index(sorted(set(games["run"])), name="run")
    openings = summary_openings(summaries)
    openings = openings[openings["games"].astype(int) > 0]
    per_opening = _differences(tally(games, ["run", "opening_index"], "margin"),
                               openings[["run", "opening_index"] + TALLY], ["run", "opening_index"])
    overall = _differences(tally(games, ["run"], "margin"),
                           summary_overall(summaries)[["run"] + TALLY], ["run"])
    text = pd.Series("agrees", index=runs)
    text[per_opening.reindex(runs, fill_value=0).gt(0)] = "differs per opening"
    text[overall.reindex(runs, fill_value=0).gt(0)] = "differs"
    text[~runs.isin(summaries["run"] if len(summaries) else [])] = "no summary"
    return text


def overall(games: pd.DataFrame, summaries: pd.DataFrame) -> pd.DataFrame:
    """One row per run: dark's tally over all placements, the configuration (the summary's, else
    a game's), games that ended in exact play, and :func:`summary_check`."""
    table = tally(games, ["run", "variant", "board"], "dark_margin")
    first = games.groupby("run").agg(game_config=("config", "first"),
                                     exact_games=("exact_from_ply", "count"))
    table = table.join(first, on="run")
    configs = (summaries.set_index("run")["config"] if len(summaries)
               else pd.Series(dtype=object))
    table["config"] = table["run"].map(configs).fillna(table["game_config"])
    table["summary_check"] = table["run"].map(summary_check(games, summaries))
    return table.drop(columns="game_config")


def score_cells(table: pd.DataFrame, size: int) -> dict:
    """``{(orientation, (column, row)): (score, label)}`` for every placement dark's scores in
    ``table`` (one run's :func:`placements`) stand for: each played placement its own score, the
    others (rotations, then mirror images, of a played one) the score of the one they stand
    for. Labels: the score as ``.75``."""
    played = table.dropna(subset=["active"]).assign(piece="Y", dark_value=table["score"])
    spread, _ = lehmann.expand(played, size)
    own = {("Y", o, cathedral.parse_square(a)): row
           for o, a, row in zip(played["orientation"], played["active"], played.to_dict("records"))}
    return {key[1:]: (row["score"], _score_label(row["score"]))
            for key, row in {**spread, **own}.items()}


def _score_label(score: float) -> str:
    """A score in a cell: ``1``, ``0``, or two decimals without the leading zero (``.75``)."""
    return f"{score:.0f}" if score in (0, 1) else f"{score:.2f}".lstrip("0")


def heatmap(table: pd.DataFrame, size: int, title: str):
    """Dark's score per Cathedral placement (one run's :func:`placements`) on the Lehmann
    report's classic boards, coloured from red (0, light wins every game) through white (0.5)
    to blue (1, dark wins every game)."""
    return lehmann.classic_sheet(score_cells(table, size), size, Normalize(0.0, 1.0), title,
                                 "dark's score (self-play)")


def margin_figure(margins: pd.DataFrame, title: str):
    """Bars of games per dark's final margin (one run's :func:`margin_distribution`): green a
    dark win, grey a draw, red a loss; the band of Lehmann's 2 to 4 shaded."""
    fig, axes = plotting.figure(6.5, 3.4)
    ax = axes[0, 0]
    margin = margins["margin"].astype(float)
    colours = np.select([margin.gt(0), margin.lt(0)],
                        [plotting.OUTCOME_COLOURS["win"], plotting.OUTCOME_COLOURS["loss"]],
                        plotting.OUTCOME_COLOURS["draw"])
    ax.axvspan(CLAIM[0] - 0.5, CLAIM[1] + 0.5, color="#dde7f3", zorder=0,
               label=f"Lehmann: dark wins by {CLAIM[0]}–{CLAIM[1]}")
    ax.bar(margin, margins["games"], width=0.8, color=colours, zorder=2)
    ax.axvline(0, color="black", linewidth=0.8, zorder=3)
    plotting.integer_x(ax)
    ax.set_xlabel("dark's final margin (light's unplaced squares − dark's)")
    ax.set_ylabel("games")
    ax.legend(fontsize=7, loc="upper left")
    plotting.title(fig, title)
    return fig


def _display(table: pd.DataFrame, columns: list[str]) -> pd.DataFrame:
    """``columns`` of ``table`` under their report names (:data:`DISPLAY`), index 0..n-1."""
    return table[columns].rename(columns=DISPLAY).reset_index(drop=True)


def _other_runs_note(section: Section, ds: Dataset, shown: pd.DataFrame) -> None:
    """A note naming the self-play runs whose games are not among ``shown`` (other games or
    variants than Cathedral classic and Lehmann); nothing when there are none."""
    others = ds.selfplay_games[~ds.selfplay_games["run"].isin(shown["run"])]
    if len(others):
        runs = others.groupby("run")[["game", "variant", "board", "size"]].first().reset_index()
        names = "; ".join(f"`{row['run']}` ({group_label(row)})"
                          for row in runs.to_dict("records"))
        section.note(f"Self-play runs of other games or variants, not shown here: {names}.")


def build(ds: Dataset) -> Section:
    """The self-play section (module docstring); says so when there are no Cathedral classic
    self-play games yet."""
    section = Section("selfplay", "Self-play from every Cathedral placement "
                                  "(engine play, not proof)")
    games = cathedral_games(ds)
    if not len(games):
        section.note("*No Cathedral self-play games yet* (`DIR/selfplay.jsonl` of `tav selfplay "
                     "--game=cathedral`). This section shows, per Cathedral placement, how dark "
                     "fares when one engine configuration plays both sides -- evidence from "
                     "engine play, not proof -- as soon as a run is committed (`data/selfplay/`).")
        _other_runs_note(section, ds, games)
        return section
    section.note("**Evidence from engine play, not proof.** Here one engine configuration plays "
                 "both sides (`tav selfplay`), several games from each Cathedral placement, with "
                 "noise so that the games differ. Nothing in this section is a proven value: "
                 "the proven values are the Lehmann report's, above. Everything is dark's: "
                 "wins, draws and losses, the score (points per game, a draw half) with its "
                 "Wilson 95% interval, and the final margin (light's unplaced squares − dark's). "
                 "`exact ends`: games whose last moves were all chosen with exact values (the "
                 "margin is then the exact value of the position from that ply).")
    _other_runs_note(section, ds, games)
    section.table("overall", "Dark's results over all placements, per run (engine play)",
                  _display(overall(games, ds.selfplay_summaries),
                           ["run", "variant", "board", "config", "games", "wins", "draws", "losses", "score",
                            "score_low", "score_high", "mean_margin", "exact_games",
                            "summary_check"]))
    margins = margin_distribution(games)
    section.table("margins", "Dark's final margins: games per margin (engine play)",
                  margins.rename(columns={"margin": "dark's margin"}), max_rows=60)
    table = placements(games)
    columns = ["opening", "squares", "games", "wins", "draws", "losses", "score", "score_low",
               "score_high", "mean_margin", "min_margin", "max_margin"]
    for (run, variant, board, size), group in table.groupby(["run", "variant", "board", "size"],
                                                           sort=True):
        run_margins = margins[margins["run"] == run]
        if variant == "lehmann":
            _lehmann_run_blocks(section, run, board, group, run_margins, columns)
        else:
            _run_blocks(section, run, board, int(size), group, run_margins, columns)
    return section


def _lehmann_run_blocks(section: Section, run: str, board: str, table: pd.DataFrame,
                        margins: pd.DataFrame, columns: list[str]) -> None:
    """One Lehmann-variant run's tally per first building (dark's best first) and margins."""
    name = section.stem("lehmann", board, run.rstrip("/").rsplit("/", 1)[-1])
    best = table.sort_values(["score", "mean_margin", "opening_index"],
                             ascending=[False, False, True], kind="stable")
    section.table(f"{name}_buildings",
                  f"Lehmann variant {board} ({run}): dark's results per first building, best "
                  "for dark first (light answers with the Cathedral and a building; engine play)",
                  _display(best, [c for c in columns if c != "squares"])
                  .rename(columns={"placement": "first building"}),
                  max_rows=60)
    margin_title = (f"Lehmann variant {board} self-play (engine play, not proof), {run}: dark's "
                    "final margins")
    section.plot(f"{name}_margins", margin_title, margin_figure(margins, margin_title))


def _run_blocks(section: Section, run: str, board: str, size: int, table: pd.DataFrame,
                margins: pd.DataFrame, columns: list[str]) -> None:
    """One run's heatmap, closest placements, per-placement table and margin histogram."""
    name = section.stem(board, run.rstrip("/").rsplit("/", 1)[-1])
    played = int(table["active"].notna().sum())
    if played < len(table):
        section.note(f"Note ({run}): {len(table) - played} openings are not a single Cathedral "
                     "placement: in the tables, not on the boards.")
    title = (f"{board} self-play (engine play, not proof), {run}: dark's score per Cathedral "
             f"placement over {int(table['games'].sum())} games. Cell = the Cathedral's active "
             "square (head of the cross); one board per direction of the head; 95% intervals "
             "in the table below")
    section.plot(name, title, heatmap(table, size, title))
    section.table(f"{name}_closest",
                  f"{board} ({run}): the placements closest to refuting \"dark wins by "
                  f"{CLAIM[0]}–{CLAIM[1]} whatever the placement\" (lowest score, then lowest "
                  "mean margin; engine play)", _display(closest_to_refuting(table), columns))
    section.table(f"{name}_placements",
                  f"{board} ({run}): dark's results per Cathedral placement (engine play)",
                  _display(table, columns), max_rows=60)
    margin_title = f"{board} self-play (engine play, not proof), {run}: dark's final margins"
    section.plot(f"{name}_margins", margin_title, margin_figure(margins, margin_title))
