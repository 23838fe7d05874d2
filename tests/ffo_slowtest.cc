// The FFO endgame suite (data/ffo/ffo-40-49.txt, exact scores and best moves
// published with the positions): the solver must reproduce the score and pick
// one of the listed best moves. The easier positions (seconds each) run here;
// the whole suite runs in `tav solve --suite` and bench/bench_solve.
#include <gtest/gtest.h>

#include <algorithm>

#include "games/reversi/reversi.h"
#include "search/search.h"
#include "search/suite.h"

namespace tav {
namespace {

class FfoSuite : public ::testing::TestWithParam<const char*> {};

TEST_P(FfoSuite, ReproducesTheScoreAndAListedBestMove) {
  auto suite = search::ReadSuiteFile(std::string(TAV_SOURCE_DIR) + "/data/ffo/ffo-40-49.txt");
  ASSERT_TRUE(suite.ok()) << suite.status();
  const auto entry = std::find_if(suite->begin(), suite->end(),
                                  [](const search::SuiteEntry& e) { return e.id == GetParam(); });
  ASSERT_NE(entry, suite->end());
  const auto game = *reversi::Othello::Create(GameSpec{"othello", "", 8, ""});
  const auto pos = game.parse_position(entry->position());
  ASSERT_TRUE(pos.ok()) << pos.status();
  search::SolveOptions options;
  options.threads = 2;
  options.tt_mb = 64;
  const auto r = search::Solve(game, *pos, options);
  EXPECT_EQ(r.value, entry->score);
  ASSERT_TRUE(r.best_move.has_value());
  const std::string best = game.move_string(*pos, *r.best_move);
  EXPECT_NE(std::find(entry->best_moves.begin(), entry->best_moves.end(), best),
            entry->best_moves.end())
      << best;
}

INSTANTIATE_TEST_SUITE_P(Easier, FfoSuite, ::testing::Values("40", "41", "44"));

}  // namespace
}  // namespace tav
