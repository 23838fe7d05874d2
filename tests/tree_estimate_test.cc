// Knuth's tree-size estimate (core/tree_estimate.h): exact on trees it can
// count, reproducible, and on the side of the solves that finish or not.
#include "core/tree_estimate.h"

#include <gtest/gtest.h>

#include <cmath>

#include "core/perft.h"
#include "games/prairie/prairie.h"
#include "games/reversi/reversi.h"

namespace tav {
namespace {

reversi::Othello MakeOthello(int size) {
  return *reversi::Othello::Create(GameSpec{"othello", "", size, ""});
}

// The full game tree of Othello 4x4, counted by a plain walk.
template <Game G>
double CountNodes(const G& game, const typename G::Position& pos) {
  typename G::MoveList moves;
  game.generate_moves(pos, moves);
  double n = 1;
  for (const auto& m : moves) {
    typename G::Position child = pos;
    game.play(child, m);
    n += CountNodes(game, child);
  }
  return n;
}

TEST(TreeEstimate, IsNearTheCountedTreeSize) {
  const reversi::Othello game = MakeOthello(4);
  const auto pos = *game.parse_position("-----OX--XO----- X");
  const double counted = std::log10(CountNodes(game, pos));
  const TreeEstimate e = EstimateTree(game, pos, 400);
  EXPECT_NEAR(e.log10_nodes, counted, 0.5) << counted;
  EXPECT_DOUBLE_EQ(e.log10_search_nodes, e.log10_nodes / 2);  // no positions count: Othello
  EXPECT_GT(e.mean_plies, 9);
  EXPECT_LE(e.mean_plies, 13);  // 12 empties, passes aside
}

TEST(TreeEstimate, IsReproducibleAndOneNodeAtTheEnd) {
  const reversi::Othello game = MakeOthello(6);
  EXPECT_EQ(EstimateTree(game, game.start()).log10_nodes,
            EstimateTree(game, game.start()).log10_nodes);
  const reversi::Othello small = MakeOthello(4);
  const auto over = *small.parse_position("XXXXXXXX-------- O");
  EXPECT_NEAR(EstimateTree(small, over).log10_nodes, 0, 1e-9);
}

// The solve command's limit is 10^15: Othello 6x6 (solved in 2.3 * 10^9
// nodes) is well under it, 8x8 from the start far over.
TEST(TreeEstimate, SeparatesOthello6x6From8x8) {
  const reversi::Othello six = MakeOthello(6), eight = MakeOthello(8);
  const double e6 = EstimateTree(six, six.start()).log10_search_nodes;
  const double e8 = EstimateTree(eight, eight.start()).log10_search_nodes;
  EXPECT_GT(e6, 9.4);  // at least the nodes a solve visits
  EXPECT_LT(e6, 13);
  EXPECT_GT(e8, 20);
}

// A game that counts its positions (tiers) is bounded by that count: the
// Prairie trees are huge, their positions few.
TEST(TreeEstimate, PositionsBoundTheWorkOfTierGames) {
  const prairie::PrairieGame game = *prairie::PrairieGame::Create(GameSpec{"prairie", "", 3, ""});
  const TreeEstimate e = EstimateTree(game, game.start());
  EXPECT_NEAR(e.log10_positions, std::log10(329100.0), 0.5);  // README: 329,100 (canonical tiers)
  EXPECT_EQ(e.log10_search_nodes, e.log10_positions);
  EXPECT_GT(e.log10_nodes / 2, e.log10_positions);
}

}  // namespace
}  // namespace tav
