// A plain alpha-beta solver for work units: no transposition table, no
// special endgame code, just negamax with fail-soft alpha-beta and the game's
// optional move ordering.
//
// The explorer's tests use it as an independent frontier solver on tiny
// boards (Othello/Desdemona 4x4), where exhaustive search is instant: it
// shares no code with solver/search. Modes:
//   exact   full-window search to the end of the game;
//   wld     the same with the window (-1, +1): only the sign is proven;
//   search  depth-limited with the game's `evaluate` at the horizon (0 for
//           games without one), to --depth plies, or iterative deepening
//           until --budget-s runs out (the deepest completed iteration
//           counts). A search that never reached its horizon is exact.
// Win/loss-distance games (kWinLossDistance) are searched with a full window
// (the distance adjustment makes the window bookkeeping not worth it here).
#pragma once

#include <algorithm>
#include <chrono>
#include <climits>
#include <vector>

#include "core/game.h"
#include "explore/work_unit.h"

namespace tav::explore {

template <Game G>
class AlphaBetaUnitSolver {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  explicit AlphaBetaUnitSolver(const G& game) : game_(game) {}

  UnitResult Solve(const Position& pos, const SearchLimits& limits) {
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    nodes_ = 0;
    UnitResult r;
    if (limits.mode != Mode::kSearch) {
      has_deadline_ = false;
      const bool wld = limits.mode == Mode::kWld;
      const int v = Root(pos, wld ? -1 : -kInf, wld ? 1 : kInf, kUnlimited);
      r.value = wld ? WldValue(v, G::kMaxValue) : ExactValue(v);
      Fill(r, pos);
    } else if (limits.budget_s <= 0) {
      has_deadline_ = false;
      const int v = Root(pos, -kInf, kInf, std::max(1, limits.depth));
      r.value =
          horizon_hit_ ? HeuristicValue(v, std::max(1, limits.depth), G::kMaxValue) : ExactValue(v);
      Fill(r, pos);
    } else {
      has_deadline_ = true;
      deadline_ = t0 + std::chrono::duration_cast<Clock::duration>(
                           std::chrono::duration<double>(limits.budget_s));
      r.value = HeuristicValue(Evaluate(pos), 0, G::kMaxValue);
      for (int depth = 1; depth <= kMaxIterations; ++depth) {
        const int v = Root(pos, -kInf, kInf, depth);
        if (aborted_) break;
        r.value = horizon_hit_ ? HeuristicValue(v, depth, G::kMaxValue) : ExactValue(v);
        Fill(r, pos);
        if (!horizon_hit_) break;
      }
    }
    r.nodes = nodes_;
    r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    return r;
  }

 private:
  static constexpr int kInf = INT_MAX / 2;
  static constexpr int kUnlimited = INT_MAX;
  static constexpr int kMaxIterations = 64;

  int Root(const Position& pos, int alpha, int beta, int depth) {
    horizon_hit_ = false;
    aborted_ = false;
    return Search(pos, alpha, beta, depth, 0);
  }

  void Fill(UnitResult& r, const Position& pos) {
    r.pv.clear();
    Position p = pos;
    for (int i = 0; i < pv_length_[0]; ++i) {
      const Move m = pv_[0][i];
      r.pv.push_back(game_.move_string(p, m));
      game_.play(p, m);
    }
    r.best_move = r.pv.empty() ? "" : r.pv.front();
  }

  int Evaluate(const Position& p) const {
    if constexpr (HasEvaluate<G>) {
      return game_.evaluate(p);
    } else {
      (void)p;
      return 0;
    }
  }

  int Search(const Position& p, int alpha, int beta, int depth, int ply) {
    if (static_cast<int>(pv_.size()) <= ply + 1) {
      pv_.resize(ply + 2);
      pv_length_.resize(ply + 2, 0);
    }
    pv_length_[ply] = 0;
    ++nodes_;
    if (has_deadline_ && (nodes_ & 1023) == 0 && std::chrono::steady_clock::now() > deadline_) {
      aborted_ = true;
    }
    if (aborted_) return 0;
    if constexpr (HasProbe<G>) {
      if (auto v = game_.probe(p)) return *v;
    }
    typename G::MoveList moves;
    game_.generate_moves(p, moves);
    if (moves.size() == 0) return game_.final_value(p);
    if (depth == 0) {
      horizon_hit_ = true;
      return Evaluate(p);
    }
    std::vector<Move> order(moves.begin(), moves.end());
    if constexpr (HasOrderScore<G>) {
      std::vector<std::pair<int, Move>> scored;
      for (const Move& m : order) {
        Position child = p;
        game_.play(child, m);
        scored.push_back({game_.order_score(p, m, child), m});
      }
      std::stable_sort(scored.begin(), scored.end(),
                       [](const auto& a, const auto& b) { return a.first > b.first; });
      for (size_t i = 0; i < scored.size(); ++i) order[i] = scored[i].second;
    }
    const int child_depth = depth == kUnlimited ? kUnlimited : depth - 1;
    int best = -kInf;
    for (const Move& m : order) {
      Position child = p;
      game_.play(child, m);
      int v;
      if constexpr (WinLossDistanceGame<G>) {
        v = -Search(child, -kInf, kInf, child_depth, ply + 1);
        v -= (v > 0) - (v < 0);  // one ply further from the end
      } else {
        v = -Search(child, -beta, -std::max(alpha, best), child_depth, ply + 1);
      }
      if (aborted_) return 0;
      if (v > best) {
        best = v;
        pv_[ply].resize(std::max<size_t>(pv_[ply].size(), pv_length_[ply + 1] + 1));
        pv_[ply][0] = m;
        for (int i = 0; i < pv_length_[ply + 1]; ++i) pv_[ply][i + 1] = pv_[ply + 1][i];
        pv_length_[ply] = pv_length_[ply + 1] + 1;
        if (!WinLossDistanceGame<G> && best >= beta) break;
      }
    }
    return best;
  }

  const G& game_;
  std::uint64_t nodes_ = 0;
  bool horizon_hit_ = false;
  bool aborted_ = false;
  bool has_deadline_ = false;
  std::chrono::steady_clock::time_point deadline_;
  std::vector<std::vector<Move>> pv_;
  std::vector<int> pv_length_;
};

}  // namespace tav::explore
