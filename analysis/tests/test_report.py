"""The command line: reports on disk, PNGs that show something, exit statuses, notebooks."""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib import image

from .conftest import BAD, GOOD, run_cli


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    result = run_cli("report", GOOD, "--out", out)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return out


def test_report_writes_markdown_with_every_section_and_its_files(report):
    text = (report / "report.md").read_text()
    for title in ("Run summary", "Lehmann report", "Self-play from every Cathedral placement",
                  "Search performance", "Retrograde report"):
        assert f"## {title}" in text
    for path in report.iterdir():
        if path.name != "report.md":
            assert f"]({path.name})" in text, path.name
    expected = {"summary_value_distribution.png", "summary_outcomes.png",
                "performance_by_remaining.png", "performance_speedup.png",
                "lehmann_classic_5x5_cathedral-classic-5x5.png",
                "lehmann_lehmann_5x5_cathedral-lehmann-5x5.png", "lehmann_verdicts.csv",
                "retro_prairie-standard-3x7_prairie-3_remoteness.png", "summary_runs.csv",
                "selfplay_5x5_cathedral-classic-5x5.png", "selfplay_overall.csv"}
    assert expected <= {p.name for p in report.iterdir()}


def test_every_png_is_a_real_picture(report):
    pngs = sorted(report.glob("*.png"))
    assert len(pngs) >= 8
    for path in pngs:
        assert path.stat().st_size > 10_000, path.name
        pixels = (image.imread(path)[..., :3] * 255).astype(np.uint32)
        packed = (pixels[..., 0] << 16) | (pixels[..., 1] << 8) | pixels[..., 2]
        assert len(np.unique(packed)) > 16, path.name  # text, axes and data, not a blank canvas
        not_white = (packed != 0xFFFFFF).mean()
        assert not_white > 0.01, path.name


def test_csv_tables_read_back(report):
    import pandas as pd

    verdicts = pd.read_csv(report / "lehmann_verdicts.csv")
    assert set(verdicts["variant"]) == {"classic", "lehmann"}


def test_summary_command_prints_a_few_lines():
    result = run_cli("summary", GOOD / "explore" / "othello-4x4-t2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 4
    assert "root: value -8 for the side to move (exact), best move c1" in lines[2]


@pytest.mark.parametrize("path, message", [
    (BAD / "unknown_version.json", "unknown schema version 2 for kind 'solve'"),
    (BAD / "unknown_kind.jsonl", "unknown record kind 'book_entry'"),
    (BAD / "no_kind.json", "record has no 'kind'"),
    (BAD / "nowhere", "no such file or directory"),
])
def test_bad_input_is_one_error_line_and_exit_2(tmp_path, path, message):
    result = run_cli("report", path, "--out", tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert message in result.stderr


def test_malformed_lines_warn_and_continue_unless_strict(tmp_path):
    result = run_cli("report", BAD / "malformed.jsonl", "--out", tmp_path)
    assert result.returncode == 0
    assert "warning: " in result.stderr and "malformed.jsonl:2: malformed JSON" in result.stderr
    assert "malformed.jsonl:2" in (tmp_path / "report.md").read_text()
    strict = run_cli("report", BAD / "malformed.jsonl", "--out", tmp_path, "--strict")
    assert strict.returncode == 2 and "malformed.jsonl:2" in strict.stderr


def test_summary_of_nothing_is_an_error(tmp_path):
    result = run_cli("summary", tmp_path)
    assert result.returncode == 2 and "no result records" in result.stderr


def test_bad_arguments_exit_2(tmp_path):
    assert run_cli("report", GOOD).returncode == 2  # no --out
    assert run_cli("frobnicate").returncode == 2


def test_empty_input_still_writes_a_report_that_says_so(tmp_path):
    result = run_cli("report", tmp_path / ".", "--out", tmp_path / "out")
    assert result.returncode == 0
    text = (tmp_path / "out" / "report.md").read_text()
    assert text.count("yet") >= 4


def test_the_committed_data_folder_reports_cleanly(tmp_path):
    result = run_cli("report", "data", "--out", tmp_path, "--strict")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "report.md").exists()
