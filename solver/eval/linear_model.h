// A linear evaluation over a game's features, and its weights file.
//
// The classic start of learned evaluations (Logistello, Edax): a game
// supplies a fixed-length feature vector of a position (OPTIONAL member
// features(), core/game.h), and the model's value is the dot product with
// fitted weights plus a bias, in the units of final_value for the side to
// move. Linear means fast (one pass over a few dozen numbers), reproducible
// fitting by least squares, and weights a person can read; the trade-off is
// that everything non-linear must be built into the features by the game.
//
// Phases. What a feature is worth changes over a game (room counts more late,
// tempo more early), which one set of weights can only average. So a model
// may hold one weight set per game phase, the way Logistello and Edax keep
// one per disc count: `phase_feature` names the feature whose value picks the
// set (set k for phase_edges[k-1] <= value < phase_edges[k]), each set fitted
// on the positions of its phase alone. The cost is one comparison per edge per
// evaluation; the trade-off is fewer positions per fitted set.
//
// Weights file: a small JSON object, versioned (data/README.md, kind
// "eval_weights"): game, variant, board, options, feature_set and
// feature_names (which must equal the game's); schema 1 has one set, `bias`
// and `weights`; schema 2 has `phase_feature`, `phase_edges` and `sets`, a
// list of {bias, weights}; then the training set and the command that
// produced it, and a checksum: Mix64 folded over the canonical JSON dump of
// the identity and the numbers (every field but "training" and "checksum"),
// 16 hex digits. Loading checks everything; damage or a mismatch is an error
// naming it, never a silent fallback. A model with one set is written as
// schema 1.
//
// Patterns (schema 3). A game may also number pattern instances (OPTIONAL
// members below; games/reversi/patterns.cc): each instance of a position
// picks one entry of a table (an edge's contents pick the edge table's entry
// for that configuration), and the model adds the picked entries of its set
// to the linear value, the way Logistello and Edax evaluate. The weights
// file then names the game's `pattern_set` and `pattern_tables` (name and
// entry count of each) and holds every set's entries as `table`: the entries
// in units of 1/kTableScale, as little-endian int16, compressed by zlib and
// written in base64 (Othello's 344 KB of entries per set take about 90 KB,
// many of them the 0 of a configuration no training position had). The
// fit rounds the entries to those units, so a model and its file agree.
//
// Built-in weights: the files under data/eval/ are compiled into the binary
// (CMake writes their text into a generated source, builtin_weights.cc), so a
// binary carries the weights it was built with and never looks for files at
// run time; BuiltInModel finds them by game, variant, board and options.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/game_options.h"
#include "nlohmann/json.hpp"

namespace tav::eval {

// OPTIONAL game members (core/game.h):
//   static constexpr int kFeatureCount;
//   std::string_view feature_set() const;   // name and version, e.g. "cathedral-v1"
//   const std::vector<std::string>& feature_names() const;  // kFeatureCount names
//   void features(const Position&, std::span<float> out) const;  // out.size() == kFeatureCount
template <class G>
concept HasFeatures = requires(const G& g, const typename G::Position& p, std::span<float> out) {
  { G::kFeatureCount } -> std::convertible_to<int>;
  { g.feature_set() } -> std::convertible_to<std::string_view>;
  { g.feature_names() } -> std::convertible_to<const std::vector<std::string>&>;
  {g.features(p, out)};
};

// OPTIONAL game members for a pattern evaluation (see above):
//   static constexpr int kPatternCount;     // instances per position
//   std::string_view pattern_set() const;   // name and version; empty: none for this board
//   const std::vector<std::pair<std::string, int>>& pattern_tables() const;  // name, entries
//   void patterns(const Position&, std::span<std::uint32_t> out) const;
//       // out[i]: instance i's entry, numbered across all tables in order
template <class G>
concept HasPatterns = HasFeatures<G> &&
    requires(const G& g, const typename G::Position& p, std::span<std::uint32_t> out) {
  { G::kPatternCount } -> std::convertible_to<int>;
  { g.pattern_set() } -> std::convertible_to<std::string_view>;
  { g.pattern_tables() } -> std::convertible_to<const std::vector<std::pair<std::string, int>>&>;
  {g.patterns(p, out)};
};

// A pattern table entry is stored in units of 1 / kTableScale.
inline constexpr double kTableScale = 32;

// The set a phase value x falls in: k for edges[k-1] <= x < edges[k].
inline int PhaseSet(double x, const std::vector<double>& edges) {
  int k = 0;
  while (k < static_cast<int>(edges.size()) && x >= edges[k]) ++k;
  return k;
}

// One phase's weights: value = bias + weights . features (+ the pattern
// entries picked from `table`).
struct WeightSet {
  double bias = 0;
  std::vector<double> weights;  // one per feature
  std::vector<float> table;     // every pattern table's entries; empty without patterns
  bool operator==(const WeightSet&) const = default;
};

// OPTIONAL refinement: features() returns the value bounds it computed on the
// way (std::optional<std::pair<int, int>>, none where it computed none), so
// that the learned evaluation (evaluation.h) clamps without a second
// value_bounds().
template <class G>
concept FeaturesGiveBounds = HasFeatures<G> &&
    requires(const G& g, const typename G::Position& p, std::span<float> out) {
  { g.features(p, out) } -> std::same_as<std::optional<std::pair<int, int>>>;
};

struct LinearModel {
  std::string game, variant, board, options, feature_set;
  std::vector<std::string> feature_names;
  // Empty: one set. Else the feature whose value picks the set, and the
  // ascending edges between sets (sets.size() == phase_edges.size() + 1).
  std::string phase_feature;
  std::vector<double> phase_edges;
  std::vector<WeightSet> sets;  // at least one
  // Empty: no patterns. Else the game's pattern set, its tables (name,
  // entries) and the instances per position (schema 3).
  std::string pattern_set;
  std::vector<std::pair<std::string, int>> pattern_tables;
  int pattern_instances = 0;
  // How it was made (command, seed, positions, labels, provenance); carried,
  // not checked, and not part of the checksum.
  nlohmann::json training = nlohmann::json::object();

  // The index of phase_feature in feature_names, -1 for a one-set model (set
  // by ParseModel and SetPhaseIndex; not part of the file).
  int phase_index = -1;

  // Resolves phase_index from phase_feature; false if no feature has that name.
  bool SetPhaseIndex();

  // The set that features `f` fall in.
  int SetOf(const float* f) const {
    return phase_index < 0 ? 0 : PhaseSet(f[phase_index], phase_edges);
  }

  bool has_patterns() const { return !pattern_set.empty(); }
  // The entries of all pattern tables together.
  std::size_t PatternEntries() const {
    std::size_t n = 0;
    for (const auto& t : pattern_tables) n += static_cast<std::size_t>(t.second);
    return n;
  }

  // bias + weights . f of f's set, plus the entries `entries` (the
  // pattern_instances numbers a game's patterns() gave; null without
  // patterns) pick from its table; unrounded.
  double Value(const float* f, int count, const std::uint32_t* entries = nullptr) const {
    const WeightSet& s = sets[SetOf(f)];
    double v = s.bias;
    for (int i = 0; i < count; ++i) v += s.weights[i] * f[i];
    if (entries != nullptr && !s.table.empty()) {
      float t = 0;
      for (int i = 0; i < pattern_instances; ++i) t += s.table[entries[i]];
      v += t;
    }
    return v;
  }

  // Value(f, entries), rounded to the nearest integer.
  int Rounded(const float* f, int count, const std::uint32_t* entries = nullptr) const {
    const double v = Value(f, count, entries);
    return static_cast<int>(v < 0 ? v - 0.5 : v + 0.5);
  }
};

// The checksum of a model's identity and numbers: 16 lower-case hex digits.
std::string ModelChecksum(const LinearModel& model);
// The weights file's JSON object (schema 1, checksum included).
nlohmann::json ModelJson(const LinearModel& model);
// The model in `text`, a weights file's contents; `source` names it in
// errors. DataLoss for text that is not JSON or fails its checksum,
// InvalidArgument for a wrong kind or schema, a missing or mistyped field, or
// counts that disagree.
absl::StatusOr<LinearModel> ParseModel(std::string_view text, const std::string& source);
// The weights file at `path`; NotFound, DataLoss or InvalidArgument naming
// what is wrong.
absl::StatusOr<LinearModel> LoadModel(const std::string& path);
// Writes ModelJson(model) to `path` atomically (core/atomic_file.h).
absl::Status SaveModel(const LinearModel& model, const std::string& path);
// The texts of the weights files built into this binary (data/eval/*.json;
// builtin_weights.cc, generated by CMake).
const std::vector<std::string_view>& BuiltInWeightsTexts();
// The weights built into this binary for a game, variant, board and options;
// NotFound when there are none.
absl::StatusOr<LinearModel> BuiltInModel(const std::string& game, const std::string& variant,
                                         const std::string& board, const std::string& options);

// A model of `game` with no weights yet (training block empty): its game,
// variant, board, options and features, and with `patterns` its pattern set,
// tables and instances (none where the game has no patterns for its board).
template <Game G>
requires HasFeatures<G> LinearModel ModelIdentity(const G& game, bool patterns = false) {
  LinearModel m;
  m.game = std::string(G::kName);
  m.variant = game.variant();
  m.board = game.board_name();
  m.options = GameOptions(game);
  m.feature_set = std::string(game.feature_set());
  m.feature_names = game.feature_names();
  if constexpr (HasPatterns<G>) {
    if (patterns && !game.pattern_set().empty()) {
      m.pattern_set = std::string(game.pattern_set());
      m.pattern_tables = game.pattern_tables();
      m.pattern_instances = G::kPatternCount;
    }
  }
  return m;
}

// OK if `model` was made for `game` (same game, variant, board, options,
// feature set and feature count); else InvalidArgument naming the mismatch.
template <class G>
requires HasFeatures<G> absl::Status CheckModelFits(const LinearModel& model, const G& game) {
  auto differs = [](const char* what, const std::string& file, const std::string& want) {
    return absl::InvalidArgumentError(
        absl::StrCat("weights for ", what, " '", file, "', not '", want, "'"));
  };
  if (model.game != G::kName) return differs("game", model.game, std::string(G::kName));
  if (model.variant != game.variant()) return differs("variant", model.variant, game.variant());
  if (model.board != game.board_name()) return differs("board", model.board, game.board_name());
  if (model.options != GameOptions(game))
    return differs("options", model.options, GameOptions(game));
  if (model.feature_set != game.feature_set()) {
    return differs("feature set", model.feature_set, std::string(game.feature_set()));
  }
  if (model.sets.empty() || static_cast<int>(model.feature_names.size()) != G::kFeatureCount) {
    return absl::InvalidArgumentError(absl::StrCat("weights file has ", model.feature_names.size(),
                                                   " feature names, the features ",
                                                   G::kFeatureCount));
  }
  for (const WeightSet& set : model.sets) {
    if (static_cast<int>(set.weights.size()) != G::kFeatureCount) {
      return absl::InvalidArgumentError(absl::StrCat("weights file has ", set.weights.size(),
                                                     " weights, the features ", G::kFeatureCount));
    }
  }
  for (int i = 0; i < G::kFeatureCount; ++i) {
    if (model.feature_names[i] != game.feature_names()[i]) {
      return differs("feature", model.feature_names[i], game.feature_names()[i]);
    }
  }
  if (!model.has_patterns()) return absl::OkStatus();
  if constexpr (HasPatterns<G>) {
    if (model.pattern_set != game.pattern_set()) {
      return differs("pattern set", model.pattern_set, std::string(game.pattern_set()));
    }
    if (model.pattern_tables != game.pattern_tables() ||
        model.pattern_instances != G::kPatternCount) {
      return absl::InvalidArgumentError(absl::StrCat(
          "weights file's pattern tables differ from the game's ", model.pattern_set, " (",
          model.pattern_instances, " instances, ", G::kPatternCount, " in the game)"));
    }
    return absl::OkStatus();
  } else {
    return differs("pattern set", model.pattern_set, "");
  }
}

}  // namespace tav::eval
