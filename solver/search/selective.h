// A selective search for games with hundreds of moves: alpha-beta that
// searches only the most promising children of inner nodes.
//
// Design. Full-width alpha-beta on a 10x10 Cathedral position (300-1,700
// moves) reaches 3-4 plies. This search trades completeness for depth by
// forward pruning: at a node with depth >= 2 left, every child is made and
// scored one ply deep by the game's evaluate() (cheap next to searching it),
// and only the best width(depth) children are searched, width growing with the
// depth left (wider near the root, where a mistake costs most; the root keeps
// SelectiveParams::root times more). Nodes one ply above the horizon search
// every child (their children are leaves: scoring them would be searching
// them), the table's move and the siblings' refutations (killers) first, the
// others as generated; unless the game has a cheaper estimate of its
// evaluation (quick_evaluate(): on 10x10 Cathedral the handmade value without
// its bounds, popcounts only, over ten times cheaper than the learned one),
// when they score every child by it and evaluate only the best leaf_width,
// best first; with such an estimate, higher nodes too score every child by it
// and evaluate only the best inner_factor * width(depth) to pick the kept
// ones, so a position's children are evaluated in full a few dozen at a
// time, not by the hundred. Around
// that: fail-soft negamax with PVS (null windows off the principal variation),
// iterative deepening, a transposition table (the move of the previous
// iteration first; at the root, the kept moves in the order of their values
// in the previous iteration, the best first, moves it did not search after
// them in one-ply order) and the solver's budgets (SolveOptions: max_depth,
// max_nodes, budget_seconds, cancel; polled every 4096 nodes like the
// full-width search, so a node budget is deterministic). Nodes count the
// positions searched and the children scored one ply deep (the same work as
// a horizon leaf: a move made and evaluated), so node budgets compare fairly
// with the full-width search's. An iteration stopped by a budget is not
// wasted: if, after its first root move (the previous best) was searched, a
// later root move was searched to a higher value, that move is the answer,
// with its value at the deeper depth (Stockfish's rule: the depth-d value of
// a move that beat the depth-d value of the previous best is better evidence
// than the depth d-1 choice); otherwise the last completed iteration stands.
// With a node budget this too is a function of the position and the table.
//
// What the value means: V(p, 0) = evaluate(p) (a finished game: its final
// value); V(p, d) = max over the kept children c of -V(c, d-1) (values.h's
// BackUp), the kept children being a function of the position and d alone.
// With a width at least every node's move count, V is the full-width
// depth-limited negamax value (tests/engine_test.cc checks it). Table entries
// of this search are used only at the same depth (a deeper entry would mix
// depths into V); exact entries (the exact solver's, sharing the table) are
// used wherever they cut. The trade-off: a move ranked low by one ply of
// evaluation is never searched below the root, however good it is deeper, so
// the values are heuristic (SolveResult::exact only when nothing was pruned
// and every leaf was an end).
//
// Names no game; the game's evaluate() is required (HasEvaluate), its
// order_score() breaks ties of the one-ply scores where it has one.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "core/game.h"
#include "search/killers.h"
#include "search/options.h"
#include "search/search.h"
#include "search/tt.h"
#include "search/values.h"

namespace tav::search {

struct SelectiveParams {
  // Children searched at a node with 2 plies left (0: every child, a
  // full-width search); each further ply of depth multiplies it by `growth`,
  // and the root keeps `root` times what an inner node of its depth keeps
  // (0: every root move).
  int width = 8;
  int growth = 2;
  int root = 2;
  // One ply above the horizon, for a game with a cheaper estimate of its
  // evaluation (quick_evaluate(), core/game.h: a learned evaluation's
  // handmade one): the children evaluated, the best by that estimate (0: all
  // of them, as for every game without one; also when width is 0).
  int leaf_width = 16;
  // Higher up, for such a game: the children evaluated to pick the kept
  // width(depth), the best inner_factor * width(depth) by that estimate (at
  // least leaf_width; 0: every child evaluated).
  int inner_factor = 2;

  // The children evaluated one ply above the horizon of a node with n.
  int LeafWidth(int n) const { return width <= 0 || leaf_width <= 0 ? n : std::min(leaf_width, n); }
  // The children evaluated at a higher node with n that keeps `keep`.
  int InnerCandidates(int keep, int n) const {
    if (width <= 0 || inner_factor <= 0) return n;
    return std::min(n, std::max(keep * inner_factor, leaf_width));
  }

  // The width at a node with `depth` plies left and n children.
  int WidthAt(int depth, int n, bool at_root = false) const {
    if (width <= 0 || (at_root && root <= 0)) return n;
    if (depth <= 1 && !at_root) return n;
    long long w = width;
    for (int d = 2; d < depth && w < n; ++d) w *= std::max(1, growth);
    if (at_root) w *= root;
    return static_cast<int>(std::min<long long>(w, n));
  }
};

template <Game G>
requires HasEvaluate<G>
class SelectiveSearch {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  static constexpr int kInf = kInfinity<G>;

  SelectiveSearch(const G& game, SelectiveParams params, std::shared_ptr<TranspositionTable> tt)
      : game_(game), params_(params), tt_(std::move(tt)) {}

  TranspositionTable& tt() { return *tt_; }
  const SelectiveParams& params() const { return params_; }

  // Iterative deepening from depth 1 to options.max_depth (0: until stopped
  // or exact) within options' budgets; the result of the last completed
  // iteration, or of a stopped one that found a better move (the design
  // note; complete = false if neither). `pos` is not over.
  SolveResult<G> Solve(const Position& pos, const SolveOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    tt_->NewSearch();
    killers_.Clear();  // the result depends on the position and the table only
    Start(options, t0);
    SolveResult<G> r;
    r.mode = Mode::kHeuristic;
    r.complete = false;
    r.exact = false;
    typename G::MoveList moves;
    game_.generate_moves(pos, moves);
    root_values_.assign(moves.size(), kUnsearched);
    for (int d = 1; options.max_depth <= 0 || d <= options.max_depth; ++d) {
      horizon_ = pruned_ = false;
      root_progress_ = {};
      int best = -1;
      const int v = Search<true>(pos, -kInf, kInf, d, 0, &best);
      if (stop_ && root_progress_.Improved()) {
        r.complete = true;
        r.value = root_progress_.best_value;
        r.best_move = moves[root_progress_.best_index];
        r.depth = d;
        break;
      }
      if (stop_ || best < 0) break;
      r.complete = true;
      r.value = v;
      r.best_move = moves[best];
      r.depth = d;
      r.exact = !horizon_ && !pruned_;
      if (r.exact) break;  // every leaf an end and nothing pruned: nothing deeper to see
    }
    Finish(r, t0);
    return r;
  }

  // The fail-soft value of `pos` (maybe over) searched `depth` plies deep
  // with this search's pruning, in the window (alpha, beta), with no budget
  // but options.cancel: e.g. a root move's child tested against a threshold
  // with a null window. Adds to stats().
  int Value(const Position& pos, int alpha, int beta, int depth, const SolveOptions& options) {
    SolveOptions unlimited;
    unlimited.cancel = options.cancel;
    Start(unlimited, std::chrono::steady_clock::now());
    return Search<false>(pos, alpha, beta, depth, 1, nullptr);
  }

  // The root moves a Solve() iteration of `depth` plies searches in `pos`
  // (not over): the kept root children (every move at depth 1, or with a
  // width of 0), as generate_moves indices in ascending order. A function of
  // the position and depth alone: the one-ply scoring of the search's own
  // root, with no budget. Adds the scored children to stats().
  std::vector<int> RootMoves(const Position& pos, int depth) {
    typename G::MoveList moves;
    game_.generate_moves(pos, moves);
    const int n = static_cast<int>(moves.size());
    std::vector<int> kept;
    if (depth <= 1 || params_.WidthAt(depth, n, true) >= n) {
      for (int i = 0; i < n; ++i) kept.push_back(i);
      return kept;
    }
    Start(SolveOptions(), std::chrono::steady_clock::now());
    const int keep = RankChildren<false>(pos, moves, depth, 0, true);
    for (int k = 0; k < keep; ++k) kept.push_back(child_stack_[0][order_stack_[0][k]].index);
    std::sort(kept.begin(), kept.end());
    return kept;
  }

  const SearchStats& stats() const { return stats_; }

 private:
  struct Child {
    Position pos;
    int index;        // in generate_moves order
    long long score;  // one-ply ordering score, higher first
  };

  // The budgets of one call (the table's generation is Solve's to age).
  void Start(const SolveOptions& options, std::chrono::steady_clock::time_point t0) {
    stop_ = false;
    cancel_ = options.cancel;
    max_nodes_ = options.max_nodes;
    has_deadline_ = options.budget_seconds > 0;
    if (has_deadline_) {
      deadline_ = t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                           std::chrono::duration<double>(options.budget_seconds));
    }
    stats_at_start_ = stats_;
    next_poll_ = stats_.nodes + 4096;
  }

  void Finish(SolveResult<G>& r, std::chrono::steady_clock::time_point t0) {
    r.stats = stats_;  // this call's counts: every counter less its value at Start()
    r.stats.nodes -= stats_at_start_.nodes;
    r.stats.tt_probes -= stats_at_start_.tt_probes;
    r.stats.tt_hits -= stats_at_start_.tt_hits;
    r.stats.tt_cutoffs -= stats_at_start_.tt_cutoffs;
    r.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.stats.threads = 1;
  }

  // Counts nodes (a searched position, or a child scored one ply deep: the
  // same work, a move made and evaluated), polling every 4096.
  void CountNodes(std::uint64_t n) {
    stats_.nodes += n;
    if (stats_.nodes >= next_poll_) {
      next_poll_ = stats_.nodes + 4096;
      Poll();
    }
  }

  // Every 4096 nodes: the node budget, the clock (only with a deadline), the
  // cancel flag.
  void Poll() {
    if (max_nodes_ != 0 && stats_.nodes - stats_at_start_.nodes >= max_nodes_) stop_ = true;
    if (has_deadline_ && std::chrono::steady_clock::now() >= deadline_) stop_ = true;
    if (cancel_ != nullptr && cancel_->load(std::memory_order_relaxed)) stop_ = true;
  }

  int Evaluate(const Position& pos) const {
    return std::clamp(static_cast<int>(game_.evaluate(pos)), -G::kMaxValue, G::kMaxValue);
  }

  Child* Children(int ply, int n) {
    if (static_cast<int>(child_stack_.size()) <= ply) child_stack_.resize(ply + 1);
    std::vector<Child>& v = child_stack_[ply];
    if (static_cast<int>(v.size()) < n) v.resize(n);
    return v.data();
  }

  int* Order(int ply, int n) {
    if (static_cast<int>(order_stack_.size()) <= ply) order_stack_.resize(ply + 1);
    std::vector<int>& v = order_stack_[ply];
    if (static_cast<int>(v.size()) < n) v.resize(n);
    return v.data();
  }

  // The parent's value through `child` (PVS: a null window off the PV, and a
  // re-search on a fail high).
  template <bool kPv>
  int SearchChild(const Position& child, int alpha, int beta, int depth, int ply, bool first) {
    if (kPv && first) {
      const Window w = ChildWindow<G>(alpha, beta);
      return BackUp<G>(Search<true>(child, w.alpha, w.beta, depth - 1, ply + 1, nullptr));
    }
    const Window w = ChildWindow<G>(alpha, alpha + 1);
    int v = BackUp<G>(Search<false>(child, w.alpha, w.beta, depth - 1, ply + 1, nullptr));
    if (kPv && v > alpha && v < beta && !stop_) {
      const Window full = ChildWindow<G>(alpha, beta);
      v = BackUp<G>(Search<true>(child, full.alpha, full.beta, depth - 1, ply + 1, nullptr));
    }
    return v;
  }

  // The root's moves of the current iteration searched to the end: the
  // first one, and the best so far with its value.
  struct RootProgress {
    int first_index = -1;
    int best_index = -1;
    int best_value = 0;
    // Whether a move after the first was searched to a higher value.
    bool Improved() const { return first_index >= 0 && best_index != first_index; }
  };
  static constexpr long long kUnsearched = LLONG_MIN;

  struct NodeState {
    int alpha;
    int best = -kInf;
    int best_index = -1;
    bool searched_any = false;
    // Folds in a child's value; true on a cutoff.
    bool Take(int v, int index, int beta) {
      searched_any = true;
      if (v > best) {
        best = v;
        best_index = index;
        if (v > alpha) alpha = v;
      }
      return alpha >= beta;
    }
  };

  template <bool kPv>
  int Search(const Position& pos, int alpha, int beta, int depth, int ply, int* root_best) {
    const bool root = root_best != nullptr;
    if (stop_) return 0;
    CountNodes(1);
    // Step 1. The horizon: the evaluation, or the end of the game.
    if (depth <= 0) {
      if (game_.is_over(pos)) return game_.final_value(pos);
      horizon_ = true;
      return Evaluate(pos);
    }
    // Step 2. The moves; none: the game is over.
    typename G::MoveList moves;
    game_.generate_moves(pos, moves);
    const int n = static_cast<int>(moves.size());
    if (n == 0) return game_.final_value(pos);
    // Step 3. The table: exact bounds, or this search's at this very depth.
    const std::uint64_t key = game_.hash(pos);
    int tt_move = -1;
    if (int v; TableCutoff(key, alpha, beta, depth, n, root, &tt_move, &v)) return v;
    NodeState s{alpha};
    // Step 4. The children. One ply above the horizon, all of them, the
    // table's move first, then as generated; higher up, the best
    // width(depth) by their one-ply scores, the table's move first among them.
    bool ok;
    if (depth > 1) {
      ok = SearchBest<kPv, false>(pos, moves, tt_move, beta, depth, ply, root, s);
    } else if (!root && Preselects(n)) {
      ok = SearchBest<kPv, true>(pos, moves, tt_move, beta, depth, ply, root, s);
    } else {
      ok = SearchAll<kPv>(pos, moves, tt_move, beta, depth, ply, s);
    }
    if (!ok) return 0;
    // Step 5. Store: fail-soft bounds at this depth, the move that raised alpha.
    if (root) *root_best = s.best_index;
    const int lower = s.best > alpha ? s.best : -kTTMaxBound;
    const int upper = s.best < beta ? s.best : kTTMaxBound;
    tt_->Store(key, lower, upper, s.best > alpha ? s.best_index : -1, depth, true);
    return s.best;
  }

  // Step 3. A cutoff by the table (true, the value in *value); *tt_move gets
  // the entry's move if it is legal here. Never at the root.
  bool TableCutoff(std::uint64_t key, int alpha, int beta, int depth, int n, bool root,
                   int* tt_move, int* value) {
    ++stats_.tt_probes;
    TTData e;
    if (!tt_->Probe(key, &e)) return false;
    ++stats_.tt_hits;
    if (e.move >= 0 && e.move < n) *tt_move = e.move;
    if (root || (e.heuristic && e.depth != depth)) return false;
    const int lower = std::max(e.lower, -kInf), upper = std::min(e.upper, kInf);
    if (lower >= beta || upper <= alpha || lower == upper) {
      ++stats_.tt_cutoffs;
      if (e.heuristic) horizon_ = true;
      *value = lower >= beta ? lower : (upper <= alpha ? upper : lower);
      return true;
    }
    return false;
  }

  // Step 4, one ply above the horizon: the table's move, then every other
  // child as generated, up to a cutoff. False if stopped.
  template <bool kPv>
  bool SearchAll(const Position& pos, const typename G::MoveList& moves, int tt_move, int beta,
                 int depth, int ply, NodeState& s) {
    const int n = static_cast<int>(moves.size());
    int first[3] = {tt_move, -1, -1};  // the table's move, then the killers
    if constexpr (std::equality_comparable<Move>) {
      const Killers<Move>& killers = KillersAt(ply);
      for (int i = 0; i < n; ++i) {
        if (i == tt_move) continue;
        for (int j = 0; j < killers.count; ++j) {
          if (moves[i] == killers.move[j]) first[1 + j] = i;
        }
      }
    }
    for (int k = -3; k < n; ++k) {
      const int i = k < 0 ? first[k + 3] : k;
      if (i < 0 || (k >= 0 && (i == first[0] || i == first[1] || i == first[2]))) continue;
      Position child = pos;
      game_.play(child, moves[i]);
      const int v = SearchChild<kPv>(child, s.alpha, beta, depth, ply, !s.searched_any);
      if (stop_) return false;
      if (s.Take(v, i, beta)) {
        if constexpr (std::equality_comparable<Move>) KillersAt(ply).Add(moves[i]);
        return true;
      }
    }
    return true;
  }

  // Whether a node one ply above the horizon with n children evaluates only
  // the best LeafWidth(n) by quick_evaluate() (never the root: its moves are
  // the answer).
  bool Preselects(int n) const {
    if constexpr (HasQuickEvaluate<G>) return params_.LeafWidth(n) < n;
    return false;
  }

  // The one-ply score of a child: its final value or (quick, kQuick)
  // evaluation, from the parent's side.
  template <bool kQuick>
  int OnePly(const Position& child) const {
    if (game_.is_over(child)) return BackUp<G>(game_.final_value(child));
    if constexpr (kQuick && HasQuickEvaluate<G>) {
      return BackUp<G>(
          std::clamp(static_cast<int>(game_.quick_evaluate(child)), -G::kMaxValue, G::kMaxValue));
    }
    return BackUp<G>(Evaluate(child));
  }

  // A child's ordering score, higher first: its one-ply value (by the quick
  // estimate if `quick`), the game's order_score() breaking ties.
  long long Score(const Position& parent, const Move& m, const Position& child, bool quick) const {
    const int one_ply = quick ? OnePly<true>(child) : OnePly<false>(child);
    long long tie = 0;
    if constexpr (HasOrderScore<G>) {
      tie = std::clamp(game_.order_score(parent, m, child), -(1 << 20), 1 << 20);
    }
    return static_cast<long long>(one_ply) * (1LL << 22) + tie;
  }

  // The killers (killers.h) of the siblings at `ply`.
  Killers<Move>& KillersAt(int ply) { return killers_.At(ply); }

  // The kept children of `pos` searched `depth` plies deep: every child made
  // into Children(ply) and scored one ply deep (kQuick: by quick_evaluate()
  // alone, one ply above the horizon; else, for a game with that estimate,
  // the best InnerCandidates by it, then those by evaluate()), the best
  // `keep` (width(depth), the root's at the root; LeafWidth with kQuick)
  // first in Order(ply), best first, ties in move order. Returns keep, or -1
  // if a budget stopped the search while scoring.
  template <bool kQuick>
  int RankChildren(const Position& pos, const typename G::MoveList& moves, int depth, int ply,
                   bool root) {
    const int n = static_cast<int>(moves.size());
    Child* children = Children(ply, n);
    const int keep = kQuick ? params_.LeafWidth(n) : params_.WidthAt(depth, n, root);
    // Higher up, with a cheaper estimate: it picks the candidates evaluated.
    const int candidates =
        kQuick || !HasQuickEvaluate<G> || keep >= n ? n : params_.InnerCandidates(keep, n);
    const bool prescore = candidates < n;
    int count = 0;
    for (int i = 0; i < n; ++i) {
      Child& c = children[count++];
      c.pos = pos;
      game_.play(c.pos, moves[i]);
      c.index = i;
      c.score = Score(pos, moves[i], c.pos, kQuick || prescore);
    }
    CountNodes(count);
    if (stop_) return -1;
    if (keep < count) pruned_ = true;
    int* order = Order(ply, count);
    for (int k = 0; k < count; ++k) order[k] = k;
    auto better = [&](int a, int b) {
      return children[a].score != children[b].score ? children[a].score > children[b].score : a < b;
    };
    if (prescore) {
      // The best candidates by the estimate, then scored by the evaluation.
      std::partial_sort(order, order + candidates, order + count, better);
      for (int k = 0; k < candidates; ++k) {
        Child& c = children[order[k]];
        c.score = Score(pos, moves[c.index], c.pos, false);
      }
      CountNodes(candidates);
      if (stop_) return -1;
      std::partial_sort(order, order + keep, order + candidates, better);
    } else {
      // Best first (ties: the move order): only the kept ones need sorting.
      std::partial_sort(order, order + keep, order + count, better);
    }
    return keep;
  }

  // Step 4, higher up: every child made and scored one ply deep (its
  // evaluation from the parent's side; the game's order_score() breaks ties,
  // then the move order), the best width(depth) kept (at the root
  // SelectiveParams::root times more) and searched best first, the table's move first if it is kept
  // (a move the table remembers is not kept for that: the kept children depend on the position and
  // depth alone). With kQuick, one ply above the horizon: scored by quick_evaluate(), the best
  // LeafWidth kept. False if stopped.
  template <bool kPv, bool kQuick>
  bool SearchBest(const Position& pos, const typename G::MoveList& moves, int tt_move, int beta,
                  int depth, int ply, bool root, NodeState& s) {
    const int keep = RankChildren<kQuick>(pos, moves, depth, ply, root);
    if (keep < 0) return false;
    const Child* children = child_stack_[ply].data();
    int* order = order_stack_[ply].data();
    for (int k = 1; k < keep; ++k) {
      if (children[order[k]].index == tt_move) {
        std::rotate(order, order + k, order + k + 1);
        break;
      }
    }
    if (root) OrderRootByLastIteration(children, order, keep);
    for (int k = 0; k < keep; ++k) {
      const Child& c = children[order[k]];
      const int v = SearchChild<kPv>(c.pos, s.alpha, beta, depth, ply, !s.searched_any);
      if (stop_) return false;
      const bool cut = s.Take(v, c.index, beta);
      if (root) NoteRootMove(c.index, v, s);
      if (cut) return true;
    }
    return true;
  }

  // The kept root moves (order[0, keep), best first by one-ply score, the
  // table's move first) re-ordered by their values in the previous
  // iteration, highest first (the previous best has the highest: the others
  // failed low against it); moves it did not search keep their order after
  // those it did. A stable sort: ties keep the one-ply order.
  void OrderRootByLastIteration(const Child* children, int* order, int keep) const {
    std::stable_sort(order, order + keep, [&](int a, int b) {
      return root_values_[children[a].index] > root_values_[children[b].index];
    });
  }

  // A root move searched to the end in this iteration: its (fail-soft) value
  // orders the next iteration; the progress is the answer should the
  // iteration be stopped.
  void NoteRootMove(int index, int value, const NodeState& s) {
    root_values_[index] = value;
    if (root_progress_.first_index < 0) root_progress_.first_index = index;
    root_progress_.best_index = s.best_index;
    root_progress_.best_value = s.best;
  }

  const G& game_;
  SelectiveParams params_;
  std::shared_ptr<TranspositionTable> tt_;
  SearchStats stats_;
  SearchStats stats_at_start_;  // stats_ at Start(): a call's counts are the difference
  std::uint64_t next_poll_ = 0;
  bool stop_ = false;
  bool horizon_ = false;  // some value came from evaluate()
  bool pruned_ = false;   // some node searched fewer than all its children
  const std::atomic<bool>* cancel_ = nullptr;
  std::uint64_t max_nodes_ = 0;
  bool has_deadline_ = false;
  std::chrono::steady_clock::time_point deadline_;
  std::vector<std::vector<Child>> child_stack_;
  std::vector<std::vector<int>> order_stack_;
  KillerTable<Move> killers_;  // killers.h
  // Each root move's value in the last iteration that searched it (by
  // generate_moves index; kUnsearched if none), and this iteration's
  // progress at the root.
  std::vector<long long> root_values_;
  RootProgress root_progress_;
};

}  // namespace tav::search
