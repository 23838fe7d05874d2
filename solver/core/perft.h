// Perft: the number of leaf positions `depth` plies from a position.
//
// Convention (RULES.md): a forced pass is one ply; a position where the game
// is over is a leaf at any depth. The last ply is bulk-counted with
// count_moves when the game provides it (a finished game counts 1, so a leaf
// count at depth 1 is max(count_moves, 1)).
#pragma once

#include <cstdint>

#include "core/game.h"

namespace tav {

template <Game G>
std::uint64_t Perft(const G& game, const typename G::Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) {
    const int n = CountMoves(game, pos);
    return n > 0 ? static_cast<std::uint64_t>(n) : 1;
  }
  typename G::MoveList moves;
  game.generate_moves(pos, moves);
  if (moves.size() == 0) return 1;
  std::uint64_t total = 0;
  for (const auto& move : moves) {
    typename G::Position child = pos;
    game.play(child, move);
    if (depth == 2) {
      // The last ply inline: one call per leaf's parent saved (a tenth of an
      // Othello perft, where a leaf costs a few nanoseconds).
      const int n = CountMoves(game, child);
      total += n > 0 ? static_cast<std::uint64_t>(n) : 1;
    } else {
      total += Perft(game, child, depth - 1);
    }
  }
  return total;
}

}  // namespace tav
