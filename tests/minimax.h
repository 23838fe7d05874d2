// Plain minimax: the reference every solver result is checked against.
//
// No pruning, no table, no ordering, no game hooks beyond the REQUIRED ones:
// it visits every line to the end, so it is slow and obviously right. It
// shares no code with solver/search (the win/loss-distance back-up is
// written out again here from game.h's definition). Reusable by every game's
// tests:  EXPECT_EQ(solver.Solve(pos).value, tav::testing::Minimax(game, pos));
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>

#include "core/game.h"
#include "search/values.h"

namespace tav::testing {

// The value of `pos` for the side to move. `nodes`, if given, counts positions.
template <Game G>
int Minimax(const G& game, const typename G::Position& pos, std::uint64_t* nodes = nullptr) {
  if (nodes != nullptr) ++*nodes;
  typename G::MoveList moves;
  game.generate_moves(pos, moves);
  if (moves.size() == 0) return game.final_value(pos);
  int best = std::numeric_limits<int>::min();
  for (const auto& m : moves) {
    typename G::Position child = pos;
    game.play(child, m);
    int v = -Minimax(game, child, nodes);
    if constexpr (WinLossDistanceGame<G>) {
      // One ply further from the end: a win (v > 0) or loss (v < 0) moves 1 toward 0.
      if (v > 0) v -= 1;
      if (v < 0) v += 1;
    }
    best = std::max(best, v);
  }
  return best;
}

// Depth-limited negamax with evaluate() at the horizon (clamped as the search
// clamps it) and the solver's own back-up (values.h): the reference of every
// depth-limited search (fullwidth heuristic mode, the selective search with
// every move kept).
template <Game G>
int DepthLimitedNegamax(const G& game, const typename G::Position& pos, int depth) {
  typename G::MoveList moves;
  game.generate_moves(pos, moves);
  if (moves.size() == 0) return game.final_value(pos);
  if (depth == 0) return std::clamp(game.evaluate(pos), -G::kMaxValue, G::kMaxValue);
  int best = std::numeric_limits<int>::min();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto child = pos;
    game.play(child, moves[i]);
    best = std::max(best, search::BackUp<G>(DepthLimitedNegamax(game, child, depth - 1)));
  }
  return best;
}

// The minimax value of every legal move, in generate_moves order.
template <Game G>
std::vector<int> MinimaxMoveValues(const G& game, const typename G::Position& pos) {
  typename G::MoveList moves;
  game.generate_moves(pos, moves);
  std::vector<int> out;
  for (const auto& m : moves) {
    typename G::Position child = pos;
    game.play(child, m);
    int v = -Minimax(game, child);
    if constexpr (WinLossDistanceGame<G>) {
      if (v > 0) v -= 1;
      if (v < 0) v += 1;
    }
    out.push_back(v);
  }
  return out;
}

}  // namespace tav::testing
