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
// the union of the squares of every placement X could make now. Whether X
// can ever claim or capture something is decided on N_X, the squares X never
// covers (neither X's buildings nor F_X): a component K of N_X (8-connected)
// that holds at least two enemy buildings lies, whatever X builds, inside one
// region of X's complement, with those two pieces; so X never claims a square
// of K nor captures a building there. (Only two *buildings* count: the
// opponent could capture the Cathedral.) Call such components safe from X.
//
// That holds while X builds only inside F_X and the regions it claims, and
// its hand never grows. So first the buildings "at risk": a building of X
// outside every component safe from the opponent O could be captured, and
// then its type is back in X's hand. Growing each hand by its buildings at
// risk, the footprints by the grown hands, and the risks by the footprints
// again, to a fixed point (GrowHands), gives footprints F_X and components
// safe from X that hold whatever happens, by induction over the moves:
//   - a region X claims is a component of its complement then; if it met a
//     safe component K it would hold all of K (X never covered K so far) and
//     with it two enemy buildings, so it is no claim; so X never claims K;
//   - a building X places later either lies in its free squares now, so
//     inside F_X (its type is in the grown hand), or touches a region X has
//     claimed, and then lies inside that region (its cells next to the region
//     are not X's buildings, so they are in the region): never in K either;
//   - X's buildings in K are never captured, so X's hand grows only by its
//     buildings at risk (a building placed later and captured goes back to
//     the hand it came from).
// Hence for each X:
//   - X never covers more than C(M_X), the most squares the grown hand covers
//     inside M_X = F_X, plus, where X could own squares it cannot build on now
//     (a component unsafe from X holding the Cathedral or the opponent's
//     buildings or territory, or X's own buildings at risk, which X could
//     lose and win back), those components and buildings (packing.cc);
//   - X can always cover C(P_X), P_X the squares of X's footprint (of the hand
//     now) in components safe from the opponent: the opponent never covers
//     nor claims them, so X can place that packing one building per turn,
//     whenever X likes, and a player who must place has a legal move; those
//     buildings are never captured (they lie in such a component);
//   - X's unplaced squares at the end are at least (hand - C(M_X)) and at
//     most (hand + at-risk squares - C(P_X)): captured buildings go back to
//     the hand, and only those at risk now add to it for good.
// With value = opp unplaced - own,
//   (h_opp - C(M_opp)) - (h_me + r_me - C(P_me)) <= value
//                                 <= (h_opp + r_opp - C(P_opp)) - (h_me - C(M_me)),
// each side the value of one player's strategy against all play of the
// other. Where nothing is at risk and nothing can be claimed, M_X = F_X and
// r = 0; where the footprints are also apart and each lies in safe squares,
// P_X = F_X and the bounds meet: the endgame is two one-player puzzles, and
// its exact value costs two packing searches instead of the two-player tree
// over every interleaving of them. (This is the old "separated endgame",
// every empty square someone's territory, and far more: on 7x7 solves it
// halves the nodes.) Before 2026-12-06 the bounds applied only where nothing
// was at risk and nothing could be claimed; in open 10x10 endgames that ruled
// out three nodes in four, almost always for a building the opponent's
// footprint cuts off from its neighbours. Both first buildings must be down
// (rule 4 treats a first building differently), and a packing search past
// its budget gives a range, which only widens the bounds.
//
// One building more (Step 3b, or Step 6 for a search node). X's sure packing
// leaves out the contested squares, which both footprints cover. Yet X is
// sure of one building there too, beside the packing, where it has a
// placement q of a type B in hand with
//   - q on X's free squares and outside P_X (the packing keeps its squares);
//   - q touching (8-neighbours) a component K safe from the opponent O: K
//     holds two of X's buildings and O never covers K, so every region of
//     O's complement that meets q meets K: O never claims a square of q, and
//     B, once on q, shares a region with K and is never captured;
//   - if O moves first, a second such placement q' of the same type with no
//     square of O's footprint within two (Chebyshev) of such a square of q:
//     every building fits in 3x3, so O's one move covers a square of q or of
//     q' but not of both, and nothing else takes q away (claims cannot).
// X then places B on the q left at its first turn (a player with a legal
// move must move) and the sure packing afterwards, with the hand less B:
//   X covers at least max(C(P_X), |B| + C'(P_X)), C' for the hand less B.
// The opponent's side is unchanged: C(M_O) is the most O covers whatever X
// does. It is worth a few points where the bounds miss by a few (about a
// tenth fewer nodes in 10x10 endgames 9-10 plies from the end); it is not a
// split of the contested squares, which needs the game itself.
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

namespace {

// Per type, how many whole buildings stand on `squares`.
std::array<int, kTypes> BuildingsOn(const Position& p, u128 squares) {
  std::array<int, kTypes> count{};
  if (squares == 0) return count;
  for (int type = 0; type < kTypes; ++type) {
    u128 of_type = squares;
    for (int i = 0; i < 4; ++i) of_type &= (type >> i & 1) ? p.type_bits[i] : ~p.type_bits[i];
    count[type] = PopCount(of_type) / kTypeSize[type];
  }
  return count;
}

}  // namespace

// Step 1 of FootprintBounds: the buildings at risk and the footprints of the
// hands grown by them, a fixed point (a bigger footprint leaves fewer
// buildings safe); two or three rounds.
struct Cathedral::Grown {
  std::array<int, kTypes> hand[2];  // in hand now plus the buildings at risk
  u128 footprint[2] = {0, 0};       // of the grown hand, on the free squares now
  u128 never[2] = {0, 0};           // neither X's buildings nor its footprint
  u128 safe_from[2] = {0, 0};       // the components of never[X] safe from X
  u128 at_risk[2] = {0, 0};         // buildings outside every component safe from the other
};

Cathedral::Grown Cathedral::GrowHands(const Position& p) const {
  const Tables& t = *tables_;
  Grown g;
  bool stale[2] = {true, true};  // footprint to (re)compute
  for (;;) {
    for (int x = 0; x < 2; ++x) {
      if (!stale[x]) continue;
      const std::array<int, kTypes> back = BuildingsOn(p, g.at_risk[x]);
      for (int type = 0; type < kTypes; ++type) g.hand[x][type] = p.count(x, type) + back[type];
      std::array<int, kTypes> fitting;
      g.footprint[x] = CoveredSquares(t, x, g.hand[x], Free(p, x), &fitting);
      g.never[x] = t.board & ~p.buildings[x] & ~g.footprint[x];
      g.safe_from[x] = SafeFrom(p, x, g.footprint[x], g.never[x]);
    }
    for (int x = 0; x < 2; ++x) {
      const u128 risk = p.buildings[x] & ~g.safe_from[x ^ 1];
      stale[x] = risk != g.at_risk[x];
      g.at_risk[x] = risk;
    }
    if (!stale[0] && !stale[1]) return g;
  }
}

// Step 2 of FootprintBounds: for each X, M_X, where X may ever build (its
// grown footprint, and where it may come to own squares: the components it
// might claim and its buildings at risk), with the types of the grown hand
// that fit there; and P_X, X's footprint now inside the components safe
// from the opponent.
struct Cathedral::PackingAreas {
  u128 most[2] = {0, 0};
  std::array<int, kTypes> most_fit[2];
  u128 sure[2] = {0, 0};
};

Cathedral::PackingAreas Cathedral::AreasOf(const Position& p, const Grown& g) const {
  const Tables& t = *tables_;
  PackingAreas a;
  for (int x = 0; x < 2; ++x) {
    const int o = x ^ 1;
    // X owns squares beyond its free squares now only by claiming a
    // component unsafe from it that holds the Cathedral or the opponent's
    // buildings or territory, or by winning back its own buildings at risk.
    const u128 unsafe = g.never[x] & ~g.safe_from[x];
    const u128 sources = p.cathedral | p.buildings[o] | p.territory[o];
    u128 area = g.footprint[x];
    if (g.at_risk[x] != 0 || (unsafe & sources) != 0) area |= unsafe | g.at_risk[x];
    a.most[x] = CoveredSquares(t, x, g.hand[x], area, &a.most_fit[x]);
    // The footprint of the hand now: the grown one where nothing is at risk.
    std::array<int, kTypes> fitting;
    const u128 own = g.at_risk[x] == 0 ? g.footprint[x] : Footprint(p, x, &fitting);
    a.sure[x] = own & g.safe_from[o];
  }
  return a;
}

std::optional<std::pair<int, int>> Cathedral::FootprintBounds(const Position& p, int alpha,
                                                              int beta, bool lazy) const {
  if (p.first_placed != 3) return std::nullopt;
  // Steps 1 and 2. The buildings at risk, the grown hands, the areas.
  const Grown g = GrowHands(p);
  const PackingAreas area = AreasOf(p, g);
  // Step 3. C(P_X), what X surely covers. The budget keeps a pathological
  // area (a hand that almost, but not quite, fits a large area: packing.cc)
  // from stalling a search node.
  constexpr int kMaxPackingNodes = 2000;
  Coverable most[2], sure[2];
  for (int x = 0; x < 2; ++x) {
    if (area.sure[x] != 0) sure[x] = MostCoverable(p, x, area.sure[x], kMaxPackingNodes);
    // Step 3b. One building more, on contested squares, where it is sure;
    // a lazy caller asks in Step 6, only where it could make a cut.
    if (!lazy) sure[x].low = SureWithOneMore(p, g, area, x, sure[x], kMaxPackingNodes);
  }
  const int me = p.to_move, opponent = me ^ 1;
  const int hand_me = p.hand_squares[me], hand_opp = p.hand_squares[opponent];
  const int risk_me = PopCount(g.at_risk[me]), risk_opp = PopCount(g.at_risk[opponent]);
  // Step 4. C(M_X), the most X could cover. A lazy caller (a search node)
  // needs it only as far as a cut: lower >= beta needs C(M_opp) <= cap[opp]
  // and upper <= alpha needs C(M_me) <= cap[me]; the packing stops once a
  // packing beats the cap, or once none can. Where no cut is possible, or
  // the count of squares the hand could fill is within the cap already (a
  // fifth of the questions, in one 10x10 solve), the count does.
  int cap[2];
  const auto set_caps = [&] {
    cap[opponent] = hand_opp - (hand_me + risk_me - sure[me].low) - beta;
    cap[me] = alpha - (hand_opp + risk_opp - sure[opponent].low) + hand_me;
  };
  const auto pack_most = [&](int x) {
    if (!lazy) {
      most[x] = PackInto(x, area.most[x], area.most_fit[x], kMaxPackingNodes);
      return;
    }
    int fitting = 0;
    for (int type = 0; type < kTypes; ++type) fitting += area.most_fit[x][type] * kTypeSize[type];
    const int count = std::min(fitting, PopCount(area.most[x]));
    if (cap[x] >= 0 && count > cap[x]) {
      most[x] = PackInto(x, area.most[x], area.most_fit[x], kMaxPackingNodes, cap[x] + 1);
    } else {  // the count decides: no cut is possible, or it is sure
      most[x] = {0, count};
    }
  };
  set_caps();
  for (int x = 0; x < 2; ++x) pack_most(x);
  // Step 5. Each bound is one player's packing against the other's best.
  const auto bounds = [&] {
    return std::pair{(hand_opp - most[opponent].high) - (hand_me + risk_me - sure[me].low),
                     (hand_opp + risk_opp - sure[opponent].low) - (hand_me - most[me].high)};
  };
  if (!lazy) return bounds();
  // Step 6. Where one building more (at most the biggest, 5 squares) for
  // the side whose sure packing it raises could make a cut, ask for it; the
  // other side's packing, asked with a cap that now grew, is asked again if
  // it came back above the old cap but may lie within the new one.
  for (const int x : {me, opponent}) {
    const auto [lower, upper] = bounds();
    const bool could_cut =
        x == me ? lower < beta && lower + 5 >= beta : upper > alpha && upper - 5 <= alpha;
    if (!could_cut) continue;
    const int more = SureWithOneMore(p, g, area, x, sure[x], kMaxPackingNodes);
    if (more == sure[x].low) continue;
    sure[x].low = more;
    set_caps();
    const int y = x ^ 1;
    if (most[y].high > cap[y] && most[y].low <= cap[y]) pack_most(y);
  }
  return bounds();
}

namespace {

// `x` and the squares next to it (8-neighbours), on the board.
u128 Dilate8(u128 x, const Tables& t) {
  const u128 row = x | x << 1 | x >> 1;
  return (row | row << t.stride | row >> t.stride) & t.board;
}

}  // namespace

bool Cathedral::HasSurvivingPlacement(int x, int type, u128 candidates, u128 touching, u128 reach,
                                      bool moves_now) const {
  const Tables& t = *tables_;
  constexpr int kMaxKept = 32;      // placements compared pairwise; more are only skipped
  std::array<u128, kMaxKept> zone;  // per placement kept: squares within two of its reachable ones
  int kept = 0;
  const TypeOrientations& orients = t.orients[x][type];
  for (int i = 0; i < orients.count; ++i) {
    const Orientation& o = t.orientations[orients.ids[i]];
    for (const int anchor : SetBits128(Anchors(orients.ids[i], candidates, false))) {
      const u128 squares = o.mask << anchor;
      if ((squares & touching) == 0) continue;
      if (moves_now) return true;
      const u128 hit = squares & reach;  // what the opponent's next building could cover
      if (hit == 0) return true;
      for (int k = 0; k < kept; ++k) {
        if ((hit & zone[k]) == 0) return true;  // 3 or more apart: no building covers both
      }
      if (kept < kMaxKept) zone[kept++] = Dilate8(Dilate8(hit, t), t);
    }
  }
  return false;
}

Cathedral::ContestedSquares Cathedral::ContestOf(const Position& p, const Grown& g,
                                                 const PackingAreas& area, int x) const {
  return {Free(p, x) & ~area.sure[x], g.safe_from[x ^ 1], g.footprint[x ^ 1]};
}

Cathedral::ContestedSquares Cathedral::ContestedSquaresOf(const Position& p, int x) const {
  const Grown g = GrowHands(p);
  return ContestOf(p, g, AreasOf(p, g), x);
}

int Cathedral::SureWithOneMore(const Position& p, const Grown& g, const PackingAreas& area, int x,
                               Coverable sure, int max_nodes) const {
  const ContestedSquares contest = ContestOf(p, g, area, x);
  const u128 touching = Dilate8(contest.safe, *tables_);
  if ((contest.candidates & touching) == 0) return sure.low;
  int best = sure.low;
  for (int type = kTypes - 1; type >= 0; --type) {  // the biggest first (kTypeSize ascends)
    if (p.count(x, type) == 0 || kTypeSize[type] + sure.high <= best) continue;
    if (!HasSurvivingPlacement(x, type, contest.candidates, touching, contest.reach,
                               p.to_move == x)) {
      continue;
    }
    int packed = 0;  // what the hand without this building surely covers
    if (area.sure[x] != 0) {
      std::array<int, kTypes> rest = FittingCounts(p, x, area.sure[x]);
      if (rest[type] > 0) --rest[type];
      // Mostly the hand has a building to spare: asked only whether the
      // packing still reaches sure.low, it stops at the first that does.
      packed = PackInto(x, area.sure[x], rest, max_nodes, sure.low).low;
    }
    best = std::max(best, kTypeSize[type] + packed);
  }
  return best;
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
  return value_bounds(p, -kMaxValue - 1, kMaxValue + 1, /*lazy=*/false);
}

std::pair<int, int> Cathedral::value_bounds(const Position& p, int alpha, int beta) const {
  return value_bounds(p, alpha, beta, /*lazy=*/true);
}

std::pair<int, int> Cathedral::value_bounds(const Position& p, int alpha, int beta,
                                            bool lazy) const {
  if (p.cathedral_state == kCathedralInHand) return {-kMaxValue, kMaxValue};
  const std::optional<std::pair<int, int>> by_footprint = FootprintBounds(p, alpha, beta, lazy);
  if (by_footprint && by_footprint->first == by_footprint->second) return *by_footprint;
  return Intersect(reach_bounds(p), by_footprint);  // exact above: no need of the reach bounds
}

std::pair<int, int> Cathedral::Tightened(const Position& p, std::pair<int, int> reach) const {
  if (p.cathedral_state == kCathedralInHand) return reach;
  return Intersect(reach, FootprintBounds(p, -kMaxValue - 1, kMaxValue + 1, /*lazy=*/false));
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
