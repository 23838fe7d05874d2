// Evaluation speed on 10x10 classic Cathedral: positions evaluated per
// second by the handmade evaluate(), by the features alone, and by the
// learned evaluation (features, dot product, clamp into value_bounds) with the
// built-in weights (a search evaluates every leaf, so this bounds nodes/s).
// Positions come from random games (fixed seed), plies 2..40.
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "cathedral_boards.h"
#include "core/hash.h"
#include "eval/evaluation.h"
#include "games/cathedral/cathedral.h"

namespace tav {
namespace {

using cathedral::Cathedral;

const std::vector<Cathedral::Position>& Positions() {
  static const std::vector<Cathedral::Position> positions = [] {
    const Cathedral& game = Game10();
    std::vector<Cathedral::Position> out;
    SplitMix64 rng(2026);
    while (out.size() < 512) {
      auto pos = game.start();
      Cathedral::MoveList moves;
      for (int ply = 0; !game.is_over(pos); ++ply) {
        if (ply >= 2) out.push_back(pos);
        game.generate_moves(pos, moves);
        game.play(pos, moves[rng.Below(moves.size())]);
      }
    }
    return out;
  }();
  return positions;
}

// The built-in weights, or (in a build without them) weights of 1/100.
std::shared_ptr<const eval::LinearModel> Model() {
  const Cathedral& game = Game10();
  absl::StatusOr<eval::LinearModel> m =
      eval::BuiltInModel("cathedral", game.variant(), game.board_name(), "");
  if (m.ok()) return std::make_shared<const eval::LinearModel>(*m);
  eval::LinearModel dummy;
  dummy.sets.resize(1);
  dummy.sets[0].weights.assign(Cathedral::kFeatureCount, 0.01);
  return std::make_shared<const eval::LinearModel>(dummy);
}

template <class F>
void Run(benchmark::State& state, F&& evaluate) {
  std::int64_t sum = 0, evaluated = 0;
  for (auto _ : state) {
    for (const auto& p : Positions()) sum += evaluate(p);
    evaluated += static_cast<std::int64_t>(Positions().size());
  }
  benchmark::DoNotOptimize(sum);
  state.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(evaluated), benchmark::Counter::kIsRate);
}

void BM_HandmadeEvaluate(benchmark::State& state) {
  Run(state, [](const Cathedral::Position& p) { return Game10().evaluate(p); });
}
BENCHMARK(BM_HandmadeEvaluate);

void BM_Features(benchmark::State& state) {
  Run(state, [](const Cathedral::Position& p) {
    float f[Cathedral::kFeatureCount];
    Game10().features(p, std::span<float>(f, Cathedral::kFeatureCount));
    return static_cast<int>(f[0]);
  });
}
BENCHMARK(BM_Features);

void BM_LearnedEvaluate(benchmark::State& state) {
  const eval::Evaluated<Cathedral> learned(Game10(), Model());
  Run(state, [&](const Cathedral::Position& p) { return learned.evaluate(p); });
}
BENCHMARK(BM_LearnedEvaluate);

}  // namespace
}  // namespace tav
