// The frontier solver the explorer uses by default for a game.
//
// A factory of per-thread solvers (explorer.h): each OpenMP worker calls it
// once and keeps its solver for every position it takes. Until the generic
// TT solver (solver/search) is available this is the plain alpha-beta
// reference solver, which is exact but only practical on small boards.
#pragma once

#include <string>

#include "core/game.h"
#include "explore/alphabeta_solver.h"

namespace tav::explore {

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

}  // namespace tav::explore
