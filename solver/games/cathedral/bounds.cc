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
// Footprints: bounds that meet in many endgames. Call F_X, X's footprint,
// the union of the squares of every placement X could make now. X's
// placements from now on lie inside F_X as long as X's hand and free squares
// never grow, that is, as long as X captures nothing and never claims a
// square of the opponent's territory or the Cathedral's. Whether X can ever
// claim or capture something is decided on N_X, the squares X never covers
// (neither X's buildings nor F_X): a component K of N_X that holds at least
// two enemy buildings lies, whatever X builds, inside one region of X's
// complement, with those two pieces; so X never claims a square of K nor
// captures a building there. (Only two *buildings* count: the opponent could
// capture the Cathedral.) Call such squares safe from X. When
//   (a) each player's buildings and territory, and the Cathedral, are safe
//       from the other player (nothing can be captured, no hand grows, no
//       territory or Cathedral square changes hands), then for each X:
//   - X never covers more than C(F_X), the most squares X's hand can cover
//     inside F_X (packing.cc), whatever anyone plays;
//   - X can always cover C(P_X), P_X the squares of F_X that are outside the
//     opponent's footprint and safe from the opponent: the opponent never
//     covers nor claims them, so X can place that packing one building per
//     turn, whenever X likes, and a player who must place has a legal move.
// Hence, with unplaced = hand - covered and value = opp unplaced - own,
//   (h_opp - C(F_opp)) - (h_me - C(P_me)) <= value
//                                         <= (h_opp - C(P_opp)) - (h_me - C(F_me)),
// each side the value of one player's strategy against all play of the
// other. Where the footprints are apart and each lies in safe squares, P_X =
// F_X and the bounds meet: the endgame is two one-player puzzles, and its
// exact value costs two packing searches instead of the two-player tree over
// every interleaving of them. (This is the old "separated endgame", every
// empty square someone's territory, and far more: on 7x7 solves it halves the
// nodes.) Both first buildings must be down (rule 4 treats a first building
// differently), and a packing search past its budget gives a range, which only
// widens the bounds.
#include <algorithm>
#include <array>
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
  const std::array<int, kTypes> fitting = FittingCounts(p, player, reach);
  int dead = 0;
  for (int type = 0; type < kTypes; ++type) {
    dead += (p.count(player, type) - fitting[type]) * kTypeSize[type];
  }
  return std::max(dead, p.hand_squares[player] - room);
}

namespace {

// A u128 as two words, shifted by counts below 64 (a piece's cell offsets):
// a u128 shifted by a count known only at run time compiles to selects for
// counts of 64 and more, which this never needs.
struct Words {
  std::uint64_t lo = 0, hi = 0;
  explicit Words(u128 x)
      : lo(static_cast<std::uint64_t>(x)), hi(static_cast<std::uint64_t>(x >> 64)) {}
  Words(std::uint64_t l, std::uint64_t h) : lo(l), hi(h) {}
  Words operator>>(int n) const {
    return n == 0 ? *this : Words{lo >> n | hi << (64 - n), hi >> n};
  }
  Words operator<<(int n) const {
    return n == 0 ? *this : Words{lo << n, hi << n | lo >> (64 - n)};
  }
  Words operator&(Words o) const { return {lo & o.lo, hi & o.hi}; }
  Words& operator&=(Words o) { return *this = *this & o; }
  Words& operator|=(Words o) { return *this = {lo | o.lo, hi | o.hi}; }
  bool empty() const { return (lo | hi) == 0; }
  u128 get() const { return u128{hi} << 64 | lo; }
};

// The same on one word, for boards up to 7x7, which lie in the low word.
struct Word {
  std::uint64_t w = 0;
  explicit Word(u128 x) : w(static_cast<std::uint64_t>(x)) {}
  explicit Word(std::uint64_t x) : w(x) {}
  Word operator>>(int n) const { return Word{w >> n}; }
  Word operator<<(int n) const { return Word{w << n}; }
  Word operator&(Word o) const { return Word{w & o.w}; }
  Word& operator&=(Word o) { return *this = *this & o; }
  Word& operator|=(Word o) { return *this = Word{w | o.w}; }
  bool empty() const { return w == 0; }
  u128 get() const { return w; }
};

// CoveredSquares (below) on either representation.
template <typename W>
u128 FootprintOf(const Tables& t, const std::array<TypeOrientations, kTypes + 1>& orients,
                 const std::array<int, kTypes>& in_hand, u128 free_squares,
                 std::array<int, kTypes>* fitting) {
  const W free(free_squares);
  W footprint(u128{0});
  for (int type = 0; type < kTypes; ++type) {
    (*fitting)[type] = 0;
    if (in_hand[type] == 0) continue;
    for (int i = 0; i < orients[type].count; ++i) {
      const Orientation& o = t.orientations[orients[type].ids[i]];
      W anchors = W(o.on_board) & free;
      for (int c = 1; c < o.cells && !anchors.empty(); ++c) anchors &= free >> o.offsets[c];
      if (anchors.empty()) continue;
      for (int c = 0; c < o.cells; ++c) footprint |= anchors << o.offsets[c];
      (*fitting)[type] = in_hand[type];
    }
  }
  return footprint.get();
}

}  // namespace

u128 CoveredSquares(const Tables& t, int player, const std::array<int, kTypes>& in_hand, u128 free,
                    std::array<int, kTypes>* fitting) {
  if (static_cast<std::uint64_t>(t.board >> 64) == 0) {
    return FootprintOf<Word>(t, t.orients[player], in_hand, free, fitting);
  }
  return FootprintOf<Words>(t, t.orients[player], in_hand, free, fitting);
}

u128 Cathedral::Footprint(const Position& p, int player, std::array<int, kTypes>* fitting) const {
  std::array<int, kTypes> in_hand;
  for (int type = 0; type < kTypes; ++type) in_hand[type] = p.count(player, type);
  return CoveredSquares(*tables_, player, in_hand, Free(p, player), fitting);
}

u128 Cathedral::SafeFrom(const Position& p, int attacker, u128 attacker_footprint,
                         u128 seeds) const {
  const Tables& t = *tables_;
  const u128 never = t.board & ~p.buildings[attacker] & ~attacker_footprint;
  const u128 defenders = p.buildings[attacker ^ 1];
  u128 todo = seeds & never, safe = 0;
  while (todo != 0) {
    const u128 component = Fill8(todo & -todo, never, t.stride);
    todo &= ~component;
    const u128 held = component & defenders;
    if (held != 0 && !IsOneBuilding(p, held)) safe |= component;  // two or more
  }
  return safe;
}

std::optional<std::pair<int, int>> Cathedral::FootprintBounds(const Position& p) const {
  if (p.first_placed != 3) return std::nullopt;
  std::array<int, kTypes> fitting[2];  // per type: the count in hand if it fits anywhere, else 0
  const u128 footprint[2] = {Footprint(p, 0, &fitting[0]), Footprint(p, 1, &fitting[1])};
  u128 own_safe[2];  // P_X
  for (int x = 0; x < 2; ++x) {
    const int attacker = x ^ 1;
    const u128 kept = p.buildings[x] | p.territory[x] | p.cathedral;  // condition (a)
    const u128 own = footprint[x] & ~footprint[attacker];
    const u128 safe = SafeFrom(p, attacker, footprint[attacker], kept | own);
    if ((kept & ~safe) != 0) return std::nullopt;
    own_safe[x] = own & safe;
  }
  // The budget keeps a pathological area (a hand that almost, but not quite,
  // fits a large area: packing.cc) from stalling a search node.
  constexpr int kMaxPackingNodes = 2000;
  Coverable most[2], sure[2];  // C(F_X) and C(P_X)
  for (int x = 0; x < 2; ++x) {
    most[x] = PackInto(x, footprint[x], fitting[x], kMaxPackingNodes);
    sure[x] = own_safe[x] == footprint[x] ? most[x]
              : own_safe[x] == 0          ? Coverable{}
                                          : MostCoverable(p, x, own_safe[x], kMaxPackingNodes);
  }
  const int me = p.to_move, opponent = me ^ 1;
  const int hand_me = p.hand_squares[me], hand_opp = p.hand_squares[opponent];
  return std::pair{(hand_opp - most[opponent].high) - (hand_me - sure[me].low),
                   (hand_opp - sure[opponent].low) - (hand_me - most[me].high)};
}

std::pair<int, int> Cathedral::reach_bounds(const Position& p) const {
  if (p.cathedral_state == kCathedralInHand) return {-kMaxValue, kMaxValue};
  const int me = p.to_move, opponent = me ^ 1;
  const Reach mine = ReachOf(p, me), theirs = ReachOf(p, opponent);
  const u128 avail_me = Free(p, me), avail_opp = Free(p, opponent);
  const int low_me = UnplacedLowerBound(p, me, avail_me | mine.open | theirs.capturable,
                                        PopCount(avail_me) + PopCount(mine.open));
  const int low_opp = UnplacedLowerBound(p, opponent, avail_opp | theirs.open | mine.capturable,
                                         PopCount(avail_opp) + PopCount(theirs.open));
  const int high_me = p.hand_squares[me] + PopCount(theirs.capturable);
  const int high_opp = p.hand_squares[opponent] + PopCount(mine.capturable);
  return {low_opp - high_me, high_opp - low_me};
}

namespace {

// The reach bounds narrowed by the footprint bounds, where there are any.
std::pair<int, int> Intersect(std::pair<int, int> reach,
                              const std::optional<std::pair<int, int>>& by_footprint) {
  if (!by_footprint) return reach;
  return {std::max(reach.first, by_footprint->first), std::min(reach.second, by_footprint->second)};
}

}  // namespace

std::pair<int, int> Cathedral::value_bounds(const Position& p) const {
  if (p.cathedral_state == kCathedralInHand) return {-kMaxValue, kMaxValue};
  const std::optional<std::pair<int, int>> by_footprint = FootprintBounds(p);
  if (by_footprint && by_footprint->first == by_footprint->second) return *by_footprint;
  return Intersect(reach_bounds(p), by_footprint);  // exact above: no need of the reach bounds
}

std::pair<int, int> Cathedral::Tightened(const Position& p, std::pair<int, int> reach) const {
  if (p.cathedral_state == kCathedralInHand) return reach;
  return Intersect(reach, FootprintBounds(p));
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
