"""Proofs of win/loss games (``tav prove``): who wins each start, at what cost, how it was checked.

One row per proof record (``kind: "proof"``): the game, variant and board, the result for the
first player (``win``/``loss``, or ``unknown`` for a proof still unfinished, with its root proof
and disproof numbers saying how far it got; a bounded search, ``--within``, its proven bounds per
side instead) -- for a game with scores (``at_least``, ``tav prove
--at-least=T``) the answer to "does the side to move end with at least T?" instead --, the df-pn settings (child ``order``, leaf ``init``, ``combine``),
the sessions, nodes and seconds it took, and what its checks (``kind: "proof_check"``, ``tav prove
--check``) found: whether its line replayed to a decided end and from which ply the exact solver
re-solved it. A check belongs to the proof whose file its ``record`` path names.
"""

from __future__ import annotations

from pathlib import PurePath

import pandas as pd

from .load import Dataset
from .section import Section

COLUMNS = {"game": "game", "variant": "variant", "board": "board", "moves": "from",
           "result_first_player": "first player", "method": "method", "order": "order",
           "init": "init", "combine": "combine", "status": "status", "sessions": "sessions",
           "nodes": "nodes", "seconds": "seconds", "root_pn": "root pn", "root_dn": "root dn",
           "frontier_plies": "frontier plies", "nearest_decided_plies": "nearest decided",
           "tables": "tables", "bounds": "bounds",
           "checked": "checked", "file": "file"}


def _tail(path: str, parts: int = 2) -> str:
    """The file and its folder, to match a check's ``record`` with a proof's file
    whatever folder each was given from."""
    return "/".join(PurePath(str(path)).parts[-parts:])


def check_summary(ds: Dataset) -> pd.DataFrame:
    """One line of text per checked proof file (column ``key``: its path tail)."""
    checks = ds.proof_checks
    if not len(checks):
        return pd.DataFrame(columns=["key", "checked"])
    checks = checks.assign(key=checks["record"].map(_tail))
    solved = pd.to_numeric(checks["solved_from"], errors="coerce")
    text = pd.Series("line ok", index=checks.index)
    text = text.where(solved.isna(),
                      "line ok, re-solved from ply " + solved.fillna(0).astype(int).astype(str))
    text = text.where(checks["ok"].astype(bool),
                      "FAILED: " + checks["error"].fillna("").astype(str))
    return (checks.assign(checked=text).groupby("key", as_index=False)["checked"]
            .agg("; ".join))


def _answers(proofs: pd.DataFrame) -> pd.Series:
    """The first player's result; for a threshold proof, its question and answer."""
    threshold = pd.to_numeric(proofs["at_least"], errors="coerce")
    answer = proofs["result"].map({"win": "yes", "loss": "no"}).fillna("unknown")
    asked = "side to move >= " + threshold.fillna(0).astype(int).astype(str) + ": " + answer
    return proofs["result_first_player"].where(threshold.isna(), asked)


def table(ds: Dataset) -> pd.DataFrame:
    """Every proof record with its checks, by game, variant and board."""
    proofs = ds.proofs
    if not len(proofs):
        return pd.DataFrame(columns=list(COLUMNS.values()))
    proofs = proofs.assign(key=proofs["file"].map(_tail), result_first_player=_answers(proofs))
    merged = proofs.merge(check_summary(ds), on="key", how="left")
    merged["checked"] = merged["checked"].fillna("")
    merged = merged.sort_values(["game", "variant", "size", "file"], kind="stable")
    return merged[list(COLUMNS)].rename(columns=COLUMNS).reset_index(drop=True)


def build(ds: Dataset) -> Section:
    section = Section("proofs", "Proofs by df-pn (win/loss games, and score thresholds)")
    if not len(ds.proofs):
        section.note("*No proof records yet* (`tav prove --json`). This section lists each "
                     "proven or unfinished start with its cost and checks once they are committed.")
        return section
    section.note("Each row is one `tav prove` record: `win`/`loss` for the first player when "
                 "proven (for a game with scores, `side to move >= T: yes/no`, the question "
                 "`--at-least=T` asked), `unknown` with the root's proof and disproof numbers when the search "
                 "stopped first (a resumable run), and how many plies deep its frontier line (the line the search "
                 "would extend next) is stored. **nearest decided**: how many plies from the "
                 "root the nearest position the search has proven or disproven lies, or \"none within d "
                 "plies\" (blank: a finished proof, or a record from before it was kept). **tables**: the endgame tables it probed "
                 "(`--db`: their tier selection and encoding). **bounds**: a bounded search's "
                 "(`tav prove --within=D`) proven result per side, \"no win within d\" (if that "
                 "side wins at all, it needs more than d plies) or its shortest forced win. "
                 "**checked**: the record's proof line replayed "
                 "to a position the game decides, and the exact solver's agreement from that ply "
                 "of the line to its end (`tav prove --check`); a second record of the same start "
                 "with other settings (order, init, combine) is an independent re-proof.")
    section.table("proofs", "Proofs and proof attempts", table(ds))
    return section
