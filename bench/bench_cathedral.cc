// Cathedral move generation, make (play with territory update), perft and exact solves.
//
// Counters: "moves/s" = legal moves written to a list per second, "lists/s" =
// complete legal-move lists per second, "plays/s" = copy-make moves per
// second. Positions come from random 10x10 classic games (fixed seed):
//   AfterCathedral  dark's first move (the Cathedral placed, nothing else)
//   Midgame         plies 8..14 (the Cathedral and 3..6 buildings a side)
//   Late            plies 20 and later, while the game lasts
// The reference point is the Java engine's 186,000 legal moves/s and
// 442 full lists/s on a 10x10 midgame position.
#include <benchmark/benchmark.h>

#include <fstream>
#include <string>
#include <vector>

#include "cathedral_boards.h"
#include "core/hash.h"
#include "core/perft.h"
#include "games/cathedral/cathedral.h"
#include "search/search.h"

namespace tav {
namespace {

using cathedral::Cathedral;

// Positions at plies [first, last] of random games, `count` of them.
std::vector<Cathedral::Position> Sample(int first, int last, int count) {
  const Cathedral& game = Game10();
  std::vector<Cathedral::Position> out;
  SplitMix64 rng(2024);
  while (static_cast<int>(out.size()) < count) {
    auto pos = game.start();
    Cathedral::MoveList moves;
    for (int ply = 0;; ++ply) {
      game.generate_moves(pos, moves);
      if (moves.size() == 0 || ply > last) break;
      if (ply >= first && static_cast<int>(out.size()) < count) out.push_back(pos);
      game.play(pos, moves[rng.Below(moves.size())]);
    }
  }
  return out;
}

const std::vector<Cathedral::Position>& Positions(int kind) {
  static const std::vector<Cathedral::Position> sets[3] = {Sample(1, 1, 64), Sample(8, 14, 256),
                                                           Sample(20, 200, 256)};
  return sets[kind];
}

void BM_GenerateMoves(benchmark::State& state) {
  const Cathedral& game = Game10();
  const auto& positions = Positions(static_cast<int>(state.range(0)));
  Cathedral::MoveList moves;
  std::uint64_t generated = 0, lists = 0;
  for (auto _ : state) {
    for (const auto& p : positions) {
      game.generate_moves(p, moves);
      generated += moves.size();
      benchmark::DoNotOptimize(moves.begin());
    }
    lists += positions.size();
  }
  state.counters["moves/s"] =
      benchmark::Counter(static_cast<double>(generated), benchmark::Counter::kIsRate);
  state.counters["lists/s"] =
      benchmark::Counter(static_cast<double>(lists), benchmark::Counter::kIsRate);
  state.counters["moves/list"] = static_cast<double>(generated) / static_cast<double>(lists);
}
BENCHMARK(BM_GenerateMoves)->ArgName("AfterCathedral0Midgame1Late2")->Arg(0)->Arg(1)->Arg(2);

void BM_CountMoves(benchmark::State& state) {
  const Cathedral& game = Game10();
  const auto& positions = Positions(static_cast<int>(state.range(0)));
  std::uint64_t counted = 0, lists = 0;
  for (auto _ : state) {
    for (const auto& p : positions) counted += game.count_moves(p);
    lists += positions.size();
  }
  benchmark::DoNotOptimize(counted);
  state.counters["moves/s"] =
      benchmark::Counter(static_cast<double>(counted), benchmark::Counter::kIsRate);
  state.counters["lists/s"] =
      benchmark::Counter(static_cast<double>(lists), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_CountMoves)->ArgName("AfterCathedral0Midgame1Late2")->Arg(0)->Arg(1)->Arg(2);

// Copy-make of every legal move: placement, region flood fills, captures.
void BM_PlayEveryMove(benchmark::State& state) {
  const Cathedral& game = Game10();
  const auto& positions = Positions(static_cast<int>(state.range(0)));
  std::vector<Cathedral::MoveList> lists(positions.size());
  for (size_t i = 0; i < positions.size(); ++i) game.generate_moves(positions[i], lists[i]);
  std::uint64_t played = 0, sink = 0;
  for (auto _ : state) {
    for (size_t i = 0; i < positions.size(); ++i) {
      for (const auto m : lists[i]) {
        auto child = positions[i];
        game.play(child, m);
        sink += child.keys[0];
      }
      played += lists[i].size();
    }
  }
  benchmark::DoNotOptimize(sink);
  state.counters["plays/s"] =
      benchmark::Counter(static_cast<double>(played), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_PlayEveryMove)->ArgName("AfterCathedral0Midgame1Late2")->Arg(0)->Arg(1)->Arg(2);

void BM_Perft2FromThe10x10Start(benchmark::State& state) {
  const Cathedral& game = Game10();
  std::uint64_t leaves = 0;
  for (auto _ : state) leaves += Perft(game, game.start(), 2);
  state.counters["leaves/s"] =
      benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Perft2FromThe10x10Start)->Unit(benchmark::kMillisecond);

void BM_Perft3FromThe10x10Start(benchmark::State& state) {
  const Cathedral& game = Game10();
  std::uint64_t leaves = 0;
  for (auto _ : state) leaves += Perft(game, game.start(), 3);
  state.counters["leaves/s"] =
      benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Perft3FromThe10x10Start)->Unit(benchmark::kMillisecond)->Iterations(1);

// Whole small boards solved from the start by the generic solver (one
// thread, a fresh 256 MiB table each time).
void BM_SolveFromTheStart(benchmark::State& state, int size, const char* variant) {
  const Cathedral game = *Cathedral::Create(GameSpec{"cathedral", variant, size, ""});
  std::uint64_t nodes = 0;
  int value = 0;
  for (auto _ : state) {
    search::SolveOptions options;
    options.threads = 1;
    options.tt_mb = 256;
    options.pv = false;
    search::Solver<Cathedral> solver(game, options);
    const auto r = solver.Solve(game.start());
    nodes += r.stats.nodes;
    value = r.value;
  }
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
  state.counters["nodes"] = static_cast<double>(nodes) / static_cast<double>(state.iterations());
  state.counters["value"] = value;
}
BENCHMARK_CAPTURE(BM_SolveFromTheStart, classic5x5, 5, "classic")->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(BM_SolveFromTheStart, lehmann5x5, 5, "lehmann")->Unit(benchmark::kSecond);
BENCHMARK_CAPTURE(BM_SolveFromTheStart, classic6x6, 6, "classic")
    ->Unit(benchmark::kSecond)
    ->Iterations(1);
BENCHMARK_CAPTURE(BM_SolveFromTheStart, lehmann6x6, 6, "lehmann")
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

// The endgames of bench/cathedral_endgames.txt (README, "Footprint endgames"),
// arg 10: the 10x10 random-game ones, arg 7: the 7x7 ones, each solved exactly
// on one thread with a fresh 512 MiB table. "nodes" is the search's tree for
// the whole set: compare it and the CPU time with another build's, side by
// side.
void BM_SolveEndgames(benchmark::State& state) {
  const int size = static_cast<int>(state.range(0));
  const Cathedral game = *Cathedral::Create(GameSpec{"cathedral", "classic", size, ""});
  std::vector<Cathedral::Position> positions;
  std::ifstream in(std::string(TAV_SOURCE_DIR) + "/bench/cathedral_endgames.txt");
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#' || line.find(' ') != static_cast<std::size_t>(size * size)) {
      continue;
    }
    const auto p = game.parse_position(line);
    if (!p.ok()) {
      state.SkipWithError(std::string(p.status().message()).c_str());
      return;
    }
    positions.push_back(*p);
  }
  if (positions.empty()) {
    state.SkipWithError("no positions of this size in bench/cathedral_endgames.txt");
    return;
  }
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    for (const auto& p : positions) {
      search::SolveOptions options;
      options.threads = 1;
      options.tt_mb = 512;
      options.pv = false;
      search::Solver<Cathedral> solver(game, options);
      nodes += solver.Solve(p).stats.nodes;
    }
  }
  state.counters["nodes"] = static_cast<double>(nodes) / static_cast<double>(state.iterations());
  state.counters["positions"] = static_cast<double>(positions.size());
}
BENCHMARK(BM_SolveEndgames)->Arg(10)->Arg(7)->Unit(benchmark::kSecond)->Iterations(1);

}  // namespace
}  // namespace tav
