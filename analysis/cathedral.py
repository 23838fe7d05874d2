"""Cathedral board geometry for the Lehmann pictures: squares, piece shapes, notation, symmetry.

Only what a picture needs -- the rules engine is C++ (solver/games/cathedral). Shapes, active
squares and the ``<letter><n|e|s|w><square>`` notation follow RULES.md: each piece is drawn facing
north with its active square ``D``; orientation ``e``/``s``/``w`` rotates the picture clockwise by
90/180/270 degrees about the active square, which goes on ``<square>``. Files ``a``.. from the
left, rows ``1``.. from the bottom. Dark's Abbey (Z) and Academy (A) are the mirror images of
light's; the analysis draws dark's pieces (the first building is dark's).

A placement is ``(letter, orientation, (column, row))`` with 0-based column and row.
"""

from __future__ import annotations

import re
from functools import lru_cache

ORIENTATIONS = "nesw"

# Pictures facing north, top row = north. "D" is the active square.
_DARK_SHAPES = {
    "V": ["D"],
    "S": ["D", "#"],
    "L": ["D.", "##"],
    "N": ["D", "#", "#"],
    "P": ["D#", "##"],
    "M": [".#.", "#D#"],
    "Z": ["D#.", ".##"],
    "O": [".D.", "###", ".#."],
    "C": ["D.#", "###"],
    "T": ["D#.", ".##", "..#"],
    "A": [".D.", ".##", "##."],
    "Y": [".D.", "###", ".#.", ".#."],
}
PIECE_NAMES = {"V": "Tavern", "S": "Stable", "L": "Inn", "N": "Bridge", "P": "Square",
               "M": "Manor", "Z": "Abbey", "O": "Infirmary", "C": "Castle", "T": "Tower",
               "A": "Academy", "Y": "Cathedral"}
CHIRAL = frozenset("ZA")  # mirror images belong to the other colour


def _offsets(picture: list[str]) -> tuple[tuple[int, int], ...]:
    anchor = next((x, y) for y, row in enumerate(picture) for x, c in enumerate(row) if c == "D")
    cells = [(x - anchor[0], anchor[1] - y)  # y grows northwards
             for y, row in enumerate(picture) for x, c in enumerate(row) if c in "D#"]
    return tuple(sorted(cells))


def _rotate_clockwise(dx: int, dy: int, quarter_turns: int) -> tuple[int, int]:
    for _ in range(quarter_turns % 4):
        dx, dy = dy, -dx
    return dx, dy


def square_name(column: int, row: int) -> str:
    return f"{chr(ord('a') + column)}{row + 1}"


def parse_square(name: str) -> tuple[int, int]:
    match = re.fullmatch(r"([a-zA-Z])(\d+)", name)
    if not match:
        raise ValueError(f"bad square '{name}'")
    return ord(match.group(1).lower()) - ord("a"), int(match.group(2)) - 1


def parse_move(move: str) -> tuple[str, str, tuple[int, int]]:
    """``Yni4`` -> ("Y", "n", (8, 3)). Raises ValueError for anything else (``pass``, ``Y..+X..``)."""
    match = re.fullmatch(r"([A-Za-z])([nesw])([a-z]\d+)", move.strip(), flags=re.IGNORECASE)
    if not match or match.group(1).upper() not in _DARK_SHAPES:
        raise ValueError(f"not a single Cathedral placement: '{move}'")
    return match.group(1).upper(), match.group(2).lower(), parse_square(match.group(3).lower())


@lru_cache(maxsize=None)
def squares(letter: str, orientation: str, active: tuple[int, int]) -> frozenset[tuple[int, int]]:
    """The squares a placement covers (may lie off the board). Cached: the symmetry expansion
    asks for the same placements tens of thousands of times."""
    turns = ORIENTATIONS.index(orientation)
    cells = set()
    for dx, dy in _offsets(_DARK_SHAPES[letter]):
        rx, ry = _rotate_clockwise(dx, dy, turns)
        cells.add((active[0] + rx, active[1] + ry))
    return frozenset(cells)


def on_board(cells, size: int) -> bool:
    return all(0 <= c < size and 0 <= r < size for c, r in cells)


@lru_cache(maxsize=None)
def placements(letter: str, size: int) -> dict[tuple[str, tuple[int, int]], frozenset]:
    """Every on-board placement of one of dark's pieces: (orientation, active) -> squares."""
    result = {}
    for orientation in ORIENTATIONS:
        for column in range(size):
            for row in range(size):
                cells = squares(letter, orientation, (column, row))
                if on_board(cells, size):
                    result[(orientation, (column, row))] = cells
    return result


def leaves_one_region(cells, size: int) -> bool:
    """Whether the board's squares outside ``cells`` are one 8-connected region: a first
    building that does not is illegal (RULES.md, Play 4: no pocket against the wall)."""
    rest = {(c, r) for c in range(size) for r in range(size)} - set(cells)
    start = next(iter(rest))
    seen, todo = {start}, [start]
    while todo:
        column, row = todo.pop()
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                neighbour = (column + dc, row + dr)
                if neighbour in rest and neighbour not in seen:
                    seen.add(neighbour)
                    todo.append(neighbour)
    return len(seen) == len(rest)


@lru_cache(maxsize=None)
def _by_squares(letter: str, size: int) -> dict[frozenset, tuple[str, tuple[int, int]]]:
    by_cells: dict[frozenset, tuple[str, tuple[int, int]]] = {}
    for key, cells in placements(letter, size).items():
        by_cells.setdefault(cells, key)  # first spelling in n, e, s, w order
    return by_cells


def placement_of_squares(letter: str, cells, size: int):
    """(orientation, active) of the placement covering exactly ``cells``, or None."""
    return _by_squares(letter, size).get(frozenset(cells))


def rotate_square(square: tuple[int, int], size: int) -> tuple[int, int]:
    """The board turned a quarter clockwise: a1 (bottom left) goes to a<size> (top left)."""
    column, row = square
    return row, size - 1 - column


def mirror_square(square: tuple[int, int], size: int) -> tuple[int, int]:
    column, row = square
    return size - 1 - column, row


def rotations(letter: str, orientation: str, active: tuple[int, int], size: int):
    """The placement and its images under the board's four rotations, as placements."""
    images = []
    for turns in range(4):
        images.append((ORIENTATIONS[(ORIENTATIONS.index(orientation) + turns) % 4], active))
        active = rotate_square(active, size)
    return images


def mirror(letter: str, orientation: str, active: tuple[int, int], size: int):
    """The left-right mirror image as a placement of the same piece, or None for chiral pieces
    (whose mirror image is the other colour's piece)."""
    if letter in CHIRAL:
        return None
    cells = [mirror_square(s, size) for s in squares(letter, orientation, active)]
    return placement_of_squares(letter, cells, size)


def canonical_spelling(letter: str, orientation: str, active: tuple[int, int], size: int):
    """Placements that cover the same squares (a Tavern in any orientation) share one spelling."""
    found = placement_of_squares(letter, squares(letter, orientation, active), size)
    return found if found is not None else (orientation, active)
