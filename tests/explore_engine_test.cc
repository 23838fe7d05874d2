// `tav explore --mode=search --engine=CONFIG` (explore/engine_solver.h): each
// frontier record is the choice `tav think` makes with the same configuration
// in that position; the records do not depend on --threads; the
// configuration is part of the run's identity (run.json, work units,
// --resume); an engine that plays exactly gives exact records equal to the
// exact solve; bad uses are one error line and exit status 2.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "cli_helpers.h"
#include "core/proven_value.h"
#include "explore/work_unit.h"
#include "nlohmann/json.hpp"

namespace tav::testing {
namespace {

using nlohmann::json;

// Cathedral 5x5, one ply: the six Cathedral placements up to symmetry, dark
// to move in each. Small enough for many runs under ASan.
const std::string kCathedral =
    "explore --game=cathedral --size=5 --plies=1 --mode=search --tt-mb=16";
// A heuristic configuration (no exact attempt), the table from --tt-mb.
const std::string kHeuristic = "--eval=handmade --exact=false --depth=3";

// Every record of a results file keyed by position, without its time (the
// one field that differs between runs of a deterministic configuration).
std::map<std::string, json> Records(const std::string& path) {
  std::map<std::string, json> out;
  for (absl::string_view line : absl::StrSplit(ReadFile(path), '\n', absl::SkipEmpty())) {
    json j = json::parse(line);
    j.erase("seconds");
    out[j["position"].get<std::string>()] = j;
  }
  return out;
}

// The frontier records (origin "search") of a results file.
std::map<std::string, json> Frontier(const std::string& path) {
  std::map<std::string, json> out;
  for (const auto& [position, j] : Records(path)) {
    if (j["origin"] == "search") out[position] = j;
  }
  return out;
}

// `tav explore ARGS --out=DIR`, which must succeed.
void Explore(const std::string& args, const ScopedDir& dir) {
  const CliResult r = RunTav(args + " --out=" + dir.str());
  ASSERT_EQ(r.status, 0) << args << "\n" << r.err;
}

TEST(ExploreEngine, FrontierRecordsAreWhatThinkChooses) {
  ScopedDir dir("think");
  ASSERT_NO_FATAL_FAILURE(Explore(kCathedral + " --engine='" + kHeuristic + "'", dir));
  // The canonical configuration, its table the run's --tt-mb (the text sets none).
  const json run = json::parse(ReadFile(dir.file("run.json")));
  EXPECT_EQ(run["engine"],
            "--eval=handmade --search=selective --depth=3 --nodes=0 --budget-s=0 --exact=false "
            "--tt-mb=16 --noise=0 --seed=0");
  EXPECT_TRUE(run["depth"].is_null());
  EXPECT_TRUE(run["budget_s"].is_null());
  const std::map<std::string, json> frontier = Frontier(dir.file("results.jsonl"));
  ASSERT_EQ(frontier.size(), 6u);
  for (const auto& [position, rec] : frontier) {
    SCOPED_TRACE(position);
    const json think = JsonOf("think --game=cathedral --size=5 --position='" + position + "' " +
                              kHeuristic + " --tt-mb=16 --json");
    EXPECT_EQ(rec["value"], think["value"]);
    EXPECT_EQ(rec["best_move"], think["best_move"]);
    EXPECT_EQ(rec["value_kind"], "heuristic");
    EXPECT_EQ(rec["depth"], think["depth"]);
    EXPECT_EQ(rec["search"], "selective");
    EXPECT_EQ(rec["nodes"], think["nodes"]);
    EXPECT_EQ(rec["tt_probes"], think["tt_probes"]);
    EXPECT_EQ(rec["pv"], json::array({think["best_move"]}));
  }
  // A remote worker's unit (the run's engine text) gives the same record.
  const auto& [position, rec] = *frontier.begin();
  explore::WorkUnit unit{{"cathedral", "classic", 5, ""}, position, {}, 16};
  unit.limits.mode = explore::Mode::kSearch;
  unit.limits.engine = run["engine"].get<std::string>();
  const json result = JsonOf("explore --unit='" + unit.ToJson().dump() + "'");
  EXPECT_EQ(result["value"], rec["value"]);
  EXPECT_EQ(result["best_move"], rec["best_move"]);
  EXPECT_EQ(result["search"], "selective");
}

TEST(ExploreEngine, RecordsDoNotDependOnTheThreadCount) {
  // A depth budget (selective) and a node budget (full width, exact attempt on).
  for (const std::string& run :
       {kCathedral + " --engine='" + kHeuristic + "'",
        std::string("explore --game=othello --size=6 --plies=2 --mode=search --tt-mb=16 "
                    "--engine='--search=fullwidth --nodes=20000'")}) {
    SCOPED_TRACE(run);
    ScopedDir one("t1"), two("t2");
    ASSERT_NO_FATAL_FAILURE(Explore(run + " --threads=1", one));
    ASSERT_NO_FATAL_FAILURE(Explore(run + " --threads=2", two));
    const std::map<std::string, json> a = Records(one.file("results.jsonl"));
    EXPECT_GE(Frontier(one.file("results.jsonl")).size(), 3u);
    EXPECT_EQ(a, Records(two.file("results.jsonl")));
  }
}

TEST(ExploreEngine, ExactWhereTheEngineFinishesTheExactSolve) {
  // A depth budget gives the exact attempt 2M nodes: every placement on 5x5
  // is solved within them.
  ScopedDir engine("exact_engine"), exact("exact_solve");
  ASSERT_NO_FATAL_FAILURE(Explore(kCathedral + " --engine='--depth=2'", engine));
  ASSERT_NO_FATAL_FAILURE(
      Explore("explore --game=cathedral --size=5 --plies=1 --mode=exact --tt-mb=16", exact));
  const std::map<std::string, json> got = Records(engine.file("results.jsonl"));
  const std::map<std::string, json> want = Records(exact.file("results.jsonl"));
  ASSERT_EQ(got.size(), want.size());
  for (const auto& [position, rec] : got) {
    SCOPED_TRACE(position);
    ASSERT_TRUE(want.contains(position));
    EXPECT_EQ(rec["value_kind"], "exact");
    EXPECT_EQ(rec["value"], want.at(position)["value"]);
    if (rec["origin"] == "search") {
      EXPECT_EQ(rec["search"], "exact");
    }
  }
}

TEST(ExploreEngine, ResumeRefusesAnotherEngine) {
  ScopedDir dir("resume");
  const std::string engine = kCathedral + " --engine='" + kHeuristic + "'";
  ASSERT_NO_FATAL_FAILURE(Explore(engine, dir));
  const std::string out = " --resume --out=" + dir.str();
  ExpectBadInput(kCathedral + " --engine='--eval=handmade --exact=false --depth=2'" + out,
                 "(engine \"--eval=handmade --search=selective --depth=3");
  ExpectBadInput(kCathedral + out, "(engine \"--eval=handmade");  // no engine
  // The table's size is part of the configuration.
  std::string bigger_table = engine;
  bigger_table.replace(bigger_table.find("--tt-mb=16"), 10, "--tt-mb=32");
  ExpectBadInput(bigger_table + out, "--tt-mb=32 --noise=0 --seed=0\" now)");
  const CliResult same = RunTav(engine + out);
  ASSERT_EQ(same.status, 0) << same.err;
  EXPECT_NE(same.out.find("0 solved now, 6 resumed"), std::string::npos) << same.out;
}

TEST(ExploreEngine, BadUsesAreOneLineAndExitStatus2) {
  ScopedDir dir("bad");
  const std::string out = " --out=" + dir.str();
  const std::string plain = "explore --game=cathedral --size=5 --plies=1 --tt-mb=16";
  ExpectBadInput(plain + " --mode=search --engine='--depht=3'" + out,
                 "bad --engine: bad engine configuration '--depht=3'");
  ExpectBadInput(plain + " --mode=search --engine='--eval=handmade'" + out, "no budget");
  ExpectBadInput(plain + " --mode=search --engine=''" + out, "empty --engine");
  ExpectBadInput(plain + " --mode=exact --engine='--depth=2'" + out,
                 "--engine needs --mode=search");
  ExpectBadInput(plain + " --engine='--depth=2'" + out, "--engine needs --mode=search");
  ExpectBadInput(plain + " --mode=search --depth=2 --engine='--depth=2'" + out,
                 "--depth and --engine exclude each other");
  ExpectBadInput(plain + " --mode=search --budget-s=1 --engine='--depth=2'" + out,
                 "--budget-s and --engine exclude each other");
  ExpectBadInput(
      "explore --game=prairie --size=3 --plies=1 --mode=search --engine='--depth=2'" + out,
      "has no static evaluation");
  ExpectBadInput("explore --preset=lehmann --size=5 --engine='--depth=2'" + out,
                 "the preset solves 5x5 exactly: add --mode=search");
  ExpectBadInput("explore --preset=demo --engine='--depth=2'" + out, "--preset=demo");
  // Both parts' engines are checked before the first part runs: 6x6 has
  // learned weights for the classic game only.
  ExpectBadInput(
      "explore --preset=lehmann --size=6 --mode=search --engine='--eval=learned --depth=1'" + out,
      "no learned weights for cathedral lehmann 6x6");
  EXPECT_FALSE(std::filesystem::exists(dir.str()));
  // A unit whose engine does not parse, or names one for an exact unit.
  explore::WorkUnit unit{{"cathedral", "classic", 5, ""}, "x", {}, 16};
  unit.limits.mode = explore::Mode::kSearch;
  unit.limits.engine = "--depht=3";
  ExpectBadInput("explore --unit='" + unit.ToJson().dump() + "'", "bad --unit key engine");
  json exact_unit = unit.ToJson();
  exact_unit["mode"] = "exact";
  ExpectBadInput("explore --unit='" + exact_unit.dump() + "'", "key 'engine' needs mode");
}

TEST(ExploreEngine, LehmannPresetSearchesBothPartsWithTheEngine) {
  ScopedDir dir("lehmann");
  const CliResult r = RunTav(
      "explore --preset=lehmann --size=5 --mode=search --tt-mb=16 "
      "--engine='--exact=false --depth=1' --out=" +
      dir.str());
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* part : {"classic", "lehmann"}) {
    SCOPED_TRACE(part);
    const std::string path = dir.file(std::string(part) + "/run.json");
    const json run = json::parse(ReadFile(path));
    EXPECT_NE(run["engine"].get<std::string>().find("--depth=1 "), std::string::npos);
    for (const auto& [position, rec] : Frontier(dir.file(std::string(part) + "/results.jsonl"))) {
      EXPECT_EQ(rec["search"], "selective") << position;
    }
  }
}

#ifdef TAV_MPIEXEC
// MPI workers rebuild the engine from the units' text: the same records as a
// local run.
TEST(ExploreEngine, MpiWorkersGiveTheRecordsOfALocalRun) {
  ScopedDir local("local"), mpi("mpi");
  const std::string run = kCathedral + " --threads=1 --engine='" + kHeuristic + "'";
  ASSERT_NO_FATAL_FAILURE(Explore(run, local));
  const std::string mpirun = absl::StrCat(TAV_MPIEXEC, " -np 2 --oversubscribe",
                                          ::geteuid() == 0 ? " --allow-run-as-root" : "", " ");
  const CliResult r = RunTav(run + " --mpi --out=" + mpi.str(),
                             absl::StrCat("ASAN_OPTIONS=detect_leaks=0 ", mpirun));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(Records(mpi.file("results.jsonl")), Records(local.file("results.jsonl")));
}
#endif

// Units and results of runs without an engine are the text they always were.
TEST(ExploreEngine, UnitsWithoutAnEngineKeepTheirForm) {
  explore::WorkUnit unit{{"othello", "", 4, ""}, "p", {explore::Mode::kSearch, 3, 0}, 16};
  EXPECT_FALSE(unit.ToJson().contains("engine"));
  explore::UnitResult r;
  r.value = ExactValue(0);
  EXPECT_FALSE(explore::ResultToJson(r, "p").contains("search"));
  unit.limits = {explore::Mode::kSearch, 0, 0, "--depth=3"};
  absl::StatusOr<explore::WorkUnit> back = explore::WorkUnit::FromJson(unit.ToJson());
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->limits.engine, "--depth=3");
  r.search = "selective";
  absl::StatusOr<explore::UnitResult> again =
      explore::ResultFromJson(explore::ResultToJson(r, "p"), 64);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(again->search, "selective");
}

}  // namespace
}  // namespace tav::testing
