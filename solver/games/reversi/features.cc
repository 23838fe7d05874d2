// The features of a position for a learned evaluation ("reversi-v1").
//
// The classic hand-built features of Othello programs before pattern tables
// (Rosenbloom's IAGO, the early Logistello), each a count of stones or
// squares, so in stones like the final value, for the side to move ("own")
// and the other side ("opp"):
//   mobility            legal moves: the side with fewer is soon forced into
//                       bad ones; the main feature of the midgame.
//   corner_mobility     legal moves onto a corner: a corner that can be
//                       taken next move is worth most of a corner.
//   potential_mobility  empty squares next to a capturable stone (the other
//                       side's, and neutral ones in Desdemona): the moves
//                       that may open up later.
//   frontier            own stones next to an empty square: the stones that
//                       give the other side moves (few is good, "quiet").
//   discs               stones: worth little before the end, everything at it.
//   corners             stones on corners: never flipped, and they anchor
//                       stable edges.
//   x_squares           stones on an X-square (diagonally next to a corner)
//                       whose corner is empty: they hand the corner over.
//   c_squares           stones on a C-square (next to a corner along the
//                       edge) whose corner is empty: the same, on the edge.
//   edges               stones on the outer ring other than corners.
//   stable              stones no sequence of moves can flip (stability.h,
//                       the solver's own value_bounds rule): counted in the
//                       final score for sure.
// and for the position:
//   mobility_balance    10 (own - opp mobility) / (own + opp + 2): the
//                       mobility difference relative to the moves there are,
//                       which the linear sum of the two cannot express.
//   own_no_moves, opp_no_moves
//                       1 if that side has no legal move (a pass is due).
//   empties_odd         1 if the number of empty squares is odd: without
//                       passes the side to move then plays last (parity).
//   odd_regions         quadrants (N/2 x N/2) with an odd number of empty
//                       squares: where the last move of a region is still
//                       open, the region parity endgame play fights for.
//   neutral             neutral stones (Desdemona; 0 in Othello).
//   empties             empty squares: the phase feature (`tav learn
//                       --phases=K --phase-feature=empties` fits one weight
//                       set per range of empties, as Edax keeps one per
//                       disc count).
//
// Every feature is a count of a set that the 8 symmetries of the board map
// onto itself (corners to corners, X-squares to X-squares, quadrants to
// quadrants, the edge ring to itself), so the features are invariant under
// them. The same code serves Desdemona (neutral stones are capturable by
// both sides: they count in potential mobility, never as stable), misere
// Desdemona (the model learns the signs) and the 4x4 and 6x6 boards. Cost:
// two move generations, a handful of shifts and popcounts, and the stable
// stones of value_bounds(), whose bounds features() hands back to the
// learned evaluation so it need not compute them again.
#include <algorithm>
#include <array>
#include <optional>
#include <utility>

#include "games/reversi/reversi.h"

namespace tav::reversi {
namespace {

// Feature indices; names in FeatureNames(), same order.
enum SideFeature : int {
  kMobility = 0,
  kCornerMobility,
  kPotentialMobility,
  kFrontier,
  kDiscs,
  kCorners,
  kXSquares,
  kCSquares,
  kEdges,
  kStable,
  kSideCount,
};
constexpr int kOwn = 0;
constexpr int kOpp = kSideCount;
enum GlobalFeature : int {
  kMobilityBalance = 2 * kSideCount,
  kOwnNoMoves,
  kOppNoMoves,
  kEmptiesOdd,
  kOddRegions,
  kNeutral,
  kEmpties,
  kEnd,
};
static_assert(kEnd == Othello::kFeatureCount);

// The squares next to any stone of b (8-neighbourhood, within the 8x8 frame).
u64 Neighbours(u64 b) {
  const u64 h = ((b << 1) & kNotFileA) | ((b >> 1) & kNotFileH);
  const u64 row = b | h;
  return h | (row << 8) | (row >> 8);
}

// The X-squares and C-squares of the N x N board whose corner is empty.
std::pair<u64, u64> DangerSquares(int n, u64 empty) {
  u64 x = 0, c = 0;
  for (const int r : {0, n - 1}) {
    for (const int col : {0, n - 1}) {
      if (!(empty & Bit(r * 8 + col))) continue;
      const int dr = r == 0 ? 1 : -1, dc = col == 0 ? 1 : -1;
      x |= Bit((r + dr) * 8 + col + dc);
      c |= Bit(r * 8 + col + dc) | Bit((r + dr) * 8 + col);
    }
  }
  return {x, c};
}

}  // namespace

template <bool kNeutrals>
const std::vector<std::string>& ReversiGame<kNeutrals>::FeatureNames() {
  static const std::vector<std::string> names = [] {
    const char* side[] = {"mobility", "corner_mobility", "potential_mobility", "frontier",
                          "discs",    "corners",         "x_squares",          "c_squares",
                          "edges",    "stable"};
    std::vector<std::string> n;
    for (const char* who : {"own_", "opp_"}) {
      for (const char* s : side) n.push_back(std::string(who) + s);
    }
    for (const char* g : {"mobility_balance", "own_no_moves", "opp_no_moves", "empties_odd",
                          "odd_regions", "neutral", "empties"}) {
      n.push_back(g);
    }
    return n;
  }();
  return names;
}

template <bool kNeutrals>
std::optional<std::pair<int, int>> ReversiGame<kNeutrals>::features(const Position& p,
                                                                    std::span<float> out) const {
  const u64 empty = Empty(p);
  const u64 outside = ~mask_;
  const FullLines full = ComputeFullLines(p.player | p.opponent | p.neutral | outside);
  const auto [x_squares, c_squares] = DangerSquares(n_, empty);
  const std::array<u64, 2> stones = {p.player, p.opponent};
  // What each side can capture: the other side's stones, and neutral ones.
  const std::array<u64, 2> capturable = {p.opponent | p.neutral, p.player | p.neutral};
  std::array<int, 2> mobility{}, stable{};
  for (int side = 0; side < 2; ++side) {
    float* f = out.data() + (side == 0 ? kOwn : kOpp);
    const u64 mine = stones[side];
    const u64 moves = LegalMoves(mine, capturable[side], empty);
    mobility[side] = PopCount(moves);
    stable[side] = PopCount(StableStonesOf<kNeutrals>(mine, stones[side ^ 1], full, outside));
    f[kMobility] = static_cast<float>(mobility[side]);
    f[kCornerMobility] = static_cast<float>(PopCount(moves & corners_));
    f[kPotentialMobility] = static_cast<float>(PopCount(Neighbours(capturable[side]) & empty));
    f[kFrontier] = static_cast<float>(PopCount(mine & Neighbours(empty)));
    f[kDiscs] = static_cast<float>(PopCount(mine));
    f[kCorners] = static_cast<float>(PopCount(mine & corners_));
    f[kXSquares] = static_cast<float>(PopCount(mine & x_squares));
    f[kCSquares] = static_cast<float>(PopCount(mine & c_squares));
    f[kEdges] = static_cast<float>(PopCount(mine & edges_ & ~corners_));
    f[kStable] = static_cast<float>(stable[side]);
  }
  out[kMobilityBalance] =
      10.0f * static_cast<float>(mobility[0] - mobility[1]) / (mobility[0] + mobility[1] + 2);
  out[kOwnNoMoves] = mobility[0] == 0 ? 1.0f : 0.0f;
  out[kOppNoMoves] = mobility[1] == 0 ? 1.0f : 0.0f;
  const int empties = PopCount(empty);
  out[kEmptiesOdd] = static_cast<float>(empties & 1);
  int odd_regions = 0;
  for (const u64 q : geometry_.quadrant) odd_regions += PopCount(empty & q) & 1;
  out[kOddRegions] = static_cast<float>(odd_regions);
  out[kNeutral] = static_cast<float>(PopCount(p.neutral));
  out[kEmpties] = static_cast<float>(empties);
  return BoundsFromStable(stable[0], stable[1]);  // value_bounds() from the counts above
}

template const std::vector<std::string>& ReversiGame<false>::FeatureNames();
template const std::vector<std::string>& ReversiGame<true>::FeatureNames();
template std::optional<std::pair<int, int>> ReversiGame<false>::features(const Position&,
                                                                         std::span<float>) const;
template std::optional<std::pair<int, int>> ReversiGame<true>::features(const Position&,
                                                                        std::span<float>) const;

}  // namespace tav::reversi
