// The explorer end to end, in process, on boards small enough for an
// independent memoised minimax over the reference rules engine to check every
// record: values, best moves, principal variations, duplicate counts, the
// value kinds of each mode, the run files and the book.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "alphabeta_unit_solver.h"
#include "book/book.h"
#include "core/atomic_file.h"
#include "core/setup.h"
#include "explore/explorer.h"
#include "explore/frontier_solver.h"
#include "explore_reference.h"
#include "explore_test_util.h"
#include "games/reversi/reversi.h"
#include "search/tt_file.h"

namespace tav::explore {
namespace {

using nlohmann::json;
using testing::RefValues;

std::string TempDir(const std::string& name) { return testing::TempDir("tav_explore_test", name); }

template <class G>
ExploreOptions Options(const G& game, int plies, SearchLimits limits, const std::string& dir,
                       int threads = 2) {
  return testing::ExploreOptionsFor(game, plies, limits, dir, threads);
}

template <class G>
ExploreSummary RunExplore(const G& game, const ExploreOptions& o) {
  auto s = Explore(game, game.start(), o, [&](int) { return AlphaBetaUnitSolver<G>(game); });
  EXPECT_TRUE(s.ok()) << s.status();
  return s.ok() ? *s : ExploreSummary{};
}

std::vector<json> ReadRecords(const std::string& dir) {
  std::vector<json> out;
  auto lines = ReadLogLines(dir + "/results.jsonl");
  EXPECT_TRUE(lines.ok());
  EXPECT_FALSE(lines->torn_tail);
  for (const auto& l : lines->lines) out.push_back(json::parse(l));
  return out;
}

// Every exact record agrees with the reference: value, best move and PV
// (each PV move optimal), and the line from the root reaches the position.
template <class G>
void CheckExactRecords(const G& game, RefValues& ref, const std::vector<json>& records) {
  for (const json& r : records) {
    const std::string pos = r["position"];
    SCOPED_TRACE(r.dump());
    ASSERT_EQ(r["value_kind"], "exact");
    const int v = ref.Value(pos);
    EXPECT_EQ(r["value"], v);
    EXPECT_EQ(r["value_first_player"], r["side_to_move"] == 0 ? v : -v);
    EXPECT_EQ(r["result"], v > 0 ? "win" : v < 0 ? "loss" : "draw");
    auto reached = PlayMoves(game, game.start(),
                             absl::StrJoin(r["moves"].get<std::vector<std::string>>(), " "));
    ASSERT_TRUE(reached.ok());
    EXPECT_EQ(game.position_string(*reached), pos);
    EXPECT_EQ(r["moves"].size(), r["ply"].get<size_t>());
    const auto pv = r["pv"].get<std::vector<std::string>>();
    if (ref.Moves(pos).empty()) {
      EXPECT_TRUE(r["best_move"].is_null());
      EXPECT_TRUE(pv.empty());
      continue;
    }
    ASSERT_FALSE(pv.empty());
    EXPECT_EQ(r["best_move"], pv.front());
    std::string p = pos;
    int value = v;
    for (const std::string& m : pv) {
      const auto legal = ref.Moves(p);
      ASSERT_NE(std::find(legal.begin(), legal.end(), m), legal.end()) << m << " in " << p;
      const std::string child = ref.Child(p, m);
      EXPECT_EQ(-ref.Value(child), value) << "PV move " << m << " of " << p << " is not optimal";
      p = child;
      value = -value;
    }
    EXPECT_TRUE(ref.Moves(p).empty()) << "the PV stops before the end of the game";
  }
}

TEST(Explore, OthelloExactRecordsMatchPlainMinimax) {
  auto game = *reversi::Othello::Create(GameSpec{"othello", "", 4, ""});
  const std::string dir = TempDir("othello_exact");
  const ExploreSummary s = RunExplore(game, Options(game, 4, {Mode::kExact, 0, 0}, dir));
  RefValues ref(4, false, false);
  const auto records = ReadRecords(dir);
  EXPECT_EQ(records.size(), s.positions);
  CheckExactRecords(game, ref, records);
  EXPECT_EQ(s.root.value, ref.Value(game.position_string(game.start())));
  EXPECT_EQ(s.frontier + s.terminal + s.backed_up, s.positions);
  // Sorted by ply; origins as documented; duplicates sum to the sequence counts.
  std::map<int, std::uint64_t> sequences;
  int last_ply = 0;
  for (const json& r : records) {
    EXPECT_GE(r["ply"].get<int>(), last_ply);
    last_ply = r["ply"];
    EXPECT_EQ(r["origin"], r["ply"] == 4 ? "search" : "backup");
    sequences[r["ply"]] += r["duplicates"].get<std::uint64_t>();
  }
  EXPECT_EQ(sequences[0], 1u);
  EXPECT_EQ(sequences[1], 4u);
  EXPECT_EQ(sequences[2], 12u);  // Othello perft(2), as on 8x8
}

TEST(Explore, DesdemonaMisereExactRecordsMatchPlainMinimax) {
  auto game = *reversi::Desdemona::Create(GameSpec{"desdemona", "misere", 4, ""});
  const std::string dir = TempDir("desdemona_exact");
  const ExploreSummary s = RunExplore(game, Options(game, 3, {Mode::kExact, 0, 0}, dir, 1));
  RefValues ref(4, true, true);
  CheckExactRecords(game, ref, ReadRecords(dir));
  EXPECT_EQ(s.root.value, ref.Value(game.position_string(game.start())));
}

TEST(Explore, DefaultFrontierSolverRecordsMatchPlainMinimax) {
  // The solver `tav explore` uses (frontier_solver.h: the TT solver, one
  // table shared by the threads), on both games.
  auto othello = *reversi::Othello::Create(GameSpec{"othello", "", 4, ""});
  const std::string dir = TempDir("default_othello");
  FrontierSolverFactory<reversi::Othello> factory(othello, 16);
  auto s =
      Explore(othello, othello.start(), Options(othello, 5, {Mode::kExact, 0, 0}, dir), factory);
  ASSERT_TRUE(s.ok()) << s.status();
  RefValues ref(4, false, false);
  CheckExactRecords(othello, ref, ReadRecords(dir));

  auto desdemona = *reversi::Desdemona::Create(GameSpec{"desdemona", "", 4, ""});
  const std::string dir2 = TempDir("default_desdemona");
  FrontierSolverFactory<reversi::Desdemona> factory2(desdemona, 16);
  auto s2 = Explore(desdemona, desdemona.start(), Options(desdemona, 4, {Mode::kExact, 0, 0}, dir2),
                    factory2);
  ASSERT_TRUE(s2.ok()) << s2.status();
  RefValues ref2(4, true, false);
  CheckExactRecords(desdemona, ref2, ReadRecords(dir2));
}

TEST(Explore, WldRecordsHaveTheSignOfTheExactValue) {
  auto game = *reversi::Desdemona::Create(GameSpec{"desdemona", "", 4, ""});
  const std::string dir = TempDir("desdemona_wld");
  RunExplore(game, Options(game, 3, {Mode::kWld, 0, 0}, dir));
  RefValues ref(4, true, false);
  int wld = 0;
  for (const json& r : ReadRecords(dir)) {
    const int v = ref.Value(r["position"]);
    if (r["value_kind"] == "wld") {
      ++wld;
      EXPECT_EQ(r["value"], (v > 0) - (v < 0)) << r.dump();
    } else {
      // Only a draw (exactly 0) or a finished game may be reported exactly.
      ASSERT_EQ(r["value_kind"], "exact") << r.dump();
      EXPECT_EQ(r["value"], v);
    }
    EXPECT_LE(r["lower"].get<int>(), v);
    EXPECT_GE(r["upper"].get<int>(), v);
  }
  EXPECT_GT(wld, 0);
}

TEST(Explore, ShallowSearchIsHeuristicWithItsDepthAndDeepSearchIsExact) {
  auto game = *reversi::Othello::Create(GameSpec{"othello", "", 4, ""});
  const std::string shallow = TempDir("search_shallow");
  const ExploreSummary s = RunExplore(game, Options(game, 2, {Mode::kSearch, 1, 0}, shallow));
  EXPECT_EQ(s.root.kind, ValueKind::kHeuristic);
  EXPECT_EQ(s.root.depth, 3);  // two backed-up plies above depth-1 searches
  for (const json& r : ReadRecords(shallow)) {
    ASSERT_EQ(r["value_kind"], "heuristic") << r.dump();
    EXPECT_EQ(r["depth"], 1 + 2 - r["ply"].get<int>());
    EXPECT_TRUE(r["bound"].is_null());
  }
  // 12 empties: a 20-ply search reaches every end, so it is exact.
  const std::string deep = TempDir("search_deep");
  RunExplore(game, Options(game, 2, {Mode::kSearch, 20, 0}, deep));
  RefValues ref(4, false, false);
  CheckExactRecords(game, ref, ReadRecords(deep));
}

TEST(Explore, RunJsonDescribesTheCompleteRun) {
  auto game = *reversi::Othello::Create(GameSpec{"othello", "", 4, ""});
  const std::string dir = TempDir("run_json");
  const ExploreSummary s = RunExplore(game, Options(game, 3, {Mode::kExact, 0, 0}, dir));
  const json run = json::parse(*ReadWholeFile(dir + "/run.json"));
  EXPECT_EQ(run["schema"], 1);
  EXPECT_EQ(run["kind"], "explore_run");
  EXPECT_EQ(run["status"], "complete");
  EXPECT_EQ(run["game"], "othello");
  EXPECT_EQ(run["board"], "4x4");
  EXPECT_EQ(run["plies"], 3);
  EXPECT_EQ(run["mode"], "exact");
  EXPECT_TRUE(run["depth"].is_null());
  EXPECT_EQ(run["totals"]["positions"], s.positions);
  EXPECT_EQ(run["totals"]["searched"], s.frontier);
  EXPECT_EQ(run["totals"]["nodes"], s.nodes);
  EXPECT_EQ(run["root"]["value"], s.root.value);
  EXPECT_EQ(run["root"]["value_kind"], "exact");
  EXPECT_FALSE(run["finished"].is_null());
  for (const char* key : {"command", "argv", "toolkit_version", "commit", "machine", "time"}) {
    EXPECT_TRUE(run["provenance"].contains(key)) << key;
  }
}

TEST(Explore, BookHoldsEveryPositionWithEachMovesValue) {
  auto game = *reversi::Othello::Create(GameSpec{"othello", "", 4, ""});
  const std::string dir = TempDir("book");
  const ExploreSummary s = RunExplore(game, Options(game, 3, {Mode::kExact, 0, 0}, dir));
  auto b = book::ReadBook(dir + "/book.tvb");
  ASSERT_TRUE(b.ok()) << b.status();
  EXPECT_EQ(b->entries().size(), s.positions);
  EXPECT_EQ(b->header.game, "othello");
  EXPECT_EQ(b->header.board, "4x4");
  RefValues ref(4, false, false);
  for (const auto& e : b->entries()) {
    EXPECT_EQ(e.value.value, ref.Value(e.position));
    for (const auto& m : e.moves) {
      EXPECT_EQ(m.value.value, -ref.Value(ref.Child(e.position, m.move)))
          << e.position << " " << m.move;
    }
    // Internal positions list every legal move.
    if (ref.Moves(e.position).size() > 0 && e.moves.size() > 1) {
      EXPECT_EQ(e.moves.size(), ref.Moves(e.position).size());
    }
  }
}

TEST(Explore, AnExistingRunIsNotOverwrittenWithoutResume) {
  auto game = *reversi::Othello::Create(GameSpec{"othello", "", 4, ""});
  const std::string dir = TempDir("exists");
  RunExplore(game, Options(game, 1, {Mode::kExact, 0, 0}, dir));
  auto again = Explore(game, game.start(), Options(game, 1, {Mode::kExact, 0, 0}, dir),
                       [&](int) { return AlphaBetaUnitSolver<reversi::Othello>(game); });
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.status().code(), absl::StatusCode::kAlreadyExists);
}

// The first player's value of a record's position, from the reference.
int FirstPlayerValue(RefValues& ref, const json& r) {
  const int v = ref.Value(r["position"]);
  return r["side_to_move"] == 0 ? v : -v;
}

TEST(Explore, ThresholdRecordsAreTrueBoundsThatDecideTheThreshold) {
  // Every record, frontier and backed up, proves on which side of the
  // threshold the first player's value lies, and its interval holds the value.
  auto game = *reversi::Desdemona::Create(GameSpec{"desdemona", "", 4, ""});
  RefValues ref(4, true, false);
  const int root_value = ref.Value(game.position_string(game.start()));
  for (int threshold : {root_value, root_value + 1, -3, 4}) {
    SCOPED_TRACE(threshold);
    const std::string dir = TempDir(absl::StrCat("threshold_", threshold + 100));
    SearchLimits limits{Mode::kThreshold, 0, 0};
    limits.threshold = threshold;
    FrontierSolverFactory<reversi::Desdemona> factory(game, 16);
    auto s = Explore(game, game.start(), Options(game, 3, limits, dir), factory);
    ASSERT_TRUE(s.ok()) << s.status();
    int bounds = 0;
    for (const json& r : ReadRecords(dir)) {
      SCOPED_TRACE(r.dump());
      const int v = ref.Value(r["position"]);
      EXPECT_LE(r["lower"].get<int>(), v);
      EXPECT_GE(r["upper"].get<int>(), v);
      absl::StatusOr<Value> value = GetValue(r, reversi::Desdemona::kMaxValue);
      ASSERT_TRUE(value.ok()) << value.status();
      EXPECT_TRUE(Decides(*value, r["side_to_move"], limits));
      if (r["value_kind"] == "bound") ++bounds;
    }
    EXPECT_GT(bounds, 0);
    EXPECT_EQ(s->root.lower >= threshold, root_value >= threshold);
    EXPECT_EQ(s->root.upper < threshold, root_value < threshold);
  }
}

TEST(Explore, KnownRecordsThatDecideAreCopiedAndTheRestSolved) {
  auto game = *reversi::Desdemona::Create(GameSpec{"desdemona", "", 4, ""});
  RefValues ref(4, true, false);
  FrontierSolverFactory<reversi::Desdemona> factory(game, 16);
  const std::string exact_dir = TempDir("known_exact");
  ASSERT_TRUE(
      Explore(game, game.start(), Options(game, 3, {Mode::kExact, 0, 0}, exact_dir), factory).ok());

  // An exact run decides every threshold: nothing is solved, and a resume
  // reads the copied records as the run's own.
  SearchLimits at_one{Mode::kThreshold, 0, 0};
  at_one.threshold = 1;
  const std::string threshold_dir = TempDir("known_threshold");
  ExploreOptions o = Options(game, 3, at_one, threshold_dir);
  o.known_dir = exact_dir;
  auto s = Explore(game, game.start(), o, factory);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->solved, 0u);
  EXPECT_EQ(s->known, s->frontier);
  for (const json& r : ReadRecords(threshold_dir)) {
    if (r["origin"] == "search") {
      EXPECT_EQ(r["value_kind"], "exact") << r.dump();
    }
  }
  o.resume = true;
  o.known_dir.clear();
  auto again = Explore(game, game.start(), o, factory);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(again->resumed, s->frontier);
  EXPECT_EQ(again->solved, 0u);

  // A threshold run at 1 decides the sign where the first player's value is
  // at least 1 (a win or a loss, by who moves), and wherever its bound
  // happens to pass 0 the other way; those records are copied (kind bound),
  // the rest solved.
  const std::string bound_dir = TempDir("known_bound");
  ASSERT_TRUE(Explore(game, game.start(), Options(game, 3, at_one, bound_dir), factory).ok());
  const std::string wld_dir = TempDir("known_wld");
  ExploreOptions w = Options(game, 3, {Mode::kWld, 0, 0}, wld_dir);
  w.known_dir = bound_dir;
  auto wld = Explore(game, game.start(), w, factory);
  ASSERT_TRUE(wld.ok()) << wld.status();
  std::size_t first_player_wins = 0, copied = 0;
  for (const json& r : ReadRecords(wld_dir)) {
    if (r["origin"] != "search") continue;
    SCOPED_TRACE(r.dump());
    const int v = ref.Value(r["position"]);
    EXPECT_LE(r["lower"].get<int>(), v);
    EXPECT_GE(r["upper"].get<int>(), v);
    EXPECT_NE(r["result"], nullptr);  // every record decides win, draw or loss
    if (FirstPlayerValue(ref, r) >= 1) ++first_player_wins;
    if (r["value_kind"] == "bound") ++copied;
  }
  EXPECT_EQ(wld->known, copied);
  EXPECT_GE(wld->known, first_player_wins);
  EXPECT_GT(first_player_wins, 0u);
  EXPECT_GT(wld->solved, 0u);
  EXPECT_EQ(wld->known + wld->solved, wld->frontier);

  // Another game's run, or the run's own directory, is refused.
  auto othello = *reversi::Othello::Create(GameSpec{"othello", "", 4, ""});
  FrontierSolverFactory<reversi::Othello> othello_factory(othello, 16);
  ExploreOptions other = Options(othello, 2, at_one, TempDir("known_other"));
  other.known_dir = exact_dir;
  auto refused = Explore(othello, othello.start(), other, othello_factory);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("another game or root"), std::string::npos)
      << refused.status();
  ExploreOptions self = Options(game, 3, at_one, TempDir("known_self"));
  ASSERT_TRUE(Explore(game, game.start(), self, factory).ok());
  self.resume = true;
  self.known_dir = self.out_dir;
  auto itself = Explore(game, game.start(), self, factory);
  ASSERT_FALSE(itself.ok());
  EXPECT_NE(itself.status().message().find("is --out itself"), std::string::npos)
      << itself.status();
}

TEST(Explore, ResumingACompleteRunSolvesNothingAndGivesTheSameRecords) {
  auto game = *reversi::Othello::Create(GameSpec{"othello", "", 4, ""});
  const std::string dir = TempDir("resume_complete");
  auto o = Options(game, 3, {Mode::kExact, 0, 0}, dir);
  RunExplore(game, o);
  const auto before = ReadRecords(dir);
  o.resume = true;
  const ExploreSummary s = RunExplore(game, o);
  EXPECT_EQ(s.solved, 0u);
  EXPECT_EQ(s.resumed, s.frontier);
  EXPECT_EQ(ReadRecords(dir), before);
}

TEST(Explore, TableCheckpointsWhileSearchingAndARestoredTableLeaveTheRecordsExact) {
  // The saver thread reads the shared table while two threads store into it
  // (saving as often as its rule allows), and a resumed run restores a saved
  // table: neither may change a record (ThreadSanitizer runs this in CI).
  auto game = *reversi::Othello::Create(GameSpec{"othello", "", 4, ""});
  const std::string dir = TempDir("table_checkpoint");
  FrontierSolverFactory<reversi::Othello> factory(game, 16);
  ExploreOptions o = Options(game, 4, {Mode::kExact, 0, 0}, dir);
  o.table_checkpoint_seconds = 1e-3;
  o.test_delay_ms = 5;
  auto s = Explore(game, game.start(), o, factory);
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_FALSE(std::filesystem::exists(dir + "/table.tt")) << "a finished run removes its table";
  RefValues ref(4, false, false);
  const std::vector<json> records = ReadRecords(dir);
  CheckExactRecords(game, ref, records);

  // Half the log and the first run's whole table: the resumed run solves
  // the other half on the restored table, to the same values.
  std::string log;
  for (std::size_t i = 0; i < records.size() / 2; ++i) log += records[i].dump() + "\n";
  ASSERT_TRUE(WriteFileAtomically(dir + "/results.jsonl", log).ok());
  ASSERT_TRUE(
      search::SaveTable(*factory.shared_table(), {}, game.hash(game.start()), dir + "/table.tt")
          .ok());
  FrontierSolverFactory<reversi::Othello> fresh(game, 16);
  o.resume = true;
  o.test_delay_ms = 0;
  auto resumed = Explore(game, game.start(), o, fresh);
  ASSERT_TRUE(resumed.ok()) << resumed.status();
  EXPECT_GT(resumed->resumed, 0u);
  EXPECT_GT(resumed->solved, 0u);
  EXPECT_EQ(resumed->resumed + resumed->solved, resumed->frontier);
  CheckExactRecords(game, ref, ReadRecords(dir));
  EXPECT_FALSE(std::filesystem::exists(dir + "/table.tt"));
}

}  // namespace
}  // namespace tav::explore
