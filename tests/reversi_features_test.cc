// Othello's and Desdemona's features for a learned evaluation
// (games/reversi/features.cc): invariant under the 8 symmetries, the counts
// they name on known positions, the bounds they hand back equal to
// value_bounds(); and an exact solve ordered by a learned evaluation gives
// the values of one ordered by the handmade evaluation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
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

// The built-in learned evaluation of `game` (absl aborts where there is none).
template <class G>
eval::Evaluated<G> BuiltInLearned(const G& game) {
  return eval::Evaluated<G>(game, eval::ResolveModel(game, "learned").value());
}

// The search parameters a solver of `game` settles on for options `o`.
template <class G>
search::SearchParams SettledParams(const G& game, search::SolveOptions o = {}) {
  o.tt_mb = 1;
  return search::Solver<G>(game, o).options().params;
}

TEST(ReversiLearnedEval, SortSearchesAreThreePliesDeepUnlessTheCallerSaysOtherwise) {
  const Othello game = Make<Othello>("othello", 8);
  const eval::Evaluated<Othello> learned = BuiltInLearned(game);
  EXPECT_EQ(SettledParams(learned).sort_search_depth, 3);
  EXPECT_EQ(SettledParams(game).sort_search_depth, 2);
  search::SolveOptions o;
  o.params.sort_search_depth = 4;
  EXPECT_EQ(SettledParams(learned, o).sort_search_depth, 4);
  EXPECT_EQ(SettledParams(Make<Desdemona>("desdemona", 6)).sort_search_depth, 2);
}

TEST(ReversiLearnedEval, BlendAndAspirationWindowComeFromTheLearnedHintsUnlessTheCallerSets) {
  const Othello game = Make<Othello>("othello", 8);
  const eval::Evaluated<Othello> learned = BuiltInLearned(game);
  const search::SearchParams with_model = SettledParams(learned);
  EXPECT_EQ(with_model.sort_search_blend, 1 << 13);
  EXPECT_EQ(with_model.aspiration_window, 4);
  EXPECT_EQ(with_model.etc_min_work, 10);
  const search::SearchParams handmade = SettledParams(game);
  EXPECT_EQ(handmade.sort_search_blend, 0);
  EXPECT_EQ(handmade.aspiration_window, 0);
  search::SolveOptions o;
  o.params.sort_search_blend = 0;
  o.params.aspiration_window = 0;
  const search::SearchParams set = SettledParams(learned, o);
  EXPECT_EQ(set.sort_search_blend, 0);
  EXPECT_EQ(set.aspiration_window, 0);
  // Desdemona 8x8's built-in pattern weights: mobility weighs more, no window.
  const Desdemona desdemona = Make<Desdemona>("desdemona", 8);
  const eval::Evaluated<Desdemona> learned_desdemona = BuiltInLearned(desdemona);
  EXPECT_EQ(learned_desdemona.model().pattern_set, "desdemona-patterns-v1");
  const search::SearchParams desdemona_params = SettledParams(learned_desdemona);
  EXPECT_EQ(desdemona_params.sort_search_blend, 1 << 11);
  EXPECT_EQ(desdemona_params.aspiration_window, 0);
}

TEST(ReversiLearnedEval, AnyAspirationWindowAndBlendGiveTheFullWindowsValues) {
  // 17-19 empties: presearch and sort searches run; a window of +-1 fails
  // low or high wherever the estimate is off, so the widening is exercised.
  const Othello game = Make<Othello>("othello", 8);
  const eval::Evaluated<Othello> learned = BuiltInLearned(game);
  int differs = 0;
  for (const Othello::Position& p : RandomPositions(game, 4, 21, 17, 19)) {
    search::SolveOptions full;
    full.threads = 1;
    full.tt_mb = 16;
    full.params.aspiration_window = 0;
    full.params.sort_search_blend = 0;
    const search::SolveResult<Othello> reference = search::Solver<Othello>(game, full).Solve(p);
    ASSERT_TRUE(reference.complete);
    for (int window : {1, 4, 0}) {
      for (int blend : {0, 1 << 13}) {
        search::SolveOptions o = full;
        o.params.aspiration_window = window;
        o.params.sort_search_blend = blend;
        const search::SolveResult<eval::Evaluated<Othello>> r =
            search::Solver<eval::Evaluated<Othello>>(learned, o).Solve(p);
        ASSERT_TRUE(r.complete);
        EXPECT_EQ(r.value, reference.value) << game.position_string(p) << " window " << window;
        ASSERT_TRUE(r.best_move.has_value());
        Othello::Position child = p;
        game.play(child, *r.best_move);
        search::SolveOptions c = full;
        const search::SolveResult<Othello> after = search::Solver<Othello>(game, c).Solve(child);
        EXPECT_EQ(-after.value, reference.value) << "the best move keeps the value";
        differs += r.stats.nodes != reference.stats.nodes;
      }
    }
  }
  EXPECT_GT(differs, 0);
}

// ---- Patterns (patterns.cc) ----

// The base-3 digits of instance i's entry (its offset in the tables taken
// off), last square first.
std::vector<int> Digits(std::uint32_t entry, std::uint32_t offset, int entries) {
  std::vector<int> d;
  std::uint32_t index = entry - offset;
  for (int e = entries; e > 1; e /= 3) {
    d.push_back(static_cast<int>(index % 3));
    index /= 3;
  }
  return d;
}

// The entries of p's pattern instances in `out`, and those of p with the
// colours exchanged in `swapped` (G::kPatternCount each).
template <class G>
void PatternsBothWays(const G& game, const typename G::Position& p, std::uint32_t* out,
                      std::uint32_t* swapped) {
  game.patterns(p, std::span<std::uint32_t>(out, G::kPatternCount));
  typename G::Position q = p;
  std::swap(q.player, q.opponent);
  game.patterns(q, std::span<std::uint32_t>(swapped, G::kPatternCount));
}

// Each instance's table: the tables in order, with `per_table` instances each.
constexpr int kInstancesPerTable[] = {4, 4, 8, 4, 4, 4, 2, 4, 4, 4, 4};

TEST(ReversiPatterns, ElevenTablesOf3ToTheSquaresAndFortySixInstances) {
  const Othello game = Make<Othello>("othello", 8);
  EXPECT_EQ(game.pattern_set(), "reversi-patterns-v1");
  EXPECT_EQ(Othello::PatternInstanceCount(), Othello::kPatternCount);
  const auto& tables = game.pattern_tables();
  ASSERT_EQ(tables.size(), std::size(kInstancesPerTable));
  const int squares[] = {10, 9, 10, 8, 8, 8, 8, 7, 6, 5, 4};
  int instances = 0;
  for (std::size_t t = 0; t < tables.size(); ++t) {
    EXPECT_EQ(tables[t].second, static_cast<int>(std::pow(3, squares[t]))) << tables[t].first;
    instances += kInstancesPerTable[t];
  }
  EXPECT_EQ(instances, Othello::kPatternCount);
  // No patterns off the 8x8 board.
  EXPECT_EQ(Make<Othello>("othello", 6).pattern_set(), "");
  EXPECT_EQ(Make<Desdemona>("desdemona", 6).pattern_set(), "");
}

TEST(ReversiPatterns, DesdemonaHasElevenTablesOf4ToAtMostEightSquares) {
  const Desdemona game = Make<Desdemona>("desdemona", 8);
  EXPECT_EQ(game.pattern_set(), "desdemona-patterns-v1");
  EXPECT_EQ(Make<Desdemona>("desdemona", 8, "misere").pattern_set(), "desdemona-patterns-v1");
  EXPECT_EQ(Desdemona::PatternInstanceCount(), Desdemona::kPatternCount);
  const auto& tables = game.pattern_tables();
  ASSERT_EQ(tables.size(), std::size(kInstancesPerTable));
  const int squares[] = {8, 8, 8, 8, 8, 8, 8, 7, 6, 5, 4};
  int instances = 0, entries = 0;
  for (std::size_t t = 0; t < tables.size(); ++t) {
    EXPECT_EQ(tables[t].second, 1 << (2 * squares[t])) << tables[t].first;
    instances += kInstancesPerTable[t];
    entries += tables[t].second;
  }
  EXPECT_EQ(instances, Desdemona::kPatternCount);
  EXPECT_EQ(entries, 480512);
}

TEST(ReversiPatterns, ADesdemonaEntryIsTheBase4NumberOfItsSquaresNeutralsAsThree) {
  const Desdemona game = Make<Desdemona>("desdemona", 8);
  const std::vector<std::vector<int>> squares = Desdemona::PatternSquares();
  ASSERT_EQ(static_cast<int>(squares.size()), Desdemona::kPatternCount);
  std::vector<std::uint32_t> offsets;
  std::uint32_t offset = 0;
  for (std::size_t t = 0; t < game.pattern_tables().size(); ++t) {
    for (int k = 0; k < kInstancesPerTable[t]; ++k) offsets.push_back(offset);
    offset += static_cast<std::uint32_t>(game.pattern_tables()[t].second);
  }
  int neutral_digits = 0;
  for (const Desdemona::Position& p : RandomPositions(game, 300, 93)) {
    std::uint32_t out[Desdemona::kPatternCount], swapped[Desdemona::kPatternCount];
    PatternsBothWays(game, p, out, swapped);
    for (int i = 0; i < Desdemona::kPatternCount; ++i) {
      std::uint32_t index = 0, mirrored = 0;
      for (const int sq : squares[i]) {
        const int digit = (p.player >> sq) & 1     ? 1
                          : (p.opponent >> sq) & 1 ? 2
                          : (p.neutral >> sq) & 1  ? 3
                                                   : 0;
        neutral_digits += digit == 3;
        index = 4 * index + digit;
        mirrored = 4 * mirrored + (digit == 1 ? 2 : digit == 2 ? 1 : digit);
      }
      ASSERT_EQ(out[i], offsets[i] + index) << i << "\n" << game.position_string(p);
      ASSERT_EQ(swapped[i], offsets[i] + mirrored) << i << "\n" << game.position_string(p);
    }
  }
  EXPECT_GT(neutral_digits, 0);  // the positions did hold neutral stones
}

TEST(ReversiPatterns, EachInstanceIndexesItsOwnTableByItsSquaresContents) {
  const Othello game = Make<Othello>("othello", 8);
  const auto& tables = game.pattern_tables();
  for (const Othello::Position& p : RandomPositions(game, 300, 91)) {
    // swapped: the colours exchanged, every own digit an opponent's and
    // back, empty squares alike.
    std::uint32_t out[Othello::kPatternCount], swapped[Othello::kPatternCount];
    PatternsBothWays(game, p, out, swapped);
    int i = 0, own = 0;
    std::uint32_t offset = 0;
    for (std::size_t t = 0; t < tables.size(); ++t) {
      for (int k = 0; k < kInstancesPerTable[t]; ++k, ++i) {
        ASSERT_GE(out[i], offset);
        ASSERT_LT(out[i], offset + static_cast<std::uint32_t>(tables[t].second));
        const std::vector<int> a = Digits(out[i], offset, tables[t].second);
        const std::vector<int> b = Digits(swapped[i], offset, tables[t].second);
        for (std::size_t d = 0; d < a.size(); ++d) {
          EXPECT_EQ(b[d], a[d] == 0 ? 0 : 3 - a[d]);
          if (t == 3 || t == 4 || t == 5) own += a[d] == 1;  // rows 2-4 from each edge
        }
      }
      offset += static_cast<std::uint32_t>(tables[t].second);
    }
    // line_2..line_4 are rows 1..6 and columns 1..6 (0-based), once each:
    // an own stone there is an own digit once per such row or column.
    int expected = 0;
    for (int sq = 0; sq < 64; ++sq) {
      if (!((p.player >> sq) & 1)) continue;
      const int r = sq / 8, c = sq % 8;
      expected += (r >= 1 && r <= 6) + (c >= 1 && c <= 6);
    }
    EXPECT_EQ(own, expected) << game.position_string(p);
  }
}

TEST(ReversiPatterns, AnEntryIsTheBase3NumberOfItsSquaresInOrder) {
  const Othello game = Make<Othello>("othello", 8);
  const std::vector<std::vector<int>> squares = Othello::PatternSquares();
  ASSERT_EQ(static_cast<int>(squares.size()), Othello::kPatternCount);
  std::vector<std::uint32_t> offsets;  // each instance's table offset
  std::uint32_t offset = 0;
  for (std::size_t t = 0; t < game.pattern_tables().size(); ++t) {
    for (int k = 0; k < kInstancesPerTable[t]; ++k) offsets.push_back(offset);
    offset += static_cast<std::uint32_t>(game.pattern_tables()[t].second);
  }
  for (const Othello::Position& p : RandomPositions(game, 300, 92)) {
    std::uint32_t out[Othello::kPatternCount];
    game.patterns(p, out);
    for (int i = 0; i < Othello::kPatternCount; ++i) {
      std::uint32_t index = 0;
      for (const int sq : squares[i]) {
        index = 3 * index + ((p.player >> sq) & 1 ? 1 : (p.opponent >> sq) & 1 ? 2 : 0);
      }
      ASSERT_EQ(out[i], offsets[i] + index) << i << "\n" << game.position_string(p);
    }
  }
}

TEST(ReversiPatterns, APatternModelEvaluatesItsTablesBesideTheFeatures) {
  const Othello game = Make<Othello>("othello", 8);
  eval::LinearModel m = eval::ModelIdentity(game, /*patterns=*/true);
  ASSERT_EQ(m.pattern_instances, Othello::kPatternCount);
  m.sets.resize(1);
  m.sets[0].weights.assign(Othello::kFeatureCount, 0.0);
  const std::size_t entries = m.PatternEntries();
  // Table entry = 1 where the first square digit of the entry is "own":
  // the evaluation then counts instances whose last square is own.
  m.sets[0].table.assign(entries, 0.0f);
  for (std::size_t e = 0; e < entries; ++e) m.sets[0].table[e] = (e % 7 == 3) ? 1.0f : 0.0f;
  ASSERT_TRUE(eval::CheckModelFits(m, game).ok());
  const eval::Evaluated<Othello> evaluated(game, std::make_shared<const eval::LinearModel>(m));
  for (const Othello::Position& p : RandomPositions(game, 100, 5, 10, 50)) {
    std::uint32_t out[Othello::kPatternCount];
    game.patterns(p, out);
    int expected = 0;
    for (const std::uint32_t e : out) expected += e % 7 == 3;
    const auto [lo, hi] = game.value_bounds(p);
    EXPECT_EQ(evaluated.evaluate(p), std::clamp(expected, lo, hi));
  }
  // Another pattern set, or other tables, do not fit.
  eval::LinearModel other = m;
  other.pattern_set = "reversi-patterns-v0";
  EXPECT_FALSE(eval::CheckModelFits(other, game).ok());
  other = m;
  other.pattern_tables.pop_back();
  EXPECT_FALSE(eval::CheckModelFits(other, game).ok());
}

}  // namespace
}  // namespace tav
