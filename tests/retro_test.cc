// The retrograde tier solver: against plain minimax on narrow Prairie boards,
// against a textbook queue-based retrograde on a cyclic toy game with draws;
// resuming after an interruption gives byte-identical files; the verifier
// accepts the solver's tables and catches every kind of damage.
#include <gtest/gtest.h>

#include <deque>
#include <filesystem>
#include <map>

#include "absl/strings/str_cat.h"
#include "cli_helpers.h"
#include "core/atomic_file.h"
#include "core/setup.h"
#include "games/prairie/prairie.h"
#include "graph_tier_game.h"
#include "retro/lookup.h"
#include "retro/solver.h"
#include "retro/verifier.h"
#include "retro/with_tables.h"
#include "retro_test_util.h"
#include "wld_minimax.h"

namespace tav {
namespace {

namespace fs = std::filesystem;
using prairie::PrairieGame;
using Position = PrairieGame::Position;
using testing::ExpectTablesMatchMinimax;
using testing::Make;
using testing::Solve;
using testing::TempDir;
using testing::TierFiles;
using testing::Verify;

TEST(RetroPrairie, ThreeWideTablesEqualMinimaxOnEveryPosition) {
  const PrairieGame game = Make(3);
  const fs::path dir = TempDir("w3");
  const retro::SolveSummary summary = Solve(game, dir);
  EXPECT_TRUE(summary.complete);
  ExpectTablesMatchMinimax(game, dir, "", 1);
  // The start's value in stats.json is the minimax value.
  testing::WldMinimax<PrairieGame> minimax(game);
  const retro::Outcome start = retro::FromGameValue(minimax.Value(game.start()));
  EXPECT_EQ(summary.stats["start"]["result"], retro::ResultName(start.result));
  EXPECT_EQ(summary.stats["start"]["plies"], start.plies);
  // Light is never without a move.
  EXPECT_EQ(summary.stats["no_move"][1], 0);
  EXPECT_GT(summary.stats["no_move"][0].get<int>(), 0);
  fs::remove_all(dir);
}

TEST(RetroPrairie, ExtraAndHandicapStartsFromTablesEqualMinimax) {
  const fs::path dir = TempDir("w3v");
  Solve(Make(3), dir);
  for (const char* variant : {"extra2", "extra3", "handicap1", "handicap2"}) {
    const PrairieGame game = Make(3, variant);
    auto store = std::make_shared<retro::TierStore>(
        dir.string(), retro::TierIdentity{"prairie", 3, "3x7", retro::Encoding::kDtw8}, 1 << 28);
    retro::TableLookup<PrairieGame> lookup(game, store);
    absl::StatusOr<std::optional<retro::Outcome>> v = lookup.Value(game.start());
    ASSERT_TRUE(v.ok() && v->has_value()) << variant;
    testing::WldMinimax<PrairieGame> minimax(game);
    EXPECT_EQ(retro::ToGameValue(**v), minimax.Value(game.start())) << variant;
  }
  fs::remove_all(dir);
}

TEST(RetroPrairie, WinLossTablesAgreeWithDistanceTables) {
  const PrairieGame game = Make(3);
  const fs::path dtw = TempDir("w3dtw"), wl = TempDir("w3wl");
  Solve(game, dtw);
  Solve(game, wl, "", 2, retro::Encoding::kWl1);
  EXPECT_TRUE(Verify(game, wl).ok());
  auto open = [&](const fs::path& d, retro::Encoding e) {
    return retro::TableLookup<PrairieGame>(
        game, std::make_shared<retro::TierStore>(
                  d.string(), retro::TierIdentity{"prairie", 3, "3x7", e}, 1 << 28));
  };
  auto a = open(dtw, retro::Encoding::kDtw8);
  auto b = open(wl, retro::Encoding::kWl1);
  const std::vector<PrairieGame::Tier> tiers = game.tiers("").value();
  for (auto tier : tiers) {
    for (std::uint64_t i = 0; i < game.tier_size(tier); i += 7) {
      Position p;
      game.unrank(tier, i, p);
      ASSERT_EQ((*a.Lookup(p))->result, (*b.Lookup(p))->result) << game.position_string(p);
    }
  }
  fs::remove_all(dtw);
  fs::remove_all(wl);
}

TEST(RetroPrairie, WinLossTablesWorkedBackwardsAreTheForwardPassesBytes) {
  struct Case {
    int width;
    const char* variant;
    const char* selection;
    int threads;
  };
  for (const Case& c : {Case{3, "standard", "", 1}, Case{4, "standard", "buffalo<=2", 2},
                        Case{5, "handicap1", "buffalo<=1", 2}}) {
    const PrairieGame game = Make(c.width, c.variant);
    const fs::path back = TempDir("back"), fwd = TempDir("fwd");
    const retro::SolveSummary a =
        Solve(game, back, c.selection, c.threads, retro::Encoding::kWl1, -1, true);
    const retro::SolveSummary b =
        Solve(game, fwd, c.selection, c.threads, retro::Encoding::kWl1, -1, false);
    ASSERT_TRUE(a.complete && b.complete) << c.width;
    EXPECT_GT(a.pushed_layers, 0u) << c.width << " never pushed: the backward step is untested";
    EXPECT_EQ(b.pushed_layers, 0u);
    EXPECT_EQ(TierFiles(back), TierFiles(fwd)) << c.width << " " << c.variant;
    EXPECT_TRUE(Verify(game, back).ok()) << c.width;
    fs::remove_all(back);
    fs::remove_all(fwd);
  }
}

static_assert(Game<retro::WithTables<PrairieGame>>);

TEST(RetroPrairie, ProbeHookGivesTableValuesToSearch) {
  const PrairieGame plain = Make(3);
  const fs::path dir = TempDir("w3probe");
  Solve(plain, dir);
  auto game = retro::WithTables<PrairieGame>::Open(plain, dir.string(), 1 << 28);
  ASSERT_TRUE(game.ok()) << game.status();
  testing::WldMinimax<PrairieGame> minimax(plain);
  const Position p = *PlayMoves(plain, plain.start(), "a7-a6 c2-c3");
  EXPECT_EQ(game->probe(p), minimax.Value(p));
  EXPECT_EQ(game->probe_result(p), minimax.Value(p) > 0 ? 1 : -1);
  EXPECT_GT(game->tables()->hits(), 0u);
  EXPECT_TRUE(game->tables()->error().ok());
  fs::remove_all(dir);
}

// ---- resume ------------------------------------------------------------------------

TEST(RetroResume, InterruptedRunsResumeToByteIdenticalTables) {
  const PrairieGame game = Make(3);
  const fs::path whole = TempDir("whole"), cut = TempDir("cut");
  const retro::SolveSummary full = Solve(game, whole, "", 1);
  // Stop twice part-way (as a kill would), with another thread count.
  const retro::SolveSummary first = Solve(game, cut, "", 2, retro::Encoding::kDtw8, 37);
  EXPECT_FALSE(first.complete);
  EXPECT_EQ(first.solved, 37u);
  const retro::SolveSummary second = Solve(game, cut, "", 2, retro::Encoding::kDtw8, 50);
  EXPECT_EQ(second.resumed, 37u);
  const retro::SolveSummary rest = Solve(game, cut, "", 2);
  EXPECT_TRUE(rest.complete);
  EXPECT_EQ(rest.resumed, 87u);
  EXPECT_EQ(rest.solved, full.tiers - 87);
  EXPECT_EQ(TierFiles(whole), TierFiles(cut));
  EXPECT_EQ(full.stats["remoteness"], rest.stats["remoteness"]);
  EXPECT_EQ(full.stats["start"], rest.stats["start"]);
  EXPECT_EQ(full.stats["longest_win"], rest.stats["longest_win"]);
  fs::remove_all(whole);
  fs::remove_all(cut);
}

// A tier with column a empty is named "-77": its file must not start with
// '-' (shell globs would pass it as an option), and a directory written
// before the 't' prefix (NAME.tier files) still reads, verifies and resumes.
TEST(RetroTierFiles, NoFileNameStartsWithADashAndOldNamesStillRead) {
  const PrairieGame game = Make(3);
  const fs::path dir = TempDir("names");
  const retro::SolveSummary full = Solve(game, dir);
  int dashed = 0;
  for (const auto& e : fs::directory_iterator(dir / "tiers")) {
    const std::string name = e.path().filename().string();
    EXPECT_EQ(name[0], 't') << name;
    dashed += name[1] == '-';
  }
  EXPECT_GT(dashed, 0) << "no tier name starts with '-': the check above proves nothing";

  for (const auto& e : fs::directory_iterator(dir / "tiers")) {
    fs::rename(e.path(), dir / "tiers" / e.path().filename().string().substr(1));
  }
  EXPECT_TRUE(Verify(game, dir).ok());
  const retro::SolveSummary again = Solve(game, dir);
  EXPECT_EQ(again.resumed, full.tiers);
  EXPECT_EQ(again.solved, 0u);
  for (const auto& e : fs::directory_iterator(dir / "tiers")) {
    EXPECT_NE(e.path().filename().string()[0], 't') << "a tier was written again";
  }
  auto store = std::make_shared<retro::TierStore>(
      dir.string(), retro::TierIdentity{"prairie", 3, "3x7", retro::Encoding::kDtw8}, 1 << 28);
  retro::TableLookup<PrairieGame> lookup(game, store);
  absl::StatusOr<std::optional<retro::Outcome>> v = lookup.Value(game.start());
  ASSERT_TRUE(v.ok() && v->has_value()) << v.status();
  EXPECT_EQ(retro::ToGameValue(**v), testing::WldMinimax<PrairieGame>(game).Value(game.start()));
  fs::remove_all(dir);
}

// Found by fuzzing (fuzz/fuzz_tier_file, fuzz_manifest): header and manifest
// numbers were converted by nlohmann's get<>(), so 1.5 read as 1, -1 as
// 2^64 - 1 and a huge float was undefined behaviour, and the checksum field
// took any strtoull syntax ("-000000000000001"). Each is now rejected by name.
TEST(RetroFiles, NumbersAndChecksumsMustBeWellFormed) {
  const PrairieGame game = Make(3);
  const fs::path dir = TempDir("fields");
  Solve(game, dir, "buffalo<=1");
  const nlohmann::json manifest = nlohmann::json::parse(testing::ReadFile(dir / "manifest.json"));
  for (const auto& [key, bad] : std::vector<std::pair<std::string, nlohmann::json>>{
           {"tiers", -1}, {"positions", 2.5}, {"size", 1e300}}) {
    nlohmann::json j = manifest;
    j[key] = bad;
    absl::StatusOr<retro::Manifest> m = retro::Manifest::FromJson(j);
    ASSERT_FALSE(m.ok()) << key;
    EXPECT_NE(m.status().message().find("'" + key + "'"), std::string::npos) << m.status();
  }
  const std::string bytes = testing::ReadFile(fs::directory_iterator(dir / "tiers")->path());
  const size_t nl1 = bytes.find('\n'), nl2 = bytes.find('\n', nl1 + 1);
  const nlohmann::json header = nlohmann::json::parse(bytes.substr(nl1 + 1, nl2 - nl1 - 1));
  auto with = [&](const std::string& key, const nlohmann::json& value) {
    nlohmann::json h = header;
    h[key] = value;
    return retro::ParseTierFile(bytes.substr(0, nl1 + 1) + h.dump() + bytes.substr(nl2), "t");
  };
  ASSERT_TRUE(with("count", header["count"]).ok());
  for (const auto& [key, bad] : std::vector<std::pair<std::string, nlohmann::json>>{
           {"count", header["count"].get<double>() + 0.5}, {"tier_id", -2}, {"size", 3e10}}) {
    absl::StatusOr<retro::TierFile> f = with(key, bad);
    ASSERT_FALSE(f.ok()) << key;
    EXPECT_NE(f.status().message().find("'" + key + "'"), std::string::npos) << f.status();
  }
  for (const char* sum : {"-000000000000001", " 0x0000000000001", "+123456789abcdef"}) {
    absl::StatusOr<retro::TierFile> f = with("checksum", sum);
    ASSERT_FALSE(f.ok()) << sum;
    EXPECT_NE(f.status().message().find("16 hex digits"), std::string::npos) << f.status();
  }
  fs::remove_all(dir);
}

TEST(RetroResume, RefusesADirectoryHoldingAnotherDatabase) {
  const fs::path dir = TempDir("other");
  Solve(Make(3), dir, "buffalo<=1");
  retro::SolveOptions options;
  options.dir = dir.string();
  options.progress = false;
  options.durable = false;
  const PrairieGame four = Make(4);
  auto status =
      retro::RetroSolver<PrairieGame>(four, GameSpec{"prairie", "", 4, ""}, options).Run();
  EXPECT_EQ(status.status().code(), absl::StatusCode::kFailedPrecondition);
  options.selection = "buffalo<=2";
  const PrairieGame three = Make(3);
  status = retro::RetroSolver<PrairieGame>(three, GameSpec{"prairie", "", 3, ""}, options).Run();
  EXPECT_EQ(status.status().code(), absl::StatusCode::kFailedPrecondition);
  fs::remove_all(dir);
}

// ---- the verifier ------------------------------------------------------------------

class RetroVerifierTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = TempDir("verify");
    Solve(game_, dir_);
    ASSERT_TRUE(Verify(game_, dir_).ok());
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string TierPath(const std::string& name) {
    return (dir_ / "tiers" / ("t" + name + ".tier")).string();
  }

  const PrairieGame game_ = Make(3);
  fs::path dir_;
};

TEST_F(RetroVerifierTest, CatchesAFlippedByte) {
  const std::string path = TierPath("577");
  std::string bytes = testing::ReadFile(path);
  bytes[bytes.size() - 100] ^= 0x04;
  ASSERT_TRUE(WriteFileAtomically(path, bytes).ok());
  const absl::Status s = Verify(game_, dir_);
  EXPECT_EQ(s.code(), absl::StatusCode::kDataLoss);
  EXPECT_NE(s.message().find("checksum"), std::string::npos) << s;
}

TEST_F(RetroVerifierTest, CatchesAWrongValueWithAValidChecksum) {
  // Rewrite one value in a well-formed file, as a solver bug would.
  const std::string path = TierPath("577");
  absl::StatusOr<retro::TierFile> file = retro::ReadTierFile(path);
  ASSERT_TRUE(file.ok());
  std::string payload = file->payload;
  const retro::Outcome o = retro::DecodeDtw(static_cast<std::uint8_t>(payload[1234]));
  payload[1234] = static_cast<char>(retro::EncodeDtw({o.result, o.plies + 2}));
  ASSERT_TRUE(retro::WriteTierFile(path, file->header, payload, false).ok());
  const absl::Status s = Verify(game_, dir_);
  EXPECT_EQ(s.code(), absl::StatusCode::kDataLoss);
  EXPECT_NE(s.message().find("tier 577 index 1234"), std::string::npos) << s;
  EXPECT_NE(s.message().find("disagrees with its children"), std::string::npos) << s;
}

// Under wl1 the verifier stops reading children at the first lost one: a win turned into a
// loss and a loss turned into a win (checksums valid) are still caught, in every tier tried.
TEST(RetroVerifierWinLoss, CatchesAFlippedValueEitherWay) {
  const PrairieGame game = Make(3);
  const fs::path dir = TempDir("wlflip");
  Solve(game, dir, "", 1, retro::Encoding::kWl1);
  for (const char* name : {"577", "7-7", "2--"}) {
    const std::string path = (dir / "tiers" / absl::StrCat("t", name, ".tier")).string();
    absl::StatusOr<retro::TierFile> file = retro::ReadTierFile(path);
    ASSERT_TRUE(file.ok()) << name;
    for (const bool win : {true, false}) {
      // The first index holding `win`, flipped.
      std::string payload = file->payload;
      std::uint64_t index = 0;
      while (index < 8 * payload.size() && ((payload[index >> 3] >> (index & 7)) & 1) != win) {
        ++index;
      }
      ASSERT_LT(index, file->header.count) << name << " holds no " << (win ? "win" : "loss");
      payload[index >> 3] = static_cast<char>(payload[index >> 3] ^ (1 << (index & 7)));
      ASSERT_TRUE(retro::WriteTierFile(path, file->header, payload, false).ok());
      const absl::Status s = Verify(game, dir);
      EXPECT_EQ(s.code(), absl::StatusCode::kDataLoss) << name;
      EXPECT_NE(s.message().find(absl::StrCat("tier ", name, " index ", index)), std::string::npos)
          << s;
      EXPECT_NE(s.message().find("disagrees with its children"), std::string::npos) << s;
    }
    ASSERT_TRUE(retro::WriteTierFile(path, file->header, file->payload, false).ok());
  }
  EXPECT_TRUE(Verify(game, dir).ok());
  fs::remove_all(dir);
}

TEST_F(RetroVerifierTest, CatchesTamperedStatisticsAndMissingFiles) {
  const std::string path = TierPath("7-7");
  absl::StatusOr<retro::TierFile> file = retro::ReadTierFile(path);
  ASSERT_TRUE(file.ok());
  retro::TierHeader header = file->header;
  header.stats["remoteness"][0]["count"] = header.stats["remoteness"][0]["count"].get<int>() + 1;
  ASSERT_TRUE(retro::WriteTierFile(path, header, file->payload, false).ok());
  EXPECT_NE(Verify(game_, dir_).message().find("statistics"), std::string::npos);
  fs::remove(path);
  EXPECT_EQ(Verify(game_, dir_).code(), absl::StatusCode::kNotFound);
}

TEST_F(RetroVerifierTest, StoppedPassesResumeToTheOnePassTotalsAndRefuseChangedTiers) {
  absl::StatusOr<retro::Manifest> manifest = retro::ReadManifest(dir_.string());
  ASSERT_TRUE(manifest.ok());
  retro::VerifyOptions options;
  options.dir = dir_.string();
  options.threads = 1;
  const auto whole = retro::RetroVerifier<PrairieGame>(game_, *manifest, options).Run();
  ASSERT_TRUE(whole.ok()) << whole.status();
  ASSERT_TRUE(whole->complete);
  ASSERT_GT(whole->tiers, 10u);

  // Sessions of 7 tiers each, every checkpoint kept, until the pass is complete.
  std::vector<retro::VerifyProgress> saved;
  options.max_tiers = 7;
  options.checkpoint = [&](const retro::VerifyProgress& p) {
    saved.push_back(p);
    return absl::OkStatus();
  };
  for (int session = 0;; ++session) {
    ASSERT_LT(session, 1000);
    const auto part = retro::RetroVerifier<PrairieGame>(game_, *manifest, options).Run();
    ASSERT_TRUE(part.ok()) << part.status();
    EXPECT_EQ(part->resumed_tiers, options.resume.tiers);
    EXPECT_EQ(part->tiers, std::min<std::uint64_t>(options.resume.tiers + 7, whole->tiers));
    // The checkpoint round-trips through its JSON form.
    auto read_back = retro::VerifyProgress::FromJson(saved.back().ToJson());
    ASSERT_TRUE(read_back.ok());
    options.resume = *read_back;
    if (part->complete) break;
  }
  EXPECT_EQ(options.resume.tiers, whole->tiers);
  EXPECT_EQ(options.resume.positions, whole->positions);
  EXPECT_EQ(options.resume.headers_hash, whole->headers_hash);

  // A verified tier rewritten (valid file, another value) since the checkpoint: refused.
  const std::string path = TierPath("577");
  absl::StatusOr<retro::TierFile> file = retro::ReadTierFile(path);
  ASSERT_TRUE(file.ok());
  std::string payload = file->payload;
  payload[0] = static_cast<char>(payload[0] ^ 1);
  ASSERT_TRUE(retro::WriteTierFile(path, file->header, payload, false).ok());
  options.resume = saved.back();  // every tier verified, 577 among them
  const auto changed = retro::RetroVerifier<PrairieGame>(game_, *manifest, options).Run();
  EXPECT_EQ(changed.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(changed.status().message().find("changed since"), std::string::npos)
      << changed.status();
  EXPECT_FALSE(retro::VerifyProgress::FromJson(nlohmann::json{{"tiers_verified", 1}}).ok());
}

// ---- the cyclic path: draws -----------------------------------------------------------

// Textbook retrograde analysis with predecessor counters and a FIFO queue.
std::vector<retro::Outcome> QueueRetrograde(const testing::GraphGame& g) {
  const auto& edges = g.edges();
  const size_t n = edges.size();
  std::vector<std::vector<int>> preds(n);
  std::vector<int> remaining(n);
  for (size_t v = 0; v < n; ++v) {
    std::vector<std::uint32_t> targets = edges[v];
    std::sort(targets.begin(), targets.end());
    targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
    remaining[v] = static_cast<int>(targets.size());
    for (auto t : targets) preds[t].push_back(static_cast<int>(v));
  }
  std::vector<retro::Outcome> value(n, {0, 0});
  std::vector<bool> done(n, false);
  std::deque<int> queue;
  for (size_t v = 0; v < n; ++v) {
    if (edges[v].empty()) {
      value[v] = {-1, 0};
      done[v] = true;
      queue.push_back(static_cast<int>(v));
    }
  }
  while (!queue.empty()) {
    const int v = queue.front();
    queue.pop_front();
    for (int p : preds[v]) {
      if (done[p]) continue;
      if (value[v].result < 0) {
        value[p] = {+1, value[v].plies + 1};
        done[p] = true;
        queue.push_back(p);
      } else if (--remaining[p] == 0) {
        value[p] = {-1, value[v].plies + 1};
        done[p] = true;
        queue.push_back(p);
      }
    }
  }
  return value;
}

TEST(RetroCyclic, DrawsAndDistancesMatchAQueueBasedRetrograde) {
  const testing::GraphGame game = testing::GraphGame::Random(6, 400, 7);
  const fs::path dir = TempDir("graph");
  const retro::SolveSummary summary = Solve(game, dir);
  ASSERT_TRUE(summary.complete);
  const std::vector<retro::Outcome> expected = QueueRetrograde(game);
  auto store = std::make_shared<retro::TierStore>(
      dir.string(), retro::TierIdentity{"graph", 400, "6x400", retro::Encoding::kDtw8}, 1 << 26);
  retro::TableLookup<testing::GraphGame> lookup(game, store);
  int draws = 0, wins = 0, losses = 0;
  for (std::uint32_t v = 0; v < expected.size(); ++v) {
    for (std::uint32_t mover : {0u, 1u}) {
      const auto got = **lookup.Lookup({v, mover});
      ASSERT_EQ(got.result, expected[v].result) << "node " << v;
      if (got.result != 0) {
        ASSERT_EQ(got.plies, expected[v].plies) << "node " << v;
      }
    }
    draws += expected[v].result == 0;
    wins += expected[v].result > 0;
    losses += expected[v].result < 0;
  }
  EXPECT_GT(draws, 20);  // the test means something
  EXPECT_GT(wins, 50);
  EXPECT_GT(losses, 50);
  EXPECT_TRUE(Verify(game, dir).ok());
  fs::remove_all(dir);
}

TEST(RetroCyclic, WinLossEncodingRejectsDraws) {
  const testing::GraphGame game = testing::GraphGame::Random(2, 100, 3);
  const fs::path dir = TempDir("graphwl");
  retro::SolveOptions options;
  options.dir = dir.string();
  options.encoding = retro::Encoding::kWl1;
  options.progress = false;
  options.durable = false;
  auto result =
      retro::RetroSolver<testing::GraphGame>(game, GameSpec{"graph", "", 100, ""}, options).Run();
  EXPECT_FALSE(result.ok());
  EXPECT_NE(result.status().message().find("draw"), std::string::npos) << result.status();
  fs::remove_all(dir);
}

// ---- Prairie's index ---------------------------------------------------------------------

TEST(PrairieIndex, RankInvertsUnrankAndChildrenStayInChildTiers) {
  for (int w = 3; w <= 11; ++w) {
    const PrairieGame game = Make(w);
    const std::string selection = w <= 5 ? "" : "buffalo<=2";
    const std::vector<PrairieGame::Tier> tiers = *game.tiers(selection);
    SplitMix64 rng(w);
    for (int k = 0; k < 300; ++k) {
      const PrairieGame::Tier t = tiers[rng.Below(tiers.size())];
      const std::uint64_t i = rng.Below(game.tier_size(t));
      Position p;
      ASSERT_TRUE(game.unrank(t, i, p));
      ASSERT_EQ(game.tier_of(p), t) << game.position_string(p);
      ASSERT_EQ(game.rank(t, p), i) << game.position_string(p);
      ASSERT_TRUE(game.parse_position(game.position_string(p)).ok());
      std::vector<PrairieGame::Tier> kids;
      game.child_tiers(t, kids);
      PrairieGame::MoveList moves;
      game.generate_moves(p, moves);
      for (auto m : moves) {
        Position c = p;
        game.play(c, m);
        if (!game.in_tables(c)) continue;
        const auto ct = game.tier_of(c);
        EXPECT_TRUE(ct == t || std::find(kids.begin(), kids.end(), ct) != kids.end());
        if (ct == t) {
          EXPECT_LT(game.rank(t, c), game.tier_size(t) / 2);  // light -> layer 0
        }
      }
    }
  }
}

// The backward step's two hooks against the moves themselves: over whole tiers, q's
// predecessors are exactly the positions of its tier with a move to q, and a position's exits
// are exactly its moves that leave the tier.
TEST(PrairieIndex, TierPredecessorsAndExitsAreExactlyTheMovesIntoAndOutOfTheTier) {
  for (const auto& [width, variant] : std::vector<std::pair<int, const char*>>{
           {3, "standard"}, {4, "standard"}, {5, "handicap1"}}) {
    const PrairieGame game = Make(width, variant);
    const std::vector<PrairieGame::Tier> tiers = *game.tiers("buffalo<=2");
    SplitMix64 rng(width);
    for (int k = 0; k < (width < 5 ? 4 : 1); ++k) {
      const PrairieGame::Tier t = tiers[rng.Below(tiers.size())];
      const std::uint64_t size = game.tier_size(t);
      std::vector<std::vector<std::uint64_t>> into(size);  // by the moves, forwards
      PrairieGame::MoveList moves, exits;
      for (std::uint64_t i = 0; i < size; ++i) {
        Position p;
        ASSERT_TRUE(game.unrank(t, i, p));
        game.generate_moves(p, moves);
        std::vector<std::uint32_t> leaving;
        for (auto m : moves) {
          Position c = p;
          game.play(c, m);
          if (game.in_tables(c) && game.tier_of(c) == t) {
            into[game.rank(t, c)].push_back(i);
          } else {
            leaving.push_back(m.bits);
          }
        }
        const bool any = game.generate_tier_exits(p, exits);
        EXPECT_EQ(any, moves.size() > 0) << game.position_string(p);
        std::vector<std::uint32_t> listed;
        for (auto m : exits) listed.push_back(m.bits);
        std::sort(leaving.begin(), leaving.end());
        std::sort(listed.begin(), listed.end());
        ASSERT_EQ(listed, leaving) << game.position_string(p);
      }
      for (std::uint64_t i = 0; i < size; ++i) {
        Position q;
        game.unrank(t, i, q);
        std::vector<std::uint64_t> back;
        game.for_each_tier_predecessor(q, [&](const Position& p) {
          EXPECT_EQ(game.tier_of(p), t);
          back.push_back(game.rank(t, p));
        });
        std::sort(back.begin(), back.end());
        std::sort(into[i].begin(), into[i].end());
        ASSERT_EQ(back, into[i]) << game.position_string(q);
      }
    }
  }
}

TEST(PrairieIndex, TierSizesCountEveryPlacementOnce) {
  // The 3-wide board: every legal placement appears exactly once over the
  // canonical tiers and their mirror images.
  const PrairieGame game = Make(3);
  std::uint64_t total = 0;
  const std::vector<PrairieGame::Tier> tiers = game.tiers("").value();
  for (auto t : tiers) {
    total += game.tier_size(t) * (game.mirror_tier(t) == t ? 1 : 2);
  }
  // Direct count: per column no buffalo / rows 2..7 (7 ways, 5 of them in the
  // middle area); cowboy and two dogs on the free middle squares; two sides.
  std::uint64_t direct = 0;
  for (int mask = 0; mask < 343; ++mask) {
    int middle = 0;
    for (int c = 0, m = mask; c < 3; ++c, m /= 7) middle += (m % 7) >= 2;
    const std::uint64_t f = 15 - middle;
    direct += 2 * f * ((f - 1) * (f - 2) / 2);
  }
  EXPECT_EQ(total, direct);
}

}  // namespace
}  // namespace tav
