// The `tav` subcommand table and the conventions every subcommand follows.
//
// A subcommand is a function from its positional arguments to a Status. Flags
// are Abseil flags (registered where they are defined), but parsed by our own
// small parser (flags.cc) so that each subcommand accepts only its own flags,
// flag names may be spelled with hyphens (--tt-mb), and every bad flag or
// value becomes one error line and exit status 2 instead of Abseil's exit 1.
//
// Flag values are range-checked once, by ParseFlags (the validation layer,
// flags.h), paths by CheckInputFile/CheckOutputDir there and core's CheckOutputFile.
//
// Exit status (the contract `tav --help` states): 0 success; 2 anything the
// user can fix in the command line or its input files: a bad, repeated or
// renamed flag, position or move; a missing, damaged or unsuitable input file
// or database; an output path that cannot be written; too little memory for
// the sizes asked; a solve refused as unable to finish (an InvalidArgument,
// NotFound, OutOfRange, FailedPrecondition, DataLoss, AlreadyExists,
// PermissionDenied or ResourceExhausted status; Unavailable: an MPI run stopped from
// outside, which --resume finishes); 1 only for an internal
// error, an I/O failure during the run, or a result that disagrees with a
// check (tav demo, solve --suite, crosscheck). Either way one error line. A
// std::bad_alloc is caught in main (exit 2); inside an OpenMP parallel region,
// which an exception must not leave, the region catches it and stops (the
// explorer's frontier, the search's root threads) and it reaches main as a
// ResourceExhausted status or a rethrow after the region. Anything else that
// escapes a region ends in a one-line terminate handler (exit 1).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"

namespace tav::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitBadInput = 2;

struct Command {
  std::string_view name;                // "perft", or "book query" for a two-word command
  std::string_view summary;             // one line for `tav --help`
  std::string_view details;             // paragraph(s) for `tav NAME --help`
  std::vector<std::string_view> flags;  // accepted flag names, hyphenated
  absl::Status (*run)(const std::vector<std::string>& args);
};

// Every subcommand, in the order `tav --help` lists them (commands.cc).
const std::vector<Command>& AllCommands();

}  // namespace tav::cli
