// Game-specific extras of explore_position records (`annotations`).
//
// A game provides them with the OPTIONAL member `explore_annotations`
// (core/game.h), in its own folder: the explorer names no game. The default is
// an empty object. Cathedral records carry `cathedral_squares` and
// `cathedral_move` (data/README.md, games/cathedral/annotations.cc) for the
// analysis heatmaps.
#pragma once

#include "core/game.h"
#include "nlohmann/json.hpp"

namespace tav::explore {

template <class G>
concept HasExploreAnnotations = requires(const G& g, const typename G::Position& p) {
  { g.explore_annotations(p) } -> std::convertible_to<nlohmann::json>;
};

template <class G>
struct Annotator {
  static nlohmann::json Of(const G& game, const typename G::Position& pos) {
    if constexpr (HasExploreAnnotations<G>) {
      return game.explore_annotations(pos);
    } else {
      (void)game;
      (void)pos;
      return nlohmann::json::object();
    }
  }
};

}  // namespace tav::explore
