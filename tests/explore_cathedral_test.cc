// The explorer on Cathedral: values against plain minimax on a small piece
// set, the Cathedral annotations of the records, and the Lehmann preset's
// two explorations.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "absl/strings/str_split.h"
#include "cli_helpers.h"
#include "core/atomic_file.h"
#include "core/game_options.h"
#include "explore/explorer.h"
#include "explore/frontier_solver.h"
#include "games/cathedral/cathedral.h"
#include "minimax.h"
#include "nlohmann/json.hpp"

namespace tav::explore {
namespace {

using cathedral::Cathedral;
using nlohmann::json;
namespace fs = std::filesystem;

fs::path Root() {
  static const fs::path root =
      fs::temp_directory_path() / ("tav_explore_cathedral_" + std::to_string(::getpid()));
  static const struct Cleanup {
    ~Cleanup() { fs::remove_all(root); }
  } cleanup;
  return root;
}

std::vector<json> Records(const std::string& dir) {
  std::vector<json> out;
  auto lines = ReadLogLines(dir + "/results.jsonl");
  EXPECT_TRUE(lines.ok());
  for (const auto& l : lines->lines) out.push_back(json::parse(l));
  return out;
}

std::vector<json> Explored(const Cathedral& game, int plies, const std::string& name) {
  const std::string dir = (Root() / name).string();
  fs::remove_all(dir);
  ExploreOptions o;
  o.id.game = "cathedral";
  o.id.variant = game.variant();
  o.id.size = game.size();
  o.id.board = game.board_name();
  o.id.plies = plies;
  o.threads = 2;
  o.out_dir = dir;
  o.progress = false;
  FrontierSolverFactory<Cathedral> factory(game, 16);
  auto s = Explore(game, game.start(), o, factory);
  EXPECT_TRUE(s.ok()) << s.status();
  return Records(dir);
}

TEST(ExploreCathedral, ValuesMatchPlainMinimaxOnASmallPieceSet) {
  // Lehmann's compound turn multiplies the branching: one piece each there.
  for (auto [variant, pieces] : {std::pair{"classic", "VS"}, std::pair{"lehmann", "V"}}) {
    SCOPED_TRACE(variant);
    auto game =
        Cathedral::Create(GameSpec{"cathedral", variant, 5, JoinGameOptions({{"pieces", pieces}})});
    ASSERT_TRUE(game.ok()) << game.status();
    const auto records = Explored(*game, 2, std::string("minimax_") + variant);
    ASSERT_FALSE(records.empty());
    for (const json& r : records) {
      // The root's minimax is the whole game tree: its backed-up value is
      // checked through its children (and the backup rules in explore_value_test).
      if (r["ply"] == 0) continue;
      auto pos = game->parse_position(r["position"].get<std::string>());
      ASSERT_TRUE(pos.ok()) << pos.status();
      EXPECT_EQ(r["value_kind"], "exact") << r.dump();
      EXPECT_EQ(r["value"], testing::Minimax(*game, *pos)) << r.dump();
      // Dark is the first player, side 0.
      EXPECT_EQ(r["value_first_player"],
                r["side_to_move"] == 0 ? r["value"].get<int>() : -r["value"].get<int>());
    }
  }
}

TEST(ExploreCathedral, ClassicRecordsCarryTheCathedralSquaresAndMove) {
  auto game = Cathedral::Create(GameSpec{"cathedral", "classic", 5, "pieces=VS"});
  ASSERT_TRUE(game.ok());
  const auto records = Explored(*game, 2, "annotations");
  int placements = 0;
  for (const json& r : records) {
    const json& a = r["annotations"];
    ASSERT_TRUE(a.contains("cathedral_squares") && a.contains("cathedral_move")) << r.dump();
    if (r["ply"] == 0) {
      EXPECT_TRUE(a["cathedral_squares"].empty());
      EXPECT_TRUE(a["cathedral_move"].is_null());
      continue;
    }
    // The line's first move placed the Cathedral where the record says.
    const std::string first = r["moves"][0];
    EXPECT_EQ(a["cathedral_move"], first) << r.dump();
    const auto squares = a["cathedral_squares"].get<std::vector<std::string>>();
    EXPECT_EQ(std::set<std::string>(squares.begin(), squares.end()).size(), 6u);
    // Each square is a 'Y' of the record's position string (board: a1 b1 ..).
    const std::string board = r["position"].get<std::string>().substr(0, 25);
    for (const std::string& sq : squares) {
      const int index = (std::stoi(sq.substr(1)) - 1) * 5 + (sq[0] - 'a');
      EXPECT_EQ(board[index], 'Y') << sq << " in " << board;
    }
    placements += r["ply"] == 1;
  }
  // 5x5: 2 x 3 anchors in each of 4 orientations, 24 placements, 6 up to rotation.
  EXPECT_EQ(placements, 6);
}

TEST(ExploreCathedral, LehmannPresetRunsBothRuleSets) {
  const std::string out = (Root() / "preset").string();
  const testing::CliResult r =
      testing::RunTav("explore --preset=lehmann --size=5 --pieces=VS --tt-mb=16 --out=" + out);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Lehmann's question on 5x5 (pieces VS)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("6 Cathedral placements up to symmetry"), std::string::npos) << r.out;
  for (const char* part : {"classic", "lehmann"}) {
    const json run = json::parse(*ReadWholeFile(out + "/" + part + "/run.json"));
    EXPECT_EQ(run["variant"], part);
    EXPECT_EQ(run["plies"], 1);
    EXPECT_EQ(run["mode"], "exact");
    EXPECT_EQ(run["status"], "complete");
  }
  // The classic root is light's choice of placement: dark's value there is
  // the worst of dark's values over the placements.
  int worst = 1000, root_for_dark = 0;
  for (const json& rec : Records(out + "/classic")) {
    if (rec["ply"] == 1) worst = std::min(worst, rec["value_first_player"].get<int>());
    if (rec["ply"] == 0) root_for_dark = rec["value_first_player"];
  }
  EXPECT_EQ(root_for_dark, worst);
}

}  // namespace
}  // namespace tav::explore
