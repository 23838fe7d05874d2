// Othello's and Desdemona's features for a learned evaluation
// (games/reversi/features.cc): invariant under the 8 symmetries, the counts
// they name on known positions, the bounds they hand back equal to
// value_bounds(); and an exact solve ordered by a learned evaluation gives
// the values of one ordered by the handmade evaluation.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/hash.h"
#include "eval/evaluation.h"
#include "eval/linear_model.h"
#include "games/reversi/reversi.h"
#include "search/search.h"

namespace tav {
namespace {

using reversi::Desdemona;
using reversi::Othello;

template <class G>
G Make(const char* game, int size, const char* variant = "") {
  return *G::Create(GameSpec{game, variant, size, ""});
}

// Random positions of `game` from random games: each position with
// `min_empties` to `max_empties` empty squares, with probability 1/3.
template <class G>
std::vector<typename G::Position> RandomPositions(const G& game, int count, std::uint64_t seed,
                                                  int min_empties = 0, int max_empties = 64) {
  SplitMix64 rng(seed);
  std::vector<typename G::Position> out;
  while (static_cast<int>(out.size()) < count) {
    typename G::Position p = game.start();
    typename G::MoveList moves;
    while (!game.is_over(p) && static_cast<int>(out.size()) < count) {
      game.generate_moves(p, moves);
      game.play(p, moves[rng.Below(moves.size())]);
      const int empties = game.remaining(p);
      if (empties >= min_empties && empties <= max_empties && rng.Below(3) == 0) out.push_back(p);
    }
  }
  return out;
}

// The feature named `name` of p.
template <class G>
float Feature(const G& game, const typename G::Position& p, const std::string& name) {
  float f[G::kFeatureCount];
  game.features(p, f);
  for (int i = 0; i < G::kFeatureCount; ++i) {
    if (game.feature_names()[i] == name) return f[i];
  }
  ADD_FAILURE() << "no feature " << name;
  return 0;
}

template <class G>
void ExpectInvariant(const G& game, std::uint64_t seed) {
  ASSERT_EQ(static_cast<int>(game.feature_names().size()), G::kFeatureCount);
  for (const typename G::Position& p : RandomPositions(game, 300, seed)) {
    float base[G::kFeatureCount], image[G::kFeatureCount];
    game.features(p, base);
    for (int s = 1; s < game.symmetry_count(); ++s) {
      game.features(game.transform(p, s), image);
      for (int i = 0; i < G::kFeatureCount; ++i) {
        ASSERT_EQ(base[i], image[i]) << game.feature_names()[i] << " symmetry " << s << "\n"
                                     << game.position_string(p);
      }
    }
  }
}

TEST(ReversiFeatures, AreInvariantUnderTheEightSymmetries) {
  for (int size : {4, 6, 8}) {
    SCOPED_TRACE(size);
    ExpectInvariant(Make<Othello>("othello", size), 17 + size);
    ExpectInvariant(Make<Desdemona>("desdemona", size), 27 + size);
  }
  ExpectInvariant(Make<Desdemona>("desdemona", 6, "misere"), 41);
}

TEST(ReversiFeatures, StartPositionCountsAreTheOnesNamed) {
  const Othello game = Make<Othello>("othello", 8);
  const Othello::Position p = game.start();
  EXPECT_EQ(Feature(game, p, "own_mobility"), 4);
  EXPECT_EQ(Feature(game, p, "opp_mobility"), 4);
  EXPECT_EQ(Feature(game, p, "mobility_balance"), 0);
  EXPECT_EQ(Feature(game, p, "own_discs"), 2);
  EXPECT_EQ(Feature(game, p, "opp_discs"), 2);
  EXPECT_EQ(Feature(game, p, "own_frontier"), 2);             // every stone touches an empty square
  EXPECT_EQ(Feature(game, p, "own_potential_mobility"), 10);  // empty squares around 2 stones
  EXPECT_EQ(Feature(game, p, "own_corners"), 0);
  EXPECT_EQ(Feature(game, p, "own_stable"), 0);
  EXPECT_EQ(Feature(game, p, "empties"), 60);
  EXPECT_EQ(Feature(game, p, "empties_odd"), 0);
  EXPECT_EQ(Feature(game, p, "odd_regions"), 4);  // 15 empty squares in each quadrant
  EXPECT_EQ(Feature(game, p, "neutral"), 0);
}

TEST(ReversiFeatures, CornersAndTheSquaresNextToEmptyCorners) {
  const Othello game = Make<Othello>("othello", 8);
  // X on a1 (corner) and b2 (its X-square, corner taken: not counted), O on
  // g7 (X-square of the empty h8) and h7, g8 (its C-squares).
  const Othello::Position p = *game.parse_position(
      "X-------"
      "-X------"
      "--------"
      "---XO---"
      "---OX---"
      "--------"
      "------OO"
      "------O- X");
  EXPECT_EQ(Feature(game, p, "own_corners"), 1);
  EXPECT_EQ(Feature(game, p, "own_x_squares"), 0);
  EXPECT_EQ(Feature(game, p, "opp_x_squares"), 1);
  EXPECT_EQ(Feature(game, p, "opp_c_squares"), 2);
  EXPECT_EQ(Feature(game, p, "opp_edges"), 2);   // h7 and g8
  EXPECT_EQ(Feature(game, p, "own_stable"), 1);  // a1
  EXPECT_EQ(Feature(game, p, "own_corner_mobility"), 0);
}

TEST(ReversiFeatures, HandBackTheValueBounds) {
  const Othello othello = Make<Othello>("othello", 8);
  const Desdemona misere = Make<Desdemona>("desdemona", 6, "misere");
  float f[Othello::kFeatureCount];
  for (const Othello::Position& p : RandomPositions(othello, 300, 5)) {
    EXPECT_EQ(*othello.features(p, f), othello.value_bounds(p)) << othello.position_string(p);
  }
  for (const Desdemona::Position& p : RandomPositions(misere, 300, 6)) {
    EXPECT_EQ(*misere.features(p, f), misere.value_bounds(p)) << misere.position_string(p);
  }
}

// A model for `game` weighing a few features the way a player would (with
// two phases on "empties", so the phase code runs too).
template <class G>
std::shared_ptr<const eval::LinearModel> PlayerLikeModel(const G& game) {
  eval::LinearModel m;
  m.game = std::string(G::kName);
  m.variant = game.variant();
  m.board = game.board_name();
  m.options = "";
  m.feature_set = std::string(game.feature_set());
  m.feature_names = game.feature_names();
  m.phase_feature = "empties";
  m.phase_edges = {16};
  for (double disc_weight : {1.0, 0.2}) {
    eval::WeightSet s;
    for (const std::string& name : m.feature_names) {
      const double sign = name.rfind("opp_", 0) == 0 ? -1 : 1;
      double w = 0;
      if (name.ends_with("_mobility")) w = 1;
      if (name.ends_with("_corners") || name.ends_with("_stable")) w = 3;
      if (name.ends_with("_x_squares")) w = -4;
      if (name.ends_with("_discs")) w = disc_weight;
      s.weights.push_back(sign * w);
    }
    m.sets.push_back(s);
  }
  EXPECT_TRUE(m.SetPhaseIndex());
  EXPECT_TRUE(eval::CheckModelFits(m, game).ok());
  return std::make_shared<const eval::LinearModel>(m);
}

template <class G>
void ExpectSameValues(const G& game, int count, int empties, std::uint64_t seed) {
  const eval::Evaluated<G> learned(game, PlayerLikeModel(game));
  search::SolveOptions o;
  o.threads = 1;
  o.tt_mb = 16;
  int differs = 0;
  for (const typename G::Position& p : RandomPositions(game, count, seed, empties, empties + 2)) {
    search::Solver<G> handmade_solver(game, o);
    search::Solver<eval::Evaluated<G>> learned_solver(learned, o);
    const search::SolveResult<G> a = handmade_solver.Solve(p);
    const search::SolveResult<eval::Evaluated<G>> b = learned_solver.Solve(p);
    ASSERT_TRUE(a.complete && b.complete);
    EXPECT_EQ(a.value, b.value) << game.position_string(p);
    differs += a.stats.nodes != b.stats.nodes;
  }
  EXPECT_GT(differs, 0);  // the learned evaluation did order the moves differently
}

TEST(ReversiLearnedEval, ExactSolvesGiveTheHandmadeValues) {
  // 16-18 empties: the presearch (at 14 empties and more) runs on the model.
  ExpectSameValues(Make<Othello>("othello", 8), 12, 16, 3);
  // Desdemona's sort searches (at 14 empties and more) run on it too.
  ExpectSameValues(Make<Desdemona>("desdemona", 6), 12, 15, 4);
  ExpectSameValues(Make<Desdemona>("desdemona", 6, "misere"), 12, 15, 5);
}

}  // namespace
}  // namespace tav
