// `tav learn` and `tav eval --eval=...` from the outside: training writes a
// weights file that the same command reproduces, `tav eval` uses it, the
// built-in weights are the default where they exist, and every damaged or
// mismatched weights file is one error line with exit status 2.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_helpers.h"
#include "nlohmann/json.hpp"

namespace tav::testing {
namespace {

std::string Temp(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("tav_learn_cli_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

std::string Train(int games) {
  return "learn --game=cathedral --size=5 --games=" + std::to_string(games) +
         " --seed=3 --exact-plies=4 --band-plies=2 --tt-mb=8";
}

// The one-line JSON output of a command that must succeed.
// The file's JSON without the run-dependent parts (provenance, timing).
nlohmann::json Reproducible(const std::string& path) {
  nlohmann::json j = nlohmann::json::parse(ReadFile(path));
  j["training"].erase("provenance");
  j["training"].erase("seconds");
  j["training"].erase("command");
  return j;
}

TEST(LearnCli, TheSameCommandWritesTheSameWeights) {
  const std::string a = Temp("a.json"), b = Temp("b.json");
  const CliResult ra = RunTav(Train(20) + " --out=" + a);
  ASSERT_EQ(ra.status, 0) << ra.err;
  EXPECT_NE(ra.err.find("positions labelled"), std::string::npos) << ra.err;
  const CliResult rb = RunTav(Train(20) + " --out=" + b);
  ASSERT_EQ(rb.status, 0) << rb.err;
  const nlohmann::json ja = Reproducible(a);
  EXPECT_EQ(ja, Reproducible(b));
  EXPECT_EQ(ja["kind"], "eval_weights");
  EXPECT_EQ(ja["board"], "5x5");
  EXPECT_EQ(ja["training"]["seed"], 3);
  // tav eval reads it, and says which evaluation it used.
  const CliResult e =
      RunTav("eval --game=cathedral --size=5 --moves='Yed3 Leb2' --json --eval=" + a);
  ASSERT_EQ(e.status, 0) << e.err;
  EXPECT_EQ(nlohmann::json::parse(e.out)["eval"], a);
  // The weights are refused on another board, and an output may not be an input.
  ExpectBadInput("eval --game=cathedral --size=6 --eval=" + a,
                 "weights for board '5x5', not '6x6'");
  ExpectBadInput("learn --game=cathedral --size=5 --report --eval=" + a + " --out=" + a, "--out");
  std::filesystem::remove(a);
  std::filesystem::remove(b);
}

TEST(LearnCli, ADamagedWeightsFileIsOneErrorLine) {
  const std::string good = Temp("good.json");
  ASSERT_EQ(RunTav(Train(5) + " --out=" + good).status, 0);
  std::string text = ReadFile(good);
  const std::size_t at = text.find("\"bias\": ");
  ASSERT_NE(at, std::string::npos);
  std::string damaged = text;
  const std::size_t digit = text.find_first_of("0123456789", at);  // the bias's first digit
  damaged[digit] = damaged[digit] == '1' ? '2' : '1';
  const std::string bad = Temp("bad.json"), cut = Temp("cut.json");
  std::ofstream(bad) << damaged;
  std::ofstream(cut) << text.substr(0, text.size() / 2);
  ExpectBadInput("eval --game=cathedral --size=5 --eval=" + bad, "checksum mismatch");
  ExpectBadInput("eval --game=cathedral --size=5 --eval=" + cut, "is not JSON");
  ExpectBadInput("eval --game=cathedral --size=5 --eval=" + Temp("missing.json"),
                 "no such weights file");
  ExpectBadInput("eval --game=othello --eval=" + good, "weights for game 'cathedral'");
  ExpectBadInput("eval --game=prairie --eval=" + good, "--game=prairie has no features");
  ExpectBadInput("learn --game=prairie --out=" + Temp("o.json"), "has no features");
  ExpectBadInput("learn --game=cathedral --size=5", "needs --out");
  ExpectBadInput("learn --game=cathedral --size=5 --games=0 --out=" + Temp("z.json"), "--games");
  for (const std::string& p : {good, bad, cut}) std::filesystem::remove(p);
}

TEST(LearnCli, BadPlayerLabelsAndPhasesAreOneErrorLine) {
  const std::string out = " --out=" + Temp("p.json");
  ExpectBadInput("learn --game=cathedral --size=5 --labels=guess" + out, "bad --labels='guess'");
  ExpectBadInput("learn --game=cathedral --size=5 --player='--nodes=10 --bogus=1'" + out,
                 "bad --player=");
  ExpectBadInput("learn --game=cathedral --size=5 --player='--eval=nosuch.json --nodes=9'" + out,
                 "nosuch.json");
  ExpectBadInput("learn --game=cathedral --size=5 --phases=0" + out, "--phases");
  ExpectBadInput("learn --game=cathedral --size=5 --phases=3 --phase-feature=nope" + out,
                 "feature named 'nope'");
}

TEST(LearnCli, PatternsWhereTheGameHasNoneAndBadPatternFlagsAreOneErrorLine) {
  const std::string out = " --out=" + Temp("pat.json");
  ExpectBadInput("learn --game=cathedral --size=5 --patterns" + out, "has no pattern evaluation");
  ExpectBadInput("learn --game=othello --size=6 --patterns" + out, "othello 6x6");
  ExpectBadInput("learn --game=othello --patterns --entry-ridge=0" + out, "--entry-ridge");
  ExpectBadInput("learn --game=othello --patterns --cg-iterations=0" + out, "--cg-iterations");
}

TEST(LearnCli, APatternModelIsSchema3ReproducibleAndOrdersASolve) {
  const std::string out = Temp("pattern.json"), again = Temp("pattern2.json");
  const std::string train =
      "learn --game=othello --games=6 --seed=4 --patterns --phases=2 --phase-feature=empties "
      "--exact-plies=12 --band-plies=8 --label-depth=1 --tt-mb=8 --out=";
  ASSERT_EQ(RunTav(train + out).status, 0);
  ASSERT_EQ(RunTav(train + again + " --threads=2").status, 0);
  const nlohmann::json j = nlohmann::json::parse(ReadFile(out));
  EXPECT_EQ(j["schema"], 3);
  EXPECT_EQ(j["pattern_set"], "reversi-patterns-v1");
  EXPECT_EQ(j["training"]["patterns"]["entry_ridge"], 3.0);
  EXPECT_EQ(Reproducible(out), Reproducible(again));
  // FFO #40 (20 empties: its sort searches and presearch run on the model)
  // solved with it: the published +38.
  const std::string position =
      " --position='O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X'";
  const nlohmann::json a = JsonOf("solve --game=othello --json --eval=" + out + position);
  EXPECT_EQ(a["value"], 38);
  EXPECT_EQ(a["eval"], out);
  std::filesystem::remove(out);
  std::filesystem::remove(again);
}

TEST(LearnCli, AnEngineSelfPlayWithPhasesWritesASchema2File) {
  const std::string out = Temp("engine.json");
  ASSERT_EQ(RunTav(Train(5) +
                   " --player='--nodes=2000 --tt-mb=2' --labels=outcome --phases=2 "
                   "--threads=2 --out=" +
                   out)
                .status,
            0);
  const nlohmann::json j = nlohmann::json::parse(ReadFile(out));
  EXPECT_EQ(j["schema"], 2);
  EXPECT_EQ(j["sets"].size(), j["phase_edges"].size() + 1);
  EXPECT_GT(j["training"]["labels"]["outcome"].get<int>(), 0);
  EXPECT_EQ(JsonOf("eval --game=cathedral --size=5 --json --eval=" + out)["eval"], out);
  std::filesystem::remove(out);
}

TEST(LearnCli, ATrainingSetRefitsToTheSameWeightsAndAnotherRidgeToOthers) {
  const std::string played = Temp("played.json"), set = Temp("set.jsonl");
  const std::string refit = Temp("refit.json"), ridged = Temp("ridged.json");
  ASSERT_EQ(RunTav(Train(10) + " --training-set-out=" + set + " --out=" + played).status, 0);
  const nlohmann::json header =
      nlohmann::json::parse(ReadFile(set).substr(0, ReadFile(set).find('\n')));
  EXPECT_EQ(header["kind"], "learn_samples");
  EXPECT_EQ(header["samples"], nlohmann::json::parse(ReadFile(played))["training"]["positions"]);
  EXPECT_EQ(LineCount(ReadFile(set)), header["samples"].get<int>() + 1);
  const std::string fit = "learn --game=cathedral --size=5 --training-set=" + set;
  const CliResult r = RunTav(fit + " --out=" + refit);
  ASSERT_EQ(r.status, 0) << r.err;
  const nlohmann::json a = nlohmann::json::parse(ReadFile(played));
  const nlohmann::json b = nlohmann::json::parse(ReadFile(refit));
  EXPECT_EQ(b["checksum"], a["checksum"]) << "the saved labels are the fitted ones";
  EXPECT_EQ(b["training"]["labels"]["training_sets"][0]["labelled_by"], header["command"]);
  // Two sets fit together: twice the samples (the same set twice here).
  const std::string twice = Temp("twice.json");
  ASSERT_EQ(RunTav(fit + "," + set + " --out=" + twice).status, 0);
  EXPECT_EQ(nlohmann::json::parse(ReadFile(twice))["training"]["labels"]["samples"],
            2 * header["samples"].get<int>());
  std::filesystem::remove(twice);
  ASSERT_EQ(RunTav(fit + " --ridge=5 --out=" + ridged).status, 0);
  EXPECT_NE(nlohmann::json::parse(ReadFile(ridged))["checksum"], a["checksum"]);
  // Bad sets: another board, a damaged line, a cut file; and no overwriting.
  ExpectBadInput("learn --game=cathedral --size=6 --training-set=" + set + " --out=" + ridged,
                 "'board' is \"5x5\"");
  std::string text = ReadFile(set);
  const std::string damaged = Temp("damaged.jsonl"), cut = Temp("cut.jsonl");
  std::ofstream(damaged) << text.substr(0, text.find('\n') + 1) << "{\"position\": 3}\n";
  std::ofstream(cut) << text.substr(0, text.rfind('\n', text.size() - 2) + 1);
  ExpectBadInput(
      fit.substr(0, fit.find("--training-set")) + "--training-set=" + damaged + " --out=" + ridged,
      "line 2");
  ExpectBadInput(
      fit.substr(0, fit.find("--training-set")) + "--training-set=" + cut + " --out=" + ridged,
      "truncated");
  ExpectBadInput(fit + " --out=" + set, "--out");
  ExpectBadInput(Train(2) + " --training-set-out=" + played + " --out=" + played, "same file");
  for (const std::string& p : {played, set, refit, ridged, damaged, cut})
    std::filesystem::remove(p);
}

TEST(LearnCli, TheBuiltInWeightsAreTheDefaultOn10x10AndHandmadeStaysAvailable) {
  const std::string moves = " --moves='Yni4 See5 Sna3 Tna4' --json";
  const nlohmann::json def = JsonOf("eval --game=cathedral" + moves);
  const nlohmann::json learned = JsonOf("eval --game=cathedral --eval=learned" + moves);
  const nlohmann::json handmade = JsonOf("eval --game=cathedral --eval=handmade" + moves);
  EXPECT_EQ(def["eval"], "learned");
  EXPECT_EQ(def["value"], learned["value"]);
  EXPECT_EQ(handmade["eval"], "handmade");
  // No weights for 5x5: the default is handmade, and learned is refused.
  const nlohmann::json five = JsonOf("eval --game=cathedral --size=5 --json");
  EXPECT_EQ(five["eval"], "handmade");
  ExpectBadInput("eval --game=cathedral --size=5 --eval=learned", "no learned weights");
}

}  // namespace
}  // namespace tav::testing
