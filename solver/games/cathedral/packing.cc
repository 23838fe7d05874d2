// The most squares one player can still cover inside a set of squares that
// nobody else can change: the one-player puzzle an endgame splits into where
// the players' footprints are apart (bounds.cc, FootprintBounds).
//
// Method, in two searches. Where the area has room to spare, the hand
// usually fits whole, and a search by building finds such a packing in a few
// steps: the biggest building first, at each place it fits, then the next in
// what is left (PlaceEverything). Otherwise, or if that finds none within a
// quarter of the budget, a depth-first search over the lowest square of the
// area still open: that square is either covered by a building whose lowest
// cell it is (every square below it is decided, so no other cell of that
// building can be the lowest) or given up for good; so each packing is
// generated exactly once. Larger buildings are tried first, and a branch is
// cut when even covering min(squares in hand, squares open) more could not
// beat the best found; the search stops at once on a packing that reaches
// that bound at the root (everything placed, or the area full). (Alone, the
// search by square took thousands of steps to place a hand that fits where
// the lowest squares are small pockets: it fills them with the small
// buildings first and leaves the big ones no room.)
//
// Exponential in the worst case (a hand that almost but not quite fits a big
// area), so it counts nodes and stops past a budget with a range instead of
// the answer: the best packing found (a lower bound) and the root bound (an
// upper one). Both are exact bounds, never a guess. Results are cached per
// thread (PackingCache below).
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "core/hash.h"

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
    const int open = PopCount(area);
    goal_ = std::min(hand, open);
    if (hand < open && PlaceEverything(area)) return {hand, hand};
    Search(area, open, 0, hand);
    if (nodes_ > max_nodes_ && best_ < goal_) return {best_, goal_};
    return {best_, best_};
  }

 private:
  // The search by building (see the top): true if it places the whole hand
  // within a quarter of the budget; its steps count against the budget either
  // way, and every partial packing it makes raises best_.
  bool PlaceEverything(u128 area) {
    int n = 0;
    for (int type = kTypes - 1; type >= 0; --type) {
      if (n + count_[type] > kMaxPieces) return false;  // a custom hand of that many: skip
      for (int c = 0; c < count_[type]; ++c) pieces_[n++] = type;
    }
    pieces_count_ = n;
    place_budget_ = nodes_ + max_nodes_ / 4;
    return PlaceFrom(area, 0, 0);
  }

  // Places pieces_[i..] in `area`, each copy of a type at a later (orientation,
  // anchor) than the copy before it; true once all are placed.
  bool PlaceFrom(u128 area, int i, int covered) {
    if (covered > best_) best_ = covered;
    if (i == pieces_count_) return true;
    if (++nodes_ > place_budget_) return false;
    const int type = pieces_[i];
    const bool same = i > 0 && pieces_[i - 1] == type;
    const int size = kTypeSize[type];
    const TypeOrientations& orients = t_.orients[player_][type];
    for (int k = same ? last_orient_[i - 1] : 0; k < orients.count; ++k) {
      const Orientation& o = t_.orientations[orients.ids[k]];
      u128 anchors = FittingAnchors(o, o.on_board, area);
      if (same && k == last_orient_[i - 1]) anchors &= ~((u128{2} << last_anchor_[i - 1]) - 1);
      for (; anchors != 0; anchors &= anchors - 1) {
        const int a = LowestBit(anchors);
        last_orient_[i] = k;
        last_anchor_[i] = a;
        if (PlaceFrom(area & ~(o.mask << a), i + 1, covered + size)) return true;
        if (nodes_ > place_budget_) return false;
      }
    }
    return false;
  }

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
  // PlaceEverything's hand, biggest first, and each placed copy's choice.
  static constexpr int kMaxPieces = 64;
  std::array<int, kMaxPieces> pieces_{}, last_orient_{}, last_anchor_{};
  int pieces_count_ = 0, place_budget_ = 0;
};

// The packings a thread has found lately. A search node's footprint packings
// are often its parent's and siblings': a move changes the footprint and hand
// of the player who made it, and may leave the other's alone. A packing past
// its budget costs thousands of steps (in one 10x10 endgame solve 9 plies
// from the end, three quarters of the time went to packings), so each thread
// keeps its last results, direct-mapped by a hash of the key. A hit returns
// exactly what the packer would, so the cache changes no bound, value or
// node count, only the time. Per thread: no locks, and the game object stays
// shareable. Trade-off: 8192 entries of 48 bytes (384 KiB) a thread, a size
// picked to stay in the core's cache, not tuned.
struct PackingCache {
  struct Entry {
    u128 area = 0;
    std::uint64_t tag = ~std::uint64_t{0};  // no key has all bits set
    int max_nodes = 0;
    Cathedral::Coverable result;
  };
  static constexpr std::size_t kEntries = 8192;

  static Entry& Slot(u128 area, std::uint64_t tag) {
    thread_local std::vector<Entry> entries(kEntries);
    const std::uint64_t h = HashCombine(HashCombine(Mix64(tag), static_cast<std::uint64_t>(area)),
                                        static_cast<std::uint64_t>(area >> 64));
    return entries[h & (kEntries - 1)];
  }
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
  // The key: everything the packing depends on. The tables are those of the
  // board size (one per size for the program's life: tables.cc), the player
  // picks the chiral pieces' orientations, four bits hold each count.
  std::uint64_t tag = static_cast<std::uint64_t>(tables_->n) << 1 | static_cast<unsigned>(player);
  for (int type = 0; type < kTypes; ++type) {
    if (count[type] > 15) return Packer(*tables_, player, max_nodes).Solve(area, count);
    tag = tag << 4 | static_cast<unsigned>(count[type]);
  }
  PackingCache::Entry& e = PackingCache::Slot(area, tag);
  if (e.area == area && e.tag == tag && e.max_nodes == max_nodes) return e.result;
  const Coverable result = Packer(*tables_, player, max_nodes).Solve(area, count);
  e = {area, tag, max_nodes, result};
  return result;
}

}  // namespace tav::cathedral
