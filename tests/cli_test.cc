// The `tav` program from the outside: output formats, exit codes, and one
// clear error line for every kind of bad input.
#include <gtest/gtest.h>

#include "cli_helpers.h"
#include "nlohmann/json.hpp"

namespace tav::testing {
namespace {

// Bad input: exit status 2, exactly one line on stderr naming the problem.
TEST(CliBadInput, UnknownGameCommandAndFlag) {
  ExpectBadInput("perft --game=chess --depth=2", "unknown --game='chess'");
  ExpectBadInput("frobnicate", "unknown command 'frobnicate'");
  ExpectBadInput("perft --game=othello --bogus=1", "unknown flag --bogus");
  ExpectBadInput("moves", "missing --game");
}

TEST(CliBadInput, BadFlagValues) {
  ExpectBadInput("perft --game=othello --depth=abc", "--depth");
  ExpectBadInput("perft --game=othello --depth=0", "--depth");
  ExpectBadInput("perft --game=othello --size=5", "--size=5");
  ExpectBadInput("perft --game=othello --size=-3", "--size");
  ExpectBadInput("moves --game=desdemona --variant=inverse", "--variant='inverse'");
  ExpectBadInput("perft --game=othello --depth", "needs a value");
}

TEST(CliBadInput, MalformedPositions) {
  ExpectBadInput("moves --game=othello --position='XO X'", "characters");
  ExpectBadInput("moves --game=othello --size=4 --position='-----OX--XO----? X'",
                 "bad character '?'");
  ExpectBadInput("moves --game=othello --size=4 --position='-----OX--XO----- Z'",
                 "bad side to move");
}

TEST(CliBadInput, IllegalOrUnparsableMoves) {
  ExpectBadInput("moves --game=othello --moves='d3 a1'", "move 2 'a1'");
  ExpectBadInput("moves --game=othello --moves='d3 k4'", "move 2 'k4'");
  ExpectBadInput("show --game=desdemona --moves='pass'", "move 1 'pass'");
}

TEST(CliMoves, PrintsSortedMovesOnOneLine) {
  const CliResult r = RunTav("moves --game=desdemona --moves='d3 e3 f3'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "c3 c5 e2\n");
}

TEST(CliMoves, PrintsPassAndNothingAtTheEnd) {
  const CliResult pass = RunTav("moves --game=othello --size=4 --position='OOOOOOOOOOX----- X'");
  EXPECT_EQ(pass.out, "pass\n");
  const CliResult over = RunTav("moves --game=othello --size=4 --position='XXXXXXXX-------- O'");
  EXPECT_EQ(over.status, 0);
  EXPECT_EQ(over.out, "\n");
}

TEST(CliPerft, PrintsOneLinePerDepthAndTheRate) {
  const CliResult r = RunTav("perft --game=othello --depth=5");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("perft  5             1396"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("leaves/s"), std::string::npos);
  EXPECT_EQ(LineCount(r.out), 6);
}

TEST(CliShow, DrawsRowOneAtTheTopWithTheSideToMove) {
  const CliResult r = RunTav("show --game=othello --moves=d3");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.find("   a b c d e f g h\n 1 "), 0u) << r.out;
  EXPECT_NE(r.out.find("O (white) to move"), std::string::npos);
}

// --json of perft, moves and show: one record each (data/README.md), with
// the same numbers as the text output.
TEST(CliJson, PerftMovesAndShowPrintOneRecordEach) {
  const CliResult perft = RunTav("perft --game=othello --size=6 --depth=3 --divide --json");
  ASSERT_EQ(perft.status, 0) << perft.err;
  ASSERT_EQ(LineCount(perft.out), 1) << perft.out;
  const nlohmann::json p = nlohmann::json::parse(perft.out);
  EXPECT_EQ(p["kind"], "perft");
  EXPECT_EQ(p["schema"], 1);
  EXPECT_EQ(p["board"], "6x6");
  ASSERT_EQ(p["depths"].size(), 3u);
  const CliResult text = RunTav("perft --game=othello --size=6 --depth=3");
  std::uint64_t sum = 0, divided = 0;
  for (const nlohmann::json& d : p["depths"]) {
    const std::string leaves = std::to_string(d["leaves"].get<std::uint64_t>());
    EXPECT_NE(text.out.find(" " + leaves + "   "), std::string::npos) << leaves << text.out;
    sum += d["leaves"].get<std::uint64_t>();
  }
  EXPECT_EQ(p["leaves"], sum);
  for (const nlohmann::json& m : p["divide"]) divided += m["leaves"].get<std::uint64_t>();
  EXPECT_EQ(divided, p["depths"][2]["leaves"].get<std::uint64_t>());

  const CliResult moves = RunTav("moves --game=othello --moves=d3 --json");
  ASSERT_EQ(moves.status, 0) << moves.err;
  const nlohmann::json m = nlohmann::json::parse(moves.out);
  EXPECT_EQ(m["kind"], "moves");
  EXPECT_EQ(m["side_to_move"], 1);
  EXPECT_EQ(m["over"], false);
  std::string joined;
  for (const nlohmann::json& name : m["moves"])
    joined += (joined.empty() ? "" : " ") + name.get<std::string>();
  EXPECT_EQ(joined + "\n", RunTav("moves --game=othello --moves=d3").out);

  const CliResult show = RunTav("show --game=othello --moves=d3 --json");
  ASSERT_EQ(show.status, 0) << show.err;
  const nlohmann::json s = nlohmann::json::parse(show.out);
  EXPECT_EQ(s["kind"], "show");
  EXPECT_EQ(s["moves"], m["moves"]);
  const std::string text_show = RunTav("show --game=othello --moves=d3").out;
  EXPECT_EQ(text_show, s["diagram"].get<std::string>() +
                           "position: " + s["position"].get<std::string>() + "\n");
}

// An Edax .obf line is an Othello --position like any other.
TEST(CliObf, ShowAcceptsAnObfPosition) {
  const std::string rules =
      nlohmann::json::parse(RunTav("show --game=othello --moves=d3 --json").out)["position"];
  std::string obf = rules;
  for (size_t i = 0; i < 64; ++i) obf[i] = obf[i] == 'X' ? '*' : obf[i] == '-' ? '.' : 'O';
  const CliResult r = RunTav("show --game=othello --json --position='" + obf + "; C3:+0; E3:-2;'");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out)["position"], rules);
  ExpectBadInput("show --game=othello --position='" + obf + "; A1:+0;'", "'A1:+0'");
}

TEST(CliHelp, EveryCommandHasHelp) {
  const CliResult overview = RunTav("--help");
  EXPECT_EQ(overview.status, 0);
  for (const char* command : {"perft", "moves", "show", "demo"}) {
    const CliResult r = RunTav(std::string(command) + " --help");
    EXPECT_EQ(r.status, 0) << command;
    EXPECT_NE(r.out.find("usage: tav"), std::string::npos) << command;
    EXPECT_NE(overview.out.find(command), std::string::npos) << command;
  }
}

TEST(CliDemo, PassesItsOwnChecks) {
  const CliResult r = RunTav("demo");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("all checks passed"), std::string::npos);
}

}  // namespace
}  // namespace tav::testing
