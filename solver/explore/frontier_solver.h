// The frontier solver the explorer uses by default for a game.
//
// A factory of per-thread solvers (explorer.h): each OpenMP worker calls it
// once, with the number of threads that one solver may use, and keeps its
// solver for every position it takes.
//
// With the generic TT solver (solver/search) available, every worker's solver
// shares ONE transposition table of --tt-mb MiB: frontier positions of one
// opening transpose into each other a few plies down, so what one thread
// proves the others reuse, and the memory of the run is the table plus the
// explorer's own overhead (explorer.h), however many threads run. Without it
// the factory falls back to the plain alpha-beta reference solver (exact, but
// only practical on small boards).
#pragma once

#include <limits>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "explore/alphabeta_solver.h"
#include "explore/work_unit.h"

#if __has_include("search/search.h")
#include "search/search.h"
#define TAV_EXPLORE_HAS_TT_SOLVER 1
#endif

namespace tav::explore {

#ifdef TAV_EXPLORE_HAS_TT_SOLVER

// A work-unit solver over search::Solver, on a (shared) table.
template <Game G>
class TtUnitSolver {
 public:
  using Position = typename G::Position;

  TtUnitSolver(const G& game, std::shared_ptr<search::TranspositionTable> tt, int threads)
      : game_(game), solver_(game, search::SolveOptions{}, std::move(tt)), threads_(threads) {}

  UnitResult Solve(const Position& pos, const SearchLimits& limits) {
    search::SolveOptions o;
    o.threads = threads_;
    o.pv = true;
    switch (limits.mode) {
      case Mode::kExact:
        o.mode = search::Mode::kExact;
        break;
      case Mode::kWld:
        o.mode = search::Mode::kWld;
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
    solver_.set_options(o);
    const search::SolveResult<G> r = solver_.Solve(pos);
    UnitResult u;
    if (limits.mode == Mode::kExact) {
      u.value = ExactValue(r.value);
    } else if (limits.mode == Mode::kWld) {
      u.value = WldValue(r.value, G::kMaxValue);
    } else if (!r.complete) {
      // Not even one iteration within the budget: the evaluation itself.
      u.value = HeuristicValue(0, 0, G::kMaxValue);
    } else {
      u.value = r.exact ? ExactValue(r.value) : HeuristicValue(r.value, r.depth, G::kMaxValue);
    }
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
  const G& game_;
  search::Solver<G> solver_;
  int threads_;
};

template <Game G>
class FrontierSolverFactory {
 public:
  FrontierSolverFactory(const G& game, int tt_mb, int threads)
      : game_(game), tt_mb_(tt_mb), threads_(threads) {}

  TtUnitSolver<G> operator()(int threads) const {
    // The table is made once, by the first worker to ask (in the parallel region).
#pragma omp critical(tav_explore_tt)
    if (!tt_)
      tt_ = std::shared_ptr<search::TranspositionTable>(
          search::TranspositionTable::WithMegabytes(tt_mb_));
    return TtUnitSolver<G>(game_, tt_, threads);
  }
  std::string name() const { return absl::StrCat("search::Solver, shared TT of ", tt_mb_, " MiB"); }

 private:
  const G& game_;
  int tt_mb_;
  [[maybe_unused]] int threads_;
  mutable std::shared_ptr<search::TranspositionTable> tt_;
};

#else  // no TT solver in this build

template <Game G>
class FrontierSolverFactory {
 public:
  FrontierSolverFactory(const G& game, int tt_mb, int threads)
      : game_(game), tt_mb_(tt_mb), threads_(threads) {}

  // `threads`: what one solver may use (the reference solver uses one).
  AlphaBetaUnitSolver<G> operator()(int threads) const {
    (void)threads;
    return AlphaBetaUnitSolver<G>(game_);
  }
  std::string name() const { return "alphabeta (reference, no TT)"; }

 private:
  const G& game_;
  [[maybe_unused]] int tt_mb_;
  [[maybe_unused]] int threads_;
};

#endif

}  // namespace tav::explore
