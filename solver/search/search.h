// The exact solver: the public entry point of the search layer.
//
//   tav::search::SolveOptions options;              // mode, threads, tt_mb, ...
//   tav::search::Solver<reversi::Othello> solver(game, options);
//   auto result = solver.Solve(position);           // value, best move, PV, stats
//
// Modes (options.h): kExact gives the game-theoretic value, kWld only its sign
// (a search with the window (-1, 1)), kThreshold a bound on one side of
// SolveOptions::threshold (the window (threshold - 1, threshold)),
// kHeuristic a depth-limited value with the game's evaluate() at the horizon
// (iterative deepening up to max_depth and/or within budget_seconds and
// max_nodes; exact = true if it reached every end).
//
// A Solver keeps its transposition table between Solve() calls (each call
// ages the entries by one generation, see tt.h), so the explorer can solve
// thousands of related positions with one table; several Solvers, in several
// threads, may also share one table (the constructor taking a shared_ptr).
// One Solver must not run two Solve() calls at once.
//
// Values are for the side to move, in the game's units (values.h for the
// win/loss-distance encoding); WLD values are -1, 0, +1.
#pragma once

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <new>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "core/game.h"
#include "core/symmetry.h"
#include "search/alphabeta.h"
#include "search/options.h"
#include "search/tt.h"
#include "search/values.h"

namespace tav::search {

template <Game G>
struct SolveResult {
  using Move = typename G::Move;
  Mode mode = Mode::kExact;
  bool complete = true;  // false: stopped (budget/cancel) before any result; value meaningless
  // The value is game-theoretic: always, unless kHeuristic hit its horizon or
  // the mode is kThreshold.
  bool exact = true;
  // For the side to move. kWld: -1, 0, +1. kThreshold: a proven bound, a
  // lower one if value >= threshold (then best_move reaches it), else an
  // upper one (and no best_move).
  int value = 0;
  int depth = 0;                  // kHeuristic: depth of the last completed iteration
  std::optional<int> plies;       // win/loss-distance games, decided exact value: plies to the end
  std::optional<Move> best_move;  // none when the game is over
  std::vector<Move> pv;           // exact/WLD: proven line; heuristic: the table's line
  std::vector<std::pair<Move, int>> analysis;  // with analyze: each legal move and its value
  SearchStats stats;
};

template <Game G>
class Solver {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  static constexpr int kInf = kInfinity<G>;

  // Owns a table of options.tt_mb MiB (throws std::bad_alloc if it cannot),
  // which in exact and WLD mode
  // starts small and grows with the search (tt.h, Growth): a short solve
  // does not pay for zeroing memory it never needs. (Heuristic values may
  // depend on the table, so a heuristic solver's table has its full size
  // from the start, as a shared table always does.)
  Solver(const G& game, SolveOptions options)
      : Solver(
            game, options,
            std::shared_ptr<TranspositionTable>(TranspositionTable::WithMegabytes(options.tt_mb))) {
    if (options.mode != Mode::kHeuristic) tt_->EnableGrowth();
  }
  // Uses (and shares) the given table.
  Solver(const G& game, SolveOptions options, std::shared_ptr<TranspositionTable> tt)
      : game_(game), options_(options), tt_(std::move(tt)) {
    Normalize();
  }

  const SolveOptions& options() const { return options_; }
  void set_options(const SolveOptions& o) {
    options_ = o;
    Normalize();
  }
  TranspositionTable& tt() { return *tt_; }
  void Clear() { tt_->Clear(); }

  SolveResult<G> Solve(const Position& pos) {
    const auto t0 = std::chrono::steady_clock::now();
    SolveResult<G> r;
    r.mode = options_.mode;
    tt_->NewSearch();
    shared_.stop.store(false);
    shared_.cancel = options_.cancel;
    shared_.max_nodes = options_.max_nodes;
    shared_.nodes_polled.store(0);
    shared_.has_deadline = options_.budget_seconds > 0;
    if (shared_.has_deadline) {
      shared_.deadline = t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                  std::chrono::duration<double>(options_.budget_seconds));
    }
    searchers_.clear();
    for (int t = 0; t < options_.threads; ++t) {
      searchers_.push_back(std::make_unique<Searcher<G>>(game_, *tt_, shared_, options_.params,
                                                         options_.threads > 1));
    }
    start_ = t0;
    if (options_.progress) {
      searchers_[0]->set_root_report([this, &pos](int index, int v, int alpha, int beta) {
        if (!report_root_) return;
        typename G::MoveList moves;
        game_.generate_moves(pos, moves);
        const char* kind = v <= alpha ? "<=" : (v >= beta ? ">=" : "=");
        Report(absl::StrCat(phase_, ": move ", game_.move_string(pos, moves[index]), " ", kind, " ",
                            v));
      });
    }

    if (game_.is_over(pos)) {
      const int v = game_.final_value(pos);
      r.value = options_.mode == Mode::kWld ? Sign(v) : v;
      SetPlies(r, v);
    } else if (options_.mode == Mode::kHeuristic) {
      SolveHeuristic(pos, r);
    } else {
      SolveExact(pos, r);
    }

    for (const auto& s : searchers_) r.stats += s->stats();
    r.stats.threads = options_.threads;
    r.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
  }

 private:
  // Fills in what the options leave to the game.
  void Normalize() {
    options_.threads = std::max(1, options_.threads);
    options_.params = TunedFor<G>(options_.params);
    if (options_.params.sort_search_min_work < 0) {
      options_.params.sort_search_min_work = 1 << 20;
      if constexpr (HasSortSearchHint<G>) {
        options_.params.sort_search_min_work = game_.sort_search_remaining();
      }
    }
    if constexpr (HasSortSearchDepth<G>) {
      if (options_.params.sort_search_depth == SearchParams{}.sort_search_depth) {
        options_.params.sort_search_depth = game_.sort_search_depth();
      }
    }
    if (options_.params.sort_search_blend < 0) {
      options_.params.sort_search_blend = 0;
      if constexpr (HasSortSearchBlend<G>) {
        options_.params.sort_search_blend = game_.sort_search_blend();
      }
    }
    if (options_.params.aspiration_window < 0) {
      options_.params.aspiration_window = 0;
      if constexpr (HasAspirationWindow<G>) {
        options_.params.aspiration_window = game_.aspiration_window();
      }
    }
  }

  struct RootOutcome {
    int value;
    int best;  // index in generate_moves order
    bool horizon;
  };

  void SetPlies(SolveResult<G>& r, int exact_value) const {
    if constexpr (WinLossDistanceGame<G>) {
      if (r.mode == Mode::kExact && exact_value != 0)
        r.plies = kDistanceBase - std::abs(exact_value);
    }
  }

  // Runs every thread on the root; the first to finish gives the answer.
  // nullopt when stopped by the budget or a cancel.
  // For each move of pos: the index of the first move whose child is the
  // same position up to symmetry (itself if none), by exact comparison of
  // canonical forms (core/symmetry.h).
  // Cached for the last root: iterative deepening asks again for the same
  // position on every iteration.
  const std::vector<int>& Representatives(const Position& pos) {
    if (root_reps_ && root_reps_->first == pos) return root_reps_->second;
    root_reps_.emplace(pos, ComputeRepresentatives(pos));
    return root_reps_->second;
  }

  std::vector<int> ComputeRepresentatives(const Position& pos) const {
    typename G::MoveList moves;
    game_.generate_moves(pos, moves);
    std::vector<Position> canonical;
    canonical.reserve(moves.size());
    std::vector<int> rep(moves.size());
    // First move of each canonical child, by hash (a hash map, not a scan:
    // Lehmann Cathedral roots have ~300,000 moves). Equal hashes are
    // confirmed on the positions; a collision falls back to a scan.
    absl::flat_hash_map<std::uint64_t, int> first;
    first.reserve(moves.size());
    for (size_t i = 0; i < moves.size(); ++i) {
      Position child = pos;
      game_.play(child, moves[i]);
      canonical.push_back(Canonicalize(game_, child).position);
      rep[i] = static_cast<int>(i);
      const auto [it, inserted] = first.try_emplace(game_.hash(canonical[i]), static_cast<int>(i));
      if (inserted) continue;
      if (canonical[it->second] == canonical[i]) {
        rep[i] = it->second;
        continue;
      }
      for (size_t k = 0; k < i; ++k) {
        if (canonical[k] == canonical[i]) {
          rep[i] = rep[k];
          break;
        }
      }
    }
    return rep;
  }

  template <bool kHeuristic>
  std::optional<RootOutcome> RunRoot(const Position& pos, int alpha, int beta, int depth) {
    const std::vector<int>& rep = Representatives(pos);
    std::vector<bool> skip(rep.size());
    bool any = false;
    for (size_t i = 0; i < rep.size(); ++i) any |= (skip[i] = rep[i] != static_cast<int>(i));
    for (auto& s : searchers_) {
      s->ClearHorizon();
      s->set_root_skip(any ? skip : std::vector<bool>());
    }
    const int threads = static_cast<int>(searchers_.size());
    std::optional<RootOutcome> result;
    if (threads == 1) {
      int best = -1;
      const int v = searchers_[0]->template Root<kHeuristic>(pos, alpha, beta, depth, &best);
      if (!shared_.stop.load()) result = RootOutcome{v, best, searchers_[0]->horizon()};
      return result;
    }
    std::atomic<bool> done{false};
    // An exception must not leave an OpenMP region (it would terminate): an
    // allocation failure (a game's move list spilling to the heap) stops
    // every thread and is rethrown after the region.
    std::atomic<bool> out_of_memory{false};
#pragma omp parallel num_threads(threads)
    {
      const int t = omp_get_thread_num();
      int best = -1;
      int v = 0;
      try {
        v = searchers_[t]->template Root<kHeuristic>(pos, alpha, beta, depth, &best);
      } catch (const std::bad_alloc&) {
        out_of_memory = true;
        shared_.stop.store(true);
      }
      if (!shared_.stop.load()) {
        bool expected = false;
        if (done.compare_exchange_strong(expected, true)) {
          result = RootOutcome{v, best, searchers_[t]->horizon()};
          shared_.stop.store(true);  // release the other threads
        }
      }
    }
    if (out_of_memory) {
      shared_.stop.store(false);
      throw std::bad_alloc();
    }
    if (result) shared_.stop.store(false);
    return result;
  }

  // The exact root search in a window of half-width `window` around the
  // presearch's estimate, widened (doubling) on the side it fails until the
  // value falls inside: a narrow window cuts far more of the tree, and the
  // table keeps every failed search's bounds for the next. The result is the
  // full-window result (fail-soft bounds are true bounds on the value).
  std::optional<RootOutcome> AspirationRoot(const Position& pos, int estimate, int window) {
    int alpha = std::max(-kInf, estimate - window), beta = std::min(kInf, estimate + window);
    for (;;) {
      std::optional<RootOutcome> root = RunRoot<false>(pos, alpha, beta, 0);
      if (!root) return root;
      const int v = root->value;
      if (v <= alpha && alpha > -kInf) {
        window *= 2;
        beta = v + 1;
        alpha = std::max(-kInf, v - window);
      } else if (v >= beta && beta < kInf) {
        window *= 2;
        alpha = v - 1;
        beta = std::min(kInf, v + window);
      } else {
        return root;
      }
    }
  }

  void SolveExact(const Position& pos, SolveResult<G>& r) {
    const bool wld = options_.mode == Mode::kWld;
    const int work = SearchWork(game_, pos);
    std::optional<int> estimate;  // the deepest presearch's value
    // Iterative deepening with the evaluation first, where it pays: it
    // leaves a best move in the table at the top of the tree.
    if constexpr (HasEvaluate<G> && HasRemaining<G>) {
      if (work >= options_.params.presearch_min_work) {
        for (int d = 1; d <= work - options_.params.presearch_gap; ++d) {
          phase_ = absl::StrCat("presearch depth ", d);
          const std::optional<RootOutcome> guess = RunRoot<true>(pos, -kInf, kInf, d);
          if (!guess) {
            r.complete = false;
            return;
          }
          estimate = guess->value;
          if (options_.progress) {
            typename G::MoveList moves;
            game_.generate_moves(pos, moves);
            Report(absl::StrCat(phase_, ": ", guess->value, " ",
                                game_.move_string(pos, moves[guess->best])));
          }
        }
      }
    }
    const bool threshold = options_.mode == Mode::kThreshold;
    const int alpha = wld ? -1 : threshold ? options_.threshold - 1 : -kInf;
    const int beta = wld ? 1 : threshold ? options_.threshold : kInf;
    phase_ = std::string(ModeName(options_.mode));
    report_root_ = true;
    const std::optional<RootOutcome> root =
        options_.mode == Mode::kExact && estimate && options_.params.aspiration_window > 0
            ? AspirationRoot(pos, *estimate, options_.params.aspiration_window)
            : RunRoot<false>(pos, alpha, beta, 0);
    report_root_ = false;
    if (!root) {
      r.complete = false;
      return;
    }
    typename G::MoveList moves;
    game_.generate_moves(pos, moves);
    if (threshold) {
      // A fail-soft bound is a true bound (AspirationRoot); below the
      // threshold every move failed low, so none is best.
      r.exact = false;
      r.value = root->value;
      if (root->value >= beta) {
        r.best_move = moves[root->best];
        r.pv = {*r.best_move};
      }
      return;
    }
    r.value = wld ? Sign(root->value) : root->value;
    r.best_move = moves[root->best];
    SetPlies(r, r.value);
    Searcher<G>& s = *searchers_[0];
    if (options_.pv) r.pv = ProvenLine(s, pos, r.value, *r.best_move, wld);
    if (options_.analyze) {
      const std::vector<int> rep = Representatives(pos);  // a copy: RunRoot below re-caches
      for (size_t i = 0; i < moves.size(); ++i) {
        if (rep[i] != static_cast<int>(i)) {  // a symmetric image: same value
          r.analysis.emplace_back(moves[i], r.analysis[rep[i]].second);
          continue;
        }
        Position child = pos;
        game_.play(child, moves[i]);
        int v;
        if (game_.is_over(child)) {
          v = BackUp<G>(game_.final_value(child));
        } else {
          const Window w = ChildWindow<G>(alpha, beta);
          const std::optional<RootOutcome> c = RunRoot<false>(child, w.alpha, w.beta, 0);
          if (!c) break;
          v = BackUp<G>(c->value);
        }
        r.analysis.emplace_back(moves[i], wld ? Sign(v) : v);
      }
    }
  }

  // The principal variation, every move proven: at each position of known
  // value (exact or WLD), the first move (table move first) whose child backs
  // up to that value.
  std::vector<Move> ProvenLine(Searcher<G>& s, const Position& root, int value, Move first,
                               bool wld) {
    std::vector<Move> pv{first};
    Position pos = root;
    game_.play(pos, first);
    int target = wld ? -value : ChildValueFor<G>(value);
    typename G::MoveList moves;
    while (pv.size() < 256) {
      game_.generate_moves(pos, moves);
      const int n = static_cast<int>(moves.size());
      if (n == 0) break;
      int tt_move = -1;
      if (TTData e; tt_->Probe(game_.hash(pos), &e) && e.move < n) tt_move = e.move;
      int found = -1;
      for (int k = -1; k < n && found < 0; ++k) {
        const int i = k < 0 ? tt_move : k;
        if (i < 0 || (k >= 0 && i == tt_move)) continue;
        Position child = pos;
        game_.play(child, moves[i]);
        if (wld) {
          const Window w = ChildWindow<G>(-1, 1);
          if (Sign(BackUp<G>(s.Value(child, w.alpha, w.beta))) == target) found = i;
        } else {
          const Window w = ChildWindow<G>(target - 1, target + 1);
          if (BackUp<G>(s.Value(child, w.alpha, w.beta)) == target) found = i;
        }
        if (s.Stopped()) return pv;
      }
      if (found < 0) break;  // unreachable for a correct search
      pv.push_back(moves[found]);
      game_.play(pos, moves[found]);
      target = wld ? -target : ChildValueFor<G>(target);
    }
    return pv;
  }

  void SolveHeuristic(const Position& pos, SolveResult<G>& r) {
    typename G::MoveList moves;
    game_.generate_moves(pos, moves);
    bool any = false;
    for (int d = 1; options_.max_depth <= 0 || d <= options_.max_depth; ++d) {
      const std::optional<RootOutcome> root = RunRoot<true>(pos, -kInf, kInf, d);
      if (!root) break;
      any = true;
      r.value = root->value;
      r.best_move = moves[root->best];
      r.depth = d;
      r.exact = !root->horizon;
      if (r.exact) break;  // every leaf was an end: nothing deeper to see
    }
    if (!any) {
      r.complete = false;
      r.exact = false;
      return;
    }
    if (r.exact) SetPlies(r, r.value);
    if (options_.pv) {
      // The table's line: heuristic, so not proven, and at most `depth` long.
      r.pv = {*r.best_move};
      Position p = pos;
      game_.play(p, *r.best_move);
      typename G::MoveList line;
      for (int k = 1; k < r.depth; ++k) {
        game_.generate_moves(p, line);
        TTData e;
        if (line.size() == 0 || !tt_->Probe(game_.hash(p), &e) || e.move < 0 ||
            e.move >= static_cast<int>(line.size())) {
          break;
        }
        r.pv.push_back(line[e.move]);
        game_.play(p, line[e.move]);
      }
    }
    if (options_.analyze) {
      shared_.stop.store(false);
      for (const Move& m : moves) {
        Position child = pos;
        game_.play(child, m);
        int v;
        if (game_.is_over(child)) {
          v = BackUp<G>(game_.final_value(child));
        } else {
          const std::optional<RootOutcome> c = RunRoot<true>(child, -kInf, kInf, r.depth - 1);
          if (!c) break;
          v = BackUp<G>(c->value);
        }
        r.analysis.emplace_back(m, v);
      }
    }
  }

  // One progress line: the phase's text, thread 0's nodes and the time.
  void Report(const std::string& text) {
    if (!options_.progress) return;
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    options_.progress(absl::StrFormat("%s  (%llu nodes, %.1f s)", text,
                                      static_cast<unsigned long long>(searchers_[0]->stats().nodes),
                                      s));
  }

  const G& game_;
  std::chrono::steady_clock::time_point start_;
  std::string phase_;
  bool report_root_ = false;
  SolveOptions options_;
  std::shared_ptr<TranspositionTable> tt_;
  SharedSearchState shared_;
  std::vector<std::unique_ptr<Searcher<G>>> searchers_;
  std::optional<std::pair<Position, std::vector<int>>> root_reps_;
};

// One-shot convenience: a fresh table of options.tt_mb MiB.
template <Game G>
SolveResult<G> Solve(const G& game, const typename G::Position& pos, SolveOptions options) {
  Solver<G> solver(game, options);
  return solver.Solve(pos);
}

}  // namespace tav::search
