// Cathedral record annotations: the Cathedral's notation read off its squares.
#include <gtest/gtest.h>

#include "explore/annotations.h"
#include "games/cathedral/cathedral.h"

namespace tav::cathedral {
namespace {

TEST(CathedralAnnotations, MoveOfTheSeedExampleSquares) {
  // RULES.md: Yni4 = {i4, h3, i3, j3, i2, i1}, in any order.
  EXPECT_EQ(CathedralMoveOfSquares({"i1", "h3", "i4", "i3", "j3", "i2"}), "Yni4");
}

TEST(CathedralAnnotations, EachOrientationPointsAtTheHead) {
  // The cross around e5 with its head on each side (tail two squares opposite).
  EXPECT_EQ(CathedralMoveOfSquares({"e6", "d5", "e5", "f5", "e4", "e3"}), "Yne6");
  EXPECT_EQ(CathedralMoveOfSquares({"f5", "e6", "e5", "e4", "d5", "c5"}), "Yef5");
  EXPECT_EQ(CathedralMoveOfSquares({"e4", "d5", "e5", "f5", "e6", "e7"}), "Yse4");
  EXPECT_EQ(CathedralMoveOfSquares({"d5", "e6", "e5", "e4", "f5", "g5"}), "Ywd5");
}

TEST(CathedralAnnotations, NotACathedral) {
  EXPECT_EQ(CathedralMoveOfSquares({}), "");
  EXPECT_EQ(CathedralMoveOfSquares({"a1", "a2", "a3", "a4", "a5", "a6"}), "");
  EXPECT_EQ(CathedralMoveOfSquares({"e6", "d5", "e5", "f5", "e4"}), "");
}

TEST(CathedralAnnotations, ExplorerRecordsTheGamesOwnAnnotations) {
  // The generic Annotator finds Cathedral's hook: after each opening
  // placement of the Cathedral, the record names that very move.
  const Cathedral game = *Cathedral::Create(GameSpec{"cathedral", "classic", 7, ""});
  const Position start = game.start();
  EXPECT_EQ(explore::Annotator<Cathedral>::Of(game, start)["cathedral_move"], nullptr);
  Cathedral::MoveList moves;
  game.generate_moves(start, moves);
  int cathedral_moves = 0;
  for (const Move& m : moves) {
    const std::string name = game.move_string(start, m);
    if (name[0] != 'Y') continue;
    ++cathedral_moves;
    Position child = start;
    game.play(child, m);
    const nlohmann::json j = explore::Annotator<Cathedral>::Of(game, child);
    EXPECT_EQ(j["cathedral_move"], name);
    EXPECT_EQ(j["cathedral_squares"].size(), 6u);
  }
  EXPECT_GT(cathedral_moves, 0);
}

}  // namespace
}  // namespace tav::cathedral
