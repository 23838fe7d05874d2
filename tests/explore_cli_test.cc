// `tav explore` from the outside: a run killed with SIGKILL and resumed gives
// the same results as an uninterrupted one; a torn last line is discarded with
// a warning; resume refuses a different exploration; bad flags get one error
// line and exit status 2.
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <thread>

#include <fcntl.h>

#include <fstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "cli_helpers.h"
#include "nlohmann/json.hpp"

extern char** environ;

namespace tav::testing {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// The exploration of these tests: Othello 6x6, 3 plies from a position
// with 20 empty squares (73 frontier positions), solved exactly, so it is
// fast yet has many positions to be interrupted between.
const std::string kRoot = "b3 b2 b1 a1 c2 b4 a2 a3 a4 a5 b5 c1";
const std::string kRunWithoutTable =
    "explore --game=othello --size=6 --moves='" + kRoot + "' --plies=3";
const std::string kRun = kRunWithoutTable + " --tt-mb=16";
constexpr int kFrontier = 73;

// The records of a results file keyed by position, without what legitimately
// differs between runs: statistics (time, nodes, threads) and, where several
// moves are equally good, which one the search met first (best move, PV:
// that depends on the shared table's contents, so on the thread schedule).
std::map<std::string, json> Comparable(const std::string& path) {
  std::map<std::string, json> out;
  for (absl::string_view line : absl::StrSplit(ReadFile(path), '\n', absl::SkipEmpty())) {
    json j = json::parse(line);
    EXPECT_TRUE(!j["best_move"].is_null() || j["pv"].empty()) << line;
    for (const char* k : {"nodes", "seconds", "tt_probes", "tt_hits", "tt_hit_rate", "threads",
                          "best_move", "pv"}) {
      j.erase(k);
    }
    out[j["position"]] = j;
  }
  return out;
}

int CountLines(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return 0;
  return LineCount(ReadFile(path));
}

// Starts the test exploration, slowed down, as a child process (the real tav
// binary, not a shell), with its output thrown away.
pid_t SpawnSlowRun(const std::string& out) {
  return SpawnTav({"explore", "--game=othello", "--size=6", "--moves=" + kRoot, "--plies=3",
                   "--tt-mb=16", "--threads=2", "--test-delay-ms=100", "--out=" + out});
}

void WaitForLines(const std::string& path, int lines) {
  WaitUntil([&] { return CountLines(path) >= lines; }, 60);
}

TEST(ExploreCli, KilledRunResumesToTheSameResults) {
  ScopedDir reference("reference"), killed("killed");
  const CliResult full = RunTav(kRun + " --threads=1 --out=" + reference.str());
  ASSERT_EQ(full.status, 0) << full.err;

  // The same run, slowed down and killed with SIGKILL after a few positions.
  const pid_t pid = SpawnSlowRun(killed.str());
  ASSERT_GT(pid, 0);
  WaitForLines(killed.file("results.jsonl"), 6);
  ASSERT_EQ(::kill(pid, SIGKILL), 0);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
      << "the run ended before the kill";
  const int saved = CountLines(killed.file("results.jsonl"));
  ASSERT_GE(saved, 6);
  ASSERT_LT(saved, kFrontier);
  EXPECT_NE(ReadFile(killed.file("run.json")).find("\"running\""), std::string::npos);

  const CliResult resumed = RunTav(kRun + " --threads=2 --resume --out=" + killed.str());
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  // Only the missing positions were solved again.
  EXPECT_NE(resumed.out.find(std::to_string(kFrontier - saved) + " solved now, " +
                             std::to_string(saved) + " resumed"),
            std::string::npos)
      << resumed.out;
  EXPECT_EQ(Comparable(killed.file("results.jsonl")), Comparable(reference.file("results.jsonl")));
  EXPECT_EQ(ReadFile(killed.file("book.tvb")).size(), ReadFile(reference.file("book.tvb")).size());
  EXPECT_NE(ReadFile(killed.file("run.json")).find("\"complete\""), std::string::npos);
}

// Starts the slow run in `dir`, interrupts it (SIGINT) once `lines`
// results are in, and returns its wait status.
int InterruptedRun(const ScopedDir& dir, int lines) {
  const pid_t pid = SpawnSlowRun(dir.str());
  EXPECT_GT(pid, 0);
  if (pid <= 0) return -1;
  WaitForLines(dir.file("results.jsonl"), lines);
  EXPECT_EQ(::kill(pid, SIGINT), 0);
  int status = 0;
  EXPECT_EQ(::waitpid(pid, &status, 0), pid);
  return status;
}

TEST(ExploreCli, InterruptStopsCleanlyAndResumes) {
  ScopedDir dir("interrupted");
  const int status = InterruptedRun(dir, 4);
  // The positions in flight finish, run.json says so, exit status 1.
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 1);
  const json run = json::parse(ReadFile(dir.file("run.json")));
  EXPECT_EQ(run["status"], "interrupted");
  const int saved = CountLines(dir.file("results.jsonl"));
  EXPECT_EQ(run["totals"]["searched"], saved);
  ASSERT_LT(saved, kFrontier);
  // The shared table was saved on the way out, restored on resume (into a
  // table of another size, on another thread count: neither is part of the
  // run's identity), and removed once the run finished.
  EXPECT_TRUE(fs::exists(dir.file("table.tt")));
  const CliResult resumed =
      RunTav(kRunWithoutTable + " --tt-mb=32 --threads=1 --resume --out=" + dir.str());
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_NE(resumed.out.find(std::to_string(saved) + " resumed"), std::string::npos) << resumed.out;
  EXPECT_NE(resumed.err.find("restored "), std::string::npos) << resumed.err;
  EXPECT_FALSE(fs::exists(dir.file("table.tt")));
  const json finished = json::parse(ReadFile(dir.file("run.json")));
  EXPECT_EQ(finished["tt_mb"], 32);
  // Each session records its own thread count, table and binary.
  ASSERT_EQ(finished["sessions"].size(), 2u);
  EXPECT_EQ(finished["sessions"].front()["tt_mb"], 16);
  EXPECT_EQ(finished["sessions"].back()["threads"], 1);
  EXPECT_EQ(finished["sessions"].back()["tt_mb"], 32);
  EXPECT_EQ(finished["sessions"].back()["commit"], finished["provenance"]["commit"]);
}

// An exact or wld run saves its table, which keeps what the searches in
// flight have proven, so an interrupt stops them at once instead of letting
// them finish: here a 7x7 Lehmann first building, about half an hour of
// search on one core, interrupted once its first table save is written. It
// is not recorded, and the run ends "interrupted" with its table on disk.
TEST(ExploreCli, AnInterruptStopsTheSearchesInFlightWhenTheTableKeepsTheirWork) {
  ScopedDir dir("cancelled");
  const pid_t pid = SpawnTav({"explore", "--game=cathedral", "--variant=lehmann", "--size=7",
                              "--moves=Lnb4", "--plies=0", "--mode=wld", "--threads=1",
                              "--tt-mb=16", "--checkpoint-s=1", "--out=" + dir.str()});
  ASSERT_GT(pid, 0);
  EXPECT_TRUE(WaitUntil([&] { return fs::exists(dir.file("table.tt")); }, 60))
      << "no table saved within a minute";
  ASSERT_EQ(::kill(pid, SIGINT), 0);
  // A search polls the flag every 4096 nodes; ten minutes is far more than
  // the stop and the save take, and less than the search would.
  const std::optional<int> waited = WaitOrKill(pid, 600);
  ASSERT_TRUE(waited.has_value()) << "the search in flight did not stop at the interrupt";
  const int status = *waited;
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 1);
  EXPECT_EQ(CountLines(dir.file("results.jsonl")), 0);
  EXPECT_EQ(json::parse(ReadFile(dir.file("run.json")))["status"], "interrupted");
  EXPECT_TRUE(fs::exists(dir.file("table.tt")));
}

TEST(ExploreCli, ADamagedSavedTableStopsTheResumeWithOneLineNamingIt) {
  ScopedDir dir("damaged_table");
  InterruptedRun(dir, 2);
  ASSERT_TRUE(fs::exists(dir.file("table.tt")));
  const std::string table = ReadFile(dir.file("table.tt"));
  std::ofstream(dir.file("table.tt"), std::ios::binary) << table.substr(0, table.size() - 8);
  const CliResult resumed = RunTav(kRun + " --resume --out=" + dir.str());
  EXPECT_EQ(resumed.status, 2) << resumed.err;
  EXPECT_EQ(LineCount(resumed.err), 1) << resumed.err;
  EXPECT_NE(resumed.err.find(dir.file("table.tt")), std::string::npos) << resumed.err;
  // Without the table the run resumes (the table only saves work).
  fs::remove(dir.file("table.tt"));
  const CliResult again = RunTav(kRun + " --resume --out=" + dir.str());
  EXPECT_EQ(again.status, 0) << again.err;
}

TEST(ExploreCli, ABadCheckpointIntervalIsRefused) {
  const CliResult r = RunTav(kRun + " --checkpoint-s=0 --out=never");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(LineCount(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("--checkpoint-s"), std::string::npos) << r.err;
}

TEST(ExploreCli, TornLastLineIsDiscardedWithAWarning) {
  ScopedDir dir("torn"), reference("torn_reference");
  ASSERT_EQ(RunTav(kRun + " --out=" + reference.str()).status, 0);
  ASSERT_EQ(RunTav(kRun + " --out=" + dir.str()).status, 0);
  // Keep ten frontier records and half of the eleventh, as a kill in the
  // middle of a write would leave them.
  std::string kept;
  int n = 0;
  for (absl::string_view line : absl::StrSplit(ReadFile(dir.file("results.jsonl")), '\n')) {
    if (line.find("\"origin\":\"search\"") == absl::string_view::npos) continue;
    if (++n <= 10) {
      absl::StrAppend(&kept, line, "\n");
    } else {
      absl::StrAppend(&kept, line.substr(0, line.size() / 2));
      break;
    }
  }
  { std::ofstream(dir.file("results.jsonl"), std::ios::trunc) << kept; }
  const CliResult r = RunTav(kRun + " --resume --out=" + dir.str());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("warning: discarding a truncated last line"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find(std::to_string(kFrontier - 10) + " solved now, 10 resumed"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(Comparable(dir.file("results.jsonl")), Comparable(reference.file("results.jsonl")));
}

// Bad input: exit status 2, exactly one line on stderr naming the problem.
TEST(ExploreCli, ResumeRefusesADifferentExploration) {
  ScopedDir dir("different");
  ASSERT_EQ(
      RunTav("explore --tt-mb=16 --game=othello --size=4 --plies=2 --out=" + dir.str()).status, 0);
  const std::string same =
      "explore --tt-mb=16 --game=othello --size=4 --plies=2 --resume --out=" + dir.str();
  ExpectBadInput("explore --tt-mb=16 --game=othello --size=4 --plies=3 --resume --out=" + dir.str(),
                 "describes a different exploration (plies 2 there, 3 now)");
  ExpectBadInput(
      "explore --tt-mb=16 --game=othello --size=4 --plies=2 --mode=wld --resume --out=" + dir.str(),
      "(mode \"exact\" there, \"wld\" now)");
  ExpectBadInput("explore --game=desdemona --size=4 --plies=2 --resume --out=" + dir.str(),
                 "(game \"othello\" there, \"desdemona\" now)");
  ExpectBadInput("explore --game=othello --size=6 --plies=2 --resume --out=" + dir.str(),
                 "(board \"4x4\" there, \"6x6\" now)");
  ExpectBadInput(
      "explore --tt-mb=16 --game=othello --size=4 --plies=2 --moves=c4 --resume --out=" + dir.str(),
      "root_moves");
  ExpectBadInput("explore --tt-mb=16 --game=othello --size=4 --plies=2 --out=" + dir.str(),
                 "already holds an exploration");
  EXPECT_EQ(RunTav(same).status, 0);
}

// An exact or win/draw/loss exploration whose frontier cannot be solved (8x8
// Cathedral from a placement: about 10^17 nodes of search) is refused with the
// estimate before any result file is written, as tav solve refuses such a
// solve; a depth-limited search of the same frontier runs.
TEST(ExploreCli, AnExactRunThatCannotFinishIsRefusedUnlessForced) {
  ScopedDir dir("unfinishable");
  const std::string run =
      "explore --tt-mb=16 --threads=1 --game=cathedral --size=8 --plies=1 --out=" + dir.str();
  for (const char* mode : {" --mode=exact", " --mode=wld"}) {
    const CliResult r =
        ExpectBadInput(run + mode, "refusing an exploration that cannot finish: about 10^");
    EXPECT_NE(r.err.find("frontier position 1 of 30"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("--force"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir.file("run.json")));
    EXPECT_FALSE(std::filesystem::exists(dir.file("results.jsonl")));
  }
  const CliResult search = RunTav(run + " --mode=search --depth=1");
  EXPECT_EQ(search.status, 0) << search.err;
}

TEST(ExploreCli, CorruptedResultLineIsAnError) {
  ScopedDir dir("corrupt");
  ASSERT_EQ(
      RunTav("explore --tt-mb=16 --game=othello --size=4 --plies=2 --out=" + dir.str()).status, 0);
  { std::ofstream(dir.file("results.jsonl"), std::ios::app) << "{\"kind\": garbage\n"; }
  ExpectBadInput("explore --tt-mb=16 --game=othello --size=4 --plies=2 --resume --out=" + dir.str(),
                 "is not a JSON record");
  { std::ofstream(dir.file("run.json"), std::ios::trunc) << "{not json"; }
  ExpectBadInput("explore --tt-mb=16 --game=othello --size=4 --plies=2 --resume --out=" + dir.str(),
                 "run.json is not a JSON object");
}

TEST(ExploreCli, BadFlags) {
  ScopedDir dir("bad");
  const std::string out = " --out=" + dir.str();
  ExpectBadInput("explore --game=othello --size=4" + out, "missing --plies");
  ExpectBadInput("explore --tt-mb=16 --game=othello --size=4 --plies=2", "missing --out");
  ExpectBadInput("explore --tt-mb=16 --game=othello --size=4 --plies=-3" + out, "--plies");
  ExpectBadInput("explore --tt-mb=16 --game=othello --size=4 --plies=2 --mode=fast" + out,
                 "bad --mode='fast'");
  ExpectBadInput(
      "explore --tt-mb=16 --game=othello --size=4 --plies=2 --mode=search --depth=0" + out,
      "bad --depth=0");
  ExpectBadInput("explore --tt-mb=16 --game=othello --size=4 --plies=2 --budget-s=5" + out,
                 "--budget-s needs --mode=search");
  ExpectBadInput(
      "explore --tt-mb=16 --game=othello --size=4 --plies=2 --budget-s=-1 --mode=search" + out,
      "bad --budget-s");
  ExpectBadInput("explore --tt-mb=16 --game=othello --size=4 --plies=2 --moves=z9" + out,
                 "move 1 'z9'");
  ExpectBadInput("explore --game=chess --plies=2" + out, "unknown --game='chess'");
  ExpectBadInput("explore --preset=chess", "unknown --preset='chess'");
  ExpectBadInput("explore --preset=lehmann --size=12", "bad --size=12");
  ExpectBadInput("explore --unit='{\"kind\":1}'", "bad --unit");
  ExpectBadInput("explore --game=othello --plies=2 --tt-mb=0" + out, "bad --tt-mb=0");
  ExpectBadInput("explore --tt-mb=16 --game=othello --size=4 --plies=2 --mode=threshold" + out,
                 "--mode=threshold needs --threshold=T");
  ExpectBadInput("explore --tt-mb=16 --game=othello --size=4 --plies=2 --threshold=1" + out,
                 "--threshold needs --mode=threshold");
  ExpectBadInput(
      "explore --tt-mb=16 --game=othello --size=4 --plies=2 --mode=threshold --threshold=99" + out,
      "--threshold=99 is outside othello's values");
  ExpectBadInput("explore --tt-mb=16 --game=othello --size=4 --plies=2 --known=" + dir.str() +
                     "/nothing" + out,
                 "--known=" + dir.str() + "/nothing: " + dir.str() + "/nothing/run.json not found");
  ExpectBadInput("explore --preset=demo --known=x", "--known does not apply to a --preset");
}

TEST(ExploreCli, PrintsAFewPlainProgressLinesWhenNotATerminal) {
  ScopedDir dir("progress");
  const CliResult r =
      RunTav("explore --tt-mb=16 --game=othello --size=4 --plies=4 --out=" + dir.str());
  ASSERT_EQ(r.status, 0) << r.err;
  // The plan and the final line; no carriage returns or escape sequences.
  EXPECT_LE(LineCount(r.err), 4) << r.err;
  EXPECT_EQ(r.err.find('\r'), std::string::npos);
  EXPECT_EQ(r.err.find('\033'), std::string::npos);
  EXPECT_NE(r.err.find("31/31 positions (100.0%)"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("root: -10 (exact)"), std::string::npos) << r.out;
}

TEST(ExploreCli, SolvesASingleWorkUnit) {
  const std::string unit =
      R"({"schema":1,"kind":"explore_unit","game":"othello","variant":"","size":4,)"
      R"("pieces":"","position":"-----OX--XO----- X","mode":"exact","depth":0,"budget_s":0,"tt_mb":16})";
  const CliResult r = RunTav("explore --unit='" + unit + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["kind"], "explore_unit_result");
  EXPECT_EQ(j["value_kind"], "exact");
  EXPECT_EQ(j["value"], -10);  // as the explorer's root above (and plain minimax in explore_test)
  EXPECT_EQ(j["position"], "-----OX--XO----- X");
}

TEST(ExploreCli, PositionRecordsCarryTheGameOptionsOfTheRun) {
  // Without them a record of Prairie with empty columns read as the standard game's.
  ScopedDir dir("options");
  const CliResult r = RunTav(
      "explore --game=prairie --size=3 --empty-columns=b --plies=1 "
      "--tt-mb=16 --out=" +
      dir.str());
  ASSERT_EQ(r.status, 0) << r.err;
  const json run = json::parse(ReadFile(dir.file("run.json")));
  EXPECT_EQ(run["options"], "empty-columns=b");
  int records = 0;
  for (absl::string_view line :
       absl::StrSplit(ReadFile(dir.file("results.jsonl")), '\n', absl::SkipEmpty())) {
    const json j = json::parse(line);
    EXPECT_EQ(j["options"], run["options"]) << line;
    ++records;
  }
  EXPECT_GT(records, 1);
}

TEST(ExploreCli, DemoPresetRunsAndCanBeRunAgain) {
  ScopedDir dir("demo");
  const CliResult first = RunTav("explore --preset=demo --tt-mb=16 --out=" + dir.str());
  ASSERT_EQ(first.status, 0) << first.err;
  const CliResult second = RunTav("explore --preset=demo --tt-mb=16 --out=" + dir.str());
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_NE(second.out.find("0 solved now"), std::string::npos) << second.out;
}

}  // namespace
}  // namespace tav::testing
