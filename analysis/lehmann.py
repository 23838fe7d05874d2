"""Lehmann report: dark's value for every Cathedral placement (classic) and every first building
(Lehmann variant), as board heatmaps and tables that separate proven values from estimates.

Lehmann's claim (RULES.md): under the classic rules dark wins whatever Cathedral placement light
chooses; the Lehmann variant (dark builds first, light answers with Cathedral + building) was
proposed to fix that.

Where the values come from, for ``game: "cathedral"`` records:

* exploration records (``explore_position``) one move from the start (``root_moves + moves``
  has one move): under ``classic`` that move is light's Cathedral placement (the record carries
  ``annotations.cathedral_squares``/``cathedral_move``), under ``lehmann`` it is dark's first
  building and the value is the one after light's best reply;
* solve records whose ``moves`` is one such move;
* solve records of the start position with ``analysis`` (``tav solve --analyze``): one value per
  first move, from the point of view of the player making it (checked: their best must equal the
  record's value).

Dark is the first player of data/README.md, so dark's value is ``value_first_player`` (for
``analysis`` entries: the mover's value, negated when light moves). Bounds are turned round to
dark's view too.

Records are class representatives (positions are merged by symmetry), so each value is spread
to the placements it stands for: the board's four rotations (always value-preserving), then the
left-right mirror image for the placements no record covers yet -- but only where the mirror is
a symmetry of the game, that is where no piece in either hand is chiral (the mirror turns a
chiral piece, Z or A, into the other colour's, which is why the explorer merges 7x7 and larger
boards by rotation alone). A run that merged by rotation covers every placement by rotation
alone, so the mirror never overrides one of its values.

The pictures: classic -- one board per Cathedral orientation (n, e, s, w: where the head of the
cross points), each cell the Cathedral's active square (the head, as in the notation ``Yni4``),
coloured by dark's value; every one of the placements is exactly one cell. Lehmann variant -- one
board per building, each cell the building's active square, coloured by dark's best value over
the building's orientations there. Grey cells admit no such placement; white ones have no value
yet. Labels: ``3`` exact, ``W``/``D``/``L`` win/draw/loss only, ``>=3``/``<=3`` a proven bound,
``~3`` a heuristic estimate.
"""

from __future__ import annotations

import re

import pandas as pd

from . import cathedral, combined, plotting
from .load import Dataset
from .section import Section

PROVEN = ("exact", "wld")
PLACEMENT_COLUMNS = ["run", "variant", "board", "move", "piece", "orientation", "active",
                     "squares", "dark_value", "value_kind", "dark_bound", "search", "depth",
                     "nodes", "seconds", "source", "mirror_symmetric", "pieces"]


def hand_pieces(position) -> str:
    """The piece letters in either hand of a position string (RULES.md format: board, dark's
    hand, light's hand, ...), each once, in order; "" when there is no position."""
    if not isinstance(position, str) or len(position.split()) < 3:
        return ""
    hands = "".join(h for h in position.split()[1:3] if h != "-")
    return "".join(sorted(set(hands)))


def mirror_symmetric(position) -> bool:
    """Whether the left-right mirror is a symmetry of the game the position string is in: no
    chiral piece in either hand (RULES.md position format: board, dark's hand, light's hand,
    ...). Unknown (no position) counts as not symmetric: the mirror is then never used."""
    pieces = hand_pieces(position)
    return bool(pieces) and not any(piece in cathedral.CHIRAL for piece in pieces)


def _size(row) -> int:
    size = row.get("size")
    if isinstance(size, (int, float)) and size == size:
        return int(size)
    match = re.match(r"(\d+)x\d+", str(row.get("board") or ""))
    return int(match.group(1)) if match else 10


def _variant(row) -> str:
    variant = row.get("variant")
    return variant if isinstance(variant, str) and variant else "classic"


def _search(row, kind: str):
    """The search behind a heuristic value: the record's ``search``, else ``fullwidth`` (the only
    depth-limited search of the records written before it was recorded); None for proven ones."""
    if kind != "heuristic":
        return None
    search = row.get("search")
    return search if isinstance(search, str) and search else "fullwidth"


def _flip(bound):
    return {"lower": "upper", "upper": "lower"}.get(bound)


def _dark_side(row, variant: str, plies_from_start: int) -> int:
    """Whose turn it is (0 dark, 1 light) when the record does not say."""
    side = row.get("side_to_move")
    if isinstance(side, (int, float)) and side == side:
        return int(side)
    light_starts = variant == "classic"
    return (plies_from_start + (1 if light_starts else 0)) % 2


def placement_records(ds: Dataset) -> tuple[pd.DataFrame, list[str]]:
    """One row per Cathedral placement (classic) or dark first building (lehmann) with a value."""
    rows, notes = [], []

    def add(row, move, dark_value, kind, dark_bound, source, squares_hint=None):
        variant, size = _variant(row), _size(row)
        try:
            piece, orientation, active = cathedral.parse_move(move)
        except ValueError:
            piece = None
        if squares_hint and (piece in (None, "Y")):
            cells = [cathedral.parse_square(s) for s in squares_hint]
            found = cathedral.placement_of_squares("Y", cells, size)
            if found:
                piece, (orientation, active) = "Y", found
        if piece is None:
            notes.append(f"{row.get('file')}:{row.get('line')}: cannot read placement '{move}', left out")
            return
        expected = "Y" if variant == "classic" else None
        if expected and piece != expected:
            return
        orientation, active = cathedral.canonical_spelling(piece, orientation, active, size)
        rows.append({
            "run": row.get("run"), "variant": variant, "board": f"{size}x{size}", "size": size,
            "move": move, "piece": piece, "orientation": orientation,
            "active": cathedral.square_name(*active),
            "squares": " ".join(sorted(cathedral.square_name(*s) for s in
                                       cathedral.squares(piece, orientation, active))),
            "dark_value": float(dark_value), "value_kind": kind, "dark_bound": dark_bound,
            "search": _search(row, kind), "depth": row.get("depth"), "nodes": row.get("nodes"),
            "seconds": row.get("seconds"),
            "source": source, "mirror_symmetric": mirror_symmetric(row.get("position")),
            "pieces": hand_pieces(row.get("position")),
        })

    positions = ds.positions[ds.positions["game"] == "cathedral"]
    for row in positions.to_dict("records"):
        if len(row["game_moves"]) != 1:
            continue
        side = _dark_side(row, _variant(row), 1)
        value = row.get("value_first_player")
        if value is None or value != value:
            value = row["value"] if side == 0 else -row["value"]
        bound = row.get("bound") if side == 0 else _flip(row.get("bound"))
        add(row, row.get("cathedral_move") or row["game_moves"][0], value, row["value_kind"], bound,
            "explore", row.get("cathedral_squares"))

    solves = ds.solves[ds.solves["game"] == "cathedral"]
    for row in solves.to_dict("records"):
        moves = (row.get("moves") or "").split()
        from_start = row.get("from_start")
        if from_start is not None and not pd.isna(from_start) and not from_start:
            continue  # moves from a --position, not from the start: not an opening move
        kind = row.get("value_kind") or "exact"
        if len(moves) == 1:
            side = _dark_side(row, _variant(row), 1)
            value = row.get("value_first_player")
            if value is None or value != value:
                value = row["value"] if side == 0 else -row["value"]
            bound = row.get("bound") if kind == "bound" else None
            add(row, moves[0], value, kind, bound if side == 0 else _flip(bound), "solve")
        elif not moves and isinstance(row.get("analysis"), list) and row["analysis"]:
            side = _dark_side(row, _variant(row), 0)
            entries = [e for e in row["analysis"] if isinstance(e, dict) and "move" in e
                       and isinstance(e.get("value"), (int, float))]
            best = max((e["value"] for e in entries), default=None)
            if best is not None and best != row["value"]:
                notes.append(f"{row.get('file')}:{row.get('line')}: the best 'analysis' value "
                             f"({best}) differs from the record's value ({row['value']}): "
                             "analysis values left out")
                continue
            for entry in entries:
                dark_value = entry["value"] if side == 0 else -entry["value"]
                add(row, entry["move"], dark_value, kind, None, "solve --analyze")
    frame = pd.DataFrame(rows, columns=PLACEMENT_COLUMNS + ["size"])
    return frame, notes


def expand(group: pd.DataFrame, size: int) -> tuple[dict, int]:
    """Spreads class values to every placement they stand for (see the module docstring).

    Returns {(piece, orientation, (column, row)): record row} and the number of placements two
    records gave different values.
    """
    values: dict = {}
    conflicts = 0

    def put(key, row):
        nonlocal conflicts
        if key in values:
            if values[key]["dark_value"] != row["dark_value"]:
                conflicts += 1
            return
        values[key] = row

    records = group.to_dict("records")
    for row in records:
        active = cathedral.parse_square(row["active"])
        for orientation, square in cathedral.rotations(row["piece"], row["orientation"], active, size):
            o, s = cathedral.canonical_spelling(row["piece"], orientation, square, size)
            put((row["piece"], o, s), row)
    if not records or not all(row.get("mirror_symmetric", True) for row in records):
        return values, conflicts
    for row in records:
        active = cathedral.parse_square(row["active"])
        for orientation, square in cathedral.rotations(row["piece"], row["orientation"], active, size):
            image = cathedral.mirror(row["piece"], orientation, square, size)
            if image is not None and (row["piece"], *image) not in values:
                values[(row["piece"], *image)] = row
    return values, conflicts


def label(value: float, kind: str, dark_bound) -> str:
    number = f"{int(value)}" if float(value).is_integer() else f"{value:.1f}"
    if kind == "wld":
        return "W" if value > 0 else "L" if value < 0 else "D"
    if kind == "bound":
        return ("≥" if dark_bound == "lower" else "≤" if dark_bound == "upper" else "?") + number
    if kind == "heuristic":
        return "~" + number
    return number


def proven_win(row) -> bool:
    """Dark provably wins: a proven value above 0 or a lower bound above 0."""
    if row["value_kind"] in PROVEN:
        return row["dark_value"] > 0
    return row["value_kind"] == "bound" and row["dark_bound"] == "lower" and row["dark_value"] > 0


def _ceiling(row) -> bool:
    """A proven upper bound on dark's value: it says how much dark can get at most, never that
    dark wins, so no verdict about winning may rest on it."""
    return row["value_kind"] == "bound" and row["dark_bound"] == "upper"


def proven_no_win(row) -> bool:
    """Dark provably does not win: a proven value of at most 0 or an upper bound at most 0."""
    if row["value_kind"] in PROVEN:
        return row["dark_value"] <= 0
    return _ceiling(row) and row["dark_value"] <= 0


def _label_of(row) -> str:
    return label(row["dark_value"], row["value_kind"], row["dark_bound"])


def _kind_counts(values: dict) -> dict:
    kinds = pd.Series([r["value_kind"] for r in values.values()], dtype=object).value_counts()
    return {k: int(kinds.get(k, 0)) for k in ("exact", "wld", "bound", "heuristic")}


def verdict(variant: str, values: dict, total: int) -> tuple[str, float | None, str | None]:
    """What the values say about dark winning, separating proof from estimate."""
    rows = list(values.values())
    if not rows:
        return "no values yet", None, None
    complete = len(values) == total
    coverage = "" if complete else f" (only {len(values)} of {total} placements have a value)"
    if variant == "classic":
        worst = min(rows, key=lambda r: (r["dark_value"], r["value_kind"] not in PROVEN))
        all_won = all(proven_win(r) for r in rows)
        if any(proven_no_win(r) for r in rows):
            text = "refuted: light has a placement where dark provably does not win"
        elif complete and all_won:
            text = "proven: dark wins against every Cathedral placement"
        elif _ceiling(worst):
            text = (f"not decided: light's best placement, {_label_of(worst)}, is only a ceiling"
                    + coverage)
        elif all_won:
            # A run rooted at some placements (`--moves`) proves only those.
            text = "proven for the placements with a value, dark wins against each" + coverage
        elif worst["dark_value"] > 0:
            text = "estimated: dark wins against every placement, not all values proven" + coverage
        else:
            text = "estimated: light has a placement holding dark to a draw or loss" + coverage
        return text, worst["dark_value"], worst["value_kind"]
    best = max(rows, key=lambda r: (r["dark_value"], r["value_kind"] in PROVEN))
    if any(proven_win(r) for r in rows):
        text = "dark provably wins with some first building"
    elif complete and all(proven_no_win(r) for r in rows):
        draws = any(r["dark_value"] == 0 and r["value_kind"] in PROVEN for r in rows)
        text = ("proven: the start is a draw (dark's best first buildings draw, none wins)"
                if draws else "proven: no first building wins for dark")
    elif _ceiling(best):
        text = (f"not decided: dark's best first building, {_label_of(best)}, is only a ceiling"
                + coverage)
    elif best["dark_value"] > 0:
        text = "estimated: dark wins with its best first building, not proven" + coverage
    elif best["dark_value"] == 0 and best["value_kind"] in PROVEN:
        text = ("proven: dark at least draws with some first building; none with a value wins"
                + coverage)
    else:
        text = "estimated: no first building wins for dark" + coverage
    return text, best["dark_value"], best["value_kind"]


def _panel_inches(size: int) -> float:
    return max(3.1, 0.42 * size)  # about 0.4 inch a cell on big boards: labels stay legible


def classic_sheet(cells: dict, size: int, norm, title: str, colorbar_label: str):
    """The classic picture: one board per direction of the Cathedral's head (n, e, s, w), each
    cell the Cathedral's active square, so that every placement is exactly one cell.

    ``cells`` maps ``(orientation, (column, row))`` to ``(colour value, label)``; ``norm`` maps
    the values to the colour scale. Also used by the self-play section (``selfplay.py``).
    """
    names = {"n": "north", "e": "east", "s": "south", "w": "west"}
    boards = []
    for orientation in cathedral.ORIENTATIONS:
        possible = {a for (o, a) in cathedral.placements("Y", size) if o == orientation}
        board = {square: cell for (o, square), cell in cells.items() if o == orientation}
        boards.append(plotting.Board(f"head of the cross {names[orientation]} (Y{orientation}…)",
                                     board, possible))
    return plotting.board_sheet(size, boards, 2 if size >= 7 else 4, _panel_inches(size), norm,
                                title, colorbar_label)


def _classic_figure(values: dict, size: int, title: str):
    cells = {key[1:]: (row["dark_value"], label(row["dark_value"], row["value_kind"], row["dark_bound"]))
             for key, row in values.items()}
    norm = plotting.value_norm([r["dark_value"] for r in values.values()])
    return classic_sheet(cells, size, norm, title, "dark's value")


def best_by_active_square(values: dict, piece: str, size: int) -> dict:
    """{active square: record} with dark's best value over every spelling of the piece there.

    Every spelling counts: a Square (P) covers the same squares in all four orientations, so
    its value shows on all four active squares that spell it, not only the canonical one.
    """
    best: dict = {}
    for (orientation, active), cells in cathedral.placements(piece, size).items():
        key = (piece, *cathedral.canonical_spelling(piece, orientation, active, size))
        row = values.get(key)
        if row is None:
            continue
        rank = (row["dark_value"], row["value_kind"] in PROVEN)
        if active not in best or rank > best[active][0]:
            best[active] = (rank, row)
    return {square: row for square, (_, row) in best.items()}


def _lehmann_figure(values: dict, size: int, title: str):
    pieces = [p for p in "VSLNPMZOCTA" if any(k[0] == p for k in values)]
    boards = []
    for piece in pieces:
        possible = {a for (_, a) in cathedral.placements(piece, size)}
        cells = {square: (row["dark_value"], label(row["dark_value"], row["value_kind"], row["dark_bound"]))
                 for square, row in best_by_active_square(values, piece, size).items()}
        boards.append(plotting.Board(f"{piece} {cathedral.PIECE_NAMES[piece]}", cells, possible))
    norm = plotting.value_norm([r["dark_value"] for r in values.values()])
    return plotting.board_sheet(size, boards, plotting.grid(len(pieces), 4)[1],
                                _panel_inches(size), norm, title, "dark's value")


def _runs(placements: pd.DataFrame):
    """Per variant, board and run: the run's records, their values spread to every placement
    (:func:`expand`), the number of conflicts, and its verdict row (:func:`verdicts`)."""
    for (variant, size, run), group in placements.groupby(["variant", "size", "run"], sort=True):
        size = int(size)
        values, conflicts = expand(group, size)
        # Every opening of the board: the Cathedral's placements, or every legal first
        # building of the pieces in hand (combined.py; no pocket-making ones).
        total = len(combined.openings(variant, size, combined.pieces(group)))
        text, key_value, key_kind = verdict(variant, values, total)
        searches = group["search"].dropna()
        depths = pd.to_numeric(group["depth"], errors="coerce").dropna()
        row = {"variant": variant, "board": f"{size}x{size}", "run": run,
               "records": len(group), "placements with a value": len(values),
               "placements": total, **_kind_counts(values),
               "search": searches.mode().iat[0] if len(searches) else None,
               "depth": int(depths.mode().iat[0]) if len(searches) and len(depths) else None,
               "dark's value (best play)": key_value, "its kind": key_kind, "verdict": text}
        yield variant, size, run, group, values, conflicts, row


def verdicts(placements: pd.DataFrame) -> pd.DataFrame:
    """One row per variant, board and run of :func:`placement_records`: placements valued (by
    kind), the search and depth of its heuristic values, dark's value under best play (light's
    best placement, dark's best first building) with its kind, and what that says (:func:`verdict`)."""
    return pd.DataFrame([row for *_, row in _runs(placements)])


def _swing(runs: list) -> pd.DataFrame:
    """:func:`depth_swing` over ``runs``, the (variant, size, values, verdict row) of
    :func:`_runs` in its order; only runs whose every value is heuristic are estimates."""
    estimates: dict = {}
    for variant, size, values, row in runs:
        if row["heuristic"] and not (row["exact"] or row["wld"] or row["bound"]):
            estimates.setdefault((variant, size), []).append((row, values))
    rows = []
    for (variant, size), pairs in estimates.items():
        for low, low_values in pairs:
            for high, high_values in pairs:
                if (low["search"] != high["search"] or low["depth"] is None
                        or high["depth"] != low["depth"] + 1):
                    continue
                common = sorted(set(low_values) & set(high_values))
                if not common:
                    continue
                delta = pd.Series([high_values[k]["dark_value"] - low_values[k]["dark_value"]
                                   for k in common])
                rows.append({"variant": variant, "board": f"{size}x{size}",
                             "search": low["search"], "depth d": low["depth"],
                             "run at d": low["run"], "run at d+1": high["run"],
                             "placements": len(common), "mean |change|": delta.abs().mean(),
                             "largest |change|": delta.abs().max(), "mean change": delta.mean(),
                             "best play at d": low["dark's value (best play)"],
                             "best play at d+1": high["dark's value (best play)"]})
    return pd.DataFrame(rows)


def depth_swing(placements: pd.DataFrame) -> pd.DataFrame:
    """How heuristic estimates move with one more ply: for every two runs of one variant, board
    and search whose depths differ by one, over the placements both value, the mean and largest
    |value(d + 1) - value(d)| and the mean signed change (dark's values), and dark's value under
    best play at each depth. A swing that alternates in sign with the depth's parity is the
    evaluation favouring whoever placed last, not knowledge of the position."""
    return _swing([(variant, size, values, row)
                   for variant, size, _, _, values, _, row in _runs(placements)])


def _combined_tables(section: Section, placements: pd.DataFrame) -> None:
    """Every proof run of a board at once (combined.py): the start's proven interval, and the
    openings no run has settled yet for "does dark win?"."""
    classes = combined.classes(placements, expand)
    if not len(classes):
        return
    section.table("combined",
                  "All proof runs of a board together (exact, win/draw/loss and threshold "
                  "bounds, intersected per placement): opening classes (a placement and its "
                  "rotations) decided for \"does dark win?\", exact ones, and dark's proven "
                  "value at the start (light's best placement, dark's best first building)",
                  combined.summary(classes))
    open_classes = classes[classes["dark wins"] == "open"]
    if len(open_classes):
        section.table("combined_open",
                      "Openings no proof run has settled for \"does dark win?\" (with what is "
                      "proven of them)",
                      open_classes.reset_index(drop=True), max_rows=60)


def build(ds: Dataset) -> Section:
    section = Section("lehmann", "Lehmann report: Cathedral placements and first buildings")
    placements, problems = placement_records(ds)
    for problem in problems:
        section.note(f"Note: {problem}.")
    if not len(placements):
        section.note("*No Cathedral placement values yet.* This section shows, per board size, "
                     "dark's value for every Cathedral placement (classic rules) and for every "
                     "first building (Lehmann variant), as soon as exploration records "
                     "(`tav explore --preset=lehmann`, one move from the start) or "
                     "`tav solve --game=cathedral --analyze` results are committed under data/.")
        return section
    section.note("Dark is the player of the first building. Values are dark's: light's unplaced "
                 "squares minus dark's at the end, above 0 a dark win. `exact` and `wld` values "
                 "and `bound`s are proven; `heuristic` values are depth-limited estimates. "
                 "Cell labels: `3` exact, `W`/`D`/`L` win/draw/loss only, `≥3`/`≤3` proven "
                 "bound, `~3` heuristic estimate. Grey cells admit no such placement; white "
                 "cells have no value yet.")
    verdicts, runs = [], []
    later = Section(section.key, section.title)  # per-board blocks, shown after the verdicts
    for variant, size, run, group, values, conflicts, row in _runs(placements):
        verdicts.append(row)
        runs.append((variant, size, values, row))
        board = row["board"]
        what = "Cathedral placement" if variant == "classic" else "first building"
        total = row["placements"]
        if conflicts:
            later.note(f"Warning ({variant} {board}, {run}): {conflicts} placements received "
                       "different values from records that should be symmetric.")
        name = section.stem(variant, board, run.rstrip("/").rsplit("/", 1)[-1])
        if variant == "classic":
            title = (f"Classic rules {board} ({run}): dark's value (light's unplaced squares − "
                     f"dark's) for each of the {total} Cathedral placements. Cell = the "
                     "Cathedral's active square (head of the cross); one board per direction of "
                     "the head")
            fig = _classic_figure(values, size, title)
        else:
            title = (f"Lehmann variant {board} ({run}): dark's value for each first building, "
                     "after light's best Cathedral + building reply. Cell = the building's "
                     "active square, coloured by the best of its orientations there")
            fig = _lehmann_figure(values, size, title)
        later.plot(name, title, fig)
        table = group.sort_values(["dark_value", "piece", "orientation", "active"],
                                  ascending=[variant == "classic", True, True, True])
        later.table(f"{name}_values",
                    f"{variant} {board} ({run}): dark's value per {what} record, "
                    "best play first (proven: exact/wld/bound; estimate: heuristic)",
                    table[PLACEMENT_COLUMNS].reset_index(drop=True), max_rows=60)
    section.note("Dark's value under best play: for the classic rules light's best Cathedral "
                 "placement (the minimum over placements), for the Lehmann variant dark's best "
                 "first building (the maximum).")
    section.table("verdicts", "What the data says about Lehmann's claim (proven vs estimated)",
                  pd.DataFrame(verdicts))
    _combined_tables(section, placements)
    swing = _swing(runs)
    if len(swing):
        section.table("depth_swing",
                      "Heuristic estimates one ply deeper (runs of one search whose depths differ "
                      "by one): how much dark's value per placement moves, a measure of how far "
                      "to trust them",
                      swing)
    horizon = horizon_table(ds.horizon_games)
    if len(horizon):
        section.table("horizon",
                      "How close to the end 10x10 positions are solved exactly within the time "
                      "limit (bench/cathedral_horizon.py): per file, the furthest solved position "
                      "of each game in plies from its end; `random` games are uniformly random, "
                      "`selfplay` games are the engine's (the endgames the self-play run solves)",
                      horizon)
    section.blocks.extend(later.blocks)
    return section


def horizon_table(games: pd.DataFrame) -> pd.DataFrame:
    """Per cathedral_horizon file: games, and plies from the end solved (min, median, max)."""
    if not len(games):
        return pd.DataFrame()
    solved = games.assign(plies=pd.to_numeric(games["furthest_solved.plies_from_end"]))
    keys = ["file", "source", "variant", "board", "limit_seconds", "toolkit_version"]
    table = solved.groupby(keys, dropna=False).agg(
        games=("game_index", "count"), plies_min=("plies", "min"),
        plies_median=("plies", "median"), plies_max=("plies", "max"),
        game_length_median=("length", "median")).reset_index()
    return table.rename(columns={"limit_seconds": "limit_s"})
