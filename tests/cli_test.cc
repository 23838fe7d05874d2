// The `tav` program from the outside: output formats, exit codes, and one
// clear error line for every kind of bad input.
#include <gtest/gtest.h>

#include "cli_helpers.h"

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
