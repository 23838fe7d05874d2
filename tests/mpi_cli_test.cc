// `mpirun -np 3 tav ... --mpi` against the same command in one process: the
// explorer's records (as a set), a match's games and summary, the retrograde
// tier files byte for byte; a worker that crashes mid-run, then --resume; and
// the bad inputs of an MPI run (one rank, mpirun without --mpi, a directory
// another run holds). Registered only in builds with MPI (tests/CMakeLists.txt).
//
// mpirun is oversubscribed (3 ranks on a 2-core CI machine; the master mostly
// sleeps) and allowed to run as root where CI runs as root. If it cannot start
// here, these tests fail: they never skip.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <thread>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "cli_helpers.h"
#include "nlohmann/json.hpp"

namespace tav::testing {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// Runs `tav ARGS` under mpirun with `ranks` processes (`env`: assignments
// before it). Open MPI's own leaks are not the sanitizer build's business.
CliResult RunMpi(int ranks, const std::string& args, const std::string& env = "") {
  const std::string mpirun = absl::StrCat(TAV_MPIEXEC, " -np ", ranks, " --oversubscribe",
                                          ::geteuid() == 0 ? " --allow-run-as-root" : "", " ");
  return RunTav(args, absl::StrCat(env, " ASAN_OPTIONS=detect_leaks=0 ", mpirun));
}

// The lines tav itself printed on stderr (mpirun adds banners of its own).
std::vector<std::string> TavLines(const std::string& err) {
  std::vector<std::string> lines;
  for (absl::string_view l : absl::StrSplit(err, '\n')) {
    if (absl::StartsWith(l, "tav ")) lines.emplace_back(l);
  }
  return lines;
}

int CountLines(const std::string& path) {
  std::error_code ec;
  return fs::exists(path, ec) ? LineCount(ReadFile(path)) : 0;
}

// An exploration's records as a set of what does not depend on who solved
// them: the position, its ply and line, its value and kind, and the origin.
std::set<std::string> Records(const std::string& path) {
  std::set<std::string> out;
  for (absl::string_view line : absl::StrSplit(ReadFile(path), '\n', absl::SkipEmpty())) {
    const json j = json::parse(line);
    out.insert(json{{"position", j["position"]},
                    {"ply", j["ply"]},
                    {"moves", j["moves"]},
                    {"value", j["value"]},
                    {"value_kind", j["value_kind"]},
                    {"origin", j["origin"]}}
                   .dump());
  }
  return out;
}

json ReadJson(const std::string& path) { return json::parse(ReadFile(path)); }

const std::string kExplore = "explore --game=othello --size=4 --plies=4 --threads=1";

TEST(MpiCli, ExploreOnThreeProcessesGivesTheRecordsOfOneProcess) {
  ScopedDir one("explore1"), three("explore3");
  const CliResult single = RunTav(kExplore + " --out=" + one.str());
  ASSERT_EQ(single.status, 0) << single.err;
  const CliResult mpi = RunMpi(3, kExplore + " --mpi --out=" + three.str());
  ASSERT_EQ(mpi.status, 0) << mpi.err;
  const std::set<std::string> want = Records(one.file("results.jsonl"));
  ASSERT_GT(want.size(), 30u);
  EXPECT_EQ(Records(three.file("results.jsonl")), want);
  EXPECT_EQ(ReadJson(three.file("run.json"))["status"], "complete");
  EXPECT_EQ(ReadJson(three.file("run.json"))["root"]["value"],
            ReadJson(one.file("run.json"))["root"]["value"]);
  EXPECT_TRUE(fs::exists(three.file("book.tvb")));
}

TEST(MpiCli, CrashedWorkerLosesNothingAndResumeOnAnotherRankCountFinishes) {
  ScopedDir one("crash1"), crashed("crashed");
  ASSERT_EQ(RunTav(kExplore + " --out=" + one.str()).status, 0);
  // Rank 1 aborts when handed its second unit: it says so in one line and
  // exits 2, Open MPI ends the whole job, and mpirun exits 2.
  const CliResult killed =
      RunMpi(3, kExplore + " --mpi --out=" + crashed.str(), "TAV_TEST_MPI_WORKER_ABORT_AFTER=1");
  EXPECT_EQ(killed.status, 2) << killed.err;
  EXPECT_TRUE(absl::StrContains(killed.err, "tav: error: MPI rank 1 crashed (SIGABRT)"))
      << killed.err;
  const int saved = CountLines(crashed.file("results.jsonl"));
  EXPECT_GE(saved, 1) << "rank 1's first result is logged";
  EXPECT_LT(saved, 31) << "the unit rank 1 died on is never solved in that run";
  EXPECT_NE(ReadJson(crashed.file("run.json"))["status"], "complete");
  // Two processes now (one worker), then compare with the single process.
  const CliResult resumed = RunMpi(2, kExplore + " --mpi --resume --out=" + crashed.str());
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(Records(crashed.file("results.jsonl")), Records(one.file("results.jsonl")));
  EXPECT_EQ(ReadJson(crashed.file("run.json"))["status"], "complete");
}

TEST(MpiCli, MatchOnThreeProcessesPlaysTheGamesOfOneProcess) {
  ScopedDir one("match1"), three("match3");
  const std::string match =
      "match --game=cathedral --size=5 --a='--depth=2 --tt-mb=8' --b='--depth=1 --tt-mb=8' "
      "--random-openings=3 --seed=3 --threads=1";
  ASSERT_EQ(RunTav(match + " --out=" + one.str()).status, 0);
  const CliResult mpi = RunMpi(3, match + " --mpi --out=" + three.str());
  ASSERT_EQ(mpi.status, 0) << mpi.err;
  const std::map<int, json> want = MatchGamesWithoutTimes(one.file("games.jsonl"));
  ASSERT_EQ(want.size(), 6u);
  EXPECT_EQ(MatchGamesWithoutTimes(three.file("games.jsonl")), want);
  EXPECT_EQ(ReadJson(three.file("summary.json")), ReadJson(one.file("summary.json")));
}

TEST(MpiCli, SelfPlayOnTwoProcessesWritesTheRecordsOfOneProcess) {
  ScopedDir one("selfplay1"), two("selfplay2");
  const std::string selfplay =
      "selfplay --game=cathedral --size=5 --per-opening=2 --seed=7 --config='--nodes=400 "
      "--noise=1 --tt-mb=2'";
  ASSERT_EQ(RunTav(selfplay + " --threads=1 --out=" + one.str()).status, 0);
  const CliResult mpi = RunMpi(2, selfplay + " --mpi --out=" + two.str());
  ASSERT_EQ(mpi.status, 0) << mpi.err;
  EXPECT_EQ(ReadFile(two.file("selfplay.jsonl")), ReadFile(one.file("selfplay.jsonl")));
  EXPECT_GT(LineCount(ReadFile(one.file("selfplay.jsonl"))), 5);
}

TEST(MpiCli, RetroOnThreeProcessesWritesTheTierFilesOfOneProcess) {
  ScopedDir one("retro1"), three("retro3");
  const std::string retro = "retro --game=prairie --size=3 --threads=1 --quiet";
  ASSERT_EQ(RunTav(retro + " --out=" + one.str()).status, 0);
  const CliResult mpi = RunMpi(3, retro + " --mpi --out=" + three.str());
  ASSERT_EQ(mpi.status, 0) << mpi.err;
  int files = 0;
  for (const auto& entry : fs::directory_iterator(one.file("tiers"))) {
    const fs::path other = fs::path(three.file("tiers")) / entry.path().filename();
    ASSERT_TRUE(fs::exists(other)) << other;
    EXPECT_EQ(ReadFile(other), ReadFile(entry.path())) << entry.path().filename();
    ++files;
  }
  EXPECT_GT(files, 10);
  EXPECT_EQ(std::distance(fs::directory_iterator(three.file("tiers")), fs::directory_iterator()),
            files);
  const json a = ReadJson(one.file("stats.json")), b = ReadJson(three.file("stats.json"));
  EXPECT_EQ(b["start"], a["start"]);
  EXPECT_EQ(b["longest_win"], a["longest_win"]);
  EXPECT_EQ(CountLines(three.file("progress.jsonl")), files);
}

// Bad input: exit status 2, and one line of tav's naming the problem.
void ExpectMpiBadInput(int ranks, const std::string& args, const std::string& needle) {
  SCOPED_TRACE(args);
  const CliResult r = RunMpi(ranks, args);
  EXPECT_EQ(r.status, 2) << r.err;
  const std::vector<std::string> lines = TavLines(r.err);
  ASSERT_EQ(lines.size(), 1u) << r.err;
  EXPECT_NE(lines[0].find(needle), std::string::npos) << r.err;
}

TEST(MpiCli, BadRunsExitTwoWithOneLine) {
  ScopedDir dir("bad");
  ExpectMpiBadInput(1, kExplore + " --mpi --out=" + dir.str(), "--mpi needs at least 2 processes");
  ExpectMpiBadInput(2, kExplore + " --out=" + dir.str(), "without --mpi");
  ExpectMpiBadInput(2, "retro --game=prairie --size=3 --out=" + dir.str(), "without --mpi");
  ExpectMpiBadInput(3, kExplore + " --mpi --unit='{}' --out=" + dir.str(), "exclude each other");
  EXPECT_FALSE(fs::exists(dir.str())) << "nothing is written by a refused run";
}

TEST(MpiCli, DirectoryHeldByAnotherRunIsRefusedAndKept) {
  ScopedDir dir("held");
  const pid_t holder = SpawnTav({"explore", "--game=othello", "--size=4", "--plies=4",
                                 "--threads=1", "--test-delay-ms=300", "--out=" + dir.str()});
  ASSERT_GT(holder, 0);
  // Only a hang guard: a loaded machine may take long.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(10);
  while (CountLines(dir.file("results.jsonl")) < 1 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ExpectMpiBadInput(3, kExplore + " --mpi --resume --out=" + dir.str(), "in use by another run");
  const int saved = CountLines(dir.file("results.jsonl"));
  ASSERT_EQ(::kill(holder, SIGKILL), 0);
  int status = 0;
  ::waitpid(holder, &status, 0);
  EXPECT_GE(CountLines(dir.file("results.jsonl")), saved) << "the holder's results are kept";
  EXPECT_GE(saved, 1);
}

}  // namespace
}  // namespace tav::testing
