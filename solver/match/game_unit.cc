#include "match/game_unit.h"

#include <exception>

#include "core/json_fields.h"

namespace tav::match {

using nlohmann::json;

namespace {

constexpr int kSchema = 1;

void PutUnit(json& j, const GameUnit& u) {
  j["game"] = u.spec.game;
  j["variant"] = u.spec.variant;
  j["size"] = u.spec.size;
  j["options"] = u.spec.options;
  j["game_index"] = u.game_index;
  j["opening_index"] = u.opening_index;
  j["opening"] = u.opening;
  j["a_first"] = u.a_first;
  j["a"] = engine::EngineConfigString(u.a);
  j["b"] = engine::EngineConfigString(u.b);
}

}  // namespace

json GameUnit::ToJson() const {
  json j = {{"schema", kSchema}, {"kind", "match_unit"}};
  PutUnit(j, *this);
  return j;
}

absl::StatusOr<GameUnit> GameUnit::FromJson(const json& j) {
  if (!j.is_object()) return absl::InvalidArgumentError("a match unit is a JSON object");
  if (j.value("kind", json()) != "match_unit") {
    return absl::InvalidArgumentError("not a match_unit (its \"kind\" must be \"match_unit\")");
  }
  if (j.value("schema", json()) != kSchema) {
    return absl::InvalidArgumentError(
        absl::StrCat("unsupported match_unit schema ", j.value("schema", json()).dump()));
  }
  GameUnit u;
  try {
    u.spec.game = j.at("game").get<std::string>();
    u.spec.variant = j.at("variant").get<std::string>();
    u.spec.size = JsonIntAt<int>(j, "size");
    u.spec.options = j.at("options").get<std::string>();
    u.game_index = JsonIntAt<int>(j, "game_index");
    u.opening_index = JsonIntAt<int>(j, "opening_index");
    u.opening = j.at("opening").get<std::vector<std::string>>();
    u.a_first = j.at("a_first").get<bool>();
    for (const char* side : {"a", "b"}) {
      auto config = engine::ParseEngineConfig(j.at(side).get<std::string>());
      if (!config.ok()) {
        return absl::InvalidArgumentError(
            absl::StrCat("key ", side, ": ", config.status().message()));
      }
      (side[0] == 'a' ? u.a : u.b) = *config;
    }
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat("bad match_unit: ", e.what()));
  }
  if (u.game_index < 0 || u.opening_index < 0) {
    return absl::InvalidArgumentError("bad match_unit: negative game_index or opening_index");
  }
  return u;
}

std::optional<int> ExactFromPly(const std::vector<MoveInfo>& played, int opening_plies) {
  std::optional<int> from;
  for (auto it = played.rbegin(); it != played.rend() && it->exact; ++it) from = it->ply;
  if (played.empty()) from = opening_plies;  // nothing to choose: the end is the opening's
  return from;
}

json GameRecord::ToJson() const {
  json j = {{"schema", kSchema}, {"kind", "match_game"}};
  PutUnit(j, unit);
  j["board"] = board;
  j["moves"] = moves;
  j["opening_plies"] = unit.opening.size();
  j["plies"] = moves.size();
  j["result"] = a_margin() > 0 ? "win" : a_margin() < 0 ? "loss" : "draw";  // for a
  j["winner"] = a_margin() > 0 ? "a" : a_margin() < 0 ? "b" : "draw";
  j["margin"] = margin;
  j["a_margin"] = a_margin();
  j["a_points"] = a_points();
  j["exact_from_ply"] = exact_from_ply ? json(*exact_from_ply) : json(nullptr);
  json per_move = json::array();
  std::uint64_t nodes[2] = {0, 0};
  double seconds[2] = {0, 0};
  for (const MoveInfo& m : played) {
    per_move.push_back({{"ply", m.ply},
                        {"by", m.by_a ? "a" : "b"},
                        {"move", m.move},
                        {"value", m.value},
                        {"exact", m.exact},
                        {"depth", m.depth},
                        {"search", m.search},
                        {"nodes", m.nodes},
                        {"seconds", m.seconds}});
    nodes[m.by_a ? 0 : 1] += m.nodes;
    seconds[m.by_a ? 0 : 1] += m.seconds;
  }
  j["move_info"] = std::move(per_move);
  j["a_nodes"] = nodes[0];
  j["b_nodes"] = nodes[1];
  j["a_seconds"] = seconds[0];
  j["b_seconds"] = seconds[1];
  j["final_position"] = final_position;
  return j;
}

absl::StatusOr<double> RecordPoints(const json& record) {
  const json p = record.value("a_points", json());
  if (p.is_number() && (p == 0 || p == 0.5 || p == 1)) return p.get<double>();
  return absl::InvalidArgumentError(
      absl::StrCat("\"a_points\" must be 0, 0.5 or 1, not ", p.dump()));
}

}  // namespace tav::match
