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
  { printf '%s' "$2"; walk "$4" "$5" "$6"; } >"$out/$1/$3"
}

# --- games: the selector byte is the index into the target's list ----------
seed fuzz_reversi 0 othello8-start "--game=othello" 0 0
seed fuzz_reversi 0 othello8-mid "--game=othello" 20 3
seed fuzz_reversi 1 othello6-mid "--game=othello --size=6" 12 1
seed fuzz_reversi 2 othello4-end "--game=othello --size=4" 9 2
seed fuzz_reversi 3 desdemona8-mid "--game=desdemona" 10 1
seed fuzz_reversi 4 desdemona6-mid "--game=desdemona --size=6" 8 2
# An Edax .obf line of an Othello position: X/O/- board, side, move:score pairs.
pos=$(head -1 "$out/fuzz_reversi/othello8-mid" | cut -c2-)
read -ra moves <<<"$($tav moves --game=othello --position="$pos")"
printf '0%s; %s:+2; %s:-4;\n' "$pos" "${moves[0]^^}" "${moves[1]^^}" >"$out/fuzz_reversi/othello8-obf"
printf '0%s; %s:+0;\n' "$(echo "$pos" | tr 'X-' '*.')" "${moves[0]}" >"$out/fuzz_reversi/othello8-obf-edax"

seed fuzz_cathedral 0 classic10-start "--game=cathedral" 0 0
seed fuzz_cathedral 0 classic10-mid "--game=cathedral" 6 5
seed fuzz_cathedral 1 lehmann7-mid "--game=cathedral --variant=lehmann --size=7" 5 2
seed fuzz_cathedral 2 classic8-mid "--game=cathedral --size=8" 8 7
seed fuzz_cathedral 3 lehmann5-late "--game=cathedral --variant=lehmann --size=5" 8 1

seed fuzz_prairie 0 standard11-start "--game=prairie" 0 0
seed fuzz_prairie 0 standard11-mid "--game=prairie" 20 3
seed fuzz_prairie 1 w5-late "--game=prairie --size=5" 24 2
seed fuzz_prairie 2 handicap2-mid "--game=prairie --variant=handicap2" 10 1
seed fuzz_prairie 3 extra3-start "--game=prairie --variant=extra3 --size=7" 0 0
seed fuzz_prairie 3 extra3-mid "--game=prairie --variant=extra3 --size=7" 7 4
seed fuzz_prairie 4 w3-mid "--game=prairie --size=3" 6 1
seed fuzz_prairie 5 w6-columns-mid "--game=prairie --size=6 --empty-columns=b,e" 9 2

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

# --- tier files and manifests from a tiny retrograde solve ------------------
$tav retro --game=prairie --size=3 --tiers='buffalo<=1' --threads=1 --out="$tmp/retro" >/dev/null 2>&1
$tav retro --game=prairie --size=3 --tiers='buffalo<=1' --threads=1 --encoding=wl1 --out="$tmp/wl1" >/dev/null 2>&1
cp "$tmp/retro/manifest.json" "$out/fuzz_manifest/dtw8.json"
cp "$tmp/wl1/manifest.json" "$out/fuzz_manifest/wl1.json"
for d in retro wl1; do
  ls -S "$tmp/$d"/tiers/*.tier | tail -3 | while read -r f; do
    cp "$f" "$out/fuzz_tier_file/$d-$(basename "$f" | tr -- '-' '_')"
  done
done
du -sh "$out"
