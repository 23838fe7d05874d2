// The Desdemona 8x8 endgame suite (data/desdemona/endgames-16-24.txt): positions
// from engine self-play whose values bench/endgame_suite.py found by three solves
// that agreed (exact on 1 thread, exact --analyze on 2 threads with another table,
// win/draw/loss). Here the solver, from an empty table of yet another size, must
// reproduce each score and pick one of the listed best moves, and its win/draw/loss
// mode must give the score's sign. The positions with up to 19 empties run here
// (well under a second each); the whole suite runs in `tav solve --game=desdemona
// --suite=...` and bench/bench_solve.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "games/reversi/reversi.h"
#include "search/search.h"
#include "search/suite.h"

namespace tav {
namespace {

constexpr int kMaxEmptiesHere = 19;

std::vector<search::SuiteEntry> EasierEntries() {
  auto suite =
      search::ReadSuiteFile(std::string(TAV_SOURCE_DIR) + "/data/desdemona/endgames-16-24.txt");
  EXPECT_TRUE(suite.ok()) << suite.status();
  std::vector<search::SuiteEntry> out;
  if (!suite.ok()) return out;
  for (const search::SuiteEntry& e : *suite) {
    if (e.empties <= kMaxEmptiesHere) out.push_back(e);
  }
  return out;
}

reversi::Desdemona Game() { return *reversi::Desdemona::Create(GameSpec{"desdemona", "", 8, ""}); }

TEST(DesdemonaSuite, TheFileHoldsPositionsFromSixteenEmptiesUp) {
  const std::vector<search::SuiteEntry> easier = EasierEntries();
  ASSERT_GE(easier.size(), 8u);
  for (const search::SuiteEntry& e : easier) {
    EXPECT_GE(e.empties, 16) << e.id;
    EXPECT_FALSE(e.best_moves.empty()) << e.id;
  }
}

TEST(DesdemonaSuite, ExactSolveReproducesEveryScoreAndAListedBestMove) {
  const auto game = Game();
  search::SolveOptions options;
  options.threads = 1;
  options.tt_mb = 32;
  for (const search::SuiteEntry& e : EasierEntries()) {
    const auto pos = game.parse_position(e.position());
    ASSERT_TRUE(pos.ok()) << e.id << ": " << pos.status();
    const auto r = search::Solve(game, *pos, options);
    EXPECT_EQ(r.value, e.score) << e.id;
    ASSERT_TRUE(r.best_move.has_value()) << e.id;
    const std::string best = game.move_string(*pos, *r.best_move);
    EXPECT_NE(std::find(e.best_moves.begin(), e.best_moves.end(), best), e.best_moves.end())
        << e.id << ": " << best;
  }
}

TEST(DesdemonaSuite, WinDrawLossSolveGivesTheSignOfEveryScore) {
  const auto game = Game();
  search::SolveOptions options;
  options.threads = 2;
  options.tt_mb = 8;
  options.mode = search::Mode::kWld;
  for (const search::SuiteEntry& e : EasierEntries()) {
    const auto pos = game.parse_position(e.position());
    ASSERT_TRUE(pos.ok()) << e.id << ": " << pos.status();
    EXPECT_EQ(search::Solve(game, *pos, options).value, search::Sign(e.score)) << e.id;
  }
}

}  // namespace
}  // namespace tav
