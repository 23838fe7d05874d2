// Canonical forms under a game's board symmetries.
#pragma once

#include <string>

#include "core/game.h"

namespace tav {

template <Game G>
struct Canonical {
  typename G::Position position;  // the representative of the symmetry class
  int symmetry = 0;               // position == game.transform(original, symmetry)
};

// The representative of a position's symmetry class: the image with the
// smallest hash, ties (different images with equal hashes, which only happens
// for truly different positions by a 2^-64 accident) broken by position string
// so the choice never depends on the order of the transforms.
template <Game G>
Canonical<G> Canonicalize(const G& game, const typename G::Position& pos) {
  Canonical<G> best{pos, 0};
  std::uint64_t best_hash = game.hash(pos);
  for (int s = 1; s < game.symmetry_count(); ++s) {
    typename G::Position image = game.transform(pos, s);
    const std::uint64_t h = game.hash(image);
    if (h < best_hash || (h == best_hash && !(image == best.position) &&
                          game.position_string(image) < game.position_string(best.position))) {
      best = {image, s};
      best_hash = h;
    }
  }
  return best;
}

}  // namespace tav
