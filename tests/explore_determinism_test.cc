// Search-mode (depth-limited, heuristic) explorations give the same records
// whatever the thread count and the order the frontier positions are solved
// in: each record equals an independent search of that position alone, on a
// fresh table. TakeAwayGame (toy_games.h) transposes at different depths,
// across frontier positions too, so a table shared between positions hands a
// search heuristic entries of another draft than its own would make.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "explore/explorer.h"
#include "explore/frontier_solver.h"
#include "explore_test_util.h"
#include "toy_games.h"

namespace tav::explore {
namespace {

using nlohmann::json;
using testing::TakeAwayGame;

constexpr int kDepth = 7;

// Every position `plies` plies from the start that is not over.
std::vector<TakeAwayGame::Position> Frontier(int plies) {
  std::vector<TakeAwayGame::Position> out;
  for (int stones = TakeAwayGame::kStones - plies; stones >= TakeAwayGame::kStones - 3 * plies;
       --stones) {
    if (stones > 0) out.push_back({stones, plies % 2});
  }
  return out;
}

// The unit's record, alone on a fresh table: the reference.
UnitResult Alone(const TakeAwayGame& game, const TakeAwayGame::Position& pos,
                 const SearchLimits& limits) {
  FrontierSolverFactory<TakeAwayGame> fresh(game, 4);
  return fresh(1).Solve(pos, limits);
}

void ExpectSameRecord(const UnitResult& got, const UnitResult& want, const std::string& what) {
  EXPECT_EQ(got.value.value, want.value.value) << what;
  EXPECT_EQ(got.value.kind, want.value.kind) << what;
  EXPECT_EQ(got.value.depth, want.value.depth) << what;
  EXPECT_EQ(got.best_move, want.best_move) << what;
  EXPECT_EQ(got.pv, want.pv) << what;
}

TEST(ExploreDeterminism, SearchUnitsEqualAFreshSearchInEitherOrderOnOneSolver) {
  const TakeAwayGame game;
  const SearchLimits limits{Mode::kSearch, kDepth, 0};
  const std::vector<TakeAwayGame::Position> units = Frontier(2);
  ASSERT_GE(units.size(), 4u);
  for (const bool reverse : {false, true}) {
    FrontierSolverFactory<TakeAwayGame> factory(game, 4);
    auto solver = factory(2);  // one solver for every unit, as an explorer thread has
    std::vector<TakeAwayGame::Position> order = units;
    if (reverse) std::reverse(order.begin(), order.end());
    for (const auto& pos : order) {
      const std::string what =
          absl::StrCat(game.position_string(pos), reverse ? " (reverse order)" : " (in order)");
      ExpectSameRecord(solver.Solve(pos, limits), Alone(game, pos, limits), what);
    }
  }
}

// The frontier records of an exploration to `plies` plies at kDepth.
std::vector<json> ExploreRecords(const TakeAwayGame& game, int plies, int threads) {
  const ExploreOptions o = testing::ExploreOptionsFor(
      game, plies, {Mode::kSearch, kDepth, 0},
      testing::TempDir("tav_explore_determinism_test", absl::StrCat("p", plies, "_t", threads)),
      threads);
  FrontierSolverFactory<TakeAwayGame> factory(game, 4);
  absl::StatusOr<ExploreSummary> s = Explore(game, game.start(), o, factory);
  EXPECT_TRUE(s.ok()) << s.status();
  std::vector<json> out;
  if (!s.ok()) return out;
  for (const json& r : s->records) {
    if (r["origin"] == "search" && r["value_kind"] != "exact") out.push_back(r);
  }
  return out;
}

TEST(ExploreDeterminism, SearchRecordsAreTheSameForOneAndTwoThreadsAndEqualFreshSearches) {
  const TakeAwayGame game;
  const SearchLimits limits{Mode::kSearch, kDepth, 0};
  for (const int plies : {1, 2, 3}) {
    const std::vector<json> one = ExploreRecords(game, plies, 1);
    const std::vector<json> two = ExploreRecords(game, plies, 2);
    ASSERT_EQ(one.size(), two.size());
    ASSERT_FALSE(one.empty());
    for (std::size_t i = 0; i < one.size(); ++i) {
      SCOPED_TRACE(one[i].dump());
      EXPECT_EQ(one[i]["position"], two[i]["position"]);
      for (const char* key : {"value", "value_kind", "depth", "best_move", "pv"}) {
        EXPECT_EQ(one[i][key], two[i][key]) << key << ": 1 thread vs 2";
      }
      const auto pos = game.parse_position(one[i]["position"].get<std::string>());
      ASSERT_TRUE(pos.ok());
      const UnitResult alone = Alone(game, *pos, limits);
      EXPECT_EQ(one[i]["value"], alone.value.value) << "a fresh search of the position alone";
      EXPECT_EQ(one[i]["best_move"], alone.best_move);
      EXPECT_EQ(one[i]["pv"], alone.pv);
    }
  }
}

}  // namespace
}  // namespace tav::explore
