// The committed solve records (data/solve/*.json): well-formed `solve`
// records whose principal variation, replayed from the position, ends the
// game with exactly the recorded value; Othello 6x6 equals the published
// result (16-20, Feinstein 1993).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli/game_registry.h"
#include "core/game_options.h"
#include "nlohmann/json.hpp"
#include "search/values.h"

namespace tav {
namespace {

std::vector<std::filesystem::path> SolveRecords() {
  std::vector<std::filesystem::path> out;
  const auto dir = std::filesystem::path(TAV_SOURCE_DIR) / "data" / "solve";
  if (std::filesystem::exists(dir)) {
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      if (e.path().extension() == ".json") out.push_back(e.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(SolveData, EveryRecordIsASolveWhosePvEndsTheGameWithItsValue) {
  const auto files = SolveRecords();
  ASSERT_GE(files.size(), 5u) << "Othello 6x6, Desdemona 4x4 and 6x6 (both variants)";
  for (const auto& path : files) {
    SCOPED_TRACE(path.string());
    std::ifstream in(path);
    const nlohmann::json j = nlohmann::json::parse(in);
    EXPECT_EQ(j["schema"], 1);
    EXPECT_EQ(j["kind"], "solve");
    EXPECT_EQ(j["mode"], "exact");
    EXPECT_TRUE(j["complete"].get<bool>());
    EXPECT_TRUE(j["provenance"].contains("commit"));
    GameSpec spec{j["game"], j["variant"], j["size"].get<int>(), GameOptionsFromJson(j)};
    const absl::Status status = cli::WithGame(spec, [&](const auto& game) -> absl::Status {
      using G = std::decay_t<decltype(game)>;
      auto pos = game.parse_position(j["position"].get<std::string>());
      if (!pos.ok()) return pos.status();
      EXPECT_EQ(game.side_to_move(*pos), j["side_to_move"]);
      auto p = *pos;
      for (const auto& m : j["pv"]) {
        auto move = game.parse_move(p, m.get<std::string>());
        if (!move.ok()) return move.status();
        game.play(p, *move);
      }
      EXPECT_TRUE(game.is_over(p)) << "the PV ends the game";
      int v = game.final_value(p);
      for (size_t i = 0; i < j["pv"].size(); ++i) v = search::BackUp<G>(v);
      EXPECT_EQ(v, j["value"]);
      EXPECT_EQ(j["value_first_player"], game.side_to_move(*pos) == 0 ? v : -v);
      EXPECT_EQ(j["best_move"], j["pv"][0]);
      return absl::OkStatus();
    });
    EXPECT_TRUE(status.ok()) << status;
  }
}

TEST(SolveData, OthelloSixBySixIsTheKnownSecondPlayerWin) {
  std::ifstream in(std::filesystem::path(TAV_SOURCE_DIR) / "data/solve/othello-6x6-standard.json");
  ASSERT_TRUE(in.good());
  const nlohmann::json j = nlohmann::json::parse(in);
  EXPECT_EQ(j["value_first_player"], -4) << "white wins 20-16 (Feinstein 1993)";
}

}  // namespace
}  // namespace tav
