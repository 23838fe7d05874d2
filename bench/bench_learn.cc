// Training throughput of `tav learn` (learn/trainer.h): labelled positions
// per second on 6x6 classic Cathedral, single-threaded, for the two recipes:
// a greedy one-ply player with bootstrapped search labels, and an engine
// player (selective search, a node budget) with outcome labels and phases.
// Exact solves of the last plies are in both (on 6x6 they are cheap; on
// 10x10 they dominate: `tav learn`'s closing line gives positions/s there).
#include <benchmark/benchmark.h>

#include "core/game_options.h"
#include "engine/config.h"
#include "games/cathedral/cathedral.h"
#include "learn/trainer.h"

namespace tav {
namespace {

using cathedral::Cathedral;

const Cathedral& Game6() {
  static const Cathedral game = *Cathedral::Create(GameSpec{"cathedral", "classic", 6, ""});
  return game;
}

void RunTrainer(benchmark::State& state, const learn::LearnOptions& options) {
  std::int64_t positions = 0;
  for (auto _ : state) {
    learn::Trainer<Cathedral> trainer(Game6(), options);
    benchmark::DoNotOptimize(trainer.Run());
    positions += static_cast<std::int64_t>(trainer.stats().positions);
  }
  state.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(positions), benchmark::Counter::kIsRate);
}

learn::LearnOptions Base() {
  learn::LearnOptions o;
  o.games = 20;
  o.seed = 1;
  o.exact_plies = 6;
  o.tt_mb = 16;
  return o;
}

void BM_LearnGreedySearchLabels(benchmark::State& state) {
  learn::LearnOptions o = Base();
  o.band_plies = 2;
  RunTrainer(state, o);
}
BENCHMARK(BM_LearnGreedySearchLabels)->Unit(benchmark::kMillisecond);

void BM_LearnEngineOutcomeLabels(benchmark::State& state) {
  learn::LearnOptions o = Base();
  o.player = *engine::ParseEngineConfig("--nodes=20000 --tt-mb=4");
  o.labels = learn::Labels::kOutcome;
  o.phases = 3;
  RunTrainer(state, o);
}
BENCHMARK(BM_LearnEngineOutcomeLabels)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tav
