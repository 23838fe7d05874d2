#include "explore/engine_solver.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "core/strings.h"

namespace tav::explore {
namespace {

// Whether configuration text sets --tt-mb (ParseEngineConfig has accepted it).
bool SetsTableSize(std::string_view text) {
  for (absl::string_view token : absl::StrSplit(absl::string_view(text.data(), text.size()),
                                                absl::ByAnyChar(" \t"), absl::SkipEmpty())) {
    if (absl::StartsWith(token, "--tt-mb=")) return true;
  }
  return false;
}

}  // namespace

absl::StatusOr<engine::EngineConfig> ExploreEngineConfig(std::string_view text, int tt_mb) {
  absl::StatusOr<engine::EngineConfig> config = engine::ParseEngineConfig(text);
  if (!config.ok()) return config.status();
  if (!SetsTableSize(text)) config->tt_mb = static_cast<std::size_t>(tt_mb);
  return config;
}

absl::StatusOr<SearchLimits> SearchWithEngine(SearchLimits limits, std::string_view text,
                                              int tt_mb) {
  if (limits.mode != Mode::kSearch) {
    return absl::FailedPreconditionError(
        absl::StrCat("an engine configuration needs mode search, not ", AV(ModeName(limits.mode)),
                     " (an engine searches; exact and wld solve)"));
  }
  absl::StatusOr<engine::EngineConfig> config = ExploreEngineConfig(text, tt_mb);
  if (!config.ok()) return config.status();
  limits.engine = engine::EngineConfigString(*config);
  limits.depth = 0;
  limits.budget_s = 0;
  return limits;
}

}  // namespace tav::explore
