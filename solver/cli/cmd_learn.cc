// tav learn: fits a learned evaluation by self-play (learn/trainer.h), or
// with --report measures one against exact values (learn/report.h).
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "cli/command.h"
#include "cli/flags.h"
#include "cli/game_registry.h"
#include "core/atomic_file.h"
#include "core/provenance.h"
#include "engine/config.h"
#include "eval/evaluation.h"
#include "learn/report.h"
#include "learn/samples.h"
#include "learn/trainer.h"

ABSL_DECLARE_FLAG(std::string, eval);
ABSL_DECLARE_FLAG(std::uint64_t, seed);
ABSL_FLAG(int, exact_plies, 10, "learn: exact labels for the last N plies of each game");
ABSL_FLAG(double, exact_budget_s, 60,
          "learn: seconds per exact solve; a solve past it is dropped (and counted)");
ABSL_FLAG(int, band_plies, 4, "learn: plies per bootstrap band (one refit per band)");
ABSL_FLAG(int, label_depth, 1, "learn: plies of the search that labels the earlier positions");
ABSL_FLAG(int, random_opening, 2, "learn: plies played at random at the start of a game");
ABSL_FLAG(double, random_rate, 0.1, "learn: share of later moves played at random");
ABSL_FLAG(double, ridge, 1e-3, "learn: ridge penalty per position on standardised weights");
ABSL_FLAG(bool, patterns, false,
          "learn: fit the game's pattern tables beside its features (a pattern model, "
          "8x8 Othello and Desdemona)");
ABSL_FLAG(double, entry_ridge, 3,
          "learn: with --patterns, ridge penalty per table entry (as many labels of 0)");
ABSL_FLAG(int, cg_iterations, 300,
          "learn: with --patterns, conjugate-gradient iterations at most per fit");
ABSL_FLAG(std::string, player, "",
          "learn: the self-play player, an engine configuration (e.g. \"--search=selective "
          "--nodes=100000 --noise=1\"); empty = greedy one-ply with the game's evaluation");
ABSL_FLAG(std::string, labels, "search",
          "learn: how positions before the exact ones are labelled: search (bootstrap bands) "
          "or outcome (their game's exact outcome)");
ABSL_FLAG(int, phases, 1,
          "learn: weight sets, one per game phase (cut at quantiles of the "
          "feature --phase-feature)");
ABSL_FLAG(std::string, phase_feature, "phase", "learn: the feature whose value cuts the phases");
ABSL_FLAG(std::string, training_set, "",
          "learn: fit the labelled positions of these files (FILE[,FILE...], written by "
          "--training-set-out) instead of playing games");
ABSL_FLAG(std::string, training_set_out, "",
          "learn: also write the labelled positions to this file (to refit them with "
          "--training-set)");
ABSL_FLAG(bool, report, false,
          "learn: measure --eval on held-out games and the parity swing instead of training");

namespace tav::cli {
namespace {

// Self-play games: --games, 100 when not given (the flag's range is checked
// where flags are parsed, cli/flags.cc).
int GamesFromFlag() { return FlagGiven("games") ? absl::GetFlag(FLAGS_games) : 100; }

learn::PlayOptions PlayFromFlags() {
  return {.random_opening = absl::GetFlag(FLAGS_random_opening),
          .random_rate = absl::GetFlag(FLAGS_random_rate)};
}

void Progress(const std::string& line) { std::fprintf(stderr, "learn: %s\n", line.c_str()); }

// The files of --training-set=A[,B...] (none when empty).
std::vector<std::string> TrainingSetFiles(const std::string& flag) {
  if (flag.empty()) return {};
  return absl::StrSplit(flag, ',');
}

// --labels as an enum; InvalidArgument naming a bad value.
absl::StatusOr<learn::Labels> LabelsFromFlag() {
  const std::string labels = absl::GetFlag(FLAGS_labels);
  if (labels == "search") return learn::Labels::kSearch;
  if (labels == "outcome") return learn::Labels::kOutcome;
  return absl::InvalidArgumentError(
      absl::StrCat("bad --labels='", labels, "': name search or outcome"));
}

template <class G>
absl::Status Train(const G& game, const std::string& out) {
  learn::LearnOptions o;
  absl::StatusOr<learn::Labels> labels = LabelsFromFlag();
  if (!labels.ok()) return labels.status();
  o.labels = *labels;
  if (const std::string player = absl::GetFlag(FLAGS_player); !player.empty()) {
    absl::StatusOr<engine::EngineConfig> config = engine::ParseEngineConfig(player);
    if (!config.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad --player='", player, "': ", config.status().message()));
    }
    o.player = *config;
  }
  o.phases = absl::GetFlag(FLAGS_phases);
  o.phase_feature = absl::GetFlag(FLAGS_phase_feature);
  o.threads = ThreadsFromFlag();
  o.games = GamesFromFlag();
  o.seed = absl::GetFlag(FLAGS_seed);
  o.play = PlayFromFlags();
  o.exact_plies = absl::GetFlag(FLAGS_exact_plies);
  o.exact_budget_s = absl::GetFlag(FLAGS_exact_budget_s);
  o.band_plies = absl::GetFlag(FLAGS_band_plies);
  o.label_depth = absl::GetFlag(FLAGS_label_depth);
  o.ridge = absl::GetFlag(FLAGS_ridge);
  o.patterns = absl::GetFlag(FLAGS_patterns);
  o.pattern_fit.entry_ridge = absl::GetFlag(FLAGS_entry_ridge);
  o.pattern_fit.max_iterations = absl::GetFlag(FLAGS_cg_iterations);
  o.tt_mb = static_cast<std::size_t>(absl::GetFlag(FLAGS_tt_mb));
  o.progress = Progress;
  learn::Trainer<G> trainer(game, o);
  const std::string samples = absl::GetFlag(FLAGS_training_set);
  absl::StatusOr<eval::LinearModel> model;
  nlohmann::json sources = nlohmann::json::array();  // per file: who labelled it
  if (samples.empty()) {
    model = trainer.Run();
  } else {
    std::vector<learn::Sample<typename G::Position>> all;
    for (const std::string& path : TrainingSetFiles(samples)) {
      absl::StatusOr<learn::SamplesFile<typename G::Position>> file =
          learn::ReadSamples(game, path);
      if (!file.ok()) return file.status();
      sources.push_back({{"file", path},
                         {"samples", file->samples.size()},
                         {"labelled_by", file->header.value("command", "")},
                         {"labelled_at", file->header.value("provenance", nlohmann::json())}});
      all.insert(all.end(), file->samples.begin(), file->samples.end());
    }
    model = trainer.FitSamples(std::move(all));
  }
  if (!model.ok()) return model.status();
  const learn::LearnStats& s = trainer.stats();
  model->training = learn::TrainingJson(o, s);
  if (!samples.empty()) {
    // The labels are the saving run's: name it instead of this run's play.
    model->training.erase("self_play");
    model->training.erase("games");
    model->training.erase("seed");
    model->training["labels"] = {{"training_sets", sources}, {"samples", s.positions}};
  }
  if (const std::string samples_out = absl::GetFlag(FLAGS_training_set_out); !samples_out.empty()) {
    const std::string text = learn::SamplesText(
        game, trainer.samples(), {{"command", CommandLineString()}, {"provenance", Provenance()}});
    if (absl::Status saved = WriteFileAtomically(samples_out, text); !saved.ok()) return saved;
  }
  model->training["command"] = CommandLineString();
  model->training["provenance"] = Provenance();
  model->training["seconds"] = std::round(s.seconds * 10) / 10;
  if (absl::Status saved = eval::SaveModel(*model, out); !saved.ok()) return saved;
  if (!samples.empty()) {
    std::fprintf(stderr, "learn: %zu positions of %s fitted; training error %.2f; wrote %s\n",
                 s.positions, samples.c_str(), s.train_mae, out.c_str());
    return absl::OkStatus();
  }
  std::fprintf(stderr,
               "learn: %zu positions labelled (%zu exact, %zu by search, %zu dropped) in %.1f s "
               "(%.1f positions/s); training error %.2f; wrote %s\n",
               s.positions, s.exact, s.searched, s.dropped, s.seconds,
               s.seconds > 0 ? static_cast<double>(s.positions) / s.seconds : 0.0, s.train_mae,
               out.c_str());
  return absl::OkStatus();
}

template <class G>
absl::Status Report(const G& game, const std::string& name, const std::string& out) {
  absl::StatusOr<std::shared_ptr<const eval::LinearModel>> model = eval::ResolveModel(game, name);
  if (!model.ok()) return model.status();
  if (*model == nullptr) {
    return absl::InvalidArgumentError(absl::StrCat(
        "bad --eval='", name, "' for --report: it resolves to handmade; name learned or a FILE"));
  }
  learn::ReportOptions o;
  o.games = GamesFromFlag();
  o.seed = absl::GetFlag(FLAGS_seed);
  o.play = PlayFromFlags();
  o.exact_budget_s = absl::GetFlag(FLAGS_exact_budget_s);
  o.tt_mb = static_cast<std::size_t>(absl::GetFlag(FLAGS_tt_mb));
  o.max_depth = FlagGiven("depth") ? absl::GetFlag(FLAGS_depth) : 2;
  o.progress = Progress;
  nlohmann::json j = learn::Reporter<G>(game, *model, o).Run();
  j["schema"] = 1;
  j["kind"] = "eval_report";
  j["game"] = std::string(G::kName);
  j["variant"] = game.variant();
  j["board"] = game.board_name();
  j["options"] = GameOptions(game);
  j["eval"] = name;
  j["eval_checksum"] = eval::ModelChecksum(**model);
  j["seed"] = o.seed;
  j["provenance"] = Provenance();
  const std::string text = j.dump(1) + "\n";
  if (!out.empty()) return WriteFileAtomically(out, text);
  std::printf("%s", text.c_str());
  return absl::OkStatus();
}

absl::Status RunLearn(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("learn takes no positional arguments");
  const bool report = absl::GetFlag(FLAGS_report);
  const std::string out = absl::GetFlag(FLAGS_out);
  const std::string name = absl::GetFlag(FLAGS_eval);
  if (!report && out.empty()) return absl::InvalidArgumentError("learn needs --out=FILE");
  const std::string samples = absl::GetFlag(FLAGS_training_set);
  const std::string samples_out = absl::GetFlag(FLAGS_training_set_out);
  if (report && (!samples.empty() || !samples_out.empty()))
    return absl::InvalidArgumentError(
        "--training-set and --training-set-out are for training, not --report");
  std::vector<std::string> inputs;
  if (report && name != eval::kLearned && name != eval::kHandmade && name != eval::kDefault) {
    inputs.push_back(name);
  }
  for (const std::string& path : TrainingSetFiles(samples)) {
    if (absl::Status ok = CheckInputFile("training-set", path); !ok.ok()) return ok;
    inputs.push_back(path);
  }
  if (!out.empty()) {
    if (absl::Status ok = CheckOutputFile(out, inputs); !ok.ok()) return ok;
  }
  if (!samples_out.empty()) {
    if (samples_out == out)
      return absl::InvalidArgumentError("--training-set-out and --out name the same file");
    inputs.push_back(out);
    if (absl::Status ok = CheckOutputFile(samples_out, inputs); !ok.ok()) return ok;
  }
  absl::StatusOr<GameSpec> spec = GameSpecFromFlags();
  if (!spec.ok()) return spec.status();
  return WithGame(*spec, [&](const auto& game) -> absl::Status {
    using G = std::decay_t<decltype(game)>;
    if constexpr (!eval::HasFeatures<G>) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--game=", std::string(G::kName), " has no features to learn an evaluation from"));
    } else {
      return report ? Report(game, name, out) : Train(game, out);
    }
  });
}

}  // namespace

Command LearnCommand() {
  return {
      "learn", "fit a learned evaluation by self-play, or --report on one",
      "Plays --games self-play games, --threads at a time (by --player, an engine\n"
      "configuration, or a greedy one-ply player with the game's own evaluation; the\n"
      "first --random-opening plies and a --random-rate share of the others at random,\n"
      "seeded by --seed), labels exactly the positions the player solved and the last\n"
      "--exact-plies of each game, then the earlier ones (--labels=search: band by band,\n"
      "--band-plies, by a depth --label-depth search with the model fitted on the later\n"
      "labels; --labels=outcome: by the game's exact outcome), fits the weights by ridge\n"
      "least squares (--ridge), one set per phase with --phases (with --patterns, the\n"
      "game's pattern tables too, --entry-ridge, by at most --cg-iterations conjugate-\n"
      "gradient steps), and writes the weights\n"
      "file --out (atomically; data/README.md, kind eval_weights). The same command\n"
      "gives the same weights, whatever --threads (unless --player has a --budget-s).\n"
      "--training-set-out=FILE also writes the labelled positions; --training-set=FILE[,FILE..]\n"
      "fits those (the sets of several runs together) instead of playing (another\n"
      "--ridge or --phases in seconds).\n"
      "Progress goes to stderr.\n"
      "With --report: measures --eval (learned or a FILE) on --games held-out games\n"
      "(never the training games, whatever the seeds): the mean absolute error of it and\n"
      "of the handmade evaluation against exact values 6-10 plies before the end, and\n"
      "the parity swing mean |value(d) - value(d+1)| over the positions after the first\n"
      "move (one per symmetry class) for depths 1..--depth (default 2); prints the\n"
      "'eval_report' JSON, or writes it to --out. Example:\n"
      "  tav learn --game=cathedral --size=6 --games=200 --seed=1 --out=w.json\n"
      "  tav learn --game=cathedral --games=400 --player=\"--nodes=100000 --noise=1\" \\\n"
      "      --labels=outcome --phases=4 --threads=2 --out=w.json\n"
      "  tav learn --game=cathedral --size=6 --report --eval=w.json --games=50",
      FlagList({kGameFlags, {"games",          "seed",          "out",          "exact-plies",
                             "exact-budget-s", "band-plies",    "label-depth",  "random-opening",
                             "random-rate",    "ridge",         "patterns",     "entry-ridge",
                             "cg-iterations",  "tt-mb",         "player",       "labels",
                             "phases",         "phase-feature", "training-set", "training-set-out",
                             "threads",        "report",        "eval",         "depth"}}),
      RunLearn};
}

}  // namespace tav::cli
