// Cathedral record annotations: the Cathedral's notation read off its squares.
#include <gtest/gtest.h>

#include "explore/cathedral_annotations.h"

namespace tav::explore {
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

}  // namespace
}  // namespace tav::explore
