#include "retro/tier_stats.h"

#include "absl/strings/str_cat.h"

namespace tav::retro {

void TierStats::Merge(const TierStats& o) {
  positions += o.positions;
  holes += o.holes;
  for (int s = 0; s < 2; ++s) {
    no_move[s] += o.no_move[s];
    for (int r = 0; r < 3; ++r) {
      for (int d = 0; d < kPlies; ++d) counts[s][r][d] += o.counts[s][r][d];
    }
  }
  const bool better =
      o.longest_win > longest_win ||
      (o.longest_win == longest_win && o.longest_win >= 0 &&
       (o.longest_win_order < longest_win_order ||
        (o.longest_win_order == longest_win_order && o.longest_win_index < longest_win_index)));
  if (better) {
    longest_win = o.longest_win;
    longest_win_side = o.longest_win_side;
    longest_win_index = o.longest_win_index;
    longest_win_tier = o.longest_win_tier;
    longest_win_order = o.longest_win_order;
  }
}

std::uint64_t TierStats::Count(int side, int result) const {
  std::uint64_t n = 0;
  for (std::uint64_t c : counts[side][result + 1]) n += c;
  return n;
}

nlohmann::json TierStats::ToJson(bool distances) const {
  nlohmann::json rem = nlohmann::json::array();
  for (int s = 0; s < 2; ++s) {
    for (int r : {+1, -1, 0}) {
      for (int d = 0; d < kPlies; ++d) {
        const std::uint64_t c = counts[s][r + 1][d];
        if (c == 0) continue;
        nlohmann::json row = {{"side_to_move", s},
                              {"result", std::string(ResultName(r))},
                              {"plies", nullptr},
                              {"count", c}};
        if (distances && r != 0) row["plies"] = d;
        rem.push_back(row);
      }
    }
  }
  nlohmann::json j = {{"positions", positions},
                      {"holes", holes},
                      {"no_move", {no_move[0], no_move[1]}},
                      {"remoteness", rem},
                      {"longest_win", nullptr}};
  if (distances && longest_win >= 0) {
    j["longest_win"] = {
        {"plies", longest_win}, {"side_to_move", longest_win_side}, {"index", longest_win_index}};
  }
  return j;
}

absl::StatusOr<TierStats> TierStats::FromJson(const nlohmann::json& j) {
  TierStats t;
  try {
    t.positions = j.at("positions").get<std::uint64_t>();
    t.holes = j.at("holes").get<std::uint64_t>();
    t.no_move[0] = j.at("no_move").at(0).get<std::uint64_t>();
    t.no_move[1] = j.at("no_move").at(1).get<std::uint64_t>();
    for (const auto& row : j.at("remoteness")) {
      const int s = row.at("side_to_move").get<int>();
      const std::string r = row.at("result").get<std::string>();
      const int result = r == "win" ? 1 : r == "loss" ? -1 : 0;
      const int d = row.at("plies").is_null() ? 0 : row.at("plies").get<int>();
      if (s < 0 || s > 1 || d < 0 || d >= kPlies) return absl::DataLossError("bad remoteness row");
      t.counts[s][result + 1][d] += row.at("count").get<std::uint64_t>();
    }
    if (!j.at("longest_win").is_null()) {
      t.longest_win = j["longest_win"].at("plies").get<int>();
      t.longest_win_side = j["longest_win"].at("side_to_move").get<int>();
      t.longest_win_index = j["longest_win"].at("index").get<std::uint64_t>();
    }
  } catch (const std::exception& e) {
    return absl::DataLossError(absl::StrCat("bad tier statistics: ", e.what()));
  }
  return t;
}

}  // namespace tav::retro
