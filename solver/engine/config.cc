#include "engine/config.h"

#include <set>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"

namespace tav::engine {
namespace {

absl::Status Bad(absl::string_view token, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat("bad engine configuration '", token, "': ", why));
}

// Sets one key of `c` from `value`; InvalidArgument naming the token.
absl::Status SetKey(EngineConfig& c, absl::string_view key, absl::string_view value,
                    absl::string_view token) {
  if (key == "eval") {
    if (value.empty()) return Bad(token, "empty evaluation");
    c.eval = std::string(value);
  } else if (key == "search") {
    if (value != "fullwidth" && value != "selective") {
      return Bad(token, "expected --search=fullwidth or --search=selective");
    }
    c.search = std::string(value);
  } else if (key == "depth") {
    if (!absl::SimpleAtoi(value, &c.depth) || c.depth < 0 || c.depth > 200) {
      return Bad(token, "expected plies 0..200");
    }
  } else if (key == "nodes") {
    if (!absl::SimpleAtoi(value, &c.nodes)) return Bad(token, "expected a node count");
  } else if (key == "budget-s") {
    if (!absl::SimpleAtod(value, &c.budget_s) || !(c.budget_s >= 0) || c.budget_s > 86400) {
      return Bad(token, "expected seconds 0..86400");
    }
  } else if (key == "exact") {
    if (value != "true" && value != "false") return Bad(token, "expected true or false");
    c.exact = value == "true";
  } else if (key == "tt-mb") {
    if (!absl::SimpleAtoi(value, &c.tt_mb) || c.tt_mb < 1 || c.tt_mb > 1 << 20) {
      return Bad(token, "expected MiB 1..1048576");
    }
  } else if (key == "noise") {
    if (!absl::SimpleAtoi(value, &c.noise) || c.noise < 0 || c.noise > 1000) {
      return Bad(token, "expected a value margin 0..1000");
    }
  } else if (key == "seed") {
    if (!absl::SimpleAtoi(value, &c.seed)) return Bad(token, "expected an unsigned integer");
  } else {
    return Bad(token,
               "unknown key (expected --eval, --search, --depth, --nodes, --budget-s, --exact, "
               "--tt-mb, --noise, --seed)");
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<EngineConfig> ParseEngineConfig(std::string_view std_text) {
  const absl::string_view text(std_text.data(), std_text.size());
  EngineConfig c;
  std::set<std::string, std::less<>> seen;
  for (absl::string_view token : absl::StrSplit(text, absl::ByAnyChar(" \t"), absl::SkipEmpty())) {
    if (!absl::StartsWith(token, "--")) return Bad(token, "expected --key=value");
    const size_t eq = token.find('=');
    if (eq == absl::string_view::npos) return Bad(token, "expected --key=value");
    const absl::string_view key = token.substr(2, eq - 2);
    if (!seen.insert(std::string(key)).second) return Bad(token, "key given twice");
    if (absl::Status s = SetKey(c, key, token.substr(eq + 1), token); !s.ok()) return s;
  }
  if (c.depth == 0 && c.nodes == 0 && c.budget_s == 0) {
    return Bad(text, "no budget: give --depth, --nodes or --budget-s");
  }
  return c;
}

std::string EngineConfigString(const EngineConfig& c) {
  return absl::StrFormat(
      "--eval=%s --search=%s --depth=%d --nodes=%d --budget-s=%g --exact=%s --tt-mb=%d "
      "--noise=%d --seed=%d",
      c.eval, c.search, c.depth, c.nodes, c.budget_s, c.exact ? "true" : "false", c.tt_mb, c.noise,
      c.seed);
}

nlohmann::json EngineConfigJson(const EngineConfig& c) {
  return {{"eval", c.eval},         {"search", c.search},
          {"depth", c.depth},       {"nodes", c.nodes},
          {"budget_s", c.budget_s}, {"exact", c.exact},
          {"tt_mb", c.tt_mb},       {"noise", c.noise},
          {"seed", c.seed},         {"text", EngineConfigString(c)}};
}

}  // namespace tav::engine
