#!/usr/bin/python3
"""Re-proves an explore run's exact values by df-pn thresholds, resumably.

For every position of an explore run (``results.jsonl``, kind ``explore_position``) at the
given ply whose value is exact, ``tav prove --at-least=v`` must prove "the side to move ends
with at least v" and ``--at-least=v+1`` must disprove it: the same values by proof-number
search, a method that shares only the rules with the alpha-beta solver that found them.
Each proof record (kind ``proof``, with ``at_least``; a finished proof without its
``root_moves`` list) is appended to --out as one JSON line;
a rerun skips the proofs already there (a line cut by a kill is dropped and its proof done
again). Prints one line per position and a summary; exits 1
if any proof disagrees with the run, 2 on bad input.

  /usr/bin/python3 bench/cathedral_dfpn_check.py --tav build/tav \\
      --results data/explore/lehmann-6x6/classic/results.jsonl --out check.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

from benchio import append_jsonl, fail, read_jsonl


def targets(results: list[dict], ply: int) -> list[dict]:
    """The run's exact positions at `ply`."""
    return [r for r in results if r.get("kind") == "explore_position" and r.get("ply") == ply
            and r.get("value_kind") == "exact"]


def prove(args, record: dict, at_least: int) -> dict:
    """One `tav prove --json` record for the position of `record`."""
    cmd = [args.tav, "prove", f"--game={record['game']}", f"--variant={record['variant']}",
           f"--size={record['size']}", f"--moves={' '.join(record['moves'])}",
           f"--at-least={at_least}", f"--tt-mb={args.tt_mb}", "--json"]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        fail(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr.strip()}")
    return json.loads(done.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tav", default="build/tav")
    ap.add_argument("--results", required=True, help="an explore run's results.jsonl")
    ap.add_argument("--ply", type=int, default=1, help="the ply of the positions to re-prove")
    ap.add_argument("--tt-mb", type=int, default=1024)
    ap.add_argument("--out", required=True, help="JSONL of proof records (appended, resumed)")
    args = ap.parse_args()
    if os.path.abspath(args.out) == os.path.abspath(args.results):
        fail("--out must not be the --results file")
    todo = targets(read_jsonl(args.results), args.ply)
    if not todo:
        fail(f"{args.results}: no exact positions at ply {args.ply}")
    done = {(r["moves"], r["at_least"]): r for r in
            (read_jsonl(args.out, repair=True) if os.path.exists(args.out) else [])}
    disagree = 0
    for record in todo:
        v, moves = record["value"], " ".join(record["moves"])
        results = []
        for at_least, expected in ((v, "win"), (v + 1, "loss")):
            proof = done.get((moves, at_least))
            if proof is None:
                proof = prove(args, record, at_least)
                if proof.get("status") == "finished":
                    # Every root move's numbers: hundreds of lines a Cathedral position, which
                    # say how far an unfinished proof has come; a finished one has its line.
                    proof.pop("root_moves", None)
                append_jsonl(args.out, proof, sort_keys=True)
            results.append(proof["result"])
            disagree += proof["result"] != expected
        print(f"{moves}: value {v}; df-pn >= {v}: {results[0]}, >= {v + 1}: {results[1]}",
              flush=True)
    print(f"{len(todo)} positions, {disagree} disagreements")
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main())
