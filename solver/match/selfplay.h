// Self-play: many games of one engine configuration against itself from each
// of a set of openings, as evidence of who wins them (Lehmann's question:
// does the side that builds first win from every Cathedral placement?).
//
// Design. A self-play run is a match (match.h) whose two engines have the
// same configuration and whose plan (run_files.h PlanUnits with
// games_per_opening = K) plays K games from each opening, each game's
// engines with seeds of their own, so that an engine with noise (engine/
// config.h: a move drawn among those within `noise` of the best) plays
// different games from one opening. Everything a match has comes with it:
// games are independent units (threads, `--mpi`), each logged as it ends,
// `--resume` after a kill, the identity check. At the end the match's
// records are restated for the question asked (SelfPlayRecord): does side 0
// (core/game.h: the first player, dark in Cathedral, the first to build)
// win? The record's `margin` is the final value for side 0 whoever moves
// after the opening (the record's `mover`: dark after a Cathedral placement,
// light after a Lehmann first building), and SelfPlaySummary gives per
// opening and overall side 0's wins, draws and losses, its score with the
// Wilson 95% interval, the mean margin and the margin distribution (schema 2;
// schema 1 gave the mover's). Trade-off: the
// records are written twice (the match's log during the run, the self-play
// file at its end), which keeps the match's resume machinery as it is; the
// self-play files are rewritten from the log by every run, so they always
// cover every finished game.
//
// What it is: evidence from engine play, not a proof. An engine's mistakes
// are shared by both sides; the exact solver finishes every game once its
// position is within reach (exact_from_ply).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "core/atomic_file.h"
#include "core/game.h"
#include "core/game_options.h"
#include "core/record_header.h"
#include "core/setup.h"
#include "eval/evaluation.h"
#include "eval/linear_model.h"
#include "match/run_files.h"
#include "nlohmann/json.hpp"

namespace tav::match {

// The schema of selfplay_game and selfplay_summary records: 2 since their
// margins and tallies are side 0's (1: the mover's).
inline constexpr int kSelfPlaySchema = 2;

// The plan of a self-play run as a match identity: a == b == config, K games
// per opening (games = K * openings).
MatchIdentity SelfPlayIdentity(GameSpec spec, std::string board, const engine::EngineConfig& config,
                               std::vector<Opening> openings, nlohmann::json openings_source,
                               int games_per_opening);

// The selfplay_game record (data/README.md) of a match_game record whose
// opening leaves side `mover` to move; `header` is the record header (game,
// variant, size, board, options), `weights` the configuration's weights
// checksum (null for the handmade evaluation).
nlohmann::json SelfPlayRecord(const nlohmann::json& match_game, int mover,
                              const nlohmann::json& header, const nlohmann::json& weights);

// The Wilson score interval at 95% of `points` out of n games (a draw is half
// a point), as {low, high}; {0, 1} for n = 0.
std::pair<double, double> WilsonInterval(double points, int n);

// The selfplay_summary of `records` (selfplay_game, any order) over
// `openings`: per opening (in order) and overall, side 0's wins, draws,
// losses, score, Wilson interval, mean margin and margin counts.
nlohmann::json SelfPlaySummary(const std::vector<nlohmann::json>& records,
                               const std::vector<Opening>& openings);

// Rewrites DIR/selfplay.jsonl (one selfplay_game record per finished game, in
// game order) and DIR/selfplay_summary.json, atomically, from DIR/games.jsonl
// of the self-play `id`; returns the summary. Errors as LoadGames, or
// InvalidArgument for an opening that does not replay.
template <Game G>
absl::StatusOr<nlohmann::json> WriteSelfPlayFiles(const G& game, const std::string& dir,
                                                  const MatchIdentity& id,
                                                  const nlohmann::json& provenance) {
  absl::StatusOr<LoadedGames> loaded = LoadGames(dir + "/games.jsonl", PlanUnits(id));
  if (!loaded.ok()) return loaded.status();
  std::vector<int> mover;  // per opening: the side to move after it
  for (const Opening& o : id.openings) {
    absl::StatusOr<typename G::Position> pos = PlayMoves(game, game.start(), absl::StrJoin(o, " "));
    if (!pos.ok()) return pos.status();
    mover.push_back(game.side_to_move(*pos));
  }
  nlohmann::json weights = nullptr;
  absl::StatusOr<std::shared_ptr<const eval::LinearModel>> model =
      eval::ResolveModel(game, id.a.eval);
  if (model.ok() && *model != nullptr) weights = eval::ModelChecksum(**model);
  const nlohmann::json header = RecordHeader(game, "selfplay_game", kSelfPlaySchema);
  std::vector<nlohmann::json> records;
  for (const nlohmann::json& r : loaded->records) {
    const int opening = r.at("opening_index").get<int>();
    records.push_back(
        SelfPlayRecord(r, mover.at(static_cast<std::size_t>(opening)), header, weights));
  }
  std::sort(records.begin(), records.end(), [](const nlohmann::json& x, const nlohmann::json& y) {
    return x.at("game_index").get<int>() < y.at("game_index").get<int>();
  });
  std::string text;
  for (const nlohmann::json& r : records) absl::StrAppend(&text, r.dump(), "\n");
  if (absl::Status s = WriteFileAtomically(dir + "/selfplay.jsonl", text); !s.ok()) return s;
  nlohmann::json summary = RecordHeader(game, "selfplay_summary", kSelfPlaySchema);
  summary.update(SelfPlaySummary(records, id.openings));
  summary["config"] = engine::EngineConfigString(id.a);
  summary["weights_checksum"] = weights;
  summary["games_per_opening"] = id.games_per_opening;
  summary["planned_games"] = id.games;
  summary["provenance"] = provenance;
  if (absl::Status s = WriteFileAtomically(dir + "/selfplay_summary.json", summary.dump(1) + "\n");
      !s.ok()) {
    return s;
  }
  return summary;
}

}  // namespace tav::match
