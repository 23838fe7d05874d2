// The most squares one player can still cover inside a set of squares that
// nobody else can change: the one-player puzzle an endgame splits into where
// the players' footprints are apart (bounds.cc, FootprintBounds).
//
// Method: depth-first search over the lowest square of the area still open.
// That square is either covered by a building whose lowest cell it is (every
// square below it is decided, so no other cell of that building can be the
// lowest) or given up for good; so each packing is generated exactly once.
// Larger buildings are tried first, and a branch is cut when even covering
// min(squares in hand, squares open) more could not beat the best found; the
// search stops at once on a packing that reaches that bound at the root
// (everything placed, or the area full), which is the usual case.
//
// Exponential in the worst case (a hand that almost but not quite fits a big
// area), so it counts nodes and stops past a budget with a range instead of
// the answer: the best packing found (a lower bound) and the root bound (an
// upper one). Both are exact bounds, never a guess.
#include <algorithm>
#include <array>

#include "games/cathedral/cathedral.h"

namespace tav::cathedral {
namespace {

class Packer {
 public:
  Packer(const Tables& tables, int player, int max_nodes)
      : t_(tables), player_(player), max_nodes_(max_nodes) {}

  // The most squares coverable in `area` by the buildings counted in
  // `count` (per type, types that fit nowhere in `area` already zero), or,
  // past the node budget, the range it lies in.
  Cathedral::Coverable Solve(u128 area, const std::array<int, kTypes>& count) {
    int hand = 0;
    for (int type = 0; type < kTypes; ++type) hand += count[type] * kTypeSize[type];
    count_ = count;
    goal_ = std::min(hand, PopCount(area));
    Search(area, PopCount(area), 0, hand);
    if (nodes_ > max_nodes_ && best_ < goal_) return {best_, goal_};
    return {best_, best_};
  }

 private:
  // True when the search is over (goal reached or budget spent).
  bool Search(u128 area, int open, int covered, int hand) {
    if (covered > best_) best_ = covered;
    if (best_ == goal_ || ++nodes_ > max_nodes_) return true;
    if (open == 0 || hand == 0 || covered + std::min(open, hand) <= best_) return false;
    const int s = LowestBit(area);
    for (int type = kTypes - 1; type >= 0; --type) {  // kTypeSize is non-decreasing
      if (count_[type] == 0) continue;
      const TypeOrientations& orients = t_.orients[player_][type];
      for (int i = 0; i < orients.count; ++i) {
        const Orientation& o = t_.orientations[orients.ids[i]];
        if (!(o.on_board >> s & 1)) continue;
        const u128 piece = o.mask << s;
        if ((piece & area) != piece) continue;
        --count_[type];
        const int size = kTypeSize[type];
        const bool over = Search(area & ~piece, open - size, covered + size, hand - size);
        ++count_[type];
        if (over) return true;
      }
    }
    return Search(area & ~(u128{1} << s), open - 1, covered, hand);  // s stays empty
  }

  const Tables& t_;
  const int player_;
  const int max_nodes_;
  std::array<int, kTypes> count_{};
  int goal_ = 0, best_ = 0, nodes_ = 0;
};

}  // namespace

std::array<int, kTypes> Cathedral::FittingCounts(const Position& p, int player, u128 area) const {
  std::array<int, kTypes> count{};
  for (int type = 0; type < kTypes; ++type) {
    if (p.count(player, type) == 0) continue;
    const TypeOrientations& orients = tables_->orients[player][type];
    bool fits = false;
    for (int i = 0; i < orients.count && !fits; ++i)
      fits = Anchors(orients.ids[i], area, false) != 0;
    count[type] = fits ? p.count(player, type) : 0;
  }
  return count;
}

Cathedral::Coverable Cathedral::MostCoverable(const Position& p, int player, u128 area,
                                              int max_nodes) const {
  // A type that fits nowhere in the area is dead: not counted.
  return PackInto(player, area, FittingCounts(p, player, area), max_nodes);
}

Cathedral::Coverable Cathedral::PackInto(int player, u128 area,
                                         const std::array<int, kTypes>& count,
                                         int max_nodes) const {
  return Packer(*tables_, player, max_nodes).Solve(area, count);
}

}  // namespace tav::cathedral
