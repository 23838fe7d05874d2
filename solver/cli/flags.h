// Flags shared by several subcommands, the flag parser, and the one layer
// that validates flag values.
//
// Design: every command takes its flags through ParseFlags, and ParseFlags
// range-checks every numeric flag the user gives (kFlagRanges in flags.cc)
// before any command sees it. So a flag means the same thing, in the same
// unit, and is refused with the same words by every command that takes it:
// --threads 0 (all cores) to 1024; --tt-mb and --memory-mb in MiB (2^20
// bytes), 1 to the machine's memory; --budget-s in seconds, >= 0 (0 = no
// limit). Defaults are not checked (they are valid by construction). A flag
// given twice, or an old spelling (--budget-seconds, --max-seconds,
// --memory-gb), is one error line naming the problem. The trade-off: a
// command cannot give a shared flag a range of its own (narrower ranges,
// such as --depth for explore's search mode, stay in the command).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/strings.h"
#include "dispatch/dispatcher.h"

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
ABSL_DECLARE_FLAG(int, threshold);
ABSL_DECLARE_FLAG(std::string, out);
ABSL_DECLARE_FLAG(double, budget_s);
ABSL_DECLARE_FLAG(bool, resume);
ABSL_DECLARE_FLAG(double, checkpoint_s);
ABSL_DECLARE_FLAG(bool, force);
ABSL_DECLARE_FLAG(int, games);
ABSL_DECLARE_FLAG(bool, mpi);
ABSL_DECLARE_FLAG(std::uint64_t, seed);

namespace tav::cli {

// The flags that pick a game and a position; most subcommands take all of them.
inline const std::vector<std::string_view> kGameFlags = {"game",   "variant",       "size",
                                                         "pieces", "empty-columns", "options"};
inline const std::vector<std::string_view> kPositionFlags = {"moves", "position"};

// A command's accepted flags: the lists joined in order, e.g.
// FlagList({kGameFlags, kPositionFlags, {"depth", "json"}}).
std::vector<std::string_view> FlagList(std::initializer_list<std::vector<std::string_view>> lists);

// Parses argv[first..] against the allowed flags (hyphenated names; '-' and '_'
// are interchangeable on the command line). Accepts --name=value, --name value,
// --name / --noname for booleans, and a single leading dash. Returns the
// positional arguments. Errors name the flag and the problem.
absl::StatusOr<std::vector<std::string>> ParseFlags(int argc, char** argv, int first,
                                                    const std::vector<std::string_view>& allowed);

// True when the last ParseFlags saw --name (or --noname) on the command line,
// whatever its value: lets a command tell an explicit value from the default.
bool FlagGiven(std::string_view name);

// --threshold against the mode: its value when `threshold_mode` (which needs
// it), else 0; an error naming the flag when one is given without the other.
absl::StatusOr<int> ThresholdFromFlag(bool threshold_mode);

// OK unless `threshold` (a first player's value) lies outside the values of G,
// -M-1 to M+1 (M = G::kMaxValue; those two already have their answer), where
// a threshold search's window would leave its range; `what` names the source.
template <class G>
absl::Status CheckThresholdRange(int threshold, std::string_view what) {
  if (std::abs(threshold) <= G::kMaxValue + 1) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(AV(what), "=", threshold, " is outside ",
                                                 AV(G::kName), "'s values (", -G::kMaxValue - 1,
                                                 " to ", G::kMaxValue + 1, ")"));
}

// The machine's physical memory in MiB: the upper bound of --tt-mb and
// --memory-mb.
std::size_t PhysicalMemoryMb();

// The validation layer's check of one value of a numeric flag (hyphenated or
// underscored name), for values that come from elsewhere than the command
// line (explore --unit's JSON). OK for flags without a rule. The message is
// "bad SHOWN=VALUE: must be ...", SHOWN being --NAME unless given.
absl::Status CheckFlagValue(std::string_view name, double value, std::string_view shown = "");

// Paths named by flags, checked before a command reads or writes anything,
// so that every command refuses them alike (exit status 2, the flag named):
// an input file must be a readable regular file (not a directory); an output
// directory must not be a file, and the nearest existing directory above it
// must be writable (it is created). Output files are checked by
// core/atomic_file.h's CheckOutputFile, which also refuses an output that is
// one of the command's inputs.
absl::Status CheckInputFile(std::string_view flag, const std::string& path);
absl::Status CheckOutputDir(std::string_view flag, const std::string& path);

// Help lines ("  --name=<default>  help") for the given flags.
std::string FlagHelp(const std::vector<std::string_view>& names);

// The GameSpec named by --game/--variant/--size/--pieces/--empty-columns;
// --game is required.
// --options, with --pieces and --empty-columns added as their items (GameSpec::options).
std::string GameOptionsFromFlags();
absl::StatusOr<GameSpec> GameSpecFromFlags();

// --threads resolved (ParseFlags has checked it): 0 (the default) means every core.
int ThreadsFromFlag();

// --mpi (dispatch/mpi.h): this process's part in the command. Without --mpi,
// neither (the command runs alone), unless mpirun started several processes
// (FailedPrecondition: add --mpi). With --mpi, `worker` on ranks 1..N-1 (the
// command only serves units with `solver`) and the master's dispatcher on
// rank 0 (the command runs its job through it; it solves units with a second
// `solver` of its own). `make_solver` is called only with --mpi, once.
// FailedPrecondition, one line, for a build without MPI or a run of one process.
struct MpiRole {
  bool worker = false;
  dispatch::UnitSolver solver;  // the worker's
  dispatch::Dispatcher* master = nullptr;
};
absl::StatusOr<MpiRole> MpiRoleFromFlag(const std::function<dispatch::UnitSolver()>& make_solver);

}  // namespace tav::cli
