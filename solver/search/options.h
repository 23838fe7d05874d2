// What a solve is asked to do, and the statistics it reports.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "core/game.h"

namespace tav::search {

enum class Mode {
  kExact,      // the game-theoretic value
  kWld,        // only its sign: win (+1), draw (0) or loss (-1); much cheaper
  kHeuristic,  // depth-limited search with the game's evaluate() at the horizon
  kThreshold,  // only whether the value is at least SolveOptions::threshold: one
               // null-window search, far cheaper than kWld where the value is near
               // it (a 7x7 Cathedral first building: 2-5x fewer nodes at 0 than
               // kWld); not offered by ParseMode (tav explore --mode=threshold)
};

inline std::string_view ModeName(Mode mode) {
  switch (mode) {
    case Mode::kExact:
      return "exact";
    case Mode::kWld:
      return "wld";
    case Mode::kHeuristic:
      return "heuristic";
    case Mode::kThreshold:
      return "threshold";
  }
  return "?";
}

inline absl::StatusOr<Mode> ParseMode(std::string_view text) {
  if (text == "exact") return Mode::kExact;
  if (text == "wld") return Mode::kWld;
  if (text == "heuristic") return Mode::kHeuristic;
  if (text == "threshold") return Mode::kThreshold;
  return absl::InvalidArgumentError(absl::StrCat("bad --mode='",
                                                 absl::string_view(text.data(), text.size()),
                                                 "': expected exact, wld or threshold"));
}

// Tunables of the search, in units of the game's remaining() ("work": empty
// squares in Othello). Games without remaining() count work from the root
// instead (48 at the root, 4 less per ply), so these still switch features
// off deep in the tree. The defaults were tuned on Othello/Desdemona endgames
// (README "Figures"); other games may want their own.
struct SearchParams {
  int bounds_min_work = 0;        // value_bounds() cutoffs at nodes with work >= this
  int etc_min_work = 12;          // enhanced transposition cutoffs (probe every child first)
  int sort_search_min_work = -1;  // order children by a shallow evaluate() search...
                                  // (-1: the game's sort_search_remaining(), else never)
  int sort_search_depth = 2;      // ...of this depth, and
  int sort_search_blend = -1;     // ...its value worth this many order_score() units
                                  // (0: the value decides, order_score breaks ties;
                                  // -1: the game's sort_search_blend())
  int presearch_min_work = 14;    // exact/WLD: iterative deepening with evaluate() first...
  int presearch_gap = 10;         // ...up to depth work - gap, to seed move ordering
  int abdada_min_work = 8;        // parallel: defer moves other threads are in
  int aspiration_window = -1;     // exact: the root's window +-this around the presearch's
                                  // value (0: the full window; -1: the game's aspiration_window())
};

// The defaults with a game's own kSearchTuning (core/game.h) applied. A field
// the caller has changed from its default stays as the caller set it (the
// explorer, for one, switches sort searches off in depth-limited searches
// whatever the game's tuning says).
template <class G>
SearchParams TunedFor(SearchParams params) {
  if constexpr (requires { G::kSearchTuning; }) {
    constexpr SearchTuning t = G::kSearchTuning;
    constexpr SearchParams d{};
    auto tune = [](int& field, int default_value, int tuned) {
      if (tuned >= 0 && field == default_value) field = tuned;
    };
    tune(params.bounds_min_work, d.bounds_min_work, t.bounds_min_work);
    tune(params.etc_min_work, d.etc_min_work, t.etc_min_work);
    tune(params.sort_search_min_work, d.sort_search_min_work, t.sort_search_min_work);
    tune(params.presearch_min_work, d.presearch_min_work, t.presearch_min_work);
    tune(params.abdada_min_work, d.abdada_min_work, t.abdada_min_work);
  }
  return params;
}

// The side to move's threshold (SolveOptions::threshold) whose answer answers
// the first player's "is my value at least `first`?": the same where the first
// player (side 0) moves; else "first player >= first" is "mover <= -first",
// so the mover's threshold is 1 - first (the values are integers).
inline int MoverThreshold(int side_to_move, int first) {
  return side_to_move == 0 ? first : 1 - first;
}

struct SolveOptions {
  Mode mode = Mode::kExact;
  int threads = 1;            // worker threads (the CLI's default is every core)
  std::size_t tt_mb = 256;    // transposition table size, when the Solver owns its table
  int max_depth = 0;          // kHeuristic: deepest iteration in plies; 0 = no limit
  double budget_seconds = 0;  // any mode: stop after this long (0 = no limit); an exact or
                              // WLD solve stopped early returns complete = false, a
                              // heuristic one the last completed iteration
  bool analyze = false;       // also the value of every legal move
  bool pv = true;             // compute the principal variation
  // Any mode: stop after about this many nodes (0 = no limit), counted where
  // the clock is polled (every 4096 nodes of a thread), so it overshoots by
  // about that per thread; stopped early as with budget_seconds. With one
  // thread and no budget_seconds no clock is read: the result is a function
  // of the position, the table and the options.
  std::uint64_t max_nodes = 0;
  // kThreshold: the value (side to move, the game's units) asked about.
  int threshold = 0;
  const std::atomic<bool>* cancel = nullptr;  // optional: set from outside to stop early
  // Optional: called (from the solving thread) with one line of progress after
  // each presearch depth and each root move of the exact search.
  std::function<void(const std::string&)> progress;
  SearchParams params;  // a game's kSearchTuning overrides the fields it sets
};

struct SearchStats {
  std::uint64_t nodes = 0;  // positions visited, summed over threads
  std::uint64_t tt_probes = 0;
  std::uint64_t tt_hits = 0;
  std::uint64_t tt_cutoffs = 0;  // nodes answered by a table entry's bounds
  double seconds = 0;
  int threads = 1;

  double nps() const { return seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0; }
  double tt_hit_rate() const {
    return tt_probes ? static_cast<double>(tt_hits) / static_cast<double>(tt_probes) : 0.0;
  }
  SearchStats& operator+=(const SearchStats& o) {
    nodes += o.nodes;
    tt_probes += o.tt_probes;
    tt_hits += o.tt_hits;
    tt_cutoffs += o.tt_cutoffs;
    return *this;
  }
};

}  // namespace tav::search
