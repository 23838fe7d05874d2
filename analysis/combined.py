"""Every proof about one board's openings, put together: what all the runs prove at once.

One run seldom settles a board. The 7x7 Lehmann start, for one, is settled by a win/draw/loss
run for most first buildings, a threshold run ("does dark win?") for others and a few single
solves; the exact margin of a classic placement is settled by two threshold runs, one proving
dark's value at least v and one proving it below v + 1. Each proof record allows dark's value an
interval:

* an exact value v: [v, v];
* win/draw/loss (values are whole squares): a win [1, +inf), a draw [0, 0], a loss (-inf, -1];
* a proven bound (``tav explore --mode=threshold``): a lower bound v gives [v, +inf), an upper
  bound v gives (-inf, v].

Heuristic values prove nothing and are left out. Each run's records are spread to every
placement they stand for (``lehmann.expand``), and a placement's interval is the intersection of
every run's. Two runs whose intervals do not meet contradict each other: such placements are
counted as conflicts and keep no interval (the data, not the reader, must be fixed).

The start then lies in an interval too: under the classic rules light picks the placement, so
dark's value at the start is the minimum over placements (a placement no run has proven allows
anything); in the Lehmann variant dark picks the first building, so it is the maximum. Openings
are counted by class: a placement and its images under the board's rotations.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pandas as pd

from . import cathedral

INF = math.inf
PROOF_KINDS = ("exact", "wld", "bound")


def interval(row) -> tuple[float, float]:
    """Dark's values a record allows (the module docstring); (-inf, inf) for an estimate."""
    kind, value = row["value_kind"], row["dark_value"]
    if kind == "exact":
        return value, value
    if kind == "wld":
        return (1, INF) if value > 0 else (-INF, -1) if value < 0 else (0, 0)
    if kind == "bound" and row["dark_bound"] == "lower":
        return value, INF
    if kind == "bound" and row["dark_bound"] == "upper":
        return -INF, value
    return -INF, INF


def class_of(key: tuple, size: int) -> tuple:
    """The first (piece, orientation, square) among a placement's images under the board's four
    rotations, which are symmetries of every position with one building on the board. (The
    mirror is one only where no piece in hand is chiral: it turns a chiral piece into the other
    colour's. Leaving it out counts some boards' classes twice, never joins two that differ.)"""
    piece, orientation, active = key
    images = [(piece, *cathedral.canonical_spelling(piece, o, square, size))
              for o, square in cathedral.rotations(piece, orientation, active, size)]
    return min(images, key=_order)


def _order(key: tuple):
    """Piece, then orientation in n, e, s, w order (the explorer's spelling comes first), then
    row and column."""
    return key[0], cathedral.ORIENTATIONS.index(key[1]), key[2][1], key[2][0]


def _spell(key: tuple) -> str:
    piece, orientation, active = key
    return f"{piece}{orientation}{cathedral.square_name(*active)}"


def openings(variant: str, size: int, pieces) -> list[tuple]:
    """Every opening move of the variant: the Cathedral's placements, or dark's first buildings
    of ``pieces`` that leave no pocket (RULES.md, Play 4), one spelling each."""
    letters = "Y" if variant == "classic" else "".join(sorted(pieces))
    return list(_openings(letters, size))


@lru_cache(maxsize=None)
def _openings(letters: str, size: int) -> tuple:
    """:func:`openings` for these piece letters, computed once per report (every run and board
    asks again, and each first building is checked for a pocket square by square)."""
    keys = set()
    for letter in letters:
        for (orientation, active), cells in cathedral.placements(letter, size).items():
            if letter == "Y" or cathedral.leaves_one_region(cells, size):
                keys.add((letter, *cathedral.canonical_spelling(letter, orientation, active, size)))
    return tuple(sorted(keys, key=_order))


def pieces(group: pd.DataFrame) -> set:
    """Dark's piece types on this board: those in the records' hands (a first building no run
    has touched is still an opening), else those of the records themselves."""
    letters = set("".join(group["pieces"].dropna())) if "pieces" in group else set()
    return (letters | set(group["piece"])) - {"Y"}


def placement_intervals(group: pd.DataFrame, size: int, expand) -> tuple[dict, int]:
    """{placement key: (low, high)} over every run of ``group`` (one variant and board), and the
    number of placements whose runs contradict each other (left out of the result)."""
    proofs = group[group["value_kind"].isin(PROOF_KINDS)]
    bounds: dict = {}
    for _, run in proofs.groupby("run", sort=True):
        values, _ = expand(run, size)
        for key, row in values.items():
            low, high = interval(row)
            old_low, old_high = bounds.get(key, (-INF, INF))
            bounds[key] = (max(low, old_low), min(high, old_high))
    conflicts = {key for key, (low, high) in bounds.items() if low > high}
    return {k: v for k, v in bounds.items() if k not in conflicts}, len(conflicts)


def _text(low: float, high: float) -> str:
    if low == high:
        return f"{low:+g}"
    if low == -INF and high == INF:
        return "open"
    if high == INF:
        return f">= {low:+g}"
    if low == -INF:
        return f"<= {high:+g}"
    return f"{low:+g} to {high:+g}"


def classes(placements: pd.DataFrame, expand) -> pd.DataFrame:
    """One row per variant, board and opening class: dark's proven interval over every run
    (``low``/``high``, +-inf where nothing is proven), its text, and whether dark wins with it
    (``yes``/``no``/``open``)."""
    frames = []
    for (variant, size), group in placements.groupby(["variant", "size"], sort=True):
        size = int(size)
        bounds, _ = placement_intervals(group, size, expand)
        if not bounds:
            continue
        keys = openings(variant, size, pieces(group))
        frame = pd.DataFrame({"key": keys})
        frame["class"] = [class_of(k, size) for k in keys]
        frame["low"] = [bounds.get(k, (-INF, INF))[0] for k in keys]
        frame["high"] = [bounds.get(k, (-INF, INF))[1] for k in keys]
        # A class's placements share one value; the tightest of them speaks for the class.
        per_class = frame.groupby("class", sort=False).agg(low=("low", "max"), high=("high", "min"),
                                                          placements=("key", "size"))
        per_class = per_class.reset_index()
        per_class.insert(0, "board", f"{size}x{size}")
        per_class.insert(0, "variant", variant)
        per_class["opening"] = per_class["class"].map(_spell)
        frames.append(per_class)
    if not frames:
        return pd.DataFrame(columns=["variant", "board", "opening", "placements", "low", "high",
                                     "dark's value", "dark wins"])
    table = pd.concat(frames, ignore_index=True)
    table["dark's value"] = [_text(lo, hi) for lo, hi in zip(table["low"], table["high"])]
    table["dark wins"] = "open"
    table.loc[table["low"] >= 1, "dark wins"] = "yes"
    table.loc[table["high"] <= 0, "dark wins"] = "no"
    return table[["variant", "board", "opening", "placements", "low", "high", "dark's value",
                  "dark wins"]]


def _start(variant: str, low: pd.Series, high: pd.Series) -> tuple[float, float]:
    """Dark's value at the start: light minimises over placements, dark maximises over first
    buildings (module docstring)."""
    if variant == "classic":
        return low.min(), high.min()
    return low.max(), high.max()


def _verdict(variant: str, low: float, high: float, open_classes: int) -> str:
    what = "Cathedral placements" if variant == "classic" else "first buildings"
    if low == high:
        result = "a dark win" if low > 0 else "a draw" if low == 0 else "a light win"
        return f"proven: the start is {result}, dark's value {low:+g}"
    if low >= 1:
        return f"proven: dark wins, value {_text(low, high)}"
    if high <= -1:
        return f"proven: light wins, value {_text(low, high)}"
    if high <= 0:
        return f"proven: dark does not win, value {_text(low, high)}"
    if low == 0:
        return (f"proven: dark at least draws; whether dark wins rests on the {open_classes} "
                f"{what} still open")
    return f"open: dark's value {_text(low, high)}, {open_classes} {what} open"


def summary(table: pd.DataFrame) -> pd.DataFrame:
    """One row per variant and board of :func:`classes`: classes decided for "does dark win?",
    exact ones, and dark's proven interval at the start with what it means."""
    rows = []
    for (variant, board), group in table.groupby(["variant", "board"], sort=False):
        low, high = _start(variant, group["low"], group["high"])
        counts = group["dark wins"].value_counts()
        open_classes = int(counts.get("open", 0))
        rows.append({
            "variant": variant, "board": board, "classes": len(group),
            "dark wins": int(counts.get("yes", 0)), "dark does not win": int(counts.get("no", 0)),
            "open": open_classes, "exact": int((group["low"] == group["high"]).sum()),
            "start: dark's value": _text(low, high),
            "verdict": _verdict(variant, low, high, open_classes)})
    return pd.DataFrame(rows)
