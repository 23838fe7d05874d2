"""Finding, reading and tabulating Tavoliere result files.

``load(paths)`` accepts run directories, single result files and whole folders (searched
recursively for ``*.json`` and ``*.jsonl``), dispatches every record on its ``kind`` and returns a
:class:`Dataset` of pandas DataFrames, one per kind, with the keys of data/README.md as columns
plus a few derived ones:

* ``run``: where a record belongs for per-run tables -- an exploration's directory, a JSONL
  file, or the folder of single-record JSON files (e.g. ``data/solve``);
* ``file``, ``line``: the record's location;
* ``value_kind`` for solve records without one (by their ``mode``: ``threshold`` gives
  ``bound``; suite results count as ``exact``);
* ``side_to_move``, ``value_first_player`` and ``remaining`` where a writer left them out but the
  position string determines them (Othello/Desdemona and Prairie position strings), and
  ``board`` from ``size`` (N x N, Prairie W x 7);
* for exploration records, the run's ``root_moves`` and ``game_moves`` (root moves + moves, i.e. the
  moves from the game's start).

Match directories (``tav match``) give ``match_games`` (``games.jsonl``), ``match_runs``
(``run.json``) and ``match_summaries`` (``summary.json``), their ``run`` being the directory.
Proof records (``tav prove``) give ``proofs`` and their checks (``tav prove --check``)
``proof_checks``.
Self-play directories (``tav selfplay``: a match directory plus ``selfplay.jsonl`` and
``selfplay_summary.json``) give these and ``selfplay_games`` and ``selfplay_summaries`` (its
``overall`` and ``per_opening`` left as written: ``analysis.selfplay`` flattens them).

Malformed or truncated lines are reported through ``warn`` with their file and line number and
skipped (``strict=True`` raises :class:`~analysis.schema.InputError` instead); unknown kinds and
schema versions always raise it (see ``schema.py``).
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

import pandas as pd

from .schema import (UNANALYSED_KINDS, BadRecord, InputError, check_keys,
                     check_kind_and_version)

SUFFIXES = (".json", ".jsonl")

# Columns every table has even when no record (or no record of a writer) has the key, so that
# reports can filter and group without checking first.
# A solve record's kind of value by its mode: a threshold solve proves a bound
# (its ``bound`` says which side, for the side to move).
SOLVE_VALUE_KINDS = {"exact": "exact", "wld": "wld", "threshold": "bound"}
COMMON = ["game", "variant", "size", "board", "position", "value", "value_first_player",
          "side_to_move", "best_move", "nodes", "seconds", "nps", "tt_hit_rate", "threads",
          "remaining"]
COLUMNS = {
    "solve": COMMON + ["moves", "start_position", "from_start", "mode", "value_kind", "bound", "threshold", "result", "plies", "pv", "analysis",
                       "tt_probes", "tt_hits", "tt_cutoffs", "tt_mb", "commit", "machine"],
    "suite_result": COMMON + ["id", "expected", "expected_moves", "ok", "value_kind"],
    "explore_position": COMMON + ["ply", "moves", "root_moves", "game_moves", "key", "duplicates",
                                  "origin", "value_kind", "bound", "depth", "pv", "annotations",
                                  "cathedral_squares", "cathedral_move"],
    "explore_run": ["game", "variant", "size", "board", "root_moves", "plies", "mode", "depth",
                    "budget_s", "threads", "tt_mb", "status", "started", "finished",
                    "positions", "searched", "backed_up", "nodes", "seconds", "nps",
                    "root_value", "root_value_kind", "root_best_move", "commit", "machine"],
    "retro_stats": ["game", "variant", "size", "board", "selection", "encoding", "positions",
                    "seconds", "positions_per_second", "threads", "peak_memory_mb", "tiers",
                    "start_position", "start_result", "start_plies", "longest_win_plies",
                    "longest_win_position", "longest_win_side_to_move", "commit", "machine"],
    "proof": ["game", "variant", "size", "board", "position", "moves", "result",
              "result_first_player", "at_least",
              "method", "order", "init", "combine", "status", "sessions", "nodes", "seconds",
              "nps", "root_pn", "root_dn", "frontier_plies", "max_depth", "tt_mb", "tables", "bounds",
              "nearest_decided_plies",
              "proof_line", "commit", "machine"],
    "proof_check": ["game", "variant", "size", "board", "record", "result", "line_plies",
                    "replayed", "end", "solved_from", "solver_nodes", "solver_seconds",
                    "max_nodes", "ok", "error", "commit", "machine"],
    "match_game": ["game", "variant", "size", "board", "a", "b", "game_index", "opening_index",
                   "opening", "a_first", "a_points", "a_margin", "margin", "plies", "result",
                   "exact_from_ply"],
    "match_run": ["game", "variant", "size", "board", "a", "b", "games", "sprt", "status",
                  "openings_source", "commit", "machine"],
    "match_summary": ["games", "a_wins", "draws", "b_wins", "score", "elo", "elo_low",
                      "elo_high", "los", "llr", "decision", "mean_plies", "mean_a_margin"],
    "selfplay_game": ["schema", "game", "variant", "size", "board", "game_index",
                      "opening_index", "opening", "mover", "margin", "result", "plies",
                      "exact_from_ply", "config", "seed", "weights_checksum"],
    "cathedral_horizon": ["game", "variant", "size", "board", "source", "limit_seconds",
                          "threads", "tt_mb", "finished", "toolkit_version"],
    "selfplay_summary": ["game", "variant", "size", "board", "config", "weights_checksum",
                         "games_per_opening", "planned_games", "overall", "per_opening"],
}
LOCATION = ["run", "file", "line"]


def display_path(path: Path) -> str:
    """A path as the user would type it: relative to the working directory when inside it."""
    path = Path(path).absolute()
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def default_warn(message: str) -> None:
    print(f"warning: {message}", file=sys.stderr)


def not_results(path: Path) -> str | None:
    """What ``path`` is when it is a file ``tav`` writes that holds no result records, else None.

    So far one: ``progress.jsonl`` of a retrograde database (the folder with ``manifest.json``),
    ``tav retro``'s timing log, one line per tier without ``kind`` (its totals are in
    ``stats.json``).
    """
    if path.name == "progress.jsonl" and (path.parent / "manifest.json").is_file():
        return "the timing log of a tav retro database (its totals are in stats.json)"
    return None


def find_files(paths) -> list[Path]:
    """Result files named by ``paths`` (files are taken as given, folders searched recursively).

    A folder search passes over the files ``tav`` writes without result records
    (:func:`not_results`); naming one of them is an input error.
    """
    found: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_file():
            if (what := not_results(path)) is not None:
                raise InputError(f"{given}: {what}, not a result file")
            found.append(path)
        elif path.is_dir():
            for root, dirs, files in os.walk(path):
                # Hidden folders (.git, .ipynb_checkpoints) never hold results.
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                found.extend(Path(root) / f for f in sorted(files)
                             if f.endswith(SUFFIXES) and not_results(Path(root) / f) is None)
        else:
            raise InputError(f"{given}: no such file or directory")
    unique: dict[Path, Path] = {}
    for path in found:
        unique.setdefault(path.resolve(), path)
    return list(unique.values())


def _json_lines(path: Path, text: str, strict: bool, warn) -> Iterator[tuple[int, object]]:
    lines = text.split("\n")
    last = len(lines) if text.endswith("\n") else len(lines) - 1
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield number, json.loads(line)
        except json.JSONDecodeError as error:
            truncated = number > last  # the last line, without its newline: a torn append
            what = "truncated last line" if truncated else f"malformed JSON ({error.msg})"
            _bad(f"{display_path(path)}:{number}: {what}", strict, warn)


def _bad(message: str, strict: bool, warn) -> None:
    if strict:
        raise InputError(message + " (--strict)")
    warn(message + ", skipped")


def read_records(path: Path, strict: bool = False,
                 warn: Callable[[str], None] = default_warn) -> Iterator[tuple[int, dict]]:
    """(line number, record) for every usable record of one file; bad ones are reported."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        _bad(f"{display_path(path)}:1: not UTF-8 text", strict, warn)
        return
    except OSError as error:
        raise InputError(f"{display_path(path)}: cannot read ({error.strerror})") from error
    items: Iterator[tuple[int, object]]
    if path.suffix == ".json":
        try:
            items = iter([(1, json.loads(text))])
        except json.JSONDecodeError:
            # Several solve records appended to one .json file read as JSONL; a single broken
            # document is reported line by line.
            items = _json_lines(path, text, strict, warn)
    else:
        items = _json_lines(path, text, strict, warn)
    for number, item in items:
        where = f"{display_path(path)}:{number}"
        if not isinstance(item, dict):
            _bad(f"{where}: not a JSON object", strict, warn)
            continue
        try:
            kind = check_kind_and_version(item)
            if kind in UNANALYSED_KINDS:
                continue
            check_keys(kind, item)
        except InputError as error:
            raise InputError(f"{where}: {error}") from None
        except BadRecord as error:
            _bad(f"{where}: {error}", strict, warn)
            continue
        yield number, item


# --- Derived values ----------------------------------------------------------------------------

REVERSI = ("othello", "desdemona")


def side_from_position(game: str, position) -> int | None:
    """The side to move written at the end of a reversi or Prairie position string."""
    if not isinstance(position, str) or " " not in position:
        return None
    mark = position.rsplit(" ", 1)[1]
    if game in REVERSI:
        return {"X": 0, "O": 1}.get(mark)
    if game == "prairie":
        return {"B": 0, "L": 1}.get(mark)
    return None


def empties_from_position(game: str, position) -> int | None:
    if game in REVERSI and isinstance(position, str):
        return position.split(" ", 1)[0].count("-")
    return None


def _as_moves(moves) -> list[str]:
    if moves is None:
        return []
    if isinstance(moves, str):
        return moves.split()
    return [str(m) for m in moves]


def _complete(record: dict) -> None:
    """Fills what the position string and the value determine (never overrides a writer)."""
    game = record.get("game")
    if record.get("side_to_move") is None:
        record["side_to_move"] = side_from_position(game, record.get("position"))
    if record.get("value_first_player") is None and record.get("side_to_move") in (0, 1):
        value = record["value"]
        record["value_first_player"] = value if record["side_to_move"] == 0 else -value
    if record.get("remaining") is None:
        record["remaining"] = empties_from_position(game, record.get("position"))
    _complete_board(record)
    if record.get("nps") is None and record.get("nodes") is not None and record.get("seconds"):
        record["nps"] = record["nodes"] / record["seconds"]


def _complete_board(record: dict) -> None:
    """``board`` from ``size`` where a writer left it out (N x N, Prairie W x 7)."""
    size, game = record.get("size"), record.get("game")
    if not record.get("board") and isinstance(size, int):
        if game in REVERSI or game == "cathedral":
            record["board"] = f"{size}x{size}"
        elif game == "prairie":
            record["board"] = f"{size}x7"


def _provenance(record: dict, row: dict) -> None:
    provenance = record.get("provenance") or {}
    machine = provenance.get("machine") or {}
    row["commit"] = provenance.get("commit")
    parts = [machine.get("cpu"), f"{machine['cores']} cores" if machine.get("cores") else None]
    row["machine"] = ", ".join(str(p) for p in parts if p) or None


# --- The dataset ---------------------------------------------------------------------------------

@dataclass
class Dataset:
    """Every record found, one DataFrame per kind (see the module docstring for the columns)."""

    solves: pd.DataFrame
    suite: pd.DataFrame
    positions: pd.DataFrame  # explore_position records
    runs: pd.DataFrame  # explore_run records (run.json), one row per exploration
    retro: pd.DataFrame  # retro_stats records, one row per solved game
    retro_remoteness: pd.DataFrame  # long: run, game, variant, board, tier, side_to_move, result, plies, count
    retro_tiers: pd.DataFrame  # one row per tier: run, game, variant, board, tier, positions, seconds
    match_games: pd.DataFrame = field(default_factory=pd.DataFrame)  # match_game records
    match_runs: pd.DataFrame = field(default_factory=pd.DataFrame)  # match_run (DIR/run.json)
    match_summaries: pd.DataFrame = field(default_factory=pd.DataFrame)  # DIR/summary.json
    selfplay_games: pd.DataFrame = field(default_factory=pd.DataFrame)  # DIR/selfplay.jsonl
    selfplay_summaries: pd.DataFrame = field(default_factory=pd.DataFrame)  # selfplay_summary.json
    proofs: pd.DataFrame = field(default_factory=pd.DataFrame)  # proof records (tav prove)
    proof_checks: pd.DataFrame = field(default_factory=pd.DataFrame)  # proof_check (--check)
    # cathedral_horizon files flattened to one row per game: the file's settings and the game's
    # furthest solved attempt (furthest_solved.*: plies_from_end, seconds, nodes, ...).
    horizon_games: pd.DataFrame = field(default_factory=pd.DataFrame)
    files: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return all(len(t) == 0 for t in (self.solves, self.suite, self.positions, self.runs,
                                         self.retro, self.match_games, self.selfplay_games))

    def counts(self) -> dict[str, int]:
        return {"solve": len(self.solves), "suite_result": len(self.suite),
                "explore_position": len(self.positions), "explore_run": len(self.runs),
                "retro_stats": len(self.retro), "match_game": len(self.match_games),
                "selfplay_game": len(self.selfplay_games)}


def _frame(rows: list[dict], columns: list[str]) -> pd.DataFrame:
    frame = pd.DataFrame(rows)
    for column in columns:
        if column not in frame.columns:
            frame[column] = None
    for column in frame.columns:  # a key some records lack: None (falsy), not NaN (truthy)
        if frame[column].dtype == object:
            frame[column] = frame[column].where(frame[column].notna(), None)
    ordered = columns + [c for c in frame.columns if c not in columns]
    return frame[ordered]


def _bounds_text(bounds) -> str | None:
    """A bounded search's (``tav prove --within``) proven bounds, one phrase per side:
    "first player: no win within 14" or "...: wins in 21"."""
    if not isinstance(bounds, list):
        return None
    names = {0: "first player", 1: "second player"}
    phrases = []
    for b in bounds:
        if not isinstance(b, dict):
            continue
        who = names.get(b.get("side"), f"side {b.get('side')}")
        if b.get("win_in") is not None:
            phrases.append(f"{who}: wins in {b['win_in']}")
        else:
            phrases.append(f"{who}: no win within {b.get('no_win_within')}")
    return "; ".join(phrases) or None


def _nearest_text(nearest) -> str | None:
    """An unfinished proof's nearest decided position: "3 plies", or "none within 4 plies"
    when the walk found none (``none_within``)."""
    if not isinstance(nearest, dict):
        return None
    if nearest.get("plies") is not None:
        return f"{nearest['plies']} plies"
    return f"none within {nearest.get('none_within')} plies"


def load(paths, strict: bool = False, warn: Callable[[str], None] | None = None) -> Dataset:
    """Reads every result record under ``paths`` (see the module docstring)."""
    warnings: list[str] = []

    def report(message: str) -> None:
        warnings.append(message)
        (warn or default_warn)(message)

    files = find_files(paths)
    rows: dict[str, list[dict]] = {kind: [] for kind in COLUMNS}
    remoteness: list[dict] = []
    tiers: list[dict] = []
    records_per_file: dict[Path, int] = {}
    shown: dict[Path, str] = {}  # display_path once per file and folder, not once per record

    def show(path: Path) -> str:
        if path not in shown:
            shown[path] = display_path(path)
        return shown[path]

    for path in files:
        for number, record in read_records(path, strict, report):
            records_per_file[path] = records_per_file.get(path, 0) + 1
            rows[record["kind"]].append({**record, "file": show(path), "line": number,
                                         "_path": path})

    # Which "run" a record belongs to: explorations and retro solves by directory, JSONL files
    # by file, single-record JSON files by their folder.
    for kind, records in rows.items():
        for row in records:
            path = row.pop("_path")
            by_directory = (kind in ("explore_position", "explore_run", "retro_stats",
                                     "match_game", "match_run", "match_summary",
                                     "selfplay_game", "selfplay_summary")
                            or (path.suffix == ".json" and records_per_file[path] == 1))
            row["run"] = show(path.parent) if by_directory else show(path)

    for row in rows["solve"]:
        _complete(row)
        # The record's own kind where it has one (a threshold solve of a finished game is exact).
        row["value_kind"] = row.get("value_kind") or SOLVE_VALUE_KINDS.get(row.get("mode"), "exact")
        _provenance(row, row)
    for row in rows["suite_result"]:
        _complete(row)
        row.setdefault("value_kind", "exact")

    run_info = {}
    for row in rows["explore_run"]:
        totals, root = row.get("totals") or {}, row.get("root") or {}
        for key in ("positions", "searched", "backed_up", "nodes", "seconds", "nps"):
            row[key] = totals.get(key)
        row["root_value"] = root.get("value")
        row["root_value_kind"] = root.get("value_kind")
        row["root_best_move"] = root.get("best_move")
        row["root_moves"] = " ".join(_as_moves(row.get("root_moves")))
        _provenance(row, row)
        run_info[row["run"]] = row
    for row in rows["explore_position"]:
        _complete(row)
        info = run_info.get(row["run"], {})
        row["root_moves"] = info.get("root_moves", "")
        row["moves"] = _as_moves(row.get("moves"))
        row["game_moves"] = _as_moves(row["root_moves"]) + row["moves"]
        annotations = row.get("annotations") or {}
        row["cathedral_squares"] = annotations.get("cathedral_squares")
        row["cathedral_move"] = annotations.get("cathedral_move")
    runs_without_info = sorted({r["run"] for r in rows["explore_position"]} - set(run_info))
    for run in runs_without_info:
        report(f"{run}: results without a run.json (root moves and run totals unknown)")

    for row in rows["retro_stats"]:
        start, longest = row.get("start") or {}, row.get("longest_win") or {}
        row["start_position"], row["start_result"] = start.get("position"), start.get("result")
        row["start_plies"] = start.get("plies")
        row["selection"] = row.get("selection") or "all"  # "" in stats.json: every tier
        row["longest_win_plies"] = longest.get("plies")
        row["longest_win_position"] = longest.get("position")
        row["longest_win_side_to_move"] = longest.get("side_to_move")
        ident = {k: row.get(k) for k in ("run", "game", "variant", "size", "board")}
        for entry in row.get("remoteness") or []:
            if isinstance(entry, dict):
                remoteness.append({**ident, "tier": None, **_remoteness_entry(entry)})
        tier_list = row.get("tiers") or []
        for tier in tier_list:
            if not isinstance(tier, dict):
                continue
            tiers.append({**ident, "tier": str(tier.get("tier")), "positions": tier.get("positions"),
                          "seconds": tier.get("seconds")})
            for entry in tier.get("remoteness") or []:
                if isinstance(entry, dict):
                    remoteness.append({**ident, "tier": str(tier.get("tier")),
                                       **_remoteness_entry(entry)})
        row["tiers"] = len(tier_list)
        _provenance(row, row)

    for row in rows["match_run"]:
        _provenance(row, row)
    for kind in ("proof", "proof_check"):
        for row in rows[kind]:
            _complete_board(row)
            _provenance(row, row)
    for row in rows["proof"]:  # df-pn records from before --order/--init/--combine used these
        if row.get("method") == "df-pn":
            row["order"] = row.get("order") or "generated"
            row["init"] = row.get("init") or "mobility"
            row["combine"] = row.get("combine") or "sum"
        # An unfinished proof's frontier line: how many plies deep it is stored.
        frontier = row.get("frontier")
        row["frontier_plies"] = len(frontier) if isinstance(frontier, list) else None
        # The endgame tables it probed (--db): their selection and encoding.
        row["tables"] = (f"{row.get('db_selection') or 'all'} ({row.get('db_encoding') or '?'})"
                         if row.get("db") else None)
        row["bounds"] = _bounds_text(row.get("bounds"))
        # An unfinished proof's nearest decided position: how many plies from the root.
        nearest = row.get("nearest_decided")
        row["nearest_decided_plies"] = _nearest_text(nearest)

    for row in rows["cathedral_horizon"]:
        row["source"] = row.get("source") or "random"  # files from before --from-selfplay
        row["toolkit_version"] = (row.get("provenance") or {}).get("toolkit_version")

    def table(kind):
        return _frame(rows[kind], COLUMNS[kind] + LOCATION)

    return Dataset(
        solves=table("solve"),
        suite=table("suite_result"),
        positions=table("explore_position"),
        runs=table("explore_run"),
        retro=table("retro_stats"),
        retro_remoteness=_frame(remoteness, ["run", "game", "variant", "size", "board", "tier",
                                             "side_to_move", "result", "plies", "count"]),
        retro_tiers=_frame(tiers, ["run", "game", "variant", "size", "board", "tier",
                                   "positions", "seconds"]),
        match_games=table("match_game"),
        match_runs=table("match_run"),
        match_summaries=table("match_summary"),
        selfplay_games=table("selfplay_game"),
        selfplay_summaries=table("selfplay_summary"),
        proofs=table("proof"),
        proof_checks=table("proof_check"),
        horizon_games=_horizon_games(table("cathedral_horizon")),
        files=[display_path(f) for f in files],
        warnings=warnings,
    )


def _horizon_games(horizons: pd.DataFrame) -> pd.DataFrame:
    """One row per game of every cathedral_horizon file: its settings and furthest solve."""
    settings = ["file", "source", "variant", "board", "limit_seconds", "toolkit_version"]
    if not len(horizons):
        return pd.DataFrame(columns=settings + ["game_index", "length",
                                                "furthest_solved.plies_from_end"])
    games = pd.json_normalize(horizons.to_dict("records"), record_path="games", meta=settings)
    if "furthest_solved.plies_from_end" not in games.columns:  # no game solved anything
        games["furthest_solved.plies_from_end"] = None
    return games.drop(columns=[c for c in ("furthest_solved",) if c in games.columns])


def _remoteness_entry(entry: dict) -> dict:
    return {"side_to_move": entry.get("side_to_move"), "result": entry.get("result"),
            "plies": entry.get("plies"), "count": entry.get("count", 0)}


def group_label(row) -> str:
    """``game variant board`` of a record, e.g. ``cathedral classic 8x8``."""
    board = row.get("board")
    if not isinstance(board, str) or not board:
        size = row.get("size")
        board = f"size {int(size)}" if isinstance(size, (int, float)) and size == size else ""
    parts = [row.get("game"), row.get("variant"), board]
    return " ".join(str(p) for p in parts if isinstance(p, str) and p)
