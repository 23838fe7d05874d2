// The frontier solver the explorer uses by default for a game.
//
// A factory of per-thread solvers (explorer.h): each OpenMP worker calls it
// once, with the number of threads that one solver may use, and keeps its
// solver for every position it takes.
//
// Every worker's solver (search::Solver, the generic solver of solver/search)
// shares ONE transposition table of --tt-mb MiB: frontier positions of one
// opening transpose into each other a few plies down, so what one thread
// proves the others reuse, and the memory of the run is the table plus the
// explorer's own overhead (explorer.h), however many threads run.
#pragma once

#include <limits>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "explore/work_unit.h"
#include "search/search.h"

namespace tav::explore {

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
  FrontierSolverFactory(const G& game, int tt_mb) : game_(game), tt_mb_(tt_mb) {}

  // `threads`: how many threads the one solver made may use.
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
  mutable std::shared_ptr<search::TranspositionTable> tt_;
};

}  // namespace tav::explore
