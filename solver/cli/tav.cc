// tav: the Tavoliere command-line program. Dispatches to a subcommand.
#include <cstdio>
#include <cstring>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "cli/command.h"
#include "cli/flags.h"
#include "core/provenance.h"
#include "core/strings.h"
#include "version.h"

namespace tav::cli {
namespace {

void PrintOverview() {
  std::printf(
      "tav %s (commit %s): solve abstract board games.\n\n"
      "usage: tav <command> [flags]     tav <command> --help     tav --version\n\n"
      "commands:\n",
      kVersion, kGitCommit);
  for (const Command& c : AllCommands()) {
    std::printf("  %-14s %s\n", std::string(c.name).c_str(), std::string(c.summary).c_str());
  }
  std::printf(
      "\nFlags are written --name=value (or --name value); booleans as --name or --noname.\n"
      "Exit status: 0 ok, 1 failure, 2 bad input (flag, position, move, file).\n");
}

void PrintCommandHelp(const Command& c) {
  std::printf("usage: tav %s [flags]\n\n%s\n\n%s\n", std::string(c.name).c_str(),
              std::string(c.summary).c_str(), std::string(c.details).c_str());
  if (!c.flags.empty()) std::printf("\nflags:\n%s", FlagHelp(c.flags).c_str());
}

bool IsHelp(const char* arg) {
  return !std::strcmp(arg, "--help") || !std::strcmp(arg, "-h") || !std::strcmp(arg, "-help") ||
         !std::strcmp(arg, "help");
}

int Fail(const std::string& where, const absl::Status& status) {
  // One line, always: a multi-line message is folded.
  std::string message = absl::StrReplaceAll(status.message(), {{"\n", "; "}});
  std::fprintf(stderr, "tav%s: error: %s\n", where.c_str(), message.c_str());
  switch (status.code()) {
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kNotFound:
    case absl::StatusCode::kOutOfRange:
    case absl::StatusCode::kFailedPrecondition:
    case absl::StatusCode::kDataLoss:
    case absl::StatusCode::kAlreadyExists:
      return kExitBadInput;
    default:
      return kExitFailure;
  }
}

}  // namespace

int Main(int argc, char** argv) {
  SetCommandLine(argc, argv);
  SetBuildInfo(kVersion, kGitCommit);
  if (argc < 2 || IsHelp(argv[1])) {
    if (argc >= 3 && IsHelp(argv[1])) {  // tav help perft
      for (const Command& c : AllCommands()) {
        if (c.name == argv[2]) {
          PrintCommandHelp(c);
          return kExitOk;
        }
      }
      return Fail("", absl::InvalidArgumentError(absl::StrCat("unknown command '", argv[2], "'")));
    }
    PrintOverview();
    return argc < 2 ? kExitBadInput : kExitOk;
  }
  if (!std::strcmp(argv[1], "--version") || !std::strcmp(argv[1], "version")) {
    std::printf("tav %s (commit %s)\n", kVersion, kGitCommit);
    return kExitOk;
  }
  // Two-word commands ("book query") take precedence over one-word ones.
  const Command* command = nullptr;
  int first_flag = 2;
  for (const Command& c : AllCommands()) {
    if (argc >= 3 && c.name == absl::StrCat(argv[1], " ", argv[2])) {
      command = &c;
      first_flag = 3;
      break;
    }
  }
  if (command == nullptr) {
    for (const Command& c : AllCommands()) {
      if (c.name == argv[1]) command = &c;
    }
  }
  if (command == nullptr) {
    return Fail("", absl::InvalidArgumentError(
                        absl::StrCat("unknown command '", argv[1], "' (see tav --help)")));
  }
  for (int i = first_flag; i < argc; ++i) {
    if (IsHelp(argv[i]) && std::strcmp(argv[i], "help") != 0) {
      PrintCommandHelp(*command);
      return kExitOk;
    }
  }
  const std::string where = absl::StrCat(" ", AV(command->name));
  absl::StatusOr<std::vector<std::string>> args =
      ParseFlags(argc, argv, first_flag, command->flags);
  if (!args.ok()) return Fail(where, args.status());
  absl::Status status = command->run(*args);
  if (!status.ok()) return Fail(where, status);
  return kExitOk;
}

}  // namespace tav::cli

int main(int argc, char** argv) { return tav::cli::Main(argc, argv); }
