// Whole small-board Cathedral games solved twice: by the generic solver and by
// an independent plain alpha-beta written here (fail-hard, a memo of bounds
// keyed by the position string, ordered by order_score, none of solver/search
// and no value_bounds). Both must agree with each other and with the value
// committed in data/cathedral/. Seconds in Release: label no_sanitizer.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "games/cathedral/cathedral.h"
#include "nlohmann/json.hpp"
#include "search/search.h"

namespace tav {
namespace {

using cathedral::Cathedral;

class PlainAlphaBeta {
 public:
  explicit PlainAlphaBeta(const Cathedral& game) : game_(game) {}

  int Value(const Cathedral::Position& pos) { return Search(pos, -1000, 1000); }

 private:
  struct Bounds {
    int lower = -1000, upper = 1000;
  };

  int Search(const Cathedral::Position& pos, int alpha, int beta) {
    const std::string key = game_.position_string(pos);
    Bounds known;
    if (auto it = memo_.find(key); it != memo_.end()) {
      known = it->second;
      if (known.lower >= beta) return known.lower;
      if (known.upper <= alpha) return known.upper;
      if (known.lower == known.upper) return known.lower;
      alpha = std::max(alpha, known.lower);
      beta = std::min(beta, known.upper);
    }
    Cathedral::MoveList moves;
    game_.generate_moves(pos, moves);
    if (moves.size() == 0) return game_.final_value(pos);
    std::vector<std::pair<int, Cathedral::Position>> children;
    for (const auto m : moves) {
      auto child = pos;
      game_.play(child, m);
      children.emplace_back(game_.order_score(pos, m, child), child);
    }
    std::stable_sort(children.begin(), children.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    const int alpha0 = alpha;
    int best = -1000;
    for (const auto& [score, child] : children) {
      best = std::max(best, -Search(child, -beta, -alpha));
      alpha = std::max(alpha, best);
      if (alpha >= beta) break;
    }
    if (best <= alpha0) {
      known.upper = std::min(known.upper, best);
    } else if (best >= beta) {
      known.lower = std::max(known.lower, best);
    } else {
      known.lower = known.upper = best;
    }
    memo_[key] = known;
    return best;
  }

  const Cathedral& game_;
  std::unordered_map<std::string, Bounds> memo_;
};

class SmallBoard : public ::testing::TestWithParam<const char*> {};

TEST_P(SmallBoard, SolverIndependentSearchAndCommittedValueAgree) {
  const std::string variant = GetParam();
  const Cathedral game = *Cathedral::Create(GameSpec{"cathedral", variant, 5, ""});
  search::SolveOptions options;
  options.threads = 2;
  options.tt_mb = 64;
  search::Solver<Cathedral> solver(game, options);
  const int solved = solver.Solve(game.start()).value;
  PlainAlphaBeta plain(game);
  EXPECT_EQ(plain.Value(game.start()), solved);

  std::ifstream in(std::string(TAV_SOURCE_DIR) + "/data/cathedral/solve-" + variant + "-5x5.json");
  ASSERT_TRUE(in.good());
  const nlohmann::json record = nlohmann::json::parse(in);
  EXPECT_EQ(record["value"].get<int>(), solved);
  EXPECT_EQ(record["position"].get<std::string>(), game.position_string(game.start()));
}

INSTANTIATE_TEST_SUITE_P(Cathedral, SmallBoard, ::testing::Values("classic", "lehmann"));

}  // namespace
}  // namespace tav
