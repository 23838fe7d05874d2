// Learning (learn/fit.h, learn/trainer.h, learn/report.h): the ridge fit
// recovers known weights, training is a function of its seed, and on a small
// board the learned evaluation beats the handmade one against exact values
// on positions it was not trained on.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include <omp.h>

#include "core/hash.h"
#include "engine/config.h"
#include "eval/linear_model.h"
#include "games/cathedral/cathedral.h"
#include "learn/fit.h"
#include "learn/report.h"
#include "learn/trainer.h"

namespace tav::learn {
namespace {

using cathedral::Cathedral;

TEST(Cholesky, SolvesAKnownSystem) {
  // A = [[4, 2], [2, 3]], x = [1, -2]: b = [0, -4].
  std::vector<double> b = {0, -4};
  ASSERT_TRUE(CholeskySolve({4, 2, 2, 3}, b, 2));
  EXPECT_NEAR(b[0], 1, 1e-12);
  EXPECT_NEAR(b[1], -2, 1e-12);
  std::vector<double> c = {1, 1};
  EXPECT_FALSE(CholeskySolve({1, 2, 2, 1}, c, 2));  // indefinite
}

// y = 3 + 2 x0 - x1 + 0.5 x2 (+ noise), x3 constant.
Dataset Synthetic(double noise, std::uint64_t seed) {
  SplitMix64 rng(seed);
  Dataset d;
  d.columns = 4;
  auto uniform = [&] { return static_cast<double>(rng.Next() >> 11) * 0x1p-53 - 0.5; };
  for (int r = 0; r < 2000; ++r) {
    const float x[4] = {static_cast<float>(10 * uniform()), static_cast<float>(uniform()),
                        static_cast<float>(100 * uniform()), 7.0f};
    d.Add(x, 3 + 2.0 * x[0] - 1.0 * x[1] + 0.5 * x[2] + noise * uniform());
  }
  return d;
}

TEST(FitRidge, RecoversKnownWeightsFromExactData) {
  const absl::StatusOr<LinearFit> fit = FitRidge(Synthetic(0, 1), 0);
  ASSERT_TRUE(fit.ok()) << fit.status();
  EXPECT_NEAR(fit->bias, 3, 1e-6);
  EXPECT_NEAR(fit->weights[0], 2, 1e-7);
  EXPECT_NEAR(fit->weights[1], -1, 1e-6);
  EXPECT_NEAR(fit->weights[2], 0.5, 1e-8);
  EXPECT_EQ(fit->weights[3], 0);  // a constant column adds nothing to the bias
}

TEST(FitRidge, RecoversThemApproximatelyFromNoisyDataWithAPenalty) {
  const absl::StatusOr<LinearFit> fit = FitRidge(Synthetic(0.5, 2), 1e-4);
  ASSERT_TRUE(fit.ok()) << fit.status();
  EXPECT_NEAR(fit->bias, 3, 0.05);
  EXPECT_NEAR(fit->weights[0], 2, 0.02);
  EXPECT_NEAR(fit->weights[1], -1, 0.1);
  EXPECT_NEAR(fit->weights[2], 0.5, 0.01);
}

TEST(FitRidge, APenaltyShrinksTheWeights) {
  const LinearFit loose = *FitRidge(Synthetic(0, 3), 0);
  const LinearFit tight = *FitRidge(Synthetic(0, 3), 10);
  EXPECT_LT(std::abs(tight.weights[0]), std::abs(loose.weights[0]));
  EXPECT_LT(std::abs(tight.weights[2]), std::abs(loose.weights[2]));
}

// y = 1 + 0.5 x0 + t[e0] + t[e1] (+ noise): one dense column, two pattern
// instances picking from 50 entries whose planted values are (e % 10) - 4.5.
Dataset PatternSynthetic(double noise, std::uint64_t seed, int rows = 20000) {
  SplitMix64 rng(seed);
  Dataset d;
  d.columns = 1;
  d.instances = 2;
  d.entries = 50;
  auto uniform = [&] { return static_cast<double>(rng.Next() >> 11) * 0x1p-53 - 0.5; };
  for (int r = 0; r < rows; ++r) {
    const float x[1] = {static_cast<float>(10 * uniform())};
    const std::uint32_t e[2] = {static_cast<std::uint32_t>(rng.Below(25)),
                                static_cast<std::uint32_t>(25 + rng.Below(25))};
    const double y = 1 + 0.5 * x[0] + (e[0] % 10 - 4.5) + (e[1] % 10 - 4.5) + noise * uniform();
    d.Add(x, y, e);
  }
  return d;
}

TEST(FitRidge, PatternTablesAreRecoveredUpToTheirSharedConstant) {
  PatternFitOptions o;
  o.entry_ridge = 1e-3;
  const absl::StatusOr<LinearFit> fit = FitRidge(PatternSynthetic(0.2, 3), 0, o);
  ASSERT_TRUE(fit.ok()) << fit.status();
  ASSERT_EQ(fit->table.size(), 50u);
  EXPECT_NEAR(fit->weights[0], 0.5, 0.01);
  // Entries and bias are determined only up to constants moved between them
  // (the ridge picks one): differences within a table are the planted ones.
  for (std::uint32_t e = 1; e < 25; ++e) {
    EXPECT_NEAR(fit->table[e] - fit->table[0], (e % 10) - 0.0, 0.1) << e;
    EXPECT_NEAR(fit->table[25 + e] - fit->table[25], ((25 + e) % 10) - 5.0, 0.1) << e;
  }
  // Entries are on the weights file's grid, and the predictions are right.
  for (const float t : fit->table)
    EXPECT_EQ(t * eval::kTableScale, std::round(t * eval::kTableScale));
  const Dataset test = PatternSynthetic(0, 4);
  for (std::size_t r = 0; r < 100; ++r) {
    EXPECT_NEAR(Predict(*fit, test.row(r), test.picked_row(r), 2), test.y[r], 0.1);
  }
}

TEST(FitRidge, PatternFitsAreTheSameOnOneAndTwoThreads) {
  const Dataset data = PatternSynthetic(1, 5, 150000);  // three chunks (fit.cc)
  omp_set_num_threads(1);
  const absl::StatusOr<LinearFit> one = FitRidge(data, 1e-3);
  omp_set_num_threads(2);
  const absl::StatusOr<LinearFit> two = FitRidge(data, 1e-3);
  ASSERT_TRUE(one.ok() && two.ok());
  EXPECT_EQ(one->table, two->table);
  EXPECT_EQ(one->weights, two->weights);
  EXPECT_EQ(one->bias, two->bias);
}

TEST(FitRidge, RefusesNoData) {
  Dataset empty;
  empty.columns = 2;
  EXPECT_FALSE(FitRidge(empty, 1).ok());
}

Cathedral Five() { return *Cathedral::Create(GameSpec{"cathedral", "classic", 5, ""}); }

LearnOptions Small(std::uint64_t seed) {
  LearnOptions o;
  o.games = 30;
  o.seed = seed;
  o.exact_plies = 4;
  o.band_plies = 2;
  o.tt_mb = 8;
  return o;
}

TEST(Trainer, TheSameSeedGivesTheSameWeightsAndAnotherSeedOthers) {
  Trainer<Cathedral> a(Five(), Small(1)), b(Five(), Small(1)), c(Five(), Small(2));
  const eval::LinearModel ma = *a.Run(), mb = *b.Run(), mc = *c.Run();
  EXPECT_EQ(ma.sets, mb.sets);
  EXPECT_EQ(eval::ModelChecksum(ma), eval::ModelChecksum(mb));
  EXPECT_NE(ma.sets, mc.sets);
  EXPECT_GT(a.stats().exact, 0u);
  EXPECT_GT(a.stats().searched, 0u);
  EXPECT_EQ(a.stats().dropped, 0u);
  EXPECT_EQ(a.stats().positions, a.stats().exact + a.stats().searched);
  EXPECT_TRUE(eval::CheckModelFits(ma, Five()).ok());
}

TEST(FitPhases, CutsAtQuantilesAndFitsEachPhaseOnItsOwnRows) {
  // y = 1 + 2 x1 for x0 < 0.5, y = -3 - x1 above: two phases of column 0.
  Dataset d;
  d.columns = 2;
  for (int r = 0; r < 400; ++r) {
    const float x[2] = {static_cast<float>(r % 2 == 0 ? 0.25 : 0.75), static_cast<float>(r % 17)};
    d.Add(x, x[0] < 0.5 ? 1 + 2.0 * x[1] : -3 - 1.0 * x[1]);
  }
  const std::vector<double> edges = PhaseEdges(d, 0, 2);
  ASSERT_EQ(edges.size(), 1u);
  EXPECT_DOUBLE_EQ(edges[0], 0.75);
  const absl::StatusOr<std::vector<LinearFit>> fits = FitPhases(d, 0, 0, edges);
  ASSERT_TRUE(fits.ok()) << fits.status();
  ASSERT_EQ(fits->size(), 2u);
  EXPECT_NEAR((*fits)[0].weights[1], 2, 1e-6);
  EXPECT_NEAR((*fits)[0].bias, 1, 1e-5);
  EXPECT_NEAR((*fits)[1].weights[1], -1, 1e-6);
  EXPECT_NEAR((*fits)[1].bias, -3, 1e-5);
  // Repeated values give fewer edges, never an empty set; one phase, none.
  EXPECT_EQ(PhaseEdges(d, 0, 8).size(), 1u);
  EXPECT_TRUE(PhaseEdges(d, 0, 1).empty());
  EXPECT_FALSE(FitPhases(d, 0, 0, {0.9, 1.0}).ok());  // a set with no rows
}

// An engine self-play run with outcome labels and phases.
LearnOptions EnginePlay(int threads) {
  LearnOptions o = Small(3);
  o.games = 12;
  o.player = *engine::ParseEngineConfig("--nodes=3000 --noise=1 --tt-mb=2");
  o.labels = Labels::kOutcome;
  o.exact_plies = 3;
  o.phases = 3;
  o.threads = threads;
  return o;
}

TEST(Trainer, EngineSelfPlayWithOutcomeLabelsIsTheSameOnOneAndTwoThreads) {
  Trainer<Cathedral> one(Five(), EnginePlay(1)), two(Five(), EnginePlay(2));
  const absl::StatusOr<eval::LinearModel> a = one.Run(), b = two.Run();
  ASSERT_TRUE(a.ok()) << a.status();
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ(a->sets, b->sets);
  EXPECT_EQ(a->phase_edges, b->phase_edges);
  EXPECT_EQ(a->phase_feature, "phase");
  EXPECT_EQ(a->sets.size(), a->phase_edges.size() + 1);
  EXPECT_GT(a->sets.size(), 1u);
  EXPECT_GT(one.stats().outcome, 0u);
  EXPECT_EQ(one.stats().searched, 0u);
  EXPECT_EQ(one.stats().positions, one.stats().exact + one.stats().outcome);
  EXPECT_TRUE(eval::CheckModelFits(*a, Five()).ok());
}

TEST(Trainer, APlayerThatSolvesEveryMoveLabelsEveryPositionExactlyForFree) {
  // On 5x5 the engine's exact solver reaches from the start: every move it
  // plays is exact, so every position is labelled by the player's own value
  // (no outcome label, nothing dropped), even with exact_plies = 1.
  LearnOptions o = EnginePlay(1);
  o.player = *engine::ParseEngineConfig("--nodes=100000000 --tt-mb=8");
  o.play = {.random_opening = 0, .random_rate = 0};
  o.exact_plies = 1;
  o.games = 3;
  Trainer<Cathedral> t(Five(), o);
  ASSERT_TRUE(t.Run().ok());
  EXPECT_EQ(t.stats().outcome, 0u);
  EXPECT_EQ(t.stats().dropped, 0u);
  EXPECT_EQ(t.stats().positions, t.stats().exact);
  EXPECT_GT(t.stats().exact, 3u);
}

TEST(Trainer, APhaseFeatureTheGameLacksIsAnError) {
  LearnOptions o = EnginePlay(1);
  o.phase_feature = "no_such_feature";
  Trainer<Cathedral> t(Five(), o);
  const absl::StatusOr<eval::LinearModel> m = t.Run();
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.status().message().find("no_such_feature"), std::string::npos) << m.status();
}

TEST(Trainer, SelfPlayGamesAreReproducibleAndHeldOutGamesDiffer) {
  const Cathedral game = Five();
  for (int i = 0; i < 5; ++i) {
    SplitMix64 r1 = GameRng(7, kTrainingGames, i), r2 = GameRng(7, kTrainingGames, i);
    SplitMix64 h = GameRng(7, kHeldOutGames, i);
    const auto a = SelfPlayGame(game, r1, {}), b = SelfPlayGame(game, r2, {});
    EXPECT_EQ(a, b);
    EXPECT_TRUE(game.is_over(a.back()));
    EXPECT_NE(SelfPlayGame(game, h, {}), a);
  }
}

TEST(ParitySwings, AreMeanAbsoluteDifferencesOfConsecutiveDepths) {
  const std::vector<double> s = ParitySwings({{0, 4, -2}, {2, 0, -2}, {2, 1, 1}});
  ASSERT_EQ(s.size(), 2u);
  EXPECT_DOUBLE_EQ(s[0], (2 + 4 + 0) / 3.0);
  EXPECT_DOUBLE_EQ(s[1], (0 + 1 + 3) / 3.0);
}

TEST(FirstMoveClasses, AreTheCathedralPlacementsUpToRotation) {
  // 10x10: 224 Cathedral placements, 56 classes (none is symmetric under a
  // rotation: the Cathedral has no rotational symmetry).
  const Cathedral ten = *Cathedral::Create(GameSpec{"cathedral", "classic", 10, ""});
  EXPECT_EQ(FirstMoveClasses(ten).size(), 56u);
}

// The learned evaluation, trained on 5x5 training games, against the handmade
// one on held-out games: mean absolute error against exact values 2-6 plies
// before the end.
TEST(Trainer, TheLearnedErrorIsBelowTheHandmadeOneOnHeldOutPositions) {
  const Cathedral game = Five();
  LearnOptions o = Small(5);
  o.games = 60;
  Trainer<Cathedral> trainer(game, o);
  const auto model = std::make_shared<const eval::LinearModel>(*trainer.Run());
  ReportOptions r;
  r.games = 40;
  r.seed = 5;
  r.first = 2;
  r.last = 6;
  r.tt_mb = 8;
  r.max_depth = 1;
  const nlohmann::json report = Reporter<Cathedral>(game, model, r).Run();
  const nlohmann::json& h = report["heldout"];
  EXPECT_GT(h["positions"].get<int>(), 100);
  EXPECT_LT(h["mae_learned"].get<double>(), h["mae_handmade"].get<double>()) << h.dump();
}

// The committed 6x6 weights (data/eval/cathedral-classic-6x6.json) on held-out
// games, 1-5 plies before the end.
TEST(BuiltInWeights, The6x6LearnedErrorIsBelowTheHandmadeOne) {
  const Cathedral six = *Cathedral::Create(GameSpec{"cathedral", "classic", 6, ""});
  absl::StatusOr<eval::LinearModel> m = eval::BuiltInModel("cathedral", "classic", "6x6", "");
  ASSERT_TRUE(m.ok()) << m.status();
  ReportOptions r;
  r.games = 40;
  r.seed = 11;
  r.first = 1;
  r.last = 5;
  r.tt_mb = 16;
  r.max_depth = 1;
  const nlohmann::json report =
      Reporter<Cathedral>(six, std::make_shared<const eval::LinearModel>(*m), r).Run();
  const nlohmann::json& h = report["heldout"];
  EXPECT_GT(h["positions"].get<int>(), 100);
  EXPECT_LT(h["mae_learned"].get<double>(), h["mae_handmade"].get<double>()) << h.dump();
}

}  // namespace
}  // namespace tav::learn
