"""The proofs table on the committed Prairie proofs (data/prairie): every proof record is a row,
and each check is attached to the proof file it names."""

from __future__ import annotations

import json

import analysis
from analysis import proofs

from .conftest import ROOT

PRAIRIE = ROOT / "data" / "prairie"


def test_every_proof_record_is_a_row_with_its_result_and_cost():
    ds = analysis.load([PRAIRIE])
    table = proofs.table(ds)
    files = sorted(PRAIRIE.rglob("*.json"))
    records = [json.loads(f.read_text()) for f in files]
    proof_records = [r for r in records if r.get("kind") == "proof"]
    assert len(table) == len(proof_records) > 0
    by_nodes = dict(zip(table["nodes"], table["first player"]))
    for r in proof_records:
        assert by_nodes[r["nodes"]] == r["result_first_player"]


def test_checks_are_attached_to_the_proof_they_name():
    ds = analysis.load([PRAIRIE])
    table = proofs.table(ds)
    checks = [json.loads(f.read_text()) for f in sorted(PRAIRIE.rglob("check*.json"))]
    assert checks, "data/prairie holds proof checks"
    for check in checks:
        tail = "/".join(check["record"].split("/")[-2:])
        row = table[table["file"].str.endswith(tail)]
        assert len(row) == 1, tail
        text = row["checked"].iloc[0]
        assert ("line ok" in text) == check["ok"]
        if check["ok"] and check["solved_from"] is not None:
            assert f"re-solved from ply {check['solved_from']}" in text
    named = {"/".join(c["record"].split("/")[-2:]) for c in checks}
    unchecked = table[~table["file"].map(lambda f: "/".join(f.split("/")[-2:])).isin(named)]
    assert len(unchecked) > 0
    assert (unchecked["checked"] == "").all()


def test_records_from_before_the_settings_read_as_the_defaults_of_then():
    ds = analysis.load([PRAIRIE / "w8" / "proof.json"])  # written before the flags
    assert list(ds.proofs["order"]) == ["generated"]
    assert list(ds.proofs["init"]) == ["mobility"]
    assert list(ds.proofs["combine"]) == ["sum"]
    assert ds.proofs["frontier_plies"].isna().all()  # no frontier recorded then


def test_an_unfinished_proof_reports_how_deep_its_frontier_is(tmp_path):
    step = {"move": "x", "pn": 3, "dn": 2, "in_table": True, "moves": 4, "decided": 1}
    proof = {"schema": 1, "kind": "proof", "game": "prairie", "variant": "standard", "size": 8,
             "result": "unknown", "result_first_player": "unknown", "method": "df-pn",
             "combine": "weak", "nodes": 10, "seconds": 0.1, "status": "stopped",
             "root_pn": 2, "root_dn": 5, "frontier": [step, step, dict(step, in_table=False)]}
    (tmp_path / "proof.json").write_text(json.dumps(proof))
    table = analysis.proofs.table(analysis.load([tmp_path]))
    assert list(table["frontier plies"]) == [3]
    assert table["nearest decided"].isna().all()  # not in this record
    assert list(table["combine"]) == ["weak"]


def test_a_threshold_proof_shows_its_question_and_answer(tmp_path):
    base = {"schema": 1, "kind": "proof", "game": "cathedral", "variant": "classic", "size": 5,
            "result_first_player": None, "method": "df-pn", "nodes": 10, "seconds": 0.1,
            "status": "finished"}
    for name, t, result in (("a.json", 1, "win"), ("b.json", 2, "loss")):
        (tmp_path / name).write_text(json.dumps(dict(base, at_least=t, result=result)))
    table = analysis.proofs.table(analysis.load([tmp_path]))
    assert sorted(table["first player"]) == ["side to move >= 1: yes", "side to move >= 2: no"]


def test_a_failed_check_says_so(tmp_path):
    proof = {"schema": 1, "kind": "proof", "game": "prairie", "variant": "standard", "size": 5,
             "result": "loss", "result_first_player": "loss", "method": "df-pn", "nodes": 10,
             "seconds": 0.1, "status": "finished"}
    check = {"schema": 1, "kind": "proof_check", "game": "prairie", "size": 5,
             "record": "somewhere/p5/proof.json", "ok": False, "solved_from": None,
             "error": "the line ends in a win for the side to move there, not the claimed result"}
    (tmp_path / "p5").mkdir()
    (tmp_path / "p5" / "proof.json").write_text(json.dumps(proof))
    (tmp_path / "p5" / "check.json").write_text(json.dumps(check))
    table = proofs.table(analysis.load([tmp_path]))
    assert len(table) == 1
    assert table["checked"].iloc[0].startswith("FAILED: the line ends in a win")
    assert table["board"].iloc[0] == "5x7"


def test_bounds_and_tables_are_shown_per_record(tmp_path):
    base = {"schema": 1, "kind": "proof", "game": "prairie", "variant": "standard", "size": 11,
            "result": "unknown", "result_first_player": "unknown", "nodes": 10, "seconds": 0.1}
    bounded = dict(base, method="bounded", within=20,
                   bounds=[{"side": 0, "no_win_within": 17, "win_in": None},
                           {"side": 1, "no_win_within": 12, "win_in": 14}])
    probed = dict(base, method="df-pn", status="stopped", root_pn=3, root_dn=4,
                  db="/db/p11b2", db_selection="buffalo<=2", db_encoding="wl1",
                  nearest_decided={"plies": 5, "line": ["a", "b", "c", "d", "e"],
                                   "side_to_move": 1, "result": "win", "walked": 9})
    far = dict(probed, db=None, nearest_decided={"plies": None, "none_within": 3, "walked": 20000})
    (tmp_path / "far.json").write_text(json.dumps(dict(far, method="df-pn-far")))
    (tmp_path / "bounded.json").write_text(json.dumps(bounded))
    (tmp_path / "probed.json").write_text(json.dumps(probed))
    table = analysis.proofs.table(analysis.load([tmp_path])).set_index("method")
    assert table.loc["bounded", "bounds"] == (
        "first player: no win within 17; second player: wins in 14")
    assert table.loc["df-pn", "tables"] == "buffalo<=2 (wl1)"
    assert table.loc["df-pn", "nearest decided"] == "5 plies"
    assert table.loc["df-pn-far", "nearest decided"] == "none within 3 plies"
    assert table["tables"].isna().sum() == 2 and table["bounds"].isna().sum() == 2
