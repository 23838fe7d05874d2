// A toy TierGame with cycles and draws, to test the retrograde solver's
// cyclic-layer path, which Prairie (acyclic layers) never takes: a token on
// the nodes of a random directed graph; a move follows an edge; a player with
// no move loses. Nodes are grouped into tiers; edges go to the same tier
// (cycles allowed) or to lower tiers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/hash.h"
#include "core/move_list.h"

namespace tav::testing {

struct GraphPosition {
  std::uint32_t node = 0;
  std::uint32_t mover = 0;  // whose turn, 0/1 (alternates; the graph is colour-blind)
  friend bool operator==(const GraphPosition&, const GraphPosition&) = default;
};

class GraphGame {
 public:
  using Position = GraphPosition;
  using Move = std::uint32_t;  // the target node
  using MoveList = FixedMoveList<Move, 8>;
  using Tier = std::uint64_t;
  static constexpr std::string_view kName = "graph";
  static constexpr bool kWinLossDistance = true;
  static constexpr int kMaxValue = kDistanceBase;

  // Tiers of `per_tier` nodes; node n of tier t is t * per_tier + n. Both
  // movers are indexed: index = mover * per_tier + n.
  static GraphGame Random(int tiers, int per_tier, std::uint64_t seed) {
    GraphGame g;
    g.per_tier_ = per_tier;
    g.tiers_ = tiers;
    SplitMix64 rng(seed);
    const int n = tiers * per_tier;
    g.edges_.resize(n);
    for (int v = 0; v < n; ++v) {
      const int tier = v / per_tier;
      const int degree = static_cast<int>(rng.Below(4));  // 0..3; 0 = a lost node
      for (int e = 0; e < degree; ++e) {
        const bool down = tier > 0 && rng.Below(3) == 0;
        const int to_tier = down ? static_cast<int>(rng.Below(tier)) : tier;
        g.edges_[v].push_back(static_cast<Move>(to_tier * per_tier + rng.Below(per_tier)));
      }
    }
    return g;
  }
  const std::vector<std::vector<Move>>& edges() const { return edges_; }

  static absl::StatusOr<GraphGame> Create(const GameSpec&) { return Random(3, 50, 1); }
  std::string variant() const { return "standard"; }
  int size() const { return per_tier_; }
  std::string board_name() const { return absl::StrCat(tiers_, "x", per_tier_); }
  Position start() const { return {static_cast<std::uint32_t>(tiers_ * per_tier_ - 1), 0}; }
  void generate_moves(const Position& p, MoveList& list) const {
    list.clear();
    for (Move m : edges_[p.node]) {
      bool seen = false;
      for (Move x : list) seen |= x == m;
      if (!seen) list.push_back(m);
    }
  }
  void play(Position& p, Move m) const {
    p.node = m;
    p.mover ^= 1;
  }
  Move pass_move() const { return 0xffffffffu; }
  bool is_over(const Position& p) const { return edges_[p.node].empty(); }
  int final_value(const Position&) const { return -kDistanceBase; }
  int side_to_move(const Position& p) const { return static_cast<int>(p.mover); }
  std::uint64_t hash(const Position& p) const { return Mix64(p.node * 2ULL + p.mover + 1); }
  std::string position_string(const Position& p) const {
    return absl::StrCat(p.node, " ", p.mover);
  }
  absl::StatusOr<Position> parse_position(std::string_view text) const {
    Position p;
    const size_t space = text.find(' ');
    if (space == std::string_view::npos ||
        !absl::SimpleAtoi(std::string(text.substr(0, space)), &p.node) ||
        !absl::SimpleAtoi(std::string(text.substr(space + 1)), &p.mover) || p.mover > 1 ||
        p.node >= edges_.size()) {
      return absl::InvalidArgumentError("bad graph position");
    }
    return p;
  }
  std::string move_string(const Position&, Move m) const { return absl::StrCat(m); }
  absl::StatusOr<Move> parse_move(const Position&, std::string_view text) const {
    Move m;
    if (!absl::SimpleAtoi(std::string(text), &m)) return absl::InvalidArgumentError("bad move");
    return m;
  }
  std::string diagram(const Position& p) const { return position_string(p) + "\n"; }
  int symmetry_count() const { return 1; }
  Position transform(const Position& p, int) const { return p; }

  std::string tier_name(Tier t) const { return absl::StrCat("t", t); }
  absl::StatusOr<std::vector<Tier>> tiers(std::string_view) const {
    std::vector<Tier> out;
    for (int t = 0; t < tiers_; ++t) out.push_back(t);
    return out;
  }
  void child_tiers(Tier t, std::vector<Tier>& out) const {
    for (Tier c = 0; c < t; ++c) out.push_back(c);
  }
  std::uint64_t tier_size(Tier) const { return 2 * per_tier_; }
  bool in_tables(const Position&) const { return true; }
  Tier tier_of(const Position& p) const { return p.node / per_tier_; }
  std::uint64_t rank(Tier, const Position& p) const {
    return p.mover * per_tier_ + p.node % per_tier_;
  }
  bool unrank(Tier t, std::uint64_t index, Position& p) const {
    p.mover = static_cast<std::uint32_t>(index / per_tier_);
    p.node = static_cast<std::uint32_t>(t * per_tier_ + index % per_tier_);
    return true;
  }

 private:
  int per_tier_ = 0;
  int tiers_ = 0;
  std::vector<std::vector<Move>> edges_;
};

}  // namespace tav::testing
