// An engine: chooses a move in a position under a configuration (config.h).
//
//   auto engine = engine::MakeEngine(game, config);   // StatusOr<unique_ptr<Engine<G>>>
//   engine::MoveChoice<G> c = (*engine)->Choose(pos);   // move, value, exact?, stats
//
// Design. Engine<G> is an interface with one virtual call per *move* (never
// per node): behind it, EngineFor<G, E> runs the search over E, which is G
// itself or G with a learned evaluate() (eval/evaluation.h), so callers (tav
// think, tav match, self-play, learning) hold one type per game whatever the
// evaluation. An engine owns its transposition table and keeps it from move
// to move of one game; NewGame() clears it, so a game's moves never depend on
// what an earlier game stored.
//
// STATUS: skeleton (issue #13): fullwidth search only, --depth/--budget-s;
// the node budget, exact play near the end, noise and the selective search
// are being built.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "core/game.h"
#include "engine/config.h"
#include "eval/evaluation.h"
#include "search/search.h"

namespace tav::engine {

template <Game G>
struct MoveChoice {
  typename G::Move move{};  // meaningless when the game is over (no move)
  int value = 0;            // for the side to move, the game's units
  bool exact = false;       // the value is game-theoretic (and the move optimal)
  int depth = 0;            // plies of the last completed iteration (exact: to the end)
  std::string search;       // which search chose it: "exact", "fullwidth", ...
  search::SearchStats stats;
};

template <Game G>
class Engine {
 public:
  virtual ~Engine() = default;
  // The move to play in `pos` (not over), with its value and statistics.
  virtual MoveChoice<G> Choose(const typename G::Position& pos) = 0;
  // Forget everything stored (call between games).
  virtual void NewGame() = 0;
  const EngineConfig& config() const { return config_; }

 protected:
  explicit Engine(EngineConfig config) : config_(std::move(config)) {}
  EngineConfig config_;
};

// The engine over E (G or Evaluated<G>), E sharing G's positions and moves.
template <Game G, Game E>
class EngineFor final : public Engine<G> {
 public:
  EngineFor(const E& game, EngineConfig config)
      : Engine<G>(std::move(config)), game_(game), solver_(game_, Options()) {}

  MoveChoice<G> Choose(const typename G::Position& pos) override {
    search::SolveResult<E> r = solver_.Solve(pos);
    MoveChoice<G> c;
    if (r.best_move) c.move = *r.best_move;
    c.value = r.value;
    c.exact = r.exact;
    c.depth = r.depth;
    c.search = r.exact ? "exact" : this->config_.search;
    c.stats = r.stats;
    return c;
  }
  void NewGame() override { solver_.Clear(); }

 private:
  search::SolveOptions Options() const {
    search::SolveOptions o;
    o.mode = search::Mode::kHeuristic;
    o.threads = 1;
    o.tt_mb = this->config_.tt_mb;
    o.max_depth = this->config_.depth;
    o.budget_seconds = this->config_.budget_s;
    o.pv = false;
    return o;
  }

  E game_;
  search::Solver<E> solver_;
};

// The engine `config` describes for `game`; errors name what does not
// resolve (an unknown evaluation or search, weights for another game).
template <Game G>
absl::StatusOr<std::unique_ptr<Engine<G>>> MakeEngine(const G& game, const EngineConfig& config) {
  std::unique_ptr<Engine<G>> made;
  absl::Status status = eval::WithEvaluation(game, config.eval, [&](const auto& e) {
    using E = std::decay_t<decltype(e)>;
    made = std::make_unique<EngineFor<G, E>>(e, config);
    return absl::OkStatus();
  });
  if (!status.ok()) return status;
  return made;
}

}  // namespace tav::engine
