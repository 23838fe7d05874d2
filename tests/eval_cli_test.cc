// `tav eval` from the outside: a finished game evaluates to the exact value
// `tav solve` finds, the value is for the side to move, and bad input is one
// error line with exit status 2.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "cli_helpers.h"
#include "nlohmann/json.hpp"

namespace tav::testing {
namespace {

// The moves of a whole game from the start, always playing the legal move at
// `pick` (0 the first, -1 the last) of `tav moves`' sorted list.
std::vector<std::string> PlayOut(const std::string& game, int pick) {
  std::vector<std::string> moves;
  for (int ply = 0; ply < 200; ++ply) {
    const CliResult r = RunTav("moves " + game + " --moves='" + absl::StrJoin(moves, " ") + "'");
    EXPECT_EQ(r.status, 0) << r.err;
    std::vector<std::string> legal =
        absl::StrSplit(r.out.substr(0, r.out.find('\n')), ' ', absl::SkipEmpty());
    if (legal.empty()) return moves;
    moves.push_back(pick == 0 ? legal.front() : legal.back());
  }
  ADD_FAILURE() << "no game end after 200 plies";
  return moves;
}

TEST(EvalCli, AFinishedGameEvaluatesToTheExactValueOfSolve) {
  for (const std::string game : {"--game=othello --size=4", "--game=cathedral --size=5"}) {
    for (int pick : {0, -1}) {
      SCOPED_TRACE(game + (pick == 0 ? " first moves" : " last moves"));
      const std::string moves = absl::StrJoin(PlayOut(game, pick), " ");
      const nlohmann::json e = JsonOf("eval " + game + " --json --moves='" + moves + "'");
      const nlohmann::json s = JsonOf("solve " + game + " --json --moves='" + moves + "'");
      EXPECT_EQ(e["kind"], "eval");
      EXPECT_EQ(e["eval"], "handmade");
      EXPECT_TRUE(e["game_over"].get<bool>());
      EXPECT_EQ(e["position"], s["position"]);
      EXPECT_EQ(e["side_to_move"], s["side_to_move"]);
      EXPECT_EQ(e["value"], s["value"]);
      EXPECT_EQ(e["value_first_player"], s["value_first_player"]);
    }
  }
}

TEST(EvalCli, TheValueIsForTheSideToMoveAndTheFirstPlayersIsItsSign) {
  for (const std::string game : {"--game=othello --size=4", "--game=cathedral --size=5"}) {
    const std::vector<std::string> moves = PlayOut(game, 0);
    for (size_t ply = 0; ply <= moves.size(); ply += 3) {
      const std::string prefix(absl::StrJoin(moves.begin(), moves.begin() + ply, " "));
      const nlohmann::json e = JsonOf("eval " + game + " --json --moves='" + prefix + "'");
      const int value = e["value"], first = e["value_first_player"];
      EXPECT_EQ(first, e["side_to_move"] == 0 ? value : -value) << game << " " << prefix;
    }
  }
}

// Othello's evaluation (mobility and corners, mover minus opponent) and its
// final value are antisymmetric: the same discs with the other side to move
// negate the value and leave the first player's value unchanged.
TEST(EvalCli, OthelloWithTheOtherSideToMoveNegatesTheValue) {
  const std::string game = "--game=othello --size=4";
  const std::vector<std::string> moves = PlayOut(game, -1);
  int nonzero = 0;
  for (size_t ply = 0; ply <= moves.size(); ++ply) {
    const std::string prefix(absl::StrJoin(moves.begin(), moves.begin() + ply, " "));
    const nlohmann::json e = JsonOf("eval " + game + " --json --moves='" + prefix + "'");
    std::string swapped = e["position"];
    swapped.back() = swapped.back() == 'X' ? 'O' : 'X';
    const nlohmann::json f = JsonOf("eval " + game + " --json --position='" + swapped + "'");
    SCOPED_TRACE(swapped);
    EXPECT_NE(e["side_to_move"], f["side_to_move"]);
    EXPECT_EQ(f["value"], -e["value"].get<int>());
    EXPECT_EQ(f["value_first_player"], e["value_first_player"]);
    nonzero += e["value"] != 0;
  }
  EXPECT_GT(nonzero, 0);  // the check saw values that could have had the wrong sign
}

TEST(EvalCli, TextOutputNamesTheValueAndTheEvaluation) {
  const CliResult r = RunTav("eval --game=cathedral --size=5 --moves='Yed3 Leb2'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("value "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("eval handmade"), std::string::npos) << r.out;
}

TEST(EvalCli, BadInputIsOneErrorLineAndExitStatus2) {
  ExpectBadInput("eval --game=othello --eval=weights.json", "no such weights file");
  ExpectBadInput("eval --game=prairie --eval=weights.json", "--game=prairie has no features");
  ExpectBadInput("eval --game=othello --eval=", "bad --eval=''");
  ExpectBadInput("eval --game=cathedral --eval=weights.json", "no such weights file");
  ExpectBadInput("eval --game=prairie", "--game=prairie has no static evaluation");
  ExpectBadInput("eval --game=othello --depth=3", "unknown flag --depth");
  ExpectBadInput("eval --game=othello --moves='a1'", "a1");
  ExpectBadInput("eval --game=othello extra", "no positional arguments");
  ExpectBadInput("eval", "missing --game");
}

}  // namespace
}  // namespace tav::testing
