// `tav think` from the outside: the move and value agree with `tav solve`
// where the engine plays exactly, a node budget gives the same answer every
// run, the configuration printed back is the one parsed, and bad input is
// one error line with exit status 2.
#include <gtest/gtest.h>

#include <string>

#include "cli_helpers.h"
#include "nlohmann/json.hpp"

namespace tav::testing {
namespace {

TEST(ThinkCli, NearTheEndTheEngineSaysExactAndAgreesWithSolve) {
  for (const std::string game : {"--game=othello --size=4", "--game=cathedral --size=5"}) {
    SCOPED_TRACE(game);
    const nlohmann::json t = JsonOf("think " + game + " --json --nodes=1000000");
    const nlohmann::json s = JsonOf("solve " + game + " --json --threads=1");
    EXPECT_EQ(t["kind"], "think");
    EXPECT_EQ(t["value_kind"], "exact");
    EXPECT_EQ(t["search"], "exact");
    EXPECT_EQ(t["position"], s["position"]);
    EXPECT_EQ(t["value"], s["value"]);
    EXPECT_EQ(t["value_first_player"], s["value_first_player"]);
    // The chosen move keeps the exact value.
    const nlohmann::json after = JsonOf("solve " + game + " --json --threads=1 --moves='" +
                                        t["best_move"].get<std::string>() + "'");
    EXPECT_EQ(after["value_first_player"], s["value_first_player"]);
  }
}

TEST(ThinkCli, ANodeBudgetGivesTheSameAnswerEveryRun) {
  for (const std::string search : {"fullwidth", "selective"}) {
    const std::string args =
        "think --game=cathedral --size=10 --moves=Yne5 --json --nodes=20000 "
        "--exact=false --search=" +
        search;
    const nlohmann::json a = JsonOf(args), b = JsonOf(args);
    EXPECT_EQ(a["value_kind"], "heuristic");
    EXPECT_EQ(a["search"], search);
    for (const char* key : {"best_move", "value", "depth", "nodes"}) {
      EXPECT_EQ(a[key], b[key]) << search << " " << key;
    }
    EXPECT_EQ(a["config"]["search"], search);
    EXPECT_EQ(a["config"]["nodes"], 20000);
    EXPECT_EQ(a["config"]["exact"], false);
  }
}

TEST(ThinkCli, TextOutputNamesMoveValueKindAndConfiguration) {
  const CliResult r =
      RunTav("think --game=othello --size=6 --depth=2 --exact=false --search=fullwidth");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* needle : {"best move", "heuristic", "fullwidth, depth 2", "nodes/s",
                             "--search=fullwidth --depth=2", "--exact=false"}) {
    EXPECT_NE(r.out.find(needle), std::string::npos) << needle << "\n" << r.out;
  }
}

TEST(ThinkCli, BadInputIsOneLineAndExitStatusTwo) {
  const std::string game = "think --game=cathedral --size=5 ";
  ExpectBadInput(game, "no budget");
  ExpectBadInput(game + "--depth=1 --search=mcts", "--search=mcts");
  ExpectBadInput(game + "--depth=1 --noise=-1", "--noise=-1");
  ExpectBadInput(game + "--depth=1 --eval=nosuch.weights", "nosuch.weights");
  ExpectBadInput(game + "--depth=1 --moves='Yzz9'", "Yzz9");
  ExpectBadInput(game + "--depth=1 --colour=red", "colour");
  ExpectBadInput("think --game=prairie --depth=1", "prairie");
}

}  // namespace
}  // namespace tav::testing
