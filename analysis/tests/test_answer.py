"""Lehmann's question at a glance: one row per run, proof, heuristic search and engine play kept
apart, each row agreeing with the section it summarises."""

from __future__ import annotations

import analysis
from analysis import answer, lehmann, selfplay

from .conftest import FIXTURES, GOOD

LEHMANN_SELFPLAY = FIXTURES / "selfplay-lehmann"


def test_every_run_is_one_row_with_its_kind_of_evidence():
    ds = analysis.load([GOOD, LEHMANN_SELFPLAY])
    rows = answer.table(ds)
    placements, _ = lehmann.placement_records(ds)
    runs = set(placements["run"]) | set(ds.selfplay_games["run"])
    rows = rows[rows["kind"] != "combined"]
    assert sorted(rows["run"]) == sorted(runs)
    kinds = dict(zip(rows["run"], rows["evidence"]))
    assert {kinds[r] for r in set(ds.selfplay_games["run"])} == {"engine play"}
    verdicts = lehmann.verdicts(placements)
    proven = verdicts[verdicts["heuristic"].eq(0)]  # exact, wld and bound values: all proofs
    assert {kinds[r] for r in proven["run"]} == {"proof"}
    estimated = verdicts[verdicts["heuristic"].gt(0)]
    assert len(estimated) and {kinds[r] for r in estimated["run"]} == {"heuristic search"}


def test_engine_play_rows_are_dark_s_tally_of_the_selfplay_section():
    ds = analysis.load([GOOD, LEHMANN_SELFPLAY])
    rows = answer.table(ds).set_index("run")
    overall = selfplay.overall(selfplay.cathedral_games(ds), ds.selfplay_summaries)
    for row in overall.to_dict("records"):
        mine = rows.loc[row["run"]]
        assert (mine["games"], mine["dark's score"]) == (row["games"], round(row["score"], 3))
    lehmann_run = rows[rows["variant"].eq("lehmann") & rows["evidence"].eq("engine play")]
    assert list(lehmann_run["openings dark scored below 1/2"]) == ["1 of 3"]  # only Vna1


def test_no_results_say_so(tmp_path):
    section = answer.build(analysis.load([tmp_path]))
    assert "No Cathedral results yet" in section.blocks[0].text


def test_a_board_with_several_proof_runs_gets_one_row_of_what_they_prove_together():
    ds = analysis.load([GOOD])
    rows = answer.table(ds)
    together = rows[rows["kind"] == "combined"]
    # 5x5 classic: the exploration and the start's --analyze solve, both exact.
    assert list(zip(together["board"], together["variant"])) == [("5x5", "classic")]
    row = together.iloc[0]
    assert row["run"] == "all 2 proof runs together" and row["evidence"] == "proof"
    assert row["dark under best play"] == "+1"  # light's best placement, as each run says
    assert row["what it says"] == "proven: the start is a dark win, dark's value +1"
