// An engine: chooses a move in a position under a configuration (config.h).
//
//   auto engine = engine::MakeEngine(game, config);   // StatusOr<unique_ptr<Engine<G>>>
//   engine::MoveChoice<G> c = (*engine)->Choose(pos);   // move, value, exact?, stats
//
// Design. Engine<G> is an interface with one virtual call per *move* (never
// per node): behind it, EngineFor<G, E> runs the search over E, which is G
// itself or G with a learned evaluate() (eval/evaluation.h), so callers (tav
// think, tav match, self-play, learning) hold one type per game whatever the
// evaluation. An engine owns one transposition table, shared by its exact
// solver and its heuristic search, and keeps it from move to move of one
// game; NewGame() clears it, so a game's moves never depend on what an
// earlier game stored.
//
// One move (Choose), in steps:
//   1. Exact play near the end (config.exact): when Knuth's estimate of the
//      exact solver's work (core/tree_estimate.h, seeded playouts: the same
//      position gives the same estimate) is within reach of the exact share of
//      the budget (ExactShare below: half the nodes of a --nodes budget, so a
//      node-budgeted engine stays deterministic, else half the seconds), the
//      exact solver runs with that share. If it finishes, its move is played
//      and the choice says exact / "exact". If not, the nodes and time it
//      spent count against the move's budget, and what it stored (exact
//      bounds) stays in the table for the heuristic search.
//   2. The heuristic search with the rest of the budget: "fullwidth" (the
//      solver's iterative deepening, search/search.h; commit b1c7f2e's
//      engine) or "selective" (search/selective.h: forward pruning to the
//      best children by a one-ply evaluation). It gives the last completed
//      iteration; should none complete within the budget (a full-width
//      10x10 Cathedral root sorts its moves by a two-ply search first:
//      millions of nodes), every move is scored one ply deep without a budget
//      (one evaluation per move), so there is always a move.
//   3. Noise (config.noise > 0): config.h says what it chooses; each root
//      move the search keeps at the depth of its answer (every move for
//      "fullwidth"; the selective search's kept root moves, a few dozen of
//      hundreds on 10x10 Cathedral, so the tests cost about one more search
//      instead of ten) is tested against the threshold by a null-window
//      search of its child one ply shallower, with the heuristic search's
//      pruning. Exact choices are not randomised.
// Trade-off: the exact attempt costs up to half a move's budget in positions
// the estimate wrongly thinks solvable (it errs high, so rarely), for moves
// that are certainly right once the end is in reach.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <concepts>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"
#include "core/hash.h"
#include "core/tree_estimate.h"
#include "engine/config.h"
#include "eval/evaluation.h"
#include "search/search.h"
#include "search/selective.h"
#include "search/tt.h"
#include "search/values.h"

namespace tav::engine {

template <Game G>
struct MoveChoice {
  typename G::Move move{};    // meaningless when the game is over (no move)
  int value = 0;              // for the side to move, the game's units
  bool exact = false;         // the value is game-theoretic (and the move optimal)
  int depth = 0;              // plies of the last completed iteration (exact: 0, to the end)
  std::string search;         // which search chose it: "exact", "fullwidth", "selective"
  search::SearchStats stats;  // every search of the move together (exact attempt, noise tests)
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

// The share of a move's budget the exact attempt may spend, and how many
// nodes that is: half a node budget; else half the seconds at an assumed
// speed (the estimate is only good to a factor of 100 anyway); a depth-only
// budget gets a fixed number of nodes.
struct ExactShare {
  static constexpr double kFraction = 0.5;
  static constexpr double kAssumedNodesPerSecond = 1e6;
  static constexpr std::uint64_t kDepthOnlyNodes = 2'000'000;
  // The estimate errs high by a few orders of magnitude (tree_estimate.h): a
  // solve estimated at up to this many times the share is tried.
  static constexpr double kEstimateSlack = 100;

  std::uint64_t nodes = 0;  // the node budget of the attempt (0: none)
  double seconds = 0;       // its time budget (0: none)
  double reach = 0;         // nodes the attempt can be expected to search

  static ExactShare For(const EngineConfig& c) {
    ExactShare s;
    if (c.nodes > 0) {
      s.nodes = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(c.nodes * kFraction));
      s.reach = static_cast<double>(s.nodes);
    }
    if (c.budget_s > 0) {
      s.seconds = c.budget_s * kFraction;
      const double by_time = s.seconds * kAssumedNodesPerSecond;
      s.reach = s.reach > 0 ? std::min(s.reach, by_time) : by_time;
    }
    if (s.reach == 0) {  // depth only
      s.nodes = kDepthOnlyNodes;
      s.reach = static_cast<double>(kDepthOnlyNodes);
    }
    return s;
  }
};

// The engine over E (G or Evaluated<G>), E sharing G's positions and moves.
template <Game G, Game E>
requires HasEvaluate<E>
class EngineFor final : public Engine<G> {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  // `selective` tunes --search=selective (tests and tuning; the configuration
  // string names the search only).
  EngineFor(const E& game, EngineConfig config, search::SelectiveParams selective = {})
      : Engine<G>(std::move(config)),
        game_(game),
        tt_(search::TranspositionTable::WithMegabytes(this->config_.tt_mb)),
        fullwidth_(game_, HeuristicOptions(), tt_),
        exact_(game_, ExactOptions(), tt_),
        selective_(game_, selective, tt_),
        noise_tester_(game_, NoiseParams(selective), tt_),
        one_ply_(game_, {.width = 0}, tt_) {}

  MoveChoice<G> Choose(const Position& pos) override {
    const auto t0 = std::chrono::steady_clock::now();
    MoveChoice<G> c;
    // Step 1. Exact play near the end.
    if (this->config_.exact && TryExact(pos, c)) {
      c.stats.seconds = Since(t0);
      return c;
    }
    // Step 2. The heuristic search with what is left of the budget.
    search::SolveResult<E> r = Heuristic(pos, c.stats.nodes, Since(t0));
    if (!r.complete) {
      c.stats += r.stats;
      search::SolveOptions one_ply;
      one_ply.max_depth = 1;
      r = one_ply_.Solve(pos, one_ply);
    }
    c.stats += r.stats;
    c.move = *r.best_move;
    c.value = r.value;
    c.exact = r.exact;
    c.depth = r.depth;
    c.search = r.exact ? "exact" : this->config_.search;
    // Step 3. Noise: a seeded choice among the moves within config.noise.
    if (this->config_.noise > 0 && !r.exact) c.move = Noisy(pos, r, c.stats);
    c.stats.seconds = Since(t0);
    return c;
  }

  void NewGame() override { tt_->Clear(); }

 private:
  static double Since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }

  search::SolveOptions HeuristicOptions() const {
    search::SolveOptions o;
    o.mode = search::Mode::kHeuristic;
    o.threads = 1;
    o.max_depth = this->config_.depth;
    o.pv = false;
    return o;
  }
  search::SolveOptions ExactOptions() const {
    search::SolveOptions o;
    o.mode = search::Mode::kExact;
    o.threads = 1;
    o.pv = false;
    return o;
  }
  // The noise tests prune as the search whose value they test.
  search::SelectiveParams NoiseParams(search::SelectiveParams selective) const {
    if (this->config_.search != "selective") selective.width = 0;
    return selective;
  }

  // Step 1. True (and *c filled in) if the exact solver finished within its
  // share; otherwise c->stats holds what the attempt spent.
  bool TryExact(const Position& pos, MoveChoice<G>& c) {
    const ExactShare share = ExactShare::For(this->config_);
    const TreeEstimate estimate = EstimateTree(game_, pos, kEstimatePlayouts);
    if (estimate.log10_search_nodes > std::log10(share.reach * ExactShare::kEstimateSlack)) {
      return false;
    }
    search::SolveOptions o = ExactOptions();
    o.max_nodes = share.nodes;
    o.budget_seconds = share.seconds;
    exact_.set_options(o);
    const search::SolveResult<E> r = exact_.Solve(pos);
    c.stats += r.stats;
    if (!r.complete || !r.best_move) return false;
    c.move = *r.best_move;
    c.value = r.value;
    c.exact = true;
    c.depth = 0;
    c.search = "exact";
    return true;
  }

  // Step 2. The configured search within the budget less what the exact
  // attempt spent (`spent_nodes`, `spent_s`).
  search::SolveResult<E> Heuristic(const Position& pos, std::uint64_t spent_nodes, double spent_s) {
    search::SolveOptions o = HeuristicOptions();
    if (this->config_.nodes > 0) {
      o.max_nodes = this->config_.nodes > spent_nodes ? this->config_.nodes - spent_nodes : 1;
    }
    if (this->config_.budget_s > 0) {
      // At least a tenth of the budget: the exact attempt took at most half.
      o.budget_seconds = std::max(this->config_.budget_s - spent_s, this->config_.budget_s / 10);
    }
    if (this->config_.search == "selective") return selective_.Solve(pos, o);
    fullwidth_.set_options(o);
    return fullwidth_.Solve(pos);
  }

  // Step 3. A move chosen uniformly (config.h) among the root moves the
  // search keeps at r.depth whose value at r.depth is within config.noise of
  // r.value, the best move always among them. The tests' nodes go to `stats`.
  Move Noisy(const Position& pos, const search::SolveResult<E>& r, search::SearchStats& stats) {
    const int threshold = r.value - this->config_.noise;
    typename G::MoveList moves;
    game_.generate_moves(pos, moves);
    std::vector<Move> within;
    const std::uint64_t nodes_before = noise_tester_.stats().nodes;
    for (const int i : noise_tester_.RootMoves(pos, r.depth)) {
      const Move& m = moves[i];
      bool best = false;
      if constexpr (std::equality_comparable<Move>) best = m == *r.best_move;
      if (best || WithinThreshold(pos, m, threshold, r.depth)) within.push_back(m);
    }
    if (within.empty()) within.push_back(*r.best_move);
    stats.nodes += noise_tester_.stats().nodes - nodes_before;
    SplitMix64 rng(this->config_.seed ^ Mix64(game_.hash(pos)));
    return within[rng.Below(within.size())];
  }

  // Whether the move's value, its child searched depth - 1 plies, is >=
  // threshold (a null-window search at the threshold).
  bool WithinThreshold(const Position& pos, const Move& m, int threshold, int depth) {
    Position child = pos;
    game_.play(child, m);
    const search::Window w = search::ChildWindow<E>(threshold - 1, threshold);
    const int v = noise_tester_.Value(child, w.alpha, w.beta, depth - 1, search::SolveOptions());
    return search::BackUp<E>(v) >= threshold;
  }

  static constexpr int kEstimatePlayouts = 16;

  E game_;
  std::shared_ptr<search::TranspositionTable> tt_;
  search::Solver<E> fullwidth_;
  search::Solver<E> exact_;
  search::SelectiveSearch<E> selective_;
  search::SelectiveSearch<E> noise_tester_;
  search::SelectiveSearch<E> one_ply_;  // the fallback: every move, one ply deep
};

// The engine `config` describes for `game`; errors name what does not
// resolve (an unknown evaluation or search, weights for another game).
template <Game G>
absl::StatusOr<std::unique_ptr<Engine<G>>> MakeEngine(const G& game, const EngineConfig& config,
                                                      search::SelectiveParams selective = {}) {
  std::unique_ptr<Engine<G>> made;
  absl::Status status = eval::WithEvaluation(game, config.eval, [&](const auto& e) {
    using E = std::decay_t<decltype(e)>;
    if constexpr (!HasEvaluate<E>) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--game=", std::string(G::kName), " has no evaluation (no evaluate()): no engine"));
    } else {
      made = std::make_unique<EngineFor<G, E>>(e, config, selective);
      return absl::OkStatus();
    }
  });
  if (!status.ok()) return status;
  return made;
}

}  // namespace tav::engine
