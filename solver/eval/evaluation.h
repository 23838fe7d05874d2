// Evaluations by name: the game's hand-written evaluate(), or a learned model
// that replaces it.
//
// Design. A learned evaluation is a *game with another evaluate()*:
// Evaluated<G> derives from G and overrides only evaluate() with a model's
// value of the game's features (linear_model.h); every other member (moves,
// hash, order_score, value_bounds, probe, ...) is G's own. The search is a
// template over the game, so Solver<Evaluated<G>> searches with the model
// through the very same code, with no virtual call per leaf and no branch in
// the search. The price is one more instantiation of the search per game that
// has features (compile time, not run time). Callers never name Evaluated:
// WithEvaluation(game, name, f) calls f with the game itself ("handmade") or
// with its Evaluated wrapper (a model), the way cli/game_registry.h turns a
// runtime game name into a type.
//
// Names: "handmade" (the game's evaluate(), the default of commit b1c7f2e and
// of every game without learned weights), "learned" (the weights built into
// this binary for the game, variant and board, when there are any),
// "default" (learned where this binary has weights for the board, else
// handmade: the default of every --eval), or the path of a weights file
// (linear_model.h). A name that does not resolve is an
// InvalidArgument naming it; a file that is damaged or made for another game,
// variant, board or feature set is an error too, never a silent fallback.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/game_options.h"
#include "eval/linear_model.h"

namespace tav::eval {

inline constexpr std::string_view kHandmade = "handmade";
inline constexpr std::string_view kLearned = "learned";
inline constexpr std::string_view kDefault = "default";

// G searched with `model`'s evaluate() instead of its own. Built from a game
// and a model that ResolveModel() checked against it.
template <Game G>
requires HasFeatures<G>
class Evaluated : public G {
 public:
  using Position = typename G::Position;

  Evaluated(const G& game, std::shared_ptr<const LinearModel> model)
      : G(game), model_(std::move(model)) {}

  // Not built from a GameSpec (the Game concept asks for a Create): use
  // WithEvaluation.
  static absl::StatusOr<Evaluated> Create(const GameSpec&) {
    return absl::InternalError("an Evaluated game is built by WithEvaluation, not from a spec");
  }

  // The model's value of the position's features (and patterns, for a
  // pattern model), rounded, in the units of
  // final_value for the side to move, clamped into the game's admissible
  // value_bounds when it has them (a value outside is certainly wrong): those
  // features() computed on the way where it hands them back
  // (FeaturesGiveBounds), else value_bounds(). The search clamps it into
  // kMaxValue.
  int evaluate(const Position& p) const {
    float f[G::kFeatureCount];
    const std::span<float> out(f, G::kFeatureCount);
    std::optional<std::pair<int, int>> bounds;
    if constexpr (FeaturesGiveBounds<G>) {
      bounds = G::features(p, out);
    } else {
      G::features(p, out);
    }
    int v;
    if constexpr (HasPatterns<G>) {
      std::uint32_t entries[G::kPatternCount];
      if (model_->has_patterns()) G::patterns(p, std::span<std::uint32_t>(entries));
      v = model_->Rounded(f, G::kFeatureCount, model_->has_patterns() ? entries : nullptr);
    } else {
      v = model_->Rounded(f, G::kFeatureCount);
    }
    if (!bounds) {
      if constexpr (HasValueBounds<G>) {
        bounds = G::value_bounds(p);
      } else {
        return v;
      }
    }
    return std::clamp(v, bounds->first, bounds->second);
  }

  // The game's own quick_evaluate() where it has one, else its evaluate():
  // several times cheaper than the model's, for the selective search's
  // preselection of the children it evaluates (core/game.h, quick_evaluate).
  int quick_evaluate(const Position& p) const requires HasEvaluate<G> {
    if constexpr (HasQuickEvaluate<G>) {
      return G::quick_evaluate(p);
    } else {
      return G::evaluate(p);
    }
  }

  // Where the exact solver orders children by a shallow search with this
  // evaluation (core/game.h): the game's learned_sort_search_remaining()
  // where it has one, else its sort_search_remaining().
  int sort_search_remaining() const requires HasSortSearchHint<G> {
    if constexpr (requires(const G& g) { g.learned_sort_search_remaining(); }) {
      return G::learned_sort_search_remaining();
    } else {
      return G::sort_search_remaining();
    }
  }

  // The plies of those sort searches: the game's learned_sort_search_depth()
  // where it has one, else its sort_search_depth().
  int sort_search_depth() const requires HasSortSearchDepth<G> {
    if constexpr (requires(const G& g) { g.learned_sort_search_depth(); }) {
      return G::learned_sort_search_depth();
    } else {
      return G::sort_search_depth();
    }
  }

  // How the sort searches' values and order_score() mix, and the exact
  // root's aspiration window: the game's learned_ hints where it has them.
  int sort_search_blend() const requires HasSortSearchBlend<G> {
    if constexpr (requires(const G& g) { g.learned_sort_search_blend(); }) {
      return G::learned_sort_search_blend();
    } else {
      return G::sort_search_blend();
    }
  }
  int aspiration_window() const requires HasAspirationWindow<G> {
    if constexpr (requires(const G& g) { g.learned_aspiration_window(); }) {
      return G::learned_aspiration_window();
    } else {
      return G::aspiration_window();
    }
  }

  const G& base() const { return *this; }
  const LinearModel& model() const { return *model_; }

 private:
  std::shared_ptr<const LinearModel> model_;
};

// The model named by `name` for `game`: nullptr for "handmade", the built-in
// weights for "learned", else the weights file at that path, checked against
// the game (game, variant, board, options, feature set) and its checksum.
template <Game G>
absl::StatusOr<std::shared_ptr<const LinearModel>> ResolveModel(const G& game,
                                                                std::string_view name) {
  if (name.empty()) {
    return absl::InvalidArgumentError(
        "bad --eval='': name handmade, learned, default or a weights FILE");
  }
  if (name == kDefault) {
    if constexpr (HasFeatures<G>) {
      if (BuiltInModel(std::string(G::kName), game.variant(), game.board_name(), GameOptions(game))
              .ok()) {
        return ResolveModel(game, kLearned);
      }
    }
    return ResolveModel(game, kHandmade);
  }
  if (name == kHandmade) {
    if constexpr (!HasEvaluate<G>) {
      return absl::InvalidArgumentError(absl::StrCat("--game=", std::string(G::kName),
                                                     " has no static evaluation (no evaluate())"));
    }
    return std::shared_ptr<const LinearModel>();
  }
  if constexpr (!HasFeatures<G>) {
    return absl::InvalidArgumentError(absl::StrCat("bad --eval='", std::string(name),
                                                   "': --game=", std::string(G::kName),
                                                   " has no features, only --eval=handmade"));
  } else {
    absl::StatusOr<LinearModel> model = name == kLearned
                                            ? BuiltInModel(std::string(G::kName), game.variant(),
                                                           game.board_name(), GameOptions(game))
                                            : LoadModel(std::string(name));
    if (!model.ok()) return model.status();
    if (absl::Status fits = CheckModelFits(*model, game); !fits.ok()) return fits;
    return std::shared_ptr<const LinearModel>(std::make_shared<LinearModel>(std::move(*model)));
  }
}

// What `name` resolves to for `game`, for records: "handmade", "learned",
// or the file's path ("default" is resolved). Call after ResolveModel
// accepted the name.
template <Game G>
std::string ResolvedEvalName(const G& game, std::string_view name) {
  if (name != kDefault) return std::string(name);
  if constexpr (HasFeatures<G>) {
    if (BuiltInModel(std::string(G::kName), game.variant(), game.board_name(), GameOptions(game))
            .ok()) {
      return std::string(kLearned);
    }
  }
  return std::string(kHandmade);
}

// Calls f(game) for "handmade" and f(Evaluated<G>) for a model; returns f's
// Status, or the error resolving `name`.
template <Game G, class F>
absl::Status WithEvaluation(const G& game, std::string_view name, F&& f) {
  absl::StatusOr<std::shared_ptr<const LinearModel>> model = ResolveModel(game, name);
  if (!model.ok()) return model.status();
  if constexpr (HasFeatures<G>) {
    if (*model != nullptr) return f(Evaluated<G>(game, *model));
  }
  return f(game);
}

}  // namespace tav::eval
