// The generic solver (solver/search) against plain minimax (tests/minimax.h):
// Othello and Desdemona (standard and misere) on every size, and toy games
// for the win/loss-distance scale, probes and bounds; thread counts and table
// sizes never change a value; WLD, analyze, PV and heuristic modes agree with
// the exact values.
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <random>
#include <vector>

#include "core/hash.h"
#include "games/reversi/reversi.h"
#include "minimax.h"
#include "search/search.h"
#include "search/values.h"
#include "toy_games.h"

namespace tav {
namespace {

using reversi::Desdemona;
using reversi::Othello;
using search::Mode;
using search::SolveOptions;
using search::Solver;
using search::TranspositionTable;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

template <class G>
G Make(const char* variant, int size) {
  return *G::Create(GameSpec{std::string(G::kName), variant, size, ""});
}

// A position reached by random moves from the start, stopping once at most
// `empties` squares are left (or the game is over).
template <class G>
typename G::Position RandomPosition(const G& game, SplitMix64& rng, int empties) {
  auto pos = game.start();
  typename G::MoveList moves;
  for (game.generate_moves(pos, moves); moves.size() > 0 && game.remaining(pos) > empties;
       game.generate_moves(pos, moves)) {
    game.play(pos, moves[rng.Below(moves.size())]);
  }
  return pos;
}

std::shared_ptr<TranspositionTable> Table(std::size_t bytes) {
  return std::make_shared<TranspositionTable>(bytes);
}

// ---- the value scale --------------------------------------------------------

template <class G>
void CheckChildWindows(int range) {
  for (int alpha = -range; alpha <= range; ++alpha) {
    for (int beta = alpha + 1; beta <= range + 1; ++beta) {
      const search::Window w = search::ChildWindow<G>(alpha, beta);
      for (int c = -range - 2; c <= range + 2; ++c) {
        const int v = search::BackUp<G>(c);
        ASSERT_EQ(v >= beta, c <= w.alpha) << alpha << " " << beta << " " << c;
        ASSERT_EQ(v <= alpha, c >= w.beta) << alpha << " " << beta << " " << c;
      }
    }
  }
}

TEST(SearchValues, ChildWindowIsTheExactPreimageOfTheParentWindow) {
  CheckChildWindows<Othello>(70);
  CheckChildWindows<testing::DagGame<true, false>>(40);
  // ... also near the distance scale's ends.
  using D = testing::DagGame<true, false>;
  for (int alpha : {-1001, -1000, -999, 997, 998, 999, 1000}) {
    const search::Window w = search::ChildWindow<D>(alpha, alpha + 1);
    EXPECT_EQ(w.beta - w.alpha, 1) << "a null window stays a null window";
  }
}

TEST(SearchValues, DistanceBackUpMovesOnePlyTowardZero) {
  using D = testing::DagGame<true, false>;
  EXPECT_EQ(search::BackUp<D>(-kDistanceBase), kDistanceBase - 1);  // the opponent lost: win in 1
  EXPECT_EQ(search::BackUp<D>(kDistanceBase - 4), -(kDistanceBase - 5));
  EXPECT_EQ(search::BackUp<D>(0), 0);
  for (int v : {998, 5, 0, -5, -998}) {
    EXPECT_EQ(search::BackUp<D>(search::ChildValueFor<D>(v)), v);
  }
  EXPECT_EQ(search::BackUp<Othello>(12), -12);
}

// ---- reversi against minimax --------------------------------------------------

template <class G>
void CheckAgainstMinimax(const char* variant, int size, int count, std::uint64_t seed,
                         std::size_t tt_bytes) {
  const G game = Make<G>(variant, size);
  SolveOptions options;
  options.pv = false;
  Solver<G> solver(game, options, Table(tt_bytes));
  SplitMix64 rng(seed);
  for (int i = 0; i < count; ++i) {
    const auto pos = RandomPosition(game, rng, 1 + static_cast<int>(rng.Below(10)));
    const int expected = testing::Minimax(game, pos);
    const auto r = solver.Solve(pos);
    ASSERT_TRUE(r.complete);
    ASSERT_EQ(r.value, expected) << G::kName << " " << variant << " " << game.position_string(pos);
  }
}

// 300 random positions with 1..10 empties for every game, variant and size.
// Minimax on 10 empties is slow under the sanitizers, so they check 30.
class ReversiAgainstMinimax : public ::testing::TestWithParam<int> {};

TEST_P(ReversiAgainstMinimax, OthelloExactValuesEqualMinimax) {
  CheckAgainstMinimax<Othello>("standard", GetParam(), kSanitized ? 30 : 300, 11, 1 << 20);
}
TEST_P(ReversiAgainstMinimax, DesdemonaExactValuesEqualMinimax) {
  CheckAgainstMinimax<Desdemona>("standard", GetParam(), kSanitized ? 30 : 300, 12, 1 << 20);
}
TEST_P(ReversiAgainstMinimax, DesdemonaMisereExactValuesEqualMinimax) {
  CheckAgainstMinimax<Desdemona>("misere", GetParam(), kSanitized ? 30 : 300, 13, 1 << 20);
}
TEST_P(ReversiAgainstMinimax, OneBucketTableStillGivesExactValues) {
  // 4 entries for the whole search: constant collisions and replacements.
  CheckAgainstMinimax<Othello>("standard", GetParam(), 40, 14, 64);
  CheckAgainstMinimax<Desdemona>("standard", GetParam(), 40, 15, 64);
}
INSTANTIATE_TEST_SUITE_P(Sizes, ReversiAgainstMinimax, ::testing::Values(4, 6, 8));

TEST(OthelloSolve, FourByFourFromTheStartIsAWhiteWinEqualToMinimax) {
  const Othello game = Make<Othello>("standard", 4);
  const int expected = testing::Minimax(game, game.start());
  EXPECT_LT(expected, 0) << "white (second player) wins 4x4 Othello";
  SolveOptions options;
  options.tt_mb = 1;
  const auto r = search::Solve(game, game.start(), options);
  EXPECT_EQ(r.value, expected);
  EXPECT_TRUE(r.best_move.has_value());
}

TEST(DesdemonaSolve, FourByFourFromTheStartEqualsMinimax) {
  for (const char* variant : {"standard", "misere"}) {
    const Desdemona game = Make<Desdemona>(variant, 4);
    SolveOptions options;
    options.tt_mb = 1;
    EXPECT_EQ(search::Solve(game, game.start(), options).value,
              testing::Minimax(game, game.start()))
        << variant;
  }
}

// ---- the game's hooks on their own --------------------------------------------

template <class G>
void CheckSmallSolverAndBounds(const char* variant, int size, std::uint64_t seed) {
  const G game = Make<G>(variant, size);
  SplitMix64 rng(seed);
  for (int i = 0; i < 200; ++i) {
    const auto pos =
        RandomPosition(game, rng, static_cast<int>(rng.Below(G::kSmallSolverRemaining + 1)));
    const int exact = testing::Minimax(game, pos);
    const auto [lower, upper] = game.value_bounds(pos);
    ASSERT_LE(lower, exact) << game.position_string(pos);
    ASSERT_GE(upper, exact) << game.position_string(pos);
    // Fail-soft semantics on random windows.
    const int alpha = static_cast<int>(rng.Below(41)) - 20;
    const int beta = alpha + 1 + static_cast<int>(rng.Below(10));
    std::uint64_t nodes = 0;
    const int v = game.solve_small(pos, alpha, beta, nodes);
    if (v <= alpha) {
      ASSERT_LE(exact, v) << game.position_string(pos) << " window " << alpha << " " << beta;
    } else if (v >= beta) {
      ASSERT_GE(exact, v) << game.position_string(pos) << " window " << alpha << " " << beta;
    } else {
      ASSERT_EQ(exact, v) << game.position_string(pos) << " window " << alpha << " " << beta;
    }
    ASSERT_GT(nodes, 0u);
  }
}

TEST(ReversiHooks, SmallSolverIsFailSoftAndStabilityBoundsAreAdmissible) {
  for (int size : {4, 6, 8}) {
    CheckSmallSolverAndBounds<Othello>("standard", size, 21);
    CheckSmallSolverAndBounds<Desdemona>("standard", size, 22);
    CheckSmallSolverAndBounds<Desdemona>("misere", size, 23);
  }
}

TEST(ReversiHooks, StabilityFindsCornersAndFullEdges) {
  const Othello game = Make<Othello>("standard", 4);
  // X owns all of row 1 and a4; the rest is O, with b2 and c3 empty.
  const auto pos = *game.parse_position("XXXXOOOOO-O-XOOO X");
  const auto [lower, upper] = game.value_bounds(pos);
  // X's row 1 is a full edge: 4 stable stones at least, so X scores >= 8 - 16.
  EXPECT_GE(lower, 2 * 4 - 16);
  EXPECT_LE(upper, 16);
  EXPECT_LE(lower, testing::Minimax(game, pos));
  EXPECT_GE(upper, testing::Minimax(game, pos));
}

// ---- threads and table sizes never change a value ------------------------------

template <class G>
void CheckThreadsAndTables(const char* variant, int size, int empties, int count,
                           std::uint64_t seed) {
  const G game = Make<G>(variant, size);
  SplitMix64 rng(seed);
  for (int i = 0; i < count; ++i) {
    const auto pos = RandomPosition(game, rng, empties);
    int reference = 0;
    bool first = true;
    for (int threads : {1, 2, 4}) {
      for (std::size_t bytes : {std::size_t{64}, std::size_t{64} << 10, std::size_t{4} << 20}) {
        SolveOptions options;
        options.threads = threads;
        options.pv = false;
        Solver<G> solver(game, options, Table(bytes));
        const auto r = solver.Solve(pos);
        ASSERT_TRUE(r.complete);
        if (first) reference = r.value;
        first = false;
        ASSERT_EQ(r.value, reference)
            << game.position_string(pos) << " threads " << threads << " table bytes " << bytes;
        ASSERT_EQ(r.stats.threads, threads);
      }
    }
  }
}

TEST(SearchParallel, ValueIsTheSameForEveryThreadCountAndTableSize) {
  const int n = kSanitized ? 3 : 12;
  CheckThreadsAndTables<Othello>("standard", 6, 14, n, 31);
  CheckThreadsAndTables<Othello>("standard", 8, 14, n, 32);
  CheckThreadsAndTables<Desdemona>("standard", 6, 14, n, 33);
  CheckThreadsAndTables<Desdemona>("misere", 8, 13, n, 34);
}

TEST(SearchParallel, FourThreadsAgreeWithMinimaxOnSmallPositions) {
  const Othello game = Make<Othello>("standard", 6);
  SolveOptions options;
  options.threads = 4;
  Solver<Othello> solver(game, options, Table(1 << 16));
  SplitMix64 rng(35);
  for (int i = 0; i < 40; ++i) {
    const auto pos = RandomPosition(game, rng, 10);
    ASSERT_EQ(solver.Solve(pos).value, testing::Minimax(game, pos)) << game.position_string(pos);
  }
}

TEST(SearchTable, OneTableServesManySolvesInARow) {
  // The explorer's use: one Solver, one table, thousands of positions.
  const Desdemona game = Make<Desdemona>("standard", 6);
  SolveOptions options;
  options.pv = false;
  Solver<Desdemona> shared(game, options, Table(1 << 16));
  SplitMix64 rng(36);
  for (int i = 0; i < 100; ++i) {
    const auto pos = RandomPosition(game, rng, 1 + static_cast<int>(rng.Below(12)));
    Solver<Desdemona> fresh(game, options, Table(1 << 20));
    ASSERT_EQ(shared.Solve(pos).value, fresh.Solve(pos).value) << game.position_string(pos);
  }
}

// ---- modes: WLD, analyze, PV, heuristic -------------------------------------------

template <class G>
int ReplayValue(const G& game, typename G::Position pos, const std::vector<typename G::Move>& pv) {
  // The value the line proves: play it out, then back the final value up.
  std::vector<typename G::Position> line{pos};
  for (const auto& m : pv) {
    game.play(pos, m);
    line.push_back(pos);
  }
  EXPECT_TRUE(game.is_over(pos)) << "an exact PV ends the game";
  int v = game.final_value(pos);
  for (size_t i = pv.size(); i > 0; --i) v = search::BackUp<G>(v);
  return v;
}

TEST(SearchModes, WldIsTheSignOfExactAndAnalyzeMatchesEachChild) {
  const Othello game = Make<Othello>("standard", 8);
  SplitMix64 rng(41);
  for (int i = 0; i < (kSanitized ? 4 : 20); ++i) {
    const auto pos = RandomPosition(game, rng, 12);
    if (game.is_over(pos)) continue;
    SolveOptions exact_options;
    exact_options.analyze = true;
    Solver<Othello> solver(game, exact_options, Table(1 << 20));
    const auto exact = solver.Solve(pos);
    SolveOptions wld_options;
    wld_options.mode = Mode::kWld;
    wld_options.analyze = true;
    Solver<Othello> wld_solver(game, wld_options, Table(1 << 20));
    const auto wld = wld_solver.Solve(pos);
    EXPECT_EQ(wld.value, search::Sign(exact.value)) << game.position_string(pos);
    // The PV proves the value, in both modes.
    EXPECT_EQ(ReplayValue(game, pos, exact.pv), exact.value);
    EXPECT_EQ(search::Sign(ReplayValue(game, pos, wld.pv)), wld.value);
    EXPECT_EQ(exact.pv.front(), *exact.best_move);
    // analyze: one value per move, the best equals the value, each equals a fresh child solve.
    typename Othello::MoveList moves;
    game.generate_moves(pos, moves);
    ASSERT_EQ(exact.analysis.size(), moves.size());
    ASSERT_EQ(wld.analysis.size(), moves.size());
    int best = -1000;
    for (size_t k = 0; k < moves.size(); ++k) {
      auto child = pos;
      game.play(child, moves[k]);
      Solver<Othello> fresh(game, SolveOptions{}, Table(1 << 20));
      const int child_value = -fresh.Solve(child).value;
      EXPECT_EQ(exact.analysis[k].first, moves[k]);
      EXPECT_EQ(exact.analysis[k].second, child_value);
      EXPECT_EQ(wld.analysis[k].second, search::Sign(child_value));
      best = std::max(best, child_value);
      if (moves[k] == *exact.best_move) {
        EXPECT_EQ(child_value, exact.value);
      }
    }
    EXPECT_EQ(best, exact.value);
  }
}

TEST(SearchModes, ThresholdProvesABoundOnTheSideOfTheThresholdWhereTheValueLies) {
  // Mode::kThreshold (one null-window search): at or above the threshold a
  // lower bound and the move that reaches it, below an upper bound and no
  // move; each a true bound on minimax, on one thread or two.
  const Desdemona game = Make<Desdemona>("standard", 6);
  SplitMix64 rng(44);
  int above = 0, below = 0;
  for (int i = 0; i < (kSanitized ? 4 : 16); ++i) {
    const auto pos = RandomPosition(game, rng, 10);
    if (game.is_over(pos)) continue;
    const int exact = testing::Minimax(game, pos);
    for (int threshold : {exact - 3, exact, exact + 1, exact + 4}) {
      for (int threads : {1, 2}) {
        SolveOptions options;
        options.mode = Mode::kThreshold;
        options.threshold = threshold;
        options.threads = threads;
        Solver<Desdemona> solver(game, options, Table(1 << 16));
        const auto r = solver.Solve(pos);
        SCOPED_TRACE(::testing::Message() << game.position_string(pos) << " threshold " << threshold
                                          << " threads " << threads);
        ASSERT_TRUE(r.complete);
        EXPECT_FALSE(r.exact);
        if (exact >= threshold) {
          ++above;
          EXPECT_GE(r.value, threshold);
          EXPECT_LE(r.value, exact);
          ASSERT_TRUE(r.best_move.has_value());
          auto child = pos;
          game.play(child, *r.best_move);
          EXPECT_GE(-testing::Minimax(game, child), r.value);
        } else {
          ++below;
          EXPECT_LT(r.value, threshold);
          EXPECT_GE(r.value, exact);
          EXPECT_FALSE(r.best_move.has_value());
        }
      }
    }
  }
  EXPECT_GT(above, 0);
  EXPECT_GT(below, 0);
}

TEST(SearchModes, HeuristicSearchDeepEnoughIsExact) {
  const Desdemona game = Make<Desdemona>("standard", 6);
  SplitMix64 rng(42);
  for (int i = 0; i < 20; ++i) {
    const auto pos = RandomPosition(game, rng, 10);
    if (game.is_over(pos)) continue;
    SolveOptions shallow;
    shallow.mode = Mode::kHeuristic;
    shallow.max_depth = 1;
    const auto r1 = search::Solve(game, pos, shallow);
    EXPECT_TRUE(r1.complete);
    EXPECT_EQ(r1.depth, 1);
    EXPECT_TRUE(r1.best_move.has_value());
    SolveOptions deep = shallow;
    deep.max_depth = 0;  // until every leaf is an end
    const auto r = search::Solve(game, pos, deep);
    EXPECT_TRUE(r.exact);
    EXPECT_EQ(r.value, testing::Minimax(game, pos)) << game.position_string(pos);
  }
}

// Plain fixed-depth negamax with the game's evaluation: what the heuristic
// search must return (it prunes, orders, tries killers and the table first,
// but may not change the value).
TEST(SearchModes, HeuristicSearchEqualsFixedDepthNegamax) {
  // Early 8x8 positions: every transposition is at the same depth (no passes
  // that early) and no leaf is near the exact endgame solver.
  const Othello othello = Make<Othello>("standard", 8);
  const Desdemona desdemona = Make<Desdemona>("standard", 8);
  SplitMix64 rng(7);
  auto check = [&](const auto& game, int depth) {
    const auto pos = RandomPosition(game, rng, 50);
    SolveOptions options;
    options.mode = Mode::kHeuristic;
    options.max_depth = depth;
    options.tt_mb = 4;
    const auto r = search::Solve(game, pos, options);
    ASSERT_TRUE(r.complete);
    EXPECT_EQ(r.value, testing::DepthLimitedNegamax(game, pos, depth))
        << game.position_string(pos) << " depth " << depth;
  };
  for (int i = 0; i < (kSanitized ? 4 : 12); ++i) {
    for (int depth = 1; depth <= 4; ++depth) {
      check(othello, depth);
      check(desdemona, depth);
    }
  }
}

TEST(SearchModes, HeuristicBudgetStopsWithTheLastCompletedDepth) {
  const Othello game = Make<Othello>("standard", 8);
  SolveOptions options;
  options.mode = Mode::kHeuristic;
  options.budget_seconds = 0.05;
  options.tt_mb = 4;
  const auto r = search::Solve(game, game.start(), options);
  EXPECT_TRUE(r.complete);
  EXPECT_FALSE(r.exact);
  EXPECT_GE(r.depth, 1);
  EXPECT_LT(r.stats.seconds, 5.0);
}

TEST(SearchModes, ExactSolveStoppedByTheBudgetSaysIncomplete) {
  const Othello game = Make<Othello>("standard", 8);
  SolveOptions options;
  options.budget_seconds = 0.02;
  options.tt_mb = 4;
  const auto r = search::Solve(game, game.start(), options);
  EXPECT_FALSE(r.complete);
}

TEST(SearchModes, FinishedGameHasNoMove) {
  const Othello game = Make<Othello>("standard", 4);
  const auto pos = *game.parse_position("XXXXXXXX-------- O");
  SolveOptions options;
  options.tt_mb = 1;
  const auto r = search::Solve(game, pos, options);
  EXPECT_EQ(r.value, -16);
  EXPECT_FALSE(r.best_move.has_value());
  EXPECT_TRUE(r.pv.empty());
}

// ---- toy games: distance scale, probe, bounds, no remaining() ----------------------

template <bool kDistance, bool kHooks>
void CheckDag(int games, int levels, int width) {
  using G = testing::DagGame<kDistance, kHooks>;
  for (int seed = 1; seed <= games; ++seed) {
    const G game(static_cast<std::uint64_t>(seed), levels, width);
    const int expected = testing::Minimax(game, game.start());
    for (int threads : {1, 3}) {
      for (std::size_t bytes : {std::size_t{64}, std::size_t{1} << 20}) {
        SolveOptions options;
        options.threads = threads;
        Solver<G> solver(game, options, Table(bytes));
        const auto r = solver.Solve(game.start());
        ASSERT_EQ(r.value, expected) << "seed " << seed << " threads " << threads;
        ASSERT_EQ(ReplayValue(game, game.start(), r.pv), expected) << "seed " << seed;
        if (kDistance && expected != 0) {
          ASSERT_EQ(*r.plies, static_cast<int>(r.pv.size())) << "seed " << seed;
          ASSERT_EQ(*r.plies, kDistanceBase - std::abs(expected));
        }
        SolveOptions wld = options;
        wld.mode = Mode::kWld;
        ASSERT_EQ(search::Solve(game, game.start(), wld).value, search::Sign(expected));
      }
    }
  }
}

TEST(SearchToyGames, DistanceGameWithProbesAndBoundsEqualsMinimax) {
  CheckDag<true, true>(20, 10, 24);
}
TEST(SearchToyGames, DistanceGameWithoutHooksEqualsMinimax) { CheckDag<true, false>(20, 10, 24); }
TEST(SearchToyGames, ScoreGameWithProbesAndBoundsEqualsMinimax) {
  CheckDag<false, true>(20, 10, 24);
}
TEST(SearchToyGames, ScoreGameWithoutHooksEqualsMinimax) { CheckDag<false, false>(20, 10, 24); }

// ---- the transposition table ----------------------------------------------------

TEST(TranspositionTable, StoresMergesAndReplaces) {
  TranspositionTable tt(64);  // one bucket of four entries
  search::TTData e;
  EXPECT_FALSE(tt.Probe(0, &e)) << "an empty slot never matches key 0";
  tt.Store(7, 3, search::kTTMaxBound, 2, 10, false);
  ASSERT_TRUE(tt.Probe(7, &e));
  EXPECT_EQ(e.lower, 3);
  EXPECT_EQ(e.upper, search::kTTMaxBound);
  EXPECT_EQ(e.move, 2);
  EXPECT_EQ(e.depth, 10);
  // Exact bounds merge by intersection; a result without a move keeps the old one.
  tt.Store(7, -search::kTTMaxBound, 5, -1, 10, false);
  ASSERT_TRUE(tt.Probe(7, &e));
  EXPECT_EQ(e.lower, 3);
  EXPECT_EQ(e.upper, 5);
  EXPECT_EQ(e.move, 2);
  // Heuristic bounds never overwrite exact ones.
  tt.Store(7, 40, 40, 1, 3, true);
  ASSERT_TRUE(tt.Probe(7, &e));
  EXPECT_FALSE(e.heuristic);
  EXPECT_EQ(e.lower, 3);
  // A full bucket evicts the least deep entry.
  tt.Store(8, 0, 0, -1, 20, false);
  tt.Store(9, 0, 0, -1, 1, false);
  tt.Store(10, 0, 0, -1, 15, false);
  tt.Store(11, 0, 0, -1, 12, false);
  EXPECT_FALSE(tt.Probe(9, &e)) << "the shallowest entry went first";
  EXPECT_TRUE(tt.Probe(8, &e));
  EXPECT_TRUE(tt.Probe(11, &e)) << "the new entry always goes in";
  // Old generations lose their claim, 8 plies of depth per search since
  // (worth = depth - 8 * age): one search later the depth-20 entry is worth
  // 12 and outlasts a fresh depth-10 one; two searches later it is worth 4
  // and goes first, however deep it was.
  // Bucket now: 7 (depth 10), 8 (20), 10 (15), 11 (12).
  tt.NewSearch();
  tt.Store(7, 3, 5, 2, 10, false);  // rewritten in this generation: worth 10
  tt.Store(10, 0, 0, -1, 15, false);
  tt.Store(11, 0, 0, -1, 12, false);
  tt.Store(12, 0, 0, -1, 0, false);  // evicts the least worth: 7, not the old 8
  EXPECT_FALSE(tt.Probe(7, &e)) << "fresh depth 10 is worth less than depth 20 one search old";
  EXPECT_TRUE(tt.Probe(8, &e));
  EXPECT_TRUE(tt.Probe(12, &e));
  tt.NewSearch();
  tt.Store(10, 0, 0, -1, 15, false);
  tt.Store(11, 0, 0, -1, 12, false);
  tt.Store(12, 0, 0, -1, 10, false);
  tt.Store(13, 0, 0, -1, 0, false);  // 8 is worth 20 - 16 = 4 < 10: it goes
  EXPECT_FALSE(tt.Probe(8, &e)) << "depth 20 two searches old is worth 4";
  EXPECT_TRUE(tt.Probe(10, &e));
  EXPECT_TRUE(tt.Probe(11, &e));
  EXPECT_TRUE(tt.Probe(12, &e));
  EXPECT_TRUE(tt.Probe(13, &e)) << "the new entry always goes in";
  tt.Clear();
  EXPECT_FALSE(tt.Probe(13, &e));
}

// A growing table (tt.h, Growth) starts at 4 MiB of its 64 MiB and doubles as
// stores are reported; every doubling rehashes, so an entry the small table
// held is still found, with its bounds, move and depth, after the table has
// grown to its full size.
TEST(TranspositionTable, AGrowingTableKeepsEveryEntryThroughItsDoublings) {
  TranspositionTable tt(std::size_t{64} << 20);
  tt.EnableGrowth();
  EXPECT_EQ(tt.active_bytes(), std::size_t{4} << 20);
  std::mt19937_64 rng(11);
  std::vector<std::uint64_t> keys(100000);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    keys[i] = rng();
    tt.Store(keys[i], -static_cast<int>(i % 50), static_cast<int>(i % 70), static_cast<int>(i % 9),
             static_cast<int>(i % 200), false);
  }
  std::vector<bool> held(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    search::TTData e;
    held[i] = tt.Probe(keys[i], &e);
  }
  EXPECT_GT(std::count(held.begin(), held.end(), true), 90000);
  tt.NoteStores(std::uint64_t{1} << 30);  // enough stores to want the full size
  EXPECT_EQ(tt.active_bytes(), tt.bytes());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (!held[i]) continue;
    search::TTData e;
    ASSERT_TRUE(tt.Probe(keys[i], &e)) << i;
    EXPECT_EQ(e.lower, -static_cast<int>(i % 50));
    EXPECT_EQ(e.upper, static_cast<int>(i % 70));
    EXPECT_EQ(e.move, static_cast<int>(i % 9));
    EXPECT_EQ(e.depth, static_cast<int>(i % 200));
  }
  tt.Clear();
  EXPECT_EQ(tt.active_bytes(), std::size_t{4} << 20) << "Clear starts small again";
}

// A table that was not told to grow uses all of itself from the start.
TEST(TranspositionTable, AFixedTableUsesItsFullSize) {
  TranspositionTable tt(std::size_t{8} << 20);
  tt.NoteStores(1);
  EXPECT_EQ(tt.active_bytes(), tt.bytes());
}

TEST(TranspositionTable, MoveIndicesBeyondSixteenBitsComeBackIntact) {
  TranspositionTable tt(1 << 16);
  search::TTData e;
  // A 10x10 Lehmann turn has ~380,000 moves; 70,000 cut to 16 bits is 4,464.
  for (const int move : {0, 65'535, 65'536, 70'000, 380'000, search::kTTNoMove - 1}) {
    tt.Store(100 + move, -3, 5, move, 7, true);
    ASSERT_TRUE(tt.Probe(100 + move, &e));
    EXPECT_EQ(e.move, move);
    EXPECT_EQ(e.lower, -3);
    EXPECT_EQ(e.upper, 5);
    EXPECT_EQ(e.depth, 7);
    EXPECT_TRUE(e.heuristic);
  }
  // An index the field cannot hold is stored as no move, never as another one.
  tt.Store(5, 0, 0, search::kTTNoMove + 70'000, 3, false);
  ASSERT_TRUE(tt.Probe(5, &e));
  EXPECT_EQ(e.move, -1);
  // The bounds' whole range survives the narrower fields, and beyond it clamps.
  tt.Store(6, -search::kTTMaxBound, search::kTTMaxBound, -1, 255, false);
  ASSERT_TRUE(tt.Probe(6, &e));
  EXPECT_EQ(e.lower, -search::kTTMaxBound);
  EXPECT_EQ(e.upper, search::kTTMaxBound);
  EXPECT_EQ(e.depth, 255);
  tt.Store(8, -1001, 1001, -1, 0, false);
  ASSERT_TRUE(tt.Probe(8, &e));
  EXPECT_EQ(e.lower, -1001);
  EXPECT_EQ(e.upper, 1001);
  tt.Store(9, -50'000, 50'000, -1, 0, false);
  ASSERT_TRUE(tt.Probe(9, &e));
  EXPECT_EQ(e.lower, -search::kTTMaxBound);
  EXPECT_EQ(e.upper, search::kTTMaxBound);
}

TEST(TranspositionTable, HeuristicLineThroughANodeOfSeventyThousandMovesIsTheBestMove) {
  // The heuristic PV follows the table's moves: at a wide node the stored
  // best move is index 70,000 or 69,999, which a 16-bit field reads back as a
  // legal but wrong 4,464 or 4,463.
  const testing::WideGame game;
  SolveOptions options;
  options.mode = Mode::kHeuristic;
  options.max_depth = 2;
  options.tt_mb = 16;
  const auto r = search::Solve(game, game.start(), options);
  ASSERT_TRUE(r.complete);
  EXPECT_EQ(r.value, -testing::WideGame::kScore);
  ASSERT_TRUE(r.best_move.has_value());
  ASSERT_EQ(r.pv.size(), 2u);
  EXPECT_EQ(r.pv[0], *r.best_move);
  EXPECT_EQ(r.pv[1], static_cast<testing::WideGame::Move>(
                         testing::WideGame::BestMove(static_cast<int>(*r.best_move))));
  // The exact solve agrees, and its proven line takes the same move.
  SolveOptions exact;
  exact.tt_mb = 16;
  const auto x = search::Solve(game, game.start(), exact);
  EXPECT_EQ(x.value, r.value);
  ASSERT_EQ(x.pv.size(), 2u);
  EXPECT_EQ(x.pv[1], static_cast<testing::WideGame::Move>(
                         testing::WideGame::BestMove(static_cast<int>(x.pv[0]))));
}

}  // namespace
}  // namespace tav
