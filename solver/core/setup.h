// Building a position from the CLI's --position / --moves.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/game.h"

namespace tav {

// Splits a move list on spaces, commas and tabs; empty tokens are dropped.
inline std::vector<std::string> SplitMoves(std::string_view moves) {
  std::vector<std::string> out;
  for (absl::string_view token : absl::StrSplit(absl::string_view(moves.data(), moves.size()),
                                                absl::ByAnyChar(" ,\t\n"), absl::SkipEmpty())) {
    out.emplace_back(token);
  }
  return out;
}

// Plays `moves` (notation, space separated) from `pos`, checking each for
// legality. The error names the offending move and its number.
template <Game G>
absl::StatusOr<typename G::Position> PlayMoves(const G& game, typename G::Position pos,
                                               std::string_view moves) {
  int number = 0;
  for (const std::string& token : SplitMoves(moves)) {
    ++number;
    if (game.is_over(pos)) {
      return absl::InvalidArgumentError(
          absl::StrCat("move ", number, " '", token, "': the game is already over"));
    }
    absl::StatusOr<typename G::Move> move = game.parse_move(pos, token);
    if (!move.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("move ", number, " '", token, "': ", move.status().message()));
    }
    game.play(pos, *move);
  }
  return pos;
}

// The position named by --position (default: the start) followed by --moves.
template <Game G>
absl::StatusOr<typename G::Position> SetupPosition(const G& game, std::string_view position,
                                                   std::string_view moves) {
  typename G::Position pos = game.start();
  if (!position.empty()) {
    absl::StatusOr<typename G::Position> parsed = game.parse_position(position);
    if (!parsed.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad --position: ", parsed.status().message()));
    }
    pos = *parsed;
  }
  return PlayMoves(game, pos, moves);
}

}  // namespace tav
