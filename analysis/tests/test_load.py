"""Loading: dispatch on kind, derived columns, and every kind of bad input."""

from __future__ import annotations

import json

import pytest

import analysis
from analysis import InputError
from analysis.load import display_path

from .conftest import BAD, GOOD, ROOT


def load_quietly(*paths, strict=False):
    warnings = []
    ds = analysis.load(list(paths), strict=strict, warn=warnings.append)
    return ds, warnings


def test_a_folder_is_searched_recursively_and_records_go_to_their_kind(good):
    assert good.counts() == {"solve": 4, "suite_result": 4, "explore_position": 16,
                             "explore_run": 4, "retro_stats": 1, "match_game": 0,
                             "selfplay_game": 12}
    assert len(good.files) == 16


def test_runs_are_exploration_folders_jsonl_files_or_folders_of_single_solves(good):
    runs = set(good.positions["run"])
    assert display_path(GOOD / "explore" / "cathedral-classic-5x5") in runs
    assert set(good.solves["run"]) == {display_path(GOOD / "solve"),
                                       display_path(GOOD / "solve" / "desdemona-4x4-threads.jsonl")}
    assert set(good.suite["run"]) == {display_path(GOOD / "suite" / "ffo-t1.jsonl"),
                                      display_path(GOOD / "suite" / "ffo-t2.jsonl")}


def test_side_to_move_and_empties_come_from_the_position_string_when_missing(good):
    # Suite records carry neither; the FFO file lists the empties of each position.
    expected = {}
    for line in (ROOT / "data" / "ffo" / "ffo-40-49.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            fields = [f.strip() for f in line.split("|")]
            expected[int(fields[0])] = (int(fields[3]), 0 if fields[2] == "X" else 1)
    for row in good.suite.to_dict("records"):
        assert (row["remaining"], row["side_to_move"]) == expected[row["id"]]
        assert row["value_first_player"] == row["value"]  # black to move in both


def test_exploration_records_get_their_runs_root_moves_and_game_moves(good):
    classic = good.positions[good.positions["variant"] == "classic"]
    assert set(classic["root_moves"]) == {""}
    by_ply = {r["ply"]: r["game_moves"] for r in classic.to_dict("records") if r["ply"] == 0}
    assert by_ply == {0: []}
    assert sorted(len(m) for m in classic["game_moves"]) == [0] + [1] * 6


def test_malformed_line_is_reported_with_file_and_line_and_skipped():
    ds, warnings = load_quietly(BAD / "malformed.jsonl")
    assert sorted(ds.suite["id"]) == [40, 42]
    assert len(warnings) == 1
    assert "malformed.jsonl:2: malformed JSON" in warnings[0]
    assert warnings[0].endswith("skipped")


def test_strict_turns_a_malformed_line_into_an_error():
    with pytest.raises(InputError, match=r"malformed\.jsonl:2: malformed JSON"):
        load_quietly(BAD / "malformed.jsonl", strict=True)


def test_truncated_last_line_of_a_killed_run_is_reported_and_skipped():
    ds, warnings = load_quietly(BAD / "truncated")
    assert len(ds.positions) == 2
    assert warnings == [f"{display_path(BAD / 'truncated' / 'results.jsonl')}:3: "
                        "truncated last line, skipped"]
    assert list(ds.runs["status"]) == ["interrupted"]


def test_unknown_schema_version_is_an_error_naming_file_line_and_version():
    with pytest.raises(InputError) as error:
        load_quietly(BAD / "unknown_version.json")
    message = str(error.value)
    assert "unknown_version.json:1: unknown schema version 2 for kind 'solve'" in message
    assert "\n" not in message


def test_unknown_kind_is_an_error():
    with pytest.raises(InputError, match=r"unknown_kind\.jsonl:2: unknown record kind 'book_entry'"):
        load_quietly(BAD / "unknown_kind.jsonl")


def test_record_without_kind_is_an_error():
    with pytest.raises(InputError, match=r"no_kind\.json:1: record has no 'kind'"):
        load_quietly(BAD / "no_kind.json")


def test_record_missing_a_needed_key_is_skipped_or_fails_under_strict():
    ds, warnings = load_quietly(BAD / "missing_key.jsonl")
    assert len(ds.positions) == 0
    assert "missing_key.jsonl:1: explore_position record without 'value'" in warnings[0]
    with pytest.raises(InputError, match="without 'value'"):
        load_quietly(BAD / "missing_key.jsonl", strict=True)


def test_mistyped_key_is_a_bad_record(tmp_path):
    record = json.loads((GOOD / "solve" / "prairie-3.json").read_text())
    record["nodes"] = "many"
    (tmp_path / "r.json").write_text(json.dumps(record))
    ds, warnings = load_quietly(tmp_path)
    assert len(ds.solves) == 0 and "'nodes' is not a number" in warnings[0]


def test_missing_path_is_an_error(tmp_path):
    with pytest.raises(InputError, match="no such file or directory"):
        load_quietly(tmp_path / "nowhere")


def test_several_records_appended_to_a_json_file_read_as_lines(tmp_path):
    lines = (GOOD / "solve" / "desdemona-4x4-threads.jsonl").read_text()
    (tmp_path / "both.json").write_text(lines)
    ds, warnings = load_quietly(tmp_path / "both.json")
    assert warnings == [] and sorted(ds.solves["threads"]) == [1, 2]


def test_an_empty_folder_gives_an_empty_dataset_with_all_columns(tmp_path):
    ds, warnings = load_quietly(tmp_path)
    assert ds.empty and warnings == []
    assert {"value_first_player", "value_kind", "remaining"} <= set(ds.solves.columns)


def test_kinds_documented_but_not_analysed_are_skipped_silently(monkeypatch):
    import sys

    for module in ("analysis.load", "analysis.schema"):  # (analysis.load is also the function)
        monkeypatch.setattr(sys.modules[module], "UNANALYSED_KINDS", frozenset({"book_entry"}))
    ds, warnings = load_quietly(BAD / "unknown_kind.jsonl")
    assert warnings == [] and list(ds.suite["id"]) == [40]


def test_a_solve_record_keeps_its_own_kind_of_value_and_else_takes_its_modes(tmp_path):
    # A threshold solve proves a bound, unless the game was over: then it records the exact score.
    base = {"schema": 1, "kind": "solve", "game": "othello", "size": 4, "board": "4x4",
            "position": "XXXXXXXX-------- O", "mode": "threshold", "threshold": 1, "value": -16}
    (tmp_path / "over.json").write_text(json.dumps({**base, "value_kind": "exact"}) + "\n")
    (tmp_path / "bound.json").write_text(
        json.dumps({**base, "position": "p", "value_kind": None, "bound": "upper"}) + "\n")
    ds, _ = load_quietly(tmp_path)
    kinds = dict(zip(ds.solves["position"], ds.solves["value_kind"]))
    assert kinds == {"XXXXXXXX-------- O": "exact", "p": "bound"}
