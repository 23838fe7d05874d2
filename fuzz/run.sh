#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/CMakeLists.txt, clang++) and runs each
# for SECONDS seconds on a copy of its committed seed corpus.
#
#   fuzz/run.sh [SECONDS] [TARGET...]     default: 15 seconds, every target
#
# Environment: BUILD (build directory, default build-fuzz), JOBS (build jobs,
# default nproc), KEEP=1 keeps the grown corpora in $BUILD/corpus.
# A target that finds a crash, a sanitizer report, a broken round-trip
# property or a hang (over 10 s on one input) stops, leaves crash-*/timeout-*
# files in $BUILD/artifacts and makes the script exit 1 after the other
# targets ran. Every target prints its libFuzzer final stats (executions:
# stat::number_of_executed_units).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-15}
shift || true
build=${BUILD:-build-fuzz}
jobs=${JOBS:-$(nproc)}

cmake -S . -B "$build" -DTAV_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo ${CMAKE_CXX_COMPILER_LAUNCHER:+-DCMAKE_CXX_COMPILER_LAUNCHER=$CMAKE_CXX_COMPILER_LAUNCHER} >/dev/null
cmake --build "$build" -j"$jobs" --target fuzz_all

targets=("$@")
if ((${#targets[@]} == 0)); then
  for f in fuzz/fuzz_*.cc; do targets+=("$(basename "$f" .cc)"); done
fi
mkdir -p "$build/artifacts" "$build/corpus"
failed=()
for t in "${targets[@]}"; do
  work="$build/corpus/$t"
  rm -rf "$work" && mkdir -p "$work"
  cp fuzz/corpus/"$t"/* "$work"/ 2>/dev/null || true
  echo "=== $t: ${seconds}s" >&2
  if ! ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
      "$build/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
      -print_final_stats=1 -artifact_prefix="$build/artifacts/$t-" "$work" 2>"$build/$t.log"; then
    failed+=("$t")
    tail -40 "$build/$t.log" >&2
  fi
  grep -E "stat::number_of_executed_units|stat::new_units_added" "$build/$t.log" |
    sed "s/^/$t /" >&2 || true
  [[ ${KEEP:-0} == 1 ]] || rm -rf "$work"
done
if ((${#failed[@]})); then
  echo "fuzzing found problems in: ${failed[*]} (inputs in $build/artifacts)" >&2
  exit 1
fi
