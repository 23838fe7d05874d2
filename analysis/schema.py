"""The record schemas of data/README.md, as far as the analysis relies on them.

Every JSON object Tavoliere writes carries ``kind`` (which schema) and ``schema`` (its integer
version). This module knows which kinds and versions the analysis reads and checks the few keys
each report needs. It is deliberately lenient about everything else: readers ignore keys they do
not know, and optional keys may be missing (they become empty cells).

Two levels of trouble, on purpose:

* :class:`InputError` -- the input cannot be analysed at all: an unknown ``kind``, an unknown
  ``schema`` version, a record without ``kind``/``schema``, a path that does not exist. The CLI
  prints one line and exits with status 2, like ``tav``.
* :class:`BadRecord` -- one record is unusable (malformed JSON, a truncated line, a missing or
  mistyped key). The loader reports it with its file and line and skips it, or turns it into an
  :class:`InputError` under ``--strict``.

To teach the analysis a new kind or version, add it to :data:`KINDS` (and handle it in
``load.py``); data/README.md is the authority on what the keys mean. A kind documented there that
no report uses goes into :data:`UNANALYSED_KINDS` instead: its records are skipped silently.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from numbers import Real


class InputError(Exception):
    """Input the analysis cannot use at all (exit status 2)."""


class BadRecord(Exception):
    """One record that cannot be used; reported with its location and skipped."""


# Type tags for the checks below.
INT = "int"
NUMBER = "number"
STRING = "string"
LIST = "list"
OBJECT = "object"


@dataclass(frozen=True)
class Kind:
    """What the analysis needs from one record kind."""

    versions: frozenset[int]
    # key -> type tag; the key must be present and of that type (None is refused).
    required: dict[str, str] = field(default_factory=dict)
    # key -> type tag; the key may be missing or null, but if present must have that type.
    optional: dict[str, str] = field(default_factory=dict)


_STATS = {"nodes": NUMBER, "seconds": NUMBER, "nps": NUMBER, "tt_hit_rate": NUMBER, "threads": INT}

KINDS: dict[str, Kind] = {
    "solve": Kind(
        versions=frozenset({1}),
        required={"game": STRING, "value": NUMBER},
        optional={
            "variant": STRING, "size": INT, "board": STRING, "position": STRING, "moves": STRING,
            "start_position": STRING, "from_start": None, "options": STRING,
            "side_to_move": INT, "remaining": INT, "mode": STRING, "value_first_player": NUMBER,
            "result": STRING, "plies": INT, "best_move": STRING, "pv": LIST, "analysis": LIST,
            "value_kind": STRING, "bound": STRING, "threshold": INT,
            "tt_probes": NUMBER, "tt_hits": NUMBER, "tt_cutoffs": NUMBER, "tt_mb": NUMBER,
            "provenance": OBJECT, **_STATS,
        },
    ),
    "suite_result": Kind(
        versions=frozenset({1}),
        required={"game": STRING, "value": NUMBER},
        optional={
            "id": None, "size": INT, "position": STRING, "expected": NUMBER,
            "expected_moves": LIST, "best_move": STRING, "ok": None, **_STATS,
        },
    ),
    "explore_position": Kind(
        versions=frozenset({1}),
        required={"game": STRING, "ply": INT, "value": NUMBER, "value_kind": STRING},
        optional={
            "variant": STRING, "size": INT, "board": STRING, "moves": LIST, "position": STRING,
            "key": STRING, "duplicates": INT, "origin": STRING, "value_first_player": NUMBER,
            "bound": STRING, "depth": INT, "side_to_move": INT, "best_move": STRING, "pv": LIST,
            "annotations": OBJECT, "remaining": INT, **_STATS,
        },
    ),
    "explore_run": Kind(
        versions=frozenset({1}),
        required={"game": STRING},
        optional={
            "variant": STRING, "size": INT, "board": STRING, "root_moves": None, "plies": INT,
            "mode": STRING, "depth": INT, "budget_s": NUMBER, "threads": INT, "tt_mb": NUMBER,
            "status": STRING, "started": STRING, "finished": STRING, "totals": OBJECT,
            "root": OBJECT, "provenance": OBJECT,
        },
    ),
    "proof": Kind(
        versions=frozenset({1}),
        required={"game": STRING, "result": STRING},
        optional={
            "variant": STRING, "size": INT, "board": STRING, "position": STRING,
            "result_first_player": STRING, "method": STRING, "order": STRING, "init": STRING,
            "status": STRING, "sessions": INT, "nodes": NUMBER, "seconds": NUMBER, "nps": NUMBER,
            "root_pn": NUMBER, "root_dn": NUMBER, "max_depth": INT, "tt_mb": NUMBER,
            "proof_line": LIST, "within": INT, "at_least": INT, "provenance": OBJECT,
        },
    ),
    "cathedral_horizon": Kind(
        versions=frozenset({1}),
        required={"game": STRING, "games": LIST, "limit_seconds": NUMBER},
        optional={"variant": STRING, "size": INT, "board": STRING, "source": STRING,
                  "selfplay_file": STRING, "finished": None, "threads": INT, "tt_mb": NUMBER,
                  "attempts": LIST, "provenance": OBJECT},
    ),
    "proof_check": Kind(
        versions=frozenset({1}),
        required={"game": STRING, "record": STRING, "ok": None},
        optional={
            "variant": STRING, "size": INT, "board": STRING, "result": STRING,
            "line_plies": INT, "replayed": INT, "end": STRING, "solved_from": INT,
            "solver_nodes": NUMBER, "solver_seconds": NUMBER, "max_nodes": NUMBER,
            "error": STRING, "provenance": OBJECT,
        },
    ),
    "retro_stats": Kind(
        versions=frozenset({1}),
        required={"game": STRING, "remoteness": LIST},
        optional={
            "variant": STRING, "size": INT, "board": STRING, "tiers": LIST, "longest_win": OBJECT,
            "start": OBJECT, "positions": NUMBER, "seconds": NUMBER,
            "positions_per_second": NUMBER, "threads": INT, "peak_memory_mb": NUMBER,
            "provenance": OBJECT,
        },
    ),
    "match_game": Kind(
        versions=frozenset({1}),
        required={"game": STRING, "game_index": INT, "opening_index": INT, "a_first": None,
                  "a_points": NUMBER, "a_margin": NUMBER, "margin": NUMBER, "plies": INT,
                  "a": STRING, "b": STRING},
        optional={
            "variant": STRING, "size": INT, "board": STRING, "options": STRING, "opening": LIST,
            "moves": LIST, "opening_plies": INT, "result": STRING, "winner": STRING,
            "exact_from_ply": INT, "move_info": LIST, "a_nodes": NUMBER, "b_nodes": NUMBER,
            "a_seconds": NUMBER, "b_seconds": NUMBER, "final_position": STRING,
        },
    ),
    "match_run": Kind(
        versions=frozenset({1}),
        required={"game": STRING, "a": STRING, "b": STRING},
        optional={
            "variant": STRING, "size": INT, "board": STRING, "options": STRING,
            "openings": LIST, "openings_source": OBJECT, "games": INT, "sprt": OBJECT,
            "status": STRING, "threads": INT, "started": STRING, "finished": STRING,
            "provenance": OBJECT,
        },
    ),
    "match_summary": Kind(
        versions=frozenset({1}),
        required={"games": INT, "a_wins": INT, "draws": INT, "b_wins": INT, "score": NUMBER},
        optional={
            "planned_games": INT, "elo": NUMBER, "elo_low": NUMBER, "elo_high": NUMBER,
            "elo_margin": NUMBER, "los": NUMBER, "a_first": OBJECT, "a_second": OBJECT,
            "mean_plies": NUMBER, "mean_a_margin": NUMBER, "mean_margin": NUMBER,
            "exact_games": INT, "sprt": OBJECT, "llr": NUMBER, "lower_bound": NUMBER,
            "upper_bound": NUMBER, "decision": STRING,
        },
    ),
    "selfplay_game": Kind(
        versions=frozenset({1, 2}),
        required={"game": STRING, "game_index": INT, "opening_index": INT, "opening": LIST,
                  "mover": INT, "margin": NUMBER},
        optional={
            "variant": STRING, "size": INT, "board": STRING, "options": STRING, "moves": LIST,
            "plies": INT, "opening_plies": INT, "result": STRING, "exact_from_ply": INT,
            "config": STRING, "config_other": STRING, "seed": INT, "weights_checksum": STRING,
            "final_position": STRING,
        },
    ),
    "selfplay_summary": Kind(
        versions=frozenset({1, 2}),
        required={"game": STRING, "overall": OBJECT, "per_opening": LIST},
        optional={
            "variant": STRING, "size": INT, "board": STRING, "options": STRING,
            "config": STRING, "weights_checksum": STRING, "games_per_opening": INT,
            "planned_games": INT, "note": STRING, "provenance": OBJECT,
        },
    ),
}

# The tally of a selfplay_summary, ``overall`` and every ``per_opening`` entry: side 0's in
# schema 2, the mover's in schema 1.
SELFPLAY_TALLY = {"games": INT, "wins": INT, "draws": INT, "losses": INT, "score": NUMBER,
                  "score_low": NUMBER, "score_high": NUMBER, "mean_margin": NUMBER}

# Kinds documented in data/README.md that no report reads (skipped without a warning).
UNANALYSED_KINDS: frozenset[str] = frozenset({
    "retro_run", "retro_probe", "retro_verify", "retro_crosscheck", "retro_db",
    "perft", "moves", "show", "eval", "think", "match_unit",
    "eval_weights", "eval_report", "mpi_scaling", "endgame_suite",
})

VALUE_KINDS = ("exact", "wld", "bound", "heuristic")


def _has_type(value, tag) -> bool:
    if tag is None:
        return True
    if tag == INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if tag == NUMBER:
        return isinstance(value, Real) and not isinstance(value, bool)
    if tag == STRING:
        return isinstance(value, str)
    if tag == LIST:
        return isinstance(value, list)
    if tag == OBJECT:
        return isinstance(value, dict)
    raise AssertionError(tag)


def check_kind_and_version(record: dict) -> str:
    """Returns the record's kind; raises InputError for an unknown kind or version."""
    kind = record.get("kind")
    version = record.get("schema")
    if not isinstance(kind, str):
        raise InputError("record has no 'kind' string: not a Tavoliere result record")
    if kind in UNANALYSED_KINDS:
        return kind
    if kind not in KINDS:
        known = ", ".join(sorted(KINDS))
        raise InputError(f"unknown record kind '{kind}' (this analysis reads: {known})")
    if not isinstance(version, int) or isinstance(version, bool):
        raise InputError(f"record of kind '{kind}' has no integer 'schema' version")
    if version not in KINDS[kind].versions:
        known = ", ".join(str(v) for v in sorted(KINDS[kind].versions))
        raise InputError(
            f"unknown schema version {version} for kind '{kind}' (this analysis reads version {known})"
        )
    return kind


def check_keys(kind: str, record: dict) -> None:
    """Raises BadRecord when a key the analysis needs is missing or has the wrong type."""
    spec = KINDS[kind]
    for key, tag in spec.required.items():
        if record.get(key) is None:
            raise BadRecord(f"{kind} record without '{key}'")
        if not _has_type(record[key], tag):
            raise BadRecord(f"{kind} record: '{key}' is not a {tag}")
    for key, tag in spec.optional.items():
        value = record.get(key)
        if value is not None and not _has_type(value, tag):
            raise BadRecord(f"{kind} record: '{key}' is not a {tag}")
    value_kind = record.get("value_kind")
    if kind == "explore_position" and value_kind not in VALUE_KINDS:
        raise BadRecord(f"explore_position record: unknown value_kind '{value_kind}'")
    if kind == "selfplay_game":
        _check_selfplay_game(record)
    if kind == "selfplay_summary":
        _check_selfplay_summary(record)


def _check_selfplay_game(record: dict) -> None:
    """The mover is a side (0 or 1) and ``result``, when given, agrees with ``margin``."""
    if record["mover"] not in (0, 1):
        raise BadRecord(f"selfplay_game record: 'mover' is {record['mover']}, not 0 or 1")
    margin, result = record["margin"], record.get("result")
    expected = "win" if margin > 0 else "loss" if margin < 0 else "draw"
    if result is not None and result != expected:
        raise BadRecord(f"selfplay_game record: 'result' is '{result}' but 'margin' {margin} "
                        f"is a {expected}")


def _check_selfplay_summary(record: dict) -> None:
    """``overall`` and every ``per_opening`` entry hold the tally keys, with their types."""
    tallies = [("overall", record["overall"])]
    tallies += [(f"per_opening[{i}]", entry) for i, entry in enumerate(record["per_opening"])]
    for where, tally in tallies:
        if not isinstance(tally, dict):
            raise BadRecord(f"selfplay_summary record: '{where}' is not a object")
        if where != "overall" and not _has_type(tally.get("opening_index"), INT):
            raise BadRecord(f"selfplay_summary record: '{where}' without 'opening_index'")
        for key, tag in SELFPLAY_TALLY.items():
            if tally.get(key) is None:
                raise BadRecord(f"selfplay_summary record: '{where}' without '{key}'")
            if not _has_type(tally[key], tag):
                raise BadRecord(f"selfplay_summary record: '{where}.{key}' is not a {tag}")
