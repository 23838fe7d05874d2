// `tav perft|moves|show --game=cathedral` from the outside: output formats,
// and one error line with exit status 2 for every kind of bad input.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "cli_helpers.h"
#include "nlohmann/json.hpp"

namespace tav::testing {
namespace {

// The shared check, and nothing on stdout either.
void ExpectCathedralBadInput(const std::string& args, const std::string& needle) {
  EXPECT_EQ(ExpectBadInput(args, needle).out, "") << args;
}

const std::string kSeed = "Yni4 See5 Sna3 Tna4 Ceh4 Mef6 Aej6";

// What the position string itself can check: a captured Cathedral needs both
// first buildings and leaves its captor's walls on the board.
TEST(CathedralCliBadInput, UnreachableCathedralGonePositions) {
  const std::string show = "show --game=cathedral --size=5 --position=";
  ExpectCathedralBadInput(show + "'......................... VSLN VSLN light none gone'",
                          "the Cathedral is gone");
  ExpectCathedralBadInput(show + "'......................... VSLN VSLN dark both gone'",
                          "the Cathedral is gone");
  ExpectCathedralBadInput(show + "'v........................ VSLN SLN light dark gone'",
                          "the Cathedral is gone");
  // A reachable one still parses (the shape of cathedral_test's capture tests).
  const CliResult ok =
      RunTav(show + "'v.vvvVVVVV..O...OOO.vvO.. V O dark both gone' --pieces=VVVVVVO");
  EXPECT_EQ(ok.status, 0) << ok.err;
}

TEST(CathedralCliBadInput, BadMoves) {
  const std::string moves = "moves --game=cathedral --moves=";
  ExpectCathedralBadInput(moves + "'Yni4 Qna1'", "unknown piece letter 'Q'");
  ExpectCathedralBadInput(moves + "'Yni4 Sxe5'", "bad orientation 'x'");
  ExpectCathedralBadInput(moves + "'Yni4 Snk5'", "bad square 'k5'");
  ExpectCathedralBadInput(moves + "'Yni4 Sna0'", "bad square 'a0'");
  ExpectCathedralBadInput(moves + "'Yni4 Sna1'", "off the board");
  ExpectCathedralBadInput(moves + "'Yni4 Vni4'", "i4 already covered");
  ExpectCathedralBadInput(moves + "'Yni4 Nna10 Nnj10 Nna7'", "no Bridge (N) left in hand");
  ExpectCathedralBadInput(moves + "'Yne7 Lsb1'", "first building");
  ExpectCathedralBadInput(moves + "'" + kSeed + " Lse1 Vnb1'", "dark's territory");
  ExpectCathedralBadInput(moves + "'Yni4 pass'", "move 2 'pass'");
  ExpectCathedralBadInput(moves + "'See5'", "Cathedral");
  ExpectCathedralBadInput(moves + "'Yni4 Yna10'", "Cathedral");
  ExpectCathedralBadInput(moves + "'Yni4 Ynf5+Sna3'", "lehmann");
  const std::string lehmann = "moves --game=cathedral --variant=lehmann --moves=";
  ExpectCathedralBadInput(lehmann + "'Vna10 Ynf5'", "together");
  ExpectCathedralBadInput(lehmann + "'Vna10 Ynf5+'", "not a move");
  ExpectCathedralBadInput(lehmann + "'Vna10 Ynf5+Ynb9'", "the Cathedral then a building");
  ExpectCathedralBadInput(lehmann + "'Vna10 Ynf5+Vnf5'", "f5 already covered");
}

TEST(CathedralCliBadInput, BadPositionStrings) {
  const std::string show = "show --game=cathedral --size=5 --position=";
  ExpectCathedralBadInput(show + "'.....'", "expected 6 fields");
  ExpectCathedralBadInput(show + "'..... VSLN VSLN light none hand'", "board has 5 characters");
  ExpectCathedralBadInput(show + "'........................? VSLN VSLN light none hand'",
                          "bad character '?'");
  ExpectCathedralBadInput(show + "'......................... VSLN VSL light none hand'",
                          "dark's hand");
  ExpectCathedralBadInput(show + "'......................... VSLN VSLN blue none hand'",
                          "side to move");
  ExpectCathedralBadInput(show + "'......................... VSLN VSLN light some hand'",
                          "first-building field");
  ExpectCathedralBadInput(show + "'......................... VSLN VSLN light none away'",
                          "Cathedral field");
  ExpectCathedralBadInput(show + "'s........................ VSLN VSLN light both gone'",
                          "whole pieces");
  ExpectCathedralBadInput(show + "'YYYYYY................... VSLN VSLN light both board'",
                          "not one Cathedral");
  ExpectCathedralBadInput(show + "'......................... VSLN VSLN dark none hand'",
                          "at its start");
}

TEST(CathedralCliBadInput, BadGameFlags) {
  ExpectCathedralBadInput("perft --game=cathedral --size=4 --depth=1", "--size=4");
  ExpectCathedralBadInput("perft --game=cathedral --size=11 --depth=1", "--size=11");
  ExpectCathedralBadInput("perft --game=cathedral --size=9 --depth=1", "--pieces");
  ExpectCathedralBadInput("perft --game=cathedral --pieces=VVX --depth=1",
                          "'X' is not a piece letter");
  ExpectCathedralBadInput("perft --game=cathedral --pieces=VY --depth=1", "Cathedral");
  ExpectCathedralBadInput("perft --game=cathedral --pieces=VVVVVVVVVVVVVVVV --depth=1",
                          "at most 15");
  ExpectCathedralBadInput("perft --game=cathedral --variant=woods --depth=1", "--variant='woods'");
  ExpectCathedralBadInput("perft --game=cathedral --empty-columns=a --depth=1", "--empty-columns");
}

TEST(CathedralCli, MovesPrintsOneCanonicalSpellingPerMove) {
  const CliResult r = RunTav("moves --game=cathedral --size=5 --pieces=P --moves='Ync5'");
  EXPECT_EQ(r.status, 0) << r.err;
  // The Square fits in the two bottom corners only once the Cathedral stands
  // on c5 b4 c4 d4 c3 c2 ... and nowhere it would make a pocket.
  EXPECT_EQ(r.out.find("Pe"), std::string::npos) << r.out;  // only the 'n' spelling
  EXPECT_NE(r.out.find("Pna2"), std::string::npos) << r.out;
}

TEST(CathedralCli, PerftCountsTheCathedralPlacements) {
  const CliResult r = RunTav("perft --game=cathedral --depth=1");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("perft  1              224"), std::string::npos) << r.out;
}

TEST(CathedralCli, ShowDrawsRowOneAtTheBottomWithBothHands) {
  const CliResult r = RunTav("show --game=cathedral --moves='" + kSeed + " Lse1 Vng1'");
  EXPECT_EQ(r.status, 0) << r.err;
  const size_t row10 = r.out.find(" 10  ");
  const size_t row1 = r.out.find("\n  1  ");
  ASSERT_NE(row10, std::string::npos) << r.out;
  ASSERT_NE(row1, std::string::npos) << r.out;
  EXPECT_LT(row10, row1);
  EXPECT_NE(r.out.find("  1  - - - - l . V + + +"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("light (upper case, + territory): in hand V S S L L N P M Z O T"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("dark  (lower case, - territory): in hand V V S L N P Z O C A"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("captured"), std::string::npos);
  EXPECT_NE(r.out.find("position: "), std::string::npos);
}

TEST(CathedralCli, ThePositionStringOfShowIsAcceptedByPosition) {
  const CliResult shown = RunTav(
      "show --game=cathedral --variant=lehmann --size=6 "
      "--moves='Vna6 Ync4+Lna2'");
  ASSERT_EQ(shown.status, 0) << shown.err;
  const size_t at = shown.out.find("position: ");
  ASSERT_NE(at, std::string::npos);
  std::string position = shown.out.substr(at + 10);
  position.pop_back();  // newline
  const CliResult again =
      RunTav("show --game=cathedral --variant=lehmann --size=6 --position='" + position + "'");
  EXPECT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(again.out, shown.out);
}

TEST(CathedralCli, SolveJsonAgreesWithTheCommittedFiveByFiveRecord) {
  const CliResult r = RunTav("solve --game=cathedral --size=5 --threads=1 --tt-mb=16 --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json got = nlohmann::json::parse(r.out);
  std::ifstream in(std::string(TAV_SOURCE_DIR) + "/data/cathedral/solve-classic-5x5.json");
  const nlohmann::json committed = nlohmann::json::parse(in);
  EXPECT_EQ(got["kind"], "solve");
  EXPECT_EQ(got["game"], "cathedral");
  EXPECT_EQ(got["variant"], "classic");
  EXPECT_EQ(got["board"], "5x5");
  EXPECT_EQ(got["value"], committed["value"]);
  EXPECT_EQ(got["value_first_player"], committed["value_first_player"]);
  EXPECT_EQ(got["side_to_move"], 1);  // light places the Cathedral first
  EXPECT_FALSE(got["pv"].empty());
  const CliResult wld = RunTav("solve --game=cathedral --size=5 --threads=1 --tt-mb=16 --mode=wld");
  ASSERT_EQ(wld.status, 0) << wld.err;
  const int value = committed["value"].get<int>();
  EXPECT_NE(wld.out.find(value > 0   ? "win"
                         : value < 0 ? "loss"
                                     : "draw"),
            std::string::npos)
      << wld.out;
}

TEST(CathedralCliBadInput, SolveRejectsBadPositionsToo) {
  ExpectCathedralBadInput("solve --game=cathedral --size=5 --moves='Ync5 Qna1'",
                          "unknown piece letter");
  ExpectCathedralBadInput("solve --game=cathedral --size=5 --position='xx'", "expected 6 fields");
}

// tav prove --at-least on a scored game: proving ">= v" and disproving
// ">= v + 1" gives tav solve's exact value; the threshold is part of the
// proof's identity (a resume with another one is refused), and what only
// win/loss games have is refused with one line.
TEST(CathedralCli, ProveAtLeastBracketsTheSolversValueAndKeepsItsThreshold) {
  const std::string pos = " --game=cathedral --size=5 --moves=Ynb4";
  const CliResult solved = RunTav("solve" + pos + " --json");
  ASSERT_EQ(solved.status, 0) << solved.err;
  const int v = nlohmann::json::parse(solved.out)["value"].get<int>();
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("tav_cathedral_prove_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string rec = (dir / "p.json").string();
  for (const int t : {v, v + 1}) {
    const std::string out = t == v ? " --out=" + rec : "";
    const CliResult r = RunTav("prove" + pos + " --json --at-least=" + std::to_string(t) + out);
    ASSERT_EQ(r.status, 0) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["at_least"], t);
    EXPECT_EQ(j["result"], t == v ? "win" : "loss");
    EXPECT_TRUE(j["result_first_player"].is_null());
  }
  ExpectCathedralBadInput(
      "prove" + pos + " --at-least=" + std::to_string(v + 1) + " --resume --out=" + rec,
      "another proof");
  ExpectCathedralBadInput("prove" + pos, "--at-least");
  ExpectCathedralBadInput("prove" + pos + " --at-least=1 --within=5", "--within");
  ExpectCathedralBadInput("prove" + pos + " --at-least=1 --check=" + rec, "--check");
  ExpectCathedralBadInput("prove" + pos + " --at-least=500", "--at-least=500");
  ExpectCathedralBadInput("prove --game=prairie --size=4 --at-least=1", "--at-least");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace tav::testing
