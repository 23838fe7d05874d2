// Cathedral's evaluation (games/cathedral/bounds.cc): invariant under the
// board's rotations (the explorer merges rotated positions) and always
// within the admissible bounds.
#include <gtest/gtest.h>

#include "core/hash.h"
#include "games/cathedral/cathedral.h"

namespace tav::cathedral {
namespace {

TEST(CathedralEvaluate, RotationInvariantAndWithinTheBounds) {
  for (auto [variant, size] : {std::pair{"classic", 10}, std::pair{"lehmann", 10},
                               std::pair{"classic", 6}, std::pair{"lehmann", 7}}) {
    SCOPED_TRACE(std::string(variant) + " " + std::to_string(size));
    auto game = Cathedral::Create(GameSpec{"cathedral", variant, size, ""});
    ASSERT_TRUE(game.ok()) << game.status();
    SplitMix64 rng(size * 7 + variant[0]);
    for (int playout = 0; playout < 20; ++playout) {
      Position p = game->start();
      Cathedral::MoveList moves;
      for (game->generate_moves(p, moves); moves.size() > 0; game->generate_moves(p, moves)) {
        const int v = game->evaluate(p);
        const auto [lower, upper] = game->value_bounds(p);
        EXPECT_LE(lower, v);
        EXPECT_LE(v, upper);
        EXPECT_LE(std::abs(v), Cathedral::kMaxValue);
        for (int s = 1; s < game->symmetry_count(); ++s) {
          EXPECT_EQ(game->evaluate(game->transform(p, s)), v);
        }
        game->play(p, moves[rng.Below(moves.size())]);
      }
    }
  }
}

TEST(CathedralEvaluate, EqualHandsAndNoTerritoryIsLevel) {
  auto game = Cathedral::Create(GameSpec{"cathedral", "classic", 10, ""});
  ASSERT_TRUE(game.ok());
  auto p = game->start();
  Cathedral::MoveList moves;
  game->generate_moves(p, moves);
  game->play(p, moves[0]);  // some Cathedral; dark to move, equal hands, no territory
  EXPECT_EQ(game->evaluate(p), 0);
}

}  // namespace
}  // namespace tav::cathedral
