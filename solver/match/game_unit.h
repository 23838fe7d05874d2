// The unit of work of a match: one game between two engine configurations
// from one opening with one colour assignment, played to the end.
//
// Design. A unit is fully described by text (the game spec, the opening's
// moves, who plays first, both configurations as flags text) and so is its
// result, a "match_game" record (data/README.md). So a game can be played in
// another process or on another machine: a dispatcher (MPI, a batch queue)
// sends GameUnit::ToJson(), the worker runs `tav match --unit=JSON` (or
// PlayGame() in-process) and the returned record is appended to the master's
// games.jsonl exactly as local threads append theirs. Nothing in a unit
// refers to the master's memory, and a game depends on nothing but its unit:
// both engines start it with empty tables (Engine::NewGame), so with depth or
// node budgets (no clock) a unit always gives the same record, wherever and
// in whatever order it is played. The trade-off: engines forget what they
// learnt in earlier games, as in engine testing practice.
//
// Conventions: plies count from the game's start (the opening's moves are
// plies 0..P-1); a move's `value` is the engine's, for the side to move; the
// record's `margin` is the final value for the first player, `a_margin` the
// same for engine a; a scores 1 for a positive a_margin, 1/2 for zero, 0 for
// a negative one, and its `result` is "win", "draw" or "loss" for a. `exact_from_ply` is the first
// ply from which every move, by either side, was chosen with an exact value (null if the last move
// was not), so the result is then the exact value of the position at that ply.
//
// JSON forms (schema 1; readers reject other schemas):
//   unit: {"schema":1, "kind":"match_unit", "game", "variant", "size",
//          "options", "game_index", "opening_index", "opening":[moves],
//          "a_first", "a", "b"}   (a, b: engine configuration strings)
//   record: kind "match_game", the unit's keys plus the result (GameRecord).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/game.h"
#include "core/setup.h"
#include "engine/config.h"
#include "engine/engine.h"
#include "match/openings.h"
#include "nlohmann/json.hpp"

namespace tav::match {

struct GameUnit {
  GameSpec spec;  // canonical: the game's own variant, size and options
  int game_index = 0;
  int opening_index = 0;
  Opening opening;
  bool a_first = true;  // engine a plays the first player's side
  engine::EngineConfig a, b;

  nlohmann::json ToJson() const;
  // InvalidArgument naming the missing or bad key.
  static absl::StatusOr<GameUnit> FromJson(const nlohmann::json& j);
};

// One move an engine chose.
struct MoveInfo {
  int ply = 0;
  bool by_a = true;
  std::string move;
  int value = 0;  // for the side to move
  bool exact = false;
  int depth = 0;
  std::string search;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

struct GameRecord {
  GameUnit unit;
  std::string board;               // the game's board_name()
  std::vector<std::string> moves;  // the whole game: opening, then the engines' moves
  std::vector<MoveInfo> played;    // the engines' moves, one per ply after the opening
  int margin = 0;                  // final value for the first player
  std::optional<int> exact_from_ply;
  std::string final_position;

  int a_margin() const { return unit.a_first ? margin : -margin; }
  double a_points() const { return a_margin() > 0 ? 1.0 : a_margin() == 0 ? 0.5 : 0.0; }
  nlohmann::json ToJson() const;
};

// The points of engine a in a match_game record (its "a_points"), checked:
// InvalidArgument unless it is 0, 0.5 or 1.
absl::StatusOr<double> RecordPoints(const nlohmann::json& record);

// The first ply from which every engine move was exact (see the top).
std::optional<int> ExactFromPly(const std::vector<MoveInfo>& played, int opening_plies);

// Plays `unit` to the end with engines `a` and `b` (made for this game from
// unit.a and unit.b; both are reset first). InvalidArgument when the opening
// is not legal here or ends the game; Internal when an engine chooses a move
// that is not legal (a search that did not finish one iteration).
template <Game G>
absl::StatusOr<GameRecord> PlayGame(const G& game, const GameUnit& unit, engine::Engine<G>& a,
                                    engine::Engine<G>& b) {
  absl::StatusOr<typename G::Position> start =
      PlayMoves(game, game.start(), absl::StrJoin(unit.opening, " "));
  if (!start.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("opening ", unit.opening_index, ": ", start.status().message()));
  }
  if (game.is_over(*start)) {
    return absl::InvalidArgumentError(
        absl::StrCat("opening ", unit.opening_index, " ends the game (nothing left to play)"));
  }
  a.NewGame();
  b.NewGame();
  GameRecord record;
  record.unit = unit;
  record.board = game.board_name();
  record.moves = unit.opening;
  typename G::Position pos = *start;
  const int opening_plies = static_cast<int>(unit.opening.size());
  typename G::MoveList legal;  // to check each engine's move: a bad one is an error, not a game
  for (int ply = opening_plies; !game.is_over(pos); ++ply) {
    const bool first_to_move = game.side_to_move(pos) == 0;
    const bool by_a = first_to_move == unit.a_first;
    engine::MoveChoice<G> c = (by_a ? a : b).Choose(pos);
    game.generate_moves(pos, legal);
    if (std::find(legal.begin(), legal.end(), c.move) == legal.end()) {
      return absl::InternalError(
          absl::StrCat("engine ", by_a ? "a" : "b", " (", unit.a_first == by_a ? "first" : "second",
                       " player) chose no legal move at ply ", ply, " of game ", unit.game_index));
    }
    MoveInfo info{ply,      by_a,          game.move_string(pos, c.move),
                  c.value,  c.exact,       c.depth,
                  c.search, c.stats.nodes, c.stats.seconds};
    record.moves.push_back(info.move);
    record.played.push_back(std::move(info));
    game.play(pos, c.move);
  }
  const int value = game.final_value(pos);
  record.margin = game.side_to_move(pos) == 0 ? value : -value;
  record.exact_from_ply = ExactFromPly(record.played, opening_plies);
  record.final_position = game.position_string(pos);
  return record;
}

// PlayGame with engines made from the unit's configurations (the entry point
// of `tav match --unit`). Errors of MakeEngine are returned as they are.
template <Game G>
absl::StatusOr<GameRecord> PlayUnit(const G& game, const GameUnit& unit) {
  auto a = engine::MakeEngine(game, unit.a);
  if (!a.ok()) return a.status();
  auto b = engine::MakeEngine(game, unit.b);
  if (!b.ok()) return b.status();
  return PlayGame(game, unit, **a, **b);
}

}  // namespace tav::match
