// What tav match and tav selfplay share: the worker's side of a match unit,
// the openings file, and the run directory's flags.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "cli/flags.h"
#include "core/atomic_file.h"
#include "core/game.h"
#include "match/match.h"
#include "match/openings.h"

namespace tav::cli {

// Plays one game given as a match_unit's JSON text (match/game_unit.h): its
// match_game record's text, or InvalidArgument naming what is wrong (--unit,
// and the workers of an MPI run).
absl::StatusOr<std::string> PlayUnitText(std::string_view text);

// The openings of --openings=FILE (checked as an input, every line legal).
template <Game G>
absl::StatusOr<std::vector<match::Opening>> OpeningsFromFile(const G& game,
                                                             const std::string& file) {
  if (absl::Status s = CheckInputFile("--openings", file); !s.ok()) return s;
  absl::StatusOr<std::string> text = ReadWholeFile(file);
  if (!text.ok()) return text.status();
  return match::ParseOpenings(game, *text, file);
}

// --out (required: `what` names the directory in the error), --resume,
// --threads and --test-delay-ms into `opts`, with progress on.
absl::Status RunDirFromFlags(std::string_view what, match::MatchOptions& opts);

}  // namespace tav::cli
