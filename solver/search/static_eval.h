// The static evaluation of a position: what a depth-limited search sees at its
// horizon, without searching (`tav eval`).
//
// The value is on the scale of the game's exact value (final_value) for the
// side to move, so an evaluation can be compared with a solve directly: a
// finished game evaluates to its exact value, any other position to the
// game's evaluate() clamped into [-kMaxValue, kMaxValue], exactly as the
// heuristic search scores a leaf (search/alphabeta.h). Evaluations are named
// so that learned ones (weights read from a file) can join the hand-written
// one later without changing the callers; today the only one is "handmade",
// the game's own evaluate(). Games without evaluate() have no static
// evaluation (HasEvaluate is false): callers reject them rather than report 0.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/provenance.h"
#include "core/record_header.h"
#include "nlohmann/json.hpp"

namespace tav::search {

// The game's hand-written evaluate(); the default evaluation.
inline constexpr std::string_view kHandmadeEval = "handmade";

// OK if `name` is an evaluation this build knows; otherwise an InvalidArgument
// naming it and the known ones.
inline absl::Status CheckEvalName(std::string_view name) {
  if (name == kHandmadeEval) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("unknown --eval='", std::string(name), "': the only evaluation is '",
                   std::string(kHandmadeEval), "' (files of learned weights come later)"));
}

// The static value of `pos` for the side to move under the evaluation
// `name` (CheckEvalName must have accepted it): the exact value if the game is
// over, else the clamped evaluate().
template <Game G>
requires HasEvaluate<G>
int StaticValue(const G& game, const typename G::Position& pos, std::string_view name) {
  (void)name;  // one evaluation so far
  if (game.is_over(pos)) return game.final_value(pos);
  return std::clamp(static_cast<int>(game.evaluate(pos)), -G::kMaxValue, G::kMaxValue);
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
  j["eval"] = std::string(name);
  j["value"] = value;
  j["value_first_player"] = side == 0 ? value : -value;
  j["provenance"] = Provenance();
  return j;
}

}  // namespace tav::search
