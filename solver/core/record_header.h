// The header every JSON record starts with (data/README.md "conventions"):
// {schema, kind, game, variant, size, board, options}.
//
// One builder, so that every record names its game the same way and a new
// identity key reaches all of them at once. A record adds its own keys after
// the header (nlohmann::json::update); `provenance`, which not every record
// carries, is the caller's.
#pragma once

#include <string>
#include <string_view>

#include "core/game.h"
#include "core/game_options.h"
#include "nlohmann/json.hpp"

namespace tav {

// What a record says about its game: the rules and the board they make.
struct RecordGame {
  std::string game;     // G::kName
  std::string variant;  // game.variant()
  int size = 0;         // game.size()
  std::string board;    // game.board_name()
  std::string options;  // GameOptions(game): canonical, "" = the defaults
};

// The identity of `game` as a record states it.
template <Game G>
RecordGame RecordGameOf(const G& game) {
  return {std::string(G::kName), game.variant(), game.size(), game.board_name(), GameOptions(game)};
}

// {schema, kind, game, variant, size, board, options} of a record about `id`
// (e.g. a book's header, where no game object is at hand).
inline nlohmann::json RecordHeader(const RecordGame& id, std::string_view kind, int schema = 1) {
  return {{"schema", schema}, {"kind", kind},      {"game", id.game},      {"variant", id.variant},
          {"size", id.size},  {"board", id.board}, {"options", id.options}};
}

// The same for a record about a position of `game`.
template <Game G>
nlohmann::json RecordHeader(const G& game, std::string_view kind, int schema = 1) {
  return RecordHeader(RecordGameOf(game), kind, schema);
}

}  // namespace tav
