// The `tav` subcommand table and the conventions every subcommand follows.
//
// A subcommand is a function from its positional arguments to a Status. Flags
// are Abseil flags (registered where they are defined), but parsed by our own
// small parser (flags.cc) so that each subcommand accepts only its own flags,
// flag names may be spelled with hyphens (--tt-mb), and every bad flag or
// value becomes one error line and exit status 2 instead of Abseil's exit 1.
//
// Exit status: 0 success; 2 bad input (an InvalidArgument/NotFound/
// OutOfRange/FailedPrecondition/DataLoss status: bad flag, position, move,
// file contents); 1 any other failure (I/O errors, internal errors).
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
