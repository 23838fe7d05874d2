// Weights files (eval/linear_model.h): a saved model reads back exactly, and
// every kind of damage or mismatch is refused with an error naming it; the
// built-in weights are valid and fit their boards; Cathedral's features are
// invariant under the rotations; "default" resolves to learned only where
// weights are built in.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/hash.h"
#include "eval/evaluation.h"
#include "eval/linear_model.h"
#include "games/cathedral/cathedral.h"
#include "games/prairie/prairie.h"
#include "games/reversi/reversi.h"

namespace tav::eval {
namespace {

using cathedral::Cathedral;

Cathedral MakeCathedral(int size, const std::string& variant = "classic") {
  return *Cathedral::Create(GameSpec{"cathedral", variant, size, ""});
}

// A model that fits `game`, weights i / 7 and bias 1.5.
LinearModel ModelFor(const Cathedral& game) {
  LinearModel m;
  m.game = "cathedral";
  m.variant = game.variant();
  m.board = game.board_name();
  m.options = game.options();
  m.feature_set = std::string(game.feature_set());
  m.feature_names = game.feature_names();
  m.sets.resize(1);
  m.sets[0].bias = 1.5;
  for (int i = 0; i < Cathedral::kFeatureCount; ++i) m.sets[0].weights.push_back(i / 7.0);
  m.training = {{"seed", 3}};
  return m;
}

std::string TempPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("tav_eval_weights_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

std::string Write(const std::string& name, const std::string& text) {
  const std::string path = TempPath(name);
  std::ofstream(path) << text;
  return path;
}

std::string SavedText(const LinearModel& m) { return ModelJson(m).dump(1); }

TEST(EvalWeights, ASavedModelLoadsBackExactly) {
  const LinearModel m = ModelFor(MakeCathedral(6));
  const std::string path = TempPath("roundtrip.json");
  ASSERT_TRUE(SaveModel(m, path).ok());
  absl::StatusOr<LinearModel> back = LoadModel(path);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->sets, m.sets);
  EXPECT_EQ(back->feature_names, m.feature_names);
  EXPECT_EQ(back->training, m.training);
  EXPECT_EQ(ModelChecksum(*back), ModelChecksum(m));
  std::filesystem::remove(path);
}

TEST(EvalWeights, TheChecksumChangesWithEveryWeightAndTheIdentity) {
  const LinearModel m = ModelFor(MakeCathedral(6));
  for (int i = 0; i < Cathedral::kFeatureCount; ++i) {
    LinearModel changed = m;
    changed.sets[0].weights[i] += 1e-9;
    EXPECT_NE(ModelChecksum(changed), ModelChecksum(m)) << i;
  }
  LinearModel other = m;
  other.board = "7x7";
  EXPECT_NE(ModelChecksum(other), ModelChecksum(m));
  other = m;
  other.training["seed"] = 4;  // provenance is not checked
  EXPECT_EQ(ModelChecksum(other), ModelChecksum(m));
}

TEST(EvalWeights, ADamagedDigitFailsTheChecksum) {
  std::string text = SavedText(ModelFor(MakeCathedral(6)));
  const std::size_t at = text.find("0.142857");  // weights[1] = 1/7
  ASSERT_NE(at, std::string::npos) << text;
  text[at + 3] = '5';
  const absl::StatusOr<LinearModel> m = ParseModel(text, "w.json");
  EXPECT_TRUE(absl::IsDataLoss(m.status())) << m.status();
  EXPECT_NE(m.status().message().find("checksum mismatch"), std::string::npos) << m.status();
}

TEST(EvalWeights, EveryMalformedFileIsRefusedNamingTheProblem) {
  const nlohmann::json good = ModelJson(ModelFor(MakeCathedral(6)));
  struct Case {
    std::string text, needle;
  };
  auto without = [&](const char* key) {
    nlohmann::json j = good;
    j.erase(key);
    return j.dump();
  };
  auto with = [&](const char* key, nlohmann::json value) {
    nlohmann::json j = good;
    j[key] = value;
    return j.dump();
  };
  nlohmann::json short_weights = good;
  short_weights["weights"].erase(short_weights["weights"].begin());
  const Case cases[] = {
      {"{\"schema\": 1, ", "is not JSON"},
      {"[1, 2]", "not a JSON object"},
      {with("kind", "eval"), "kind 'eval', not 'eval_weights'"},
      {with("schema", 4), "schema 4"},
      {without("schema"), "missing field 'schema'"},
      {without("bias"), "missing field 'bias'"},
      {without("weights"), "missing field 'weights'"},
      {without("checksum"), "missing field 'checksum'"},
      {without("board"), "missing field 'board'"},
      {with("bias", "1.5"), "'bias' is not a number"},
      {short_weights.dump(), "38 weights for 39 feature names"},
  };
  for (const Case& c : cases) {
    const absl::StatusOr<LinearModel> m = ParseModel(c.text, "w.json");
    ASSERT_FALSE(m.ok()) << c.text;
    EXPECT_NE(m.status().message().find(c.needle), std::string::npos) << m.status();
    EXPECT_NE(m.status().message().find("w.json"), std::string::npos) << m.status();
  }
}

// ModelFor with three phase sets cut by the feature "phase".
LinearModel PhasedModelFor(const Cathedral& game) {
  LinearModel m = ModelFor(game);
  m.phase_feature = "phase";
  m.phase_edges = {0.3, 0.6};
  m.sets = {m.sets[0], m.sets[0], m.sets[0]};
  m.sets[1].bias = -4;
  m.sets[2].bias = 9;
  EXPECT_TRUE(m.SetPhaseIndex());
  return m;
}

TEST(EvalWeights, APhasedModelIsSchema2AndLoadsBackExactly) {
  const LinearModel m = PhasedModelFor(MakeCathedral(6));
  const nlohmann::json j = ModelJson(m);
  EXPECT_EQ(j["schema"], 2);
  EXPECT_FALSE(j.contains("bias"));
  absl::StatusOr<LinearModel> back = ParseModel(j.dump(), "p.json");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->sets, m.sets);
  EXPECT_EQ(back->phase_edges, m.phase_edges);
  EXPECT_EQ(back->phase_index, m.phase_index);
  EXPECT_EQ(ModelChecksum(*back), ModelChecksum(m));
  LinearModel changed = m;
  changed.phase_edges[1] = 0.61;
  EXPECT_NE(ModelChecksum(changed), ModelChecksum(m));
  EXPECT_EQ(ModelJson(ModelFor(MakeCathedral(6)))["schema"], 1);
}

TEST(EvalWeights, EveryMalformedPhasedFileIsRefusedNamingTheProblem) {
  const nlohmann::json good = ModelJson(PhasedModelFor(MakeCathedral(6)));
  auto with = [&](const char* key, nlohmann::json value) {
    nlohmann::json j = good;
    j[key] = value;
    return j.dump();
  };
  nlohmann::json fewer = good;
  fewer["sets"].erase(fewer["sets"].begin());
  const std::pair<std::string, std::string> cases[] = {
      {with("phase_edges", {0.6, 0.3}), "not ascending"},
      {fewer.dump(), "2 weight sets for 2 phase edges"},
      {with("phase_feature", "nosuch"), "phase_feature 'nosuch'"},
      {with("sets", {1, 2, 3}), "is not an object"},
  };
  for (const auto& [text, needle] : cases) {
    const absl::StatusOr<LinearModel> m = ParseModel(text, "w.json");
    ASSERT_FALSE(m.ok()) << text;
    EXPECT_NE(m.status().message().find(needle), std::string::npos) << m.status();
  }
}

// An Othello 8x8 pattern model: two phase sets, entries on a 1/32 grid.
LinearModel PatternModel() {
  const reversi::Othello game = *reversi::Othello::Create(GameSpec{"othello", "", 8, ""});
  LinearModel m = ModelIdentity(game, /*patterns=*/true);
  EXPECT_EQ(m.pattern_set, "reversi-patterns-v1");
  m.phase_feature = "empties";
  m.phase_edges = {30};
  m.sets.resize(2);
  SplitMix64 rng(12);
  for (WeightSet& s : m.sets) {
    s.bias = -0.25;
    s.weights.assign(reversi::Othello::kFeatureCount, 0.5);
    s.table.assign(m.PatternEntries(), 0.0f);
    // A sparse table, as a fit leaves it: most entries 0.
    for (int k = 0; k < 5000; ++k) {
      s.table[rng.Below(s.table.size())] =
          static_cast<float>((static_cast<double>(rng.Below(2001)) - 1000) / kTableScale);
    }
  }
  EXPECT_TRUE(m.SetPhaseIndex());
  return m;
}

TEST(EvalWeights, APatternModelIsSchema3AndLoadsBackExactly) {
  const LinearModel m = PatternModel();
  const nlohmann::json j = ModelJson(m);
  EXPECT_EQ(j["schema"], 3);
  EXPECT_TRUE(j["sets"][0]["table"].is_string());
  EXPECT_FALSE(j["sets"][0].contains("table_hash"));
  absl::StatusOr<LinearModel> back = ParseModel(j.dump(), "p.json");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->sets, m.sets);
  EXPECT_EQ(back->pattern_tables, m.pattern_tables);
  EXPECT_EQ(back->pattern_instances, m.pattern_instances);
  EXPECT_EQ(ModelChecksum(*back), ModelChecksum(m));
  // The checksum covers every entry.
  LinearModel changed = m;
  changed.sets[1].table[77] += 1.0f / 32;
  EXPECT_NE(ModelChecksum(changed), ModelChecksum(m));
  // About 10,000 non-zero entries in 2 x 171,826 compress to far less than
  // the 687 KB they hold as int16.
  EXPECT_LT(j.dump().size(), 200'000u);
}

TEST(EvalWeights, ADamagedOrMalformedPatternFileIsRefusedNamingTheProblem) {
  const nlohmann::json good = ModelJson(PatternModel());
  auto parse = [](const nlohmann::json& j) { return ParseModel(j.dump(), "w.json"); };
  // A changed character of the compressed table: not base64, not zlib, or
  // other entries than the checksum's.
  nlohmann::json j = good;
  std::string table = j["sets"][1]["table"].get<std::string>();
  table[table.size() / 2] = table[table.size() / 2] == 'A' ? 'B' : 'A';
  j["sets"][1]["table"] = table;
  absl::StatusOr<LinearModel> m = parse(j);
  EXPECT_TRUE(absl::IsDataLoss(m.status())) << m.status();
  j = good;
  j["sets"][0]["table"] = "not base64!";
  m = parse(j);
  EXPECT_TRUE(absl::IsDataLoss(m.status())) << m.status();
  EXPECT_NE(m.status().message().find("sets[0].table"), std::string::npos) << m.status();
  // Tables of another size than the entries named.
  j = good;
  j["pattern_tables"][0][1] = 59048;
  m = parse(j);
  EXPECT_NE(m.status().message().find("does not decompress to"), std::string::npos) << m.status();
  j = good;
  j["sets"][0].erase("table");
  m = parse(j);
  EXPECT_TRUE(absl::IsInvalidArgument(m.status())) << m.status();
  j = good;
  j["pattern_instances"] = "46";
  m = parse(j);
  EXPECT_NE(m.status().message().find("pattern_instances"), std::string::npos) << m.status();
  j = good;
  j["schema"] = 4;
  m = parse(j);
  EXPECT_NE(m.status().message().find("schemas 1 to 3"), std::string::npos) << m.status();
}

TEST(EvalWeights, AMissingFileIsNotFound) {
  const absl::StatusOr<LinearModel> m = LoadModel(TempPath("no-such-file.json"));
  EXPECT_TRUE(absl::IsNotFound(m.status())) << m.status();
}

TEST(EvalWeights, WeightsForAnotherGameBoardOrVariantDoNotResolve) {
  const Cathedral six = MakeCathedral(6);
  const std::string path = Write("six.json", SavedText(ModelFor(six)));
  EXPECT_TRUE(ResolveModel(six, path).ok());
  struct Case {
    Cathedral game;
    std::string needle;
  };
  for (const auto& [game, needle] :
       {Case{MakeCathedral(7), "weights for board '6x6', not '7x7'"},
        Case{MakeCathedral(6, "lehmann"), "weights for variant 'classic', not 'lehmann'"}}) {
    const auto m = ResolveModel(game, path);
    EXPECT_FALSE(m.ok());
    EXPECT_NE(m.status().message().find(needle), std::string::npos) << m.status();
  }
  LinearModel othello = ModelFor(six);
  othello.game = "othello";
  const std::string other = Write("othello.json", SavedText(othello));
  const auto m = ResolveModel(six, other);
  EXPECT_NE(m.status().message().find("weights for game 'othello', not 'cathedral'"),
            std::string::npos)
      << m.status();
  LinearModel renamed = ModelFor(six);
  renamed.feature_names[3] = "something_else";
  const std::string names = Write("names.json", SavedText(renamed));
  EXPECT_FALSE(ResolveModel(six, names).ok());
  // Othello has features of its own: a Cathedral file is not for it.
  const auto reversi = *reversi::Othello::Create(GameSpec{"othello", "", 6, ""});
  EXPECT_NE(ResolveModel(reversi, path)
                .status()
                .message()
                .find("weights for game 'cathedral', not 'othello'"),
            std::string::npos);
  EXPECT_TRUE(ResolveModel(reversi, kHandmade).ok());
  EXPECT_EQ(*ResolveModel(reversi, kDefault), nullptr);  // no weights built in for 6x6
  // A game without features takes no weights file.
  const auto prairie = *prairie::PrairieGame::Create(GameSpec{"prairie", "", 6, ""});
  EXPECT_NE(ResolveModel(prairie, path).status().message().find("has no features"),
            std::string::npos);
  for (const std::string& p : {path, other, names}) std::filesystem::remove(p);
}

TEST(EvalWeights, EveryBuiltInFileIsValidAndFitsItsBoard) {
  ASSERT_FALSE(BuiltInWeightsTexts().empty());
  // default and learned name a built-in model; handmade does not.
  auto check = [](const auto& game, const LinearModel& m) {
    EXPECT_TRUE(CheckModelFits(m, game).ok()) << m.game << " " << m.board;
    EXPECT_TRUE(BuiltInModel(m.game, m.variant, m.board, m.options).ok());
    EXPECT_NE(*ResolveModel(game, kDefault), nullptr);
    EXPECT_EQ(ResolvedEvalName(game, kDefault), "learned");
    EXPECT_EQ(*ResolveModel(game, kHandmade), nullptr);
  };
  for (std::string_view text : BuiltInWeightsTexts()) {
    const absl::StatusOr<LinearModel> m = ParseModel(text, "built-in");
    ASSERT_TRUE(m.ok()) << m.status();
    const int size = std::stoi(m->board);
    if (m->game == "othello") {
      check(*reversi::Othello::Create(GameSpec{"othello", m->variant, size, ""}), *m);
    } else if (m->game == "desdemona") {
      check(*reversi::Desdemona::Create(GameSpec{"desdemona", m->variant, size, ""}), *m);
    } else {
      ASSERT_EQ(m->game, "cathedral");
      check(MakeCathedral(size, m->variant), *m);
    }
  }
}

TEST(EvalWeights, DefaultIsHandmadeWhereNoWeightsAreBuiltIn) {
  const Cathedral five = MakeCathedral(5);  // no data/eval/cathedral-classic-5x5.json
  ASSERT_FALSE(BuiltInModel("cathedral", "classic", "5x5", "").ok());
  EXPECT_EQ(*ResolveModel(five, kDefault), nullptr);
  EXPECT_EQ(ResolvedEvalName(five, kDefault), "handmade");
  EXPECT_TRUE(absl::IsNotFound(ResolveModel(five, kLearned).status()));
}

// Random positions of `game`, from random games (several per game).
std::vector<Cathedral::Position> RandomPositions(const Cathedral& game, int count,
                                                 std::uint64_t seed) {
  SplitMix64 rng(seed);
  std::vector<Cathedral::Position> out;
  while (static_cast<int>(out.size()) < count) {
    Cathedral::Position p = game.start();
    Cathedral::MoveList moves;
    while (!game.is_over(p)) {
      game.generate_moves(p, moves);
      game.play(p, moves[rng.Below(moves.size())]);
      if (rng.Below(3) == 0) out.push_back(p);
    }
  }
  return out;
}

TEST(CathedralFeatures, AreInvariantUnderTheFourRotations) {
  for (const Cathedral& game :
       {MakeCathedral(6), MakeCathedral(10), MakeCathedral(10, "lehmann")}) {
    for (const Cathedral::Position& p : RandomPositions(game, 60, 11)) {
      float base[Cathedral::kFeatureCount], turned[Cathedral::kFeatureCount];
      game.features(p, base);
      for (int s = 1; s < 4; ++s) {
        game.features(game.transform(p, s), turned);
        for (int i = 0; i < Cathedral::kFeatureCount; ++i) {
          ASSERT_EQ(base[i], turned[i]) << game.feature_names()[i] << " rotation " << s << "\n"
                                        << game.position_string(p);
        }
      }
    }
  }
}

TEST(CathedralFeatures, TheHandmadeFeatureIsEvaluateAndHandsAreCounted) {
  const Cathedral game = MakeCathedral(10);
  const auto& names = game.feature_names();
  auto index = [&](const char* name) {
    return static_cast<int>(std::find(names.begin(), names.end(), name) - names.begin());
  };
  for (const Cathedral::Position& p : RandomPositions(game, 100, 5)) {
    float f[Cathedral::kFeatureCount];
    const std::optional<std::pair<int, int>> bounds = game.features(p, f);
    EXPECT_EQ(bounds.has_value(), p.cathedral_state != cathedral::kCathedralInHand);
    // The features see the reach bounds, which contain the search's tighter
    // value_bounds (the footprints), so the learned weights see what they
    // were fitted to; features() hands back value_bounds, the clamp.
    const auto [lower, upper] = game.reach_bounds(p);
    if (bounds) {
      EXPECT_EQ(*bounds, game.value_bounds(p));
      EXPECT_LE(lower, bounds->first);
      EXPECT_GE(upper, bounds->second);
      EXPECT_EQ(f[index("handmade")], std::clamp(game.quick_evaluate(p), lower, upper));
    }
    EXPECT_EQ(f[index("own_hand")], p.hand_squares[p.to_move]);
    EXPECT_EQ(f[index("opp_hand")], p.hand_squares[p.to_move ^ 1]);
    EXPECT_EQ(f[index("lower_bound")], lower);
    EXPECT_EQ(f[index("upper_bound")], upper);
  }
}

TEST(CathedralFeatures, TheLearnedValueStaysWithinTheBounds) {
  const Cathedral game = MakeCathedral(6);
  LinearModel m = ModelFor(game);
  m.sets[0].bias = 80;  // far outside any bound of a 6x6 position
  const Evaluated<Cathedral> learned(game, std::make_shared<const LinearModel>(m));
  for (const Cathedral::Position& p : RandomPositions(game, 50, 9)) {
    if (p.cathedral_state == cathedral::kCathedralInHand) continue;
    const auto [lower, upper] = game.value_bounds(p);
    EXPECT_GE(learned.evaluate(p), lower);
    EXPECT_LE(learned.evaluate(p), upper);
  }
}

TEST(EvalWeights, APhasedModelUsesTheSetOfThePositionsPhase) {
  const Cathedral game = MakeCathedral(6);
  const LinearModel m = PhasedModelFor(game);
  float f[Cathedral::kFeatureCount];
  int seen[3] = {0, 0, 0};
  for (const Cathedral::Position& p : RandomPositions(game, 60, 4)) {
    game.features(p, std::span<float>(f, Cathedral::kFeatureCount));
    const double phase = f[m.phase_index];
    const int set = phase < 0.3 ? 0 : phase < 0.6 ? 1 : 2;
    ++seen[set];
    double v = m.sets[set].bias;
    for (int i = 0; i < Cathedral::kFeatureCount; ++i) v += m.sets[set].weights[i] * f[i];
    EXPECT_DOUBLE_EQ(m.Value(f, Cathedral::kFeatureCount), v);
  }
  EXPECT_GT(seen[1] + seen[2], 0);
}

}  // namespace
}  // namespace tav::eval
