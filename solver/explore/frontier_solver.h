// The frontier solver the explorer uses by default for a game.
//
// A factory of per-thread solvers (explorer.h): each OpenMP worker calls it
// once, with the number of threads that one solver may use, and keeps its
// solver for every position it takes.
//
// Exact, WLD and threshold positions: every worker's solver (search::Solver, the generic
// solver of solver/search) shares ONE transposition table of --tt-mb MiB:
// frontier positions of one opening transpose into each other a few plies
// down, so what one thread proves the others reuse, and the memory of the run
// is the table plus the explorer's own overhead (explorer.h), however many
// threads run. Sharing cannot change a value: exact entries are true bounds.
//
// Search mode (depth-limited, heuristic) positions: each is searched by one
// thread on a table private to its worker and cleared before every position.
// Heuristic bounds are not true bounds, and which ones a search meets (an
// entry of sufficient draft stored by another position's search, or by
// another thread of its own) changes the value it returns; without sharing,
// a position's record (value, kind, best move, PV) is a function of the
// position, its limits and --tt-mb alone, so a run gives the same records
// with any --threads and in any order (a --budget-s search still depends on
// the machine's speed). The cost: memory up to one --tt-mb table per thread
// (pages are only touched as a search writes them, and dropped by each
// clear), and a position never gets more than one thread, which only a run
// with fewer frontier positions than threads would have used.
//
// Search mode with an engine configuration (SearchLimits::engine, `tav
// explore --engine`): each worker's solver is an EngineUnitSolver, which
// searches each position with a fresh engine from the factory's EngineMaker
// (explore/engine_solver.h); no shared table is made. FrontierSolver holds
// either kind, so the explorer is instantiated once per game whichever a run
// uses (the price: one branch per position, none per node).
#pragma once

#include <algorithm>
#include <exception>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "explore/engine_solver.h"
#include "explore/work_unit.h"
#include "search/search.h"

namespace tav::explore {

// A work-unit solver over search::Solver: exact and WLD positions on the
// shared table `tt`, search-mode positions on a private table of `tt_mb` MiB
// (made at the first such position), cleared before each one.
template <Game G>
class TtUnitSolver {
 public:
  using Position = typename G::Position;

  TtUnitSolver(const G& game, std::shared_ptr<search::TranspositionTable> tt, int tt_mb,
               int threads)
      : game_(game),
        solver_(game, search::SolveOptions{}, std::move(tt)),
        tt_mb_(tt_mb),
        threads_(threads) {}

  UnitResult Solve(const Position& pos, const SearchLimits& limits) {
    search::SolveOptions o;
    o.threads = limits.mode == Mode::kSearch ? 1 : threads_;
    o.pv = true;
    switch (limits.mode) {
      case Mode::kExact:
        o.mode = search::Mode::kExact;
        o.cancel = limits.cancel;
        break;
      case Mode::kWld:
        o.mode = search::Mode::kWld;
        o.cancel = limits.cancel;
        break;
      case Mode::kThreshold:
        o.mode = search::Mode::kThreshold;
        o.threshold = search::MoverThreshold(game_.side_to_move(pos), limits.threshold);
        o.cancel = limits.cancel;
        break;
      case Mode::kSearch:
        o.mode = search::Mode::kHeuristic;
        o.max_depth = limits.budget_s > 0 ? 0 : limits.depth;
        o.budget_seconds = limits.budget_s;
        // Iterative deepening already orders moves through the table; the
        // per-child sort searches (tuned for exact endgames, in units of
        // remaining()) would multiply the cost of every node by its
        // branching factor on boards like 10x10 Cathedral.
        o.params.sort_search_min_work = std::numeric_limits<int>::max();
        break;
    }
    search::Solver<G>& solver = limits.mode == Mode::kSearch ? ClearedPrivateSolver() : solver_;
    solver.set_options(o);
    const search::SolveResult<G> r = solver.Solve(pos);
    UnitResult u;
    if (limits.mode != Mode::kSearch && !r.complete) {
      u.complete = false;  // cancelled: no value, nothing to record
      return u;
    }
    if (limits.mode == Mode::kExact) {
      u.value = ExactValue(r.value);
    } else if (limits.mode == Mode::kWld) {
      u.value = WldValue(r.value, G::kMaxValue);
    } else if (limits.mode == Mode::kThreshold) {
      const int v = std::clamp(r.value, -G::kMaxValue, G::kMaxValue);
      if (r.exact) {
        u.value = ExactValue(v);  // the game was over
      } else {
        u.value = v >= o.threshold ? LowerBound(v, G::kMaxValue) : UpperBound(v, G::kMaxValue);
      }
    } else if (!r.complete) {
      // Not even one iteration within the budget: the evaluation itself.
      u.value = HeuristicValue(0, 0, G::kMaxValue);
    } else {
      u.value = r.exact ? ExactValue(r.value) : HeuristicValue(r.value, r.depth, G::kMaxValue);
    }
    // (A threshold search's line is its first move: proven to reach the
    // bound, the rest unknown.)
    Position p = pos;
    for (const auto& m : r.pv) {
      u.pv.push_back(game_.move_string(p, m));
      game_.play(p, m);
    }
    if (r.best_move) u.best_move = game_.move_string(pos, *r.best_move);
    u.nodes = r.stats.nodes;
    u.seconds = r.stats.seconds;
    u.tt_probes = r.stats.tt_probes;
    u.tt_hits = r.stats.tt_hits;
    u.threads = r.stats.threads;
    return u;
  }

 private:
  // The search-mode solver, its table empty: nothing another position's
  // search stored can reach this one.
  search::Solver<G>& ClearedPrivateSolver() {
    if (private_solver_ == nullptr) {
      private_solver_ = std::make_unique<search::Solver<G>>(
          game_, search::SolveOptions{},
          std::shared_ptr<search::TranspositionTable>(
              search::TranspositionTable::WithMegabytes(tt_mb_)));
    } else {
      private_solver_->Clear();
    }
    return *private_solver_;
  }

  const G& game_;
  search::Solver<G> solver_;
  int tt_mb_;
  int threads_;
  std::unique_ptr<search::Solver<G>> private_solver_;
};

// One worker's frontier solver: a TtUnitSolver, or an EngineUnitSolver in a
// run with an engine configuration.
template <Game G>
class FrontierSolver {
 public:
  using Position = typename G::Position;

  // A TtUnitSolver (its arguments).
  FrontierSolver(const G& game, std::shared_ptr<search::TranspositionTable> tt, int tt_mb,
                 int threads) {
    table_.emplace(game, std::move(tt), tt_mb, threads);
  }
  // An EngineUnitSolver.
  explicit FrontierSolver(EngineUnitSolver<G> engine) { engine_.emplace(std::move(engine)); }

  UnitResult Solve(const Position& pos, const SearchLimits& limits) {
    return engine_ ? engine_->Solve(pos, limits) : table_->Solve(pos, limits);
  }

 private:
  std::optional<TtUnitSolver<G>> table_;
  std::optional<EngineUnitSolver<G>> engine_;
};

template <Game G>
class FrontierSolverFactory {
 public:
  // `engines`: a run with an engine configuration (EngineMakerFor), whose
  // solvers search with its engines; empty: TtUnitSolvers on tables of
  // `tt_mb` MiB.
  FrontierSolverFactory(const G& game, int tt_mb, EngineMaker<G> engines = {})
      : game_(game), tt_mb_(tt_mb), engines_(std::move(engines)) {}

  // `threads`: how many threads the one solver made may use (an engine
  // uses one). Throws std::bad_alloc when a table cannot be allocated.
  FrontierSolver<G> operator()(int threads) const {
    if (engines_) return FrontierSolver<G>(EngineUnitSolver<G>(game_, engines_));
    // The table is made once, by the first worker to ask (in the parallel
    // region). std::bad_alloc is rethrown outside the critical section, which
    // an exception must not leave.
    std::exception_ptr failed;
#pragma omp critical(tav_explore_tt)
    {
      try {
        if (!tt_)
          tt_ = std::shared_ptr<search::TranspositionTable>(
              search::TranspositionTable::WithMegabytes(tt_mb_));
      } catch (...) {
        failed = std::current_exception();
      }
    }
    if (failed) std::rethrow_exception(failed);
    return FrontierSolver<G>(game_, tt_, tt_mb_, threads);
  }
  // The table the exact and WLD solvers share, made now if no solver has
  // made it yet (explore/table_checkpoint.h saves it); null for an engine run.
  // Throws std::bad_alloc as operator() does.
  search::TranspositionTable* shared_table() const {
    if (engines_) return nullptr;
    if (!tt_) {
      tt_ = std::shared_ptr<search::TranspositionTable>(
          search::TranspositionTable::WithMegabytes(tt_mb_));
    }
    return tt_.get();
  }
  std::string name() const {
    if (engines_) {
      return absl::StrCat("engine '", engines_.config,
                          "' (a fresh one per position, one thread each)");
    }
    return absl::StrCat(
        "search::Solver, TT of ", tt_mb_,
        " MiB (exact/wld/threshold: shared; search: one per thread, cleared per position)");
  }

 private:
  const G& game_;
  int tt_mb_;
  EngineMaker<G> engines_;
  mutable std::shared_ptr<search::TranspositionTable> tt_;
};

}  // namespace tav::explore
