"""Lehmann report: dark's values per placement, symmetry expansion and the verdicts."""

from __future__ import annotations

import json

import pandas as pd
import pytest

import analysis
from analysis import lehmann
from analysis.load import display_path

from .conftest import GOOD


def record(dark_value, value_kind, dark_bound=None):
    """One placement's value as verdict() reads it."""
    return {"dark_value": dark_value, "value_kind": value_kind, "dark_bound": dark_bound}


def placements_of(good, run_folder):
    table, notes = lehmann.placement_records(good)
    assert notes == []
    return table[table["run"] == display_path(run_folder)]


def test_classic_exploration_gives_dark_the_first_players_value_of_each_class(good):
    table = placements_of(good, GOOD / "explore" / "cathedral-classic-5x5")
    values = dict(zip(table["active"], table["dark_value"]))
    assert values == {"b4": 3, "c4": 5, "d4": 3, "b5": 1, "c5": 1, "d5": 1}
    assert set(table["orientation"]) == {"n"}  # Yee3 was read from the annotation squares


def test_analyze_values_are_the_movers_and_are_negated_for_light(good):
    table = placements_of(good, GOOD / "solve")
    assert sorted(table["dark_value"]) == [1, 1, 1, 3, 3, 5]
    assert set(table["source"]) == {"solve --analyze"}


def test_six_classes_cover_all_24_cathedral_placements_of_5x5_by_rotation(good):
    table = placements_of(good, GOOD / "explore" / "cathedral-classic-5x5")
    values, conflicts = lehmann.expand(table, 5)
    assert (len(values), conflicts) == (24, 0)
    # The placement Yed4 is Ynb4 turned a quarter clockwise: (b4 -> d4, north -> east).
    assert values[("Y", "e", (3, 3))]["dark_value"] == 3


def test_lehmann_records_expand_by_rotation_and_mirror_and_keep_darks_bound(good):
    table = placements_of(good, GOOD / "explore" / "cathedral-lehmann-5x5")
    values, conflicts = lehmann.expand(table, 5)
    stables = {k: v for k, v in values.items() if k[0] == "S"}
    from analysis import cathedral
    covered = {frozenset(cathedral.square_name(*s) for s in cathedral.squares("S", k[1], k[2]))
               for k in stables}
    # {b2,b1} turned four times, and the mirror images of those four.
    assert covered == {frozenset(p.split()) for p in
                       ["b2 b1", "a4 b4", "d4 d5", "d2 e2", "d2 d1", "e4 d4", "b4 b5", "a2 b2"]}
    assert {v["dark_bound"] for v in stables.values()} == {"upper"}  # light >= 1: dark <= -1
    # Tavern c3 is fixed by every symmetry, the Inn and the Bridge give 8 and 4.
    assert (len(values), conflicts) == (1 + 8 + 8 + 4, 0)


def test_verdicts_separate_proof_from_estimate(good):
    section = lehmann.build(good)
    verdicts = section.tables["lehmann_verdicts"]
    rows = {(r["variant"], r["run"].rsplit("/", 1)[-1]): r for r in verdicts.to_dict("records")}
    classic = rows[("classic", "cathedral-classic-5x5")]
    assert classic["verdict"].startswith("proven: dark wins")
    assert classic["dark's value (best play)"] == 1
    variant = rows[("lehmann", "cathedral-lehmann-5x5")]
    assert variant["verdict"].startswith("estimated: dark wins with its best first building")
    # 159 placements of V, S, L and N on 5x5, less the Inn's four round a corner (a pocket).
    assert "only 21 of 155" in variant["verdict"]
    assert (variant["exact"], variant["bound"], variant["heuristic"]) == (1, 8, 12)


def test_a_proven_draw_for_one_placement_refutes_the_claim():
    values = {1: record(2.0, "exact"), 2: record(0.0, "wld")}
    assert lehmann.verdict("classic", values, 2)[0].startswith("refuted")
    values[2] = record(1.0, "heuristic")
    assert lehmann.verdict("classic", values, 2)[0].startswith("estimated: dark wins")
    values[2] = record(1.0, "bound", "lower")
    assert lehmann.verdict("classic", values, 2)[0].startswith("proven")


def test_a_run_proving_some_placements_claims_only_those():
    # `tav explore --moves=Ync7 --plies=0 --mode=exact`: one placement class of 20, exact.
    values = {1: record(4.0, "exact"), 2: record(4.0, "exact")}
    text, value, kind = lehmann.verdict("classic", values, 80)
    assert text.startswith("proven for the placements with a value") and "only 2 of 80" in text
    assert (value, kind) == (4.0, "exact")
    values[2] = record(4.0, "heuristic")
    assert lehmann.verdict("classic", values, 80)[0].startswith("estimated: dark wins")


def test_a_proven_draw_among_losing_first_buildings_proves_dark_at_least_draws():
    values = {1: record(-1.0, "wld"), 2: record(0.0, "wld")}
    text, value, kind = lehmann.verdict("lehmann", values, 5)
    assert text.startswith("proven: dark at least draws") and "only 2 of 5" in text
    assert (value, kind) == (0.0, "wld")
    values[2] = record(0.0, "heuristic")
    assert lehmann.verdict("lehmann", values, 5)[0].startswith("estimated: no first building")


def test_a_ceiling_above_zero_never_reads_as_a_win():
    # `tav solve --mode=threshold --threshold=2` that fails: dark's value at most +1, which says
    # nothing about whether dark wins.
    ceiling = record(1.0, "bound", "upper")
    text = lehmann.verdict("lehmann", {1: ceiling}, 4)[0]
    assert text.startswith("not decided: dark's best first building, ≤1, is only a ceiling")
    assert "only 1 of 4" in text
    values = {1: record(3.0, "exact"), 2: ceiling}
    assert lehmann.verdict("classic", values, 2)[0].startswith(
        "not decided: light's best placement, ≤1")
    values[2] = record(1.0, "heuristic")
    assert lehmann.verdict("classic", values, 2)[0].startswith("estimated: dark wins")


def test_no_first_building_winning_and_one_drawing_proves_the_start_a_draw():
    values = {1: record(-1.0, "wld"), 2: record(0.0, "bound", "upper")}
    assert lehmann.verdict("lehmann", values, 2)[0] == "proven: no first building wins for dark"
    values[3] = record(0.0, "wld")
    assert lehmann.verdict("lehmann", values, 3)[0].startswith("proven: the start is a draw")
    values[2] = record(0.0, "bound", "lower")
    assert lehmann.verdict("lehmann", values, 3)[0].startswith("proven: dark at least draws")


def test_records_that_should_be_symmetric_but_disagree_are_counted(good):
    table = placements_of(good, GOOD / "explore" / "cathedral-classic-5x5").copy()
    twin = table[table["active"] == "b4"].copy()
    twin["orientation"], twin["active"], twin["dark_value"] = "e", "d4", 4.0  # Ynb4 turned
    import pandas as pd
    _, conflicts = lehmann.expand(pd.concat([table, twin]), 5)
    assert conflicts == 4


def test_no_cathedral_data_says_so(tmp_path):
    section = lehmann.build(analysis.load([tmp_path]))
    assert "No Cathedral placement values yet" in section.blocks[0].text


def test_a_value_shows_on_every_active_square_that_spells_the_same_placement():
    # The Square P north on a2 covers a2 b2 a1 b1; spelled east, south and west its active
    # square is b2, b1 and a1 (RULES.md: the picture turns about the active square).
    row = record(3.0, "exact")
    values = {("P", *analysis.cathedral.canonical_spelling("P", "n", (0, 1), 5)): row}
    shown = lehmann.best_by_active_square(values, "P", 5)
    assert {analysis.cathedral.square_name(*s) for s in shown} == {"a2", "b2", "b1", "a1"}


def test_solve_moves_from_another_position_are_not_opening_moves(tmp_path):
    # A solve record's `moves` are a line from the start only when `from_start` says so (or,
    # in records written before the key, is absent): `--position=P --moves=Yc3` is no placement.
    def record(**extra):
        return {"schema": 1, "kind": "solve", "game": "cathedral", "variant": "classic",
                "size": 5, "board": "5x5", "position": "p", "moves": "Ync4", "side_to_move": 1,
                "mode": "exact", "value": -3, "value_first_player": 3, "result": "loss", **extra}

    lines = [record(), record(from_start=True, start_position="s"),
             record(from_start=False, start_position="elsewhere")]
    (tmp_path / "solves.jsonl").write_text("".join(json.dumps(r) + "\n" for r in lines))
    ds = analysis.load([tmp_path])
    table, _ = lehmann.placement_records(ds)
    assert len(table[table["source"] == "solve"]) == 2


def test_a_threshold_solve_is_a_bound_turned_to_dark(tmp_path):
    # `tav solve --mode=threshold --threshold=4 --moves=Ync4`: light to move; its upper bound -4
    # is dark's lower bound +4 (never an exact value).
    record = {"schema": 1, "kind": "solve", "game": "cathedral", "variant": "classic", "size": 5,
              "board": "5x5", "position": "p", "moves": "Ync4", "from_start": True,
              "side_to_move": 1, "mode": "threshold", "value_kind": "bound", "bound": "upper",
              "threshold": 4, "value": -4, "value_first_player": 4, "result": None}
    (tmp_path / "threshold.json").write_text(json.dumps(record) + "\n")
    table, notes = lehmann.placement_records(analysis.load([tmp_path]))
    assert notes == []
    row = table.iloc[0]
    assert (row["value_kind"], row["dark_bound"], row["dark_value"]) == ("bound", "lower", 4)
    assert lehmann.label(row["dark_value"], row["value_kind"], row["dark_bound"]) == "≥4"


def _heuristic_run(run, search, depth, values, kind="heuristic"):
    return pd.DataFrame([{"run": run, "variant": "classic", "size": 5, "board": "5x5", "piece": "Y",
                          "orientation": "n", "active": active, "dark_value": value,
                          "value_kind": kind, "dark_bound": None, "search": search,
                          "depth": depth} for active, value in values.items()])


def test_depth_swing_pairs_runs_of_one_search_one_ply_apart_over_shared_placements():
    placements = pd.concat([
        _heuristic_run("d3", "selective", 3, {"b4": 4, "c4": 6, "b5": 2}),
        _heuristic_run("d4", "selective", 4, {"b4": 1, "c4": 5}),  # b5 not searched
        _heuristic_run("other", "fullwidth", 4, {"b4": -9, "c4": -9, "b5": -9}),
        _heuristic_run("proven", None, None, {"b4": 1, "c4": 1, "b5": 1}, kind="exact"),
    ], ignore_index=True)
    swing = lehmann.depth_swing(placements)
    assert len(swing) == 1  # fullwidth has one depth, and the proven run is no estimate
    row = swing.iloc[0]
    assert (row["run at d"], row["run at d+1"], row["depth d"]) == ("d3", "d4", 3)
    # b4 stands for 8 placements (rotations and their mirror images), c4 on the axis for 4:
    # b4 moved -3, c4 -1.
    assert row["placements"] == 12
    assert row["mean |change|"] == pytest.approx(28 / 12)
    assert (row["largest |change|"], row["mean change"]) == (3, pytest.approx(-28 / 12))
    assert (row["best play at d"], row["best play at d+1"]) == (2, 1)  # light's best placement


def test_horizon_files_give_per_file_plies_from_the_end_solved(tmp_path):
    def horizon(name, source, furthest):
        games = [{"game_index": i, "moves": "Ynb4", "length": 25,
                  "furthest_solved": None if f is None else {"plies_from_end": f, "nodes": 1}}
                 for i, f in enumerate(furthest)]
        record = {"schema": 1, "kind": "cathedral_horizon", "game": "cathedral",
                  "variant": "classic", "size": 10, "board": "10x10", "limit_seconds": 60.0,
                  "games": games, "attempts": [], "provenance": {"toolkit_version": "tav x"}}
        if source is not None:
            record["source"] = source
        (tmp_path / name).write_text(json.dumps(record))

    horizon("old.json", None, [8, 12, 9, None])  # before --from-selfplay: random games
    horizon("engine.json", "selfplay", [14, 16, 15])
    table = lehmann.horizon_table(analysis.load([tmp_path]).horizon_games)
    rows = table.set_index("source")
    assert rows.loc["random", "games"] == 4  # a game with nothing solved still counts
    assert rows.loc["random", "plies_median"] == 9
    assert rows.loc["selfplay", "plies_min"] == 14 and rows.loc["selfplay", "plies_max"] == 16
    assert lehmann.horizon_table(pd.DataFrame()).empty
