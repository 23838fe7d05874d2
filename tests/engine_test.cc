// The engine interface (engine/engine.h, engine/config.h).
#include "engine/engine.h"

#include <gtest/gtest.h>

#include "games/cathedral/cathedral.h"
#include "games/prairie/prairie.h"

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

}  // namespace
}  // namespace tav::engine
