// One search thread: fail-soft negamax alpha-beta with principal variation
// search (null windows off the principal variation), over any Game.
//
// A node, in order (the "Step N." comments of Search() and its helpers):
//   Step 1. probe()         an endgame table answers: the position is a leaf;
//           solve_small()   the game's own solver below kSmallSolverRemaining
//   Step 2. depth 0         (heuristic mode only) evaluate(), no move list
//   Step 3. no moves        final_value()
//   Step 4. transposition table: bounds outside the window (or exact) end the
//           search; its move is kept for step 6
//   Step 5. value_bounds()  admissible bounds (Othello: stable discs) outside
//                           the window, or meeting (an exact value: a
//                           Cathedral endgame with footprints apart), end
//                           the search; after the table, whose probe costs
//                           far less than Cathedral's packings
//   Step 6. the table's move searched first, before the other children are
//           even generated
//   Step 7. (heuristic, one ply above the horizon, long move lists) children
//           searched as generated, the siblings' refutations (killers) first
//   Step 8. children made, probed in the table first (enhanced transposition
//           cutoff) on big subtrees, scored by order_score() (or by a shallow
//           search with evaluate() where SearchParams says so), then searched
//           best first: the first with the full window, the rest with a null
//           window and re-searched on a fail high (PVS; ABDADA in parallel)
//   Step 9. store           the result's bounds, the best move's index
//
// Values pass between plies through values.h (BackUp/ChildWindow), so score
// games and win/loss-distance games share every line of this file.
//
// Parallel search (simplified ABDADA): every thread runs this same search on
// the same root, sharing the transposition table. At nodes with enough work
// left, a thread skips a non-first child that another thread is inside
// (BusyTable) and comes back to it after its other children, by when the
// other thread's result is usually in the table. The first thread to finish
// the root has the answer; the others are stopped. A stopped search returns
// at once and stores nothing, so no partial result ever reaches the table,
// and every thread's result is a full search: the value cannot depend on the
// number of threads or on timing, only the node count and (among equal
// moves) the best move can.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <climits>
#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/game.h"
#include "search/busy_table.h"
#include "search/killers.h"
#include "search/options.h"
#include "search/tt.h"
#include "search/values.h"

namespace tav::search {

// What the threads of one solve share besides the table.
struct SharedSearchState {
  std::atomic<bool> stop{false};
  BusyTable busy;
  bool has_deadline = false;
  std::chrono::steady_clock::time_point deadline;
  const std::atomic<bool>* cancel = nullptr;
  // The node budget (0: none) and the nodes the threads have reported
  // against it, each thread adding its count at every poll.
  std::uint64_t max_nodes = 0;
  std::atomic<std::uint64_t> nodes_polled{0};
};

template <Game G>
class Searcher {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  static constexpr int kInf = kInfinity<G>;
  static_assert(G::kMaxValue < kTTMaxBound, "values must fit the table's 12-bit bounds");

  Searcher(const G& game, TranspositionTable& tt, SharedSearchState& shared,
           const SearchParams& params, bool parallel)
      : game_(game), tt_(tt), shared_(shared), params_(params), parallel_(parallel) {}

  // Searches a root that is not over. Returns the fail-soft value within
  // (alpha, beta) and, in *best, the index (generate_moves order) of the move
  // with the highest value. The root never takes a cutoff from the table, the
  // bounds hook or the small solver, so it always has a best move.
  template <bool kHeuristic>
  int Root(const Position& pos, int alpha, int beta, int depth, int* best) {
    *best = -1;
    return Search<true, kHeuristic>(pos, alpha, beta, depth, 0, best);
  }

  // A fail-soft search of any position (used to follow the principal
  // variation and to analyze moves); exact/WLD semantics.
  int Value(const Position& pos, int alpha, int beta) {
    return Search<true, false>(pos, alpha, beta, 0, 1, nullptr);
  }

  bool Stopped() const { return shared_.stop.load(std::memory_order_relaxed); }

  // Root moves (by index) not to search: their positions are symmetric
  // images of earlier moves' positions. Empty: search every move.
  void set_root_skip(std::vector<bool> skip) { root_skip_ = std::move(skip); }

  // Called at the root after each move's search: (move index, fail-soft
  // value, alpha, beta) — for progress reports on long solves.
  void set_root_report(std::function<void(int, int, int, int)> report) {
    root_report_ = std::move(report);
  }
  bool horizon() const { return horizon_; }
  void ClearHorizon() { horizon_ = false; }

  SearchStats stats() const {
    SearchStats s;
    s.nodes = nodes_;
    s.tt_probes = tt_probes_;
    s.tt_hits = tt_hits_;
    s.tt_cutoffs = tt_cutoffs_;
    return s;
  }

 private:
  struct Child {
    Position pos;
    int index;  // in generate_moves order
    int score;  // ordering: higher first
  };

  // Work left below a position: SearchWork() (remaining() on the empties scale)
  // when the game has remaining(), otherwise a guess that shrinks with the ply.
  int Work(const Position& pos, int ply) const {
    if constexpr (HasRemaining<G>) {
      return SearchWork(game_, pos);
    } else {
      return std::max(0, 48 - 4 * ply);
    }
  }

  // value_bounds() is skipped at work levels where it rarely cuts (Othello's
  // stability bounds cost more than they save above the small solver, which
  // applies them itself) and sampled there now and then in case that changes.
  struct HookStats {
    std::uint64_t tries = 0, cuts = 0, skipped = 0;
  };
  bool WorthBounds(int work) {
    HookStats& h = bounds_stats_[std::min(work, 63)];
    if (h.tries < 1024 || h.cuts * 32 >= h.tries) return true;  // cuts >= 1 in 32 tries
    return (++h.skipped & 63) == 0;
  }

  int Evaluate(const Position& pos) const {
    if constexpr (HasEvaluate<G>) {
      return std::clamp(static_cast<int>(game_.evaluate(pos)), -G::kMaxValue, G::kMaxValue);
    } else {
      return 0;
    }
  }

  // Called every 4096 nodes (a deterministic point of the search): the node
  // budget, the clock (only when there is a deadline) and the cancel flag.
  void Poll() {
    tt_.NoteStores(stores_ - stores_noted_);  // the table grows with the search (tt.h)
    stores_noted_ = stores_;
    if (shared_.max_nodes != 0) {
      const std::uint64_t total =
          shared_.nodes_polled.fetch_add(nodes_ - nodes_polled_, std::memory_order_relaxed) +
          (nodes_ - nodes_polled_);
      nodes_polled_ = nodes_;
      if (total >= shared_.max_nodes) shared_.stop.store(true, std::memory_order_relaxed);
    }
    if (shared_.has_deadline && std::chrono::steady_clock::now() >= shared_.deadline) {
      shared_.stop.store(true, std::memory_order_relaxed);
    }
    if (shared_.cancel != nullptr && shared_.cancel->load(std::memory_order_relaxed)) {
      shared_.stop.store(true, std::memory_order_relaxed);
    }
  }

  // Per-ply search order of the child arrays.
  int* Order(int ply, int n) {
    if (static_cast<int>(order_stack_.size()) <= ply) order_stack_.resize(ply + 1);
    std::vector<int>& v = order_stack_[ply];
    if (static_cast<int>(v.size()) < n) v.resize(n);
    return v.data();
  }

  static constexpr int kSequentialHorizonMoves = 64;

  // The killers (killers.h) of the siblings at `ply`.
  Killers<Move>& KillersAt(int ply) { return killers_.At(ply); }

  // Per-ply child arrays, reused so that the search never allocates once warm.
  Child* Children(int ply, int n) {
    if (static_cast<int>(child_stack_.size()) <= ply) child_stack_.resize(ply + 1);
    std::vector<Child>& v = child_stack_[ply];
    if (static_cast<int>(v.size()) < n) v.resize(n);
    return v.data();
  }

  // The value of the parent through `child`: PVS (a null window unless this
  // is the first child of a PV node, and a re-search on a fail high).
  template <bool kPv, bool kHeuristic>
  int SearchChild(const Position& child, int alpha, int beta, int depth, int ply, bool first) {
    if (kPv && first) {
      const Window w = ChildWindow<G>(alpha, beta);
      return BackUp<G>(
          Search<true, kHeuristic>(child, w.alpha, w.beta, depth - 1, ply + 1, nullptr));
    }
    const Window w = ChildWindow<G>(alpha, alpha + 1);
    int v =
        BackUp<G>(Search<false, kHeuristic>(child, w.alpha, w.beta, depth - 1, ply + 1, nullptr));
    if (kPv && v > alpha && v < beta && !Stopped()) {
      const Window full = ChildWindow<G>(alpha, beta);
      v = BackUp<G>(
          Search<true, kHeuristic>(child, full.alpha, full.beta, depth - 1, ply + 1, nullptr));
    }
    return v;
  }

  // A plain depth-limited alpha-beta with evaluate(), no table: scores
  // children for ordering at the top of big subtrees.
  // Polls the budgets like Search() (a Cathedral root's sort search is
  // millions of nodes); a stopped sort search's scores are never used, as
  // the search that follows returns at once.
  int SortSearch(const Position& pos, int alpha, int beta, int depth) {
    if ((++nodes_ & 4095) == 0) Poll();
    if (Stopped()) return 0;
    typename G::MoveList moves;
    game_.generate_moves(pos, moves);
    if (moves.size() == 0) return game_.final_value(pos);
    if (depth <= 0) return Evaluate(pos);
    int best = -kInf;
    for (const Move& m : moves) {
      Position child = pos;
      game_.play(child, m);
      const Window w = ChildWindow<G>(alpha, beta);
      const int v = BackUp<G>(SortSearch(child, w.alpha, w.beta, depth - 1));
      if (v > best) {
        best = v;
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
      }
    }
    return best;
  }

  // What the steps of one node share: the window's lower edge as children
  // raise it, the best value and move so far.
  struct NodeState {
    int alpha;
    int best = -kInf;
    int best_index = -1;  // in generate_moves order
    bool searched_any = false;
  };

  template <bool kPv, bool kHeuristic>
  int Search(const Position& pos, int alpha, int beta, int depth, int ply, int* root_best) {
    const bool root = root_best != nullptr;
    if (Stopped()) return 0;
    // Step 1. Leaves the game's hooks answer: an endgame table, the small solver.
    int work = 0;
    if (int v; HookLeaf(pos, alpha, beta, ply, root, &work, &v)) return v;
    if ((++nodes_ & 4095) == 0) Poll();

    // Step 2. A leaf of the heuristic search needs no move list (thousands of
    // moves on a Cathedral board), only whether the game is over.
    if constexpr (kHeuristic) {
      if (depth <= 0) {
        if (game_.is_over(pos)) return game_.final_value(pos);
        horizon_ = true;
        return Evaluate(pos);
      }
    }
    // Step 3. The moves; none: the game is over. The table's bucket is
    // fetched meanwhile: a big table misses the cache on almost every probe,
    // and a Cathedral move list takes longer to make than memory to answer
    // (the probe's stall was a quarter of a 7x7 solve's time).
    const std::uint64_t key = game_.hash(pos);
    tt_.Prefetch(key);
    typename G::MoveList moves;
    game_.generate_moves(pos, moves);
    const int n = static_cast<int>(moves.size());
    if (n == 0) return game_.final_value(pos);
    // Step 4. The transposition table's bounds, and its move. First: a
    // Cathedral node the table cuts would otherwise pay for the packings of
    // step 5 (in a 10x10 solve 10 plies from the end, a fifth of the CPU).
    int tt_move = -1;
    if (int v; TableCutoff<kHeuristic>(key, alpha, beta, depth, n, root, &tt_move, &v)) return v;
    // Step 5. The game's admissible bounds outside the window.
    if (int v; BoundsCutoff(pos, alpha, beta, work, root, &v)) return v;
    // At the root, moves leading to a symmetric image of an earlier move's
    // position have the same value and are not searched (set_root_skip).
    if (root && tt_move >= 0 && !root_skip_.empty() && root_skip_[tt_move]) tt_move = -1;

    NodeState s{alpha};
    // Step 6. The table's move first: at a cut node it usually refutes at
    // once, before any other child is made or scored.
    if (tt_move >= 0 &&
        !SearchTableMove<kPv, kHeuristic>(pos, moves, tt_move, beta, depth, ply, root, s)) {
      return 0;
    }
    // Step 7. One ply above the horizon, children as generated, killers first.
    bool sequential = false;
    if constexpr (kHeuristic) {
      sequential = depth <= 1 && !root && s.alpha < beta && n > kSequentialHorizonMoves;
    }
    if (sequential &&
        !SearchAsGenerated<kPv, kHeuristic>(pos, moves, tt_move, beta, depth, ply, s)) {
      return 0;
    }
    // Step 8. The other children: made, probed (ETC), ordered, searched.
    if (!sequential && s.alpha < beta && (n > 1 || tt_move < 0)) {
      int v = 0;
      switch (SearchChildren<kPv, kHeuristic>(pos, moves, tt_move, key, beta, depth, ply, work,
                                              root, s, &v)) {
        case Outcome::kStopped:
          return 0;
        case Outcome::kCutoff:
          return v;
        case Outcome::kSearched:
          break;
      }
    }
    // Step 9. Store the result: fail-soft bounds, the move that raised alpha.
    if (root) *root_best = s.best_index;
    const int lower = s.best > alpha ? s.best : -kTTMaxBound;
    const int upper = s.best < beta ? s.best : kTTMaxBound;
    ++stores_;
    tt_.Store(key, lower, upper, s.best > alpha ? s.best_index : -1, kHeuristic ? depth : work,
              kHeuristic);
    return s.best;
  }

  // Step 1. The value of a leaf that probe() or solve_small() answers, in
  // *value (true then). Sets *work, the work left below the position.
  [[gnu::always_inline]] bool HookLeaf(const Position& pos, int alpha, int beta, int ply, bool root,
                                       int* work, int* value) {
    if constexpr (HasProbe<G>) {
      if (!root) {
        if (const std::optional<int> v = game_.probe(pos)) {
          ++nodes_;
          *value = *v;
          return true;
        }
      }
    }
    *work = Work(pos, ply);
    if constexpr (HasSmallSolver<G> && HasRemaining<G>) {
      if (!root && *work <= G::kSmallSolverRemaining) {
        *value = game_.solve_small(pos, alpha, beta, nodes_);
        return true;
      }
    }
    (void)alpha;
    (void)beta;
    return false;
  }

  // Step 4. A cutoff by the table's bounds (true, the value in *value):
  // exact entries always count, heuristic ones only in a heuristic search of
  // no greater depth. *tt_move receives the entry's move if it is legal here.
  template <bool kHeuristic>
  [[gnu::always_inline]] bool TableCutoff(std::uint64_t key, int alpha, int beta, int depth, int n,
                                          bool root, int* tt_move, int* value) {
    ++tt_probes_;
    TTData e;
    if (!tt_.Probe(key, &e)) return false;
    ++tt_hits_;
    if (e.move < n) *tt_move = e.move;
    if (root || (e.heuristic && !(kHeuristic && e.depth >= depth))) return false;
    const int lower = std::max(e.lower, -kInf), upper = std::min(e.upper, kInf);
    if (lower >= beta || upper <= alpha || lower == upper) {
      ++tt_cutoffs_;
      if (kHeuristic && e.heuristic) horizon_ = true;
      *value = lower >= beta ? lower : (upper <= alpha ? upper : lower);
      return true;
    }
    return false;
  }

  // value_bounds() for a node with window (alpha, beta): the game's cheaper
  // window-aware bounds where it has them.
  std::pair<int, int> WindowBounds(const Position& pos, int alpha, int beta) const {
    if constexpr (HasWindowBounds<G>) {
      return game_.value_bounds(pos, alpha, beta);
    } else {
      return game_.value_bounds(pos);
    }
  }

  // Step 5. A cutoff by value_bounds() (true, the fail-soft value in
  // *value), tried where it has paid off (WorthBounds).
  [[gnu::always_inline]] bool BoundsCutoff(const Position& pos, int alpha, int beta, int work,
                                           bool root, int* value) {
    if constexpr (HasValueBounds<G>) {
      if (!root && work >= params_.bounds_min_work && WorthBounds(work)) {
        const auto [lower, upper] = WindowBounds(pos, alpha, beta);
        HookStats& h = bounds_stats_[std::min(work, 63)];
        ++h.tries;
        if (lower >= beta || upper <= alpha || lower == upper) {  // the last: an exact value
          ++h.cuts;
          *value = lower >= beta ? lower : upper;
          return true;
        }
      }
    }
    (void)pos, (void)alpha, (void)beta, (void)work, (void)root, (void)value;
    return false;
  }

  // Step 6. Searches the table's move; false if the search was stopped.
  template <bool kPv, bool kHeuristic>
  [[gnu::always_inline]] bool SearchTableMove(const Position& pos,
                                              const typename G::MoveList& moves, int tt_move,
                                              int beta, int depth, int ply, bool root,
                                              NodeState& s) {
    Position child = pos;
    game_.play(child, moves[tt_move]);
    const int v = SearchChild<kPv, kHeuristic>(child, s.alpha, beta, depth, ply, true);
    if (Stopped()) return false;
    s.searched_any = true;
    s.best = v;
    s.best_index = tt_move;
    if (root && root_report_) root_report_(tt_move, v, s.alpha, beta);
    if (v > s.alpha) s.alpha = v;
    return true;
  }

  // Step 7. One ply above the horizon every child is a leaf: making, scoring
  // and sorting them all first costs more than it saves (a Cathedral node
  // has thousands), so they are searched as generated, up to the cutoff.
  // The siblings' refutations (killer moves) go first.
  // Only for long move lists: with a few dozen children the sorted
  // order is cheap and its better best moves seed the exact search that
  // follows a presearch (Othello's bench nodes grow 2.5x without it).
  // False if the search was stopped.
  template <bool kPv, bool kHeuristic>
  bool SearchAsGenerated(const Position& pos, const typename G::MoveList& moves, int tt_move,
                         int beta, int depth, int ply, NodeState& s) {
    const int n = static_cast<int>(moves.size());
    int first[2] = {-1, -1};
    if constexpr (std::equality_comparable<Move>) {
      Killers<Move>& killers = KillersAt(ply);
      for (int i = 0; i < n; ++i) {
        if (i == tt_move) continue;
        if (killers.count > 0 && moves[i] == killers.move[0]) first[0] = i;
        if (killers.count > 1 && moves[i] == killers.move[1]) first[1] = i;
      }
    }
    for (int t = -2; t < n && s.alpha < beta; ++t) {
      const int i = t < 0 ? first[t + 2] : t;
      if (i < 0 || i == tt_move || (t >= 0 && (i == first[0] || i == first[1]))) continue;
      Position child = pos;
      game_.play(child, moves[i]);
      const int v = SearchChild<kPv, kHeuristic>(child, s.alpha, beta, depth, ply, !s.searched_any);
      if (Stopped()) return false;
      s.searched_any = true;
      if (v > s.best) {
        s.best = v;
        s.best_index = i;
        if (v > s.alpha) s.alpha = v;
      }
    }
    if constexpr (std::equality_comparable<Move>) {
      if (s.best >= beta && s.best_index >= 0) KillersAt(ply).Add(moves[s.best_index]);
    }
    return true;
  }

  enum class Outcome { kSearched, kCutoff, kStopped };

  // Step 8. Every child but the table's: made, an enhanced transposition
  // cutoff tried, ordered, searched. kCutoff: the ETC refuted the node, its
  // value in *value (stored already).
  template <bool kPv, bool kHeuristic>
  Outcome SearchChildren(const Position& pos, const typename G::MoveList& moves, int tt_move,
                         std::uint64_t key, int beta, int depth, int ply, int work, bool root,
                         NodeState& s, int* value) {
    const int n = static_cast<int>(moves.size());
    Child* children = Children(ply, n);
    int* order = Order(ply, n);
    // Heuristic children at the horizon return before their probe.
    const bool children_probe = !(kHeuristic && depth <= 1);
    const int count =
        MakeChildren(pos, moves, tt_move, children_probe, work, root, children, order);
    // Step 8a. Enhanced transposition cutoff: a child whose stored upper
    // bound already backs up to >= beta refutes this node without a search.
    if (children_probe && work >= params_.etc_min_work) {
      if (EtcCutoff<kHeuristic>(children, count, key, beta, depth, work, root, value)) {
        return Outcome::kCutoff;
      }
    }
    // Step 8b. Order: order_score(), or a shallow search high in the tree.
    if (count > 1) OrderChildren(pos, moves, children, order, count, work);
    // Step 8c. Search, best first.
    return SearchOrdered<kPv, kHeuristic>(children, order, count, beta, depth, ply, work, root, s)
               ? Outcome::kSearched
               : Outcome::kStopped;
  }

  // Step 8. Makes the children other than the table's move (and the root's
  // symmetric duplicates) into `children`, `order` the identity; returns how
  // many. Where the ETC (step 8a) is about to probe every child, their
  // buckets are fetched now, so the cache misses overlap instead of coming
  // one per child. Elsewhere nothing is fetched: most children are never
  // searched (a cutoff comes first), and a prefetch per child kept the memory
  // system busy for nothing: 61% of the time of a 10x10 Cathedral solve
  // (perf), and FFO #40 ran 20% faster without (same nodes).
  int MakeChildren(const Position& pos, const typename G::MoveList& moves, int tt_move,
                   bool children_probe, int work, bool root, Child* children, int* order) {
    const int n = static_cast<int>(moves.size());
    bool prefetch = children_probe && work >= params_.etc_min_work;
    if constexpr (HasSmallSolver<G> && HasRemaining<G>) {
      prefetch = prefetch && work - 1 > G::kSmallSolverRemaining;
    }
    int count = 0;
    for (int i = 0; i < n; ++i) {
      if (i == tt_move) continue;
      if (root && !root_skip_.empty() && root_skip_[i]) continue;
      order[count] = count;
      Child& c = children[count++];
      c.pos = pos;
      game_.play(c.pos, moves[i]);
      c.index = i;
      c.score = 0;
      if (prefetch) tt_.Prefetch(game_.hash(c.pos));
    }
    return count;
  }

  // Step 8a. True (and the node's value, stored, in *value) if a child's
  // table entry refutes the node (never the root, whose children are probed
  // all the same: the statistics count them).
  template <bool kHeuristic>
  bool EtcCutoff(const Child* children, int count, std::uint64_t key, int beta, int depth, int work,
                 bool root, int* value) {
    for (int k = 0; k < count; ++k) {
      TTData e;
      ++tt_probes_;
      if (!tt_.Probe(game_.hash(children[k].pos), &e)) continue;
      ++tt_hits_;
      if (e.heuristic && !(kHeuristic && e.depth >= depth - 1)) continue;
      const int v = BackUp<G>(std::min(e.upper, kInf));
      if (v >= beta && !root) {
        ++tt_cutoffs_;
        if (kHeuristic && e.heuristic) horizon_ = true;
        ++stores_;
        tt_.Store(key, v, kTTMaxBound, children[k].index, kHeuristic ? depth : work, kHeuristic);
        *value = v;
        return true;
      }
    }
    return false;
  }

  // Step 8b. Sorts `order` by the children's scores, best first.
  void OrderChildren(const Position& pos, const typename G::MoveList& moves, Child* children,
                     int* order, int count, int work) {
    if constexpr (HasOrderScore<G>) {
      for (int k = 0; k < count; ++k) {
        children[k].score = game_.order_score(pos, moves[children[k].index], children[k].pos);
      }
    }
    (void)pos, (void)moves;
    if (work >= params_.sort_search_min_work) {
      // A shallow search decides, order_score only breaking its ties; or,
      // with a blend, both count (Edax adds the opponent's mobility to its
      // sort searches' values the same way).
      const int blend = params_.sort_search_blend;
      for (int k = 0; k < count; ++k) {
        const long long v =
            -SortSearch(children[k].pos, -kInf, kInf, params_.sort_search_depth - 1);
        const long long score =
            blend > 0 ? v * blend + children[k].score : v * (1 << 22) + children[k].score / 4;
        children[k].score =
            static_cast<int>(std::clamp<long long>(score, INT_MIN / 2, INT_MAX / 2));
      }
    }
    // Stable: equal scores keep generation order. The children stay in
    // place (a Cathedral position is ~200 bytes); their order is sorted.
    // Insertion sort for the usual few dozen, a merge sort for the
    // hundreds of thousands of a Lehmann Cathedral turn.
    if (count <= 64) {
      for (int k = 1; k < count; ++k) {
        const int c = order[k], score = children[c].score;
        int j = k;
        for (; j > 0 && children[order[j - 1]].score < score; --j) order[j] = order[j - 1];
        order[j] = c;
      }
    } else {
      std::stable_sort(order, order + count,
                       [&](int a, int b) { return children[a].score > children[b].score; });
    }
  }

  // Step 8c. Searches the children in `order` until one fails high (PVS).
  // In parallel (ABDADA), a non-first child another thread is inside is
  // deferred to a second pass. False if the search was stopped.
  template <bool kPv, bool kHeuristic>
  bool SearchOrdered(const Child* children, const int* order, int count, int beta, int depth,
                     int ply, int work, bool root, NodeState& s) {
    const bool abdada = parallel_ && work >= params_.abdada_min_work;
    int deferred[256];
    int deferred_count = 0;
    for (int pass = 0; pass < 2 && s.alpha < beta; ++pass) {
      const int todo = pass == 0 ? count : deferred_count;
      for (int t = 0; t < todo; ++t) {
        const int k = pass == 0 ? t : deferred[t];
        const Child& c = children[order[k]];
        std::uint64_t child_key = 0;
        if (abdada && s.searched_any) {
          child_key = game_.hash(c.pos);
          if (pass == 0 && deferred_count < 256 && shared_.busy.Contains(child_key)) {
            deferred[deferred_count++] = k;
            continue;
          }
          shared_.busy.Enter(child_key);
        }
        const int v =
            SearchChild<kPv, kHeuristic>(c.pos, s.alpha, beta, depth, ply, !s.searched_any);
        if (child_key != 0) shared_.busy.Leave(child_key);
        if (Stopped()) return false;
        s.searched_any = true;
        if (root && root_report_) root_report_(c.index, v, s.alpha, beta);
        if (v > s.best) {
          s.best = v;
          s.best_index = c.index;
          if (v > s.alpha) {
            s.alpha = v;
            if (s.alpha >= beta) return true;
          }
        }
      }
    }
    return true;
  }

  const G& game_;
  TranspositionTable& tt_;
  SharedSearchState& shared_;
  const SearchParams& params_;
  const bool parallel_;
  bool horizon_ = false;  // heuristic mode: some value came from evaluate()
  std::function<void(int, int, int, int)> root_report_;
  std::array<HookStats, 64> bounds_stats_{};
  std::vector<bool> root_skip_;
  std::uint64_t nodes_ = 0, tt_probes_ = 0, tt_hits_ = 0, tt_cutoffs_ = 0;
  std::uint64_t nodes_polled_ = 0;               // nodes_ at the last Poll() (the node budget)
  std::uint64_t stores_ = 0, stores_noted_ = 0;  // table stores, and those reported to it
  std::vector<std::vector<Child>> child_stack_;
  std::vector<std::vector<int>> order_stack_;
  KillerTable<Move> killers_;  // killers.h
};

}  // namespace tav::search
