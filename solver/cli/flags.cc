// Common flags and the flag parser (see command.h for why we parse ourselves).
#include "cli/flags.h"

#include <omp.h>

#include <algorithm>

#include "absl/flags/flag.h"
#include "absl/flags/reflection.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"

ABSL_FLAG(std::string, game, "", "game: othello, desdemona, cathedral or prairie");
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
ABSL_FLAG(int, threads, 0, "worker threads; 0 = all cores");
ABSL_FLAG(int, tt_mb, 256, "transposition table size in MiB");
ABSL_FLAG(bool, json, false, "print one JSON object instead of text");
ABSL_FLAG(std::string, mode, "exact",
          "exact (the value), wld (win/draw/loss only) or, for explore, search (depth-limited "
          "with the game's evaluation)");
ABSL_FLAG(std::string, out, "", "output file or directory");
ABSL_FLAG(double, budget_s, 0,
          "explore --mode=search: seconds per position, iterative deepening (then --depth is "
          "ignored); 0 = search to --depth");
ABSL_FLAG(bool, resume, false, "continue the interrupted run in --out (same parameters)");

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

}  // namespace

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
    GivenFlags().push_back(std::string(flag->Name()));
    std::string error;
    if (!flag->ParseFrom(value, &error)) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad value '", value, "' for --", Hyphenated(body), ": ", error));
    }
  }
  return positional;
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
    return absl::InvalidArgumentError("missing --game (othello, desdemona, cathedral or prairie)");
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

}  // namespace tav::cli
