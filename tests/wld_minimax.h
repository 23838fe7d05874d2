// Plain negamax for win/loss-distance games (game.h, kWinLossDistance), with
// a memo of solved positions and nothing else: the independent reference the
// retrograde solver is checked against on small boards. The value of a
// finished game is final_value(); otherwise the best child value, negated and
// moved one step toward zero (the winner hurries, the loser delays).
#pragma once

#include <algorithm>
#include <cstdint>

#include "absl/container/flat_hash_map.h"

#include "core/game.h"

namespace tav::testing {

template <Game G>
class WldMinimax {
 public:
  using Position = typename G::Position;
  explicit WldMinimax(const G& game) : game_(game), memo_(1024, Hasher{&game_}) {}

  int Value(const Position& pos) {
    if (auto it = memo_.find(pos); it != memo_.end()) return it->second;
    typename G::MoveList moves;
    game_.generate_moves(pos, moves);
    int best;
    if (moves.size() == 0) {
      best = game_.final_value(pos);
    } else {
      best = -kDistanceBase - 1;
      for (const auto& m : moves) {
        Position child = pos;
        game_.play(child, m);
        const int v = -Value(child);
        best = std::max(best, v > 0 ? v - 1 : v < 0 ? v + 1 : 0);
      }
    }
    memo_.emplace(pos, best);
    return best;
  }
  std::size_t memo_size() const { return memo_.size(); }

 private:
  struct Hasher {
    const G* game;
    std::size_t operator()(const Position& p) const { return game->hash(p); }
  };
  G game_;
  absl::flat_hash_map<Position, int, Hasher> memo_;
};

}  // namespace tav::testing
