// Admissible bounds on the final value from the pieces that can still fit.
//
// The final value for the side to move is opp_unplaced - own_unplaced, so it
// is bounded by a lower bound L and an upper bound U on each player's
// unplaced squares at the end:  L_opp - U_own <= value <= U_opp - L_own.
//
// Where can a player X ever build again? Call S_X the squares that are
// neither X's buildings nor available to X now (the opponent's buildings and
// territory, the Cathedral), and take an 8-connected component C of S_X that
// holds at least two of the opponent's buildings. X never builds on C, so C
// stays connected inside X's complement, so every region of X's complement
// touching C contains all of C and with it two enemy pieces: X can never
// claim a square of C nor capture a building of C, whatever else happens
// (and the opponent's moves only make C bigger). Such components are
// "closed"; the others are "open". So X can build in future only on
//   Reach_X = Avail_X + open components of S_X + X's buildings that the
//             opponent might capture (those in open components of S_opp),
// X's other buildings stay on the board to the end, and
//   L_X = max(squares in hand of types with no placement inside Reach_X,
//             squares in hand - |Avail_X| - |open components of S_X|)
// (returned pieces only add to the unplaced squares; the first-building rule
// is ignored, which only makes L smaller), and
//   U_X = squares in hand + X's buildings in open components of S_opp.
//
// Separated endgames: the bounds meet. When neither player has an open
// component (so nothing can ever be captured or claimed again: Reach_X is
// Avail_X) and no empty square is available to both (every one is someone's
// territory), each player's future is a puzzle of their own. X builds only
// on Avail_X, which the opponent can neither cover nor claim; X's buildings
// there claim nothing new (the regions they split hold no enemy piece) and
// leave every region of the opponent's complement as it was, with only more
// of X's pieces in it. Passing lets each place until nothing fits, and a
// player who must keep placing loses nothing by it (the best packing, if
// it is not maximal, extends to one that covers more). So the value is
// exact: (opponent's squares in hand - the most they can still cover) -
// (own likewise), each "most" a one-player packing search (packing.cc) that
// is far cheaper than the two-player tree over every interleaving of the two
// puzzles. Both first buildings must be down (rule 4 treats a first building
// differently).
#include <algorithm>
#include <optional>

#include "games/cathedral/cathedral.h"

namespace tav::cathedral {

// The open components of S_X (see above) and the opponent's buildings in them.
struct Cathedral::Reach {
  u128 open = 0;
  u128 capturable = 0;
};

Cathedral::Reach Cathedral::ReachOf(const Position& p, int player) const {
  const Tables& t = *tables_;
  const u128 fixed = t.board & ~p.buildings[player] & ~Free(p, player);
  const u128 enemies = p.buildings[player ^ 1];
  Reach r;
  u128 todo = fixed;
  while (todo != 0) {
    const u128 component = Fill8(todo & -todo, fixed, t.stride);
    todo &= ~component;
    const u128 enemy = component & enemies;
    if (enemy != 0 && !IsOneBuilding(p, enemy)) continue;  // two or more: closed for good
    r.open |= component;
    r.capturable |= enemy;
  }
  return r;
}

int Cathedral::UnplacedLowerBound(const Position& p, int player, u128 reach, int room) const {
  const Tables& t = *tables_;
  int dead = 0;
  for (int type = 0; type < kTypes; ++type) {
    const int count = p.count(player, type);
    if (count == 0) continue;
    bool fits = false;
    const TypeOrientations& orients = t.orients[player][type];
    for (int i = 0; i < orients.count && !fits; ++i)
      fits = Anchors(orients.ids[i], reach, false) != 0;
    if (!fits) dead += count * kTypeSize[type];
  }
  return std::max(dead, p.hand_squares[player] - room);
}

std::optional<int> Cathedral::SeparatedValue(const Position& p, const Reach& mine,
                                             const Reach& theirs, u128 avail_me,
                                             u128 avail_opp) const {
  if (p.first_placed != 3 || mine.open != 0 || theirs.open != 0 || (avail_me & avail_opp) != 0) {
    return std::nullopt;
  }
  // The budget keeps a pathological area (a hand that almost, but not quite,
  // fits a large area: packing.cc) from stalling a search node; past it,
  // plain bounds, which are still admissible.
  constexpr int kMaxPackingNodes = 20000;
  const int me = p.to_move, opponent = me ^ 1;
  const int cover_me = MostCoverable(p, me, avail_me, kMaxPackingNodes);
  if (cover_me < 0) return std::nullopt;
  const int cover_opp = MostCoverable(p, opponent, avail_opp, kMaxPackingNodes);
  if (cover_opp < 0) return std::nullopt;
  return (p.hand_squares[opponent] - cover_opp) - (p.hand_squares[me] - cover_me);
}

std::pair<int, int> Cathedral::value_bounds(const Position& p) const {
  if (p.cathedral_state == kCathedralInHand) return {-kMaxValue, kMaxValue};
  const int me = p.to_move, opponent = me ^ 1;
  const Reach mine = ReachOf(p, me), theirs = ReachOf(p, opponent);
  const u128 avail_me = Free(p, me), avail_opp = Free(p, opponent);
  if (const std::optional<int> v = SeparatedValue(p, mine, theirs, avail_me, avail_opp)) {
    return {*v, *v};
  }
  const int low_me = UnplacedLowerBound(p, me, avail_me | mine.open | theirs.capturable,
                                        PopCount(avail_me) + PopCount(mine.open));
  const int low_opp = UnplacedLowerBound(p, opponent, avail_opp | theirs.open | mine.capturable,
                                         PopCount(avail_opp) + PopCount(theirs.open));
  const int high_me = p.hand_squares[me] + PopCount(theirs.capturable);
  const int high_opp = p.hand_squares[opponent] + PopCount(mine.capturable);
  return {low_opp - high_me, high_opp - low_me};
}

int Cathedral::quick_evaluate(const Position& p) const {
  const int me = p.to_move, opponent = me ^ 1;
  const u128 empty = tables_->board & ~Occupied(p);
  const int neutral = PopCount(empty & ~p.territory[0] & ~p.territory[1]);
  auto short_of_room = [&](int player) {
    const int room = PopCount(p.territory[player]) + neutral / 2;
    return std::max(0, p.hand_squares[player] - room);
  };
  return short_of_room(opponent) - short_of_room(me);
}

int Cathedral::evaluate(const Position& p) const {
  const auto [lower, upper] = value_bounds(p);
  return std::clamp(quick_evaluate(p), lower, upper);
}

}  // namespace tav::cathedral
