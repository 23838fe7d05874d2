#!/bin/bash
# The timings of data/mpi/scaling.json: one process (1 thread) against
# mpirun -np 2 and -np 3 (1 thread per worker), run alternately so that a
# changing load hits every kind alike. Writes "NAME wall=.. user=.. sys=..
# load_before=.." lines to $TIMES (user/sys: every process of the run).
#   data/mpi/measure.sh build/tav /tmp/mpi-measure
set -euo pipefail
T=$(realpath "${1:-build/tav}")
DIR=${2:-/tmp/mpi-measure}
TIMES=$DIR/times.txt
mkdir -p "$DIR"
: >"$TIMES"
M="mpirun --oversubscribe"
[[ $(id -u) == 0 ]] && M="$M --allow-run-as-root"
t() {
  local name=$1
  shift
  rm -rf "$DIR/out-$name"
  local load
  load=$(cut -d' ' -f1 /proc/loadavg)
  /usr/bin/time -f "$name wall=%e user=%U sys=%S load_before=$load" -a -o "$TIMES" \
    "$@" --out="$DIR/out-$name" >"$DIR/$name.out" 2>"$DIR/$name.err"
}
# The dispatch cost: 639 trivial units (Othello 4x4 to ply 7), and mpirun's
# fixed start (one unit).
for r in 1 2; do
  t triv-single-$r "$T" explore --game=othello --size=4 --plies=7 --threads=1
  t triv-np2-$r $M -np 2 "$T" explore --game=othello --size=4 --plies=7 --threads=1 --mpi
  t one-single-$r "$T" explore --game=othello --size=4 --plies=1 --threads=1
  t one-np2-$r $M -np 2 "$T" explore --game=othello --size=4 --plies=1 --threads=1 --mpi
done
# Prairie W = 5, the tiers of at most two buffalo (205 tiers, 77 M positions).
for r in 1 2; do
  t p5-single-$r "$T" retro --game=prairie --size=5 --tiers='buffalo<=2' --threads=1 --quiet
  t p5-np2-$r $M -np 2 "$T" retro --game=prairie --size=5 --tiers='buffalo<=2' --threads=1 --quiet --mpi
  t p5-np3-$r $M -np 3 "$T" retro --game=prairie --size=5 --tiers='buffalo<=2' --threads=1 --quiet --mpi
done
# Othello 6x6 to ply 2: 3 frontier positions, minutes each.
t o6-single-1 "$T" explore --game=othello --size=6 --plies=2 --threads=1
t o6-np2-1 $M -np 2 "$T" explore --game=othello --size=6 --plies=2 --threads=1 --mpi
t o6-single-2 "$T" explore --game=othello --size=6 --plies=2 --threads=1
t o6-np3-1 $M -np 3 "$T" explore --game=othello --size=6 --plies=2 --threads=1 --mpi
