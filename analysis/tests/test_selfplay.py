"""The self-play section on a real ``tav selfplay`` run (Cathedral 5x5, fixtures README): dark's
tally per placement agrees with the tool's own summary, the heatmap colours every placement,
malformed self-play records are reported like other bad records, and the report shows the
section apart from the proven values."""

from __future__ import annotations

import json
import subprocess

import numpy as np
import pandas as pd
import pytest
from matplotlib.colors import to_rgba

import analysis
from analysis import InputError, cathedral, plotting, selfplay
from analysis.load import display_path

from .conftest import FIXTURES, GOOD, run_cli
from .test_anywhere import tav_binary

RUN = GOOD / "selfplay" / "cathedral-classic-5x5"


@pytest.fixture(scope="module")
def summary():
    return json.loads((RUN / "selfplay_summary.json").read_text())


@pytest.fixture(scope="module")
def table(good):
    return selfplay.placements(selfplay.cathedral_games(good))


def load_quietly(*paths, strict=False):
    warnings = []
    ds = analysis.load(list(paths), strict=strict, warn=warnings.append)
    return ds, warnings


def test_selfplay_records_are_loaded_by_kind(good):
    assert len(good.selfplay_games) == 12 and len(good.selfplay_summaries) == 1
    assert set(good.selfplay_games["run"]) == {display_path(RUN)}
    assert set(good.selfplay_summaries["run"]) == {display_path(RUN)}


def test_per_placement_tally_agrees_with_the_tools_summary(table, summary):
    # From a Cathedral placement the mover is dark: the tool's tally is dark's.
    written = pd.json_normalize(summary["per_opening"])
    both = table.merge(written, on="opening_index", suffixes=("", "_tool"), validate="1:1")
    assert len(both) == len(summary["per_opening"]) == 6
    assert list(both["opening"]) == [" ".join(o) for o in both["opening_tool"]]
    for column in ("games", "wins", "draws", "losses"):
        assert list(both[column]) == list(both[f"{column}_tool"]), column
    for column in ("score", "score_low", "score_high", "mean_margin"):
        assert list(both[column]) == pytest.approx(list(both[f"{column}_tool"]), abs=1e-12), column
    assert int(table["games"].sum()) == summary["overall"]["games"]


def test_overall_tally_and_margins_agree_with_the_tools_summary(good, summary):
    games = selfplay.cathedral_games(good)
    row = selfplay.overall(games, good.selfplay_summaries).iloc[0]
    tool = summary["overall"]
    for column in ("games", "wins", "draws", "losses"):
        assert row[column] == tool[column], column
    for column in ("score", "score_low", "score_high", "mean_margin"):
        assert row[column] == pytest.approx(tool[column], abs=1e-12), column
    assert row["summary_check"] == "agrees"
    margins = selfplay.margin_distribution(games)
    assert dict(zip(margins["margin"].astype(int).astype(str), margins["games"])) == tool["margins"]


def test_summary_check_notices_a_summary_that_disagrees(good):
    games = selfplay.cathedral_games(good)
    summaries = good.selfplay_summaries.copy()
    entries = [dict(e) for e in summaries.at[0, "per_opening"]]
    entries[3]["wins"] += 1
    summaries.at[0, "per_opening"] = entries
    assert list(selfplay.summary_check(games, summaries)) == ["differs per opening"]
    assert list(selfplay.summary_check(games, summaries.iloc[0:0])) == ["no summary"]


def test_wilson_interval_is_the_tools():
    low, high = selfplay.wilson([0, 1, 12], [2, 2, 12])
    assert low[0] == 0 and high[0] == pytest.approx(0.6576197724933469)
    assert (low[1], high[1]) == pytest.approx((0.09453120573423074, 0.9054687942657693))
    assert high[2] == 1
    assert tuple(map(float, selfplay.wilson([0], [0]))) == (0.0, 1.0)


def test_heatmap_colours_every_placement_by_its_class_score(table):
    cells = selfplay.score_cells(table, 5)
    assert len(cells) == len(cathedral.placements("Y", 5)) == 24
    # Ynb5 (dark lost both games) turned a quarter clockwise is Yee4.
    assert cells[("n", (1, 4))] == (0.0, "0") and cells[("e", (4, 3))] == (0.0, "0")
    assert cells[("n", (2, 3))] == (0.75, ".75")
    figure = selfplay.heatmap(table, 5, "test")
    images = [image.get_array() for image in figure.axes[0].get_images()]
    assert len(images) == 4  # one board per direction of the Cathedral's head
    pixels = np.concatenate([np.asarray(i).reshape(-1, 4) for i in images])
    grey = (np.array(to_rgba(plotting.IMPOSSIBLE)) * 255).round()
    coloured = ~(pixels == grey).all(axis=1) & ~(pixels == 255).all(axis=1)
    assert coloured.sum() == 24 and len(pixels) == 4 * 25


def test_closest_to_refuting_lists_the_lowest_score_then_margin_first(table):
    closest = selfplay.closest_to_refuting(table, 3)
    assert list(closest["opening"]) == ["Ynb5", "Ynd4", "Ynd5"]
    assert list(closest["score"]) == [0.0, 0.25, 0.25]


def test_section_says_evidence_not_proof_and_stays_apart_from_the_lehmann_report(good):
    section = selfplay.build(good)
    assert "not proof" in section.title
    assert section.blocks[0].text.startswith("**Evidence from engine play, not proof.**")
    assert {"selfplay_overall", "selfplay_margins", "selfplay_5x5_cathedral-classic-5x5_closest",
            "selfplay_5x5_cathedral-classic-5x5_placements"} <= set(section.tables)
    assert set(section.plots) == {"selfplay_5x5_cathedral-classic-5x5",
                                  "selfplay_5x5_cathedral-classic-5x5_margins"}
    lehmann = analysis.lehmann.build(good)
    assert not any(name.startswith("selfplay") for name in {**lehmann.tables, **lehmann.plots})


LEHMANN_RUN = FIXTURES / "selfplay-lehmann" / "cathedral-lehmann-5x5"


def test_lehmann_games_are_dark_s_although_light_moves_after_the_first_building():
    ds = analysis.load([LEHMANN_RUN])
    games = selfplay.cathedral_games(ds)
    assert set(games["mover"]) == {1} and set(games["variant"]) == {"lehmann"}
    assert list(games["dark_margin"]) == list(-games["margin"])
    table = selfplay.placements(games).set_index("opening")
    # Exact from ply 1, dark's best first building ends with its proven 5x5 value (+9,
    # data/explore/lehmann-5x5): a check of the sign that does not rely on the tool's summary.
    assert set(games.loc[games["opening"] == "Nnc4", "exact_from_ply"]) == {1}
    assert (table.at["Nnc4", "wins"], table.at["Nnc4", "mean_margin"]) == (2, 9)
    assert table["active"].isna().all()  # first buildings are not Cathedral placements
    row = selfplay.overall(games, ds.selfplay_summaries).iloc[0]
    assert row["summary_check"] == "agrees"  # the tool's tally is light's, turned round here
    tool = json.loads((LEHMANN_RUN / "selfplay_summary.json").read_text())["overall"]
    assert (row["wins"], row["losses"]) == (tool["losses"], tool["wins"])


def _as_schema_2(run, out):
    """The schema-1 Lehmann run rewritten as ``tav selfplay`` now writes it: margins, results and
    tallies dark's (side 0's) instead of the mover's (light's)."""
    out.mkdir()
    flip = {"win": "loss", "loss": "win", "draw": "draw"}
    lines = []
    for line in (run / "selfplay.jsonl").read_text().splitlines():
        r = json.loads(line)
        lines.append(json.dumps({**r, "schema": 2, "margin": -r["margin"] + 0,
                                 "result": flip[r["result"]]}))
    (out / "selfplay.jsonl").write_text("\n".join(lines) + "\n")

    def turned(t):
        return {**t, "wins": t["losses"], "losses": t["wins"], "score": 1 - t["score"],
                "score_low": 1 - t["score_high"], "score_high": 1 - t["score_low"],
                "mean_margin": -t["mean_margin"] + 0.0,
                "margins": {str(-int(m)): c for m, c in t["margins"].items()}}

    summary = json.loads((run / "selfplay_summary.json").read_text())
    summary.update(schema=2, overall=turned(summary["overall"]),
                   per_opening=[turned(t) for t in summary["per_opening"]])
    (out / "selfplay_summary.json").write_text(json.dumps(summary))


def test_schema_2_lehmann_margins_are_dark_s_as_written_and_give_the_same_tables(tmp_path):
    old = selfplay.cathedral_games(analysis.load([LEHMANN_RUN]))
    _as_schema_2(LEHMANN_RUN, tmp_path / "run")
    ds = analysis.load([tmp_path / "run"], strict=True)
    games = selfplay.cathedral_games(ds)
    assert set(games["schema"]) == {2} and set(games["mover"]) == {1}
    assert list(games["dark_margin"]) == list(games["margin"]) == list(old["dark_margin"])
    assert selfplay.overall(games, ds.selfplay_summaries).iloc[0]["summary_check"] == "agrees"
    columns = ["opening", "games", "wins", "draws", "losses", "mean_margin"]
    assert selfplay.placements(games)[columns].equals(selfplay.placements(old)[columns])


def test_lehmann_run_lists_first_buildings_best_for_dark_first_without_placement_boards():
    section = selfplay.build(analysis.load([LEHMANN_RUN]))
    name = "selfplay_lehmann_5x5_cathedral-lehmann-5x5"
    assert set(section.plots) == {f"{name}_margins"}
    buildings = section.tables[f"{name}_buildings"]
    assert list(buildings["first building"]) == ["Nnc4", "Lna2", "Vna1"]
    assert list(buildings["dark's score"]) == sorted(buildings["dark's score"], reverse=True)
    assert "squares" not in buildings  # a first building is no Cathedral placement
    # Light's drawn games turned round are dark's 0, not -0 (which the report would print).
    margins = section.tables["selfplay_margins"]["dark's margin"]
    assert 0 in set(margins) and not margins.map(lambda m: str(m).startswith("-0")).any()


def test_section_without_selfplay_says_so_and_names_other_games_runs(tmp_path):
    lines = (RUN / "selfplay.jsonl").read_text().splitlines()
    records = [{**json.loads(line), "game": "othello"} for line in lines[:2]]
    (tmp_path / "selfplay.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    section = selfplay.build(analysis.load([tmp_path]))
    assert "No Cathedral self-play games yet" in section.blocks[0].text
    assert "not shown here" in section.blocks[1].text and "othello" in section.blocks[1].text


@pytest.mark.parametrize("change, message", [
    (lambda r: r.pop("margin"), "selfplay_game record without 'margin'"),
    (lambda r: r.update(mover="dark"), "selfplay_game record: 'mover' is not a int"),
    (lambda r: r.update(result="win"), "'result' is 'win' but 'margin' 0 is a draw"),
])
def test_malformed_selfplay_game_is_reported_with_file_and_line(tmp_path, change, message):
    lines = (RUN / "selfplay.jsonl").read_text().splitlines()
    record = json.loads(lines[0])  # a draw: margin 0
    change(record)
    (tmp_path / "selfplay.jsonl").write_text("\n".join([lines[1], json.dumps(record)]) + "\n")
    ds, warnings = load_quietly(tmp_path)
    assert len(ds.selfplay_games) == 1
    assert len(warnings) == 1 and "selfplay.jsonl:2: " in warnings[0] and message in warnings[0]
    with pytest.raises(InputError, match="selfplay.jsonl:2: .*--strict"):
        load_quietly(tmp_path, strict=True)


def test_malformed_selfplay_summary_is_reported(tmp_path, summary):
    broken = json.loads(json.dumps(summary))
    del broken["per_opening"][2]["wins"]
    (tmp_path / "selfplay_summary.json").write_text(json.dumps(broken))
    ds, warnings = load_quietly(tmp_path)
    assert len(ds.selfplay_summaries) == 0
    assert warnings == [f"{display_path(tmp_path / 'selfplay_summary.json')}:1: selfplay_summary "
                        "record: 'per_opening[2]' without 'wins', skipped"]


def test_report_has_the_selfplay_section_after_the_lehmann_report(tmp_path):
    result = run_cli("report", RUN, "--out", tmp_path)
    assert result.returncode == 0, result.stderr
    text = (tmp_path / "report.md").read_text()
    lehmann, own = text.index("## Lehmann report"), text.index("## Self-play from every Cathedral")
    assert lehmann < own < text.index("## Search performance")
    assert "Evidence from engine play, not proof" in text[own:]
    overall = pd.read_csv(tmp_path / "selfplay_overall.csv")
    assert list(overall["games"]) == [12] and list(overall["selfplay_summary.json"]) == ["agrees"]
    assert (tmp_path / "selfplay_5x5_cathedral-classic-5x5.png").stat().st_size > 10_000
    assert (tmp_path / "selfplay_5x5_cathedral-classic-5x5_margins.png").is_file()


def test_a_fresh_selfplay_directory_reports_cleanly(tmp_path):
    """All that ``tav selfplay`` writes (the match files too), read strictly."""
    out = tmp_path / "run"
    result = subprocess.run([str(tav_binary()), "selfplay", "--game=cathedral", "--size=5",
                             "--per-opening=1", "--seed=3", "--config=--nodes=2000 --noise=1",
                             f"--out={out}", "--threads=1"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    report = run_cli("report", out, "--out", tmp_path / "report", "--strict")
    assert report.returncode == 0, report.stderr
    overall = pd.read_csv(tmp_path / "report" / "selfplay_overall.csv")
    assert list(overall["games"]) == [6] and list(overall["selfplay_summary.json"]) == ["agrees"]
    # Its games.jsonl is a match of the configuration against itself: not in the match report.
    assert not (tmp_path / "report" / "match_elo.csv").exists() or \
        pd.read_csv(tmp_path / "report" / "match_elo.csv").empty
    assert "No match games yet" in (tmp_path / "report" / "report.md").read_text()
