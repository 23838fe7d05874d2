// The files of a match directory and the rules that keep them safe (the
// same rules as an exploration's, explore/run_files.h, whose helpers they
// reuse).
//
//   DIR/run.json       match_run (data/README.md): the match's identity (game,
//                      variant, size, board, options, both configurations,
//                      the openings, games, sprt), status and provenance;
//                      rewritten atomically at the start ("running") and at
//                      the end ("complete").
//   DIR/games.jsonl    match_game records (game_unit.h). While the match runs
//                      an append-only log, one fsync'ed line per finished game
//                      (core/atomic_file.h AppendLog), so a kill -9 loses only
//                      the games in progress; at the end rewritten atomically
//                      in game order.
//   DIR/summary.json   match_summary (summary.h), rewritten atomically after
//                      every game and at the end.
//   DIR/.lock          core/dir_lock.h: one run writes a directory at a time.
//
// A directory another command wrote (an exploration's run.json, a retrograde
// database's manifest.json) is refused, as is games.jsonl without run.json;
// an explicit --resume is refused where there is nothing to resume. A
// resumed match must have the same identity as the one that wrote DIR
// (FailedPrecondition naming the first key that differs): mixing games of two
// different matches would be a silently wrong answer. The thread count is not
// part of the identity: a game's record does not depend on it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/dir_lock.h"
#include "engine/config.h"
#include "match/game_unit.h"
#include "match/openings.h"
#include "match/summary.h"
#include "nlohmann/json.hpp"

namespace tav::match {

// What defines a match (a resume must match all of it).
struct MatchIdentity {
  GameSpec spec;  // canonical (the game's variant, size and options)
  std::string board;
  engine::EngineConfig a, b;
  std::vector<Opening> openings;
  nlohmann::json openings_source;  // {"file": PATH} or {"random", "plies", "seed"}; not checked
  int games = 0;                   // even: each opening twice, colours swapped
  std::optional<SprtSpec> sprt;
  // Self-play (selfplay.h): when > 0, game g plays opening g / this, and each
  // game's engines get seeds of their own (PlanUnits).
  int games_per_opening = 0;

  // The identity keys of run.json (and openings_source).
  void PutInto(nlohmann::json& run) const;
};

// The games of a match: game g plays opening (g / 2) mod N, engine a first
// when g is even (so each opening is played twice with colours swapped, and
// the openings are cycled when there are more games than 2N). A self-play
// plan (games_per_opening = K > 0): game g plays opening g / K, and engine
// a's seed is Mix64(a.seed ^ Mix64(2g + 1)), b's Mix64(b.seed ^ Mix64(2g + 2)),
// so that games from one opening differ where the engines' noise draws.
std::vector<GameUnit> PlanUnits(const MatchIdentity& id);

// Locks DIR for one match run (see the top); FailedPrecondition naming DIR
// for a foreign directory, nothing to resume with `must_resume`, or a
// directory another run holds. Nothing is written into DIR before the checks.
absl::StatusOr<DirLock> LockMatchDirectory(const std::string& dir, bool must_resume);

// The run.json of the match being resumed (null for a new match), or why
// this match may not use DIR: run.json present without `resume`
// (AlreadyExists), a different identity or a damaged run.json
// (FailedPrecondition / DataLoss), games.jsonl without run.json.
absl::StatusOr<nlohmann::json> OpenMatchRun(const std::string& dir, const MatchIdentity& id,
                                            bool resume);

// OK if `record` is a match_game record of one of `units` (the plan): a
// planned game index, that unit's opening, colours and configurations, and
// the result keys the summary reads; otherwise DataLoss saying what is wrong.
absl::Status CheckGameRecord(const nlohmann::json& record, const std::vector<GameUnit>& units);

// The finished games of DIR/games.jsonl, each checked against `units` (the
// plan): a match_game record of a planned game index, given once, with that
// unit's opening, colours and configurations; otherwise DataLoss naming the
// line. `valid_bytes`/`torn_tail` as explore::LoadResults (a torn last line,
// a game a kill cut in half, is dropped).
struct LoadedGames {
  std::vector<nlohmann::json> records;
  long long valid_bytes = 0;
  bool torn_tail = false;
};
absl::StatusOr<LoadedGames> LoadGames(const std::string& path, const std::vector<GameUnit>& units);

}  // namespace tav::match
