// The most squares one player can still cover inside a set of squares that
// nobody else can change: the one-player puzzle an endgame splits into where
// the players' footprints are apart (bounds.cc, FootprintBounds).
//
// Method. First what needs no search:
//   - the Taverns (monominoes) fit on any square left open, so they are
//     counted last: the answer is min(P + Taverns, squares), P the most the
//     other buildings cover, and only those are searched;
//   - squares where no building in hand fits are left out.
// Then two searches. Where the area has room to spare, the hand usually fits
// whole, and a search by building finds such a packing in a few steps: the
// biggest building first, at each place it fits, then the next in what is
// left (PlaceEverything). Otherwise, or if that finds none within a quarter
// of the budget, a search over the area's 4-connected components, which
// share only the hand: Best(c, hand), the most the hand covers in components
// c.., memoised on (c, hand). Inside a big component, a depth-first search
// over its lowest square still open: that square is either covered by a
// building whose lowest cell it is (every square below it is decided, so no
// other cell of that building can be the lowest) or given up for good; so
// each packing is generated exactly once. Larger buildings are tried first,
// and a branch is cut when even covering min(squares in hand, squares open)
// more could not beat the best found; a square left with no open neighbour
// is given up at once (the Taverns being counted apart, no building covers
// it), and where the hand outweighs the squares open, only the sums of its
// buildings' sizes count (buildings of 4 and 5 never fill 7 squares). A
// small component (12 squares at most) has the hands of all its packings
// listed once instead, so each hand that reaches it costs one pass over the
// list. The search stops at once on a packing that reaches the root's bound
// (everything placed, or the area full). Late endgames' footprints are many
// small pockets, where the search by square alone re-searched every pocket
// for every packing of the pockets before it (in one 10x10 solve 9 plies
// from the end, two thirds of the time went to packings; a third of those
// ran past the budget).
//
// A search node asks only whether a packing reaches `enough` (the one that
// would deny its cut). Then the same search by square follows only partial
// packings that can still reach it (Reach), instead of finding the best: a
// "no" costs the proof that nothing reaches it, not the search for the best
// packing below it, and the memo keeps, per (component, hand), the least
// amount proven out of reach. The answer is then a range whose top is
// `enough` - 1. In a 10x10 solve 9 plies from the end this cut the packing
// steps by 60% and the CPU by half; most questions past the budget had been
// a "no" that took 5,000 steps to prove.
//
// Exponential in the worst case (a hand that almost but not quite fits a big
// area), so it counts nodes and stops past a budget with a range instead of
// the answer: the best packing found (a lower bound) and the root bound (an
// upper one). Both are exact bounds, never a guess. Results are cached per
// thread (PackingCache below).
#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <vector>

#include "core/hash.h"

#include "games/cathedral/cathedral.h"

namespace tav::cathedral {
namespace {

// The squares next to one of `x` across an edge (the board's padding column
// keeps the shifts from joining rows).
u128 Neighbours4(u128 x, int stride) { return x << 1 | x >> 1 | x << stride | x >> stride; }

// Squares 4-connected to `seed` within `area` (buildings are polyominoes: no
// building crosses from one such component to another).
u128 Fill4(u128 seed, u128 area, int stride) {
  u128 x = seed;
  for (;;) {
    const u128 y = (x | Neighbours4(x, stride)) & area;
    if (y == x) return x;
    x = y;
  }
}

// A hand as one word: kHandBits per type, a count up to 15 and a guard bit
// above it, so that whether one hand holds another is one subtraction.
constexpr int kHandBits = 5;
constexpr std::uint64_t kHandMask = 15;
constexpr std::uint64_t Unit(int type) { return std::uint64_t{1} << (kHandBits * type); }
constexpr std::uint64_t kGuards = [] {
  std::uint64_t g = 0;
  for (int type = 0; type < kTypes; ++type) g |= Unit(type) << 4;
  return g;
}();

class Packer {
 public:
  // `enough`: a caller that asks only whether the answer reaches `enough`
  // gets a range as soon as a packing does.
  Packer(const Tables& tables, int player, int max_nodes, int enough = INT_MAX)
      : t_(tables), player_(player), max_nodes_(max_nodes), enough_(enough) {}

  // The most squares coverable in `area` by the buildings counted in
  // `count` (per type, types that fit nowhere in `area` already zero), or,
  // past the node budget, the range it lies in.
  Cathedral::Coverable Solve(u128 area, const std::array<int, kTypes>& count) {
    // The Taverns (monominoes) fit on any square left open, so they are
    // placed last, in thought: the answer is min(P + taverns, squares), P
    // the most the other buildings cover, and only those are searched.
    const int taverns = count[kV], squares = PopCount(area);
    count_ = count;
    count_[kV] = 0;
    int hand = 0;
    for (int type = 0; type < kTypes; ++type) {
      hand += count_[type] * kTypeSize[type];
      hand_words_ = hand_words_ && count_[type] <= static_cast<int>(kHandMask);
      hand_ += static_cast<std::uint64_t>(count_[type]) << (kHandBits * type);
    }
    std::array<int, kTypes> fitting;
    area = CoveredSquares(t_, player_, count_, area, &fitting);  // the squares some building fits
    const int open = PopCount(area);
    const int most = std::min(hand, open);  // P <= most
    // P reaching goal_ makes the answer as big as it can be.
    const int goal = std::min(most, std::max(0, squares - taverns));
    goal_ = enough_ == INT_MAX ? goal : std::min(goal, std::max(0, enough_ - taverns));
    if (hand < open && PlaceEverything(area)) best_ = goal;
    bool out_of_reach = false;  // proven: no packing reaches goal_
    if (best_ < goal_) {
      SplitIntoComponents(area);
      if (enough_ == INT_MAX) {
        Best(0, hand, 0);
      } else {
        out_of_reach = !Enter(0, hand, 0) && nodes_ <= max_nodes_;
      }
    }
    const int low = std::min(best_ + taverns, squares);
    if (out_of_reach) return {low, std::min(goal_ - 1 + taverns, squares)};
    if ((nodes_ > max_nodes_ || best_ >= goal_) && best_ < goal) {  // stopped short
      return {low, std::min(most + taverns, squares)};
    }
    return {low, low};
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

  // The area's 4-connected components: the big ones first, by lowest
  // square, for the search by square; then the small ones, each with its
  // packings listed (ListPackings) unless it has too many. open_from_[c]:
  // the squares of components c.. .
  void SplitIntoComponents(u128 area) {
    components_ = 0;
    std::array<u128, kMaxComponents> small;
    int smalls = 0;
    for (u128 todo = area; todo != 0;) {
      const u128 component = Fill4(todo & -todo, todo, t_.stride);
      todo &= ~component;
      if (hand_words_ && list_small_ && PopCount(component) <= kListedMaxSquares) {
        small[smalls++] = component;
      } else {
        component_[components_++] = component;
      }
    }
    first_listed_ = components_;
    if (smalls + components_ > 1) {
      Listings().clear();
      for (int k = 0; k < smalls; ++k) {
        const int c = components_++;
        component_[c] = small[k];
        listed_[c] = ListPackings(small[k]);
      }
    } else if (smalls == 1) {
      component_[components_++] = small[0];  // alone: searched, not listed
    }
    open_from_[components_] = 0;
    for (int c = components_ - 1; c >= 0; --c) {
      open_from_[c] = open_from_[c + 1] + PopCount(component_[c]);
    }
  }

  // Where a component's packings are listed in Listings(): each packing's
  // buildings (a hand word) and squares, one entry per distinct hand used.
  struct Listed {
    int begin = 0, end = 0;
    bool listed = false;
  };

  // Lists the hands of every packing of `component` by the buildings in
  // count_, most squares first; not listed if there are more than
  // kMaxListed or the budget runs out.
  Listed ListPackings(u128 component) {
    std::vector<Packing>& all = Listings();
    Listed l{static_cast<int>(all.size()), 0, true};
    if (!ListFrom(component, 0, 0, l.begin)) {
      all.resize(l.begin);
      return {};
    }
    l.end = static_cast<int>(all.size());
    std::sort(all.begin() + l.begin, all.begin() + l.end,
              [](const Packing& a, const Packing& b) { return a.squares > b.squares; });
    return l;
  }

  // ListPackings below one partial packing (`used` its buildings); false
  // if the list overflows or the budget runs out.
  bool ListFrom(u128 area, std::uint64_t used, int squares, int begin) {
    if (++nodes_ > max_nodes_) return false;
    if (area == 0) {
      std::vector<Packing>& all = Listings();
      for (int k = begin; k < static_cast<int>(all.size()); ++k) {
        if (all[k].hand == used) return true;
      }
      if (static_cast<int>(all.size()) - begin == kMaxListed) return false;
      all.push_back({used, squares});
      return true;
    }
    const int s = LowestBit(area);
    const bool listed = ForEachBuildingAt(
        s, area,
        [&](int type) {
          return count_[type] > static_cast<int>(used >> (kHandBits * type) & kHandMask);
        },
        [&](int type, u128 piece) {
          return ListFrom(area & ~piece, used + Unit(type), squares + kTypeSize[type], begin);
        });
    return listed && ListFrom(area & ~(u128{1} << s), used, squares, begin);  // s stays empty
  }

  // Calls f(type, building) for each building of a type with left(type) whose
  // lowest cell is s and which lies inside `area`, the biggest types first,
  // until f returns false; returns false if it did.
  template <class Left, class F>
  bool ForEachBuildingAt(int s, u128 area, Left left, F f) const {
    for (int type = kTypes - 1; type >= 0; --type) {  // kTypeSize is non-decreasing
      if (!left(type)) continue;
      const TypeOrientations& orients = t_.orients[player_][type];
      for (int i = 0; i < orients.count; ++i) {
        const Orientation& o = t_.orientations[orients.ids[i]];
        if (!(o.on_board >> s & 1)) continue;
        const u128 building = o.mask << s;
        if ((building & area) != building) continue;
        if (!f(type, building)) return false;
      }
    }
    return true;
  }

  bool Over() const { return best_ >= goal_ || nodes_ > max_nodes_; }

  // The most squares the hand in count_ and hand_ (`hand` squares) covers in
  // components c.. (exact unless the search is Over()); `before`, the
  // squares covered in the components before c on the way here, raises
  // best_ with each whole packing found. Memoised on (c, hand): the
  // components share only the hand, so a component's packings are searched
  // once per hand that reaches it, not once per packing of those before it.
  int Best(int c, int hand, int before) {
    if (c == components_ || hand == 0) return 0;
    MemoEntry* slot = nullptr;
    const std::uint64_t key = hand_ << 6 | static_cast<unsigned>(c);
    if (components_ > 1 && hand_words_) {
      slot = &Memo(key);
      if (slot->key == key && slot->solve == solve_id_) return slot->value;
    }
    int best = 0;
    if (c >= first_listed_ && listed_[c].listed) {
      best = BestOfListed(c, hand, before);
    } else {
      Fill(component_[c], PopCount(component_[c]), 0, c, hand, before, &best);
    }
    if (slot != nullptr && !Over()) *slot = {key, solve_id_, best};
    return best;
  }

  // Best() for a component with its packings listed: each that the hand
  // holds, and what the hand left covers after.
  int BestOfListed(int c, int hand, int before) {
    int best = 0;
    const std::vector<Packing>& all = Listings();
    for (int k = listed_[c].begin; k < listed_[c].end && !Over(); ++k) {
      const Packing& p = all[k];
      if (!Holds(hand_, p.hand)) continue;
      if (p.squares + std::min(hand - p.squares, open_from_[c + 1]) <= best) break;  // sorted
      ++nodes_;
      hand_ -= p.hand;
      const int total = p.squares + Best(c + 1, hand - p.squares, before + p.squares);
      hand_ += p.hand;
      best = std::max(best, total);
      best_ = std::max(best_, before + total);
    }
    return best;
  }

  // The search by square inside component c (see the top): `area` its
  // squares still undecided (`open` of them), `covered` those it has covered.
  // Raises *best to the most covered here plus Best(c + 1) after.
  void Fill(u128 area, int open, int covered, int c, int hand, int before, int* best) {
    if (Over() || ++nodes_ > max_nodes_) return;
    if (covered + std::min(hand, open + open_from_[c + 1]) <= *best) return;
    GiveUpLonelySquares(&area, &open);
    if (covered + MostToCover(hand, open + open_from_[c + 1]) <= *best) return;
    if (area == 0 || hand == 0) {
      const int total = covered + Best(c + 1, hand, before + covered);
      if (total > *best) *best = total;
      best_ = std::max(best_, before + total);
      return;
    }
    const int s = LowestBit(area);
    const bool go_on = ForEachBuildingAt(
        s, area, [&](int type) { return count_[type] > 0; },
        [&](int type, u128 piece) {
          --count_[type];
          hand_ -= Unit(type);
          const int size = kTypeSize[type];
          Fill(area & ~piece, open - size, covered + size, c, hand - size, before, best);
          ++count_[type];
          hand_ += Unit(type);
          return !Over();
        });
    if (!go_on) return;
    Fill(area & ~(u128{1} << s), open - 1, covered, c, hand, before, best);  // s stays empty
  }

  // The search for a question with `enough` (see the top): true if some
  // packing of components c.. brings `total`, the squares covered so far, to
  // goal_; `area` the squares of c still undecided, `open` of them. False
  // also if the budget ran out (the caller tells the two apart by nodes_).
  bool Reach(int c, u128 area, int open, int hand, int total) {
    if (++nodes_ > max_nodes_) return false;
    if (total > best_) best_ = total;
    if (total >= goal_) return true;
    GiveUpLonelySquares(&area, &open);
    if (total + MostToCover(hand, open + open_from_[c + 1]) < goal_) return false;
    if (area == 0) return Enter(c + 1, hand, total);
    const int s = LowestBit(area);
    bool found = false;
    ForEachBuildingAt(
        s, area, [&](int type) { return count_[type] > 0; },
        [&](int type, u128 piece) {
          --count_[type];
          hand_ -= Unit(type);
          const int size = kTypeSize[type];
          found = Reach(c, area & ~piece, open - size, hand - size, total + size);
          ++count_[type];
          hand_ += Unit(type);
          return !found && nodes_ <= max_nodes_;
        });
    if (found || nodes_ > max_nodes_) return found;
    return Reach(c, area & ~(u128{1} << s), open - 1, hand, total);  // s stays empty
  }

  // Reach() from the start of component c. The memo (shared with Best(),
  // whose packers never ask with `enough`) holds the fewest squares the hand
  // was proven unable to cover in components c.. .
  bool Enter(int c, int hand, int total) {
    if (c == components_ || hand == 0) return false;
    const int need = goal_ - total;
    MemoEntry* slot = nullptr;
    const std::uint64_t key = hand_ << 6 | static_cast<unsigned>(c);
    bool known = false;
    if (hand_words_) {
      slot = &Memo(key);
      known = slot->key == key && slot->solve == solve_id_;
      if (known && slot->value <= need) return false;
    }
    const bool found = Reach(c, component_[c], PopCount(component_[c]), hand, total);
    if (!found && slot != nullptr && nodes_ <= max_nodes_) {
      *slot = {key, solve_id_, known ? std::min(slot->value, need) : need};
    }
    return found;
  }

  // Takes out of *area (*open squares) those with no open neighbour: the
  // Taverns being counted apart, no building covers them any more.
  void GiveUpLonelySquares(u128* area, int* open) const {
    const u128 lonely = *area & ~Neighbours4(*area, t_.stride);
    *area &= ~lonely;
    *open -= PopCount(lonely);
  }

  // The most squares the buildings in count_ (`hand` squares) can still
  // cover in `room` open squares: the whole hand if it fits by count, else
  // the largest sum of their sizes within the room.
  int MostToCover(int hand, int room) const { return hand <= room ? hand : MostOfHandWithin(room); }

  // The most squares some of the buildings in count_ fill together, at most
  // `room` (the sums of their sizes, a bit set).
  int MostOfHandWithin(int room) const {
    if (room >= 127) return room;
    u128 sums = 1;
    for (int type = 0; type < kTypes; ++type) {
      for (int k = 0; k < count_[type]; ++k) sums |= sums << kTypeSize[type];
    }
    sums &= (u128{2} << room) - 1;  // never 0: the empty sum is in
    return HighestBit(sums);
  }

  static bool Holds(std::uint64_t hand, std::uint64_t part) {
    return (((hand | kGuards) - part) & kGuards) == kGuards;
  }

  struct Packing {
    std::uint64_t hand = 0;  // its buildings
    int squares = 0;
  };
  static std::vector<Packing>& Listings() {
    thread_local std::vector<Packing> all;
    return all;
  }

  // Best()'s memo: per thread, direct-mapped, its entries valid for one
  // Solve() only (solve_id_), so that no Solve() clears it.
  struct MemoEntry {
    std::uint64_t key = 0, solve = 0;
    int value = 0;
  };
  static MemoEntry& Memo(std::uint64_t key) {
    thread_local std::vector<MemoEntry> entries(1024);
    return entries[Mix64(key) & (entries.size() - 1)];
  }
  static std::uint64_t NextSolveId() {
    thread_local std::uint64_t id = 0;
    return ++id;
  }

  const Tables& t_;
  const int player_;
  const int max_nodes_;
  const int enough_;
  // A question with `enough` mostly ends on an early packing: listing every
  // small component's packings first would cost more than it saves.
  const bool list_small_ = enough_ == INT_MAX;
  const std::uint64_t solve_id_ = NextSolveId();
  std::array<int, kTypes> count_{};
  int goal_ = 0, best_ = 0, nodes_ = 0;
  bool hand_words_ = true;  // every count fits a hand word (else no memo, no listing)
  std::uint64_t hand_ = 0;  // count_ as a hand word
  // The area's components: at most one per two squares of a board (10x10 at most).
  static constexpr int kMaxComponents = 64;
  // Components of up to this many squares have their packings listed, unless
  // they have more than kMaxListed.
  static constexpr int kListedMaxSquares = 12, kMaxListed = 64;
  std::array<u128, kMaxComponents> component_;
  std::array<int, kMaxComponents + 1> open_from_;
  std::array<Listed, kMaxComponents> listed_;
  int components_ = 0, first_listed_ = 0;
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
// what the packer would, or, for a question with `enough`, a range that
// answers it as well (a packing that reaches it, or a top below it): the
// bounds stay exact bounds, and a thread's results depend only on its own
// questions. Per thread: no locks, and the game object stays shareable.
// Trade-off: 8192 entries of 48 bytes (384 KiB) a thread, a size picked to
// stay in the core's cache, not tuned.
struct PackingCache {
  struct Entry {
    u128 area = 0;
    std::uint64_t tag = ~std::uint64_t{0};  // no key has all bits set
    int max_nodes = 0;
    int enough = INT_MAX;
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
                                              int max_nodes, int enough) const {
  // A type that fits nowhere in the area is dead: not counted.
  return PackInto(player, area, FittingCounts(p, player, area), max_nodes, enough);
}

Cathedral::Coverable Cathedral::PackInto(int player, u128 area,
                                         const std::array<int, kTypes>& count, int max_nodes,
                                         int enough) const {
  // The key: everything the packing depends on. The tables are those of the
  // board size (one per size for the program's life: tables.cc), the player
  // picks the chiral pieces' orientations, four bits hold each count.
  std::uint64_t tag = static_cast<std::uint64_t>(tables_->n) << 1 | static_cast<unsigned>(player);
  for (int type = 0; type < kTypes; ++type) {
    if (count[type] > 15) return Packer(*tables_, player, max_nodes, enough).Solve(area, count);
    tag = tag << 4 | static_cast<unsigned>(count[type]);
  }
  PackingCache::Entry& e = PackingCache::Slot(area, tag);
  if (e.area == area && e.tag == tag && e.max_nodes == max_nodes &&
      (e.enough == enough || e.result.low == e.result.high || e.result.low >= enough ||
       (enough != INT_MAX && e.result.high < enough))) {
    return e.result;
  }
  const Coverable result = Packer(*tables_, player, max_nodes, enough).Solve(area, count);
  e = {area, tag, max_nodes, enough, result};
  return result;
}

}  // namespace tav::cathedral
