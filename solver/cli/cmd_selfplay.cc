// tav selfplay: one engine configuration against itself from every opening
// (match/selfplay.h), K games each; the first player's results per opening.
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/declare.h"
#include "absl/flags/flag.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "cli/command.h"
#include "cli/flags.h"
#include "cli/game_registry.h"
#include "cli/match_shared.h"
#include "core/atomic_file.h"
#include "core/dir_lock.h"
#include "core/game_options.h"
#include "core/provenance.h"
#include "core/symmetry.h"
#include "dispatch/mpi.h"
#include "engine/config.h"
#include "match/match.h"
#include "match/openings.h"
#include "match/selfplay.h"

ABSL_FLAG(std::string, config, "--budget-s=1 --noise=1",
          "selfplay: the engine configuration both sides play (engine/config.h); with --noise "
          "K > 0 each game draws among the moves within K of the best, from a seed of its own");
ABSL_FLAG(int, per_opening, 10, "selfplay: games from each opening");
ABSL_FLAG(bool, summary_only, false,
          "selfplay: play nothing; rewrite DIR/selfplay.jsonl and DIR/selfplay_summary.json from "
          "the games an unfinished run (same flags) has finished so far");
ABSL_DECLARE_FLAG(std::string, openings);
ABSL_DECLARE_FLAG(std::uint64_t, seed);

namespace tav::cli {
namespace {

// --openings=FILE, or every first move up to symmetry.
template <Game G>
absl::StatusOr<std::pair<std::vector<match::Opening>, nlohmann::json>> SelfPlayOpenings(
    const G& game) {
  const std::string file = absl::GetFlag(FLAGS_openings);
  if (!file.empty()) {
    absl::StatusOr<std::vector<match::Opening>> o = OpeningsFromFile(game, file);
    if (!o.ok()) return o.status();
    return std::make_pair(std::move(*o), nlohmann::json{{"file", file}});
  }
  std::vector<match::Opening> openings;
  for (const FirstMove<G>& f : FirstMoveClasses(game)) {
    openings.push_back({game.move_string(game.start(), f.move)});
  }
  return std::make_pair(std::move(openings),
                        nlohmann::json{{"first_moves", "one per symmetry class"}});
}

// --summary-only: the lock of --out, if it holds this very self-play
// (run.json of the same identity) and no running process holds it; else
// why not (FailedPrecondition naming the directory).
absl::StatusOr<DirLock> LockRunToSummarise(const match::MatchOptions& opts) {
  if (opts.dispatcher) return absl::InvalidArgumentError("--summary-only takes no --mpi");
  std::error_code ec;
  if (!std::filesystem::exists(std::filesystem::path(opts.out_dir) / "run.json", ec)) {
    return absl::FailedPreconditionError(
        absl::StrCat(opts.out_dir, " holds no self-play run (no run.json) to summarise"));
  }
  absl::StatusOr<DirLock> lock = match::LockMatchDirectory(opts.out_dir, /*must_resume=*/true);
  if (!lock.ok()) return lock.status();
  absl::StatusOr<nlohmann::json> run = match::OpenMatchRun(opts.out_dir, opts.id, true);
  if (!run.ok()) return run.status();
  return lock;
}

// The closing lines: side 0's tally over the finished games.
void PrintSelfPlaySummary(const match::MatchOptions& opts, const nlohmann::json& summary,
                          const match::MatchOutcome& r) {
  const nlohmann::json& all = summary["overall"];
  std::printf(
      "%s: %d games from %zu openings; the first player (side 0: Cathedral's dark) "
      "%d-%d-%d (W-D-L), score %.3f [%.3f, %.3f] (Wilson 95%%), mean margin %+.2f\n"
      "  this run played %d games, %d were finished before (engine play, not a proof)\n"
      "  wrote %s/selfplay.jsonl, %s/selfplay_summary.json (and the match files)\n",
      opts.out_dir.c_str(), all["games"].get<int>(), opts.id.openings.size(),
      all["wins"].get<int>(), all["draws"].get<int>(), all["losses"].get<int>(),
      all["score"].get<double>(), all["score_low"].get<double>(), all["score_high"].get<double>(),
      all["mean_margin"].get<double>(), r.played, r.resumed, opts.out_dir.c_str(),
      opts.out_dir.c_str());
  if (all["games"].get<int>() < summary["planned_games"].get<int>()) {
    std::printf("  %d of %d planned games: unfinished, continue it with --resume\n",
                all["games"].get<int>(), summary["planned_games"].get<int>());
  }
}

template <Game G>
absl::Status RunSelfPlayOf(const G& game, match::MatchOptions opts,
                           const engine::EngineConfig& config) {
  absl::StatusOr<std::pair<std::vector<match::Opening>, nlohmann::json>> openings =
      SelfPlayOpenings(game);
  if (!openings.ok()) return openings.status();
  opts.id = match::SelfPlayIdentity(
      {std::string(G::kName), game.variant(), game.size(), GameOptions(game)}, game.board_name(),
      config, std::move(openings->first), std::move(openings->second),
      absl::GetFlag(FLAGS_per_opening));
  if (absl::StatusOr<std::shared_ptr<const eval::LinearModel>> m =
          eval::ResolveModel(game, config.eval);
      !m.ok()) {
    return m.status();
  }
  match::MatchOutcome played;
  std::optional<DirLock> lock;  // --summary-only: held while the files are rewritten
  if (absl::GetFlag(FLAGS_summary_only)) {
    absl::StatusOr<DirLock> l = LockRunToSummarise(opts);
    if (!l.ok()) return l.status();
    lock.emplace(std::move(*l));
  } else {
    absl::StatusOr<match::MatchOutcome> r =
        opts.dispatcher ? match::RunMatch(game, opts, match::DispatchedPlayer{opts.dispatcher})
                        : match::RunMatch(game, opts);
    if (!r.ok()) return r.status();
    for (const std::string& note : r->notes)
      std::fprintf(stderr, "tav selfplay: note: %s\n", note.c_str());
    played = *r;
  }
  absl::StatusOr<nlohmann::json> summary =
      match::WriteSelfPlayFiles(game, opts.out_dir, opts.id, Provenance());
  if (!summary.ok()) return summary.status();
  PrintSelfPlaySummary(opts, *summary, played);
  return absl::OkStatus();
}

absl::Status RunSelfPlayCommand(const std::vector<std::string>& args) {
  if (!args.empty()) return absl::InvalidArgumentError("selfplay takes no positional arguments");
  absl::StatusOr<MpiRole> role = MpiRoleFromFlag([] { return dispatch::UnitSolver(PlayUnitText); });
  if (!role.ok()) return role.status();
  if (role->worker) return dispatch::ServeMpiUnits(role->solver);
  match::MatchOptions opts;
  opts.dispatcher = role->master;
  absl::StatusOr<engine::EngineConfig> config =
      engine::ParseEngineConfig(absl::GetFlag(FLAGS_config));
  if (!config.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("bad --config='", absl::GetFlag(FLAGS_config),
                                                   "': ", config.status().message()));
  }
  if (FlagGiven("seed")) config->seed = absl::GetFlag(FLAGS_seed);
  if (absl::Status s = RunDirFromFlags("the self-play's", opts); !s.ok()) return s;
  absl::StatusOr<GameSpec> spec = GameSpecFromFlags();
  if (!spec.ok()) return spec.status();
  return WithGame(*spec, [&](const auto& game) { return RunSelfPlayOf(game, opts, *config); });
}

std::vector<std::string_view> SelfPlayFlags() {
  return FlagList({kGameFlags,
                   {"config", "openings", "per-opening", "seed", "out", "resume", "summary-only",
                    "threads", "test-delay-ms", "mpi"}});
}

}  // namespace

Command SelfPlayCommand() {
  return {"selfplay", "one engine against itself from every opening: side 0's results",
          "Plays --per-opening games of the engine configuration --config against itself\n"
          "from each opening: --openings=FILE (one per line, moves from the start), or every\n"
          "first move up to symmetry (Cathedral classic: the 56 Cathedral placements on\n"
          "10x10). Each game's engines get seeds of their own (from --seed, or the\n"
          "configuration's), so with --noise=K games from one opening differ. Games are a\n"
          "match's (tav match): --threads at a time, each logged as it ends to\n"
          "OUT/games.jsonl, --resume after a kill, --mpi under mpirun. At the end\n"
          "OUT/selfplay.jsonl gets one selfplay_game record per game (every move, the\n"
          "margin for side 0, the first player: Cathedral's dark, whoever moves after the\n"
          "opening; exact_from_ply; configuration, seed, weights checksum) and\n"
          "OUT/selfplay_summary.json side 0's wins, draws, losses, score with its Wilson\n"
          "95% interval, mean margin and margin counts, per opening and overall (formats:\n"
          "data/README.md). --summary-only (the run's flags) writes those two files from\n"
          "the games an unfinished run has finished so far, playing nothing: interim\n"
          "results of a long run, which --resume then continues. Evidence from engine\n"
          "play, not a proof. Example:\n"
          "  tav selfplay --game=cathedral --size=10 --config=\"--budget-s=1 --noise=1\" \\\n"
          "      --per-opening=10 --out=runs/lehmann-selfplay --threads=2",
          SelfPlayFlags(), RunSelfPlayCommand};
}

}  // namespace tav::cli
