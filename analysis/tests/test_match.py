"""The match section on a tiny match made by ``tav match``: the Elo table agrees with the
games it summarises, the per-opening scores pair the two colours, and the figure is drawn."""

from __future__ import annotations

import json
import subprocess

import pandas as pd
import pytest

import analysis
from analysis import match

from .conftest import run_cli
from .test_anywhere import tav_binary


@pytest.fixture(scope="module")
def match_dir(tmp_path_factory):
    """Othello 4x4, depth 2 against depth 1, three random openings (six games)."""
    out = tmp_path_factory.mktemp("match") / "m"
    result = subprocess.run([str(tav_binary()), "match", "--game=othello", "--size=4",
                             "--a=--depth=2 --tt-mb=4", "--b=--depth=1 --tt-mb=4",
                             "--random-openings=3", "--opening-plies=2", "--seed=5",
                             "--threads=1", f"--out={out}"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return out


def games_of(directory):
    lines = (directory / "games.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines if line]


def test_elo_table_is_the_summary_of_the_games(match_dir):
    ds = analysis.load([match_dir])
    games = games_of(match_dir)
    table = match.elo_table(ds)
    assert len(table) == 1
    row = table.iloc[0]
    points = [g["a_points"] for g in games]
    assert row["games"] == len(games) == 6
    assert row["a wins"] == points.count(1.0)
    assert row["b wins"] == points.count(0.0)
    assert row["score (a)"] == pytest.approx(sum(points) / len(points))
    assert row["a"] == games[0]["a"] and row["b"] == games[0]["b"]
    counted = match.games_wdl(ds.match_games).iloc[0]
    assert counted["score"] == pytest.approx(row["score (a)"])


def test_opening_scores_pair_the_colours(match_dir):
    scores = match.opening_scores(analysis.load([match_dir]).match_games)
    assert list(scores["games"]) == [2, 2, 2]
    both = (scores["a first"] + scores["a second"]) / 2
    assert list(both) == pytest.approx(list(scores["score (a)"]))


def test_report_has_a_match_section_with_its_figure(match_dir, tmp_path):
    result = run_cli("report", match_dir, "--out", tmp_path / "report")
    assert result.returncode == 0, result.stderr
    text = (tmp_path / "report" / "report.md").read_text()
    assert "## Match report" in text
    elo = pd.read_csv(tmp_path / "report" / "match_elo.csv")
    assert list(elo["games"]) == [6]
    assert len(list((tmp_path / "report").glob("match_*_games.png"))) == 1


def test_section_without_matches_says_so(good):
    section = match.build(good)
    assert "No match games yet" in section.blocks[0].text


def test_summary_command_gives_the_match_in_two_lines(match_dir):
    result = run_cli("summary", match_dir)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    wins = sum(g["a_points"] == 1.0 for g in games_of(match_dir))
    assert f"6 games: a {wins} wins" in lines[0]
