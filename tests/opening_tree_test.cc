// The opening tree (explore/opening_tree.h) against brute force: every move
// sequence from the start, classes computed by the reference symmetry code.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "absl/strings/str_join.h"
#include "core/setup.h"
#include "explore/opening_tree.h"
#include "explore_reference.h"
#include "games/reversi/reversi.h"

namespace tav::explore {
namespace {

using testing::RefClass;
using testing::RefValues;

struct Brute {
  std::map<std::string, std::uint64_t> paths;  // class -> sequences reaching it
  std::uint64_t sequences = 0;
};

// Every sequence of exactly `plies` moves from `position` (games that end
// earlier are not counted: the Othello/Desdemona openings tested here have none).
void Walk(RefValues& ref, const std::string& position, int plies, int n, Brute& out) {
  if (plies == 0) {
    ++out.paths[RefClass(position, n)];
    ++out.sequences;
    return;
  }
  for (const std::string& m : ref.Moves(position))
    Walk(ref, ref.Child(position, m), plies - 1, n, out);
}

template <class G>
void CheckAgainstBruteForce(const G& game, int plies, bool desdemona) {
  const int n = game.size();
  auto tree = OpeningTree<G>::Build(game, game.start(), plies);
  ASSERT_TRUE(tree.ok()) << tree.status();
  RefValues ref(n, desdemona, false);
  for (int ply = 0; ply <= plies; ++ply) {
    SCOPED_TRACE("ply " + std::to_string(ply));
    Brute brute;
    Walk(ref, game.position_string(game.start()), ply, n, brute);
    std::map<std::string, std::uint64_t> got;
    for (const auto& node : tree->nodes()) {
      if (node.ply != ply) continue;
      // One node per class: a second node of the same class would be a missed merge.
      EXPECT_TRUE(got.emplace(RefClass(game.position_string(node.position), n), node.paths).second);
    }
    EXPECT_EQ(got, brute.paths);
  }
}

TEST(OpeningTree, OthelloClassesAndPathCountsMatchBruteForce) {
  auto game = *reversi::Othello::Create(GameSpec{"othello", "", 6, ""});
  CheckAgainstBruteForce(game, 5, false);
}

TEST(OpeningTree, DesdemonaClassesAndPathCountsMatchBruteForce) {
  auto game = *reversi::Desdemona::Create(GameSpec{"desdemona", "", 4, ""});
  CheckAgainstBruteForce(game, 5, true);
}

TEST(OpeningTree, LinesReachTheRepresentativesAndEdgesTheirChildren) {
  auto game = *reversi::Othello::Create(GameSpec{"othello", "", 6, ""});
  auto tree = OpeningTree<reversi::Othello>::Build(game, game.start(), 4);
  ASSERT_TRUE(tree.ok());
  for (int i = 0; i < static_cast<int>(tree->nodes().size()); ++i) {
    const auto& node = tree->node(i);
    auto reached = PlayMoves(game, game.start(), absl::StrJoin(tree->Line(i), " "));
    ASSERT_TRUE(reached.ok()) << reached.status();
    EXPECT_TRUE(*reached == node.position);
    EXPECT_EQ(static_cast<int>(tree->Line(i).size()), node.ply);
    EXPECT_EQ(node.expanded, node.ply < 4);
    for (const auto& e : node.edges) {
      auto child = node.position;
      game.play(child, e.move);
      EXPECT_EQ(RefClass(game.position_string(child), 6),
                RefClass(game.position_string(tree->node(e.child).position), 6));
    }
  }
  // The root is the start itself, not a mirror image of it.
  EXPECT_TRUE(tree->node(0).position == game.start());
}

TEST(OpeningTree, PostOrderPutsChildrenBeforeParents) {
  auto game = *reversi::Desdemona::Create(GameSpec{"desdemona", "", 6, ""});
  auto tree = OpeningTree<reversi::Desdemona>::Build(game, game.start(), 4);
  ASSERT_TRUE(tree.ok());
  std::vector<int> rank(tree->nodes().size(), -1);
  const auto& order = tree->PostOrder();
  for (int i = 0; i < static_cast<int>(order.size()); ++i) rank[order[i]] = i;
  EXPECT_EQ(order.size(), tree->nodes().size());
  for (int i = 0; i < static_cast<int>(tree->nodes().size()); ++i) {
    for (const auto& e : tree->node(i).edges) EXPECT_LT(rank[e.child], rank[i]);
  }
}

TEST(OpeningTree, FinishedGamesAreLeavesAtAnyPly) {
  // Othello 4x4 has games that end before ply 12 (and passes on the way).
  auto game = *reversi::Othello::Create(GameSpec{"othello", "", 4, ""});
  auto tree = OpeningTree<reversi::Othello>::Build(game, game.start(), 12);
  ASSERT_TRUE(tree.ok());
  int finished_early = 0;
  for (const auto& node : tree->nodes()) {
    EXPECT_EQ(node.over, game.is_over(node.position));
    if (node.over) {
      EXPECT_FALSE(node.expanded);
      finished_early += node.ply < 12;
    }
  }
  EXPECT_GT(finished_early, 0);
}

TEST(OpeningTree, TooManyPositionsIsAnError) {
  auto game = *reversi::Othello::Create(GameSpec{"othello", "", 8, ""});
  auto tree = OpeningTree<reversi::Othello>::Build(game, game.start(), 6, 1000);
  ASSERT_FALSE(tree.ok());
  EXPECT_EQ(tree.status().code(), absl::StatusCode::kResourceExhausted);
}

}  // namespace
}  // namespace tav::explore
