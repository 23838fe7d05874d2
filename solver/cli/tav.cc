// tav: the Tavoliere command-line program. Dispatches to a subcommand.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"
#include "cli/command.h"
#include "cli/flags.h"
#include "core/provenance.h"
#include "core/strings.h"
#include "dispatch/mpi.h"
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
      "\nFlags are written --name=value (or --name value), each at most once; booleans as\n"
      "--name or --noname. Units: memory in MiB (2^20 bytes: --tt-mb, --memory-mb), time in\n"
      "seconds (--budget-s).\n"
      "Exit status: 0 ok; 2 anything the command line or its files can fix (a bad or\n"
      "repeated flag, position or move; a missing, damaged or unsuitable input file or\n"
      "database; an output path that cannot be written; too little memory for the sizes\n"
      "asked; a solve or exact exploration that cannot finish without --force), with\n"
      "one error line; 1 only for an internal error or a result that disagrees with a\n"
      "check (tav demo, solve --suite, crosscheck).\n");
}

void PrintCommandHelp(const Command& c) {
  std::printf("usage: tav %s [flags]\n\n%s\n\n%s\n", std::string(c.name).c_str(),
              std::string(c.summary).c_str(), std::string(c.details).c_str());
  if (!c.flags.empty()) std::printf("\nflags:\n%s", FlagHelp(c.flags).c_str());
}

// "tav book --help": the commands of a two-word group.
bool PrintGroupHelp(const std::string& group) {
  std::string lines;
  for (const Command& c : AllCommands()) {
    if (c.name.starts_with(group + " ")) {
      absl::StrAppend(&lines, absl::StrFormat("  %-14s %s\n", AV(c.name), AV(c.summary)));
    }
  }
  if (lines.empty()) return false;
  std::printf("usage: tav %s <command> [flags]     tav %s <command> --help\n\ncommands:\n%s",
              group.c_str(), group.c_str(), lines.c_str());
  return true;
}

// " solve": the running command, for the terminate handler's line.
std::string& CurrentCommand() {
  static std::string name;
  return name;
}

absl::Status OutOfMemory() {
  return absl::ResourceExhaustedError(
      "out of memory: an allocation failed; lower --tt-mb or --memory-mb, or use fewer threads");
}

// An exception that escapes a parallel region (or anything else) ends in
// std::terminate: one line instead of the runtime's abort message.
[[noreturn]] void OnTerminate() {
  const std::exception_ptr e = std::current_exception();
  bool out_of_memory = false;
  if (e) {
    try {
      std::rethrow_exception(e);
    } catch (const std::bad_alloc&) {
      out_of_memory = true;
    } catch (...) {
    }
  }
  std::fprintf(stderr, "tav%s: error: %s\n", CurrentCommand().c_str(),
               out_of_memory ? std::string(OutOfMemory().message()).c_str()
                             : "internal error: terminated by an uncaught exception (out of "
                               "memory in a parallel region?); lower --tt-mb or --memory-mb");
  std::fflush(stderr);
  std::_Exit(out_of_memory ? kExitBadInput : kExitFailure);
}

bool IsHelp(const char* arg) {
  return !std::strcmp(arg, "--help") || !std::strcmp(arg, "-h") || !std::strcmp(arg, "-help") ||
         !std::strcmp(arg, "help");
}

constexpr int kSilentRankWaitSeconds = 10;

int Fail(const std::string& where, const absl::Status& status) {
  // One line, always: a multi-line message is folded.
  std::string message = absl::StrReplaceAll(status.message(), {{"\n", "; "}});
  // Under mpirun every rank parses the same command line: rank 0 says what is wrong.
  const char* rank = std::getenv("OMPI_COMM_WORLD_RANK");
  if (rank == nullptr || !std::strcmp(rank, "0")) {
    std::fprintf(stderr, "tav%s: error: %s\n", where.c_str(), message.c_str());
  } else {
    // The first rank to exit with an error makes mpirun kill the others: had a silent rank
    // left first, rank 0 could be killed before its line got out (seen on a loaded machine).
    // So a silent rank waits for that kill, a few seconds at most, never for good.
    std::this_thread::sleep_for(std::chrono::seconds(kSilentRankWaitSeconds));
  }
  switch (status.code()) {
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kNotFound:
    case absl::StatusCode::kOutOfRange:
    case absl::StatusCode::kFailedPrecondition:
    case absl::StatusCode::kDataLoss:
    case absl::StatusCode::kAlreadyExists:
    case absl::StatusCode::kPermissionDenied:
    case absl::StatusCode::kResourceExhausted:
    case absl::StatusCode::kUnavailable:  // an MPI run stopped from outside: --resume finishes it
      return kExitBadInput;
    default:
      return kExitFailure;
  }
}

}  // namespace

int Main(int argc, char** argv) {
  std::set_terminate(OnTerminate);
  SetCommandLine(argc, argv);
  SetBuildInfo(kVersion, kGitCommit);
  if (argc < 2 || IsHelp(argv[1])) {
    if (argc >= 3 && IsHelp(argv[1])) {  // tav help perft, tav help book [query]
      const std::string name = argc >= 4 ? absl::StrCat(argv[2], " ", argv[3]) : argv[2];
      for (const Command& c : AllCommands()) {
        if (c.name == name) {
          PrintCommandHelp(c);
          return kExitOk;
        }
      }
      if (PrintGroupHelp(argv[2])) return kExitOk;
      return Fail("", absl::InvalidArgumentError(
                          absl::StrCat("unknown command '", name, "' (see tav --help)")));
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
  if (command == nullptr && argc >= 3 && IsHelp(argv[2]) && PrintGroupHelp(argv[1])) {
    return kExitOk;  // tav book --help
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
  CurrentCommand() = where;
  absl::StatusOr<std::vector<std::string>> args =
      ParseFlags(argc, argv, first_flag, command->flags);
  if (!args.ok()) return Fail(where, args.status());
  absl::Status status;
  try {
    status = command->run(*args);
  } catch (const std::bad_alloc&) {
    // The last resort: sizes are checked against the machine's memory when
    // parsed (flags.h), but an allocation can still fail (other processes,
    // limits). Outside parallel regions it lands here.
    status = OutOfMemory();
  }
  if (!status.ok()) return Fail(where, status);
  return kExitOk;
}

}  // namespace tav::cli

int main(int argc, char** argv) {
  const int status = tav::cli::Main(argc, argv);
  tav::dispatch::LeaveMpiWorld(status);  // --mpi: the workers stopped, MPI finalized
  return status;
}
