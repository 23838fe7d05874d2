// `tav` with Prairie and the retrograde commands, from the outside: output,
// exit codes, one error line for each kind of bad input, and a real kill -9
// in the middle of `tav retro` followed by a resume.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include "absl/strings/str_cat.h"
#include "cli_helpers.h"
#include "nlohmann/json.hpp"

namespace tav::testing {
namespace {

namespace fs = std::filesystem;

fs::path TempDir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / absl::StrCat("tav_pcli_", ::getpid(), "_", name);
  fs::remove_all(dir);
  return dir;
}

std::map<std::string, std::string> TierFiles(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::directory_iterator(dir / "tiers")) {
    files[e.path().filename().string()] = ReadFile(e.path());
  }
  return files;
}

TEST(PrairieCli, MovesPerftAndShow) {
  const CliResult moves = RunTav("moves --game=prairie");
  EXPECT_EQ(moves.status, 0) << moves.err;
  EXPECT_EQ(moves.out, "a7-a6 b7-b6 c7-c6 d7-d6 e7-e6 f7-f6 g7-g6 h7-h6 i7-i6 j7-j6 k7-k6\n");
  const CliResult perft = RunTav("perft --game=prairie --depth=2");
  EXPECT_NE(perft.out.find("perft  2              595"), std::string::npos) << perft.out;
  const CliResult show = RunTav("show --game=prairie --size=5 --moves='c7-c6 c2xc3'");
  EXPECT_EQ(show.status, 2);  // nothing to capture on c3
  const CliResult shown = RunTav("show --game=prairie --size=5 --moves='c7-c6 b2-b5'");
  EXPECT_EQ(shown.status, 0) << shown.err;
  EXPECT_NE(shown.out.find("B (buffalo) to move"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("  1 . . . . ."), std::string::npos)
      << shown.out;  // row 1 at the bottom
  const CliResult extra = RunTav("moves --game=prairie --size=3 --variant=extra2");
  EXPECT_EQ(extra.out, "a7-a6+a6-a5 a7-a6+b7-b6 a7-a6+c7-c6 b7-b6+b6-b5 b7-b6+c7-c6 c7-c6+c6-c5\n");
}

TEST(PrairieCli, BadPositionsVariantsAndMoves) {
  const std::string start3 = "---DCD------------BBB";
  ExpectBadInput("moves --game=prairie --size=3 --position='" + start3 + " Q'", "bad side to move");
  ExpectBadInput("moves --game=prairie --size=3 --position='---DCD--- B'", "characters");
  ExpectBadInput("moves --game=prairie --size=3 --position='---DCD---B--------BBB B'",
                 "two buffalo in column a");
  ExpectBadInput("moves --game=prairie --size=3 --position='D---CD------------BBB B'",
                 "beyond a river");
  ExpectBadInput("moves --game=prairie --size=3 --position='B--DCD-------------BB B'", "row 1");
  ExpectBadInput("moves --game=prairie --size=3 --position='---DCC------------BBB B'", "2 cowboys");
  ExpectBadInput("moves --game=prairie --size=3 --position='---DCD-D----------BBB B'", "3 dogs");
  ExpectBadInput("moves --game=prairie --variant=handicap7", "unknown --variant='handicap7'");
  ExpectBadInput("moves --game=prairie --variant=extra1", "unknown --variant='extra1'");
  ExpectBadInput("moves --game=prairie --size=12", "--size=12");
  ExpectBadInput("moves --game=prairie --size=5 --empty-columns=z", "--empty-columns");
  ExpectBadInput("moves --game=prairie --variant=handicap4 --size=3", "handicap4");
  ExpectBadInput("moves --game=prairie --moves='a7-a5'", "move 1 'a7-a5'");
  ExpectBadInput("moves --game=prairie --moves='a7-a6 a6-a5'", "move 2 'a6-a5'");
  ExpectBadInput("moves --game=prairie --variant=extra2 --moves='a7-a6'", "move 1 'a7-a6'");
}

TEST(PrairieCli, SolveAndProveProbeTablesGivenByDb) {
  // --db wraps the game with the tables (retro::WithTables): the search finds
  // the same values as without them, with table hits, and the wl1 tables
  // (results only) still let the solver find the distance.
  const fs::path dtw = TempDir("solve_dtw"), wl = TempDir("solve_wl");
  for (const auto& [dir, encoding] : {std::pair{dtw, "dtw8"}, std::pair{wl, "wl1"}}) {
    const CliResult retro = RunTav("retro --game=prairie --size=3 --quiet --threads=1 --encoding=" +
                                   std::string(encoding) + " --out=" + dir.string());
    ASSERT_EQ(retro.status, 0) << retro.err;
  }
  const std::string position = "--game=prairie --size=3 --moves='b7-b6'";
  const CliResult plain = RunTav("solve --json " + position);
  ASSERT_EQ(plain.status, 0) << plain.err;
  const nlohmann::json expected = nlohmann::json::parse(plain.out);
  for (const fs::path& dir : {dtw, wl}) {
    const CliResult tables = RunTav("solve --json --db=" + dir.string() + " " + position);
    ASSERT_EQ(tables.status, 0) << tables.err;
    const nlohmann::json j = nlohmann::json::parse(tables.out);
    EXPECT_EQ(j["value"], expected["value"]) << dir;
    if (dir == dtw) {
      EXPECT_LT(j["nodes"], expected["nodes"]);  // the tables answer below the root
    }
    const CliResult proof = RunTav("prove --json --db=" + dir.string() + " " + position);
    ASSERT_EQ(proof.status, 0) << proof.err;
    const nlohmann::json pj = nlohmann::json::parse(proof.out);
    EXPECT_EQ(pj["result"], expected["result"]) << dir;
    EXPECT_GT(pj["table_hits"].get<int>(), 0) << dir;
  }
  ExpectBadInput("solve --game=othello --size=4 --db=" + dtw.string(), "no endgame tables");
  ExpectBadInput("solve --game=prairie --size=4 --db=" + dtw.string(), "holds prairie 3x7");
  fs::remove_all(dtw);
  fs::remove_all(wl);
}

// A variant reads the standard game's tables of its width, and the standard game a variant's
// (retro/tier_game.h shares_tables_with): each is read as the game it was built for, and a
// search finds the same result as without tables, with hits. Before, a variant with empty
// columns was refused ("an edited manifest?"), so the 11x7 tables served no handicap variant.
TEST(PrairieCli, AVariantReadsTheTablesOfAnotherVariantOfItsWidth) {
  const fs::path standard = TempDir("db_standard"), handicap = TempDir("db_handicap");
  for (const auto& [dir, extra] :
       {std::pair{standard, ""}, std::pair{handicap, " --empty-columns=a"}}) {
    const CliResult retro =
        RunTav(std::string("retro --game=prairie --size=3 --quiet --threads=1") + extra +
               " --out=" + dir.string());
    ASSERT_EQ(retro.status, 0) << retro.err;
  }
  // The standard game from a position it reaches once column a's buffalo is captured.
  const std::string captured = "--position='---DCD-------------BB B'";
  for (const auto& [game, db] :
       {std::pair{std::string("--empty-columns=a"), standard},
        std::pair{std::string("--empty-columns=c"), standard}, std::pair{captured, handicap}}) {
    const std::string start = std::string("--game=prairie --size=3 ") + game;
    const CliResult plain = RunTav("prove --json " + start);
    ASSERT_EQ(plain.status, 0) << plain.err;
    const CliResult tables = RunTav("prove --json --db=" + db.string() + " " + start);
    ASSERT_EQ(tables.status, 0) << tables.err;
    const nlohmann::json with = nlohmann::json::parse(tables.out);
    EXPECT_EQ(with["result"], nlohmann::json::parse(plain.out)["result"]) << game;
    EXPECT_GT(with["table_hits"].get<int>(), 0) << game;
  }
  fs::remove_all(standard);
  fs::remove_all(handicap);
}

TEST(PrairieCli, VerifyStopsAtItsBudgetAndResumesFromItsRecord) {
  const fs::path dir = TempDir("vdb"), out = TempDir("vrec");
  fs::create_directories(out);
  const std::string rec = (out / "verify.json").string();
  const std::string db = " --threads=1 --db=" + dir.string();
  ASSERT_EQ(
      RunTav("retro --game=prairie --size=3 --quiet --threads=1 --out=" + dir.string()).status, 0);
  const CliResult whole = RunTav("verify --json" + db);
  ASSERT_EQ(whole.status, 0) << whole.err;
  const nlohmann::json one_pass = nlohmann::json::parse(whole.out);
  EXPECT_EQ(one_pass["complete"], true);

  // A budget that any tier exceeds: each session verifies exactly one tier.
  for (int session = 1; session <= 3; ++session) {
    const CliResult part =
        RunTav("verify --budget-s=0.000001 --out=" + rec + db + (session > 1 ? " --resume" : ""));
    ASSERT_EQ(part.status, 0) << part.err;
    EXPECT_NE(part.out.find("stopped by --budget-s: " + std::to_string(session) + " of 196"),
              std::string::npos)
        << part.out;
    const nlohmann::json saved = nlohmann::json::parse(ReadFile(rec));
    EXPECT_EQ(saved["complete"], false);
    EXPECT_EQ(saved["tiers_verified"], session);
    EXPECT_FALSE(saved.contains("checksums"));
  }
  ExpectBadInput("verify --out=" + rec + db, "--resume to continue");
  const CliResult rest = RunTav("verify --resume --out=" + rec + db);
  ASSERT_EQ(rest.status, 0) << rest.err;
  EXPECT_NE(rest.out.find("verified 196 tiers"), std::string::npos) << rest.out;
  const nlohmann::json done = nlohmann::json::parse(ReadFile(rec));
  EXPECT_EQ(done["complete"], true);
  for (const char* key : {"tiers", "positions", "headers_hash", "tiers_total", "checksums"}) {
    EXPECT_EQ(done[key], one_pass[key]) << key;
  }
  // A complete pass lists every tier's checksum, as its file's header has it.
  ASSERT_EQ(done["checksums"].size(), 196u);
  for (const auto& entry : fs::directory_iterator(dir / "tiers")) {
    std::ifstream f(entry.path());
    std::string magic, header;
    std::getline(f, magic);
    std::getline(f, header);
    const nlohmann::json h = nlohmann::json::parse(header);
    EXPECT_EQ(done["checksums"][h["tier"].get<std::string>()], h["checksum"]) << entry.path();
  }

  // Bad input: one line, exit 2.
  ExpectBadInput("verify --resume" + db, "--resume needs --out");
  ExpectBadInput("verify --budget-s=5" + db, "--budget-s needs --out");
  ExpectBadInput("verify --resume --out=" + (out / "none.json").string() + db, "nothing to resume");
  ExpectBadInput("verify --out=" + (dir / "v.json").string() + db, "inside the database");
  ExpectBadInput("verify --out=" + (dir / "manifest.json").string() + db, "--out");
  const std::string other = (out / "other.json").string();
  {
    std::ofstream f(other);
    f << "{\"kind\": \"solve\"}";
  }
  ExpectBadInput("verify --resume --out=" + other + db, "not a tav verify record");
  fs::remove_all(dir);
  fs::remove_all(out);
}

// SIGINT (Ctrl-C) to a pass with --out: it stops at the next tier boundary, saves its
// record and exits 1, and --resume finishes with the one-pass totals. The record exists
// from the start (written once the interrupt handler is up), so the signal is sent then;
// the 20 ms per tier keeps the pass (196 tiers) running past it however fast the machine.
TEST(PrairieCli, AnInterruptStopsTheVerifyAtATierBoundaryAndItsRecordResumes) {
  const fs::path dir = TempDir("idb"), out = TempDir("irec");
  fs::create_directories(out);
  const std::string rec = (out / "verify.json").string();
  ASSERT_EQ(
      RunTav("retro --game=prairie --size=3 --quiet --threads=1 --out=" + dir.string()).status, 0);
  const CliResult whole = RunTav("verify --json --threads=1 --db=" + dir.string());
  ASSERT_EQ(whole.status, 0) << whole.err;
  const nlohmann::json one_pass = nlohmann::json::parse(whole.out);

  const pid_t pid = SpawnTav(
      {"verify", "--threads=1", "--test-delay-ms=20", "--db=" + dir.string(), "--out=" + rec});
  ASSERT_GT(pid, 0);
  EXPECT_TRUE(WaitUntil([&] { return fs::exists(rec); }, 120)) << "no record within 2 minutes";
  ASSERT_EQ(::kill(pid, SIGINT), 0);
  const std::optional<int> waited = WaitOrKill(pid, 600);
  ASSERT_TRUE(waited.has_value()) << "the pass did not stop at the interrupt";
  const int status = *waited;
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 1);
  const nlohmann::json saved = nlohmann::json::parse(ReadFile(rec));
  EXPECT_EQ(saved["complete"], false);
  EXPECT_LT(saved["tiers_verified"].get<int>(), 196);

  const CliResult rest =
      RunTav("verify --json --threads=1 --resume --out=" + rec + " --db=" + dir.string());
  ASSERT_EQ(rest.status, 0) << rest.err;
  const nlohmann::json done = nlohmann::json::parse(ReadFile(rec));
  EXPECT_EQ(done["complete"], true);
  for (const char* key : {"tiers", "positions", "headers_hash", "checksums"}) {
    EXPECT_EQ(done[key], one_pass[key]) << key;
  }
  fs::remove_all(dir);
  fs::remove_all(out);
}

TEST(PrairieCli, RetroProbeAndVerify) {
  const fs::path dir = TempDir("db");
  const CliResult retro =
      RunTav("retro --game=prairie --size=3 --quiet --threads=1 --out=" + dir.string());
  ASSERT_EQ(retro.status, 0) << retro.err;
  EXPECT_NE(retro.out.find("start: loss"), std::string::npos) << retro.out;
  EXPECT_TRUE(fs::exists(dir / "stats.json"));
  const nlohmann::json stats = nlohmann::json::parse(ReadFile(dir / "stats.json"));
  EXPECT_EQ(stats["kind"], "retro_stats");
  EXPECT_EQ(stats["schema"], 1);
  for (const char* key : {"tiers", "remoteness", "longest_win", "start", "positions", "seconds",
                          "positions_per_second", "threads", "peak_memory_mb", "provenance"}) {
    EXPECT_TRUE(stats.contains(key)) << key;
  }
  EXPECT_EQ(stats["tiers"].size(), stats["tier_count"].get<size_t>());

  // Running again finds everything on disk.
  const CliResult again =
      RunTav("retro --game=prairie --size=3 --quiet --json --out=" + dir.string());
  ASSERT_EQ(again.status, 0) << again.err;
  const nlohmann::json summary = nlohmann::json::parse(again.out);
  EXPECT_EQ(summary["solved"], 0);
  EXPECT_EQ(summary["resumed"], summary["tiers"]);

  const CliResult probe = RunTav("probe --db=" + dir.string() + " --moves='b7-b6' --json");
  ASSERT_EQ(probe.status, 0) << probe.err;
  const nlohmann::json p = nlohmann::json::parse(probe.out);
  EXPECT_EQ(p["kind"], "retro_probe");
  EXPECT_EQ(p["side_to_move"], 1);
  const CliResult listed = RunTav("moves --game=prairie --size=3 --moves='b7-b6'");
  EXPECT_EQ(p["moves"].size(),
            static_cast<size_t>(std::count(listed.out.begin(), listed.out.end(), ' ') + 1));
  EXPECT_EQ(p["moves"][0]["move"], p["best_move"]);
  EXPECT_EQ(p["moves"][0]["value"], p["value"]);
  EXPECT_EQ(p["value_first_player"], -p["value"].get<int>());
  const CliResult text = RunTav("probe --db=" + dir.string() + " --variant=extra2");
  EXPECT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("best move: "), std::string::npos) << text.out;

  const CliResult verify = RunTav("verify --db=" + dir.string());
  EXPECT_EQ(verify.status, 0) << verify.err;
  EXPECT_NE(verify.out.find("verified 196 tiers"), std::string::npos) << verify.out;

  // Damage: a flipped byte, then a missing file, then a bad manifest.
  const fs::path tier = dir / "tiers" / "t777.tier";
  std::string bytes = ReadFile(tier);
  bytes[bytes.size() - 10] ^= 1;
  {
    std::ofstream out(tier, std::ios::binary | std::ios::trunc);
    out << bytes;
  }
  ExpectBadInput("verify --db=" + dir.string(), "checksum");
  ExpectBadInput("probe --db=" + dir.string(), "checksum");
  fs::remove(tier);
  ExpectBadInput("verify --db=" + dir.string(), "missing tier file");
  ExpectBadInput("probe --db=" + dir.string(), "missing tier file");
  {
    std::ofstream out(dir / "manifest.json", std::ios::trunc);
    out << "{not json";
  }
  ExpectBadInput("probe --db=" + dir.string(), "manifest");
  fs::remove_all(dir);
}

// Every command opens a database the same way (cli/database.h): a missing
// tier file, a damaged one or an edited manifest is one error line naming it,
// exit status 2, in probe, verify, crosscheck, solve --db and prove --db.
TEST(PrairieCli, IncompleteOrDamagedDatabasesAreRefusedByEveryCommand) {
  const fs::path dir = TempDir("open");
  ASSERT_EQ(
      RunTav("retro --game=prairie --size=3 --quiet --threads=1 --out=" + dir.string()).status, 0);
  const std::string db = " --db=" + dir.string();
  // Intact: the forward solve says how often it probed the tables.
  const CliResult text = RunTav("solve --game=prairie --size=3 --threads=1" + db);
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("tables     --db=" + dir.string() + ": probed "), std::string::npos)
      << text.out;
  const CliResult json = RunTav("solve --game=prairie --size=3 --threads=1 --json" + db);
  ASSERT_EQ(json.status, 0) << json.err;
  const nlohmann::json j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["db"], dir.string());
  EXPECT_GT(j["table_probes"].get<std::uint64_t>(), 0u);
  EXPECT_LE(j["table_hits"], j["table_probes"]);
  const CliResult plain = RunTav("solve --game=prairie --size=3 --threads=1 --json");
  ASSERT_EQ(plain.status, 0) << plain.err;
  const nlohmann::json p = nlohmann::json::parse(plain.out);
  EXPECT_TRUE(p["db"].is_null());
  EXPECT_EQ(p["table_probes"], 0);
  EXPECT_EQ(p["value"], j["value"]);  // the tables change the work, not the value

  // Every payload damaged: found when the search first loads a tier.
  const fs::path damaged = TempDir("damaged");
  fs::copy(dir, damaged, fs::copy_options::recursive);
  for (const auto& e : fs::directory_iterator(damaged / "tiers")) {
    std::string bytes = ReadFile(e.path());
    bytes.back() ^= 1;
    std::ofstream(e.path(), std::ios::binary | std::ios::trunc) << bytes;
  }
  ExpectBadInput("solve --game=prairie --size=3 --threads=1 --db=" + damaged.string(),
                 "checksum mismatch");
  ExpectBadInput("prove --game=prairie --size=3 --db=" + damaged.string(), "checksum mismatch");
  ExpectBadInput("crosscheck --samples=5 --db=" + damaged.string(), "checksum mismatch");
  fs::remove_all(damaged);

  // An edited manifest: counts that are not its selection's.
  const fs::path edited = TempDir("edited");
  fs::copy(dir, edited, fs::copy_options::recursive);
  nlohmann::json manifest = nlohmann::json::parse(ReadFile(edited / "manifest.json"));
  manifest["selection"] = "buffalo<=1";
  std::ofstream(edited / "manifest.json", std::ios::trunc) << manifest.dump();
  for (const std::string command :
       {"probe", "verify", "crosscheck --samples=5", "solve --game=prairie --size=3",
        "prove --game=prairie --size=3"}) {
    ExpectBadInput(command + " --db=" + edited.string(), "an edited manifest");
  }
  fs::remove_all(edited);

  // Missing tier files: named, before any search or sampling.
  fs::remove_all(dir / "tiers");
  for (const std::string command :
       {"probe", "verify", "crosscheck --samples=20", "solve --game=prairie --size=3",
        "prove --game=prairie --size=3"}) {
    const CliResult r =
        ExpectBadInput(command + db, "missing tier file " + dir.string() + "/tiers/");
    EXPECT_EQ(r.out.find("disagree"), std::string::npos) << r.out;
  }
  fs::remove_all(dir);
}

TEST(PrairieCli, RetroBadInput) {
  const fs::path dir = TempDir("bad");
  ExpectBadInput("retro --game=prairie --size=3", "missing --out");
  ExpectBadInput("retro --game=prairie --size=3 --encoding=dtw4 --out=" + dir.string(),
                 "--encoding");
  ExpectBadInput("retro --game=prairie --size=3 --tiers=pigs --out=" + dir.string(),
                 "--tiers='pigs'");
  ExpectBadInput("retro --game=prairie --size=3 --memory-mb=0 --out=" + dir.string(),
                 "bad --memory-mb=0");
  // The first tier of this selection and its children need 33 MiB.
  ExpectBadInput(
      "retro --game=prairie --size=11 --tiers='buffalo<=1' --memory-mb=1 --quiet --out=" +
          dir.string(),
      "over --memory-mb=1");
  fs::remove_all(dir);
  ExpectBadInput("retro --game=prairie --out=" + dir.string(), "too many");
  ExpectBadInput("retro --game=othello --out=" + dir.string(), "does not support");
  ExpectBadInput("probe --moves=a7-a6", "missing --db");
  ExpectBadInput("probe --db=/nonexistent/tav", "no retrograde database");
  ExpectBadInput("verify --db=/nonexistent/tav", "no retrograde database");
  // A database cannot be resumed as another one.
  fs::remove_all(dir);
  ASSERT_EQ(
      RunTav("retro --game=prairie --size=3 --tiers='buffalo<=1' --quiet --out=" + dir.string())
          .status,
      0);
  ExpectBadInput("retro --game=prairie --size=3 --quiet --out=" + dir.string(), "another database");
  // A position outside the tables.
  ExpectBadInput("probe --db=" + dir.string(), "not in --db");
  fs::remove_all(dir);
}

// tav prove --out: a proof cut into sessions by a node budget finishes with
// the one-session result because each session starts from the table the
// last one saved (without it every session would redo the same first nodes
// and never finish); a kill -9 after a checkpoint resumes; bad input.
TEST(PrairieCli, ProveInSessionsAndAfterKillResumesFromItsTable) {
  const fs::path dir = TempDir("prove");
  fs::create_directories(dir);
  const std::string rec = (dir / "w5.json").string();
  const std::string args = "prove --game=prairie --size=5 --tt-mb=16 --json";
  const CliResult whole = RunTav(args);
  ASSERT_EQ(whole.status, 0) << whole.err;
  const nlohmann::json one = nlohmann::json::parse(whole.out);
  ASSERT_EQ(one["result"], "loss");

  nlohmann::json saved;
  int sessions = 0;
  for (; sessions < 40; ++sessions) {
    const CliResult part =
        RunTav(args + " --max-nodes=2000 --out=" + rec + (sessions > 0 ? " --resume" : ""));
    ASSERT_EQ(part.status, 0) << part.err;
    saved = nlohmann::json::parse(ReadFile(rec));
    EXPECT_EQ(saved["sessions"], sessions + 1);
    if (saved["status"] == "finished") break;
    EXPECT_EQ(saved["status"], "stopped");
    EXPECT_EQ(saved["result"], "unknown");
    // How far it has come: the line the search would extend next, from a root move.
    ASSERT_TRUE(saved["frontier"].is_array());
    ASSERT_FALSE(saved["frontier"].empty());
    const nlohmann::json& first = saved["frontier"][0];
    const auto& roots = saved["root_moves"];
    EXPECT_TRUE(std::any_of(roots.begin(), roots.end(), [&](const nlohmann::json& m) {
      return m["move"] == first["move"];
    })) << first;
    // The nearest decided position: its line is as long as its plies, or none within some plies.
    const nlohmann::json& near = saved["nearest_decided"];
    ASSERT_TRUE(near.is_object());
    if (near["plies"].is_null()) {
      EXPECT_GE(near["none_within"].get<int>(), 0) << near;
    } else {
      EXPECT_GE(near["plies"].get<int>(), 1);
      EXPECT_EQ(near["line"].size(), near["plies"].get<std::size_t>());
      EXPECT_TRUE(near["result"] == "win" || near["result"] == "loss") << near;
    }
  }
  EXPECT_TRUE(saved["frontier"].is_null());  // a finished proof has its line instead
  EXPECT_TRUE(saved["nearest_decided"].is_null());
  EXPECT_GT(sessions, 1);
  EXPECT_EQ(saved["status"], "finished");
  EXPECT_EQ(saved["result"], one["result"]);
  EXPECT_FALSE(saved["proof_line"].empty());
  // A proven loss: every root move loses (W = 5 has five buffalo moves).
  ASSERT_EQ(saved["root_moves"].size(), 5u);
  for (const auto& m : saved["root_moves"]) EXPECT_EQ(m["result"], "loses") << m;
  ExpectBadInput(args + " --out=" + rec, "--resume to continue");

  // kill -9 of a longer proof after its first checkpoints, then --resume.
  const std::string rec6 = (dir / "w6.json").string();
  const std::string six = "prove --game=prairie --size=6 --tt-mb=64 --out=" + rec6;
  const std::string pid_file = (dir / "pid").string();
  const std::string launch = absl::StrCat(TAV_BINARY, " ", six, " --checkpoint-s=0.05",
                                          " >/dev/null 2>&1 & echo $! > ", pid_file);
  ASSERT_EQ(std::system(launch.c_str()), 0);
  bool checkpointed = false;
  for (int i = 0; i < 3000 && !checkpointed; ++i) {  // up to 30 s on a loaded machine
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const nlohmann::json r = nlohmann::json::parse(ReadFile(rec6), nullptr, false);
    checkpointed = r.is_object() && r.value("nodes", 0) > 0;
  }
  ASSERT_EQ(std::system(("kill -9 " + ReadFile(pid_file) + " 2>/dev/null; sleep 0.2").c_str()), 0);
  const nlohmann::json killed = nlohmann::json::parse(ReadFile(rec6));
  if (killed["status"] == "running") {  // killed before it finished (almost always)
    ASSERT_TRUE(checkpointed);
    const CliResult rest = RunTav(six + " --resume --json");
    ASSERT_EQ(rest.status, 0) << rest.err;
    const nlohmann::json done = nlohmann::json::parse(rest.out);
    EXPECT_EQ(done["result"], "loss");
    EXPECT_EQ(done["sessions"], 2);
    EXPECT_EQ(nlohmann::json::parse(ReadFile(rec6))["status"], "finished");
  }

  // The independent check: the same result through another tree, and the
  // line replayed and re-solved.
  const std::string rec_b = (dir / "w5b.json").string();
  const CliResult second = RunTav(args + " --order=reversed --init=unit --out=" + rec_b);
  ASSERT_EQ(second.status, 0) << second.err;
  const nlohmann::json b = nlohmann::json::parse(second.out);
  EXPECT_EQ(b["result"], one["result"]);
  EXPECT_EQ(b["order"], "reversed");
  EXPECT_EQ(b["init"], "unit");
  EXPECT_NE(b["nodes"], one["nodes"]);
  for (const std::string& r : {rec, rec_b}) {
    const CliResult check = RunTav("prove --game=prairie --size=5 --json --check=" + r);
    ASSERT_EQ(check.status, 0) << check.err;
    const nlohmann::json c = nlohmann::json::parse(check.out);
    EXPECT_EQ(c["kind"], "proof_check");
    EXPECT_TRUE(c["ok"].get<bool>());
    EXPECT_EQ(c["end"], "over");
    EXPECT_EQ(c["solved_from"], 0);
  }
  ExpectBadInput(args + " --order=reversed --resume --out=" + rec, "another proof");
  ExpectBadInput(args + " --order=sideways", "--order");
  ExpectBadInput(args + " --init=zero", "--init");
  ExpectBadInput(args + " --combine=max", "--combine");
  ExpectBadInput(args + " --combine=weak --resume --out=" + rec, "another proof");
  ExpectBadInput("prove --game=prairie --size=6 --check=" + rec, "--check");
  ExpectBadInput("prove --game=prairie --size=5 --out=x.json --check=" + rec, "cannot go with it");
  {
    nlohmann::json wrong = nlohmann::json::parse(ReadFile(rec));
    wrong["result"] = "win";
    const std::string f = (dir / "wrong.json").string();
    std::ofstream(f) << wrong.dump();
    const CliResult failed = RunTav("prove --game=prairie --size=5 --check=" + f);
    EXPECT_EQ(failed.status, 1) << failed.err;  // a failed check, not bad input
    EXPECT_NE(failed.err.find("not the claimed result"), std::string::npos) << failed.err;
  }

  // Bad input: one line, exit 2.
  ExpectBadInput("prove --game=prairie --size=5 --resume", "--resume needs --out");
  ExpectBadInput("prove --game=prairie --size=5 --checkpoint-s=5", "--checkpoint-s needs --out");
  ExpectBadInput("prove --game=prairie --size=5 --checkpoint-s=0 --out=" + rec, "--checkpoint-s");
  ExpectBadInput("prove --game=prairie --size=5 --within=3 --out=" + rec, "not --within");
  ExpectBadInput("prove --game=prairie --size=5 --resume --out=" + (dir / "none.json").string(),
                 "nothing to resume");
  ExpectBadInput("prove --game=prairie --size=4 --resume --out=" + rec, "another proof");
  std::string table = ReadFile(rec + ".table");
  table[table.size() - 3] ^= 0x5a;
  {
    std::ofstream f(rec + ".table", std::ios::binary);
    f << table;
  }
  ExpectBadInput(args + " --resume --out=" + rec, "damaged df-pn table");
  fs::remove(rec + ".table");
  ExpectBadInput(args + " --resume --out=" + rec, "cannot be read");
  fs::remove_all(dir);
}

TEST(PrairieCli, KilledRetroResumesToIdenticalTables) {
  const fs::path whole = TempDir("whole"), killed = TempDir("killed");
  const std::string args = "retro --game=prairie --size=4 --tiers='buffalo<=2' --quiet --out=";
  // The uninterrupted run on one thread, the killed and resumed one on two.
  ASSERT_EQ(RunTav(args + whole.string() + " --threads=1").status, 0);
  // Start a run in the background and kill -9 it once some tiers are on disk.
  const std::string pid_file = (killed.string() + ".pid");
  const std::string launch = absl::StrCat(TAV_BINARY, " ", args, killed.string(), " --threads=2",
                                          " >/dev/null 2>&1 & echo $! > ", pid_file);
  ASSERT_EQ(std::system(launch.c_str()), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const std::string pid = ReadFile(pid_file);
  for (int i = 0; i < 400; ++i) {
    std::error_code ec;
    if (fs::exists(killed / "tiers") && std::distance(fs::directory_iterator(killed / "tiers", ec),
                                                      fs::directory_iterator()) >= 20) {
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_EQ(std::system(("kill -9 " + pid + " 2>/dev/null; sleep 0.2").c_str()), 0);
  const size_t before = TierFiles(killed).size();
  const CliResult resumed = RunTav(args + killed.string() + " --threads=2 --json");
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  // Leftover temporary files of the killed run are not tier files.
  std::map<std::string, std::string> files = TierFiles(killed);
  for (auto it = files.begin(); it != files.end();) {
    it = it->first.ends_with(".tier") ? std::next(it) : files.erase(it);
  }
  EXPECT_EQ(files, TierFiles(whole));
  EXPECT_LT(before, files.size() + 1);
  fs::remove_all(whole);
  fs::remove_all(killed);
  fs::remove(pid_file);
}

}  // namespace
}  // namespace tav::testing
