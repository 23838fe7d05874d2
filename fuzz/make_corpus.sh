#!/usr/bin/env bash
# Regenerates the committed seed corpus fuzz/corpus/<target>/ from the real
# parsers' outputs: positions and moves printed by `tav show` / `tav moves`,
# an FFO suite excerpt and .obf lines, a work unit and its result from
# `tav explore --unit`, a book from a tiny `tav explore`, tier files and a
# manifest from a tiny `tav retro`. Every file stays small (the whole corpus
# well under 1 MiB).
#
#   fuzz/make_corpus.sh [TAV]      TAV: the tav binary (default build/tav)
set -euo pipefail
cd "$(dirname "$0")/.."
tav=${1:-build/tav}
out=fuzz/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -rf "$out" && mkdir -p "$out"/{fuzz_reversi,fuzz_cathedral,fuzz_prairie,fuzz_suite,fuzz_work_unit,fuzz_book,fuzz_tier_file,fuzz_manifest}

# walk FLAGS PLIES PICK: plays PLIES moves from the start (each the PICK-th
# legal move, cycling) and prints the position, then up to 3 legal moves of
# it, one a line (the game targets' input after the selector byte).
walk() {
  local flags=$1 plies=$2 pick=$3 played="" i moves n
  for ((i = 0; i < plies; i++)); do
    read -ra moves <<<"$($tav moves $flags --moves="$played")"
    n=${#moves[@]}
    ((n == 0)) && break
    played="$played ${moves[$(((pick + i) % n))]}"
  done
  $tav show $flags --moves="$played" | sed -n 's/^position: //p'
  read -ra moves <<<"$($tav moves $flags --moves="$played")"
  printf '%s\n' "${moves[@]:0:3}"
}

# seed TARGET SELECTOR NAME FLAGS PLIES PICK
seed() {
  { printf '%s' "$2"; walk "$4" "$5" "$6" </dev/null; } >"$out/$1/$3"
}

# seeds TARGET: one seed per line of stdin, "SELECTOR NAME PLIES PICK FLAGS...".
seeds() {
  local selector name plies pick flags
  while read -r selector name plies pick flags; do
    seed "$1" "$selector" "$name" "$flags" "$plies" "$pick"
  done
}

# --- games: the selector byte is the index into the target's list ----------
seeds fuzz_reversi <<'END'
0 othello8-start 0 0 --game=othello
0 othello8-mid 20 3 --game=othello
1 othello6-mid 12 1 --game=othello --size=6
2 othello4-end 9 2 --game=othello --size=4
3 desdemona8-mid 10 1 --game=desdemona
4 desdemona6-mid 8 2 --game=desdemona --size=6
END
# An Edax .obf line of an Othello position: X/O/- board, side, move:score pairs.
pos=$(head -1 "$out/fuzz_reversi/othello8-mid" | cut -c2-)
read -ra moves <<<"$($tav moves --game=othello --position="$pos")"
printf '0%s; %s:+2; %s:-4;\n' "$pos" "${moves[0]^^}" "${moves[1]^^}" >"$out/fuzz_reversi/othello8-obf"
printf '0%s; %s:+0;\n' "$(echo "$pos" | tr 'X-' '*.')" "${moves[0]}" >"$out/fuzz_reversi/othello8-obf-edax"

seeds fuzz_cathedral <<'END'
0 classic10-start 0 0 --game=cathedral
0 classic10-mid 6 5 --game=cathedral
1 lehmann7-mid 5 2 --game=cathedral --variant=lehmann --size=7
2 classic8-mid 8 7 --game=cathedral --size=8
3 lehmann5-late 8 1 --game=cathedral --variant=lehmann --size=5
END

seeds fuzz_prairie <<'END'
0 standard11-start 0 0 --game=prairie
0 standard11-mid 20 3 --game=prairie
1 w5-late 24 2 --game=prairie --size=5
2 handicap2-mid 10 1 --game=prairie --variant=handicap2
3 extra3-start 0 0 --game=prairie --variant=extra3 --size=7
3 extra3-mid 7 4 --game=prairie --variant=extra3 --size=7
4 w3-mid 6 1 --game=prairie --size=3
5 w6-columns-mid 9 2 --game=prairie --size=6 --empty-columns=b,e
END

# --- suites: FFO lines and .obf lines ---------------------------------------
head -4 data/ffo/ffo-40-49.txt >"$out/fuzz_suite/ffo-head"
printf '1 | -----OX--XO----- | X | 12 | -10 | b1,a2,d3,c4 | note\n' >"$out/fuzz_suite/ffo-4x4"
printf '%s X; H8:+64; G7:+10;\n%s o; a1:-2; PS:-4;\n' "$(printf 'X%.0s' {1..62})O-" \
  "$(printf '.%.0s' {1..60})*oO*" >"$out/fuzz_suite/obf"

# --- work units: a unit, and the result tav explore --unit gives for it -----
unit='{"schema":1,"kind":"explore_unit","game":"othello","variant":"standard","size":4,"pieces":"","position":"-----OX--XO----- X","mode":"exact","depth":0,"budget_s":0,"tt_mb":1}'
printf '0%s' "$unit" >"$out/fuzz_work_unit/unit-exact"
printf '0%s' "${unit/\"exact\",\"depth\":0/\"search\",\"depth\":3}" >"$out/fuzz_work_unit/unit-search"
printf '1%s' "$($tav explore --unit="$unit" --threads=1)" >"$out/fuzz_work_unit/result-exact"

# --- a book from a tiny exploration -----------------------------------------
$tav explore --game=othello --size=4 --plies=2 --threads=1 --tt-mb=1 --out="$tmp/explore" >/dev/null 2>&1
cp "$tmp/explore/book.tvb" "$out/fuzz_book/othello4-plies2-v2.tvb"  # othello4-plies2-v1.tvb: a version-1 book of before game options, kept by hand
head -c 16 "$tmp/explore/book.tvb" >"$out/fuzz_book/truncated-header"

# --- tier files and manifests from a tiny retrograde solve, per encoding ----
# (DIR ENCODING: the seeds are DIR-<tier file> and ENCODING.json)
for run in "retro dtw8" "wl1 wl1"; do
  read -r d encoding <<<"$run"
  $tav retro --game=prairie --size=3 --tiers='buffalo<=1' --threads=1 --encoding="$encoding" \
    --out="$tmp/$d" >/dev/null 2>&1
  cp "$tmp/$d/manifest.json" "$out/fuzz_manifest/$encoding.json"
  ls -S "$tmp/$d"/tiers/*.tier | tail -3 | while read -r f; do
    cp "$f" "$out/fuzz_tier_file/$d-$(basename "$f" | tr -- '-' '_')"
  done
done
du -sh "$out"
