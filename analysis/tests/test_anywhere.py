"""The ``tav-analysis`` wrapper from outside the repository, on what ``tav`` writes: an
exploration directory, a solve record and a fresh retrograde database directory (with the
``progress.jsonl`` timing log and ``manifest.json`` that hold no result records)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pandas as pd
import pytest

from .conftest import ROOT

WRAPPER = ROOT / "tav-analysis"
EXPLORE = ROOT / "data" / "explore" / "othello-6x6-p2-exact-t1"
SOLVE = ROOT / "data" / "solve" / "desdemona-4x4-standard.json"


def tav_binary() -> Path:
    """The `tav` that CTest names (TAV_BINARY), else the default build's."""
    path = Path(os.environ.get("TAV_BINARY") or ROOT / "build" / "tav")
    if not path.is_file():
        pytest.skip(f"no tav binary at {path} (build it, or set TAV_BINARY)")
    return path


def wrapper(*args, cwd):
    """Runs the wrapper as a program (its first line picks the interpreter) in ``cwd``."""
    return subprocess.run([str(WRAPPER), *map(str, args)], cwd=cwd, capture_output=True,
                          text=True)


@pytest.fixture(scope="module")
def retro_dir(tmp_path_factory):
    """A small retrograde database: Prairie 3x7, the tiers with at most one buffalo."""
    out = tmp_path_factory.mktemp("retro") / "db"
    result = subprocess.run([str(tav_binary()), "retro", "--game=prairie", "--size=3",
                             "--tiers=buffalo<=1", "--threads=2", "--quiet", f"--out={out}"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert (out / "progress.jsonl").is_file() and (out / "manifest.json").is_file()
    return out


def test_wrapper_summarises_an_exploration_from_another_directory(tmp_path):
    result = wrapper("summary", EXPLORE, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    run = json.loads((EXPLORE / "run.json").read_text())
    assert f"{run['totals']['positions']:,}" in result.stdout


def test_wrapper_reports_on_a_solve_record_into_a_relative_folder(tmp_path):
    result = wrapper("report", SOLVE, "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "1 solve" in (tmp_path / "out" / "report.md").read_text()


def test_report_on_a_retro_directory_skips_its_timing_log(retro_dir, tmp_path):
    result = wrapper("report", retro_dir, "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # the timing log is not a record file: no error, no warning
    stats = json.loads((retro_dir / "stats.json").read_text())
    overview = pd.read_csv(tmp_path / "out" / "retro_overview.csv")
    assert overview["positions"].tolist() == [stats["positions"]]


def test_summary_of_a_retro_directory(retro_dir, tmp_path):
    result = wrapper("summary", retro_dir, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    stats = json.loads((retro_dir / "stats.json").read_text())
    assert f"{stats['positions']:,} positions" in result.stdout


def test_naming_the_timing_log_itself_is_bad_input(retro_dir, tmp_path):
    result = wrapper("summary", retro_dir / "progress.jsonl", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "not a result file" in result.stderr
