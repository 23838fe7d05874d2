#!/usr/bin/python3
"""How close to the end a 10x10 Cathedral position must be to be solved exactly in a minute.

Plays random games (uniformly random legal moves, fixed seed) with `tav moves`, or takes the
first games of a self-play file (`--from-selfplay`: engine play, whose endgames are the ones the
Lehmann experiment finishes by exact solving), then solves the positions 1, 2, 3, ... plies
before each game's end with `tav solve --json` under a wall-clock limit, moving further from the
end until a solve runs out of time (or `--max-back` is reached). Writes one JSON object of kind
"cathedral_horizon" (data/README.md) with every attempt, the furthest solved position of each
game and the provenance, atomically (temp file + rename) after every game, with "finished"
false until the last; `--resume` keeps the games of such a file and plays on.

  /usr/bin/python3 bench/cathedral_horizon.py --tav build/tav --games 8 --limit 60 \\
      --out data/cathedral/horizon-10x10.json
  /usr/bin/python3 bench/cathedral_horizon.py --tav build/tav --games 8 --limit 60 \\
      --from-selfplay data/selfplay/classic-10x10/selfplay.jsonl \\
      --out data/cathedral/horizon-10x10-selfplay.json
"""

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time

from benchio import fail, read_jsonl, write_atomically


def run(cmd, timeout=None):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)


def legal_moves(tav, variant, moves):
    r = run([tav, "moves", "--game=cathedral", f"--variant={variant}", f"--moves={' '.join(moves)}"])
    if r.returncode != 0:
        sys.exit(f"tav moves failed: {r.stderr.strip()}")
    return r.stdout.split()


def random_game(tav, variant, rng):
    moves = []
    while True:
        legal = legal_moves(tav, variant, moves)
        if not legal:
            return moves
        moves.append(rng.choice(legal))


def pieces_in_hand(position):
    fields = position.split()
    return sum(len(h) for h in fields[1:3] if h != "-")


def squares_in_hand(position):
    sizes = dict(zip("VSLNPMZOCTA", (1, 2, 3, 3, 4, 4, 4, 5, 5, 5, 5)))
    fields = position.split()
    return sum(sizes[c] for h in fields[1:3] if h != "-" for c in h)


def solve(tav, variant, moves, limit, threads, tt_mb):
    cmd = [tav, "solve", "--game=cathedral", f"--variant={variant}", f"--moves={' '.join(moves)}",
           f"--threads={threads}", f"--tt-mb={tt_mb}", "--json",
           "--force"]  # the wall-clock limit decides, not tav's refusal of long solves
    start = time.monotonic()
    try:
        r = run(cmd, timeout=limit)
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - start
    if r.returncode != 0:
        sys.exit(f"tav solve failed: {r.stderr.strip()}")
    return json.loads(r.stdout), time.monotonic() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tav", default="build/tav")
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--limit", type=float, default=60.0, help="seconds per solve")
    ap.add_argument("--max-back", type=int, default=40, help="furthest plies from the end tried")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--tt-mb", type=int, default=512)
    ap.add_argument("--from-selfplay", metavar="FILE",
                    help="take the games of this selfplay JSONL (kind selfplay_game) in order "
                         "instead of random ones")
    ap.add_argument("--resume", action="store_true",
                    help="keep the finished games of --out (same settings) and play on")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    if args.from_selfplay and os.path.abspath(args.from_selfplay) == os.path.abspath(args.out):
        fail("--out must not be the --from-selfplay file")

    lines = selfplay_lines(args) if args.from_selfplay else None
    rng = random.Random(args.seed)
    version = run([args.tav, "--version"]).stdout.strip()
    attempts, games = [], []
    if args.resume and os.path.exists(args.out):
        games, attempts = resumed(args)
    for g in range(args.games):
        # Random games are drawn even when resumed, so the generator stays in step.
        line = lines[g] if lines is not None else random_game(args.tav, args.variant, rng)
        if g < len(games):
            continue
        furthest = None
        for back in range(1, min(args.max_back, len(line)) + 1):
            moves = line[: len(line) - back]
            record, seconds = solve(args.tav, args.variant, moves, args.limit, args.threads,
                                    args.tt_mb)
            attempt = {"game_index": g, "plies_from_end": back, "ply": len(moves),
                       "solved": record is not None, "seconds": round(seconds, 3)}
            if record is not None:
                attempt.update({
                    "position": record["position"], "value": record["value"],
                    "value_first_player": record["value_first_player"],
                    "nodes": record["nodes"], "remaining": record["remaining"],
                    "pieces_in_hand": pieces_in_hand(record["position"]),
                    "squares_in_hand": squares_in_hand(record["position"]),
                })
                furthest = attempt
            attempts.append(attempt)
            print(json.dumps(attempt), flush=True)
            if record is None:
                break
        games.append({"game_index": g, "moves": " ".join(line), "length": len(line),
                      "furthest_solved": furthest})
        write(args, version, games, attempts, finished=g + 1 == args.games)


def selfplay_lines(args):
    """The move lists of the first --games self-play records of the variant, in file order."""
    lines = [r["moves"] for r in read_jsonl(args.from_selfplay)
             if r.get("kind") == "selfplay_game" and r.get("size") == 10
             and r.get("variant") == args.variant]
    if len(lines) < args.games:
        fail(f"{args.from_selfplay} holds {len(lines)} 10x10 {args.variant} games, "
             f"--games asks for {args.games}")
    return lines[: args.games]


def settings(args):
    return {"variant": args.variant, "seed": args.seed, "limit_seconds": args.limit,
            "threads": args.threads, "tt_mb": args.tt_mb,
            "source": "selfplay" if args.from_selfplay else "random",
            "selfplay_file": args.from_selfplay}


def resumed(args):
    """The games and attempts of an unfinished --out written with the same settings."""
    try:
        with open(args.out) as f:
            old = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        fail(f"--resume: cannot read {args.out}: {e}")
    mine = settings(args)
    theirs = {k: old.get(k, "random" if k == "source" else None) for k in mine}
    if theirs != mine:
        fail(f"--resume: {args.out} was written with other settings: {theirs}")
    games = old["games"][: args.games]
    done = {g["game_index"] for g in games}
    return games, [a for a in old["attempts"] if a["game_index"] in done]


def write(args, version, games, attempts, finished):
    out = {
        "schema": 1, "kind": "cathedral_horizon", "game": "cathedral", "size": 10,
        "board": "10x10", **settings(args), "finished": finished, "games": games,
        "attempts": attempts,
        "provenance": {
            "command": " ".join(sys.argv), "argv": sys.argv, "toolkit_version": version,
            "machine": {"hostname": platform.node(), "cores": os.cpu_count(),
                        "os": f"{platform.system()} {platform.release()}",
                        "load_average": os.getloadavg()},
            "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        },
    }
    write_atomically(args.out, json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
