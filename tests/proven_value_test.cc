// Value kinds and their backup (core/proven_value.h): a backed-up value never
// claims more than its children prove.
#include <gtest/gtest.h>

#include <vector>

#include "core/proven_value.h"

namespace tav {
namespace {

constexpr int M = 64;

Value Up(std::vector<Value> children, int* best = nullptr) { return Backup(children, M, best); }

TEST(ExploreValueBackup, ExactChildrenGiveTheNegamaxMaximum) {
  int best = -1;
  const Value v = Up({ExactValue(3), ExactValue(-2), ExactValue(5)}, &best);
  EXPECT_EQ(v.kind, ValueKind::kExact);
  EXPECT_EQ(v.value, 2);  // max(-3, 2, -5)
  EXPECT_EQ(best, 1);
  EXPECT_EQ(v.lower, 2);
  EXPECT_EQ(v.upper, 2);
}

TEST(ExploreValueBackup, WldChildrenGiveWld) {
  // One losing child for the opponent is a win for us.
  Value v = Up({WldValue(1, M), WldValue(-1, M), WldValue(0, M)});
  EXPECT_EQ(v.kind, ValueKind::kWld);
  EXPECT_EQ(v.value, 1);
  // Only draws and wins for the opponent: a draw, which is exactly 0.
  v = Up({WldValue(1, M), WldValue(0, M)});
  EXPECT_EQ(v.kind, ValueKind::kExact);
  EXPECT_EQ(v.value, 0);
  // All children win for the opponent: a loss.
  v = Up({WldValue(1, M), WldValue(1, M)});
  EXPECT_EQ(v.kind, ValueKind::kWld);
  EXPECT_EQ(v.value, -1);
  EXPECT_EQ(v.upper, -1);
}

TEST(ExploreValueBackup, ExactMixedWithWldIsWld) {
  Value v = Up({ExactValue(2), WldValue(-1, M)});
  EXPECT_EQ(v.kind, ValueKind::kWld);
  EXPECT_EQ(v.value, 1);
  EXPECT_EQ(v.lower, 1);
  EXPECT_EQ(v.upper, M);
  // A win for the opponent (<= -1 for us) cannot beat an exact +6: exact.
  v = Up({ExactValue(-6), WldValue(1, M)});
  EXPECT_EQ(v.kind, ValueKind::kExact);
  EXPECT_EQ(v.value, 6);
}

TEST(ExploreValueBackup, BoundsCombineAsIntervals) {
  // Child upper bound -4 (the opponent gets at most -4): we get at least +4.
  Value v = Up({UpperBound(-4, M), ExactValue(1)});
  EXPECT_EQ(v.kind, ValueKind::kBound);
  EXPECT_EQ(v.bound, BoundSide::kLower);
  EXPECT_EQ(v.value, 4);
  // Child lower bounds only: we get at most the best of their negations.
  v = Up({LowerBound(2, M), LowerBound(5, M)});
  EXPECT_EQ(v.kind, ValueKind::kBound);
  EXPECT_EQ(v.bound, BoundSide::kUpper);
  EXPECT_EQ(v.value, -2);
  EXPECT_EQ(v.lower, -M);
  // A lower and an upper bound from different children: the interval.
  v = Up({UpperBound(-3, M), LowerBound(3, M)});
  EXPECT_EQ(v.kind, ValueKind::kBound);
  EXPECT_EQ(v.bound, BoundSide::kLower);
  EXPECT_EQ(v.value, 3);
  EXPECT_EQ(v.upper, M);
  // A bound that cannot beat an exact sibling leaves the value exact.
  v = Up({ExactValue(-3), LowerBound(-2, M)});
  EXPECT_EQ(v.kind, ValueKind::kExact);
  EXPECT_EQ(v.value, 3);
}

TEST(ExploreValueBackup, OneHeuristicChildMakesTheParentHeuristic) {
  int best = -1;
  const Value v = Up({ExactValue(2), HeuristicValue(-7, 3, M), HeuristicValue(1, 5, M)}, &best);
  EXPECT_EQ(v.kind, ValueKind::kHeuristic);
  EXPECT_EQ(v.value, 7);
  EXPECT_EQ(best, 1);
  EXPECT_EQ(v.depth, 4);  // one ply above the shallowest heuristic child
  // The exact child still proves a lower bound of -2.
  EXPECT_EQ(v.lower, -2);
  EXPECT_EQ(v.upper, M);
}

TEST(ExploreValueBackup, TiesGoToTheStrongerKind) {
  int best = -1;
  Up({HeuristicValue(-3, 4, M), ExactValue(-3)}, &best);
  EXPECT_EQ(best, 1);
}

TEST(ExploreValueNegate, SwapsBoundSidesAndTheInterval) {
  const Value v = Negate(LowerBound(3, M));
  EXPECT_EQ(v.bound, BoundSide::kUpper);
  EXPECT_EQ(v.value, -3);
  EXPECT_EQ(v.lower, -M);
  EXPECT_EQ(v.upper, -3);
  EXPECT_EQ(Negate(Negate(HeuristicValue(5, 2, M))), HeuristicValue(5, 2, M));
}

TEST(ExploreValueStronger, OrdersKindsThenDepthThenTightness) {
  EXPECT_TRUE(Stronger(ExactValue(1), WldValue(1, M)));
  EXPECT_TRUE(Stronger(WldValue(-1, M), LowerBound(2, M)));
  EXPECT_TRUE(Stronger(LowerBound(2, M), HeuristicValue(9, 20, M)));
  EXPECT_TRUE(Stronger(HeuristicValue(0, 6, M), HeuristicValue(0, 5, M)));
  EXPECT_FALSE(Stronger(HeuristicValue(0, 5, M), HeuristicValue(0, 5, M)));
  EXPECT_TRUE(Stronger(LowerBound(4, M), LowerBound(2, M)));
  EXPECT_FALSE(Stronger(LowerBound(2, M), LowerBound(4, M)));
  EXPECT_FALSE(Stronger(ExactValue(1), ExactValue(2)));
}

TEST(ExploreValueValidate, RejectsInconsistentValues) {
  EXPECT_TRUE(Validate(ExactValue(3), M).ok());
  EXPECT_TRUE(Validate(WldValue(-1, M), M).ok());
  EXPECT_TRUE(Validate(LowerBound(-2, M), M).ok());
  EXPECT_TRUE(Validate(HeuristicValue(100, 3, M), M).ok());
  Value v = ExactValue(3);
  v.upper = 4;
  EXPECT_FALSE(Validate(v, M).ok());
  v = WldValue(1, M);
  v.value = 2;
  EXPECT_FALSE(Validate(v, M).ok());
  v = LowerBound(2, M);
  v.bound = BoundSide::kNone;
  EXPECT_FALSE(Validate(v, M).ok());
  v = ExactValue(M + 1);
  EXPECT_FALSE(Validate(v, M).ok());
  v = HeuristicValue(1, 2, M);
  v.lower = 5;
  v.upper = 4;
  EXPECT_FALSE(Validate(v, M).ok());
}

TEST(ExploreValueNames, RoundTrip) {
  for (ValueKind k :
       {ValueKind::kExact, ValueKind::kWld, ValueKind::kBound, ValueKind::kHeuristic}) {
    EXPECT_EQ(*ParseKind(KindName(k)), k);
  }
  EXPECT_FALSE(ParseKind("proven").ok());
  EXPECT_EQ(*ParseBound("lower"), BoundSide::kLower);
  EXPECT_FALSE(ParseBound("middle").ok());
  EXPECT_EQ(Describe(LowerBound(2, M)), ">= +2 (bound)");
  EXPECT_EQ(Describe(WldValue(0, M)), "draw (wld)");
}

}  // namespace
}  // namespace tav
