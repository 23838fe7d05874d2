#include "explore/work_unit.h"

#include "absl/strings/str_cat.h"
#include "core/game_options.h"
#include "core/strings.h"

namespace tav::explore {

using nlohmann::json;

std::string_view ModeName(Mode mode) {
  switch (mode) {
    case Mode::kExact:
      return "exact";
    case Mode::kWld:
      return "wld";
    case Mode::kSearch:
      return "search";
  }
  return "?";
}

absl::StatusOr<Mode> ParseMode(std::string_view name) {
  for (Mode m : {Mode::kExact, Mode::kWld, Mode::kSearch}) {
    if (ModeName(m) == name) return m;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("bad --mode='", AV(name), "': expected exact, wld or search"));
}

json WorkUnit::ToJson() const {
  return {{"schema", 1},           {"kind", "explore_unit"},
          {"game", spec.game},     {"variant", spec.variant},
          {"size", spec.size},     {"options", spec.options},
          {"position", position},  {"mode", ModeName(limits.mode)},
          {"depth", limits.depth}, {"budget_s", limits.budget_s},
          {"tt_mb", tt_mb}};
}

absl::StatusOr<WorkUnit> WorkUnit::FromJson(const json& j) {
  try {
    if (!j.is_object() || j.value("kind", "") != "explore_unit") {
      return absl::InvalidArgumentError("not an explore_unit object");
    }
    if (j.at("schema").get<int>() != 1) {
      return absl::InvalidArgumentError(
          absl::StrCat("unsupported explore_unit schema ", j.at("schema").dump()));
    }
    WorkUnit u;
    u.spec.game = j.at("game").get<std::string>();
    u.spec.variant = j.value("variant", "");
    u.spec.size = j.value("size", 0);
    u.spec.options = GameOptionsFromJson(j);
    u.position = j.at("position").get<std::string>();
    absl::StatusOr<Mode> mode = ParseMode(j.at("mode").get<std::string>());
    if (!mode.ok()) return mode.status();
    u.limits.mode = *mode;
    u.limits.depth = j.value("depth", 0);
    u.limits.budget_s = j.value("budget_s", 0.0);
    u.tt_mb = j.value("tt_mb", 0);
    return u;
  } catch (const json::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat("bad explore_unit: ", e.what()));
  }
}

void PutValue(json& j, const Value& v) {
  j["value"] = v.value;
  j["value_kind"] = KindName(v.kind);
  j["bound"] = v.kind == ValueKind::kBound ? json(BoundName(v.bound)) : json(nullptr);
  j["depth"] = v.kind == ValueKind::kHeuristic ? json(v.depth) : json(nullptr);
  j["lower"] = v.lower;
  j["upper"] = v.upper;
}

absl::StatusOr<Value> GetValue(const json& j, int max_value) {
  try {
    Value v;
    absl::StatusOr<ValueKind> kind = ParseKind(j.at("value_kind").get<std::string>());
    if (!kind.ok()) return kind.status();
    v.kind = *kind;
    v.value = j.at("value").get<int>();
    const json& bound = j.at("bound");
    absl::StatusOr<BoundSide> side = ParseBound(bound.is_null() ? "" : bound.get<std::string>());
    if (!side.ok()) return side.status();
    v.bound = *side;
    const json& depth = j.at("depth");
    v.depth = depth.is_null() ? 0 : depth.get<int>();
    v.lower = j.at("lower").get<int>();
    v.upper = j.at("upper").get<int>();
    if (absl::Status s = Validate(v, max_value); !s.ok()) return s;
    return v;
  } catch (const json::exception& e) {
    return absl::DataLossError(absl::StrCat("bad value keys: ", e.what()));
  }
}

json ResultToJson(const UnitResult& r, std::string_view position) {
  json j = {{"schema", 1}, {"kind", "explore_unit_result"}, {"position", position}};
  PutValue(j, r.value);
  j["best_move"] = r.best_move.empty() ? json(nullptr) : json(r.best_move);
  j["pv"] = r.pv;
  json moves = json::array();
  for (const MoveValue& mv : r.move_values) {
    json m = {{"move", mv.move}};
    PutValue(m, mv.value);
    moves.push_back(std::move(m));
  }
  j["move_values"] = std::move(moves);
  j["nodes"] = r.nodes;
  j["seconds"] = r.seconds;
  j["tt_probes"] = r.tt_probes;
  j["tt_hits"] = r.tt_hits;
  j["tt_hit_rate"] = r.tt_hit_rate();
  j["threads"] = r.threads;
  return j;
}

absl::StatusOr<UnitResult> ResultFromJson(const json& j, int max_value) {
  try {
    UnitResult r;
    absl::StatusOr<Value> v = GetValue(j, max_value);
    if (!v.ok()) return v.status();
    r.value = *v;
    const json& best = j.at("best_move");
    r.best_move = best.is_null() ? "" : best.get<std::string>();
    r.pv = j.at("pv").get<std::vector<std::string>>();
    if (j.contains("move_values")) {
      for (const json& m : j.at("move_values")) {
        absl::StatusOr<Value> mv = GetValue(m, max_value);
        if (!mv.ok()) return mv.status();
        r.move_values.push_back({m.at("move").get<std::string>(), *mv});
      }
    }
    r.nodes = j.at("nodes").get<std::uint64_t>();
    r.seconds = j.at("seconds").get<double>();
    r.tt_probes = j.value("tt_probes", std::uint64_t{0});
    r.tt_hits = j.value("tt_hits", std::uint64_t{0});
    r.threads = j.value("threads", 1);
    return r;
  } catch (const json::exception& e) {
    return absl::DataLossError(absl::StrCat("bad result keys: ", e.what()));
  }
}

}  // namespace tav::explore
