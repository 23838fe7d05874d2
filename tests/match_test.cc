// Matches between engines (match/): openings, one game, the run and its
// files, checked against exact values on small boards (a perfect player
// never loses a match, and the exact value of every opening bounds the
// margin the perfect side gets), determinism, thread-count independence and
// resume.
#include "match/match.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <tuple>

#include "absl/strings/str_split.h"
#include "cli_helpers.h"
#include "games/cathedral/cathedral.h"
#include "games/reversi/reversi.h"
#include "match/openings.h"
#include "search/search.h"

namespace tav::match {
namespace {

using cathedral::Cathedral;
using nlohmann::json;
using reversi::Othello;
namespace fs = std::filesystem;

class TempDir {
 public:
  explicit TempDir(const std::string& name)
      : path_(fs::temp_directory_path() /
              ("tav_match_test_" + std::to_string(::getpid()) + "_" + name)) {
    fs::remove_all(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  std::string str() const { return path_.string(); }
  std::string file(const std::string& f) const { return (path_ / f).string(); }

 private:
  fs::path path_;
};

Cathedral Cathedral5() { return *Cathedral::Create({"cathedral", "classic", 5, ""}); }
Othello Othello4() { return *Othello::Create({"othello", "", 4, ""}); }

engine::EngineConfig Config(const std::string& text) {
  auto c = engine::ParseEngineConfig(text);
  EXPECT_TRUE(c.ok()) << c.status();
  return *c;
}

// A perfect player on these boards: a depth no game lasts, so every search
// reaches every end and MoveChoice.exact is true from the first move.
const std::string kPerfect = "--depth=64 --tt-mb=8";
const std::string kWeak = "--depth=1 --tt-mb=8";

template <Game G>
MatchIdentity Identity(const G& game, const std::string& a, const std::string& b, int openings,
                       int plies, std::uint64_t seed) {
  MatchIdentity id;
  id.spec = {std::string(G::kName), game.variant(), game.size(), GameOptions(game)};
  id.board = game.board_name();
  id.a = Config(a);
  id.b = Config(b);
  auto o = RandomOpenings(game, openings, plies, seed);
  EXPECT_TRUE(o.ok()) << o.status();
  id.openings = *o;
  id.games = 2 * openings;
  return id;
}

std::vector<json> Records(const std::string& path) {
  std::vector<json> out;
  for (absl::string_view line :
       absl::StrSplit(tav::testing::ReadFile(path), '\n', absl::SkipEmpty())) {
    out.push_back(json::parse(line));
  }
  return out;
}

// A record without what legitimately differs between two runs: the times.
json WithoutTimes(json r) {
  r.erase("a_seconds");
  r.erase("b_seconds");
  for (json& m : r["move_info"]) m.erase("seconds");
  return r;
}

template <Game G>
MatchOutcome PlayMatch(const G& game, const MatchIdentity& id, const std::string& dir, int threads,
                       bool resume = false) {
  MatchOptions opts;
  opts.id = id;
  opts.threads = threads;
  opts.out_dir = dir;
  opts.resume = resume;
  absl::StatusOr<MatchOutcome> r = RunMatch(game, opts);
  EXPECT_TRUE(r.ok()) << r.status();
  return r.ok() ? *r : MatchOutcome{};
}

// The exact value of `pos` for the side to move.
template <Game G>
int ExactValue(const G& game, const typename G::Position& pos) {
  search::SolveOptions o;
  o.threads = 1;
  o.tt_mb = 16;
  search::Solver<G> solver(game, o);
  return solver.Solve(pos).value;
}

// The exact value of `opening`'s position for the first player.
template <Game G>
int ExactForFirstPlayer(const G& game, const std::vector<std::string>& opening) {
  auto pos = PlayMoves(game, game.start(), absl::StrJoin(opening, " "));
  EXPECT_TRUE(pos.ok());
  const int v = ExactValue(game, *pos);
  return game.side_to_move(*pos) == 0 ? v : -v;
}

// ---- Openings ---------------------------------------------------------------

TEST(MatchOpenings, FileSkipsBlankAndCommentLinesAndKeepsTheMoves) {
  const Othello game = Othello4();
  auto o = ParseOpenings(game, "# two openings\n\nb1 a1\n  d3  \n", "f.txt");
  ASSERT_TRUE(o.ok()) << o.status();
  ASSERT_EQ(o->size(), 2u);
  EXPECT_EQ((*o)[0], (Opening{"b1", "a1"}));
  EXPECT_EQ((*o)[1], (Opening{"d3"}));
}

TEST(MatchOpenings, BadLineIsAnErrorNamingTheLineAndTheMove) {
  const Othello game = Othello4();
  auto o = ParseOpenings(game, "b1\n# fine\nb1 zz\n", "f.txt");
  ASSERT_FALSE(o.ok());
  EXPECT_NE(o.status().message().find("f.txt line 3"), std::string::npos) << o.status();
  EXPECT_NE(o.status().message().find("'zz'"), std::string::npos) << o.status();
  auto illegal = ParseOpenings(game, "a1\n", "g.txt");  // not a legal first move
  ASSERT_FALSE(illegal.ok());
  EXPECT_NE(illegal.status().message().find("g.txt line 1: move 1 'a1'"), std::string::npos)
      << illegal.status();
  EXPECT_FALSE(ParseOpenings(game, "# nothing\n\n", "h.txt").ok());
}

TEST(MatchOpenings, RandomOpeningsAreLegalDistinctAndAFunctionOfTheSeed) {
  const Cathedral game = Cathedral5();
  auto o = RandomOpenings(game, 12, 3, 42);
  ASSERT_TRUE(o.ok()) << o.status();
  ASSERT_EQ(o->size(), 12u);
  std::set<std::string> positions;
  for (const Opening& moves : *o) {
    EXPECT_EQ(moves.size(), 3u);
    auto pos = PlayMoves(game, game.start(), absl::StrJoin(moves, " "));
    ASSERT_TRUE(pos.ok()) << pos.status();
    EXPECT_FALSE(game.is_over(*pos));
    positions.insert(game.position_string(*pos));
  }
  EXPECT_EQ(positions.size(), 12u);
  EXPECT_EQ(*RandomOpenings(game, 12, 3, 42), *o);
  EXPECT_NE(*RandomOpenings(game, 12, 3, 43), *o);
  // Reading back their text gives the same openings.
  EXPECT_EQ(*ParseOpenings(game, OpeningsText(*o), "text"), *o);
}

TEST(MatchOpenings, AskingMoreDistinctOpeningsThanExistIsAnError) {
  const Othello game = Othello4();
  // Othello 4x4 has 4 first moves.
  EXPECT_TRUE(RandomOpenings(game, 4, 1, 1).ok());
  auto o = RandomOpenings(game, 5, 1, 1);
  ASSERT_FALSE(o.ok());
  EXPECT_EQ(o.status().code(), absl::StatusCode::kOutOfRange);
}

// ---- One game ---------------------------------------------------------------

TEST(MatchGame, UnitJsonRoundTripsAndRejectsBadUnits) {
  const Cathedral game = Cathedral5();
  MatchIdentity id = Identity(game, kPerfect, kWeak, 2, 2, 5);
  const std::vector<GameUnit> units = PlanUnits(id);
  ASSERT_EQ(units.size(), 4u);
  EXPECT_TRUE(units[2].a_first);
  EXPECT_FALSE(units[3].a_first);
  EXPECT_EQ(units[3].opening, id.openings[1]);
  auto back = GameUnit::FromJson(units[3].ToJson());
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->ToJson(), units[3].ToJson());
  json bad = units[3].ToJson();
  bad["a"] = "--depth=two";
  EXPECT_FALSE(GameUnit::FromJson(bad).ok());
  bad = units[3].ToJson();
  bad.erase("a_first");
  EXPECT_FALSE(GameUnit::FromJson(bad).ok());
  bad = units[3].ToJson();
  bad["schema"] = 2;
  EXPECT_FALSE(GameUnit::FromJson(bad).ok());
}

TEST(MatchGame, PlanPairsEveryOpeningWithSwappedColoursAndCyclesThemForMoreGames) {
  const Othello game = Othello4();
  MatchIdentity id = Identity(game, kWeak, kPerfect, 2, 1, 1);
  id.games = 8;
  const std::vector<GameUnit> units = PlanUnits(id);
  ASSERT_EQ(units.size(), 8u);
  for (int g = 0; g < 8; ++g) {
    EXPECT_EQ(units[g].game_index, g);
    EXPECT_EQ(units[g].opening_index, (g / 2) % 2) << g;
    EXPECT_EQ(units[g].opening, id.openings[(g / 2) % 2]) << g;
    EXPECT_EQ(units[g].a_first, g % 2 == 0) << g;
  }
}

TEST(MatchGame, RecordReplaysToItsFinalPositionWithTheMarginOfThatPosition) {
  const Othello game = Othello4();
  MatchIdentity id = Identity(game, kWeak, "--depth=2 --tt-mb=8", 1, 2, 9);
  const GameUnit unit = PlanUnits(id)[1];  // b first
  absl::StatusOr<GameRecord> r = PlayUnit(game, unit);
  ASSERT_TRUE(r.ok()) << r.status();
  auto end = PlayMoves(game, game.start(), absl::StrJoin(r->moves, " "));
  ASSERT_TRUE(end.ok()) << end.status();
  ASSERT_TRUE(game.is_over(*end));
  EXPECT_EQ(game.position_string(*end), r->final_position);
  const int v = game.final_value(*end);
  EXPECT_EQ(r->margin, game.side_to_move(*end) == 0 ? v : -v);
  EXPECT_EQ(r->a_margin(), -r->margin);  // a plays second
  ASSERT_EQ(r->played.size() + unit.opening.size(), r->moves.size());
  // Moves alternate between the engines as the side to move does.
  auto pos = PlayMoves(game, game.start(), absl::StrJoin(unit.opening, " "));
  for (const MoveInfo& m : r->played) {
    EXPECT_EQ(m.by_a, game.side_to_move(*pos) == 1) << m.ply;
    game.play(*pos, *game.parse_move(*pos, m.move));
  }
  const json j = r->ToJson();
  EXPECT_EQ(j["kind"], "match_game");
  EXPECT_EQ(j["a_points"], r->a_points());
  EXPECT_EQ(j["plies"], r->moves.size());
}

// An engine whose search gives no move (MoveChoice's default move).
class NoMoveEngine final : public engine::Engine<Othello> {
 public:
  NoMoveEngine() : engine::Engine<Othello>(engine::EngineConfig{}) {}
  engine::MoveChoice<Othello> Choose(const Othello::Position&) override { return {}; }
  void NewGame() override {}
};

TEST(MatchGame, AnEngineMoveThatIsNotLegalIsAnErrorNotAGame) {
  const Othello game = Othello4();
  GameUnit unit = PlanUnits(Identity(game, kWeak, kWeak, 1, 1, 1))[0];
  unit.opening.clear();  // from the start
  Othello::MoveList legal;
  game.generate_moves(game.start(), legal);
  ASSERT_EQ(std::find(legal.begin(), legal.end(), Othello::Move{}), legal.end());  // no move here
  NoMoveEngine none;
  auto weak = engine::MakeEngine(game, Config(kWeak));
  ASSERT_TRUE(weak.ok());
  absl::StatusOr<GameRecord> r = PlayGame(game, unit, none, **weak);  // a moves first
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInternal);
  EXPECT_NE(r.status().message().find("engine a"), std::string::npos) << r.status();
}

TEST(MatchGame, ExactFromPlyIsTheStartOfTheLastRunOfExactMoves) {
  std::vector<MoveInfo> played(4);
  for (int i = 0; i < 4; ++i) played[i].ply = 3 + i;
  EXPECT_EQ(ExactFromPly(played, 3), std::nullopt);
  played[3].exact = played[2].exact = true;
  EXPECT_EQ(ExactFromPly(played, 3), 5);
  played[0].exact = true;  // not contiguous with the end: does not count
  EXPECT_EQ(ExactFromPly(played, 3), 5);
  played[1].exact = true;
  EXPECT_EQ(ExactFromPly(played, 3), 3);
}

// ---- Matches against exact values ---------------------------------------------

// `exact_flag`: the engine also says its moves are exact (MoveChoice.exact).
template <Game G>
void ExpectPerfectPlayerNeverLoses(const G& game, int openings, int plies, bool exact_flag) {
  TempDir dir(std::string(G::kName) + "_perfect");
  const MatchIdentity id = Identity(game, kPerfect, kWeak, openings, plies, 7);
  const MatchOutcome out = PlayMatch(game, id, dir.str(), 1);
  const std::vector<json> records = Records(dir.file("games.jsonl"));
  ASSERT_EQ(records.size(), static_cast<std::size_t>(id.games));
  EXPECT_GE(out.summary["score"].get<double>(), 0.5);
  EXPECT_EQ(out.summary["games"], id.games);
  for (const json& r : records) {
    SCOPED_TRACE(r["game_index"].dump());
    // The perfect side (a) saw the exact value of every position it moved in.
    auto pos = PlayMoves(game, game.start(),
                         absl::StrJoin(r["opening"].get<std::vector<std::string>>(), " "));
    ASSERT_TRUE(pos.ok());
    for (const json& m : r["move_info"]) {
      if (m["by"] == "a") {
        EXPECT_EQ(m["value"].get<int>(), ExactValue(game, *pos)) << m.dump();
        if (exact_flag) {
          EXPECT_TRUE(m["exact"].get<bool>()) << m.dump();
        }
      }
      game.play(*pos, *game.parse_move(*pos, m["move"].get<std::string>()));
    }
    const int exact_first = ExactForFirstPlayer(game, r["opening"].get<std::vector<std::string>>());
    const int exact_for_a = r["a_first"].get<bool>() ? exact_first : -exact_first;
    EXPECT_GE(r["a_margin"].get<int>(), exact_for_a);
  }
}

TEST(MatchRun, PerfectPlayerNeverLosesAMatchOnCathedral5x5AndTheExactValueBoundsItsMargin) {
  // Cathedral's full-depth search does not flag its values exact yet (a table entry of an
  // earlier, shallower iteration marks the horizon): the values are checked instead.
  ExpectPerfectPlayerNeverLoses(Cathedral5(), 3, 2, /*exact_flag=*/false);
}

TEST(MatchRun, PerfectPlayerNeverLosesAMatchOnOthello4x4AndTheExactValueBoundsItsMargin) {
  ExpectPerfectPlayerNeverLoses(Othello4(), 4, 2, /*exact_flag=*/true);
}

TEST(MatchRun, SameMatchTwiceGivesIdenticalRecordsAndTwoThreadsTheSameSetAsOne) {
  const Cathedral game = Cathedral5();
  const MatchIdentity id = Identity(game, "--depth=2 --tt-mb=8", kWeak, 4, 2, 3);
  TempDir one("one"), again("again"), two("two");
  const MatchOutcome o1 = PlayMatch(game, id, one.str(), 1);
  PlayMatch(game, id, again.str(), 1);
  const MatchOutcome o2 = PlayMatch(game, id, two.str(), 2);
  std::vector<json> r1 = Records(one.file("games.jsonl")), ra = Records(again.file("games.jsonl")),
                    r2 = Records(two.file("games.jsonl"));
  ASSERT_EQ(r1.size(), 8u);
  ASSERT_EQ(ra.size(), r1.size());
  ASSERT_EQ(r2.size(), r1.size());
  for (std::size_t i = 0; i < r1.size(); ++i) {
    EXPECT_EQ(WithoutTimes(r1[i]), WithoutTimes(ra[i])) << i;
    EXPECT_EQ(WithoutTimes(r1[i]), WithoutTimes(r2[i])) << i;  // both sorted by game at the end
  }
  EXPECT_EQ(o1.summary, o2.summary);
}

TEST(MatchRun, ResumeAfterLosingTheLastGamesGivesTheSameSummary) {
  const Othello game = Othello4();
  const MatchIdentity id = Identity(game, "--depth=3 --tt-mb=8", kWeak, 4, 2, 11);
  TempDir dir("resume");
  const MatchOutcome full = PlayMatch(game, id, dir.str(), 1);
  std::vector<json> records = Records(dir.file("games.jsonl"));
  ASSERT_EQ(records.size(), 8u);
  // Keep five whole games and half of the sixth, as a kill could leave them.
  std::string kept;
  for (int i = 0; i < 5; ++i) kept += records[i].dump() + "\n";
  kept += records[5].dump().substr(0, 40);
  std::ofstream(dir.file("games.jsonl"), std::ios::trunc) << kept;
  const MatchOutcome resumed = PlayMatch(game, id, dir.str(), 1, /*resume=*/true);
  EXPECT_EQ(resumed.resumed, 5);
  EXPECT_EQ(resumed.played, 3);
  EXPECT_EQ(resumed.summary, full.summary);
  const std::vector<json> after = Records(dir.file("games.jsonl"));
  ASSERT_EQ(after.size(), records.size());
  for (std::size_t i = 0; i < after.size(); ++i) {
    EXPECT_EQ(WithoutTimes(after[i]), WithoutTimes(records[i]));
  }
}

TEST(MatchRun, ResumeOfADifferentMatchOrWithoutResumeIsRefused) {
  const Othello game = Othello4();
  const MatchIdentity id = Identity(game, kWeak, "--depth=2 --tt-mb=8", 1, 1, 1);
  TempDir dir("identity");
  PlayMatch(game, id, dir.str(), 1);
  MatchOptions opts;
  opts.id = id;
  opts.out_dir = dir.str();
  auto again = RunMatch(game, opts);  // no resume: the directory holds a match
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.status().code(), absl::StatusCode::kAlreadyExists);
  opts.resume = true;
  opts.id.b = Config("--depth=3 --tt-mb=8");
  auto other = RunMatch(game, opts);
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(other.status().message().find("(b \""), std::string::npos) << other.status();
  opts.id = id;
  EXPECT_TRUE(RunMatch(game, opts).ok());  // the same match resumes (nothing left to play)
}

TEST(MatchRun, ResumeRefusesALogLineThatIsNotAGameOfThisMatch) {
  const Othello game = Othello4();
  const MatchIdentity id = Identity(game, kWeak, "--depth=2 --tt-mb=8", 2, 1, 1);
  TempDir dir("foreign_line");
  PlayMatch(game, id, dir.str(), 1);
  std::vector<json> records = Records(dir.file("games.jsonl"));
  ASSERT_EQ(records.size(), 4u);
  for (const char* key : {"a_first", "a", "a_points", "game_index"}) {
    SCOPED_TRACE(key);
    json changed = records[1];
    changed[key] = key == std::string("a")          ? json("--depth=5")
                   : key == std::string("a_first")  ? json(!changed["a_first"].get<bool>())
                   : key == std::string("a_points") ? json(0.25)
                                                    : json(records[0]["game_index"]);
    std::ofstream(dir.file("games.jsonl"), std::ios::trunc) << records[0].dump() << "\n"
                                                            << changed.dump() << "\n";
    MatchOptions opts;
    opts.id = id;
    opts.out_dir = dir.str();
    opts.resume = true;
    auto r = RunMatch(game, opts);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), absl::StatusCode::kDataLoss);
    EXPECT_NE(r.status().message().find("games.jsonl line 2"), std::string::npos) << r.status();
  }
}

TEST(MatchRun, SprtStopsTheMatchAtTheFirstGameWhereItDecides) {
  // A weak engine against a perfect one, and a test with loose error rates:
  // it decides for H0 (a is not 100 Elo stronger) long before the planned games.
  const Cathedral game = Cathedral5();
  MatchIdentity id = Identity(game, kWeak, kPerfect, 10, 2, 21);
  id.sprt = SprtSpec{0, 100, 0.25, 0.25, true};
  TempDir dir("sprt");
  const MatchOutcome out = PlayMatch(game, id, dir.str(), 1);
  const std::vector<json> records = Records(dir.file("games.jsonl"));
  ASSERT_NE(out.summary["decision"], "continue") << out.summary.dump();
  EXPECT_TRUE(out.sprt_stopped);
  ASSERT_LT(records.size(), static_cast<std::size_t>(id.games));
  // One game fewer and it had not decided (one thread: games end in order).
  const std::vector<json> before(records.begin(), records.end() - 1);
  EXPECT_EQ(Summarize(before, id.games, id.sprt)["decision"], "continue");
  // Without stopping, every planned game is played.
  id.sprt->stop = false;
  TempDir all("sprt_all");
  PlayMatch(game, id, all.str(), 1);
  EXPECT_EQ(Records(all.file("games.jsonl")).size(), static_cast<std::size_t>(id.games));
}

// ---- The summary ----------------------------------------------------------------

TEST(MatchSummary, CountsScoresAndEloAreThoseOfTheRecordsFromAsSide) {
  std::vector<json> records;
  // a first: win, draw; a second: loss, win, loss.
  const std::vector<std::tuple<bool, double, int>> games = {
      {true, 1.0, 4}, {true, 0.5, 0}, {false, 0.0, -2}, {false, 1.0, 6}, {false, 0.0, -8}};
  for (auto [first, points, margin] : games) {
    records.push_back({{"a_first", first},
                       {"a_points", points},
                       {"a_margin", margin},
                       {"margin", first ? margin : -margin},
                       {"plies", 10},
                       {"exact_from_ply", nullptr}});
  }
  const json s = Summarize(records, 6, SprtSpec{0, 50});
  EXPECT_EQ(s["games"], 5);
  EXPECT_EQ(s["a_wins"], 2);
  EXPECT_EQ(s["draws"], 1);
  EXPECT_EQ(s["b_wins"], 2);
  EXPECT_DOUBLE_EQ(s["score"].get<double>(), 0.5);
  const EloEstimate e = EstimateElo(Wdl{2, 1, 2});
  EXPECT_DOUBLE_EQ(s["elo"].get<double>(), e.elo);
  EXPECT_DOUBLE_EQ(s["elo_low"].get<double>(), e.lower);
  EXPECT_DOUBLE_EQ(s["elo_high"].get<double>(), e.upper);
  EXPECT_DOUBLE_EQ(s["llr"].get<double>(), Sprt(Wdl{2, 1, 2}, 0, 50).llr);
  EXPECT_EQ(s["decision"], "continue");
  EXPECT_EQ(s["a_first"]["games"], 2);
  EXPECT_DOUBLE_EQ(s["a_first"]["score"].get<double>(), 0.75);
  EXPECT_DOUBLE_EQ(s["a_second"]["score"].get<double>(), 1.0 / 3);
  EXPECT_DOUBLE_EQ(s["mean_a_margin"].get<double>(), 0.0);
  EXPECT_DOUBLE_EQ(s["mean_margin"].get<double>(), (4 + 0 + 2 - 6 + 8) / 5.0);
  // A score of 1: infinite Elo is null in JSON, never NaN.
  const json all = Summarize({records[0]}, 2, std::nullopt);
  EXPECT_TRUE(all["elo"].is_null());
  EXPECT_TRUE(all["elo_high"].is_null());
  EXPECT_TRUE(all["sprt"].is_null());
  EXPECT_FALSE(all.contains("llr"));
}

TEST(MatchSummary, EvenScoreIsZeroEloNotMinusZero) {
  const json win = {{"a_first", true}, {"a_points", 1.0}, {"a_margin", 2},
                    {"margin", 2},     {"plies", 9},      {"exact_from_ply", nullptr}};
  json loss = win;
  loss["a_points"] = 0.0;
  loss["a_margin"] = loss["margin"] = -2;
  const json s = Summarize({win, loss}, 2, std::nullopt);
  EXPECT_EQ(s["elo"].dump(), "0.0");
  EXPECT_EQ(SummaryText(s).find("-0.0"), std::string::npos) << SummaryText(s);
}

}  // namespace
}  // namespace tav::match
