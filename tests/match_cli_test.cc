// `tav match` from the outside: the issue's command shape works and writes
// its three files; --unit plays the same game a match records; a match
// killed with SIGKILL and resumed ends with the same games and summary as an
// uninterrupted one; bad input gets one error line and exit status 2.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <thread>

#include "absl/strings/str_cat.h"
#include "cli_helpers.h"
#include "nlohmann/json.hpp"

extern char** environ;

namespace tav::testing {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// A quick match of these tests: Cathedral 5x5, depth 2 against depth 1.
const std::string kGame = "--game=cathedral --size=5";
const std::string kEngines = "--a='--depth=2 --tt-mb=8' --b='--depth=1 --tt-mb=8'";
const std::string kMatch = "match " + kGame + " " + kEngines + " --random-openings=5 --seed=3";

json ReadJson(const std::string& path) { return json::parse(ReadFile(path)); }

int CountLines(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return 0;
  return LineCount(ReadFile(path));
}

TEST(MatchCli, IssueExampleShapeWritesGamesSummaryAndRunJson) {
  ScopedDir dir("example");
  const std::string openings = dir.str() + "-openings.txt";
  std::ofstream(openings) << "# two openings\nYed3\n\nYed3 Leb2\n";
  const CliResult r = RunTav("match " + kGame + " " + kEngines + " --openings=" + openings +
                             " --games=4 --sprt=0,50 --out=" + dir.str() + " --threads=2");
  fs::remove(openings);
  ASSERT_EQ(r.status, 0) << r.err;
  const json s = ReadJson(dir.file("summary.json"));
  for (const char* key : {"games", "a_wins", "draws", "b_wins", "score", "elo", "elo_low",
                          "elo_high", "los", "llr", "decision"}) {
    EXPECT_TRUE(s.contains(key)) << key;
  }
  EXPECT_EQ(s["games"], 4);
  EXPECT_EQ(s["a_wins"].get<int>() + s["draws"].get<int>() + s["b_wins"].get<int>(), 4);
  const std::map<int, json> games = MatchGamesWithoutTimes(dir.file("games.jsonl"));
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(games.at(2)["opening"], json::array({"Yed3", "Leb2"}));
  EXPECT_TRUE(games.at(2)["a_first"].get<bool>());
  EXPECT_FALSE(games.at(3)["a_first"].get<bool>());
  const json run = ReadJson(dir.file("run.json"));
  EXPECT_EQ(run["kind"], "match_run");
  EXPECT_EQ(run["status"], "complete");
  EXPECT_NE(r.out.find("Elo"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("match: game 3"), std::string::npos) << r.err;  // progress lines
}

TEST(MatchCli, UnitPlaysTheGameTheMatchRecorded) {
  ScopedDir dir("unit");
  ASSERT_EQ(RunTav(kMatch + " --threads=1 --out=" + dir.str()).status, 0);
  const std::map<int, json> games = MatchGamesWithoutTimes(dir.file("games.jsonl"));
  json unit = games.at(7);
  json want = unit;
  for (const char* k : {"schema", "kind", "game", "variant", "size", "options", "game_index",
                        "opening_index", "opening", "a_first", "a", "b"}) {
    ASSERT_TRUE(unit.contains(k)) << k;
  }
  for (auto it = unit.begin(); it != unit.end();) {
    const std::string k = it.key();
    const bool keep = k == "schema" || k == "game" || k == "variant" || k == "size" ||
                      k == "options" || k == "game_index" || k == "opening_index" ||
                      k == "opening" || k == "a_first" || k == "a" || k == "b";
    it = keep ? std::next(it) : unit.erase(it);
  }
  unit["kind"] = "match_unit";
  const CliResult r = RunTav("match --unit='" + unit.dump() + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  json got = json::parse(r.out);
  got.erase("a_seconds");
  got.erase("b_seconds");
  for (json& m : got["move_info"]) m.erase("seconds");
  EXPECT_EQ(got, want);
  ExpectBadInput("match --unit='{\"kind\":\"match_unit\"}'", "bad --unit");
}

// Starts the match, slowed down, as a child process with its output thrown away.
pid_t SpawnSlowMatch(const std::string& out) {
  return SpawnTav({"match", "--game=cathedral", "--size=5", "--a=--depth=2 --tt-mb=8",
                   "--b=--depth=1 --tt-mb=8", "--random-openings=5", "--seed=3", "--threads=2",
                   "--test-delay-ms=300", "--out=" + out});
}

TEST(MatchCli, KilledMatchResumesToTheSameGamesAndSummary) {
  ScopedDir reference("reference"), killed("killed");
  ASSERT_EQ(RunTav(kMatch + " --threads=1 --out=" + reference.str()).status, 0);
  const pid_t pid = SpawnSlowMatch(killed.str());
  ASSERT_GT(pid, 0);
  // Only a hang guard: a loaded machine may take long.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(10);
  while (CountLines(killed.file("games.jsonl")) < 3 &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_EQ(::kill(pid, SIGKILL), 0);
  int status = 0;
  ::waitpid(pid, &status, 0);
  const int saved = CountLines(killed.file("games.jsonl"));
  ASSERT_GE(saved, 3);
  ASSERT_LT(saved, 10) << "the match ended before the kill";
  EXPECT_EQ(ReadJson(killed.file("run.json"))["status"], "running");
  const CliResult resumed = RunTav(kMatch + " --threads=2 --resume --out=" + killed.str());
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(MatchGamesWithoutTimes(killed.file("games.jsonl")),
            MatchGamesWithoutTimes(reference.file("games.jsonl")));
  EXPECT_EQ(ReadJson(killed.file("summary.json")), ReadJson(reference.file("summary.json")));
  EXPECT_EQ(ReadJson(killed.file("run.json"))["status"], "complete");
}

TEST(MatchCli, BadInputExitsTwoWithOneLine) {
  ScopedDir dir("bad");
  fs::create_directories(dir.str());
  const std::string out = " --out=" + dir.file("m");
  const std::string base = "match " + kGame + " " + kEngines;
  ExpectBadInput("match " + kGame + " --a='--depth=2 --colour=red' --b='--depth=1'" +
                     " --random-openings=2" + out,
                 "bad --a");
  ExpectBadInput("match " + kGame + " --a='--depth=2' --random-openings=2" + out, "missing --b");
  const std::string openings = dir.file("openings.txt");
  std::ofstream(openings) << "Yed3\n# fine\nYed3 Qq9\n";
  ExpectBadInput(base + " --openings=" + openings + out, "line 3: move 2 'Qq9'");
  ExpectBadInput(base + " --random-openings=3 --games=5" + out, "is odd");
  ExpectBadInput("match --game=chess " + kEngines + " --random-openings=2" + out, "unknown --game");
  ExpectBadInput(base + " --random-openings=2 --out=" + openings, "not a directory");
  ExpectBadInput(base + " --openings=" + openings + " --random-openings=2" + out, "exactly one");
  ExpectBadInput(base + " --random-openings=2 --sprt=50,0" + out, "bad --sprt");
  ExpectBadInput(base + " --random-openings=2 --resume" + out, "nothing to resume");
  // A directory another command wrote.
  std::ofstream(dir.file("run.json")) << R"({"kind":"explore_run","schema":1})";
  ExpectBadInput(base + " --random-openings=2 --out=" + dir.str(), "not a match");
  // A finished match run again without --resume, or resumed with other parameters.
  ASSERT_EQ(RunTav(base + " --random-openings=1" + out).status, 0);
  ExpectBadInput(base + " --random-openings=1" + out, "already holds a match");
  ExpectBadInput(base + " --random-openings=1 --seed=9 --resume" + out, "different match");
}

TEST(MatchCli, ExploreAndRetroRefuseAMatchDirectory) {
  ScopedDir dir("foreign");
  ASSERT_EQ(RunTav(kMatch + " --threads=1 --out=" + dir.str()).status, 0);
  const std::string before = ReadFile(dir.file("games.jsonl"));
  ExpectBadInput("explore --game=othello --size=4 --plies=1 --tt-mb=16 --out=" + dir.str(),
                 "holds a match");
  ExpectBadInput("explore --game=othello --size=4 --plies=1 --tt-mb=16 --resume --out=" + dir.str(),
                 "holds a match");
  ExpectBadInput("retro --game=prairie --size=3 --tiers='buffalo<=1' --quiet --out=" + dir.str(),
                 "holds a match");
  EXPECT_FALSE(fs::exists(dir.file("manifest.json")));
  EXPECT_EQ(ReadFile(dir.file("games.jsonl")), before);
}

TEST(MatchCli, HelpStatesTheContract) {
  const CliResult r = RunTav("match --help");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* needle : {"--openings", "--random-openings", "--sprt", "--resume", "--unit",
                             "games.jsonl", "summary.json", "colours swapped"}) {
    EXPECT_NE(r.out.find(needle), std::string::npos) << needle;
  }
}

}  // namespace
}  // namespace tav::testing
