#!/usr/bin/python3
"""Solves every first move of a Cathedral game, one rotation class at a time, resumably.

The first move is light's Cathedral (classic) or dark's first building (lehmann). Moves whose
positions are rotations of each other have the same value, so one move per class is solved, with
`tav solve --json` on the position after it; each record (plus `class_moves`, every move of the
class) is appended to the JSONL output and fsync'ed, and classes already there are skipped, so a
killed run resumes where it stopped. The value of the start follows: the side that makes the
first move picks the class whose record (from the other side's view) is lowest.

  /usr/bin/python3 bench/cathedral_first_moves.py --tav build/tav --size 7 \\
      --out data/cathedral/first-moves-classic-7x7.jsonl
  /usr/bin/python3 bench/cathedral_first_moves.py --summary data/cathedral/first-moves-classic-7x7.jsonl
"""

import argparse
import json
import os
import subprocess
import sys

from benchio import append_jsonl, fail, read_jsonl


def tav_output(args):
    r = subprocess.run(args, capture_output=True, text=True, check=False)
    if r.returncode != 0:
        sys.exit(f"{' '.join(args)}: {r.stderr.strip()}")
    return r.stdout


def rotate(board, n):
    """The board string (row 1 first) turned a quarter clockwise: (c, r) -> (r, n-1-c)."""
    out = [""] * (n * n)
    for r in range(n):
        for c in range(n):
            out[(n - 1 - c) * n + r] = board[r * n + c]
    return "".join(out)


def classes(tav, game_flags, n):
    moves = tav_output([tav, "moves", *game_flags]).split()
    by_class = {}
    for move in moves:
        shown = tav_output([tav, "show", *game_flags, f"--moves={move}"])
        board = shown.split("position: ")[1].split()[0]
        images = [board]
        for _ in range(3):
            images.append(rotate(images[-1], n))
        by_class.setdefault(min(images), []).append(move)
    return list(by_class.values())


def summary(path):
    records = read_jsonl(path)
    if not records:
        fail(f"{path}: no records")
    # Each record is for the side to move after the first move; the first mover wants it low.
    best = min(records, key=lambda r: r["value"])
    total = sum(len(r["class_moves"]) for r in records)
    print(f"{len(records)} classes ({total} first moves) solved; "
          f"all exact: {all(r.get('exact', True) and r.get('complete', True) for r in records)}")
    for r in sorted(records, key=lambda r: r["value"]):
        print(f"  {r['moves']:>12}  value {r['value']:+d} for the side to move after it, "
              f"first player {r['value_first_player']:+d}, best reply {r['best_move']}, "
              f"{r['nodes']:,} nodes, {r['seconds']:.1f} s, class of {len(r['class_moves'])}")
    print(f"start: best first move {best['moves']}, value {-best['value']:+d} for its mover, "
          f"first player (dark) {best['value_first_player']:+d}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tav", default="build/tav")
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--size", type=int, default=7)
    ap.add_argument("--pieces", default="")
    ap.add_argument("--mode", default="exact")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--tt-mb", type=int, default=1024)
    ap.add_argument("--out")
    ap.add_argument("--summary", help="print what a JSONL output says and exit")
    args = ap.parse_args()
    if args.summary:
        summary(args.summary)
        return
    if not args.out:
        fail("--out is required")

    game_flags = ["--game=cathedral", f"--variant={args.variant}", f"--size={args.size}"]
    if args.pieces:
        game_flags.append(f"--pieces={args.pieces}")
    done = set()
    if os.path.exists(args.out):  # a torn last line (killed mid-write) is dropped, solved again
        done = {r["moves"] for r in read_jsonl(args.out, repair=True)}
    for members in classes(args.tav, game_flags, args.size):
        if done.intersection(members):  # solved, perhaps through another move of its class
            continue
        out = tav_output([args.tav, "solve", *game_flags, f"--moves={members[0]}",
                          f"--mode={args.mode}", f"--threads={args.threads}",
                          f"--tt-mb={args.tt_mb}", "--json", "--force"])
        record = json.loads(out)
        record["class_moves"] = members
        append_jsonl(args.out, record)
        print(f"{members[0]}: {record['value']:+d} ({record['nodes']:,} nodes, "
              f"{record['seconds']:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
