// The heuristic searches an engine plays with on 10x10 classic Cathedral:
// nodes/s of the full-width search (search/search.h, kHeuristic) and of the
// selective search (search/selective.h), each given a fixed node budget, and
// the depth each reaches within it.
//
// Positions come from random games (fixed seed):
//   AfterCathedral  dark to move after light's Cathedral (ply 1)
//   Midgame         ply 10 (the Cathedral and 4-5 buildings a side)
// Counters: "nodes/s" (search nodes per CPU second, a node being one position
// searched, a horizon leaf or a child scored one ply deep included), "depth"
// (mean depth of the last completed iteration within the budget; 0: none
// completed, as for the full-width search after the Cathedral, whose root
// first orders its ~1,700 moves by a two-ply search of millions of nodes).
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "cathedral_boards.h"
#include "core/hash.h"
#include "games/cathedral/cathedral.h"
#include "search/search.h"
#include "search/selective.h"

namespace tav {
namespace {

using cathedral::Cathedral;

constexpr std::uint64_t kNodeBudget = 200'000;

// Four positions at `ply` of random games.
std::vector<Cathedral::Position> AtPly(int ply) {
  const Cathedral& game = Game10();
  std::vector<Cathedral::Position> out;
  SplitMix64 rng(2026);
  while (out.size() < 4) {
    auto pos = game.start();
    Cathedral::MoveList moves;
    int k = 0;
    for (; k < ply; ++k) {
      game.generate_moves(pos, moves);
      if (moves.size() == 0) break;
      game.play(pos, moves[rng.Below(moves.size())]);
    }
    if (k == ply && !game.is_over(pos)) out.push_back(pos);
  }
  return out;
}

const std::vector<Cathedral::Position>& Positions(int kind) {
  static const std::vector<Cathedral::Position> sets[2] = {AtPly(1), AtPly(10)};
  return sets[kind];
}

search::SolveOptions Budget() {
  search::SolveOptions o;
  o.mode = search::Mode::kHeuristic;
  o.threads = 1;
  o.pv = false;
  o.max_nodes = kNodeBudget;
  return o;
}

// nodes/s per second of CPU time (Google Benchmark's rate), like the other
// benches: wall time on a loaded machine says little.
void Report(benchmark::State& state, std::uint64_t nodes, double depth_sum, double searches) {
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
  state.counters["depth"] = searches > 0 ? depth_sum / searches : 0;
}

void BM_FullWidth(benchmark::State& state) {
  const auto& positions = Positions(static_cast<int>(state.range(0)));
  std::uint64_t nodes = 0;
  double depth = 0, searches = 0;
  for (auto _ : state) {
    for (const auto& p : positions) {
      const auto r = search::Solve(Game10(), p, [] {
        auto o = Budget();
        o.tt_mb = 16;
        return o;
      }());
      nodes += r.stats.nodes;
      depth += r.depth;
      searches += 1;
    }
  }
  Report(state, nodes, depth, searches);
}
BENCHMARK(BM_FullWidth)
    ->ArgName("AfterCathedral0Midgame1")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond);

void BM_Selective(benchmark::State& state) {
  const auto& positions = Positions(static_cast<int>(state.range(0)));
  std::uint64_t nodes = 0;
  double depth = 0, searches = 0;
  for (auto _ : state) {
    for (const auto& p : positions) {
      search::SelectiveSearch<Cathedral> s(Game10(), {},
                                           std::shared_ptr<search::TranspositionTable>(
                                               search::TranspositionTable::WithMegabytes(16)));
      const auto r = s.Solve(p, Budget());
      nodes += r.stats.nodes;
      depth += r.depth;
      searches += 1;
    }
  }
  Report(state, nodes, depth, searches);
}
BENCHMARK(BM_Selective)
    ->ArgName("AfterCathedral0Midgame1")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tav
