// The worker's side of a match unit, shared by tav match and tav selfplay.
#pragma once

#include <string>
#include <string_view>

#include "absl/status/statusor.h"

namespace tav::cli {

// Plays one game given as a match_unit's JSON text (match/game_unit.h): its
// match_game record's text, or InvalidArgument naming what is wrong (--unit,
// and the workers of an MPI run).
absl::StatusOr<std::string> PlayUnitText(std::string_view text);

}  // namespace tav::cli
