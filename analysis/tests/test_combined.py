"""Every proof run of a board together: intervals per placement, classes, the start's value."""

from __future__ import annotations

import math

import pandas as pd

from analysis import combined, lehmann

SYMMETRIC = "......................... VSLN VSLN dark none hand"
CHIRAL = "................................................. VSLNPMZ VSLNPMZ light none board"


def record(run, move, value, kind, bound=None, variant="classic", size=5, position=SYMMETRIC):
    from analysis import cathedral
    piece, orientation, active = cathedral.parse_move(move)
    return {"run": run, "variant": variant, "board": f"{size}x{size}", "size": size,
            "move": move, "piece": piece, "orientation": orientation,
            "active": cathedral.square_name(*active), "dark_value": float(value),
            "value_kind": kind, "dark_bound": bound,
            "mirror_symmetric": lehmann.mirror_symmetric(position),
            "pieces": lehmann.hand_pieces(position)}


def frame(*records):
    return pd.DataFrame(list(records))


CLASSES_5X5 = ["Ynb4", "Ync4", "Ynd4", "Ynb5", "Ync5", "Ynd5"]


def test_each_kind_of_proof_allows_its_interval():
    assert combined.interval({"value_kind": "exact", "dark_value": 3, "dark_bound": None}) == (3, 3)
    assert combined.interval({"value_kind": "wld", "dark_value": 1, "dark_bound": None}) == (1, math.inf)
    assert combined.interval({"value_kind": "wld", "dark_value": 0, "dark_bound": None}) == (0, 0)
    assert combined.interval({"value_kind": "wld", "dark_value": -1, "dark_bound": None}) == (-math.inf, -1)
    assert combined.interval({"value_kind": "bound", "dark_value": 2, "dark_bound": "lower"}) == (2, math.inf)
    assert combined.interval({"value_kind": "bound", "dark_value": 2, "dark_bound": "upper"}) == (-math.inf, 2)
    assert combined.interval({"value_kind": "heuristic", "dark_value": 2, "dark_bound": None}) == (-math.inf, math.inf)


def test_two_threshold_runs_meeting_make_an_exact_margin_and_the_start_takes_lights_best():
    # Run "ge2" proves dark >= 2 everywhere; run "ge3" proves >= 3 for all but Ynb4 (< 3).
    records = [record("ge2", m, 2, "bound", "lower") for m in CLASSES_5X5]
    records += [record("ge3", m, 3, "bound", "lower") for m in CLASSES_5X5[1:]]
    records.append(record("ge3", "Ynb4", 2, "bound", "upper"))
    classes = combined.classes(frame(*records), lehmann.expand)
    row = classes.set_index("opening").loc["Ynb4"]
    assert (row["low"], row["high"], row["dark's value"], row["dark wins"]) == (2, 2, "+2", "yes")
    assert set(classes["dark wins"]) == {"yes"} and len(classes) == 6
    summary = combined.summary(classes).iloc[0]
    assert summary["exact"] == 1 and summary["dark wins"] == 6
    # Light picks the placement: the start is Ynb4's +2 exactly, however high the others go.
    assert summary["start: dark's value"] == "+2"
    assert summary["verdict"] == "proven: the start is a dark win, dark's value +2"


def test_a_placement_no_run_proves_leaves_the_classic_start_open_below():
    # Ync4 is its own mirror image: no other record stands for it.
    records = [record("wld", m, 1, "wld") for m in CLASSES_5X5 if m != "Ync4"]
    records.append(record("guess", "Ync4", 4, "heuristic"))
    summary = combined.summary(combined.classes(frame(*records), lehmann.expand)).iloc[0]
    assert (summary["dark wins"], summary["open"]) == (5, 1)
    assert summary["start: dark's value"] == "open"
    assert summary["verdict"].startswith("open")


def test_runs_that_contradict_each_other_prove_nothing_for_that_placement():
    records = [record("a", "Ynb4", 3, "exact"), record("b", "Ynb4", 1, "bound", "upper")]
    bounds, conflicts = combined.placement_intervals(frame(*records), 5, lehmann.expand)
    assert conflicts == 8 and bounds == {}  # Ynb4, its rotations and their mirror images


def test_lehmann_start_is_dark_best_first_building_and_pockets_are_not_openings():
    # 5x5 first buildings of V S L N (the pieces in hand, whether or not a record has them): 40
    # classes by rotation once the pocket-making ones go; Snb2 and its mirror image are two.
    draw = record("wld", "Vnc3", 0, "wld", variant="lehmann")
    loss = record("wld", "Snb2", -1, "wld", variant="lehmann")
    classes = combined.classes(frame(draw, loss), lehmann.expand)
    summary = combined.summary(classes).iloc[0]
    assert (summary["classes"], summary["dark does not win"], summary["open"]) == (40, 3, 37)
    assert summary["start: dark's value"] == ">= +0"
    assert summary["verdict"].startswith("proven: dark at least draws")
    no_win = [record("t1", move, 0, "bound", "upper", variant="lehmann")
              for move in classes.loc[classes["dark wins"] == "open", "opening"]]
    summary = combined.summary(combined.classes(frame(draw, loss, *no_win),
                                                lehmann.expand)).iloc[0]
    assert summary["open"] == 0
    assert summary["verdict"] == "proven: the start is a draw, dark's value +0"


def test_a_first_building_that_walls_off_a_corner_leaves_two_regions():
    from analysis import cathedral
    assert not cathedral.leaves_one_region({(0, 1), (1, 1), (1, 0)}, 5)  # the Inn round a1
    assert cathedral.leaves_one_region({(0, 0), (1, 0), (1, 1)}, 5)
    # 8-connected: a diagonal gap is no wall.
    assert cathedral.leaves_one_region({(0, 1), (1, 0)}, 5)


def test_the_mirror_fills_placements_only_where_no_chiral_piece_is_in_hand():
    symmetric = frame(record("r", "Snb2", -1, "wld", variant="lehmann"))
    values, _ = lehmann.expand(symmetric, 5)
    assert len(values) == 8  # four rotations and their mirror images
    chiral = frame(record("r", "Snb2", -1, "wld", variant="lehmann", size=7, position=CHIRAL))
    values, _ = lehmann.expand(chiral, 7)
    assert len(values) == 4  # rotations only: the mirror is no symmetry with a Z in hand
