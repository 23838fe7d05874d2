#!/usr/bin/python3
"""Make a known-answer endgame suite (FFO format) for an 8x8 disc game from engine self-play.

Step 1. `tav selfplay` plays --games games of one engine against itself (noise, so they differ).
Step 2. From game i it takes the position with E empty squares, E cycling through --empties
        (the first such position whose mover has a move; a forced pass is played first).
Step 3. Each position is solved three ways, and must agree with itself:
          A  exact, 1 thread, 64 MiB table: the value and a best move;
          B  exact with --analyze, 2 threads, 256 MiB: the value of every move, so every best
             move; its best value must equal A's and A's move must be one of B's best;
          C  win/draw/loss, 1 thread, 16 MiB: the sign of A's value.
        A disagreement is a solver bug: the script stops with exit status 1 and writes nothing.
Step 4. The suite (`tav solve --suite` reads it) and a record of every solve (kind
        "endgame_suite", data/README.md) are written atomically (temp file + rename).

Work is kept in --work: the self-play games and one line per solved position (solves.jsonl,
appended as each finishes), so after a kill the same command resumes where it stopped.

  /usr/bin/python3 bench/endgame_suite.py --tav build/tav --game desdemona \\
      --out data/desdemona/endgames-16-24 --work runs/desdemona-suite
"""

import argparse
import json
import os
import platform
import subprocess
import sys

from benchio import append_jsonl, read_jsonl, write_atomically


def run_tav(cmd):
    """Runs tav and returns its stdout; any failure ends the script with tav's error."""
    r = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if r.returncode != 0:
        sys.exit(f"endgame_suite: {' '.join(cmd[:2])} failed: {r.stderr.strip()}")
    return r.stdout


def game_flags(args):
    return [f"--game={args.game}", f"--size={args.size}"] + (
        [f"--variant={args.variant}"] if args.variant else [])


def play_games(args, selfplay_dir):
    """Step 1: the self-play games, resumed if an earlier run left some."""
    if not os.path.exists(os.path.join(selfplay_dir, "selfplay.jsonl")):
        cmd = [args.tav, "selfplay", *game_flags(args), f"--config={args.config}",
               f"--per-opening={args.games}", f"--seed={args.seed}", "--threads=1",
               f"--out={selfplay_dir}"]
        if os.path.exists(os.path.join(selfplay_dir, "run.json")):
            cmd.append("--resume")
        run_tav(cmd)
    games = read_jsonl(os.path.join(selfplay_dir, "selfplay.jsonl"))
    return sorted(games, key=lambda g: g["game_index"])[:args.games]


def position_after(args, moves):
    """The position after `moves` (RULES.md form) and its legal moves."""
    out = json.loads(run_tav([args.tav, "moves", *game_flags(args), f"--moves={' '.join(moves)}",
                              "--json"]))
    return out["position"], out["moves"]


def pick_position(args, game, empties):
    """Step 2: the first position of `game` with `empties` empty squares whose mover can move,
    or None if the game never has one (it ended earlier)."""
    moves = game["moves"]
    start, _ = position_after(args, [])
    left = start.split()[0].count("-")
    for ply in range(len(moves) + 1):
        if left == empties:
            position, legal = position_after(args, moves[:ply])
            if legal == ["pass"]:
                position, legal = position_after(args, moves[:ply + 1])
            if legal and legal != ["pass"]:
                return {"position": position, "game_index": game["game_index"], "ply": ply}
            return None
        if ply < len(moves) and moves[ply] != "pass":
            left -= 1
    return None


def solve(args, position, extra):
    cmd = [args.tav, "solve", *game_flags(args), f"--position={position}", "--json", *extra]
    return json.loads(run_tav(cmd))


def solve_three_ways(args, item):
    """Step 3: the A, B and C solves of one position; exits 1 if they disagree."""
    a = solve(args, item["position"], ["--threads=1", "--tt-mb=64"])
    b = solve(args, item["position"], ["--threads=2", "--tt-mb=256", "--analyze"])
    c = solve(args, item["position"], ["--threads=1", "--tt-mb=16", "--mode=wld"])
    values = {m["move"]: m["value"] for m in b["analysis"]}
    best = max(values.values())
    best_moves = sorted(m for m, v in values.items() if v == best)
    sign = (a["value"] > 0) - (a["value"] < 0)
    agree = (a["complete"] and b["complete"] and c["complete"] and a["value"] == b["value"] == best
             and a["best_move"] in best_moves and c["value"] == sign)
    record = dict(item, empties=item["position"].split()[0].count("-"), score=a["value"],
                  best_moves=best_moves, move_values=values,
                  checks={"exact_t1_64mb": {k: a[k] for k in ("value", "best_move", "nodes", "seconds")},
                          "analyze_t2_256mb": {k: b[k] for k in ("value", "nodes", "seconds")},
                          "wld_t1_16mb": {k: c[k] for k in ("value", "nodes", "seconds")}},
                  agree=agree)
    if not agree:
        sys.exit(f"endgame_suite: the three solves disagree on {item['position']}: "
                 f"{json.dumps(record['checks'])}, best moves {best_moves}")
    return record


def suite_text(args, records, command, provenance):
    """Step 4: FFO lines id | board | side | empties | score | best_moves | source."""
    lines = [f"# {args.game} {args.size}x{args.size} endgames from engine self-play, each value found",
             "# by three solves that agree (exact 1 thread; exact --analyze 2 threads; win/draw/loss).",
             f"# generated by: {command}",
             f"# commit {provenance['commit']}, {provenance['time']}",
             "# id | board | side | empties | score (side to move) | best moves | source game:ply"]
    for i, r in enumerate(records, 1):
        board, side = r["position"].split()
        lines.append(f"{i} | {board} | {side} | {r['empties']} | {r['score']:+d} | "
                     f"{','.join(r['best_moves'])} | game {r['game_index']}:{r['ply']}")
    return "\n".join(lines) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tav", required=True, help="the tav binary")
    p.add_argument("--game", default="desdemona", help="othello or desdemona")
    p.add_argument("--variant", default="", help="the game's variant (default: its default)")
    p.add_argument("--size", type=int, default=8)
    p.add_argument("--games", type=int, default=36, help="self-play games, one position each")
    p.add_argument("--empties", default="16-24", help="range LO-HI of empty squares, cycled")
    p.add_argument("--config", default="--depth=4 --noise=2", help="the self-play engine")
    p.add_argument("--seed", type=int, default=17)
    p.add_argument("--out", required=True, help="writes OUT.txt (the suite) and OUT.json")
    p.add_argument("--work", required=True, help="directory for the games and solves (resumable)")
    args = p.parse_args()
    lo, _, hi = args.empties.partition("-")
    if not (lo.isdigit() and hi.isdigit() and int(lo) <= int(hi)):
        p.error(f"bad --empties={args.empties}: expected LO-HI, e.g. 16-24")
    empties = list(range(int(lo), int(hi) + 1))
    os.makedirs(args.work, exist_ok=True)
    command = " ".join(["/usr/bin/python3", "bench/endgame_suite.py", *sys.argv[1:]])

    games = play_games(args, os.path.join(args.work, "selfplay"))
    solved_path = os.path.join(args.work, "solves.jsonl")
    solved = {}
    if os.path.exists(solved_path):  # a line cut by a kill is dropped and solved again
        solved = {r["position"]: r for r in read_jsonl(solved_path, repair=True)}
    records, seen = [], set()
    for i, game in enumerate(games):
        item = pick_position(args, game, empties[i % len(empties)])
        if item is None or item["position"] in seen:
            continue
        seen.add(item["position"])
        if item["position"] not in solved:
            solved[item["position"]] = solve_three_ways(args, item)
            append_jsonl(solved_path, solved[item["position"]])
            print(f"endgame_suite: {len(seen)} positions, game {i}: {item['position']} = "
                  f"{solved[item['position']]['score']:+d}", file=sys.stderr, flush=True)
        records.append(solved[item["position"]])
    records.sort(key=lambda r: (r["empties"], r["game_index"]))

    provenance = json.loads(run_tav([args.tav, "solve", *game_flags(args), "--json",
                                     f"--position={records[0]['position']}", "--mode=wld"]))["provenance"]
    here = os.path.dirname(os.path.abspath(__file__))
    generator = subprocess.run(["git", "-C", here, "describe", "--always", "--dirty", "--abbrev=12"],
                               capture_output=True, text=True, check=False).stdout.strip()
    provenance.update(command=command, argv=sys.argv, generator_commit=generator or None,
                      machine=dict(provenance["machine"], python=platform.python_version()))
    write_atomically(args.out + ".txt", suite_text(args, records, command, provenance))
    record = {"schema": 1, "kind": "endgame_suite", "game": args.game, "size": args.size,
              "variant": args.variant or None, "config": args.config, "seed": args.seed,
              "empties": args.empties, "positions": records, "provenance": provenance}
    write_atomically(args.out + ".json", json.dumps(record, indent=1) + "\n")
    print(f"endgame_suite: wrote {args.out}.txt and {args.out}.json ({len(records)} positions)",
          file=sys.stderr)


if __name__ == "__main__":
    main()
