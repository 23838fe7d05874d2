// How big is the game tree below a position? Knuth's (1975) estimator from
// random playouts, for refusing searches that cannot finish.
//
// Design: a playout plays uniformly random legal moves to the end of the
// game, multiplying the branching factors b_1 b_2 ... it meets; the average of
// 1 + b_1 + b_1 b_2 + ... over playouts is an unbiased estimate of the number
// of nodes of the full game tree (Knuth, "Estimating the efficiency of
// backtrack programs"). An alpha-beta search with perfect move ordering visits
// about the square root of that (Knuth and Moore: b^(d/2) of b^d leaves), and
// a transposition table less again, so the square root is an estimate of the
// exact solver's work that errs on the high side by a few orders of magnitude
// (Othello 6x6 from the start: 10^11.6 estimated, 10^9.4 visited). That is
// enough to tell a solve of hours from one of centuries, which is all it is
// for. Trade-off: the estimate's variance is large (a single long, bushy
// playout dominates the mean), so it is averaged in log space over a fixed
// number of seeded playouts: reproducible, cheap (a few hundred move
// generations each), and never trusted to better than a factor of 100.
//
// The playouts terminate because remaining() strictly decreases along every
// move but passes (core/game.h); a game without remaining() must end by its
// own rules.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"

#include "core/game.h"
#include "core/hash.h"

namespace tav {

struct TreeEstimate {
  double log10_nodes = 0;             // log10 of the estimated full game tree's node count
  double log10_positions = INFINITY;  // log10 of the game's positions, where it counts them
  double log10_search_nodes = 0;      // log10 of the estimated search work (below)
  double mean_plies = 0;              // the playouts' mean length
};

// log10 of the number of positions of a game that enumerates them in tiers
// (the retrograde layer's TierGame: tiers(""), tier_size), else infinity. A
// search with a transposition table visits each about once, so on games with
// few positions and many transpositions (Prairie) this bounds its work far
// below the tree's size.
template <class G>
concept CountsPositionsInTiers = requires(const G& g, typename G::Tier t) {
  g.tiers(std::string_view());
  { g.tier_size(t) } -> std::convertible_to<std::uint64_t>;
};

template <Game G>
double Log10Positions(const G& game) {
  if constexpr (CountsPositionsInTiers<G>) {
    auto tiers = game.tiers("");
    if (!tiers.ok()) return INFINITY;
    double total = 0;
    for (const auto& t : *tiers) total += static_cast<double>(game.tier_size(t));
    return total > 0 ? std::log10(total) : 0;
  } else {
    return INFINITY;
  }
}

// Knuth's estimate over `playouts` random games from `pos` (seeded: the same
// inputs give the same estimate). A finished position is a tree of one node.
template <Game G>
TreeEstimate EstimateTree(const G& game, const typename G::Position& pos, int playouts = 64,
                          std::uint64_t seed = 1) {
  SplitMix64 rng(seed);
  // log10 of the sum over playouts of each playout's node estimate, kept in
  // log space (products of branching factors overflow nothing there).
  double log_sum = -INFINITY;
  auto log_add = [](double a, double b) {
    if (a == -INFINITY) return b;
    const double hi = std::max(a, b), lo = std::min(a, b);
    return hi + std::log10(1 + std::pow(10.0, lo - hi));
  };
  double plies = 0;
  for (int i = 0; i < playouts; ++i) {
    typename G::Position p = pos;
    double log_product = 0;  // log10 of b_1 ... b_k
    double log_nodes = 0;    // log10 of 1 + b_1 + b_1 b_2 + ...
    for (;;) {
      typename G::MoveList moves;
      game.generate_moves(p, moves);
      if (moves.size() == 0) break;
      log_product += std::log10(static_cast<double>(moves.size()));
      log_nodes = log_add(log_nodes, log_product);
      game.play(p, moves[rng.Below(moves.size())]);
      plies += 1;
    }
    log_sum = log_add(log_sum, log_nodes);
  }
  TreeEstimate e;
  e.log10_nodes = log_sum - std::log10(static_cast<double>(std::max(playouts, 1)));
  e.log10_positions = Log10Positions(game);
  e.log10_search_nodes = std::min(e.log10_nodes / 2, e.log10_positions);
  e.mean_plies = plies / std::max(playouts, 1);
  return e;
}

// The most work an exact or win/draw/loss search may be estimated at before
// `tav solve` and `tav explore` refuse it without --force: 10^15 nodes,
// months at the solver's 10^7-10^8 nodes/s. The estimate errs high by a few
// orders of magnitude, so what is refused could not finish in days; Othello
// 6x6 from the start (10^11.5), the FFO positions (10^7-10^9) and 7x7
// Cathedral from a placement run.
inline constexpr double kMaxLog10SearchNodes = 15;

// 10^x seconds in the largest unit that keeps it readable: "about 10^5 years".
inline std::string DescribeSeconds(double log10_seconds) {
  constexpr double kLog10Year = 7.499, kLog10Day = 4.936;
  if (log10_seconds >= kLog10Year + 3) {
    return absl::StrFormat("about 10^%.0f years", log10_seconds - kLog10Year);
  }
  if (log10_seconds >= kLog10Year) {
    return absl::StrFormat("about %.0f years", std::pow(10.0, log10_seconds - kLog10Year));
  }
  return absl::StrFormat("about %.0f days", std::pow(10.0, log10_seconds - kLog10Day));
}

// OK when the exact search of `pos` is estimated at no more than
// kMaxLog10SearchNodes nodes (`playouts` playouts), else FailedPrecondition
// with one line: "refusing <what> that cannot finish: about 10^N nodes ...".
template <Game G>
absl::Status CheckSearchFinishes(const G& game, const typename G::Position& pos,
                                 std::string_view what, int playouts = 64) {
  const TreeEstimate e = EstimateTree(game, pos, playouts);
  if (e.log10_search_nodes <= kMaxLog10SearchNodes) return absl::OkStatus();
  return absl::FailedPreconditionError(absl::StrFormat(
      "refusing %s that cannot finish: about 10^%.0f nodes of search (random playouts: "
      "%.0f plies to the end, a game tree of 10^%.0f nodes), over 10^%.0f, %s at 10^8 nodes/s",
      what, e.log10_search_nodes, e.mean_plies, e.log10_nodes, kMaxLog10SearchNodes,
      DescribeSeconds(e.log10_search_nodes - 8)));
}

}  // namespace tav
