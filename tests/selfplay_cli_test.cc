// `tav selfplay` from the outside: one selfplay_game record per planned game
// with dark's (side 0's) margin, a summary whose counts add up, games played
// exactly from the start that end with the proven value (from a Cathedral
// placement, dark to move, and from a Lehmann first building, light to
// move), the same records
// whatever the thread count, games from one opening that differ by their
// seeds, a run killed with SIGKILL that resumes to the same records (and
// whose finished games --summary-only tallies meanwhile), and bad input as
// one error line with exit status 2.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <thread>

#include "absl/strings/str_split.h"
#include "cli_helpers.h"
#include "nlohmann/json.hpp"

namespace tav::testing {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// Cathedral 5x5 from every Cathedral placement, two games each, a small
// node budget with noise (deterministic: no clock).
const std::string kConfig = "--config='--nodes=400 --noise=2 --tt-mb=2'";
const std::string kSelfPlay =
    "selfplay --game=cathedral --size=5 --per-opening=2 --seed=7 " + kConfig;

std::vector<json> Records(const std::string& path) {
  std::vector<json> out;
  for (absl::string_view line : absl::StrSplit(ReadFile(path), '\n', absl::SkipEmpty()))
    out.push_back(json::parse(line));
  return out;
}

TEST(SelfPlayCli, EveryGameIsARecordOfDarksMarginAndTheSummaryAddsUp) {
  ScopedDir dir("selfplay");
  const CliResult r = RunTav(kSelfPlay + " --threads=2 --out=" + dir.str());
  ASSERT_EQ(r.status, 0) << r.err;
  const json summary = json::parse(ReadFile(dir.file("selfplay_summary.json")));
  const std::vector<json> records = Records(dir.file("selfplay.jsonl"));
  const std::size_t openings = summary["per_opening"].size();
  ASSERT_GT(openings, 1u);
  ASSERT_EQ(records.size(), 2 * openings);
  const std::map<int, json> games = MatchGamesWithoutTimes(dir.file("games.jsonl"));
  std::map<std::string, std::set<std::string>> lines_by_opening;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const json& s = records[i];
    EXPECT_EQ(s["kind"], "selfplay_game");
    EXPECT_EQ(s["game_index"], static_cast<int>(i)) << "in game order";
    EXPECT_EQ(s["board"], "5x5");
    EXPECT_EQ(s["opening"].size(), 1u) << "a Cathedral placement";
    EXPECT_EQ(s["mover"], records[0]["mover"]) << "after a placement, dark is to move";
    const json& m = games.at(static_cast<int>(i));
    const int first = m["margin"].get<int>();  // for side 0 (dark, in Cathedral)
    EXPECT_EQ(s["mover"], 0) << "light places the Cathedral, dark (side 0) builds first";
    EXPECT_EQ(s["margin"], first) << "the margin is side 0's";
    EXPECT_EQ(s["result"], first > 0 ? "win" : first < 0 ? "loss" : "draw");
    EXPECT_EQ(s["schema"], 2);
    EXPECT_EQ(s["moves"], m["moves"]);
    EXPECT_TRUE(s["seed"].is_number());
    lines_by_opening[s["opening"].dump()].insert(s["moves"].dump());
  }
  int differing = 0;
  for (const auto& [opening, lines] : lines_by_opening) differing += lines.size() > 1;
  EXPECT_GT(differing, 0) << "each game's seed differs, so noisy games from one opening do";
  const json& all = summary["overall"];
  EXPECT_EQ(all["games"], records.size());
  EXPECT_EQ(all["wins"].get<int>() + all["draws"].get<int>() + all["losses"].get<int>(),
            all["games"].get<int>());
  EXPECT_LE(all["score_low"].get<double>(), all["score"].get<double>());
  EXPECT_GE(all["score_high"].get<double>(), all["score"].get<double>());
  int per_sum = 0;
  for (const json& o : summary["per_opening"]) per_sum += o["games"].get<int>();
  EXPECT_EQ(per_sum, all["games"].get<int>());
}

// With a budget in which the exact solver finishes from the first building
// on (5x5), the engine plays exactly from ply 1 (noise never randomises an
// exact choice), so every game from a placement ends with that placement's
// proven value for dark, which `tav solve` computes on its own.
TEST(SelfPlayCli, WithExactPlayFromTheStartEveryGameEndsWithThePlacementsProvenValue) {
  ScopedDir dir("spexact");
  const CliResult r = RunTav(
      "selfplay --game=cathedral --size=5 --per-opening=2 --seed=3 "
      "--config='--nodes=2000000 --noise=2 --tt-mb=16' --threads=2 --out=" +
      dir.str());
  ASSERT_EQ(r.status, 0) << r.err;
  std::map<std::string, int> proven;  // placement -> dark's exact value
  int checked = 0;
  for (const json& s : Records(dir.file("selfplay.jsonl"))) {
    const std::string placement = s["opening"][0].get<std::string>();
    SCOPED_TRACE(placement);
    if (!proven.count(placement)) {
      const CliResult solve =
          RunTav("solve --game=cathedral --size=5 --moves=" + placement + " --json");
      ASSERT_EQ(solve.status, 0) << solve.err;
      const json v = json::parse(solve.out);
      ASSERT_TRUE(v["exact"].get<bool>());
      proven[placement] = v["value"].get<int>();  // dark is to move after the placement
    }
    EXPECT_EQ(s["exact_from_ply"], 1) << "exact from dark's first building";
    EXPECT_EQ(s["margin"].get<int>(), proven[placement]);
    ++checked;
  }
  EXPECT_GE(checked, 2 * 6) << "every placement class of 5x5, twice";
}

// The Lehmann variant from dark's first buildings: light moves next (the
// record's mover is 1), yet the margin is dark's, the negation of the value
// `tav solve` proves for light after the building, and the summary tallies
// dark's results.
TEST(SelfPlayCli, FromALehmannFirstBuildingTheMarginIsStillDarksProvenValue) {
  ScopedDir dir("splehmann");
  const std::string openings = dir.file("openings.txt");
  fs::create_directories(dir.str());
  { std::ofstream(openings) << "Lna2\nNnc4\n"; }
  const CliResult r = RunTav(
      "selfplay --game=cathedral --variant=lehmann --size=5 --per-opening=2 --seed=3 "
      "--openings=" +
      openings +
      " --config='--nodes=2000000 --noise=2 --tt-mb=16' --threads=2 --out=" + dir.file("run"));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<json> records = Records(dir.file("run/selfplay.jsonl"));
  ASSERT_EQ(records.size(), 4u);
  int dark_wins = 0;
  for (const json& s : records) {
    const std::string building = s["opening"][0].get<std::string>();
    SCOPED_TRACE(building);
    const CliResult solve =
        RunTav("solve --game=cathedral --variant=lehmann --size=5 --moves=" + building + " --json");
    ASSERT_EQ(solve.status, 0) << solve.err;
    const int light_value = json::parse(solve.out)["value"].get<int>();
    EXPECT_EQ(s["mover"], 1) << "light moves after dark's first building";
    EXPECT_EQ(s["exact_from_ply"], 1);
    EXPECT_EQ(s["margin"].get<int>(), -light_value) << "dark's margin, not the mover's";
    dark_wins += s["margin"].get<int>() > 0;
  }
  const json summary = json::parse(ReadFile(dir.file("run/selfplay_summary.json")));
  EXPECT_EQ(summary["overall"]["wins"].get<int>(), dark_wins) << "dark's tally";
}

TEST(SelfPlayCli, OneThreadPlaysTheRecordsOfTwo) {
  ScopedDir one("sp1"), two("sp2");
  ASSERT_EQ(RunTav(kSelfPlay + " --threads=1 --out=" + one.str()).status, 0);
  ASSERT_EQ(RunTav(kSelfPlay + " --threads=2 --out=" + two.str()).status, 0);
  EXPECT_EQ(ReadFile(one.file("selfplay.jsonl")), ReadFile(two.file("selfplay.jsonl")));
}

// Starts the slowed self-play kSelfPlay into `dir`, SIGKILLs it once
// games.jsonl holds `games` lines, and returns how many it holds then.
int KillSelfPlayAfter(const ScopedDir& dir, int games) {
  const pid_t pid = SpawnTav({"selfplay", "--game=cathedral", "--size=5", "--per-opening=2",
                              "--seed=7", "--config=--nodes=400 --noise=2 --tt-mb=2", "--threads=1",
                              "--test-delay-ms=300", "--out=" + dir.str()});
  EXPECT_GT(pid, 0);
  if (pid <= 0) return 0;
  auto lines = [&] {
    std::error_code ec;
    return fs::exists(dir.file("games.jsonl"), ec)
               ? static_cast<int>(LineCount(ReadFile(dir.file("games.jsonl"))))
               : 0;
  };
  // Only a hang guard: a loaded machine may take long.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(10);
  while (lines() < games && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(::kill(pid, SIGKILL), 0);
  int status = 0;
  ::waitpid(pid, &status, 0);
  return lines();
}

TEST(SelfPlayCli, AKilledRunResumesToTheSameRecords) {
  ScopedDir reference("spref"), killed("spkilled");
  ASSERT_EQ(RunTav(kSelfPlay + " --threads=1 --out=" + reference.str()).status, 0);
  KillSelfPlayAfter(killed, 2);
  ASSERT_FALSE(fs::exists(killed.file("selfplay.jsonl"))) << "the run ended before the kill";
  const CliResult resumed = RunTav(kSelfPlay + " --threads=2 --resume --out=" + killed.str());
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(ReadFile(killed.file("selfplay.jsonl")), ReadFile(reference.file("selfplay.jsonl")));
}

// --summary-only on a killed run: the self-play files of exactly the games
// finished so far (the same records as the finished run's first ones), and
// the run still resumes to the finished run's records.
TEST(SelfPlayCli, SummaryOnlyTalliesTheFinishedGamesOfAnUnfinishedRun) {
  ScopedDir reference("spsumref"), killed("spsum");
  ASSERT_EQ(RunTav(kSelfPlay + " --threads=1 --out=" + reference.str()).status, 0);
  const int finished = KillSelfPlayAfter(killed, 3);
  const CliResult r = RunTav(kSelfPlay + " --summary-only --out=" + killed.str());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("unfinished"), std::string::npos) << r.out;
  const std::vector<json> partial = Records(killed.file("selfplay.jsonl"));
  const std::vector<json> full = Records(reference.file("selfplay.jsonl"));
  ASSERT_EQ(static_cast<int>(partial.size()), finished);
  ASSERT_LT(partial.size(), full.size());
  for (const json& p : partial) {
    const json& f = full.at(p["game_index"].get<std::size_t>());
    EXPECT_EQ(p["moves"], f["moves"]);
    EXPECT_EQ(p["margin"], f["margin"]);
  }
  const json summary = json::parse(ReadFile(killed.file("selfplay_summary.json")));
  EXPECT_EQ(summary["overall"]["games"], finished);
  EXPECT_EQ(summary["planned_games"], full.size());
  const CliResult resumed = RunTav(kSelfPlay + " --threads=2 --resume --out=" + killed.str());
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(ReadFile(killed.file("selfplay.jsonl")), ReadFile(reference.file("selfplay.jsonl")));
}

TEST(SelfPlayCli, BadInputIsOneErrorLine) {
  ScopedDir dir("spbad");
  const std::string base = "selfplay --game=cathedral --size=5 --out=" + dir.str();
  ExpectBadInput(base + " --per-opening=0", "--per-opening");
  ExpectBadInput(base + " --config='--nodes=10 --bogus=1'", "bad --config=");
  ExpectBadInput(base + " --config='--eval=nosuch.json --nodes=9'", "nosuch.json");
  ExpectBadInput(base + " --openings=" + dir.str() + "-missing.txt", "--openings");
  ExpectBadInput("selfplay --game=cathedral --size=5", "missing --out");
  ExpectBadInput(kSelfPlay + " --summary-only --out=" + dir.str() + "-none", "no self-play run");
  // Another run's directory (a match's) is not resumed as a self-play.
  ASSERT_EQ(RunTav("match --game=cathedral --size=5 --a='--depth=1' --b='--depth=1' "
                   "--random-openings=1 --out=" +
                   dir.str())
                .status,
            0);
  ExpectBadInput(kSelfPlay + " --resume --out=" + dir.str(), "different match");
}

}  // namespace
}  // namespace tav::testing
