// The features of a position for a learned evaluation ("cathedral-v1").
//
// What decides the final value (opponent's unplaced squares minus one's own)
// is which pieces each side can still get onto the board. So the features
// measure room: for each side X, the squares X can cover with some piece in
// hand on the next move ("reach"), the part of it the opponent cannot cover
// ("safe": X alone can build there, unless X's own pieces fill it), X's
// territory, the squares in hand of pieces that fit nowhere ("dead") and, per
// size class, of pieces that fit neither in X's territory nor in its safe
// room (they must compete for contested squares), mobility, and the shortfall
// of the handmade evaluation. Global features: contested and neutral
// squares, the admissible reach bounds and the handmade value (bounds.cc), whose
// move it is, the Cathedral's state, first buildings, and the game phase
// (fraction of listed squares still in hand) times the main room features,
// so that room counts more late and tempo more early.
//
// Everything is a count of a rotation-invariant set (popcounts of whole
// boards), so the features are invariant under the four rotations. Cost: one
// pass over the ~35 orientations of each side's hand (their anchors kept for
// the fit tests; the union of their placements only once no one-square piece
// is left, which reaches every free square), a second only for pieces that
// fit somewhere, plus
// reach_bounds' flood fills, which features() hands back to the caller.
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <utility>

#include "games/cathedral/cathedral.h"

namespace tav::cathedral {
namespace {

// The type of the one-square pieces (the Tavern).
constexpr int kSingleType = 0;
static_assert(kTypeSize[kSingleType] == 1);

// Feature indices; names in FeatureNames(), same order.
enum Feature : int {
  kOwn = 0,  // per-side block: own at kOwn + i, opponent's at kOpp + i
  kHand = 0,
  kTerritory,
  kReach,
  kSafe,
  kDead,
  kShortfall,
  kMobility,
  kUnsafe1,  // squares in hand of size-1 pieces that fit in no own room; .. kUnsafe5
  kUnsafe2,
  kUnsafe3,
  kUnsafe4,
  kUnsafe5,
  kSideCount,
};
constexpr int kOpp = kSideCount;
enum GlobalFeature : int {
  kContested = 2 * kSideCount,
  kNeutral,
  kHandmade,
  kLower,
  kUpper,
  kDarkToMove,
  kCathedralInHandFeature,
  kCathedralGoneFeature,
  kOwnFirstPlaced,
  kOppFirstPlaced,
  kPhase,
  kPhaseHand,       // phase x (opponent's hand - own)
  kPhaseSafe,       // phase x (own safe - opponent's safe)
  kPhaseShortfall,  // phase x (opponent's shortfall - own)
  kPhaseHandmade,   // phase x handmade value
  kEnd,
};
static_assert(kEnd == Cathedral::kFeatureCount);

}  // namespace

const std::vector<std::string>& Cathedral::FeatureNames() {
  static const std::vector<std::string> names = [] {
    const char* side[] = {"hand",     "territory", "reach",    "safe",     "dead",     "shortfall",
                          "mobility", "unsafe_1",  "unsafe_2", "unsafe_3", "unsafe_4", "unsafe_5"};
    std::vector<std::string> n;
    for (const char* who : {"own_", "opp_"}) {
      for (const char* s : side) n.push_back(std::string(who) + s);
    }
    for (const char* g :
         {"contested", "neutral", "handmade", "lower_bound", "upper_bound", "dark_to_move",
          "cathedral_in_hand", "cathedral_gone", "own_first_placed", "opp_first_placed", "phase",
          "phase_x_hand", "phase_x_safe", "phase_x_shortfall", "phase_x_handmade"}) {
      n.push_back(g);
    }
    return n;
  }();
  return names;
}

std::optional<std::pair<int, int>> Cathedral::features(const Position& p,
                                                       std::span<float> out) const {
  const Tables& t = *tables_;
  std::fill(out.begin(), out.end(), 0.0f);
  const int me = p.to_move;
  const u128 empty = t.board & ~Occupied(p);
  const u128 neutral = empty & ~p.territory[0] & ~p.territory[1];
  const std::array<u128, 2> free = {Free(p, 0), Free(p, 1)};
  // Step 1. Where every orientation of every piece in hand fits, once per
  // side: the reach (squares some piece could cover next move) and mobility
  // come from these anchors, and so does whether a piece fits at all.
  std::array<std::array<std::array<u128, 4>, kTypes>, 2> anchors{};
  std::array<u128, 2> reach = {0, 0};
  std::array<int, 2> moves = {0, 0};
  for (int x = 0; x < 2; ++x) {
    // A one-square piece in hand fits on every free square, so the reach is
    // the free squares, with no union of the others' placements to take.
    const bool single_in_hand = p.count(x, kSingleType) > 0;
    if (single_in_hand) reach[x] = free[x];
    for (int type = 0; type < kTypes; ++type) {
      if (p.count(x, type) == 0) continue;
      const TypeOrientations& orients = t.orients[x][type];
      for (int i = 0; i < orients.count; ++i) {
        const u128 a = Anchors(orients.ids[i], free[x], false);
        anchors[x][type][i] = a;
        if (a == 0) continue;
        moves[x] += PopCount(a);
        if (single_in_hand) continue;
        const Orientation& o = t.orientations[orients.ids[i]];
        for (int c = 0; c < o.cells; ++c) reach[x] |= a << o.offsets[c];
      }
    }
  }
  const u128 contested = reach[0] & reach[1];
  const int total = std::max(1, 2 * list_squares_);
  const float phase = static_cast<float>(p.hand_squares[0] + p.hand_squares[1]) / total;

  // Step 2. Per side, from the mover's view: room, dead and unsafe pieces.
  std::array<float, 2> safe_of{}, shortfall_of{};
  for (int side = 0; side < 2; ++side) {
    const int x = side == 0 ? me : me ^ 1;
    float* f = out.data() + (side == 0 ? kOwn : kOpp);
    const u128 safe = reach[x] & ~reach[x ^ 1] & ~p.territory[x];
    const u128 room = p.territory[x] | safe;
    for (int type = 0; type < kTypes; ++type) {
      const int count = p.count(x, type);
      if (count == 0) continue;
      bool fits_anywhere = false, fits_room = false;
      const TypeOrientations& orients = t.orients[x][type];
      for (int i = 0; i < orients.count; ++i) {
        const bool fits = anchors[x][type][i] != 0;
        fits_anywhere |= fits;
        fits_room = fits_room || (fits && Anchors(orients.ids[i], room, false) != 0);
      }
      const int squares = count * kTypeSize[type];
      if (!fits_anywhere) f[kDead] += static_cast<float>(squares);
      if (!fits_room) f[kUnsafe1 + kTypeSize[type] - 1] += static_cast<float>(squares);
    }
    const int hand = p.hand_squares[x];
    const int territory = PopCount(p.territory[x]);
    f[kHand] = static_cast<float>(hand);
    f[kTerritory] = static_cast<float>(territory);
    f[kReach] = static_cast<float>(PopCount(reach[x]));
    f[kSafe] = static_cast<float>(PopCount(safe));
    f[kShortfall] = static_cast<float>(
        std::max(0, hand - territory - PopCount(safe) - PopCount(contested) / 2));
    f[kMobility] = std::sqrt(static_cast<float>(moves[x]));
    safe_of[side] = f[kSafe];
    shortfall_of[side] = f[kShortfall];
  }

  // Step 3. Global features, the bounds and the handmade value among them.
  out[kContested] = static_cast<float>(PopCount(contested));
  out[kNeutral] = static_cast<float>(PopCount(neutral));
  std::optional<std::pair<int, int>> bounds;
  if (p.cathedral_state != kCathedralInHand) {
    const auto [lower, upper] = reach_bounds(p);  // what the weights were fitted to (cathedral.h)
    out[kLower] = static_cast<float>(lower);
    out[kUpper] = static_cast<float>(upper);
    // evaluate() (bounds.cc) as the weights were fitted: clamped into the reach bounds.
    const int half_neutral = PopCount(neutral) / 2;
    auto short_of_room = [&](int x) {
      return std::max(0, p.hand_squares[x] - PopCount(p.territory[x]) - half_neutral);
    };
    out[kHandmade] =
        static_cast<float>(std::clamp(short_of_room(me ^ 1) - short_of_room(me), lower, upper));
    bounds = Tightened(p, {lower, upper});  // the clamp of the learned value
  }
  out[kDarkToMove] = me == kDark ? 1.0f : 0.0f;
  out[kCathedralInHandFeature] = p.cathedral_state == kCathedralInHand ? 1.0f : 0.0f;
  out[kCathedralGoneFeature] = p.cathedral_state == kCathedralGone ? 1.0f : 0.0f;
  out[kOwnFirstPlaced] = static_cast<float>(p.first_placed >> me & 1);
  out[kOppFirstPlaced] = static_cast<float>(p.first_placed >> (me ^ 1) & 1);
  out[kPhase] = phase;
  out[kPhaseHand] = phase * (out[kOpp + kHand] - out[kOwn + kHand]);
  out[kPhaseSafe] = phase * (safe_of[0] - safe_of[1]);
  out[kPhaseShortfall] = phase * (shortfall_of[1] - shortfall_of[0]);
  out[kPhaseHandmade] = phase * out[kHandmade];
  return bounds;
}

}  // namespace tav::cathedral
