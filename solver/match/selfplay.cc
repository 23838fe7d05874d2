#include "match/selfplay.h"

#include <cmath>
#include <map>

namespace tav::match {

using nlohmann::json;

MatchIdentity SelfPlayIdentity(GameSpec spec, std::string board, const engine::EngineConfig& config,
                               std::vector<Opening> openings, json openings_source,
                               int games_per_opening) {
  MatchIdentity id;
  id.spec = std::move(spec);
  id.board = std::move(board);
  id.a = id.b = config;
  id.games = games_per_opening * static_cast<int>(openings.size());
  id.openings = std::move(openings);
  id.openings_source = std::move(openings_source);
  id.games_per_opening = games_per_opening;
  return id;
}

json SelfPlayRecord(const json& match_game, int mover, const json& header, const json& weights) {
  json r = header;
  const int margin = match_game.at("margin").get<int>();  // for side 0, the match's convention
  // The engine that moved after the opening, and its seed (engine/config.h).
  const bool a_moves = match_game.at("a_first").get<bool>() == (mover == 0);
  const json config = match_game.at(a_moves ? "a" : "b");
  for (const char* key : {"game_index", "opening_index", "opening", "moves", "plies",
                          "opening_plies", "exact_from_ply", "final_position"}) {
    r[key] = match_game.at(key);
  }
  r["mover"] = mover;
  r["margin"] = margin;
  r["result"] = margin > 0 ? "win" : margin < 0 ? "loss" : "draw";  // for side 0
  r["config"] = config;  // the mover's engine; the other side's has another seed
  absl::StatusOr<engine::EngineConfig> parsed =
      engine::ParseEngineConfig(config.get<std::string>());
  r["seed"] = parsed.ok() ? json(parsed->seed) : json(nullptr);
  r["config_other"] = match_game.at(a_moves ? "b" : "a");
  r["weights_checksum"] = weights;
  return r;
}

std::pair<double, double> WilsonInterval(double points, int n) {
  if (n <= 0) return {0.0, 1.0};
  constexpr double z = 1.959963984540054;  // the 97.5% quantile of the normal law
  const double p = points / n, z2n = z * z / n;
  const double centre = (p + z2n / 2) / (1 + z2n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

namespace {

struct Tally {
  int games = 0, wins = 0, draws = 0, losses = 0;
  long long margin_sum = 0;
  std::map<int, int> margins;

  void Add(int margin) {
    ++games;
    (margin > 0 ? wins : margin < 0 ? losses : draws) += 1;
    margin_sum += margin;
    ++margins[margin];
  }
  json ToJson() const {
    const double points = wins + 0.5 * draws;
    const auto [low, high] = WilsonInterval(points, games);
    json counts = json::object();
    for (const auto& [m, c] : margins) counts[std::to_string(m)] = c;
    return {{"games", games},
            {"wins", wins},
            {"draws", draws},
            {"losses", losses},
            {"score", games > 0 ? points / games : 0.0},
            {"score_low", low},
            {"score_high", high},
            {"mean_margin", games > 0 ? static_cast<double>(margin_sum) / games : 0.0},
            {"margins", counts}};
  }
};

}  // namespace

json SelfPlaySummary(const std::vector<json>& records, const std::vector<Opening>& openings) {
  std::vector<Tally> per(openings.size());
  Tally all;
  for (const json& r : records) {
    const auto o = r.at("opening_index").get<std::size_t>();
    const int margin = r.at("margin").get<int>();
    if (o < per.size()) per[o].Add(margin);
    all.Add(margin);
  }
  json list = json::array();
  for (std::size_t i = 0; i < per.size(); ++i) {
    json j = per[i].ToJson();
    j["opening_index"] = i;
    j["opening"] = openings[i];
    list.push_back(std::move(j));
  }
  return {{"overall", all.ToJson()},
          {"per_opening", std::move(list)},
          {"note",
           "evidence from engine self-play, not a proof: wins, draws, losses, score and margins "
           "are side 0's (the first player: dark, black, buffalo), whoever moves after the "
           "opening; score interval: Wilson, 95%"}};
}

}  // namespace tav::match
