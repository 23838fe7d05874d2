// The `tav` program from the outside: output formats, exit codes, and one
// clear error line for every kind of bad input.
#include <gtest/gtest.h>

#include <filesystem>

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

// One validation layer (cli/flags.h): a shared flag is checked the same way
// by every command that takes it.
TEST(CliFlagValidation, SharedFlagsAreCheckedAlikeByEveryCommand) {
  const std::string out = " --out=/tmp/tav_cli_never_written";
  for (const std::string& command :
       {std::string("solve --game=othello --size=4"),
        "explore --game=othello --size=4 --plies=1" + out, std::string("verify --db=/nonexistent"),
        std::string("crosscheck --db=/nonexistent"), "retro --game=prairie --size=3" + out}) {
    SCOPED_TRACE(command);
    ExpectBadInput(command + " --threads=-5", "bad --threads=-5: must be 0 (all cores) to 1024");
  }
  for (const std::string& command : {std::string("solve --game=othello --size=4"),
                                     "explore --game=othello --size=4 --plies=1" + out,
                                     std::string("prove --game=prairie --size=3"),
                                     std::string("crosscheck --db=/nonexistent")}) {
    SCOPED_TRACE(command);
    // Larger than any machine's memory: refused before anything is allocated.
    ExpectBadInput(command + " --tt-mb=99999999", "bad --tt-mb=99999999: must be 1 to ");
    ExpectBadInput(command + " --tt-mb=0", "bad --tt-mb=0");
  }
  for (const std::string& command :
       {std::string("probe --db=/nonexistent"), "retro --game=prairie --size=3" + out,
        std::string("solve --game=prairie --size=3"),
        std::string("prove --game=prairie --size=3")}) {
    SCOPED_TRACE(command);
    ExpectBadInput(command + " --memory-mb=99999999", "bad --memory-mb=99999999: must be 1 to ");
  }
  for (const std::string& command :
       {"explore --game=othello --size=4 --plies=1 --mode=search" + out,
        std::string("prove --game=prairie --size=3"),
        std::string("crosscheck --db=/nonexistent")}) {
    SCOPED_TRACE(command);
    ExpectBadInput(command + " --budget-s=-1", "bad --budget-s=-1: must be 0 (no limit)");
  }
}

TEST(CliFlagValidation, OldSpellingsPointAtTheNewFlag) {
  ExpectBadInput("prove --game=prairie --size=3 --max-seconds=5",
                 "flag --max-seconds was renamed: use --budget-s (seconds)");
  ExpectBadInput("crosscheck --db=/nonexistent --budget-seconds=5",
                 "flag --budget-seconds was renamed: use --budget-s (seconds)");
  ExpectBadInput("probe --db=/nonexistent --memory-gb=1",
                 "flag --memory-gb was renamed: use --memory-mb (MiB, 2^20 bytes)");
}

TEST(CliFlagValidation, RepeatedFlagsAndEmptyPositionsAreRefused) {
  ExpectBadInput("moves --game=othello --size=4 --size=6", "flag --size given twice");
  ExpectBadInput("moves --game=othello --moves=d3 --moves=c5", "flag --moves given twice");
  ExpectBadInput("solve --game=othello --size=4 --json --nojson", "flag --json given twice");
  ExpectBadInput("moves --game=othello --position=''", "empty --position=''");
  ExpectBadInput("solve --game=othello --size=4 --position=''", "empty --position=''");
}

// The exit-status contract of `tav --help` (and cli/command.h): 2 for
// anything the command line or its files can fix, paths included.
TEST(CliExitStatus, UnusablePathsAreBadInputInEveryCommand) {
  const std::string dir = ::testing::TempDir() + "/tav_cli_paths_" + std::to_string(::getpid());
  std::filesystem::create_directories(dir);
  const std::string book = dir + "/book.tvb";
  ASSERT_EQ(
      RunTav("explore --game=othello --size=4 --plies=1 --tt-mb=1 --out=" + dir + "/run").status,
      0);
  std::filesystem::copy_file(dir + "/run/book.tvb", book);
  // Unwritable outputs (under /proc nothing can be created).
  ExpectBadInput("explore --game=othello --size=4 --plies=1 --out=/proc/tav/x",
                 "bad --out=/proc/tav/x");
  ExpectBadInput("retro --game=prairie --size=3 --out=/proc/tav/x", "bad --out=/proc/tav/x");
  ExpectBadInput("book export --book=" + book + " --out=/proc/tav.csv", "bad --out=/proc/tav.csv");
  ExpectBadInput("book merge --out=/proc/tav.tvb " + book, "bad --out=/proc/tav.tvb");
  // A file where a directory is wanted, and a directory where a file is.
  ExpectBadInput("explore --game=othello --size=4 --plies=1 --out=" + book,
                 "a file, not a directory");
  ExpectBadInput("retro --game=prairie --size=3 --out=" + book, "a file, not a directory");
  ExpectBadInput("book export --book=" + book + " --out=" + dir, "a directory, not a file");
  ExpectBadInput("book query --book=" + dir, "bad --book=" + dir + ": a directory, not a file");
  ExpectBadInput("book export --book=" + dir, "a directory, not a file");
  ExpectBadInput("book merge --out=" + dir + "/m.tvb " + dir, "a directory, not a file");
  ExpectBadInput("solve --suite=" + dir, "bad --suite=" + dir + ": a directory, not a file");
  std::filesystem::remove_all(dir);
}

// --mpi outside mpirun: with MPI a run of one process (no worker), without
// MPI a build that cannot; either way one line, exit 2, nothing written.
TEST(CliExitStatus, MpiWithoutWorkersOrWithoutMpiIsBadInput) {
  const std::string out = ::testing::TempDir() + "/tav_cli_mpi_out";
  std::filesystem::remove_all(out);
  for (const std::string command :
       {"explore --game=othello --size=4 --plies=2", "retro --game=prairie --size=3",
        "match --game=othello --size=4 --a=--depth=1 --b=--depth=1 --random-openings=1"}) {
    ExpectBadInput(command + " --mpi --out=" + out, "--mpi needs");
  }
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(CliExitStatus, BadUnitJsonNamesTheKey) {
  const std::string head =
      R"(explore --unit='{"schema":1,"kind":"explore_unit","game":"othello","size":4,)"
      R"("position":"-----OX--XO----- X","mode":"exact",)";
  const CliResult r = ExpectBadInput(head + R"("tt_mb":"big"}')", "key 'tt_mb' must be an integer");
  EXPECT_EQ(r.err.find("json.exception"), std::string::npos) << r.err;
  ExpectBadInput(head + R"("tt_mb":16,"depth":[1]}')", "key 'depth' must be an integer");
  ExpectBadInput(R"(explore --unit='{"schema":1,"kind":"explore_unit","size":4}')",
                 "missing key 'game'");
  ExpectBadInput(head + R"("tt_mb":99999999}')", "bad --unit key tt_mb=99999999: must be 1 to ");
}

TEST(CliHelp, TwoWordCommandGroupsHaveHelp) {
  for (const char* args : {"book --help", "help book", "book -h"}) {
    const CliResult r = RunTav(args);
    EXPECT_EQ(r.status, 0) << args << r.err;
    for (const char* sub : {"book query", "book export", "book merge"}) {
      EXPECT_NE(r.out.find(sub), std::string::npos) << args << ": " << sub;
    }
  }
  const CliResult query = RunTav("help book query");
  EXPECT_EQ(query.status, 0) << query.err;
  EXPECT_NE(query.out.find("usage: tav book query"), std::string::npos) << query.out;
}

TEST(CliHelp, OverviewStatesTheExitStatusContractAndUnits) {
  const CliResult r = RunTav("--help");
  EXPECT_EQ(r.status, 0);
  for (const char* needle : {"Exit status: 0 ok; 2 anything the command line", "1 only",
                             "memory in MiB (2^20 bytes", "seconds (--budget-s)"}) {
    EXPECT_NE(r.out.find(needle), std::string::npos) << needle << "\n" << r.out;
  }
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
  for (const nlohmann::json& name : m["moves"]) {
    if (!joined.empty()) joined += ' ';
    joined += name.get<std::string>();
  }
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
