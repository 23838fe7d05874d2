// Search-mode frontier positions searched by an engine configuration
// (engine/config.h; `tav explore --mode=search --engine=CONFIG`) instead of
// the generic search::Solver with the game's own evaluate().
//
// Design. The configuration is part of the run's identity and travels as
// text: SearchLimits::engine holds its canonical form (EngineConfigString),
// so run.json, --resume's check and the work units of remote workers carry
// and compare it as they do a depth, and a worker rebuilds the same engine
// from the unit alone. Each explorer thread searches one position at a time
// with an engine of its own (engine::MakeEngine: its own transposition
// table), made afresh for every position: a record is then a function of the
// position and the configuration alone, as with search mode's cleared
// private table (frontier_solver.h), so a run with a depth or node budget
// gives the same records with any --threads, in any order, and the same as
// `tav think` with that configuration, statistics included (a kept engine
// with NewGame() between positions would give the same records; a fresh one
// needs no such discipline). A fresh engine costs an mmap of its table
// (pages are only touched as the search writes) and resolving its
// evaluation: milliseconds, against searches of seconds.
//
// A record (EngineUnitSolver::Solve) holds the engine's choice: its value
// for the side to move, exact when the engine played exactly
// (MoveChoice::exact: its exact solver finished within its share of the
// budget, or the search saw every leaf to the end), else heuristic at the
// depth of its last completed iteration; its move, which is also the whole
// PV (an engine reports no line); its nodes, seconds and table statistics;
// and the search that chose ("exact", "selective", "fullwidth").
//
// Trade-offs. An engine search uses one thread, so a position never gets
// more (only runs with fewer frontier positions than threads lose by it).
// Memory is one engine table per thread (the last position's is freed before
// the next one's is made). Its size is the configuration's --tt-mb where the
// text sets one, else the run's --tt-mb (ExploreEngineConfig): the resolved
// size is in the canonical text, so a resume with another --tt-mb is
// refused, as the table can change a heuristic value.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/statusor.h"
#include "core/game.h"
#include "core/proven_value.h"
#include "engine/config.h"
#include "engine/engine.h"
#include "explore/work_unit.h"

namespace tav::explore {

// `text` (an engine configuration) as the configuration of a run whose
// --tt-mb is `tt_mb`: parsed by engine::ParseEngineConfig (its
// InvalidArgument names the bad token), the engine's table `tt_mb` MiB
// unless the text sets --tt-mb.
absl::StatusOr<engine::EngineConfig> ExploreEngineConfig(std::string_view text, int tt_mb);

// `limits` searched by the engine `text` describes (ExploreEngineConfig):
// engine set to the canonical text, depth and budget_s cleared (the
// configuration's own budget applies). FailedPrecondition unless
// limits.mode is kSearch; InvalidArgument for a bad configuration.
absl::StatusOr<SearchLimits> SearchWithEngine(SearchLimits limits, std::string_view text,
                                              int tt_mb);

// Makes the engines of one run, one per call (one per position searched).
// Empty (false) for a run without an engine.
template <Game G>
struct EngineMaker {
  std::string config;  // canonical text (engine::EngineConfigString)
  std::function<std::unique_ptr<engine::Engine<G>>()> make;

  explicit operator bool() const { return static_cast<bool>(make); }
};

// The maker of limits.engine's engines for `game` (an empty maker when
// limits.engine is empty). InvalidArgument, one line, when the text does not
// parse or `game` cannot build that engine (no evaluation, weights of
// another game or board): checked here, once, by building one with a 1 MiB
// table, so make() itself cannot fail but for memory (std::bad_alloc).
template <Game G>
absl::StatusOr<EngineMaker<G>> EngineMakerFor(const G& game, const SearchLimits& limits) {
  if (limits.engine.empty()) return EngineMaker<G>{};
  absl::StatusOr<engine::EngineConfig> config = engine::ParseEngineConfig(limits.engine);
  if (!config.ok()) return config.status();
  engine::EngineConfig probe = *config;
  probe.tt_mb = 1;
  if (auto made = engine::MakeEngine(game, probe); !made.ok()) return made.status();
  return EngineMaker<G>{limits.engine, [game, c = *config] {
                          // Cannot fail: the same configuration was built above.
                          return std::move(engine::MakeEngine(game, c).value());
                        }};
}

// A frontier solver over engines from one maker: each position searched by
// a fresh one.
template <Game G>
class EngineUnitSolver {
 public:
  using Position = typename G::Position;

  // `game` must outlive the solver; `engines` is not empty.
  EngineUnitSolver(const G& game, EngineMaker<G> engines)
      : game_(&game), engines_(std::move(engines)) {}

  // The choice of a fresh engine in `pos` (not over) as a record (the
  // header); `limits` (mode search, the engine's text) made the maker.
  // Throws std::bad_alloc when the engine's table cannot be allocated.
  UnitResult Solve(const Position& pos, const SearchLimits& /*limits*/) {
    // Local: its table is freed before the next position's is made.
    const engine::MoveChoice<G> c = engines_.make()->Choose(pos);
    UnitResult u;
    u.value = c.exact ? ExactValue(c.value) : HeuristicValue(c.value, c.depth, G::kMaxValue);
    u.best_move = game_->move_string(pos, c.move);
    u.pv = {u.best_move};
    u.nodes = c.stats.nodes;
    u.seconds = c.stats.seconds;
    u.tt_probes = c.stats.tt_probes;
    u.tt_hits = c.stats.tt_hits;
    u.threads = 1;
    u.search = c.search;
    return u;
  }

 private:
  const G* game_;
  EngineMaker<G> engines_;
};

}  // namespace tav::explore
