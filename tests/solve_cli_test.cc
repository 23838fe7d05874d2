// `tav solve` and `tav bench` from the outside: output formats, the FFO suite
// runner, and one error line with exit status 2 for every kind of bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli_helpers.h"
#include "nlohmann/json.hpp"

namespace tav::testing {
namespace {

std::string TempFile(const std::string& name, const std::string& contents) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("tav_solve_test_" + std::to_string(::getpid()) + "_" + name);
  std::ofstream(path) << contents;
  return path.string();
}

TEST(SolveCli, TextShowsValueResultBestMovePvAndStatistics) {
  const CliResult r = RunTav("solve --game=othello --size=4 --threads=1 --tt-mb=1");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* needle : {"value      -10 (loss", "best move  ", "pv         ", "nodes      ",
                             "nodes/s", "1 thread", "tt         1 MiB, probes", "cutoffs"}) {
    EXPECT_NE(r.out.find(needle), std::string::npos) << needle << "\n" << r.out;
  }
}

TEST(SolveCli, JsonFollowsTheSolveSchema) {
  const CliResult r = RunTav(
      "solve --game=desdemona --size=4 --variant=misere --moves='a2' --json --analyze "
      "--threads=2 --tt-mb=2");
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(LineCount(r.out), 1);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  for (const char* key : {"schema",
                          "kind",
                          "game",
                          "variant",
                          "size",
                          "board",
                          "position",
                          "moves",
                          "side_to_move",
                          "remaining",
                          "mode",
                          "value",
                          "value_first_player",
                          "result",
                          "plies",
                          "best_move",
                          "pv",
                          "analysis",
                          "nodes",
                          "seconds",
                          "nps",
                          "tt_probes",
                          "tt_hits",
                          "tt_hit_rate",
                          "tt_cutoffs",
                          "tt_mb",
                          "threads",
                          "provenance"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_EQ(j["schema"], 1);
  EXPECT_EQ(j["kind"], "solve");
  EXPECT_EQ(j["game"], "desdemona");
  EXPECT_EQ(j["variant"], "misere");
  EXPECT_EQ(j["side_to_move"], 1);
  EXPECT_EQ(j["value_first_player"], -j["value"].get<int>());
  EXPECT_EQ(j["threads"], 2);
  EXPECT_EQ(j["tt_mb"], 2);
  EXPECT_EQ(j["pv"][0], j["best_move"]);
  int best = -100;
  for (const auto& a : j["analysis"]) best = std::max(best, a["value"].get<int>());
  EXPECT_EQ(best, j["value"]);
  EXPECT_TRUE(j["provenance"].contains("commit"));
}

TEST(SolveCli, JsonRecordsThePositionTheMovesStartFrom) {
  // --moves played from a --position: the record names that position, so the
  // moves are not read as moves from the start.
  const std::string from = "-X---XX--XO----- O";
  const CliResult r =
      RunTav("solve --game=othello --size=4 --json --position='" + from + "' --moves=a1");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["start_position"], from);
  EXPECT_EQ(j["from_start"], false);
  EXPECT_EQ(j["moves"], "a1");
  const CliResult start = RunTav("solve --game=othello --size=4 --json --moves=b1");
  ASSERT_EQ(start.status, 0) << start.err;
  const nlohmann::json s = nlohmann::json::parse(start.out);
  EXPECT_EQ(s["from_start"], true);
  EXPECT_EQ(s["start_position"], "-----OX--XO----- X");
  EXPECT_EQ(s["options"], "");
}

TEST(SolveCli, WldModePrintsTheSignOnly) {
  const CliResult r = RunTav("solve --game=othello --size=4 --mode=wld --json --threads=1");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["mode"], "wld");
  EXPECT_EQ(j["value"], -1);
  EXPECT_EQ(j["result"], "loss");
}

// --mode=threshold asks about the first player's value whoever is to move; its
// answer must match the exact value and its bound must hold, on both sides.
TEST(SolveCli, ThresholdModeAnswersWithATrueBoundForEitherPlayerToMove) {
  for (const std::string moves : {"", "b1"}) {  // first player to move, then second
    const std::string solve =
        "solve --game=othello --size=4 --threads=1 --tt-mb=1 --json --moves='" + moves + "'";
    const CliResult exact = RunTav(solve);
    ASSERT_EQ(exact.status, 0) << exact.err;
    const int v = nlohmann::json::parse(exact.out)["value_first_player"];
    const int side = nlohmann::json::parse(exact.out)["side_to_move"];
    for (int t : {v - 2, v, v + 1, v + 3}) {
      SCOPED_TRACE(moves + " threshold " + std::to_string(t));
      const CliResult r = RunTav(solve + " --mode=threshold --threshold=" + std::to_string(t));
      ASSERT_EQ(r.status, 0) << r.err;
      const nlohmann::json j = nlohmann::json::parse(r.out);
      EXPECT_EQ(j["mode"], "threshold");
      EXPECT_EQ(j["value_kind"], "bound");
      EXPECT_EQ(j["threshold"], t);
      EXPECT_TRUE(j["result"].is_null());
      const int bound = j["value_first_player"];
      const bool yes = v >= t;
      // The side to move's bound: a lower one for the first player is an upper
      // one for the second.
      EXPECT_EQ(j["bound"], (yes == (side == 0)) ? "lower" : "upper");
      if (yes) {
        EXPECT_GE(bound, t);
        EXPECT_LE(bound, v);  // a lower bound on the first player's value
      } else {
        EXPECT_LT(bound, t);
        EXPECT_GE(bound, v);  // an upper bound
      }
      const CliResult text = RunTav(solve.substr(0, solve.find(" --json")) + " --moves='" + moves +
                                    "' --mode=threshold --threshold=" + std::to_string(t));
      EXPECT_NE(text.out.find(yes ? "? yes (proven: >=" : "? no (proven: <="), std::string::npos)
          << text.out;
    }
  }
}

TEST(SolveCli, FinishedGameHasNullBestMove) {
  const CliResult r =
      RunTav("solve --game=othello --size=4 --position='XXXXXXXX-------- O' --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["best_move"].is_null());
  EXPECT_EQ(j["value"], -16);
}

// On a finished game a threshold solve knows the score itself: it records an
// exact value, as the explorer does, not a bound on one side of the threshold.
TEST(SolveCli, ThresholdModeOnAFinishedGameRecordsTheExactScore) {
  const std::string solve =
      "solve --game=othello --size=4 --position='XXXXXXXX-------- O' --mode=threshold "
      "--threshold=1";
  const CliResult r = RunTav(solve + " --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["value_kind"], "exact");
  EXPECT_TRUE(j["bound"].is_null());
  EXPECT_EQ(j["value"], -16);
  EXPECT_EQ(j["threshold"], 1);
  const CliResult text = RunTav(solve);
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("value      -16"), std::string::npos) << text.out;
}

// A 4x4 suite: the start (white wins 11-3, i.e. -10 with the two empty
// squares going to the winner) and a one-move ending worked out by hand; a
// wrong expected score must be flagged.
TEST(SolveCli, SuiteRunsEveryPositionAndFlagsWrongAnswers) {
  const std::string good = TempFile(
      "good.txt",
      "# comment\n"
      "1 | -----OX--XO----- | X | 12 | -10 | b1,a2,d3,c4 | note\n"
      "\n"
      "2 | XXXXXXXXXXXXXXO- | X | 1 | +16 | d4 | x plays d4, flipping c4: all 16 stones\n");
  const CliResult ok = RunTav("solve --suite=" + good + " --threads=1 --tt-mb=1");
  EXPECT_EQ(ok.status, 0) << ok.err << ok.out;
  EXPECT_NE(ok.out.find("id"), std::string::npos);
  EXPECT_NE(ok.out.find("total"), std::string::npos);
  const CliResult json = RunTav("solve --suite=" + good + " --json --threads=1 --tt-mb=1");
  ASSERT_EQ(json.status, 0) << json.err;
  ASSERT_EQ(LineCount(json.out), 2);
  const nlohmann::json first = nlohmann::json::parse(json.out.substr(0, json.out.find('\n')));
  EXPECT_EQ(first["kind"], "suite_result");
  EXPECT_EQ(first["ok"], true);
  EXPECT_EQ(first["expected"], -10);
  EXPECT_EQ(first["size"], 4);

  const std::string wrong =
      TempFile("wrong.txt", "1 | -----OX--XO----- | X | 12 | +2 | b1 | wrong score\n");
  const CliResult bad = RunTav("solve --suite=" + wrong + " --threads=1 --tt-mb=1");
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.out.find("FAIL"), std::string::npos);
  EXPECT_NE(bad.err.find("1 of 1 suite positions disagree"), std::string::npos) << bad.err;
}

// Edax .obf lines in a suite: the best of the listed move scores is the
// expected value, the moves reaching it the best moves. X plays h8 flipping
// g8: all 64 stones (worked out by hand, like the 4x4 ending above).
TEST(SolveCli, SuiteReadsEdaxObfLines) {
  const std::string board = std::string(62, 'X') + "O-";
  const std::string good = TempFile("good.obf", board + " X; H8:+64;\n" + board + " x; h8:+64;\n");
  const CliResult json = RunTav("solve --suite=" + good + " --json --threads=1 --tt-mb=1");
  ASSERT_EQ(json.status, 0) << json.err << json.out;
  ASSERT_EQ(LineCount(json.out), 2);
  const nlohmann::json first = nlohmann::json::parse(json.out.substr(0, json.out.find('\n')));
  EXPECT_EQ(first["ok"], true);
  EXPECT_EQ(first["expected"], 64);
  EXPECT_EQ(first["expected_moves"], nlohmann::json::array({"h8"}));
  EXPECT_EQ(first["id"], "1");

  std::string edax = board;
  for (char& c : edax) c = c == 'X' ? '*' : c == '-' ? '.' : 'O';
  const std::string wrong = TempFile("wrong.obf", edax + " X; H8:+62;\n");
  const CliResult bad = RunTav("solve --suite=" + wrong + " --threads=1 --tt-mb=1");
  EXPECT_EQ(bad.status, 1) << bad.err;
  EXPECT_NE(bad.err.find("1 of 1 suite positions disagree"), std::string::npos) << bad.err;

  ExpectBadInput("solve --suite=" + TempFile("nopairs.obf", board + " X;\n"),
                 ":1: no 'move:score' pairs");
  ExpectBadInput("solve --suite=" + TempFile("illegal.obf", board + " X; A1:+64;\n"),
                 ":1: bad best move");
}

// --eval orders the moves, never changes the value: FFO #40 (20 empties) by
// default (learned on Othello 8x8) and handmade, same value and best move;
// the records name the evaluation, and the learned one searches fewer nodes.
TEST(SolveCli, EvalOrdersTheMovesAndTheValueStaysExact) {
  const std::string ffo40 =
      "--position='O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X'";
  const std::string solve = "solve --game=othello --size=8 --threads=1 --tt-mb=64 --json ";
  const CliResult learned = RunTav(solve + ffo40);
  const CliResult handmade = RunTav(solve + ffo40 + " --eval=handmade");
  ASSERT_EQ(learned.status, 0) << learned.err;
  ASSERT_EQ(handmade.status, 0) << handmade.err;
  const nlohmann::json a = nlohmann::json::parse(learned.out);
  const nlohmann::json b = nlohmann::json::parse(handmade.out);
  EXPECT_EQ(a["eval"], "learned");
  EXPECT_EQ(b["eval"], "handmade");
  EXPECT_EQ(a["value"], 38);
  EXPECT_EQ(b["value"], 38);
  EXPECT_EQ(a["best_move"], "a2");
  EXPECT_EQ(b["best_move"], "a2");
  EXPECT_LT(a["nodes"].get<std::uint64_t>(), b["nodes"].get<std::uint64_t>());
  // Elsewhere the game's own evaluation, unless --eval names one.
  const nlohmann::json six =
      nlohmann::json::parse(RunTav("solve --game=othello --size=4 --json --tt-mb=1").out);
  EXPECT_EQ(six["eval"], "handmade");
  const nlohmann::json prairie =
      nlohmann::json::parse(RunTav("solve --game=prairie --size=3 --json --tt-mb=1").out);
  EXPECT_EQ(prairie["eval"], "none");
  ExpectBadInput("solve --game=othello --size=4 --eval=learned", "no learned weights");
  ExpectBadInput("solve --game=othello --size=4 --eval=handmade --db=x", "--eval cannot be");
}

TEST(SolveCliBadInput, BadFlags) {
  ExpectBadInput("solve --game=othello --mode=fast", "bad --mode='fast'");
  ExpectBadInput("solve --game=othello --mode=heuristic", "bad --mode='heuristic'");
  ExpectBadInput("solve --game=othello --threads=-1", "bad --threads=-1");
  ExpectBadInput("solve --game=othello --threads=x", "--threads");
  ExpectBadInput("solve --game=othello --tt-mb=0", "bad --tt-mb=0");
  ExpectBadInput("solve --game=othello --tt-mb=99999999", "bad --tt-mb=99999999");
  ExpectBadInput("solve --game=othello --tt-mb=-5", "bad --tt-mb=-5");
  ExpectBadInput("solve --game=othello --analyze=maybe", "--analyze");
  ExpectBadInput("solve --game=othello --size=4 --threshold=1", "--threshold needs --mode");
  ExpectBadInput("solve --game=othello --size=4 --mode=threshold", "needs --threshold=T");
  ExpectBadInput("solve --game=othello --size=4 --mode=threshold --threshold=99",
                 "--threshold=99 is outside");
  ExpectBadInput("solve --game=othello --size=4 --mode=threshold --threshold=1 --analyze",
                 "--analyze needs");
  ExpectBadInput("solve --suite=x.txt --mode=threshold --threshold=1", "does not apply to --suite");
  ExpectBadInput("solve", "missing --game");
  ExpectBadInput("solve --game=othello --size=4 --moves='a1'", "move 1 'a1'");
  ExpectBadInput("solve --game=othello --size=4 --position='XO X'", "bad --position");
  ExpectBadInput("solve --game=othello extra", "positional");
  ExpectBadInput("bench --bogus", "unknown flag --bogus");
}

// An exact solve that cannot finish is refused with the estimate, unless
// --force; one that can (below, and tree_estimate_test) runs.
TEST(SolveCliBadInput, RefusesSolvesThatCannotFinish) {
  for (const char* args : {"solve --game=othello", "solve --game=othello --size=8",
                           "solve --game=othello --size=8 --mode=wld --moves=d3",
                           "solve --game=cathedral --size=10"}) {
    const CliResult r = ExpectBadInput(args, "refusing a solve that cannot finish: about 10^");
    EXPECT_NE(r.err.find("--force"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
  const CliResult small = RunTav("solve --game=othello --size=4 --threads=1 --tt-mb=1 --force");
  EXPECT_EQ(small.status, 0) << small.err;
  const CliResult cathedral = RunTav("solve --game=cathedral --size=5 --threads=1 --tt-mb=16");
  EXPECT_EQ(cathedral.status, 0) << cathedral.err;
}

TEST(SolveCliBadInput, BadSuiteFiles) {
  ExpectBadInput("solve --suite=/nonexistent/suite.txt",
                 "bad --suite=/nonexistent/suite.txt: no such file");
  ExpectBadInput("solve --suite=" + TempFile("empty.txt", "# nothing\n"), "no positions");
  ExpectBadInput("solve --suite=" + TempFile("fields.txt", "1 | XO | X\n"),
                 ":1: expected at least 6");
  ExpectBadInput(
      "solve --suite=" + TempFile("side.txt", "1 | -----OX--XO----- | Z | 12 | 0 | b1\n"),
      "bad side 'Z'");
  ExpectBadInput(
      "solve --suite=" + TempFile("score.txt", "1 | -----OX--XO----- | X | 12 | ten | b1\n"),
      "bad score 'ten'");
  ExpectBadInput(
      "solve --suite=" + TempFile("empties.txt", "1 | -----OX--XO----- | X | 11 | 0 | b1\n"),
      "says 11");
  ExpectBadInput(
      "solve --suite=" + TempFile("board.txt", "1 | -----OX--XO----? | X | 11 | 0 | b1\n"),
      ":1: bad position");
  ExpectBadInput(
      "solve --suite=" + TempFile("move.txt", "1 | -----OX--XO----- | X | 12 | 0 | a1\n"),
      ":1: bad best move");
  ExpectBadInput(
      "solve --suite=" + TempFile("nomove.txt", "1 | -----OX--XO----- | X | 12 | 0 | \n"),
      "no best move");
  const std::string good = TempFile("ok.txt", "1 | -----OX--XO----- | X | 12 | -10 | b1\n");
  ExpectBadInput("solve --suite=" + good + " --moves=b1", "cannot be combined");
  ExpectBadInput("solve --suite=" + good + " --analyze", "--analyze does not apply");
  ExpectBadInput("solve --suite=" + good + " --game=chess", "unknown --game='chess'");
}

}  // namespace
}  // namespace tav::testing
