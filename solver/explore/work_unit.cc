#include "explore/work_unit.h"

#include <optional>
#include <type_traits>

#include "absl/strings/str_cat.h"
#include "core/game_options.h"
#include "core/json_fields.h"
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
    case Mode::kThreshold:
      return "threshold";
  }
  return "?";
}

absl::StatusOr<Mode> ParseMode(std::string_view name) {
  for (Mode m : {Mode::kExact, Mode::kWld, Mode::kSearch, Mode::kThreshold}) {
    if (ModeName(m) == name) return m;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("bad --mode='", AV(name), "': expected exact, wld, threshold or search"));
}

json WorkUnit::ToJson() const {
  json j = {{"schema", 1},           {"kind", "explore_unit"},
            {"game", spec.game},     {"variant", spec.variant},
            {"size", spec.size},     {"options", spec.options},
            {"position", position},  {"mode", ModeName(limits.mode)},
            {"depth", limits.depth}, {"budget_s", limits.budget_s},
            {"tt_mb", tt_mb}};
  if (!limits.engine.empty()) j["engine"] = limits.engine;
  if (limits.mode == Mode::kThreshold) j["threshold"] = limits.threshold;
  return j;
}

namespace {

template <class T>
constexpr std::string_view TypeWord() {
  if constexpr (std::is_same_v<T, std::string>) {
    return "a string";
  } else if constexpr (std::is_integral_v<T>) {
    return "an integer";
  } else {
    return "a number";
  }
}

// j[key] as T, or `fallback` when the key is absent (required when there is
// none). Errors name the key and what it holds, never the JSON library's
// exception text.
template <class T>
absl::StatusOr<T> Field(const json& j, std::string_view key, std::optional<T> fallback) {
  const auto it = j.find(key);
  if (it == j.end()) {
    if (fallback) return *fallback;
    return absl::InvalidArgumentError(absl::StrCat("missing key '", AV(key), "'"));
  }
  const bool ok = std::is_same_v<T, std::string> ? it->is_string()
                  : std::is_integral_v<T>        ? it->is_number_integer()
                                                 : it->is_number();
  if (!ok) {
    return absl::InvalidArgumentError(
        absl::StrCat("key '", AV(key), "' must be ", AV(TypeWord<T>()), ", not ", it->dump()));
  }
  if constexpr (std::is_integral_v<T>) {
    try {  // in T's range, never converted (core/json_fields.h)
      return JsonInt<T>(*it, key);
    } catch (const std::invalid_argument& e) {
      return absl::InvalidArgumentError(absl::StrCat("key ", e.what()));
    }
  } else {
    return it->get<T>();
  }
}

}  // namespace

absl::StatusOr<WorkUnit> WorkUnit::FromJson(const json& j) {
  if (!j.is_object() || !j.contains("kind") || j["kind"] != "explore_unit") {
    return absl::InvalidArgumentError("not an explore_unit object (\"kind\":\"explore_unit\")");
  }
  absl::StatusOr<int> schema = Field<int>(j, "schema", std::nullopt);
  if (!schema.ok()) return schema.status();
  if (*schema != 1) {
    return absl::InvalidArgumentError(absl::StrCat("unsupported explore_unit schema ", *schema));
  }
  WorkUnit u;
  absl::Status status;
  auto read = [&](auto& out, std::string_view key, auto fallback) {
    using T = std::decay_t<decltype(out)>;
    if (!status.ok()) return;
    absl::StatusOr<T> v = Field<T>(j, key, fallback);
    if (v.ok()) {
      out = std::move(*v);
    } else {
      status = v.status();
    }
  };
  std::string mode;
  read(u.spec.game, "game", std::optional<std::string>());
  read(u.spec.variant, "variant", std::optional<std::string>(""));
  read(u.spec.size, "size", std::optional<int>(0));
  // "options", or the keys of units written before game options (pieces, empty_columns).
  std::string options, pieces, empty_columns;
  read(options, "options", std::optional<std::string>(""));
  read(pieces, "pieces", std::optional<std::string>(""));
  read(empty_columns, "empty_columns", std::optional<std::string>(""));
  u.spec.options = j.contains("options") ? options : LegacyGameOptions(pieces, empty_columns);
  read(u.position, "position", std::optional<std::string>());
  read(mode, "mode", std::optional<std::string>());
  read(u.limits.depth, "depth", std::optional<int>(0));
  read(u.limits.budget_s, "budget_s", std::optional<double>(0.0));
  read(u.tt_mb, "tt_mb", std::optional<int>(0));
  read(u.limits.engine, "engine", std::optional<std::string>(""));
  if (!status.ok()) return status;
  absl::StatusOr<Mode> parsed = ParseMode(mode);
  if (!parsed.ok()) return parsed.status();
  u.limits.mode = *parsed;
  if (u.limits.mode == Mode::kThreshold) {
    read(u.limits.threshold, "threshold", std::optional<int>());
    if (!status.ok()) return status;
  }
  if (!u.limits.engine.empty() && u.limits.mode != Mode::kSearch) {
    return absl::InvalidArgumentError("key 'engine' needs mode \"search\"");
  }
  return u;
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
    v.value = JsonIntAt<int>(j, "value");
    const json& bound = j.at("bound");
    absl::StatusOr<BoundSide> side = ParseBound(bound.is_null() ? "" : bound.get<std::string>());
    if (!side.ok()) return side.status();
    v.bound = *side;
    const json& depth = j.at("depth");
    v.depth = depth.is_null() ? 0 : JsonInt<int>(depth, "depth");
    v.lower = JsonIntAt<int>(j, "lower");
    v.upper = JsonIntAt<int>(j, "upper");
    if (absl::Status s = Validate(v, max_value); !s.ok()) return s;
    return v;
  } catch (const std::exception& e) {
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
  if (!r.search.empty()) j["search"] = r.search;
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
    r.nodes = JsonIntAt<std::uint64_t>(j, "nodes");
    r.seconds = j.at("seconds").get<double>();
    r.tt_probes = JsonIntOr(j, "tt_probes", std::uint64_t{0});
    r.tt_hits = JsonIntOr(j, "tt_hits", std::uint64_t{0});
    r.threads = JsonIntOr(j, "threads", 1);
    r.search = j.value("search", std::string());
    return r;
  } catch (const std::exception& e) {
    return absl::DataLossError(absl::StrCat("bad result keys: ", e.what()));
  }
}

}  // namespace tav::explore
