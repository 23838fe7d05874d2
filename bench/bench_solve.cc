// The exact solver on the FFO endgame suite #40-#44 (data/ffo/ffo-40-49.txt),
// one full solve per iteration from an empty 256 MiB table, at 1 and 2
// threads; and on the Desdemona 8x8 suite (data/desdemona/endgames-16-24.txt),
// all its positions with E empties per iteration. Counters: nodes (summed over
// threads) and nodes/s. The whole tables come from `tav solve --suite=FILE`.
//   build/bench/bench_solve --benchmark_filter='Ffo/4[0-4]/threads:1'
//   build/bench/bench_solve --benchmark_filter='Desdemona/empties:2[0-4]/threads:1'
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "games/reversi/reversi.h"
#include "search/search.h"
#include "search/suite.h"

namespace tav {
namespace {

// A suite file under data/, read once; a missing or damaged file aborts the bench.
std::vector<search::SuiteEntry> ReadSuiteOrDie(const std::string& relative_path) {
  auto parsed = search::ReadSuiteFile(std::string(TAV_SOURCE_DIR) + "/" + relative_path);
  if (!parsed.ok()) std::abort();
  return *parsed;
}

const search::SuiteEntry& FfoEntry(int id) {
  static const std::vector<search::SuiteEntry> suite = ReadSuiteOrDie("data/ffo/ffo-40-49.txt");
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

void BM_Desdemona(benchmark::State& state) {
  static const std::vector<search::SuiteEntry> suite =
      ReadSuiteOrDie("data/desdemona/endgames-16-24.txt");
  const int empties = static_cast<int>(state.range(0));
  const auto game = *reversi::Desdemona::Create(GameSpec{"desdemona", "", 8, ""});
  search::SolveOptions options;
  options.threads = static_cast<int>(state.range(1));
  options.pv = false;
  search::Solver<reversi::Desdemona> solver(game, options);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    for (const search::SuiteEntry& e : suite) {
      if (e.empties != empties) continue;
      const auto pos = *game.parse_position(e.position());
      state.PauseTiming();
      solver.Clear();
      state.ResumeTiming();
      const auto r = solver.Solve(pos);
      if (r.value != e.score) state.SkipWithError("wrong score");
      nodes += r.stats.nodes;
    }
  }
  state.counters["nodes"] = benchmark::Counter(static_cast<double>(nodes) / state.iterations());
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_Desdemona)
    ->Name("Desdemona")
    ->ArgNames({"empties", "threads"})
    ->ArgsProduct({{16, 18, 20, 22, 24}, {1, 2}})
    ->Unit(benchmark::kSecond)
    ->UseRealTime()
    ->Iterations(1);

}  // namespace
}  // namespace tav
