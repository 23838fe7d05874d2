// Flags shared by several subcommands, and the flag parser.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/status/statusor.h"
#include "core/game.h"

ABSL_DECLARE_FLAG(std::string, game);
ABSL_DECLARE_FLAG(std::string, variant);
ABSL_DECLARE_FLAG(int, size);
ABSL_DECLARE_FLAG(std::string, pieces);
ABSL_DECLARE_FLAG(std::string, empty_columns);
ABSL_DECLARE_FLAG(std::string, options);
ABSL_DECLARE_FLAG(std::string, moves);
ABSL_DECLARE_FLAG(std::string, position);
ABSL_DECLARE_FLAG(int, depth);
ABSL_DECLARE_FLAG(int, threads);
ABSL_DECLARE_FLAG(int, tt_mb);
ABSL_DECLARE_FLAG(bool, json);
ABSL_DECLARE_FLAG(std::string, mode);
ABSL_DECLARE_FLAG(std::string, out);
ABSL_DECLARE_FLAG(double, budget_s);
ABSL_DECLARE_FLAG(bool, resume);

namespace tav::cli {

// The flags that pick a game and a position; most subcommands take all of them.
inline const std::vector<std::string_view> kGameFlags = {"game",   "variant",       "size",
                                                         "pieces", "empty-columns", "options"};
inline const std::vector<std::string_view> kPositionFlags = {"moves", "position"};

// Parses argv[first..] against the allowed flags (hyphenated names; '-' and '_'
// are interchangeable on the command line). Accepts --name=value, --name value,
// --name / --noname for booleans, and a single leading dash. Returns the
// positional arguments. Errors name the flag and the problem.
absl::StatusOr<std::vector<std::string>> ParseFlags(int argc, char** argv, int first,
                                                    const std::vector<std::string_view>& allowed);

// True when the last ParseFlags saw --name (or --noname) on the command line,
// whatever its value: lets a command tell an explicit value from the default.
bool FlagGiven(std::string_view name);

// Help lines ("  --name=<default>  help") for the given flags.
std::string FlagHelp(const std::vector<std::string_view>& names);

// The GameSpec named by --game/--variant/--size/--pieces/--empty-columns;
// --game is required.
// --options, with --pieces and --empty-columns added as their items (GameSpec::options).
std::string GameOptionsFromFlags();
absl::StatusOr<GameSpec> GameSpecFromFlags();

// --threads resolved: 0 (the default) means every core.
int ThreadsFromFlag();

}  // namespace tav::cli
