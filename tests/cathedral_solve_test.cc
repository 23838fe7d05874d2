// Cathedral values: the admissible bounds, the symmetries of the value, and
// (once the generic solver is there) the solver, all against a plain
// memoised negamax over the rules engine.
#include <gtest/gtest.h>

#include <unordered_map>
#include <vector>

#include "core/hash.h"
#include "games/cathedral/cathedral.h"

namespace tav {
namespace {

using cathedral::Cathedral;

Cathedral Make(int size, const char* variant = "classic", const char* pieces = "") {
  return *Cathedral::Create(GameSpec{"cathedral", variant, size, pieces, ""});
}

// Plain negamax to the end, memoised on the position string (no hashing
// shortcuts: the string is the whole position). Checks the game's bounds at
// every node it solves.
class Negamax {
 public:
  explicit Negamax(const Cathedral& game) : game_(game) {}

  int Value(const Cathedral::Position& pos) {
    const std::string key = game_.position_string(pos);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    Cathedral::MoveList moves;
    game_.generate_moves(pos, moves);
    int best;
    if (moves.size() == 0) {
      best = game_.final_value(pos);
    } else {
      best = -1000;
      for (const auto m : moves) {
        auto child = pos;
        game_.play(child, m);
        best = std::max(best, -Value(child));
      }
    }
    const auto [lower, upper] = game_.value_bounds(pos);
    EXPECT_LE(lower, best) << key;
    EXPECT_GE(upper, best) << key;
    ++checked_;
    tight_ += upper - lower <= game_.listed_squares();
    memo_[key] = best;
    return best;
  }
  std::size_t solved() const { return memo_.size(); }
  int checked() const { return checked_; }
  int tight() const { return tight_; }

 private:
  const Cathedral& game_;
  std::unordered_map<std::string, int> memo_;
  int checked_ = 0, tight_ = 0;
};

// Positions `plies` moves into random games (the same seed gives the same games).
std::vector<Cathedral::Position> RandomPositions(const Cathedral& game, int plies, int count,
                                                 std::uint64_t seed) {
  std::vector<Cathedral::Position> out;
  SplitMix64 rng(seed);
  while (static_cast<int>(out.size()) < count) {
    auto pos = game.start();
    Cathedral::MoveList moves;
    int ply = 0;
    for (; ply < plies; ++ply) {
      game.generate_moves(pos, moves);
      if (moves.size() == 0) break;
      game.play(pos, moves[rng.Below(moves.size())]);
    }
    if (ply == plies) out.push_back(pos);
  }
  return out;
}

TEST(CathedralBounds, HoldAtEveryPositionOfSmallGameTrees) {
  int checked = 0, tight = 0;
  for (const auto& [size, variant, plies] :
       {std::tuple{5, "classic", 4}, std::tuple{5, "lehmann", 4}, std::tuple{6, "classic", 7},
        std::tuple{6, "lehmann", 7}, std::tuple{7, "classic", 9}}) {
    const Cathedral game = Make(size, variant);
    Negamax negamax(game);
    for (const auto& pos : RandomPositions(game, plies, 12, size * 10 + plies)) negamax.Value(pos);
    checked += negamax.checked();
    tight += negamax.tight();
  }
  // The bounds are not trivial: at many positions they span at most half
  // the full range.
  EXPECT_GT(checked, 1000);
  EXPECT_GT(tight, checked / 10);
  std::printf("bounds checked at %d positions, at most half the range wide at %d\n", checked,
              tight);
}

TEST(CathedralSymmetry, RotationsAndTheColourSwappedMirrorKeepTheValue) {
  const Cathedral game = Make(6);
  Negamax negamax(game);
  for (const auto& pos : RandomPositions(game, 7, 10, 77)) {
    const int v = negamax.Value(pos);
    for (int s = 1; s < game.symmetry_count(); ++s) {
      EXPECT_EQ(negamax.Value(game.transform(pos, s)), v);
    }
    const auto mirror = game.MirrorSwap(pos);
    EXPECT_NE(game.side_to_move(mirror), game.side_to_move(pos));
    EXPECT_EQ(negamax.Value(mirror), v);
  }
}

}  // namespace
}  // namespace tav
