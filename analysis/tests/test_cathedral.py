"""Cathedral geometry against RULES.md: the seed's example squares and the published counts."""

from __future__ import annotations

import pytest

from analysis import cathedral


def names(move):
    letter, orientation, active = cathedral.parse_move(move)
    return {cathedral.square_name(*s) for s in cathedral.squares(letter, orientation, active)}


@pytest.mark.parametrize("move, expected", [
    ("Yni4", "i4 h3 i3 j3 i2 i1"), ("See5", "e5 d5"), ("Sna3", "a3 a2"),
    ("Tna4", "a4 b4 b3 c3 c2"), ("Ceh4", "h4 g4 g3 g2 h2"), ("Mef6", "f6 f7 f5 g6"),
])
def test_the_seed_example_moves_cover_the_squares_rules_md_lists(move, expected):
    assert names(move) == set(expected.split())


def test_placements_on_the_empty_10x10_board_match_the_published_counts():
    published = {"V": 100, "S": 180, "L": 324, "N": 160, "P": 81, "M": 288, "Z": 144, "O": 64,
                 "C": 288, "T": 256, "A": 256, "Y": 224}
    counts = {p: len(set(cathedral.placements(p, 10).values())) for p in published}
    assert counts == published


def test_the_224_cathedral_placements_form_56_classes_under_the_board_rotations():
    classes = set()
    for (orientation, active) in cathedral.placements("Y", 10):
        orbit = cathedral.rotations("Y", orientation, active, 10)
        classes.add(min(orbit))
    assert len(classes) == 56


def test_a_quarter_turn_maps_a1_to_a10_and_turns_the_piece_with_it():
    assert cathedral.rotate_square((0, 0), 10) == (0, 9)
    turned = cathedral.rotations("S", "n", (1, 1), 5)[1]  # {b2, b1} -> {b4, a4}
    assert {cathedral.square_name(*s) for s in cathedral.squares("S", *turned)} == {"b4", "a4"}


def test_mirror_images_exist_only_for_non_chiral_pieces():
    assert cathedral.mirror("Z", "n", (4, 4), 10) is None
    assert cathedral.mirror("L", "n", (0, 4), 5) is not None


@pytest.mark.parametrize("move", ["pass", "Yxi4", "Qni4", "Yn", "Ynf5+Sna3"])
def test_anything_but_a_single_placement_is_refused(move):
    with pytest.raises(ValueError):
        cathedral.parse_move(move)
