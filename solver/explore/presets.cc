#include "explore/presets.h"

#include <algorithm>
#include <climits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/game_options.h"
#include "core/natural_order.h"

namespace tav::explore {

GameSpec DemoSpec() { return GameSpec{"othello", "", 4, ""}; }

absl::StatusOr<LehmannPlan> PlanLehmann(int size, const std::string& pieces,
                                        const std::string& out) {
  LehmannPlan plan;
  plan.size = size == 0 ? 10 : size;
  if (plan.size < 5 || plan.size > 10) {
    return absl::InvalidArgumentError(absl::StrCat(
        "bad --size=", plan.size, " for the Lehmann preset: Cathedral boards are 5..10"));
  }
  plan.pieces = pieces;
  plan.out = out.empty() ? absl::StrFormat("explore-lehmann-%dx%d", plan.size, plan.size) : out;
  for (const char* variant : {"classic", "lehmann"}) {
    LehmannPlan::Part part;
    part.variant = variant;
    if (plan.size <= kLehmannExactMaxSize) {
      part.limits.mode = Mode::kExact;
    } else {
      part.limits.mode = Mode::kSearch;
      part.limits.depth = part.variant == "classic" ? kLehmannClassicDepth : kLehmannVariantDepth;
    }
    part.spec = GameSpec{"cathedral", variant, plan.size, JoinGameOptions({{"pieces", pieces}})};
    part.plies = 1;
    part.out = absl::StrCat(plan.out, "/", variant);
    part.label = variant;
    plan.parts.push_back(std::move(part));
  }
  return plan;
}

namespace {

// The value of a record for dark (the first player, side 0).
Value DarkValue(const nlohmann::json& rec) {
  absl::StatusOr<Value> v = GetValue(rec, INT_MAX / 2);
  if (!v.ok()) return HeuristicValue(0, 0, INT_MAX / 2);
  return rec.value("side_to_move", 0) == 0 ? *v : Negate(*v);
}

std::string Tally(const std::vector<std::pair<std::string, Value>>& rows) {
  int win = 0, draw = 0, loss = 0, unknown = 0, proven = 0;
  for (const auto& [move, v] : rows) {
    const auto r = ProvenResult(v);
    if (v.kind != ValueKind::kHeuristic) ++proven;
    if (!r || v.kind == ValueKind::kHeuristic) {
      ++unknown;
    } else if (*r == "win") {
      ++win;
    } else if (*r == "draw") {
      ++draw;
    } else {
      ++loss;
    }
  }
  std::string out = absl::StrFormat("proven: dark wins %d, draws %d, loses %d", win, draw, loss);
  if (unknown > 0) {
    int est_win = 0, est_draw = 0, est_loss = 0;
    for (const auto& [move, v] : rows) {
      if (v.kind != ValueKind::kHeuristic && ProvenResult(v)) continue;
      (v.value > 0 ? est_win : v.value < 0 ? est_loss : est_draw)++;
    }
    absl::StrAppendFormat(&out, "; not proven: %d (estimated: dark ahead %d, level %d, behind %d)",
                          unknown, est_win, est_draw, est_loss);
  }
  return out;
}

}  // namespace

std::string LehmannReport(const LehmannPlan& plan, const std::vector<ExploreSummary>& parts) {
  std::string out = absl::StrFormat(
      "Lehmann's question on %dx%d%s: values for dark (the first building), kind in brackets\n",
      plan.size, plan.size, plan.pieces.empty() ? "" : absl::StrCat(" (pieces ", plan.pieces, ")"));
  for (std::size_t p = 0; p < parts.size() && p < plan.parts.size(); ++p) {
    const bool classic = plan.parts[p].variant == "classic";
    std::vector<std::pair<std::string, Value>> rows;
    Value root;
    for (const nlohmann::json& rec : parts[p].records) {
      if (rec.value("ply", -1) == 0) root = DarkValue(rec);
      if (rec.value("ply", -1) != 1) continue;
      const auto moves = rec.value("moves", std::vector<std::string>{});
      rows.push_back({moves.empty() ? "?" : moves.front(), DarkValue(rec)});
    }
    std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
      return a.second.value != b.second.value ? a.second.value > b.second.value
                                              : NaturalLess(a.first, b.first);
    });
    absl::StrAppendFormat(
        &out, "\n%s: %s\n", plan.parts[p].variant,
        classic ? "light places the Cathedral, dark builds first"
                : "dark builds first on the empty board, light answers Cathedral + building");
    absl::StrAppendFormat(&out, "  %d %s up to symmetry; %s\n", rows.size(),
                          classic ? "Cathedral placements" : "first buildings of dark",
                          Tally(rows));
    absl::StrAppendFormat(
        &out, "  %s: %s\n",
        classic ? "against light's best placement" : "with dark's best first building",
        Describe(root));
    absl::StrAppendFormat(&out, "  %-22s %s\n", classic ? "placement" : "first building",
                          "value for dark");
    for (const auto& [move, v] : rows) {
      absl::StrAppendFormat(&out, "  %-22s %s\n", move, Describe(v));
    }
  }
  return out;
}

}  // namespace tav::explore
