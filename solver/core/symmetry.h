// Canonical forms under a game's board symmetries.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"

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

// A first move and the position it makes.
template <Game G>
struct FirstMove {
  typename G::Move move;
  typename G::Position position;
};

// One first move per symmetry class of the positions after it (Cathedral:
// the Cathedral placements up to rotation, 56 on 10x10), in move generation
// order, each class named by its first move in that order.
template <Game G>
std::vector<FirstMove<G>> FirstMoveClasses(const G& game) {
  const typename G::Position start = game.start();
  typename G::MoveList moves;
  game.generate_moves(start, moves);
  absl::flat_hash_set<std::uint64_t> seen;  // the classes' least hashes
  std::vector<FirstMove<G>> out;
  for (const auto& m : moves) {
    typename G::Position child = start;
    game.play(child, m);
    if (seen.insert(game.hash(Canonicalize(game, child).position)).second)
      out.push_back({m, child});
  }
  return out;
}

}  // namespace tav
