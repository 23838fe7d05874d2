// The exact solver on the FFO endgame suite #40-#44 (data/ffo/ffo-40-49.txt),
// one full solve per iteration from an empty 256 MiB table, at 1 and 2
// threads. Counters: nodes (summed over threads) and nodes/s. The whole
// #40-#49 table comes from `tav solve --suite=data/ffo/ffo-40-49.txt`.
//   build/bench/bench_solve --benchmark_filter='Ffo/4[0-4]/threads:1'
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "games/reversi/reversi.h"
#include "search/search.h"
#include "search/suite.h"

namespace tav {
namespace {

const search::SuiteEntry& FfoEntry(int id) {
  static const std::vector<search::SuiteEntry> suite = [] {
    auto parsed = search::ReadSuiteFile(std::string(TAV_SOURCE_DIR) + "/data/ffo/ffo-40-49.txt");
    if (!parsed.ok()) std::abort();
    return *parsed;
  }();
  for (const auto& e : suite) {
    if (e.id == std::to_string(id)) return e;
  }
  std::abort();
}

void BM_Ffo(benchmark::State& state) {
  const int id = static_cast<int>(state.range(0));
  const int threads = static_cast<int>(state.range(1));
  const auto game = *reversi::Othello::Create(GameSpec{"othello", "", 8, ""});
  const search::SuiteEntry& entry = FfoEntry(id);
  const auto pos = *game.parse_position(entry.position());
  search::SolveOptions options;
  options.threads = threads;
  options.pv = false;
  search::Solver<reversi::Othello> solver(game, options);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    state.PauseTiming();
    solver.Clear();
    state.ResumeTiming();
    const auto r = solver.Solve(pos);
    if (r.value != entry.score) state.SkipWithError("wrong score");
    nodes += r.stats.nodes;
  }
  state.counters["nodes"] = benchmark::Counter(static_cast<double>(nodes) / state.iterations());
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_Ffo)
    ->Name("Ffo")
    ->ArgNames({"", "threads"})
    ->ArgsProduct({{40, 41, 42, 43, 44}, {1, 2}})
    ->Unit(benchmark::kSecond)
    ->UseRealTime()
    ->Iterations(1);

}  // namespace
}  // namespace tav
