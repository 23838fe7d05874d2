// The static evaluation of a position: what a depth-limited search sees at its
// horizon, without searching (`tav eval`).
//
// The value is on the scale of the game's exact value (final_value) for the
// side to move, so an evaluation can be compared with a solve directly: a
// finished game evaluates to its exact value, any other position to the
// evaluation clamped into [-kMaxValue, kMaxValue], exactly as the heuristic
// search scores a leaf (search/alphabeta.h). Evaluations are resolved by name
// (eval/evaluation.h): "handmade" (the game's evaluate()), "learned" (the
// weights built in for the board), "default" (learned where built in, else
// handmade) or a weights file; a game without features has only handmade,
// and games without evaluate() have no static evaluation (HasEvaluate is
// false): callers reject them rather than report 0.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/provenance.h"
#include "core/record_header.h"
#include "eval/evaluation.h"
#include "nlohmann/json.hpp"

namespace tav::search {

// The game's hand-written evaluate().
inline constexpr std::string_view kHandmadeEval = eval::kHandmade;

// OK if `name` resolves to an evaluation of `game` (a weights file is read
// and checked); otherwise the error naming what is wrong.
template <Game G>
absl::Status CheckEvalName(const G& game, std::string_view name) {
  return eval::ResolveModel(game, name).status();
}

// The static value of `pos` for the side to move under the game's own
// evaluate() (G may be a learned Evaluated<G>): the exact value if the game
// is over, else the clamped evaluate().
template <Game G>
requires HasEvaluate<G>
int StaticValue(const G& game, const typename G::Position& pos) {
  if (game.is_over(pos)) return game.final_value(pos);
  return std::clamp(static_cast<int>(game.evaluate(pos)), -G::kMaxValue, G::kMaxValue);
}

// The same under the evaluation `name`, or the error resolving it.
template <Game G>
absl::StatusOr<int> StaticValue(const G& game, const typename G::Position& pos,
                                std::string_view name) {
  int value = 0;
  absl::Status status = eval::WithEvaluation(game, name, [&](const auto& e) {
    if constexpr (HasEvaluate<std::decay_t<decltype(e)>>) value = StaticValue(e, pos);
    return absl::OkStatus();
  });
  if (!status.ok()) return status;
  return value;
}

// Schema 1 of kind "eval" (data/README.md). `moves` is the --moves text that
// led to `pos` (may be empty), `value` StaticValue(game, pos, name).
template <Game G>
nlohmann::json EvalRecord(const G& game, const typename G::Position& pos, const std::string& moves,
                          int value, std::string_view name) {
  nlohmann::json j = RecordHeader(game, "eval");
  j["position"] = game.position_string(pos);
  j["moves"] = moves;
  const int side = game.side_to_move(pos);
  j["side_to_move"] = side;
  j["game_over"] = game.is_over(pos);
  j["eval"] = eval::ResolvedEvalName(game, name);
  j["value"] = value;
  j["value_first_player"] = side == 0 ? value : -value;
  j["provenance"] = Provenance();
  return j;
}

}  // namespace tav::search
