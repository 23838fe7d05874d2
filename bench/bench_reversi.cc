// Othello/Desdemona move generation and perft. Reported counters:
// "leaves/s" for perft, "positions/s" for move generation over a fixed set.
#include <benchmark/benchmark.h>

#include <vector>

#include "core/hash.h"
#include "core/perft.h"
#include "games/reversi/reversi.h"

namespace tav {
namespace {

template <class G>
G Make(const char* name, int size) {
  return *G::Create(GameSpec{name, "", size, ""});
}

// A fixed, reproducible set of positions from random playouts.
template <class G>
std::vector<typename G::Position> SamplePositions(const G& game, int count) {
  std::vector<typename G::Position> out;
  SplitMix64 rng(2024);
  while (static_cast<int>(out.size()) < count) {
    auto pos = game.start();
    typename G::MoveList moves;
    for (game.generate_moves(pos, moves); moves.size() > 0; game.generate_moves(pos, moves)) {
      out.push_back(pos);
      game.play(pos, moves[rng.Below(moves.size())]);
    }
  }
  out.resize(count);
  return out;
}

template <class G>
void BM_MoveMask(benchmark::State& state, const char* name) {
  const G game = Make<G>(name, 8);
  const auto positions = SamplePositions(game, 4096);
  std::uint64_t sink = 0;
  for (auto _ : state) {
    for (const auto& p : positions) sink += game.MoveMask(p);
  }
  benchmark::DoNotOptimize(sink);
  state.counters["positions/s"] = benchmark::Counter(
      static_cast<double>(state.iterations() * positions.size()), benchmark::Counter::kIsRate);
}
void BM_MoveMask_Othello(benchmark::State& s) { BM_MoveMask<reversi::Othello>(s, "othello"); }
void BM_MoveMask_Desdemona(benchmark::State& s) { BM_MoveMask<reversi::Desdemona>(s, "desdemona"); }
BENCHMARK(BM_MoveMask_Othello);
BENCHMARK(BM_MoveMask_Desdemona);

// Generating the list and playing every move: the cost of one interior node.
template <class G>
void BM_GenerateAndPlay(benchmark::State& state, const char* name) {
  const G game = Make<G>(name, 8);
  const auto positions = SamplePositions(game, 4096);
  std::uint64_t sink = 0, played = 0;
  for (auto _ : state) {
    for (const auto& p : positions) {
      typename G::MoveList moves;
      game.generate_moves(p, moves);
      for (auto m : moves) {
        auto child = p;
        game.play(child, m);
        sink += child.player;
      }
      played += moves.size();
    }
  }
  benchmark::DoNotOptimize(sink);
  state.counters["moves/s"] =
      benchmark::Counter(static_cast<double>(played), benchmark::Counter::kIsRate);
}
void BM_GenerateAndPlay_Othello(benchmark::State& s) {
  BM_GenerateAndPlay<reversi::Othello>(s, "othello");
}
void BM_GenerateAndPlay_Desdemona(benchmark::State& s) {
  BM_GenerateAndPlay<reversi::Desdemona>(s, "desdemona");
}
BENCHMARK(BM_GenerateAndPlay_Othello);
BENCHMARK(BM_GenerateAndPlay_Desdemona);

template <class G>
void BM_Perft(benchmark::State& state, const char* name) {
  const G game = Make<G>(name, 8);
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t leaves = 0;
  for (auto _ : state) leaves += Perft(game, game.start(), depth);
  state.counters["leaves/s"] =
      benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
}
void BM_Perft_Othello(benchmark::State& s) { BM_Perft<reversi::Othello>(s, "othello"); }
void BM_Perft_Desdemona(benchmark::State& s) { BM_Perft<reversi::Desdemona>(s, "desdemona"); }
BENCHMARK(BM_Perft_Othello)->Arg(8)->Arg(9)->Arg(10)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Perft_Desdemona)->Arg(9)->Arg(10)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tav
