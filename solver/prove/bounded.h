// Bounded win search ("mate in n"): can a given side force a win within d
// plies? Iterative deepening d = 1, 2, ... with a transposition table. When a
// proof of the whole game is out of reach, this gives honest bounds: "the
// side cannot force a win within d plies", i.e. if it wins at all, it needs
// more than d plies; and the first d at which it succeeds is its exact
// shortest forced win.
//
// At the attacker's nodes one winning move suffices (OR); at the defender's
// every move must lose within the remaining plies (AND), so a defence that
// holds cuts the node off. Exact values known without search (the game's
// probe(): static rules, distance tables) end a line when their distance
// fits the remaining plies.
#pragma once

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/game.h"

namespace tav::prove {

struct BoundedOptions {
  std::uint64_t tt_mb = 256;
  double max_seconds = 0;  // 0 = no limit (checked between and within iterations)
  int max_depth = 64;
};

struct BoundedResult {
  // The largest d such that the attacker provably cannot force a win within
  // d plies (0 before any depth finished: a root that is not over is trivially
  // not won within 0 plies); the shortest forced win if one was found.
  int no_win_within = 0;
  std::optional<int> win_in;
  std::uint64_t nodes = 0;
  double seconds = 0;
  bool stopped = false;
};

template <Game G>
class BoundedWinSearch {
 public:
  using Position = typename G::Position;

  BoundedWinSearch(const G& game, BoundedOptions options) : game_(game), options_(options) {
    std::uint64_t n = std::max<std::uint64_t>(1, (options_.tt_mb << 20) / sizeof(Entry));
    const std::uint64_t pow2 = std::bit_floor(n);
    table_.assign(pow2, Entry{});
    mask_ = pow2 - 1;
  }

  // attacker: 0 or 1 (side_to_move numbering).
  BoundedResult Run(const Position& root, int attacker) {
    start_ = std::chrono::steady_clock::now();
    attacker_ = attacker;
    BoundedResult r;
    nodes_ = 0;
    stop_ = false;
    for (int d = 1; d <= options_.max_depth; ++d) {
      const bool win = Wins(root, d);
      if (stop_) break;
      if (win) {
        r.win_in = d;
        break;
      }
      r.no_win_within = d;
    }
    r.nodes = nodes_;
    r.seconds = Elapsed();
    r.stopped = stop_;
    return r;
  }

 private:
  // One entry per position: the attacker wins within `win` plies (0 = not
  // known) and provably does not within `no_win` plies (-1 = not known).
  struct Entry {
    std::uint64_t key = 0;
    std::int16_t win = 0;
    std::int16_t no_win = -1;
  };

  double Elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  // Does the attacker force a win within `depth` plies from pos?
  bool Wins(const Position& pos, int depth) {
    if (stop_) return false;
    if ((++nodes_ & 4095) == 0 && options_.max_seconds > 0 && Elapsed() > options_.max_seconds) {
      stop_ = true;
      return false;
    }
    const bool attacking = game_.side_to_move(pos) == attacker_;
    if (game_.is_over(pos)) return !attacking;  // the side to move has lost (win/loss games)
    if constexpr (HasProbe<G>) {
      if (std::optional<int> v = game_.probe(pos)) {
        const int plies = kDistanceBase - std::abs(*v);
        const bool mover_wins = *v > 0;
        if (mover_wins == attacking) return plies <= depth;
        return false;  // the defender wins: no attacker win at any depth
      }
    }
    if (depth <= 0) return false;
    const std::uint64_t key = game_.hash(pos);
    Entry& e = table_[key & mask_];
    if (e.key == key) {
      if (e.win > 0 && e.win <= depth) return true;
      if (e.no_win >= depth) return false;
    }
    typename G::MoveList moves;
    game_.generate_moves(pos, moves);
    // Children, the most forcing first (captures, advances, blocks): for the
    // attacker the likely win, for the defender the likely defence.
    std::vector<std::pair<int, Position>> children;
    children.reserve(moves.size());
    for (const auto& m : moves) {
      Position child = pos;
      game_.play(child, m);
      int score = 0;
      if constexpr (HasOrderScore<G>) score = game_.order_score(pos, m, child);
      children.emplace_back(score, child);
    }
    std::stable_sort(children.begin(), children.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    bool result = !attacking;  // OR starts false, AND starts true
    for (const auto& [score, child] : children) {
      const bool w = Wins(child, depth - 1);
      if (stop_) return false;
      if (attacking && w) {
        result = true;
        break;
      }
      if (!attacking && !w) {
        result = false;
        break;
      }
    }
    if (e.key != key) e = Entry{key, 0, -1};
    if (result) {
      e.win = static_cast<std::int16_t>(e.win == 0 ? depth : std::min<int>(e.win, depth));
    } else {
      e.no_win = static_cast<std::int16_t>(std::max<int>(e.no_win, depth));
    }
    return result;
  }

  G game_;
  BoundedOptions options_;
  std::vector<Entry> table_;
  std::uint64_t mask_ = 0;
  int attacker_ = 0;
  std::uint64_t nodes_ = 0;
  bool stop_ = false;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace tav::prove
