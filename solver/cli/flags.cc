// Common flags and the flag parser (see command.h for why we parse ourselves).
#include "cli/flags.h"

#include <omp.h>
#include <unistd.h>

#include <filesystem>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "absl/flags/flag.h"
#include "absl/flags/reflection.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "cli/game_registry.h"
#include "dispatch/mpi.h"

ABSL_FLAG(std::string, game, "", tav::cli::kGameFlagHelp);
ABSL_FLAG(std::string, variant, "",
          "rule variant (othello: standard; desdemona: standard, misere; cathedral: classic, "
          "lehmann; prairie: standard, handicap1..4, extra2..4); empty = the game's default");
ABSL_FLAG(int, size, 0,
          "board size: N for N x N boards, the width for prairie; 0 = the game's default");
ABSL_FLAG(std::string, pieces, "", "cathedral: each player's piece list, e.g. VVSSLLNPMZOCTA");
ABSL_FLAG(std::string, empty_columns, "", "prairie: columns without a buffalo, e.g. a,k");
ABSL_FLAG(std::string, options, "",
          "the game's own options as key=value;... (cathedral: pieces=...; prairie: "
          "empty-columns=...); --pieces and --empty-columns are short for them");
ABSL_FLAG(std::string, moves, "", "moves from the start (or from --position), space separated");
ABSL_FLAG(std::string, position, "", "a position string (RULES.md format) to start from");
ABSL_FLAG(int, depth, 1, "depth in plies");
ABSL_FLAG(int, threads, 0, "worker threads, 0 to 1024; 0 = all cores");
ABSL_FLAG(int, tt_mb, 256,
          "transposition table size in MiB (2^20 bytes), 1 to the machine's memory");
ABSL_FLAG(bool, json, false, "print one JSON object instead of text");
ABSL_FLAG(std::string, mode, "exact",
          "exact (the value), wld (win/draw/loss only), threshold (a bound: see --threshold) or, "
          "for explore, search (depth-limited with the game's evaluation)");
ABSL_FLAG(int, threshold, 0,
          "explore, solve --mode=threshold: the first player's value asked about (is it at least "
          "this?), in the game's units; 1 asks whether the first player wins");
ABSL_FLAG(std::string, out, "", "output file or directory");
ABSL_FLAG(double, budget_s, 0,
          "time budget in seconds, 0 to 10^9; 0 = no limit. explore --mode=search: per position, "
          "iterative deepening (then --depth is ignored); prove: the whole run; crosscheck: "
          "per position, slower ones skipped (not given: 10); verify: stop at the first tier "
          "boundary after it (with --out, to --resume)");
ABSL_FLAG(bool, resume, false, "continue the interrupted run in --out (same parameters)");
ABSL_FLAG(double, checkpoint_s, 60,
          "prove --out, explore (exact, wld, threshold): seconds between saves of the table (each "
          "at least "
          "20 times the last save's time after it)");
ABSL_FLAG(bool, force, false,
          "solve, explore (exact, wld, threshold): run even a search estimated to take longer than "
          "anyone "
          "can wait (by default refused)");
ABSL_FLAG(std::uint64_t, seed, 1,
          "random seed: crosscheck samples, learn self-play, match --random-openings, engine "
          "--noise");
ABSL_FLAG(bool, mpi, false,
          "explore, match, retro: run under mpirun (a build with MPI, 2 or more processes): rank "
          "0 dispatches the units and is the only writer of --out, the other ranks solve them");
ABSL_FLAG(int, games, 0,
          "games to play: learn, self-play games (default 100); match, an even number (default: "
          "each opening twice)");

namespace tav::cli {
namespace {

std::string Underscored(std::string_view name) {
  return absl::StrReplaceAll(absl::string_view(name.data(), name.size()), {{"-", "_"}});
}
std::string Hyphenated(std::string_view name) {
  return absl::StrReplaceAll(absl::string_view(name.data(), name.size()), {{"_", "-"}});
}

std::vector<std::string>& GivenFlags() {
  static std::vector<std::string> given;
  return given;
}

// The validation layer: the range of every numeric flag, whichever command
// takes it. max < 0 means the machine's memory in MiB.
struct FlagRange {
  std::string_view name;  // underscored
  double min, max;
  std::string_view what;  // the range in words, after "must be "
};
constexpr double kNoMax = std::numeric_limits<double>::infinity();
constexpr double kMemoryMax = -1;
constexpr FlagRange kFlagRanges[] = {
    {"threads", 0, 1024, "0 (all cores) to 1024"},
    {"tt_mb", 1, kMemoryMax, ""},
    {"memory_mb", 1, kMemoryMax, ""},
    {"budget_s", 0, 1e9, "0 (no limit) to 10^9 seconds"},
    {"depth", 1, 64, "1 to 64 plies"},
    {"plies", 0, 64, "0 to 64"},
    {"samples", 1, 1e9, "1 to 10^9"},
    {"within", 0, 200, "0 (df-pn) to 200 plies"},
    {"max_nodes", 0, kNoMax, ">= 0 (0 = no limit)"},
    {"test_delay_ms", 0, 1e7, "0 to 10^7"},
    {"games", 1, 1e6, "1 to 10^6"},
    {"random_openings", 1, 1e6, "1 to 10^6"},
    {"per_opening", 1, 1e6, "1 to 10^6"},
    {"opening_plies", 0, 1000, "0 to 1000"},
    {"sprt_alpha", 1e-9, 0.5 - 1e-9, "in (0, 0.5)"},
    {"sprt_beta", 1e-9, 0.5 - 1e-9, "in (0, 0.5)"},
    {"noise", 0, 1000, "0 to 1000"},
    {"exact_plies", 1, 64, "1 to 64"},
    {"band_plies", 1, 64, "1 to 64"},
    {"label_depth", 1, 8, "1 to 8"},
    {"phases", 1, 64, "1 to 64"},
    {"random_opening", 0, 64, "0 to 64"},
    {"random_rate", 0, 1, "0 to 1"},
    {"ridge", 0, 1e6, "0 to 10^6"},
    {"entry_ridge", 1e-6, 1e6, "10^-6 to 10^6"},
    {"cg_iterations", 1, 100000, "1 to 100000"},
    {"exact_budget_s", 1e-3, 1e6, "0.001 to 10^6 seconds"},
    {"threshold", -1e6, 1e6, "-10^6 to 10^6"},
};

// String flags whose empty value would silently mean something else (the
// start position, the current directory, the default game): given, they
// must name something.
constexpr std::string_view kNonEmptyFlags[] = {"position", "game", "db",     "book",   "suite",
                                               "unit",     "out",  "preset", "engine", "known"};

// Old spellings, refused with a pointer to the new one.
struct RenamedFlag {
  std::string_view old_name, new_name, note;  // underscored names
};
constexpr RenamedFlag kRenamedFlags[] = {
    {"budget_seconds", "budget_s", "seconds"},
    {"max_seconds", "budget_s", "seconds"},
    {"memory_gb", "memory_mb", "MiB, 2^20 bytes"},
};

// "bad SHOWN=TEXT: must be ..." where SHOWN is --name unless given.
absl::Status CheckRange(const FlagRange& r, double value, const std::string& text,
                        std::string shown = "") {
  if (shown.empty()) shown = absl::StrCat("--", Hyphenated(r.name));
  if (r.max == kMemoryMax) {
    const std::size_t limit = PhysicalMemoryMb();
    if (!(value >= r.min && value <= static_cast<double>(limit))) {
      return absl::InvalidArgumentError(absl::StrCat("bad ", shown, "=", text, ": must be 1 to ",
                                                     limit, " (MiB: the machine's memory)"));
    }
    return absl::OkStatus();
  }
  if (!(value >= r.min && value <= r.max)) {
    return absl::InvalidArgumentError(
        absl::StrCat("bad ", shown, "=", text, ": must be ", std::string(r.what)));
  }
  return absl::OkStatus();
}

const FlagRange* RangeOf(std::string_view underscored) {
  for (const FlagRange& r : kFlagRanges) {
    if (r.name == underscored) return &r;
  }
  return nullptr;
}

}  // namespace

std::size_t PhysicalMemoryMb() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return std::size_t{1} << 20;  // unknown: 1 TiB
  return static_cast<std::size_t>(
      static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) >> 20);
}

absl::Status CheckFlagValue(std::string_view name, double value, std::string_view shown) {
  const FlagRange* r = RangeOf(Underscored(name));
  if (r == nullptr) return absl::OkStatus();
  return CheckRange(*r, value, absl::StrFormat("%.15g", value), std::string(shown));
}

bool FlagGiven(std::string_view name) {
  const std::string n = Underscored(name);
  return std::find(GivenFlags().begin(), GivenFlags().end(), n) != GivenFlags().end();
}

absl::StatusOr<std::vector<std::string>> ParseFlags(int argc, char** argv, int first,
                                                    const std::vector<std::string_view>& allowed) {
  std::vector<std::string> positional;
  bool only_positional = false;
  for (int i = first; i < argc; ++i) {
    std::string arg = argv[i];
    if (only_positional || arg.size() < 2 || arg[0] != '-') {
      positional.push_back(arg);
      continue;
    }
    if (arg == "--") {
      only_positional = true;
      continue;
    }
    std::string body = arg.substr(arg[1] == '-' ? 2 : 1);
    std::string value;
    bool has_value = false;
    if (size_t eq = body.find('='); eq != std::string::npos) {
      value = body.substr(eq + 1);
      body = body.substr(0, eq);
      has_value = true;
    }
    std::string name = Underscored(body);
    bool negated = false;
    absl::CommandLineFlag* flag = nullptr;
    auto is_allowed = [&](const std::string& n) {
      return std::any_of(allowed.begin(), allowed.end(),
                         [&](std::string_view a) { return Underscored(a) == n; });
    };
    if (is_allowed(name)) {
      flag = absl::FindCommandLineFlag(name);
    } else if (name.rfind("no", 0) == 0 && is_allowed(name.substr(2)) && !has_value) {
      flag = absl::FindCommandLineFlag(name.substr(2));
      if (flag != nullptr && flag->IsOfType<bool>()) {
        negated = true;
      } else {
        flag = nullptr;
      }
    }
    if (flag == nullptr) {
      for (const RenamedFlag& r : kRenamedFlags) {
        if (name == r.old_name) {
          return absl::InvalidArgumentError(
              absl::StrCat("flag --", Hyphenated(body), " was renamed: use --",
                           Hyphenated(r.new_name), " (", std::string(r.note), ")"));
        }
      }
      return absl::InvalidArgumentError(
          absl::StrCat("unknown flag --", Hyphenated(body), " for this command (see --help)"));
    }
    if (flag->IsOfType<bool>()) {
      if (negated) {
        value = "false";
      } else if (!has_value) {
        value = "true";
      }
    } else if (!has_value) {
      if (i + 1 >= argc) {
        return absl::InvalidArgumentError(
            absl::StrCat("flag --", Hyphenated(body), " needs a value"));
      }
      value = argv[++i];
    }
    const std::string flag_name(flag->Name());
    if (FlagGiven(flag_name)) {
      return absl::InvalidArgumentError(
          absl::StrCat("flag --", Hyphenated(flag_name), " given twice: give it once"));
    }
    GivenFlags().push_back(flag_name);
    std::string error;
    if (!flag->ParseFrom(value, &error)) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad value '", value, "' for --", Hyphenated(body), ": ", error));
    }
    if (value.empty() && std::find(std::begin(kNonEmptyFlags), std::end(kNonEmptyFlags),
                                   flag_name) != std::end(kNonEmptyFlags)) {
      return absl::InvalidArgumentError(absl::StrCat("empty --", Hyphenated(flag_name),
                                                     "='': give a value or leave the flag out"));
    }
    if (const FlagRange* r = RangeOf(flag_name)) {
      double number = 0;
      if (!absl::SimpleAtod(flag->CurrentValue(), &number)) number = std::nan("");
      if (absl::Status s = CheckRange(*r, number, value); !s.ok()) return s;
    }
  }
  return positional;
}

namespace {

namespace fs = std::filesystem;

absl::Status BadPath(std::string_view flag, const std::string& path, const std::string& why) {
  return absl::InvalidArgumentError(absl::StrCat("bad ", std::string(flag), "=", path, ": ", why));
}

// Can a file be created in directory `dir`? Tried, not inferred from the
// permission bits (root passes access(2) everywhere, /proc refuses anyway).
bool CanCreateIn(const fs::path& dir) {
  std::string probe = (dir / ".tav-write-probe-XXXXXX").string();
  const int fd = ::mkstemp(probe.data());
  if (fd < 0) return false;
  ::close(fd);
  ::unlink(probe.c_str());
  return true;
}

// The nearest existing directory above `p` must be writable (`p` and the
// directories between are created later).
absl::Status WritableAncestor(std::string_view flag, const std::string& path, fs::path p) {
  std::error_code ec;
  p = fs::absolute(p, ec).parent_path();
  while (!p.empty() && !fs::exists(p, ec)) p = p.parent_path();
  if (p.empty() || !fs::is_directory(p, ec)) {
    return BadPath(flag, path, absl::StrCat(p.string(), " is not a directory"));
  }
  if (!CanCreateIn(p)) {
    return BadPath(flag, path, absl::StrCat("directory ", p.string(), " is not writable"));
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status CheckInputFile(std::string_view flag, const std::string& path) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (!fs::exists(st)) return BadPath(flag, path, "no such file");
  if (fs::is_directory(st)) return BadPath(flag, path, "a directory, not a file");
  if (!fs::is_regular_file(st)) return BadPath(flag, path, "not a regular file");
  if (::access(path.c_str(), R_OK) != 0) return BadPath(flag, path, "not readable");
  return absl::OkStatus();
}

absl::Status CheckOutputDir(std::string_view flag, const std::string& path) {
  std::error_code ec;
  if (fs::exists(path, ec)) {
    if (!fs::is_directory(path, ec)) return BadPath(flag, path, "a file, not a directory");
    if (!CanCreateIn(path)) return BadPath(flag, path, "not writable");
    return absl::OkStatus();
  }
  return WritableAncestor(flag, path, fs::path(path));
}

absl::StatusOr<int> ThresholdFromFlag(bool threshold_mode) {
  if (threshold_mode && !FlagGiven("threshold")) {
    return absl::InvalidArgumentError(
        "--mode=threshold needs --threshold=T (is the first player's value at least T?)");
  }
  if (!threshold_mode && FlagGiven("threshold")) {
    return absl::InvalidArgumentError("--threshold needs --mode=threshold");
  }
  return threshold_mode ? absl::GetFlag(FLAGS_threshold) : 0;
}

std::vector<std::string_view> FlagList(std::initializer_list<std::vector<std::string_view>> lists) {
  std::vector<std::string_view> out;
  for (const auto& list : lists) out.insert(out.end(), list.begin(), list.end());
  return out;
}

std::string FlagHelp(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::string_view name : names) {
    const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(Underscored(name));
    if (flag == nullptr) continue;
    std::string left = absl::StrCat("  --", Hyphenated(name));
    const std::string def = flag->DefaultValue();
    if (!def.empty()) absl::StrAppend(&left, "=", def);
    if (left.size() < 24) left.resize(24, ' ');
    absl::StrAppend(&out, left, "  ", flag->Help(), "\n");
  }
  return out;
}

std::string GameOptionsFromFlags() {
  std::vector<std::string> items;
  if (!absl::GetFlag(FLAGS_options).empty()) items.push_back(absl::GetFlag(FLAGS_options));
  if (!absl::GetFlag(FLAGS_pieces).empty()) {
    items.push_back(absl::StrCat("pieces=", absl::GetFlag(FLAGS_pieces)));
  }
  if (!absl::GetFlag(FLAGS_empty_columns).empty()) {
    items.push_back(absl::StrCat("empty-columns=", absl::GetFlag(FLAGS_empty_columns)));
  }
  return absl::StrJoin(items, ";");  // the game rejects a key given twice
}

absl::StatusOr<GameSpec> GameSpecFromFlags() {
  GameSpec spec;
  spec.game = absl::GetFlag(FLAGS_game);
  spec.variant = absl::GetFlag(FLAGS_variant);
  spec.size = absl::GetFlag(FLAGS_size);
  spec.options = GameOptionsFromFlags();
  if (spec.game.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("missing --game (", AV(kGameNames), ")"));
  }
  if (spec.size < 0) {
    return absl::InvalidArgumentError(absl::StrCat("bad --size=", spec.size, ": must be positive"));
  }
  return spec;
}

int ThreadsFromFlag() {
  const int t = absl::GetFlag(FLAGS_threads);
  return t > 0 ? t : omp_get_num_procs();
}

absl::StatusOr<MpiRole> MpiRoleFromFlag(const std::function<dispatch::UnitSolver()>& make_solver) {
  if (!absl::GetFlag(FLAGS_mpi)) {
    // mpirun without --mpi: every process would run the whole job into one --out.
    const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
    if (size != nullptr && std::atoi(size) > 1) {
      return absl::FailedPreconditionError(
          absl::StrCat("started by mpirun as one of ", size,
                       " processes without --mpi (each would run the whole job): add --mpi"));
    }
    return MpiRole{};
  }
  absl::StatusOr<dispatch::MpiPlace> place = dispatch::JoinMpiWorld();
  if (!place.ok()) return place.status();
  if (!place->master()) return MpiRole{.worker = true, .solver = make_solver()};
  return MpiRole{.worker = false, .solver = nullptr, .master = &dispatch::MpiMaster(make_solver())};
}

}  // namespace tav::cli
