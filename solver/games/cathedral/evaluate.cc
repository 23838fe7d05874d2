// The evaluation of depth-limited search (tav explore --mode=search), for
// boards where exact solving is out of reach (10x10).
//
// The final value is (opponent's unplaced squares - own unplaced squares). A
// player's unplaced squares at the end are its hand now minus what it still
// manages to place, and a player can place at most the squares it can reach:
// its own territory (empty squares only it may use) and part of the open
// squares (empty, nobody's territory), which both sides compete for. The
// estimate gives each side its territory plus half of the open squares (the
// side to move rounds up: it places first), scaled by how densely pieces
// pack (kPackingPercent: shapes never tile an irregular area exactly), and at
// most its hand:
//   expected_placed(X) = min(hand(X), (territory(X) + share of open) * packing)
//   evaluate = (hand(opp) - expected_placed(opp)) - (hand(me) - expected_placed(me))
// The estimate is then clamped into the admissible bounds of value_bounds()
// (bounds.cc), so it never contradicts what is already proven (a piece type
// that fits nowhere any more is lost whatever the room says). It is a
// heuristic, not a bound: records of searches that use it are
// `heuristic` and keep their depth. Rotations leave it unchanged (it counts
// squares only), which the explorer relies on when it merges symmetric
// positions.
#include <algorithm>

#include "games/cathedral/cathedral.h"

namespace tav::cathedral {

namespace {
constexpr int kPackingPercent = 80;
}  // namespace

int Cathedral::evaluate(const Position& p) const {
  const int me = p.to_move, opponent = me ^ 1;
  const u128 open = Free(p, me) & Free(p, opponent);
  const int shared = PopCount(open);
  const int room_me = PopCount(p.territory[me] & ~Occupied(p)) + (shared + 1) / 2;
  const int room_opp = PopCount(p.territory[opponent] & ~Occupied(p)) + shared / 2;
  const int hand_me = p.hand_squares[me], hand_opp = p.hand_squares[opponent];
  const int placed_me = std::min(hand_me, room_me * kPackingPercent / 100);
  const int placed_opp = std::min(hand_opp, room_opp * kPackingPercent / 100);
  const int estimate = (hand_opp - placed_opp) - (hand_me - placed_me);
  const auto [lower, upper] = value_bounds(p);
  return std::clamp(estimate, lower, upper);
}

}  // namespace tav::cathedral
