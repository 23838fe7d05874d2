// The unit of work of an exploration: one frontier position to solve or
// search, and its result.
//
// A unit is independent of every other and fully described by text: the game
// spec (game, variant, size, options), the position string and the search
// limits. Its result is text too (value with its kind, best move and PV in
// notation, statistics). So a unit can be shipped to another process or
// machine and its result shipped back as one JSON line: an MPI (or ssh, or
// batch-queue) dispatcher only has to send WorkUnit::ToJson(), run
// `tav explore --unit=JSON` (or SolveUnit() in-process) on the worker, and
// append the returned result to the master's results log as the local threads
// do. Nothing in a unit refers to memory of the master: no node indices, no
// pointers, no shared transposition table (sharing a TT is an optimisation
// local to one process).
//
// JSON forms (schema 1; readers reject other schemas):
//   unit:   {"schema":1, "kind":"explore_unit", "game", "variant", "size",
//            "options", "position", "mode", "depth", "budget_s", "tt_mb"
//            [, "engine"] [, "threshold"]}
//          (units written before "options" carry "pieces" and "empty_columns"
//          instead, still read: core/game_options.h; "engine" only in runs
//          that search with an engine configuration, "threshold" only in
//          mode "threshold")
//   result: {"schema":1, "kind":"explore_unit_result", "position", "value",
//            "value_kind", "bound", "depth", "lower", "upper", "best_move",
//            "pv", "move_values":[{"move","value","value_kind",...}],
//            "nodes", "seconds", "tt_probes", "tt_hits", "threads"
//            [, "search"]}
// The value keys are the same as in explore_position records (data/README.md).
// The optional keys are absent rather than empty, so the units and results of
// runs without an engine are the same text as before engines existed.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "core/game.h"
#include "core/proven_value.h"
#include "nlohmann/json.hpp"

namespace tav::explore {

// kThreshold: whether the first player's value (value_first_player: side 0's)
// is at least SearchLimits::threshold, each frontier position proving a bound
// on one side of it (a null-window search: where only that question matters,
// e.g. "does dark win?" at threshold 1, far cheaper than win/draw/loss).
enum class Mode { kExact, kWld, kSearch, kThreshold };
std::string_view ModeName(Mode mode);
absl::StatusOr<Mode> ParseMode(std::string_view name);

struct SearchLimits {
  Mode mode = Mode::kExact;
  int depth = 0;        // kSearch: fixed depth in plies (used when budget_s == 0)
  double budget_s = 0;  // kSearch: seconds per position, iterative deepening
  // kSearch: an engine configuration, canonical text (engine::EngineConfigString;
  // explore/engine_solver.h), whose own budget replaces depth and budget_s
  // (both 0); empty: search::Solver with the game's evaluate(). (`= {}`:
  // initialisers of the first three members alone stay warning-free.)
  std::string engine = {};
  // kThreshold: the first player's value asked about, in the game's units.
  int threshold = 0;
  // kExact, kWld, kThreshold on this machine (never sent with a unit): set from outside to
  // stop the search at once; the result then has complete = false.
  const std::atomic<bool>* cancel = nullptr;
};

struct WorkUnit {
  GameSpec spec;
  std::string position;
  SearchLimits limits;
  int tt_mb = 0;

  nlohmann::json ToJson() const;
  static absl::StatusOr<WorkUnit> FromJson(const nlohmann::json& j);
};

struct UnitResult {
  Value value;
  std::string best_move;  // empty when the game is over
  std::vector<std::string> pv;
  std::vector<MoveValue> move_values;  // optional: values of individual moves
  std::uint64_t nodes = 0;
  double seconds = 0;
  std::uint64_t tt_probes = 0, tt_hits = 0;
  int threads = 1;
  std::string search;    // engine runs: the search that chose ("exact", "selective", ...)
  bool complete = true;  // false: stopped by SearchLimits::cancel, no value (not recorded)

  double tt_hit_rate() const {
    return tt_probes ? static_cast<double>(tt_hits) / static_cast<double>(tt_probes) : 0.0;
  }
};

nlohmann::json ResultToJson(const UnitResult& r, std::string_view position);
// Parses the result form above, or the same keys of an explore_position record.
absl::StatusOr<UnitResult> ResultFromJson(const nlohmann::json& j, int max_value);

// The value keys of a record: value, value_kind, bound, depth, lower, upper.
void PutValue(nlohmann::json& j, const Value& v);
absl::StatusOr<Value> GetValue(const nlohmann::json& j, int max_value);

}  // namespace tav::explore
