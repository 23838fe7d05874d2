// Prairie: move generation, the tier index (rank/unrank) and retrograde
// throughput. Counters: "positions/s" (and "moves/s") per run; the retro
// benches also report "positions/s/thread" and run with 1 and 2 threads, so
// the speedup is their ratio. Example:
//   build/bench/bench_prairie --benchmark_filter=Retro
#include <benchmark/benchmark.h>

#include <filesystem>
#include <vector>

#include "core/hash.h"
#include "core/perft.h"
#include "games/prairie/prairie.h"
#include "retro/solver.h"

namespace tav {
namespace {

using prairie::PrairieGame;

PrairieGame Make(int width) { return *PrairieGame::Create(GameSpec{"prairie", "", width, ""}); }

// A fixed, reproducible set of positions from random playouts.
std::vector<PrairieGame::Position> SamplePositions(const PrairieGame& game, int count) {
  std::vector<PrairieGame::Position> out;
  SplitMix64 rng(2024);
  while (static_cast<int>(out.size()) < count) {
    auto pos = game.start();
    PrairieGame::MoveList moves;
    for (game.generate_moves(pos, moves); moves.size() > 0; game.generate_moves(pos, moves)) {
      out.push_back(pos);
      game.play(pos, moves[rng.Below(moves.size())]);
    }
  }
  out.resize(count);
  return out;
}

void BM_GenerateAndPlay(benchmark::State& state) {
  const PrairieGame game = Make(static_cast<int>(state.range(0)));
  const auto positions = SamplePositions(game, 4096);
  std::uint64_t sink = 0, played = 0;
  for (auto _ : state) {
    for (const auto& p : positions) {
      PrairieGame::MoveList moves;
      game.generate_moves(p, moves);
      for (auto m : moves) {
        auto child = p;
        game.play(child, m);
        sink += child.dogs ^ child.herd;
      }
      played += moves.size();
    }
  }
  benchmark::DoNotOptimize(sink);
  state.counters["moves/s"] =
      benchmark::Counter(static_cast<double>(played), benchmark::Counter::kIsRate);
  state.counters["positions/s"] = benchmark::Counter(
      static_cast<double>(state.iterations() * positions.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_GenerateAndPlay)->Arg(5)->Arg(11);

void BM_CountMoves(benchmark::State& state) {
  const PrairieGame game = Make(static_cast<int>(state.range(0)));
  const auto positions = SamplePositions(game, 4096);
  std::uint64_t sink = 0;
  for (auto _ : state) {
    for (const auto& p : positions) sink += game.count_moves(p);
  }
  benchmark::DoNotOptimize(sink);
  state.counters["positions/s"] = benchmark::Counter(
      static_cast<double>(state.iterations() * positions.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_CountMoves)->Arg(5)->Arg(11);

void BM_Perft(benchmark::State& state) {
  const PrairieGame game = Make(11);
  std::uint64_t leaves = 0;
  for (auto _ : state) leaves += Perft(game, game.start(), static_cast<int>(state.range(0)));
  state.counters["leaves/s"] =
      benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Perft)->Arg(4)->Arg(5)->Unit(benchmark::kMillisecond);

// Positions drawn uniformly from the tiers (all tiers for W <= 5, two
// buffalo at most on the 11-wide board).
struct Indexed {
  PrairieGame::Tier tier;
  std::uint64_t index;
  PrairieGame::Position pos;
};
std::vector<Indexed> SampleIndexed(const PrairieGame& game, const char* selection, int count) {
  const std::vector<PrairieGame::Tier> tiers = game.tiers(selection).value();
  SplitMix64 rng(7);
  std::vector<Indexed> out;
  for (int i = 0; i < count; ++i) {
    Indexed x;
    x.tier = tiers[rng.Below(tiers.size())];
    x.index = rng.Below(game.tier_size(x.tier));
    game.unrank(x.tier, x.index, x.pos);
    out.push_back(x);
  }
  return out;
}

void BM_Rank(benchmark::State& state) {
  const int width = static_cast<int>(state.range(0));
  const PrairieGame game = Make(width);
  const auto sample = SampleIndexed(game, width <= 5 ? "" : "buffalo<=2", 4096);
  std::uint64_t sink = 0;
  for (auto _ : state) {
    for (const auto& x : sample) sink += game.rank(x.tier, x.pos) + game.tier_of(x.pos);
  }
  benchmark::DoNotOptimize(sink);
  state.counters["positions/s"] = benchmark::Counter(
      static_cast<double>(state.iterations() * sample.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Rank)->Arg(5)->Arg(11);

void BM_Unrank(benchmark::State& state) {
  const int width = static_cast<int>(state.range(0));
  const PrairieGame game = Make(width);
  const auto sample = SampleIndexed(game, width <= 5 ? "" : "buffalo<=2", 4096);
  std::uint64_t sink = 0;
  PrairieGame::Position p;
  for (auto _ : state) {
    for (const auto& x : sample) {
      game.unrank(x.tier, x.index, p);
      sink += p.dogs;
    }
  }
  benchmark::DoNotOptimize(sink);
  state.counters["positions/s"] = benchmark::Counter(
      static_cast<double>(state.iterations() * sample.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Unrank)->Arg(5)->Arg(11);

// A whole retrograde solve into a temporary directory (no fsync: the disk
// is not what is measured). Args: width, threads, encoding (0 dtw8, 1 wl1).
// W = 4 is the whole board; W = 5 the tiers with at most two buffalo.
void BM_Retro(benchmark::State& state) {
  const int width = static_cast<int>(state.range(0));
  const PrairieGame game = Make(width);
  const auto dir =
      std::filesystem::temp_directory_path() / ("tav_bench_retro_" + std::to_string(::getpid()));
  retro::SolveOptions options;
  options.dir = dir.string();
  options.selection = width <= 4 ? "" : "buffalo<=2";
  options.threads = static_cast<int>(state.range(1));
  options.encoding = state.range(2) ? retro::Encoding::kWl1 : retro::Encoding::kDtw8;
  options.progress = false;
  options.durable = false;
  std::uint64_t positions = 0;
  for (auto _ : state) {
    state.PauseTiming();
    std::filesystem::remove_all(dir);
    state.ResumeTiming();
    auto summary =
        retro::RetroSolver<PrairieGame>(game, GameSpec{"prairie", "", width, ""}, options).Run();
    if (!summary.ok()) state.SkipWithError(std::string(summary.status().message()).c_str());
    positions += summary->positions;
  }
  std::filesystem::remove_all(dir);
  state.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(positions), benchmark::Counter::kIsRate);
  state.counters["positions/s/thread"] = benchmark::Counter(
      static_cast<double>(positions) / options.threads, benchmark::Counter::kIsRate);
  state.counters["peak_mb"] = retro::PeakMemoryMb();
}
BENCHMARK(BM_Retro)
    ->Args({4, 1, 0})
    ->Args({4, 2, 0})
    ->Args({4, 1, 1})
    ->Args({4, 2, 1})
    ->Args({5, 1, 0})
    ->Args({5, 2, 0})
    ->Iterations(1)
    ->Unit(benchmark::kSecond)
    ->UseRealTime();

}  // namespace
}  // namespace tav
