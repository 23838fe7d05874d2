// The retrograde solver against plain minimax on the 4-wide board (tiers
// with at most two buffalo): seconds in Release, minutes under the
// sanitizers, hence a slow test (label no_sanitizer, see slow_tests.cmake).
#include <gtest/gtest.h>

#include "retro_test_util.h"

namespace tav {
namespace {

namespace fs = std::filesystem;
using prairie::PrairieGame;
using testing::ExpectTablesMatchMinimax;
using testing::Make;
using testing::Solve;
using testing::TempDir;

TEST(RetroPrairie, FourWideTwoBuffaloTablesEqualMinimaxOnSampledPositions) {
  const PrairieGame game = Make(4);
  const fs::path dir = TempDir("w4");
  Solve(game, dir, "buffalo<=2");
  ExpectTablesMatchMinimax(game, dir, "buffalo<=2", 211);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tav
