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
// Weights file: a small JSON object, versioned (data/README.md, kind
// "eval_weights"): game, variant, board, options, feature_set and
// feature_names (which must equal the game's), bias, weights, the training
// set and the command that produced it, and a checksum of the values.
// Loading checks everything; damage or a mismatch is an error naming it.
//
// STATUS: interface only; the fitting pipeline (learn/) and the file format
// are being built (issue #13). Until then LoadModel and BuiltInModel report
// NotFound and only --eval=handmade resolves.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/game_options.h"

namespace tav::eval {

// OPTIONAL game members (core/game.h):
//   static constexpr int kFeatureCount;
//   std::string_view feature_set() const;   // name and version, e.g. "cathedral-v1"
//   void features(const Position&, std::span<float> out) const;  // out.size() == kFeatureCount
template <class G>
concept HasFeatures = requires(const G& g, const typename G::Position& p, std::span<float> out) {
  { G::kFeatureCount } -> std::convertible_to<int>;
  { g.feature_set() } -> std::convertible_to<std::string_view>;
  {g.features(p, out)};
};

struct LinearModel {
  std::string game, variant, board, options, feature_set;
  std::vector<std::string> feature_names;
  double bias = 0;
  std::vector<double> weights;  // one per feature

  // bias + weights . features(p), rounded to the nearest integer.
  template <class G>
  requires HasFeatures<G>
  int Evaluate(const G& game, const typename G::Position& p) const {
    float f[G::kFeatureCount];
    game.features(p, std::span<float>(f, G::kFeatureCount));
    double v = bias;
    for (int i = 0; i < G::kFeatureCount; ++i) v += weights[i] * f[i];
    return static_cast<int>(v < 0 ? v - 0.5 : v + 0.5);
  }
};

// The weights file at `path`; NotFound, DataLoss or InvalidArgument naming
// what is wrong.
absl::StatusOr<LinearModel> LoadModel(const std::string& path);
// The weights built into this binary for a game, variant, board and options;
// NotFound when there are none.
absl::StatusOr<LinearModel> BuiltInModel(const std::string& game, const std::string& variant,
                                         const std::string& board, const std::string& options);

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
  if (static_cast<int>(model.weights.size()) != G::kFeatureCount) {
    return absl::InvalidArgumentError(absl::StrCat("weights file has ", model.weights.size(),
                                                   " weights, the features ", G::kFeatureCount));
  }
  return absl::OkStatus();
}

}  // namespace tav::eval
