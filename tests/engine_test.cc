// The engine interface (engine/engine.h, engine/config.h).
#include "engine/engine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/hash.h"
#include "eval/evaluation.h"
#include "eval/linear_model.h"
#include "games/cathedral/cathedral.h"
#include "games/prairie/prairie.h"
#include "games/reversi/reversi.h"
#include "minimax.h"
#include "search/search.h"
#include "search/selective.h"
#include "search/values.h"

namespace tav::engine {
namespace {

TEST(EngineConfig, CanonicalStringParsesBackToTheSameConfiguration) {
  auto c = ParseEngineConfig("--budget-s=0.5 --eval=handmade --nodes=1000 --noise=2 --seed=7");
  ASSERT_TRUE(c.ok()) << c.status();
  auto back = ParseEngineConfig(EngineConfigString(*c));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(EngineConfigString(*back), EngineConfigString(*c));
  EXPECT_EQ(back->nodes, 1000u);
  EXPECT_EQ(back->noise, 2);
  EXPECT_DOUBLE_EQ(back->budget_s, 0.5);
}

TEST(EngineConfig, RejectsUnknownRepeatedMalformedAndBudgetlessConfigurations) {
  for (const char* bad : {"--depth=2 --colour=red", "--depth=2 --depth=3", "--depth=two", "depth=2",
                          "--depth", "--eval=handmade", "--budget-s=-1"}) {
    EXPECT_FALSE(ParseEngineConfig(bad).ok()) << bad;
  }
}

TEST(Engine, HandmadeEngineChoosesALegalMoveWithItsSearchValue) {
  auto game = cathedral::Cathedral::Create({"cathedral", "classic", 5, ""});
  ASSERT_TRUE(game.ok());
  auto engine = MakeEngine(*game, *ParseEngineConfig("--depth=2"));
  ASSERT_TRUE(engine.ok()) << engine.status();
  const auto start = game->start();
  MoveChoice<cathedral::Cathedral> c = (*engine)->Choose(start);
  cathedral::Cathedral::MoveList moves;
  game->generate_moves(start, moves);
  EXPECT_NE(std::find(moves.begin(), moves.end(), c.move), moves.end());
  EXPECT_GT(c.stats.nodes, 0u);
}

TEST(Engine, GameWithoutEvaluationIsRefusedByName) {
  auto game = prairie::PrairieGame::Create({"prairie", "", 5, ""});
  ASSERT_TRUE(game.ok());
  auto engine = MakeEngine(*game, *ParseEngineConfig("--depth=2"));
  ASSERT_FALSE(engine.ok());
  EXPECT_NE(engine.status().message().find("prairie"), std::string::npos);
}

// ---- helpers ----------------------------------------------------------------

using cathedral::Cathedral;
using reversi::Othello;

template <class G>
G Make(const char* name, const char* variant, int size) {
  auto game = G::Create({name, variant, size, ""});
  EXPECT_TRUE(game.ok()) << game.status();
  return *game;
}

// A position after `plies` uniformly random moves from the start (fewer if
// the game ends first).
template <class G>
typename G::Position RandomPosition(const G& game, std::uint64_t seed, int plies) {
  SplitMix64 rng(seed);
  auto pos = game.start();
  typename G::MoveList moves;
  for (int k = 0; k < plies; ++k) {
    game.generate_moves(pos, moves);
    if (moves.size() == 0) break;
    game.play(pos, moves[rng.Below(moves.size())]);
  }
  return pos;
}

// Plain fixed-depth negamax with the game's evaluation (no pruning, no table).
template <class G>
int ExactValue(const G& game, const typename G::Position& pos) {
  search::SolveOptions o;
  o.tt_mb = 16;
  o.threads = 1;
  const auto r = search::Solve(game, pos, o);
  EXPECT_TRUE(r.complete);
  return r.value;
}

template <class G>
std::unique_ptr<Engine<G>> EngineOf(const G& game, const std::string& text,
                                    search::SelectiveParams selective = {}) {
  auto config = ParseEngineConfig(text);
  EXPECT_TRUE(config.ok()) << config.status();
  auto engine = MakeEngine(game, *config, selective);
  EXPECT_TRUE(engine.ok()) << engine.status();
  return std::move(*engine);
}

// ---- the node budget ----------------------------------------------------------

TEST(NodeBudget, HeuristicSearchStopsNearTheBudgetAndRepeatsExactly) {
  const Cathedral game = Make<Cathedral>("cathedral", "classic", 8);
  const auto pos = RandomPosition(game, 3, 2);
  search::SolveOptions o;
  o.mode = search::Mode::kHeuristic;
  o.threads = 1;
  o.tt_mb = 8;
  o.pv = false;
  o.max_nodes = 30000;
  const auto a = search::Solve(game, pos, o);
  const auto b = search::Solve(game, pos, o);
  ASSERT_TRUE(a.complete);
  EXPECT_GE(a.stats.nodes, o.max_nodes);         // stopped by the budget, not by depth...
  EXPECT_LE(a.stats.nodes, o.max_nodes + 4096);  // ...at the first poll past it
  EXPECT_EQ(a.stats.nodes, b.stats.nodes);
  EXPECT_EQ(a.value, b.value);
  EXPECT_EQ(a.depth, b.depth);
  EXPECT_TRUE(*a.best_move == *b.best_move);
}

TEST(NodeBudget, FullWidthSortSearchAtA10x10RootHonoursTheBudget) {
  // The root of a 10x10 position orders its ~1,700 moves by a two-ply search
  // (millions of nodes): the budget stops it there too.
  const Cathedral game = Make<Cathedral>("cathedral", "classic", 10);
  search::SolveOptions o;
  o.mode = search::Mode::kHeuristic;
  o.threads = 1;
  o.tt_mb = 8;
  o.pv = false;
  o.max_nodes = 20000;
  const auto r = search::Solve(game, RandomPosition(game, 1, 1), o);
  EXPECT_FALSE(r.complete);  // not even depth 1 within the budget
  EXPECT_LE(r.stats.nodes, o.max_nodes + 4096);
}

TEST(NodeBudget, ExactSolveStoppedByTheNodeBudgetSaysIncomplete) {
  const Othello game = Make<Othello>("othello", "standard", 6);
  search::SolveOptions o;
  o.threads = 1;
  o.tt_mb = 8;
  o.max_nodes = 10000;
  const auto r = search::Solve(game, game.start(), o);
  EXPECT_FALSE(r.complete);
  EXPECT_LE(r.stats.nodes, o.max_nodes + 4096);
}

TEST(NodeBudget, EngineWithANodeBudgetChoosesTheSameMoveValueAndNodesEveryTime) {
  const Cathedral game = Make<Cathedral>("cathedral", "classic", 10);
  for (const char* search : {"fullwidth", "selective"}) {
    const std::string text = std::string("--nodes=20000 --search=") + search;
    auto one = EngineOf(game, text);
    auto two = EngineOf(game, text);
    for (std::uint64_t seed : {1, 2}) {
      const auto pos = RandomPosition(game, seed, 1);  // after a Cathedral placement
      const MoveChoice<Cathedral> a = one->Choose(pos);
      const MoveChoice<Cathedral> b = two->Choose(pos);
      one->NewGame();
      const MoveChoice<Cathedral> again = one->Choose(pos);
      one->NewGame();
      two->NewGame();
      for (const MoveChoice<Cathedral>* c : {&b, &again}) {
        EXPECT_TRUE(c->move == a.move) << search;
        EXPECT_EQ(c->value, a.value) << search;
        EXPECT_EQ(c->depth, a.depth) << search;
        EXPECT_EQ(c->stats.nodes, a.stats.nodes) << search;
      }
      EXPECT_EQ(a.search, search);
      EXPECT_FALSE(a.exact);
      EXPECT_GE(a.depth, 1);
    }
  }
}

// ---- exact play near the end ------------------------------------------------

// On positions from the start to the end of random games, every choice the
// engine calls exact has the exact solver's value, and its move keeps it.
template <class G>
void ExpectExactChoicesAreExact(const G& game, const std::string& text, int* exact_choices) {
  auto engine = EngineOf(game, text);
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    for (int plies = 0;; ++plies) {
      const auto pos = RandomPosition(game, seed, plies);
      if (game.is_over(pos)) break;
      const MoveChoice<G> c = engine->Choose(pos);
      if (!c.exact) continue;
      ++*exact_choices;
      EXPECT_EQ(c.search, "exact");
      const int exact = ExactValue(game, pos);
      EXPECT_EQ(c.value, exact) << game.position_string(pos);
      auto child = pos;
      game.play(child, c.move);
      EXPECT_EQ(search::BackUp<G>(ExactValue(game, child)), exact) << game.position_string(pos);
    }
    engine->NewGame();
  }
}

TEST(ExactPlay, ExactChoicesHaveTheExactSolversValueOnSmallBoards) {
  int exact = 0;
  ExpectExactChoicesAreExact(Make<Cathedral>("cathedral", "classic", 5),
                             "--depth=1 --search=fullwidth", &exact);
  ExpectExactChoicesAreExact(Make<Cathedral>("cathedral", "classic", 6), "--nodes=100000", &exact);
  ExpectExactChoicesAreExact(Make<Othello>("othello", "standard", 4),
                             "--nodes=5000 --search=selective", &exact);
  EXPECT_GT(exact, 20);  // the engine did play exactly, and often
}

TEST(ExactPlay, EngineSolvesASmallMidgameExactlyUnlessTurnedOff) {
  const Cathedral game = Make<Cathedral>("cathedral", "classic", 5);
  const auto pos = RandomPosition(game, 5, 2);
  ASSERT_FALSE(game.is_over(pos));
  const MoveChoice<Cathedral> on = EngineOf(game, "--depth=1")->Choose(pos);
  EXPECT_TRUE(on.exact);
  EXPECT_EQ(on.search, "exact");
  EXPECT_EQ(on.value, ExactValue(game, pos));
  const MoveChoice<Cathedral> off =
      EngineOf(game, "--depth=1 --exact=false --search=fullwidth")->Choose(pos);
  EXPECT_FALSE(off.exact);
  EXPECT_EQ(off.search, "fullwidth");
  EXPECT_EQ(off.depth, 1);
}

// ---- the selective search -----------------------------------------------------

// With a width of every move, the selective search is full-width negamax:
// the same value as the solver's heuristic search and as plain negamax.
template <class G>
void ExpectFullWidthSelectiveEqualsNegamax(const G& game, int plies, int max_depth) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const auto pos = RandomPosition(game, seed, plies);
    if (game.is_over(pos)) continue;
    for (int depth = 1; depth <= max_depth; ++depth) {
      search::SolveOptions o;
      o.mode = search::Mode::kHeuristic;
      o.max_depth = depth;
      o.tt_mb = 4;
      o.threads = 1;
      o.pv = false;
      search::SelectiveSearch<G> selective(game, {.width = 0},
                                           std::shared_ptr<search::TranspositionTable>(
                                               search::TranspositionTable::WithMegabytes(4)));
      const auto s = selective.Solve(pos, o);
      const auto f = search::Solve(game, pos, o);
      ASSERT_TRUE(s.complete);
      const int negamax = testing::DepthLimitedNegamax(game, pos, depth);
      EXPECT_EQ(s.value, negamax) << game.position_string(pos) << " depth " << depth;
      EXPECT_EQ(s.value, f.value) << game.position_string(pos) << " depth " << depth;
      EXPECT_EQ(s.depth, f.depth);
    }
  }
}

TEST(SelectiveSearch, WithEveryMoveKeptEqualsFullWidthValuesAtTheSameDepth) {
  ExpectFullWidthSelectiveEqualsNegamax(Make<Othello>("othello", "standard", 8), 4, 4);
  ExpectFullWidthSelectiveEqualsNegamax(Make<Cathedral>("cathedral", "classic", 6), 2, 3);
  ExpectFullWidthSelectiveEqualsNegamax(Make<Cathedral>("cathedral", "classic", 7), 1, 2);
}

TEST(SelectiveSearch, PrunedSearchIsTheMaxOverItsKeptChildren) {
  // Width 1 at two plies left: the value at depth 2 is the best over the
  // root's children of each child's best-scored reply, one ply deep.
  const Othello game = Make<Othello>("othello", "standard", 8);
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const auto pos = RandomPosition(game, seed, 6);
    search::SolveOptions o;
    o.mode = search::Mode::kHeuristic;
    o.max_depth = 3;
    o.tt_mb = 4;
    search::SelectiveSearch<Othello> pruned(
        game, {.width = 1, .growth = 1, .root = 0},
        std::shared_ptr<search::TranspositionTable>(search::TranspositionTable::WithMegabytes(4)));
    const auto r = pruned.Solve(pos, o);
    ASSERT_TRUE(r.complete);
    EXPECT_FALSE(r.exact);
    // Independently: V(p,1) full width; V(p,2) = -V(c*,1) for the child c*
    // of best one-ply score (ties: order_score, then move order).
    auto v1 = [&](const Othello::Position& p) { return testing::DepthLimitedNegamax(game, p, 1); };
    auto v2 = [&](const Othello::Position& p) {
      Othello::MoveList moves;
      game.generate_moves(p, moves);
      if (moves.size() == 0) return game.final_value(p);
      long long best_score = LLONG_MIN;
      Othello::Position best_child = p;
      for (std::size_t i = 0; i < moves.size(); ++i) {
        auto c = p;
        game.play(c, moves[i]);
        const int one = game.is_over(c) ? -game.final_value(c)
                                        : -std::clamp(game.evaluate(c), -Othello::kMaxValue,
                                                      Othello::kMaxValue);
        const long long score =
            one * (1LL << 22) + std::clamp(game.order_score(p, moves[i], c), -(1 << 20), 1 << 20);
        if (score > best_score) best_score = score, best_child = c;
      }
      return -v1(best_child);
    };
    Othello::MoveList moves;
    game.generate_moves(pos, moves);
    int expected = INT_MIN;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      auto c = pos;
      game.play(c, moves[i]);
      expected = std::max(expected, -v2(c));
    }
    EXPECT_EQ(r.value, expected) << game.position_string(pos);
  }
}

// A learned evaluation (the built-in 6x6 weights) has a quick estimate,
// Cathedral's quick_evaluate(): one ply above the horizon the selective
// search scores every child by it and evaluates only the best leaf_width.
TEST(SelectiveSearch, APreselectingHorizonParentEvaluatesOnlyTheBestByTheQuickEstimate) {
  const Cathedral base = Make<Cathedral>("cathedral", "classic", 6);
  const auto model = std::make_shared<const eval::LinearModel>(
      *eval::BuiltInModel("cathedral", "classic", "6x6", ""));
  const eval::Evaluated<Cathedral> game(base, model);
  static_assert(HasQuickEvaluate<eval::Evaluated<Cathedral>>);
  static_assert(HasQuickEvaluate<Cathedral>);
  // The child of p that the preselection keeps with leaf_width 1: the best
  // one-ply score by the quick estimate (ties: order_score, then move order).
  auto kept = [&](const Cathedral::Position& p) {
    Cathedral::MoveList moves;
    game.generate_moves(p, moves);
    long long best_score = LLONG_MIN;
    Cathedral::Position best = p;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      auto c = p;
      game.play(c, moves[i]);
      const int one = game.is_over(c) ? -game.final_value(c) : -game.quick_evaluate(c);
      const long long score =
          one * (1LL << 22) + std::clamp(game.order_score(p, moves[i], c), -(1 << 20), 1 << 20);
      if (score > best_score) best_score = score, best = c;
    }
    return best;
  };
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const auto pos = RandomPosition(base, seed, 3);
    if (game.is_over(pos)) continue;
    search::SolveOptions o;
    o.mode = search::Mode::kHeuristic;
    o.max_depth = 2;
    o.tt_mb = 4;
    auto solve = [&](int leaf_width) {
      search::SelectiveSearch<eval::Evaluated<Cathedral>> s(
          game, {.width = 1000, .growth = 1, .root = 1, .leaf_width = leaf_width},
          std::shared_ptr<search::TranspositionTable>(
              search::TranspositionTable::WithMegabytes(4)));
      return s.Solve(pos, o);
    };
    // Every child kept: plain depth-2 negamax of the learned evaluation.
    const auto all = solve(1000);
    ASSERT_TRUE(all.complete);
    EXPECT_EQ(all.value, testing::DepthLimitedNegamax(game, pos, 2));
    // One kept: V(p, 2) = max over the root's children c of V(c*, 0), c* the
    // kept child of c (the root itself keeps every move).
    Cathedral::MoveList moves;
    game.generate_moves(pos, moves);
    int expected = INT_MIN;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      auto c = pos;
      game.play(c, moves[i]);
      if (game.is_over(c)) {
        expected = std::max(expected, -game.final_value(c));
        continue;
      }
      const auto g = kept(c);
      const int v1 = game.is_over(g) ? -game.final_value(g) : -game.evaluate(g);
      expected = std::max(expected, -v1);
    }
    const auto one = solve(1);
    ASSERT_TRUE(one.complete);
    EXPECT_EQ(one.value, expected) << game.position_string(pos);
  }
}

// Higher up, the quick estimate picks inner_factor * width candidates, the
// evaluation picks the kept width among them: with width 2, inner_factor 2
// and leaf_width 2, V(p, 2) = max over the 2 best by evaluation of the 4 best
// by estimate of p's children c, of -max over the 2 best of c's children by
// estimate g, of -evaluate(g).
TEST(SelectiveSearch, AnInnerNodeEvaluatesOnlyTheBestByTheQuickEstimate) {
  const Cathedral base = Make<Cathedral>("cathedral", "classic", 6);
  const auto model = std::make_shared<const eval::LinearModel>(
      *eval::BuiltInModel("cathedral", "classic", "6x6", ""));
  const eval::Evaluated<Cathedral> game(base, model);
  // The search's one-ply score of p's i-th child (quick or not), higher first.
  auto score = [&](const Cathedral::Position& p, const Cathedral::MoveList& moves, std::size_t i,
                   bool quick) {
    auto c = p;
    game.play(c, moves[i]);
    const int one = game.is_over(c) ? -game.final_value(c)
                                    : -(quick ? game.quick_evaluate(c) : game.evaluate(c));
    return one * (1LL << 22) + std::clamp(game.order_score(p, moves[i], c), -(1 << 20), 1 << 20);
  };
  // Of the move indices `from`, the first k by score (ties: the lower index).
  auto best = [&](const Cathedral::Position& p, const Cathedral::MoveList& moves,
                  std::vector<std::size_t> from, std::size_t k, bool quick) {
    std::vector<std::pair<long long, std::size_t>> scored;
    for (std::size_t i : from) scored.push_back({-score(p, moves, i, quick), i});
    std::sort(scored.begin(), scored.end());
    std::vector<std::size_t> out;
    for (std::size_t j = 0; j < std::min(k, scored.size()); ++j) out.push_back(scored[j].second);
    return out;
  };
  auto all = [](const Cathedral::MoveList& moves) {
    std::vector<std::size_t> v(moves.size());
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = i;
    return v;
  };
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const auto pos = RandomPosition(base, seed, 3);
    if (game.is_over(pos)) continue;
    Cathedral::MoveList moves;
    game.generate_moves(pos, moves);
    // The root's 4 candidates by estimate, 2 of them kept by evaluation.
    const std::vector<std::size_t> kept =
        best(pos, moves, best(pos, moves, all(moves), 4, true), 2, false);
    int expected = INT_MIN;
    for (std::size_t i : kept) {
      auto c = pos;
      game.play(c, moves[i]);
      if (game.is_over(c)) {
        expected = std::max(expected, -game.final_value(c));
        continue;
      }
      Cathedral::MoveList replies;
      game.generate_moves(c, replies);
      int v1 = INT_MIN;
      for (std::size_t j : best(c, replies, all(replies), 2, true)) {
        auto g = c;
        game.play(g, replies[j]);
        v1 = std::max(v1, game.is_over(g) ? -game.final_value(g) : -game.evaluate(g));
      }
      expected = std::max(expected, -v1);
    }
    search::SolveOptions o;
    o.mode = search::Mode::kHeuristic;
    o.max_depth = 2;
    o.tt_mb = 4;
    search::SelectiveSearch<eval::Evaluated<Cathedral>> s(
        game, {.width = 2, .growth = 1, .root = 1, .leaf_width = 2, .inner_factor = 2},
        std::shared_ptr<search::TranspositionTable>(search::TranspositionTable::WithMegabytes(4)));
    const auto r = s.Solve(pos, o);
    ASSERT_TRUE(r.complete);
    EXPECT_EQ(r.value, expected) << game.position_string(pos);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

// ---- noise --------------------------------------------------------------------

TEST(Noise, NoiseZeroPlaysTheBestMoveAndNoiseKOnlyMovesWithinK) {
  const Cathedral game = Make<Cathedral>("cathedral", "classic", 7);
  const int depth = 2, k = 2;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto pos = RandomPosition(game, seed, 2);
    ASSERT_FALSE(game.is_over(pos));
    // Every root move's value at depth - 1, independently.
    Cathedral::MoveList moves;
    game.generate_moves(pos, moves);
    std::vector<int> values;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      auto c = pos;
      game.play(c, moves[i]);
      values.push_back(search::BackUp<Cathedral>(testing::DepthLimitedNegamax(game, c, depth - 1)));
    }
    const int best = *std::max_element(values.begin(), values.end());
    auto value_of = [&](const Cathedral::Move& m) {
      return values[std::find(moves.begin(), moves.end(), m) - moves.begin()];
    };
    const std::string base = "--depth=2 --exact=false --search=fullwidth";
    const MoveChoice<Cathedral> plain = EngineOf(game, base)->Choose(pos);
    EXPECT_EQ(plain.value, best);
    EXPECT_EQ(value_of(plain.move), best);
    const MoveChoice<Cathedral> zero = EngineOf(game, base + " --noise=0 --seed=9")->Choose(pos);
    EXPECT_TRUE(zero.move == plain.move);
    std::set<std::string> chosen;
    const int within = static_cast<int>(
        std::count_if(values.begin(), values.end(), [&](int v) { return v >= best - k; }));
    for (int s = 0; s < 12; ++s) {
      const std::string text = base + " --noise=2 --seed=" + std::to_string(s);
      const MoveChoice<Cathedral> a = EngineOf(game, text)->Choose(pos);
      const MoveChoice<Cathedral> b = EngineOf(game, text)->Choose(pos);
      EXPECT_TRUE(a.move == b.move) << "seed " << s;  // reproducible
      EXPECT_GE(value_of(a.move), best - k) << game.move_string(pos, a.move);
      chosen.insert(game.move_string(pos, a.move));
    }
    if (within > 4) {
      EXPECT_GT(chosen.size(), 1u);  // it does randomise
    }
  }
}

// The selective search's noise: the moves drawn have values (their child
// searched depth - 1 plies with the same pruning, a fresh table, full window)
// within K of the engine's value.
TEST(Noise, SelectiveNoiseKOnlyMovesWithinKOfItsOwnValues) {
  const Cathedral game = Make<Cathedral>("cathedral", "classic", 8);
  const int depth = 3, k = 2;
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    const auto pos = RandomPosition(game, seed, 2);
    const std::string base = "--depth=3 --exact=false --search=selective";
    const MoveChoice<Cathedral> plain = EngineOf(game, base)->Choose(pos);
    for (int s = 0; s < 6; ++s) {
      const MoveChoice<Cathedral> a =
          EngineOf(game, base + " --noise=2 --seed=" + std::to_string(s))->Choose(pos);
      search::SelectiveSearch<Cathedral> analysis(
          game, {},
          std::shared_ptr<search::TranspositionTable>(
              search::TranspositionTable::WithMegabytes(4)));
      auto child = pos;
      game.play(child, a.move);
      const int v = search::BackUp<Cathedral>(analysis.Value(
          child, -search::kInfinity<Cathedral>, search::kInfinity<Cathedral>, depth - 1, {}));
      EXPECT_GE(v, plain.value - k) << game.move_string(pos, a.move);
    }
  }
}

// The selective search's noise draws only among the root moves that search
// keeps at its depth (RootMoves: its root's width, 32 of an 8x8 position's
// hundreds at depth 3), the best move among them.
TEST(Noise, SelectiveNoiseDrawsOnlyAmongTheRootMovesTheSearchKeeps) {
  const Cathedral game = Make<Cathedral>("cathedral", "classic", 8);
  const int depth = 3;
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    const auto pos = RandomPosition(game, seed, 2);
    typename Cathedral::MoveList moves;
    game.generate_moves(pos, moves);
    search::SelectiveSearch<Cathedral> probe(
        game, {},
        std::shared_ptr<search::TranspositionTable>(search::TranspositionTable::WithMegabytes(4)));
    const std::vector<int> kept = probe.RootMoves(pos, depth);
    ASSERT_LT(kept.size(), moves.size()) << "the root prunes at this depth";
    EXPECT_EQ(static_cast<int>(kept.size()),
              search::SelectiveParams{}.WidthAt(depth, static_cast<int>(moves.size()), true));
    std::set<std::string> kept_names;
    for (const int i : kept) kept_names.insert(game.move_string(pos, moves[i]));
    const std::string base = "--depth=3 --exact=false --search=selective";
    const MoveChoice<Cathedral> plain = EngineOf(game, base)->Choose(pos);
    EXPECT_TRUE(kept_names.count(game.move_string(pos, plain.move))) << "the best is kept";
    for (int s = 0; s < 6; ++s) {
      const MoveChoice<Cathedral> a =
          EngineOf(game, base + " --noise=2 --seed=" + std::to_string(s))->Choose(pos);
      EXPECT_TRUE(kept_names.count(game.move_string(pos, a.move))) << game.move_string(pos, a.move);
    }
  }
}

}  // namespace
}  // namespace tav::engine
