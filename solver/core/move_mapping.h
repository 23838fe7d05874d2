// Carrying moves between symmetric images of a position.
//
// Explored records and book entries store moves in the frame of the canonical
// representative of a position; a user asks about the position as reached by
// their own move sequence, which may be another image of it. A move m of
// position `a` corresponds to the move x of position `b` (an image of `a`)
// whose child is an image of a's child after m.
//
// With the game's OPTIONAL transform_move the symmetry between a and b is
// found (at most symmetry_count() transforms) and the move mapped directly;
// otherwise the children of b are compared with a's child by canonical form,
// which needs no knowledge of the game's move encoding.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/symmetry.h"

namespace tav {

// The move of `b` that corresponds to move `m` of `a`; nullopt if a and b are
// not images of each other (or m has no counterpart, which a correct
// symmetry never allows).
template <Game G>
std::optional<typename G::Move> MapMove(const G& game, const typename G::Position& a,
                                        typename G::Move m, const typename G::Position& b) {
  if (a == b) return m;
  if constexpr (HasTransformMove<G>) {
    for (int s = 1; s < game.symmetry_count(); ++s) {
      if (game.transform(a, s) == b) return game.transform_move(a, m, s);
    }
  }
  typename G::Position child = a;
  game.play(child, m);
  const typename G::Position target = Canonicalize(game, child).position;
  typename G::MoveList moves;
  game.generate_moves(b, moves);
  for (const auto& x : moves) {
    typename G::Position y = b;
    game.play(y, x);
    if (Canonicalize(game, y).position == target) return x;
  }
  return std::nullopt;
}

// Maps a line of moves (notation, legal from `a`) to the corresponding line
// from `b`. Stops early (returning the mapped prefix) at a move that does not
// parse or has no counterpart.
template <Game G>
std::vector<std::string> MapLine(const G& game, typename G::Position a,
                                 const std::vector<std::string>& line, typename G::Position b) {
  std::vector<std::string> out;
  for (const std::string& text : line) {
    auto m = game.parse_move(a, text);
    if (!m.ok()) break;
    const std::optional<typename G::Move> x = MapMove(game, a, *m, b);
    if (!x) break;
    out.push_back(game.move_string(b, *x));
    game.play(a, *m);
    game.play(b, *x);
  }
  return out;
}

}  // namespace tav
