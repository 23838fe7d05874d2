// The solver's value scale: backing a child's value up to its parent, and the
// child window that answers a parent window exactly.
//
// Score games (Othello, Desdemona, Cathedral) use plain negamax: the parent's
// value through a move is -child. Win/loss-distance games (kWinLossDistance,
// Prairie) encode "wins in d plies" as +(kDistanceBase - d) and back a value
// up one ply toward zero (game.h), so the parent's value through a move is
//     f(c) = -c - 1  (c < 0),   0  (c == 0),   -c + 1  (c > 0).
// Both maps are non-increasing in c, which is all alpha-beta needs: a bound on
// the child is a (reversed) bound on the parent. The child window is the exact
// preimage of the parent window, so fail-soft values and null windows carry
// through unchanged (a parent null window maps to a child null window).
#pragma once

#include <algorithm>

#include "core/game.h"

namespace tav::search {

// One more than any value a game can produce: the "infinite" window edges.
template <Game G>
inline constexpr int kInfinity = G::kMaxValue + 1;

// The parent's value when the move leads to a child of value c.
template <Game G>
constexpr int BackUp(int c) {
  if constexpr (WinLossDistanceGame<G>) {
    return c < 0 ? -c - 1 : (c > 0 ? -c + 1 : 0);
  } else {
    return -c;
  }
}

// The child window (child_alpha, child_beta) for a parent window (alpha,beta):
//   BackUp(c) >= beta  <=>  c <= child_alpha   (largest such c)
//   BackUp(c) <= alpha <=>  c >= child_beta    (smallest such c)
// so a child search that fails low/high answers the parent's question exactly.
struct Window {
  int alpha;
  int beta;
};

template <Game G>
constexpr Window ChildWindow(int alpha, int beta) {
  if constexpr (WinLossDistanceGame<G>) {
    const int child_alpha = beta >= 1 ? -beta - 1 : 1 - beta;
    const int child_beta = alpha <= -1 ? 1 - alpha : -alpha - 1;
    return {child_alpha, child_beta};
  } else {
    return {-beta, -alpha};
  }
}

// A child value that backs up to exactly v (used to follow the principal
// variation): the inverse of BackUp on the values a game can produce.
template <Game G>
constexpr int ChildValueFor(int v) {
  if constexpr (WinLossDistanceGame<G>) {
    return v > 0 ? -v - 1 : (v < 0 ? -v + 1 : 0);
  } else {
    return -v;
  }
}

// -1, 0, +1.
constexpr int Sign(int v) { return (v > 0) - (v < 0); }

}  // namespace tav::search
